"""Native panic reports kept off the terminal, so that a failure stays one line.

tantivy is Rust: when it panics (a damaged index), Rust's panic hook writes a report
straight to file descriptor 2, around Python, before pyo3 raises PanicException (which
the CLI reports as one line). The command line therefore routes descriptor 2 through
a pipe and a thread that copies everything to the real stderr except those reports;
Python's own sys.stderr writes to the real stderr directly, so progress bars and error
lines never wait on the thread. With RUST_BACKTRACE=0 a report is: an empty line,
``thread 'NAME' (ID) panicked at FILE:LINE:COL:``, the message, and on the first panic
a ``note: run with `RUST_BACKTRACE=1` ...`` line.

The same pipe keeps a child's log off the terminal: ``mute_native_output`` drops
everything written to descriptor 2 from then on (Spark's JVM logs dozens of lines,
and a Java stack trace, to the stderr it inherits), while the command's own lines,
written to sys.stderr, still show.
"""

from __future__ import annotations

import atexit
import os
import re
import sys
import threading

_PANIC_HEADER = re.compile(rb"^thread '.*' (\(\d+\) )?panicked at ")
_PANIC_NOTE = b"note: run with `RUST_BACKTRACE"
_HEADER_START = b"thread '"
_installed = False
_muted = threading.Event()


class _PanicFilter:
    """Line by line: drop panic reports, pass everything else through."""

    def __init__(self, out: int) -> None:
        self.out = out
        self.buffer = b""
        self.held_blank = False  # an empty line may open a panic report
        self.skip_message = False  # the line after a header is the panic's message
        self.after_panic = False  # a note line may close the report

    def _emit(self, data: bytes) -> None:
        if _muted.is_set():
            return
        while data:
            data = data[os.write(self.out, data) :]

    def _line(self, line: bytes) -> None:
        bare = line.rstrip(b"\r\n")
        if _PANIC_HEADER.match(bare):
            self.held_blank, self.skip_message, self.after_panic = False, True, True
        elif self.skip_message:
            self.skip_message = False
        elif self.after_panic and bare.startswith(_PANIC_NOTE):
            self.after_panic = False
        else:
            self.after_panic = False
            if self.held_blank:
                self._emit(b"\n")
                self.held_blank = False
            if bare:
                self._emit(line)
            else:
                self.held_blank = True

    def feed(self, data: bytes) -> None:
        self.buffer += data
        *lines, self.buffer = self.buffer.split(b"\n")
        for line in lines:
            self._line(line + b"\n")
        # A partial line that cannot begin a report is not held back (a prompt, a progress bar).
        partial = self.buffer
        if (
            partial
            and not (partial.startswith(_HEADER_START) or _HEADER_START.startswith(partial))
            and not self.skip_message
        ):
            self._line(partial)
            self.buffer = b""

    def close(self) -> None:
        if self.buffer:
            self._line(self.buffer)
        if self.held_blank:
            self._emit(b"\n")


def _pump(read_end: int, panic_filter: _PanicFilter) -> None:
    try:
        while True:
            data = os.read(read_end, 65536)
            if not data:
                break
            panic_filter.feed(data)
        panic_filter.close()
    except OSError:
        pass


def filter_native_panics() -> None:
    """Route descriptor 2 through the filter for the rest of this process (and its children)."""
    global _installed
    if _installed:
        return
    try:
        real = os.dup(2)
        read_end, write_end = os.pipe()
    except OSError:
        return
    os.environ["RUST_BACKTRACE"] = "0"
    sys.stderr.flush()
    sys.stderr = open(
        real, "w", buffering=1, encoding=sys.stderr.encoding or "utf-8", errors="backslashreplace", closefd=False
    )
    os.dup2(write_end, 2)
    os.close(write_end)
    thread = threading.Thread(target=_pump, args=(read_end, _PanicFilter(real)), name="stderr-filter", daemon=True)
    # It holds no lock a forked worker could need (extraction_pool.start_method).
    thread.fork_safe = True  # type: ignore[attr-defined]
    thread.start()
    _installed = True

    def restore() -> None:
        sys.stderr.flush()
        os.dup2(real, 2)  # our end of the pipe closes: the thread drains what is left
        thread.join(timeout=0.5)

    atexit.register(restore)


def mute_native_output() -> None:
    """From now on, drop what this process and its children write to descriptor 2 (not
    sys.stderr: the command's own messages). Nothing to do when the filter is not
    installed (the Python API, tests): there descriptor 2 is the caller's."""
    _muted.set()
