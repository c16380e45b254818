"""Extraction across worker processes: the slow, parallel part of a run.

Documents are cut into blocks of about ``BLOCK_CHARACTERS`` (between words, blocks.py);
each block is analysed by the extractor and its candidate spans come back with offsets
into the whole document. Workers are forked on Linux when no other thread of the
parent could hold a lock (start_method; they start in milliseconds, with the parent's
modules and data already loaded) and spawned otherwise (each imports and loads them
anew: about half a second); they load
their extractor once, live as long as the pool (one per engine's resources,
resources.py: a sequence of calls, or every point of a sweep, pays their start once;
they stop on close(), or when the interpreter exits), and die with their parent
(parent_watch.py).

A document's spans are handed on as soon as its last block is back, while the workers
go on with the next documents: the caller decides one document while the next ones are
extracted, so no core waits for the whole batch to be extracted first.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, Iterator, Optional, Sequence

from .blocks import split_into_blocks
from .collector import relax_collector
from .errors import WorkerError
from .extraction import Extractor, candidate_spans, open_extractor
from .packs import EVERY_PACK
from .parent_watch import die_with_parent
from .terms import CandidateSpan, TermKind, merge_overlapping

log = logging.getLogger(__name__)

#: characters per unit of parallel work; blocks end between words (blocks.py)
BLOCK_CHARACTERS = 100_000

_worker_extractor: Optional[Extractor] = None


def _init_worker(extractor_name: str, language: str, parent_pid: int) -> None:
    global _worker_extractor
    die_with_parent(parent_pid)
    relax_collector()
    _worker_extractor = open_extractor(extractor_name, language)


#: a block's text, its offset in its document and the genre packs its document's policy reads
Job = tuple[str, int, frozenset[str]]


def _block_spans(extractor: Extractor, job: Job) -> list[CandidateSpan]:
    """Candidate spans of one block, with offsets into the whole document."""
    block, offset, packs = job
    spans = candidate_spans(extractor, block, packs)
    return [CandidateSpan(s.start + offset, s.end + offset, s.kind, s.source) for s in spans]


#: a span as it crosses between processes: pickling a tuple costs a tenth of pickling
#: the dataclass (0.01 s against 0.15 s for the 127 TAB texts' 31,581 spans)
SpanTuple = tuple[int, int, str, str]
_KINDS = {kind.value: kind for kind in TermKind}


def _worker_block_spans(job: Job) -> list[SpanTuple]:
    assert _worker_extractor is not None  # set by _init_worker in every worker
    return [(s.start, s.end, s.kind.value, s.source) for s in _block_spans(_worker_extractor, job)]


def _from_tuples(spans: list[SpanTuple]) -> list[CandidateSpan]:
    # a kind a plug-in adds is not in _KINDS, made before the plug-ins were loaded
    return [CandidateSpan(start, end, _KINDS.get(kind) or TermKind(kind), source) for start, end, kind, source in spans]


def start_method() -> str:
    """How workers start: "fork" where it is safe, "spawn" elsewhere.

    Forking copies only the calling thread: a lock another thread held at that moment
    stays held in the child for ever. So a parent running other threads spawns (a web
    back-end's query pool, a JVM gateway's), unless each of them is marked
    ``fork_safe`` (it holds no lock a child could need: the command line's stderr
    filter only reads and writes file descriptors); so does every platform but Linux
    (macOS's system libraries are not safe to fork)."""
    others = [t for t in threading.enumerate() if t is not threading.main_thread()]
    if sys.platform.startswith("linux") and all(getattr(t, "fork_safe", False) for t in others):
        return "fork"
    return "spawn"


class ExtractionPool:
    """Candidate spans of texts, in ``workers`` processes (in this one when one worker
    suffices); close() stops the processes."""

    def __init__(self, extractor: Extractor, extractor_name: str, workers: int, language: str = "en") -> None:
        self._extractor, self._extractor_name, self._workers = extractor, extractor_name, workers
        self._language = language
        self._pool: Optional[ProcessPoolExecutor] = None
        #: the most extraction processes one call used (1: this process), so a run can say
        #: when --workers had nothing to share out
        self.processes_used = 0

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context(start_method())
            self._pool = ProcessPoolExecutor(
                self._workers,
                mp_context=context,
                initializer=_init_worker,
                initargs=(self._extractor_name, self._language, os.getpid()),
            )
            log.info("extraction: %d worker processes (%s)", self._workers, self._extractor_name)
        return self._pool

    def spans(
        self,
        texts: Sequence[str],
        report: Callable[[str, int, int], None],
        packs: Optional[Sequence[frozenset[str]]] = None,
    ) -> Iterator[list[CandidateSpan]]:
        """Each text's candidate spans, in order, each as soon as it is extracted; ``packs``:
        the genre packs each text's policy reads (default: every pack)."""
        bounds_per_text = [split_into_blocks(text, BLOCK_CHARACTERS) for text in texts]
        read = packs if packs is not None else [EVERY_PACK] * len(texts)
        jobs = [
            (text[start:end], start, text_packs)
            for text, bounds, text_packs in zip(texts, bounds_per_text, read)
            for start, end in bounds
        ]
        total = len(jobs)
        if self._workers == 1 or total == 1:
            results: Iterator[list[CandidateSpan]] = (_block_spans(self._extractor, job) for job in jobs)
            self.processes_used = max(self.processes_used, min(total, 1))
        else:
            self.processes_used = max(self.processes_used, min(self._workers, total))
            results = map(_from_tuples, self._executor().map(_worker_block_spans, jobs, chunksize=1))
            jobs = []  # submitted: each block's copy of the text is freed once its worker is done with it
        done = 0
        try:
            for bounds in bounds_per_text:  # an empty text has no block, and no span
                spans: list[CandidateSpan] = []
                for _ in bounds:
                    spans.extend(next(results))
                    done += 1
                    report("extracting", done, total)
                yield merge_overlapping(spans)
        except BrokenProcessPool:
            log.info("an extraction worker died; the pool is closed")
            self.close()
            raise WorkerError(
                "an extraction worker process died (killed, or out of memory); run again, or lower `workers`"
            ) from None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None
