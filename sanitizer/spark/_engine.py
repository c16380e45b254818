"""The engine's settings as one picklable value, and one engine per settings per process.

The driver builds an ``EngineSettings`` once and broadcasts it; every Python worker of
every executor turns it into a ``Sanitizer`` the first time a task needs it and keeps
that engine for the worker's life (Spark reuses Python workers across tasks by
default, ``spark.python.worker.reuse``), so the extractor's model, the back-end and
the count cache are opened once per worker, not once per partition.

Nothing here imports pyspark: executors import this module to build their engine, and
the settings can be made and checked where Spark is not installed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import pickle
import secrets
import threading
from dataclasses import dataclass, field
from typing import Any, Mapping, Union

from ..errors import ConfigurationError, SanitizerError
from ..pipeline import Sanitizer
from ..policy import Policy, load_policy, policy_of
from ..redaction import Mode
from ..settings import DEFAULT_BACKEND, DEFAULT_POLICY, Settings

#: the ``Settings`` fields that travel (``workers`` does not: inside an executor extraction
#: runs in the task's own process, Spark supplies the parallelism)
_OPTIONS = frozenset(f.name for f in dataclasses.fields(Settings)) - {"backend", "workers"}
#: the modes whose values are drawn with a key
_KEYED = frozenset(mode.value for mode in Mode if mode.keyed)
#: options never shown
_SECRET = frozenset({"pseudonym_key"})
#: options given as iterables of phrases, names or kinds: kept as tuples (picklable, ordered)
_SEQUENCES = frozenset({"allow", "deny", "kinds", "protect", "hide"})


@dataclass(frozen=True)
class EngineSettings:
    """The ``Sanitizer``'s keyword arguments, one to one, as a frozen picklable value.

    Make it with ``engine_settings(backend, **options)``. ``key`` is computed where the
    value is made (on the driver) and travels with it: every worker finds its engine by
    it, whatever the hash seed of its own interpreter.
    """

    backend: str = DEFAULT_BACKEND
    options: tuple[tuple[str, Any], ...] = ()
    key: str = field(init=False, compare=False, default="")

    def __post_init__(self) -> None:
        digest = hashlib.sha256(pickle.dumps((self.backend, self.options), protocol=4)).hexdigest()
        object.__setattr__(self, "key", digest)

    def keywords(self) -> dict[str, Any]:
        return dict(self.options)

    def __repr__(self) -> str:
        # A Spark error prints what it was given: the pseudonym key must not be in it.
        shown = tuple((name, "<hidden>" if name in _SECRET else value) for name, value in self.options)
        return f"EngineSettings(backend={self.backend!r}, options={shown!r})"


#: what the Spark functions accept: the engine's Settings (as the CLI and the API make
#: them), these settings, or a mapping of the Sanitizer's keyword arguments
SettingsLike = Union[Settings, EngineSettings, Mapping[str, Any]]


def engine_settings(backend: str = DEFAULT_BACKEND, **options: Any) -> EngineSettings:
    """Settings for ``Sanitizer(backend, **options)``; the same names and values.

    Back-ends are given by spec ("wordfreq", "es:URL/INDEX", "table:FILE"): an open
    back-end object cannot travel to the executors. Paths become strings.
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
        # One key for every executor: an engine's own random key would give each its own surrogates.
        options["pseudonym_key"] = secrets.token_bytes(32)
    normalized: dict[str, Any] = {}
    for name, value in options.items():
        if isinstance(value, Mapping):  # operators: {kind: mode}, as ordered pairs
            value = tuple(sorted((str(getattr(k, "value", k)), str(getattr(v, "value", v))) for k, v in value.items()))
        elif name in _SEQUENCES and value is not None and not isinstance(value, str):
            value = tuple(value)
        elif isinstance(value, os.PathLike):
            value = os.fspath(value)
        normalized[name] = value
    settings = EngineSettings(backend, tuple(sorted(normalized.items())))
    try:
        pickle.dumps(settings)
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        raise ConfigurationError(
            f"the settings cannot be sent to the executors (not picklable: {type(exc).__name__})"
        ) from None
    return settings


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


def as_engine_settings(settings: SettingsLike) -> EngineSettings:
    if isinstance(settings, EngineSettings):
        return settings
    if isinstance(settings, Settings):
        # What differs from the defaults: `workers` is Spark's to decide.
        defaults = Settings()
        options = {
            f.name: getattr(settings, f.name)
            for f in dataclasses.fields(settings)
            if f.name != "workers" and getattr(settings, f.name) != getattr(defaults, f.name)
        }
    else:
        options = dict(settings)
    return engine_settings(options.pop("backend", DEFAULT_BACKEND), **options)


def build_engine(settings: EngineSettings) -> Sanitizer:
    """The one place where the shipped settings become an engine."""
    return Sanitizer(_as_settings(settings))


def engine_policy(settings: EngineSettings) -> Policy:
    """The policy an engine of ``settings`` decides by, without opening the engine (the
    count job reads whether and how it counts a collection)."""
    return policy_of(_as_settings(settings))


def _as_settings(settings: EngineSettings) -> Settings:
    return Settings(settings.backend, **settings.keywords(), workers=1)


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


def engine_for(settings: EngineSettings, documents: int = 0) -> Sanitizer:
    """This process's engine for ``settings``, built on first use and then reused, for
    ``documents`` more documents (renewed after DOCUMENTS_PER_ENGINE)."""
    with _engines_lock:  # two task threads of one worker must not both build it
        held = _engines.get(settings.key)
        if held is not None and held.documents >= DOCUMENTS_PER_ENGINE:
            held.engine.close()
            held = None
        if held is None:
            held = _engines[settings.key] = _Held(build_engine(settings))
        held.documents += documents
        return held.engine


def engines_built() -> int:
    """How many engines this process holds (for tests and diagnostics)."""
    return len(_engines)
