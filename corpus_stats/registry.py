"""Plug-ins found by name: corpus back-ends here, the sanitizer's extractors likewise.

One small type, ``Registry``, serves both. Its entries come from two places:

- this project's own, registered by ``register(entry)`` when their module is imported;
  the registry imports those modules itself (plain imports, in ``builtins``) the
  first time a name is asked for;
- other packages, through an entry point in the registry's group, e.g. in a plug-in's
  pyproject.toml::

      [project.entry-points."ic_sanitizer.backends"]
      mycorpus = "my_package.backend:ENTRY"      # a BackendEntry named "mycorpus"

      [project.entry-points."ic_sanitizer.extractors"]
      mytagger = "my_package.extractor:ENTRY"    # an ExtractorEntry named "mytagger"

  An entry point is loaded only when its name is asked for, or when every entry is
  listed. It cannot replace one of this project's entries: a plug-in named like a
  built-in one is left out (a plug-in must not turn, say, ``table`` into a web service).

An unknown name answers with the list of known names.
"""

from __future__ import annotations

import importlib.metadata
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Generic, Optional, Protocol, TypeVar

from .errors import BackendUnavailableError, UnknownBackendError
from .protocol import CountBackend


class _Named(Protocol):
    @property
    def name(self) -> str: ...


E = TypeVar("E", bound=_Named)


class Registry(Generic[E]):
    """Entries of one kind by name: registered ones first, then the group's entry points."""

    def __init__(
        self,
        kind: str,
        group: str,
        entry_type: type[E],
        *,
        unknown: Callable[[str, list[str]], Exception],
        unavailable: Callable[[str], Exception],
        builtins: Optional[Callable[[], object]] = None,
    ) -> None:
        #: what an entry is, for messages ("back-end", "extractor")
        self.kind = kind
        #: the entry-point group other packages register in
        self.group = group
        self._entry_type = entry_type
        #: imports the modules that register this project's entries (once, on first use)
        self._builtins = builtins
        #: the errors for a name nobody registered, and for a plug-in that cannot be loaded
        self._unknown = unknown
        self._unavailable = unavailable
        self._entries: dict[str, E] = {}
        self._lock = threading.Lock()

    def register(self, entry: E) -> None:
        self._entries[entry.name] = entry

    def _load_builtins(self) -> None:
        with self._lock:  # another thread must not look a name up halfway through
            if self._builtins is not None:
                self._builtins()
                self._builtins = None

    def _plugins(self) -> dict[str, importlib.metadata.EntryPoint]:
        """The group's entry points, except those named like a registered entry."""
        return {
            point.name: point
            for point in importlib.metadata.entry_points(group=self.group)
            if point.name not in self._entries
        }

    def names(self) -> list[str]:
        """Every known name, sorted; entry points are named, not loaded."""
        self._load_builtins()
        return sorted({*self._entries, *self._plugins()})

    def get(self, name: str) -> E:
        """The entry called ``name``; an unknown name raises the registry's error with the known ones."""
        self._load_builtins()
        entry = self._entries.get(name)
        if entry is not None:
            return entry
        point = self._plugins().get(name)
        if point is None:
            raise self._unknown(name, self.names())
        return self._load(point)

    def entries(self) -> list[E]:
        """Every entry, sorted by name, entry points loaded."""
        return [self.get(name) for name in self.names()]

    def _load(self, point: importlib.metadata.EntryPoint) -> E:
        try:
            entry = point.load()
        except Exception as exc:  # noqa: BLE001 - a plug-in's import can fail in any way
            raise self._unavailable(
                f"the {self.kind} {point.name!r} (entry point {point.value}) cannot be loaded: {type(exc).__name__}"
            ) from None
        if not isinstance(entry, self._entry_type) or entry.name != point.name:
            raise self._unavailable(
                f"the entry point {point.value} of the {self.kind} {point.name!r} must point "
                f"at {self._entry_type.__name__}(name={point.name!r}, ...)"
            )
        return entry


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


def _builtin_backends() -> None:
    # Each module registers its back-end when imported.
    from .backends import elasticsearch, infinigram, local_index, search_engines, starter, table, wordfreq_backend  # noqa: F401


BACKENDS: Registry[BackendEntry] = Registry(
    "back-end",
    "ic_sanitizer.backends",
    BackendEntry,
    unknown=UnknownBackendError,
    unavailable=BackendUnavailableError,
    builtins=_builtin_backends,
)

#: adds a back-end; this project's modules call it when imported
register = BACKENDS.register


def backend_entries() -> list[BackendEntry]:
    """Every back-end, this project's and the plug-ins', sorted by name."""
    return BACKENDS.entries()


def parse_spec(spec: str) -> tuple[str, Optional[str]]:
    name, sep, argument = spec.partition(":")
    return name.strip(), (argument if sep else None)


def backend_data_path(spec: str) -> Optional[Path]:
    """The file or folder a spec's back-end reads ("table:counts.json" -> counts.json), if any."""
    name, argument = parse_spec(spec)
    if not argument or name not in BACKENDS.names():
        return None
    return Path(argument) if BACKENDS.get(name).argument_is_path else None


def open_backend(spec: str) -> CountBackend:
    """Open the back-end named by ``spec``, e.g. "wordfreq" or "table:counts.json"."""
    name, argument = parse_spec(spec)
    entry = BACKENDS.get(name)
    reason = entry.missing()
    if reason is not None:
        raise BackendUnavailableError(f"back-end {name!r} is not available: {reason}")
    if entry.argument is not None and not argument:
        raise BackendUnavailableError(f"back-end {name!r} needs an argument: {name}:{entry.argument}")
    if entry.argument is None and entry.optional_argument is None and argument:
        raise BackendUnavailableError(f"back-end {name!r} takes no argument")
    return entry.factory(argument)
