"""Reading documents safely and writing results atomically.

Inputs are opened read-only and never modified; only regular files are read (a FIFO
or device would block or never end: ``corpus_stats.files.safe_files``). Every output is
written to a temporary file in the destination folder and renamed over the target,
so a crash or an error leaves either the complete new file or nothing; the temporary
name carries the writer's PID, and one left by a killed run is removed by the next
write of the same file. No output may land on an input: ``corpus_stats.files.path_guard``.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Iterator, Optional, Sequence

from ic_sanitizer.corpus_stats.errors import UnreadableFileError
from ic_sanitizer.corpus_stats.files.leftovers import remove_leftovers
from ic_sanitizer.corpus_stats.files.safe_files import file_size, read_regular_file

from .errors import InputError, OutputError
from .formats.encoding import decode_text

if TYPE_CHECKING:
    from .formats.layout import Layout

DEFAULT_MAX_INPUT_MB = 16.0


@dataclass(frozen=True)
class Document:
    #: how the document is named in messages and reports ("-" for standard input)
    name: str
    text: str
    path: Optional[Path] = None
    #: a structured file (JSON, CSV, DOCX, a PDF's text layer): its texts to sanitize and
    #: how to rebuild it
    layout: Optional["Layout"] = None

    @property
    def pieces(self) -> Sequence[str]:
        """The texts to sanitize: the document's, or a structured file's fields."""
        return self.layout.pieces if self.layout is not None else (self.text,)

    def assemble(self, sanitized: Sequence[str]) -> str | bytes:
        """The output from the sanitized pieces: text, or bytes for a binary format (DOCX)."""
        return self.layout.assemble(sanitized) if self.layout is not None else sanitized[0]


def document_id(input_name: str) -> str:
    """A document's id in reports and per-document files: its file name without suffix
    ("-" for stdin)."""
    return Path(input_name).stem if input_name != "-" else input_name


def failure_reason(message: str, name: str) -> str:
    """An error's message without the file name it starts with (a run's summary of failures names the file)."""
    prefix = f"{name}: "
    return message[len(prefix) :] if message.startswith(prefix) else message


def megabytes(size: int) -> str:
    """A size for messages: "1,997 MB", "16 MB", "0.0241 MB" (a small limit stays readable)."""
    return f"{size / 1e6:,.0f} MB" if size >= 10_000_000 else f"{size / 1e6:.3g} MB"


def _too_large(name: str, size: int, max_bytes: int) -> InputError:
    return InputError(
        f"{name}: {megabytes(size)} is above the input limit of {megabytes(max_bytes)} (raise it with `max_input_mb`)"
    )


def decode_document(raw: bytes, name: str, max_bytes: int) -> str:
    if len(raw) > max_bytes:
        raise _too_large(name, len(raw), max_bytes)
    # UTF-8, UTF-16/32 with a byte-order mark, cp1252, or an encoding told with confidence
    text = decode_text(raw, name).text
    if not text.strip():
        raise InputError(f"{name}: the document is empty")
    return text


def check_input_size(path: Path, max_bytes: int) -> None:
    """InputError unless ``path`` is a regular file of at most ``max_bytes`` (before reading it)."""
    try:
        size = file_size(path)
    except UnreadableFileError as exc:
        raise InputError(str(exc)) from None
    if size > max_bytes:
        raise _too_large(str(path), size, max_bytes)


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; InputError otherwise."""
    name = str(path)
    try:
        size = file_size(path)
        if size > max_bytes:  # refuse before reading a huge file into memory
            raise _too_large(name, size, max_bytes)
        raw = read_regular_file(path, max_bytes)
    except UnreadableFileError as exc:
        raise InputError(str(exc)) from None
    if len(raw) > max_bytes:
        raise _too_large(name, len(raw), max_bytes)
    return raw


def find_text_files(folder: Path) -> Iterator[Path]:
    """The entries named *.txt under ``folder``, recursively, in a stable order: every
    one that is not a folder, so that a FIFO or a dangling link is reported, not skipped."""
    for path in sorted(folder.rglob("*.txt")):
        if not path.is_dir():
            yield path


def atomic_write_text(path: Path, text: str, private: bool = False) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file and a rename.

    ``private`` keeps the file readable by its owner only (reports hold sensitive terms).
    """
    atomic_write_bytes(path, text.encode("utf-8"), private)


def write_output(path: Path, content: str | bytes) -> None:
    """A sanitized document: text in UTF-8, or the bytes of a binary format (DOCX)."""
    if isinstance(content, bytes):
        atomic_write_bytes(path, content)
    else:
        atomic_write_text(path, content)


def atomic_write_bytes(path: Path, data: bytes, private: bool = False) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename (see atomic_write_text)."""
    with atomic_stream(path, private) as handle:
        try:
            handle.write(data)
        except OSError as exc:
            raise OutputError(f"{path}: cannot write ({exc.strerror or type(exc).__name__})") from None


@contextlib.contextmanager
def atomic_stream(path: Path, private: bool = False) -> Iterator[BinaryIO]:
    """A temporary file beside ``path`` to write in parts; renamed to ``path`` when the block
    ends, removed when it raises, so that ``path`` is whole or untouched. ``private``
    keeps the file readable by its owner only."""
    directory = path.parent if str(path.parent) else Path(".")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        remove_leftovers(directory, re.compile(re.escape(f".{path.name}.") + r"(?P<pid>\d+)\.[A-Za-z0-9_]+\.tmp"))
        descriptor, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp")
    except OSError as exc:
        raise OutputError(f"{path}: cannot write ({exc.strerror or type(exc).__name__})") from None
    try:
        with os.fdopen(descriptor, "wb") as handle:
            yield handle  # the caller's own errors pass through as they are
            try:
                handle.flush()
                os.fsync(handle.fileno())
                if not private:
                    umask = os.umask(0)
                    os.umask(umask)
                    os.chmod(temporary, 0o666 & ~umask)
                os.replace(temporary, path)
            except OSError as exc:
                raise OutputError(f"{path}: cannot write ({exc.strerror or type(exc).__name__})") from None
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def save_figure(figure: Any, path: Path) -> None:
    """A matplotlib figure written as PNG atomically (a temporary file beside it, renamed),
    then closed."""
    import matplotlib.pyplot as plt

    figure.tight_layout()
    temporary = path.with_name(f".{path.name}.tmp.png")
    figure.savefig(temporary, dpi=110)
    plt.close(figure)
    temporary.replace(path)
