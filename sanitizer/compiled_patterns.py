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
from typing import Any, Optional

from ic_sanitizer.corpus_stats.files.data_dir import default_data_dir

_sre: Any
try:  # re's internals since Python 3.11: the parser, the code generator and the engine
    import _sre  # type: ignore[import-not-found,no-redef]
    from re import _compiler, _parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    _sre = None

#: bump when the file's layout changes
_LAYOUT = 1
#: what re's engine takes besides the pattern: flags, code, groups, group index, index group
Entry = tuple[int, list[int], int, dict[str, int], tuple[Optional[str], ...]]

_lock = threading.Lock()
_entries: Optional[dict[tuple[str, int], Entry]] = None
#: set when this process compiled a pattern the file lacks; the process that did writes it at exit
_writer_pid: Optional[int] = None


def compiled_pattern(pattern: str, flags: int = 0) -> re.Pattern:
    """``re.compile(pattern, flags)``, from the code kept on disk when an earlier process
    compiled the same pattern (module docstring)."""
    if _sre is None:
        return re.compile(pattern, flags)
    flags = int(flags)  # a key marshal can write (not re.RegexFlag)
    entries = _loaded()
    entry = entries.get((pattern, flags))
    if entry is not None:
        try:
            return _sre.compile(pattern, *entry)
        except (TypeError, ValueError, RuntimeError):
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


def _read() -> dict[tuple[str, int], Entry]:
    try:
        loaded: Any = marshal.loads(_path().read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}  # not written yet, or damaged
    return loaded if isinstance(loaded, dict) else {}


def _loaded() -> dict[tuple[str, int], Entry]:
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
                marshal.dump(merged, file)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        pass  # a read-only data folder: every process compiles
