"""The ``opennlp`` extractor: Apache OpenNLP (the paper's own pipeline) through py4j.

Sentence detection, tokenization, POS tagging and NP chunking run in one JVM per
process, started on first use with py4j's ``launch_gateway(die_on_exit=True)``: the JVM
reads its stdin and exits when the Python process goes away, however it goes (normal
exit, exception, Ctrl-C, SIGKILL). The gateway is also shut down at interpreter exit.
A paragraph is one call (``OpenNlpBatch.analyze``), never a token.

Needs Java and Debian's OpenNLP jar (``apt-get install opennlp``) and the models built
by ``scripts/opennlp/build_models.sh`` (committed in ``opennlp_models/``).
"""

from __future__ import annotations

import atexit
import shutil
import subprocess
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from .. import extras
from ..errors import ExtractorUnavailableError
from .base import TaggedSentence, paragraphs
from .sentence_repair import joined_sentences
from .tokenizer import Token

if TYPE_CHECKING:
    from py4j.java_gateway import JavaGateway

OPENNLP_JAR = Path("/usr/share/java/opennlp-tools.jar")
MODELS = Path(__file__).resolve().parent / "opennlp_models"
MODEL_FILES = ("en-sent.bin", "en-token.bin", "en-pos.bin", "en-chunker.bin", "OpenNlpBatch.class")

_gateway: Optional[JavaGateway] = None
_lock = threading.Lock()


def missing() -> Optional[str]:
    """What is missing for this extractor, with how to install it; None when it can run."""
    bridge = extras.missing("opennlp", "the opennlp extractor")
    if bridge is not None:
        return bridge
    if shutil.which("java") is None:
        return "Java is not installed (apt-get install default-jre-headless)"
    if not OPENNLP_JAR.exists():
        return "the OpenNLP jar is not installed (apt-get install opennlp)"
    absent = [name for name in MODEL_FILES if not (MODELS / name).exists()]
    if absent:
        return f"the OpenNLP models are missing ({', '.join(absent)}): run scripts/opennlp/build_models.sh"
    return None


def _shutdown() -> None:
    global _gateway
    if _gateway is not None:
        try:
            _gateway.shutdown()
        except Exception:  # noqa: BLE001 - the JVM may already be gone
            pass
        _gateway = None


def gateway() -> JavaGateway:
    """The process's py4j gateway to a JVM with OpenNLP, started once."""
    global _gateway
    with _lock:
        if _gateway is None:
            reason = missing()
            if reason is not None:
                raise ExtractorUnavailableError(f"the opennlp extractor cannot run: {reason}")
            from py4j.java_gateway import GatewayParameters, JavaGateway, launch_gateway

            # The models take 9 MB; without a cap the JVM's heap grows toward a quarter of the machine.
            port = launch_gateway(
                classpath=f"{OPENNLP_JAR}:{MODELS}",
                die_on_exit=True,
                javaopts=["-Xmx512m", "-XX:+UseSerialGC"],
                redirect_stdout=subprocess.DEVNULL,
                redirect_stderr=subprocess.DEVNULL,
            )
            _gateway = JavaGateway(gateway_parameters=GatewayParameters(port=port))
            atexit.register(_shutdown)
        return _gateway


class OpenNlpExtractor:
    name = "opennlp"

    def __init__(self) -> None:
        self._batch = gateway().jvm.OpenNlpBatch(str(MODELS))

    def analyze(self, text: str) -> list[TaggedSentence]:
        sentences = []
        for start, end in paragraphs(text):
            answer = self._batch.analyze(text[start:end])
            for block in answer.split("\n\n"):
                rows = [line.split("\t") for line in block.splitlines() if line]
                if not rows:
                    continue
                tokens = tuple(
                    Token(text[start + int(s) : start + int(e)], start + int(s), start + int(e)) for s, e, _, _ in rows
                )
                sentences.append(TaggedSentence(tokens, tuple(r[2] for r in rows), tuple(r[3] for r in rows)))
        return joined_sentences(text, sentences)
