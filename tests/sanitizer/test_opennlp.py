"""The opennlp extractor: offsets, the paper's example, and no JVM left behind.

CI installs Debian's opennlp (.ci/run); elsewhere these tests say what is missing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from ic_sanitizer.extraction import extract_terms, open_extractor
from ic_sanitizer.extraction.opennlp_extractor import MODELS, missing

pytestmark = pytest.mark.skipif(missing() is not None, reason=f"opennlp route unavailable: {missing()}")

TEXT = (
    "The patient suffers from acquired immunodeficiency syndrome because of blood transfusion. "
    "He was diagnosed when his immune system responded poorly to influenza."
)


def _our_jvms() -> list[str]:
    """JVMs running our models, except this test process's own (the in-process tests')."""
    listing = subprocess.run(
        ["ps", "-eww", "-o", "pid=,ppid=,args="], capture_output=True, text=True, check=True
    ).stdout
    return [
        line
        for line in listing.splitlines()
        if "java" in line and str(MODELS) in line and int(line.split()[1]) != os.getpid()
    ]


def _wait_until_gone(timeout: float = 10.0) -> list[str]:
    deadline = time.monotonic() + timeout
    while _our_jvms() and time.monotonic() < deadline:
        time.sleep(0.2)
    return _our_jvms()


def test_tokens_and_offsets_point_into_the_text():
    extractor = open_extractor("opennlp")
    sentences = extractor.analyze(TEXT)
    assert len(sentences) == 2
    for sentence in sentences:
        assert len(sentence.tokens) == len(sentence.tags) == len(sentence.chunks)
        for token in sentence.tokens:
            assert TEXT[token.start : token.end] == token.text


def test_the_papers_noun_phrases_come_out():
    keys = {term.key for term in extract_terms(TEXT, open_extractor("opennlp"))}
    assert {"acquired immunodeficiency syndrome", "blood transfusion", "immune system"} <= keys


def test_a_form_s_labels_leave_the_chunks_opennlp_makes():
    text = "Patient: Margaret Jones, DOB 14/03/1952, MRN 00482913, NHS number 943 476 5919. Tel: 0113 496 0821."
    keys = {term.key for term in extract_terms(text, open_extractor("opennlp"))}
    assert not keys & {"dob", "mrn", "nhs", "nhs number", "tel"}, keys


_CHILD = """
import faulthandler, signal, sys, time
faulthandler.register(signal.SIGUSR1)  # a child that hangs shows where (see _stacks_of)
# As in a terminal: a test run started in the background by a non-interactive shell
# ignores SIGINT, and its children inherit that, so Ctrl-C would never reach this one.
signal.signal(signal.SIGINT, signal.default_int_handler)
from ic_sanitizer.extraction import open_extractor
extractor = open_extractor("opennlp")
print("ready", flush=True)
if sys.argv[1] == "exit":
    extractor.analyze("The court sat in Ankara.")
    sys.exit(0)
if sys.argv[1] == "raise":
    raise RuntimeError("boom")
while True:
    extractor.analyze("The court sat in Ankara. The applicant was detained.")
"""


def _stacks_of(child: subprocess.Popen) -> str:
    """The Python stacks of a child that hangs (faulthandler, on SIGUSR1), then it is killed."""
    child.send_signal(signal.SIGUSR1)
    time.sleep(1)
    child.kill()
    return child.communicate()[1][-4000:]


@pytest.mark.parametrize("ending", ["exit", "raise", "ctrl-c", "sigkill"])
def test_no_jvm_is_left_behind(ending):
    assert _wait_until_gone(0) == [] or _wait_until_gone() == [], "a JVM of an earlier test is still running"
    mode = ending if ending in ("exit", "raise") else "loop"
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, mode], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "ready"
        assert _our_jvms(), "the JVM should be running while the extractor is in use"
        if ending == "ctrl-c":
            child.send_signal(signal.SIGINT)
        elif ending == "sigkill":
            os.kill(child.pid, signal.SIGKILL)
        try:
            child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the child did not end within 30 s; its threads:\n{_stacks_of(child)}")
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert _wait_until_gone() == []
