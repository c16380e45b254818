"""Regular expressions compiled once per installation, not once per process.

re compiles a pattern in Python: parsing the recognizers' patterns (long alternations of
word lists) and generating their code took a sixth of a one-line run, in every process
(each run of the command line, each spawned worker, each start of the service). The code
re generates depends only on the pattern, its flags and the interpreter, so it is kept on
disk, in the data folder beside the derived arrays (derived_data.py), in a file named for
the interpreter's version and re's engine, and handed to re's engine directly the next
time. A missing, damaged or unwritable file costs only the compilation; an interpreter
whose re does not have the interface used here (before Python 3.11) compiles as usual.

Only this package's own patterns are kept (pattern_tools.anchored decides): they are
built from public word lists. A plug-in's pattern, which may spell out a person's name,
is compiled as usual and never written.
"""

from __future__ import annotations

import atexit
import marshal
import os
import re
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any, Optional, Union

from ic_sanitizer.corpus_stats.files.data_dir import default_data_dir

_sre: Any
try:  # re's internals since Python 3.11: the parser, the code generator and the engine
    import _sre  # type: ignore[import-not-found,no-redef]
    from re import _compiler, _parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    _sre = None

#: bump when the file's layout changes. 2: an index of the entries and their bytes, each
#: entry decoded when first asked for (decoding all 550 of a file that had grown with the
#: package's versions took 54 ms of every process's start, a tenth of a one-line run)
_LAYOUT = 2
#: what re's engine takes besides the pattern: flags, code, groups, group index, index group
Entry = tuple[int, list[int], int, dict[str, int], tuple[Optional[str], ...]]
#: an entry as the file holds it (marshal's bytes), or decoded
Kept = Union[Entry, bytes]

_lock = threading.Lock()
_entries: Optional[dict[tuple[str, int], Kept]] = None
#: set when this process compiled a pattern the file lacks; the process that did writes it at exit
_writer_pid: Optional[int] = None


def compiled_pattern(pattern: str, flags: int = 0) -> re.Pattern:
    """``re.compile(pattern, flags)``, from the code kept on disk when an earlier process
    compiled the same pattern (module docstring)."""
    if _sre is None:
        return re.compile(pattern, flags)
    flags = int(flags)  # a key marshal can write (not re.RegexFlag)
    entries = _loaded()
    kept = entries.get((pattern, flags))
    if kept is not None:
        try:
            entry = marshal.loads(kept) if isinstance(kept, bytes) else kept
            return _sre.compile(pattern, *entry)
        except (TypeError, ValueError, EOFError, RuntimeError):
            pass  # a damaged entry (re's engine validates the code): compile it again
    entry = _code(pattern, flags)
    compiled = _sre.compile(pattern, *entry)
    with _lock:
        entries[(pattern, flags)] = entry
        _write_at_exit()
    return compiled


def _code(pattern: str, flags: int) -> Entry:
    """What re.compile hands re's engine for ``pattern`` (re._compiler.compile's steps)."""
    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    group_index = dict(parsed.state.groupdict)
    index_group: list[Optional[str]] = [None] * parsed.state.groups
    for name, index in group_index.items():
        index_group[index] = name
    # plain ints: marshal writes no int subclass (re.RegexFlag)
    return (
        int(flags | parsed.state.flags),
        [int(c) for c in code],
        parsed.state.groups - 1,
        group_index,
        tuple(index_group),
    )


def _path() -> Path:
    version = ".".join(map(str, sys.version_info[:3]))
    engine = getattr(_sre, "MAGIC", 0)
    return default_data_dir() / "derived" / f"patterns-{sys.implementation.name}-{version}-{engine}-{_LAYOUT}.marshal"


def _read() -> dict[tuple[str, int], Kept]:
    """The file's entries, each still as its bytes: (pattern, flags) -> bytes."""
    try:
        index, data = marshal.loads(_path().read_bytes())
        return {key: data[start:end] for key, (start, end) in index.items()}
    except (OSError, ValueError, EOFError, TypeError, AttributeError):
        return {}  # not written yet, or damaged


def kept_patterns(path: Path) -> list[str]:
    """The patterns a file holds (for tests and inspection)."""
    index, _ = marshal.loads(path.read_bytes())
    return [pattern for pattern, _ in index]


def _encoded(entries: dict[tuple[str, int], Kept]) -> bytes:
    """The file's bytes: marshal's (index, data), the index (pattern, flags) -> (start, end)
    of the entry's own marshal bytes in data."""
    index, parts, offset = {}, [], 0
    for key, kept in entries.items():
        part = kept if isinstance(kept, bytes) else marshal.dumps(kept)
        index[key] = (offset, offset + len(part))
        parts.append(part)
        offset += len(part)
    return marshal.dumps((index, b"".join(parts)))


def _loaded() -> dict[tuple[str, int], Kept]:
    global _entries
    if _entries is None:
        with _lock:
            if _entries is None:
                _entries = _read()
    return _entries


def _write_at_exit() -> None:
    global _writer_pid
    # once per process, a forked one too: a pool's worker leaves by os._exit, past atexit,
    # after running multiprocessing's finalizers
    if _writer_pid != os.getpid():
        import multiprocessing.util  # here: a run that compiles nothing new never needs it

        _writer_pid = os.getpid()
        atexit.register(_save)
        if multiprocessing.parent_process() is not None:
            multiprocessing.util.Finalize(None, _save, exitpriority=0)


def _save() -> None:
    """Write the entries, with those another process wrote meanwhile, atomically."""
    if _writer_pid != os.getpid() or _entries is None:
        return
    path = _path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        merged = {**_read(), **_entries}
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(_encoded(merged))
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        pass  # a read-only data folder: every process compiles
