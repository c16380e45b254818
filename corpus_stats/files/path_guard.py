"""The one guard every command that writes runs before any work: no output lands on an input.

An output is refused when it is, lies inside, or holds an input or another output of
the same run, whatever the spelling: paths are compared after resolving symbolic
links, ``..`` and relative parts, and existing files also by identity (hard links).
A file output that is an existing folder, and a folder output that is an existing
file, are refused too, so a rename can never put a file where a folder was; so is a
file output the user spelled as a folder ("-o report/") that does not exist (a file
named "report" is not what they asked for).

    check_outputs(inputs=[RunPath("input", doc)],
                  outputs=[RunPath("-o", out), RunPath("--report", report)])
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

from ..errors import UnsafeOutputError

_ConcretePath = type(Path())


class FolderSpelledPath(_ConcretePath):  # type: ignore[valid-type,misc]
    """An output path the user wrote with a trailing separator ("out/"): they named a
    folder. ``pathlib`` drops the separator, so the spelling is kept by the type."""


def output_path(value: str) -> Path:
    """The parser of every output option: a path, marked when spelled as a folder."""
    if len(value) > 1 and value.endswith(("/", os.sep)):
        return FolderSpelledPath(value)
    return Path(value)


def spelled_as_folder(path: Optional[Path]) -> bool:
    return isinstance(path, FolderSpelledPath)


@dataclass(frozen=True)
class RunPath:
    #: how the user named it, for messages: "-o", "--report", "input", "--cache-dir"
    label: str
    path: Optional[Path]
    #: for outputs: the output is a folder (an index, a folder of documents)
    folder: bool = False


def _resolved(path: Path) -> Path:
    return Path(os.path.realpath(path))


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _relation(output: Path, other: Path) -> Optional[str]:
    """How ``output`` collides with ``other`` (both resolved), or None."""
    if output == other or _same_file(output, other):
        return "is"
    if other in output.parents:
        return "lies inside"
    if output in other.parents:
        return "holds"
    return None


def _check_kind(output: RunPath, path: Path) -> None:
    """``path`` is ``output.path``, known not to be None."""
    if output.folder and path.exists() and not path.is_dir():
        raise UnsafeOutputError(f"{output.label} {path} exists and is not a folder; refused")
    if not output.folder and path.is_dir():
        raise UnsafeOutputError(f"{output.label} {path} is a folder; give a file name")
    if not output.folder and spelled_as_folder(path):
        raise UnsafeOutputError(
            f"{output.label} {path}/ names a folder, and there is none; create it, or give a file name"
        )
    if path.exists() and not path.is_dir() and not path.is_file():
        # an output is written as a new file and renamed into place: it would replace the node
        raise UnsafeOutputError(f"{output.label} {path} is a FIFO, socket or device, not a file; refused")
    if str(path) == "-":
        raise UnsafeOutputError(
            f"{output.label} -: '-' is not a file name here (standard output is where the result goes without it)"
        )


def check_outputs(inputs: Iterable[RunPath], outputs: Iterable[RunPath]) -> None:
    """Raise UnsafeOutputError unless every output is apart from every input and
    from every other output. Entries whose path is None (stdin, stdout) are skipped."""
    sources = [(i, _resolved(i.path)) for i in inputs if i.path is not None]
    targets = [(o, o.path, _resolved(o.path)) for o in outputs if o.path is not None]
    for index, (output, path, resolved) in enumerate(targets):
        _check_kind(output, path)
        for source, source_resolved in sources:
            relation = _relation(resolved, source_resolved)
            if relation is not None:
                named = "" if source.label == "input" else f"{source.label} "
                raise UnsafeOutputError(
                    f"{output.label} {output.path} {relation} the input {named}{source.path}; "
                    "inputs are never overwritten"
                )
        for other, _, other_resolved in targets[index + 1 :]:
            relation = _relation(resolved, other_resolved)
            if relation is not None:
                raise UnsafeOutputError(
                    f"{output.label} {output.path} {relation} the output {other.label} {other.path} of the same run"
                )
