"""Arrays derived from the models and word lists, kept on disk between runs.

Every process that extracts (the main one and each worker) needs the tagger's weight
matrix and the name lists. Building them from their sources (a pickle of nested
dictionaries, the word lists of five packages) takes about a second per process; loading
the arrays built by an earlier run takes a few hundredths. They are written under the
data folder (``$SANITIZER_DATA_DIR``, the same one as the starter index), named by a
digest of everything they are built from (the source files and the code that builds
them), so a new model, package version or rule builds new ones. A missing, damaged or
unwritable file only costs the build: the arrays are then built in memory. They hold
public model data, never a document's text.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import numpy as np

from ic_sanitizer.corpus_stats.files.data_dir import default_data_dir

#: bump when the file layout changes
_LAYOUT = b"1"
_SEPARATOR = "\n"  # never inside a feature, a tag or a folded name


def pack_strings(strings: Iterable[str]) -> np.ndarray:
    """Strings as one array of UTF-8 bytes (an array of str would pad each to the longest)."""
    return np.frombuffer(_SEPARATOR.join(strings).encode("utf-8"), dtype=np.uint8)


def unpack_strings(packed: np.ndarray) -> list[str]:
    return packed.tobytes().decode("utf-8").split(_SEPARATOR) if packed.size else []


def source_digest(paths: Iterable[Path], *extra: str) -> str:
    """A digest of the files (and other facts, such as package versions) a build reads."""
    digest = hashlib.sha256(_LAYOUT)
    for path in paths:
        digest.update(path.read_bytes())
    for fact in extra:
        digest.update(fact.encode("utf-8"))
    return digest.hexdigest()[:20]


def derived_arrays(name: str, digest: str, build: Callable[[], Mapping[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """The arrays ``build`` makes, read from the data folder when an earlier run saved them."""
    path = default_data_dir() / "derived" / f"{name}-{digest}.npz"
    try:
        with np.load(path, allow_pickle=False) as saved:
            return {key: saved[key] for key in saved.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile):
        pass  # not built yet (or damaged): build it
    arrays = dict(build())
    try:
        _save(path, arrays)
    except OSError:
        pass  # a read-only data folder: every run builds in memory
    return arrays


def _save(path: Path, arrays: Mapping[str, np.ndarray]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    try:
        members: dict[str, Any] = dict(arrays)
        with os.fdopen(handle, "wb") as file:
            np.savez(file, allow_pickle=False, **members)
        os.replace(temporary, path)  # a concurrent build writes the same content
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
