"""The engine's settings as shipped to the executors, and one engine per settings per process.

The driver checks the engine's ``Settings`` once for Spark (``engine_settings``: back-ends
by spec, one pseudonym key for every executor, ``workers`` left to Spark) and broadcasts
them; every Python worker of every executor turns them into a ``Sanitizer`` the first
time a task needs it and keeps that engine for the worker's life (Spark reuses Python
workers across tasks by default, ``spark.python.worker.reuse``), so the extractor's model,
the back-end and the count cache are opened once per worker, not once per partition.

Nothing here imports pyspark: executors import this module to build their engine, and
the settings can be made and checked where Spark is not installed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import pickle
import secrets
import threading
from dataclasses import dataclass
from typing import Any, Mapping, Union

from ..errors import ConfigurationError, SanitizerError
from ..pipeline import Sanitizer
from ..policy import Policy, load_policy, policy_of
from ..redaction import Mode
from ..settings import DEFAULT_BACKEND, DEFAULT_POLICY, Settings

#: the ``Settings`` fields a caller gives (``workers`` is not one: inside an executor
#: extraction runs in the task's own process, Spark supplies the parallelism)
_OPTIONS = frozenset(f.name for f in dataclasses.fields(Settings)) - {"backend", "workers"}
#: the modes whose values are drawn with a key
_KEYED = frozenset(mode.value for mode in Mode if mode.keyed)

#: what the Spark functions accept: the engine's Settings (as the CLI and the API make
#: them, checked by engine_settings or not), or a mapping of the Sanitizer's keyword arguments
SettingsLike = Union[Settings, Mapping[str, Any]]


def engine_settings(backend: str = DEFAULT_BACKEND, **options: Any) -> Settings:
    """The ``Settings`` of ``Sanitizer(backend, **options)``, checked for Spark: back-ends
    given by spec ("wordfreq", "es:URL/INDEX", "table:FILE"; an open back-end object cannot
    travel to the executors), one pseudonym key drawn here when a keyed mode is asked
    (each executor's own random key would give it its own surrogates), ``workers`` 1.
    """
    unknown = sorted(set(options) - _OPTIONS)
    if "workers" in options:
        raise ConfigurationError(
            "`workers` does not apply on Spark: each task extracts in its own process and "
            "Spark runs as many tasks at once as the executors have cores"
        )
    if unknown:
        raise ConfigurationError(
            f"unknown Sanitizer option(s) {', '.join(unknown)}; known: {', '.join(sorted(_OPTIONS))}"
        )
    if not isinstance(backend, str) or not isinstance(options.get("s2_backend", "auto"), str):
        raise ConfigurationError(
            "on Spark, `backend` and `s2_backend` are specs (such as 'wordfreq' or "
            "'es:URL/INDEX'): an open back-end cannot be sent to the executors"
        )
    if options.get("pseudonym_key") is None and _needs_key(options):
        options["pseudonym_key"] = secrets.token_bytes(32)
    settings = Settings(backend, **options, workers=1)
    try:
        pickle.dumps(settings)
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        raise ConfigurationError(
            f"the settings cannot be sent to the executors (not picklable: {type(exc).__name__})"
        ) from None
    return settings


def settings_key(settings: Settings) -> str:
    """What a worker finds its engine by: a digest of the settings' JSON form (sorted, so
    the same in every interpreter, whatever its hash seed) and of the pseudonym key."""
    written = json.dumps(settings.to_json(), sort_keys=True, default=str).encode()
    return hashlib.sha256(written + (settings.pseudonym_key or b"")).hexdigest()


def _needs_key(options: Mapping[str, Any]) -> bool:
    """Whether a keyed mode (pseudonym, hash, shift) is asked: by the options' mode or a
    kind's operator, or by their policy's (a policy that cannot be read says nothing here:
    the engine built on the driver says why)."""
    operators = options.get("operators") or ()
    pairs = list(operators.items() if isinstance(operators, Mapping) else operators)
    policy = options.get("policy", DEFAULT_POLICY)
    try:
        loaded = policy if isinstance(policy, Policy) else load_policy(policy)
    except SanitizerError:
        loaded = None
    modes = [
        options.get("mode") or (loaded.mode if loaded else None),
        *(mode for _, mode in pairs),
        *(mode for _, mode in (loaded.operators if loaded else ())),
    ]
    return any(str(getattr(mode, "value", mode)) in _KEYED for mode in modes if mode is not None)


def as_engine_settings(settings: SettingsLike) -> Settings:
    """``settings`` checked for Spark (engine_settings), whichever form they came in."""
    if isinstance(settings, Settings):
        options = {f.name: getattr(settings, f.name) for f in dataclasses.fields(settings) if f.name != "workers"}
    else:
        options = dict(settings)
    return engine_settings(options.pop("backend", DEFAULT_BACKEND), **options)


def build_engine(settings: Settings) -> Sanitizer:
    """The one place where the shipped settings become an engine."""
    return Sanitizer(settings)


def engine_policy(settings: Settings) -> Policy:
    """The policy an engine of ``settings`` decides by, without opening the engine (the
    count job reads whether and how it counts a collection)."""
    return policy_of(settings)


#: documents one engine sanitizes before it is replaced by a fresh one. Its counters keep
#: every answer of its life in memory (about 180 bytes each, and S2 asks hundreds per
#: document: benchmarks/spark_counts.py); the fresh engine finds them in the disk cache,
#: and costs milliseconds, the models being loaded once per process.
DOCUMENTS_PER_ENGINE = 2_000


@dataclass
class _Held:
    engine: Sanitizer
    documents: int = 0


_engines: dict[str, _Held] = {}
_engines_lock = threading.Lock()


def engine_for(settings: Settings, documents: int = 0) -> Sanitizer:
    """This process's engine for ``settings``, built on first use and then reused, for
    ``documents`` more documents (renewed after DOCUMENTS_PER_ENGINE)."""
    key = settings_key(settings)
    with _engines_lock:  # two task threads of one worker must not both build it
        held = _engines.get(key)
        if held is not None and held.documents >= DOCUMENTS_PER_ENGINE:
            held.engine.close()
            held = None
        if held is None:
            held = _engines[key] = _Held(build_engine(settings))
        held.documents += documents
        return held.engine


def engines_built() -> int:
    """How many engines this process holds (for tests and diagnostics)."""
    return len(_engines)
