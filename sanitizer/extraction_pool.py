"""Extraction across worker processes: the slow, parallel part of a run.

Documents are cut into blocks of about ``BLOCK_CHARACTERS`` (between words, blocks.py);
each block is analysed by the extractor and its candidate spans come back with offsets
into the whole document. Workers start by spawn (no fork of a threaded parent), load
their extractor once, and die with their parent (parent_watch.py).
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, Optional, Sequence

from .blocks import split_into_blocks
from .errors import WorkerError
from .extraction import Extractor, open_extractor
from .extraction.candidates import find_candidate_spans, merge_overlapping
from .parent_watch import die_with_parent
from .terms import CandidateSpan

#: characters per unit of parallel work; blocks end between words (blocks.py)
BLOCK_CHARACTERS = 100_000

_worker_extractor: Optional[Extractor] = None


def _init_worker(extractor_name: str, parent_pid: int) -> None:
    global _worker_extractor
    die_with_parent(parent_pid)
    _worker_extractor = open_extractor(extractor_name)


def _block_spans(extractor: Extractor, job: tuple[str, int]) -> list[CandidateSpan]:
    """Candidate spans of one block, with offsets into the whole document."""
    block, offset = job
    spans = find_candidate_spans(block, extractor.analyze(block))
    return [CandidateSpan(s.start + offset, s.end + offset, s.kind) for s in spans]


def _worker_block_spans(job: tuple[str, int]) -> list[CandidateSpan]:
    assert _worker_extractor is not None  # set by _init_worker in every worker
    return _block_spans(_worker_extractor, job)


def extract_spans(texts: Sequence[str], extractor: Extractor, extractor_name: str, workers: int,
                  report: Callable[[str, int, int], None]) -> list[list[CandidateSpan]]:
    """Candidate spans of each text; ``extractor`` serves in this process when one worker suffices."""
    jobs, owners = [], []
    for index, text in enumerate(texts):
        for start, end in split_into_blocks(text, BLOCK_CHARACTERS):
            jobs.append((text[start:end], start))
            owners.append(index)
    results = []
    if workers == 1 or len(jobs) == 1:
        for job in jobs:
            results.append(_block_spans(extractor, job))
            report("extracting", len(results), len(jobs))
    else:
        context = multiprocessing.get_context("spawn")  # no fork of a threaded parent
        try:
            with ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker,
                                     initargs=(extractor_name, os.getpid())) as pool:
                for spans in pool.map(_worker_block_spans, jobs, chunksize=2):
                    results.append(spans)
                    report("extracting", len(results), len(jobs))
        except BrokenProcessPool:
            raise WorkerError("an extraction worker process died (killed, or out of memory) before any "
                              "document was decided; run again, or lower --workers") from None
    per_document: list[list[CandidateSpan]] = [[] for _ in texts]
    for owner, spans in zip(owners, results):
        per_document[owner].extend(spans)
    return [merge_overlapping(spans) for spans in per_document]
