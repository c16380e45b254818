"""Reading the files a user names, without hanging and without a library's traceback.

Every file the tools read (documents, tables, gold files, corpus sources, index
descriptions) is opened here. A FIFO, socket or device is refused instead of read: a
FIFO with no writer would block forever, a device may never end. The file is opened
non-blocking and checked with fstat on the open descriptor, so a path swapped between
the check and the read cannot slip through.

JSON is parsed by ``parse_json``, which turns the RecursionError of a deeply nested
document into the ValueError every caller already handles.
"""

from __future__ import annotations

import io
import json
import os
import stat
from pathlib import Path
from typing import Any, BinaryIO, Optional

from ..errors import UnreadableFileError


def _reason(exc: OSError) -> str:
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, IsADirectoryError):
        return "is a directory, a file is expected here"
    if isinstance(exc, PermissionError):
        return "permission denied"
    return f"cannot be read ({exc.strerror or type(exc).__name__})"


def open_regular_file(path: Path) -> BinaryIO:
    """The file opened for binary reading; UnreadableFileError unless it is a regular file."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise UnreadableFileError(path, _reason(exc)) from None
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise UnreadableFileError(path, "is a directory, a file is expected here")
        if not stat.S_ISREG(mode):
            raise UnreadableFileError(path, "is not a regular file (a FIFO, socket or device); refused")
        if hasattr(os, "set_blocking"):
            os.set_blocking(descriptor, True)
        return io.open(descriptor, "rb", closefd=True)
    except BaseException:
        os.close(descriptor)
        raise


def read_regular_file(path: Path, limit: Optional[int] = None) -> bytes:
    """The bytes of a regular file; at most ``limit`` + 1 of them when a limit is given
    (so that the caller can tell "exactly at the limit" from "over it")."""
    with open_regular_file(path) as handle:
        try:
            return handle.read() if limit is None else handle.read(limit + 1)
        except OSError as exc:
            raise UnreadableFileError(path, _reason(exc)) from None


def file_size(path: Path) -> int:
    """The size of a regular file, without opening it; UnreadableFileError otherwise."""
    try:
        status = os.stat(path)
    except OSError as exc:
        raise UnreadableFileError(path, _reason(exc)) from None
    if stat.S_ISDIR(status.st_mode):
        raise UnreadableFileError(path, "is a directory, a file is expected here")
    if not stat.S_ISREG(status.st_mode):
        raise UnreadableFileError(path, "is not a regular file (a FIFO, socket or device); refused")
    return status.st_size


def parse_json(text: str | bytes) -> Any:
    """json.loads, with nesting too deep for the parser reported as a ValueError."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None
