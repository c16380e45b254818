"""Reading the files that configure a run: allow and deny lists, policies, protected names, decisions.

Documents were guarded first; a run's option files must be as safe to name: a FIFO,
``/dev/zero`` or ``/dev/urandom`` given as ``--allow`` must not hang the run, a huge
file must not fill the memory, a nested JSON must not end in a RecursionError. Every
option file is read here, once: a regular file only, at most OPTION_FILE_LIMIT bytes,
UTF-8 (a byte-order mark allowed), JSON parsed without deep nesting. Each failure is one
InputError naming the option (as a `parameter`, which the CLI shows as its flag) and
the file, never its content.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

from ic_sanitizer.corpus_stats.errors import UnreadableFileError
from ic_sanitizer.corpus_stats.files.safe_files import parse_json, read_regular_file

from .errors import InputError

#: The largest option file read (bytes): far above any list or policy written by hand or
#: fitted (the shipped default policy is 40 kB), far below what would strain the memory.
OPTION_FILE_LIMIT = 64 * 1024 * 1024


def read_option_text(path: Path, option: str, limit: int = OPTION_FILE_LIMIT) -> str:
    """The text of the file given to ``option`` (a parameter name, e.g. "allow")."""
    try:
        raw = read_regular_file(path, limit)
    except UnreadableFileError as exc:
        raise InputError(f"`{option}` {exc}") from None
    if len(raw) > limit:
        raise InputError(f"`{option}` {path}: larger than {limit // 1_000_000} MB; refused")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"`{option}` {path}: not UTF-8 text") from None


def read_option_json(path: Path, option: str, limit: int = OPTION_FILE_LIMIT) -> Any:
    """The JSON value of the file given to ``option``."""
    text = read_option_text(path, option, limit)
    try:
        return parse_json(text)
    except ValueError:
        raise InputError(f"`{option}` {path}: not a readable JSON file (malformed, or nested too deeply)") from None


def read_phrase_list(path: Path, option: str = "allow") -> list[str]:
    """One phrase a line; blank lines and lines starting with # are skipped. ``option``
    names the parameter the file was given to, in messages."""
    lines = read_option_text(path, option).splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def read_key(key_file: Optional[Path], variable: str, option: str) -> tuple[Optional[bytes], str]:
    """A key from a file (its bytes, stripped) or else from an environment variable."""
    if key_file is not None:
        try:
            return read_regular_file(key_file, 4096).strip(), f"{option} {key_file}"
        except UnreadableFileError as exc:
            raise InputError(str(exc)) from None
    from_environment = os.environ.get(variable, "").strip()
    return (from_environment.encode(), f"${variable}") if from_environment else (None, "")
