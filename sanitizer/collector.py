"""How often the processes this package owns collect cyclic garbage.

Python looks for reference cycles after every 700 container allocations beyond
deallocations, and every tenth of those passes looks at every object alive. A run makes
millions of small containers (tokens, spans, terms) and keeps the models' and lexicons'
objects alive throughout, so those whole-heap passes took 0.4 s of a 6 s pass over TAB's
127 judgments in one process (`gc.callbacks`, 2026-11-29). Every 10,000 allocations they
take 0.04 s; the garbage left waiting meanwhile is a few megabytes at most.

Only a process the package owns is tuned: the command line's and the extraction workers'.
An application that opens a Sanitizer keeps its own settings."""

from __future__ import annotations

import gc

#: Python's own thresholds: a process whose thresholds differ was tuned by someone else
_PYTHON_DEFAULTS = (700, 10, 10)
_RELAXED = (10_000, 10, 10)


def relax_collector() -> None:
    """Collect cyclic garbage less often in this process, unless its thresholds were set
    by someone else already."""
    if gc.get_threshold() == _PYTHON_DEFAULTS:
        gc.set_threshold(*_RELAXED)
