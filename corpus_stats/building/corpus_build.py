"""Building a local corpus index (for the ``local:`` back-end).

The index is built in a hidden folder beside the destination and renamed into place
at the end: an interrupted or failed build leaves no half-written index, and an
existing index is replaced (with ``replace=True``) only by a complete one.

Nothing but an index is ever replaced: the destination must not be, hold or lie
inside a source (``path_guard``), and an existing destination that is not an index
(a file, a folder of documents) is refused even with ``replace=True``. The hidden
folders a killed build leaves (``.NAME.building-PID``, ``.NAME.replaced-PID``) are
removed by the next build beside them, once their process is gone.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence

from ..backends.local_index import INDEX_FORMAT, META_FILE, register_tokenizer, tantivy_schema
from ..errors import BackendDataError
from ..files.leftovers import remove_leftovers
from ..files.path_guard import RunPath, check_outputs
from ..normalize import index_tokens
from .sources import SourceTally, read_source, source_kind

#: progress(documents, characters) while building
BuildProgress = Callable[[int, int], None]
WRITER_HEAP_BYTES = 256_000_000


def _folder_size(directory: Path) -> int:
    return sum(f.stat().st_size for f in directory.rglob("*") if f.is_file())


def build_index(
    sources: Sequence[Path],
    destination: Path,
    *,
    replace: bool = False,
    progress: Optional[BuildProgress] = None,
    threads: int = 2,
) -> dict:
    """Index every document of ``sources`` into ``destination``; returns the index description."""
    check_outputs([RunPath("source", path) for path in sources], [RunPath("--out", destination, folder=True)])
    if destination.exists() and not replace:
        raise BackendDataError(f"{destination} already exists (`force` replaces it)")
    tallies = [SourceTally(str(path), source_kind(path)) for path in sources]
    return build_index_from(
        [(tally, read_source(path, tally)) for path, tally in zip(sources, tallies)],
        destination,
        progress=progress,
        threads=threads,
    )


def build_index_from(
    collections: Sequence[tuple[SourceTally, Iterable[str]]],
    destination: Path,
    *,
    progress: Optional[BuildProgress] = None,
    threads: int = 2,
) -> dict:
    """Index documents given as (tally, texts) per source; replaces ``destination`` when complete."""
    import tantivy

    tallies = [tally for tally, _ in collections]
    building = _start_building(destination)
    started = time.perf_counter()
    index: Any = None
    writer: Any = None
    try:
        index = tantivy.Index(tantivy_schema(), path=str(building))
        register_tokenizer(index)
        writer = index.writer(heap_size=WRITER_HEAP_BYTES, num_threads=threads)
        digest = hashlib.sha256(f"format={INDEX_FORMAT}".encode())
        documents = tokens = characters = 0
        for tally, texts in collections:
            for text in texts:
                words = index_tokens(text)
                if not words:
                    tally.skipped["empty document"] += 1
                    continue
                body = " ".join(words)
                writer.add_document(tantivy.Document(body=body))
                digest.update(body.encode("utf-8"))
                digest.update(b"\x1e")
                tally.documents += 1
                tally.characters += len(text)
                documents += 1
                tokens += len(words)
                characters += len(text)
                if progress is not None and documents % 256 == 0:
                    progress(documents, characters)
        if documents == 0:
            raise BackendDataError("no readable document in the sources; nothing was indexed")
        writer.commit()
        writer.wait_merging_threads()
        meta = {
            "format": INDEX_FORMAT,
            "fingerprint": "local-" + digest.hexdigest()[:32],
            "documents": documents,
            "tokens": tokens,
            "characters": characters,
            "sources": [t.as_dict() for t in tallies],
            "normalization": "NFKC, typographic quotes/dashes folded, casefold, \\w+ tokens",
            "build_seconds": round(time.perf_counter() - started, 3),
        }
        meta["index_bytes"] = _folder_size(building)
        (building / META_FILE).write_text(json.dumps(meta, indent=1), encoding="utf-8")
        if progress is not None:
            progress(documents, characters)
        _move_into_place(building, destination)
        return meta
    except BaseException as exc:
        writer = index = None  # tantivy's threads end with its writer, before its folder goes
        _remove(building)
        # tantivy reports its writes' system errors as ValueError("An IO error occurred: ...")
        if isinstance(exc, OSError) or (isinstance(exc, ValueError) and "IO error" in str(exc)):
            raise BackendDataError(f"cannot write the index {destination}: {_write_failure(exc)}") from None
        raise


def _remove(building: Path) -> None:
    """The unfinished index's folder removed; again if a writer's thread wrote into it meanwhile."""
    for _ in range(3):
        shutil.rmtree(building, ignore_errors=True)
        if not building.exists():
            return
        time.sleep(0.05)


def _write_failure(exc: BaseException) -> str:
    """Why writing an index failed: the system's reason (tantivy reports its writes' system
    errors as ValueError("An IO error occurred: ... (os error N)"))."""
    if isinstance(exc, OSError):
        return exc.strerror or type(exc).__name__
    return "no space left on the device" if "os error 28" in str(exc) else "an input/output error"


def _start_building(destination: Path) -> Path:
    """The hidden folder the index is built in, beside ``destination``, after the checks."""
    _refuse_replacing_a_non_index(destination)
    remove_build_leftovers(destination)
    building = destination.parent / f".{destination.name}.building-{os.getpid()}"
    shutil.rmtree(building, ignore_errors=True)
    try:
        building.mkdir(parents=True)
    except OSError as exc:
        raise BackendDataError(f"cannot create the index {destination}: {exc.strerror or type(exc).__name__}") from None
    return building


def _refuse_replacing_a_non_index(destination: Path) -> None:
    if not destination.exists():
        return
    if not destination.is_dir():
        raise BackendDataError(f"{destination} exists and is not a corpus index folder; refused")
    if not (destination / META_FILE).is_file():
        raise BackendDataError(f"{destination} is not a corpus index (no {META_FILE}); only an index is replaced")


def remove_build_leftovers(destination: Path) -> list[Path]:
    """Remove the hidden folders (or files) of builds beside ``destination`` whose process is gone."""
    pattern = re.compile(re.escape(f".{destination.name}.") + r"(building|replaced)-(?P<pid>\d+)")
    return remove_leftovers(destination.parent, pattern)


def _move_into_place(building: Path, destination: Path) -> None:
    if destination.exists():
        retired = destination.parent / f".{destination.name}.replaced-{os.getpid()}"
        os.replace(destination, retired)
        os.replace(building, destination)
        if retired.is_dir() and not retired.is_symlink():
            shutil.rmtree(retired, ignore_errors=True)
        else:
            retired.unlink(missing_ok=True)
    else:
        os.replace(building, destination)
