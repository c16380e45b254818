"""Back-ends registered by name, opened from a spec "NAME" or "NAME:ARGUMENT".

Adding a back-end is one module that calls ``register`` at import time and one line
in ``_BUILTIN_MODULES``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

from .errors import BackendUnavailableError, UnknownBackendError
from .protocol import CountBackend

BackendFactory = Callable[[Optional[str]], CountBackend]


@dataclass(frozen=True)
class BackendEntry:
    name: str
    factory: BackendFactory
    summary: str
    #: how the argument after "NAME:" is used, or None when the back-end takes none
    argument: Optional[str]
    #: returns None when usable, else the reason it is not
    missing: Callable[[], Optional[str]]
    #: how an argument that may be left out is used ("NAME" or "NAME:...")
    optional_argument: Optional[str] = None
    #: the argument names a file or folder the back-end reads (no output may land on it)
    argument_is_path: bool = False


_REGISTRY: dict[str, BackendEntry] = {}
_BUILTIN_MODULES = ("ic_sanitizer.corpus_stats.table", "ic_sanitizer.corpus_stats.wordfreq_backend", "ic_sanitizer.corpus_stats.local_index",
                    "ic_sanitizer.corpus_stats.starter", "ic_sanitizer.corpus_stats.elasticsearch", "ic_sanitizer.corpus_stats.infinigram",
                    "ic_sanitizer.corpus_stats.search_engines")


def register(entry: BackendEntry) -> None:
    _REGISTRY[entry.name] = entry


def _load_builtins() -> None:
    for module in _BUILTIN_MODULES:
        importlib.import_module(module)


def backend_entries() -> list[BackendEntry]:
    """Every registered back-end, sorted by name."""
    _load_builtins()
    return [_REGISTRY[name] for name in sorted(_REGISTRY)]


def parse_spec(spec: str) -> tuple[str, Optional[str]]:
    name, sep, argument = spec.partition(":")
    return name.strip(), (argument if sep else None)


def backend_data_path(spec: str) -> Optional[Path]:
    """The file or folder a spec's back-end reads ("table:counts.json" -> counts.json), if any."""
    _load_builtins()
    name, argument = parse_spec(spec)
    entry = _REGISTRY.get(name)
    return Path(argument) if entry is not None and entry.argument_is_path and argument else None


def open_backend(spec: str) -> CountBackend:
    """Open the back-end named by ``spec``, e.g. "wordfreq" or "table:counts.json"."""
    _load_builtins()
    name, argument = parse_spec(spec)
    entry = _REGISTRY.get(name)
    if entry is None:
        raise UnknownBackendError(name, sorted(_REGISTRY))
    reason = entry.missing()
    if reason is not None:
        raise BackendUnavailableError(f"back-end {name!r} is not available: {reason}")
    if entry.argument is not None and not argument:
        raise BackendUnavailableError(f"back-end {name!r} needs an argument: {name}:{entry.argument}")
    if entry.argument is None and entry.optional_argument is None and argument:
        raise BackendUnavailableError(f"back-end {name!r} takes no argument")
    return entry.factory(argument)
