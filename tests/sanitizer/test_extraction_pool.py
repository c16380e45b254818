"""How extraction workers start: forked where that is safe, spawned otherwise."""

from __future__ import annotations

import sys
import threading

import pytest

from ic_sanitizer import Sanitizer
from ic_sanitizer.extraction_pool import start_method

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is used on Linux only")


def _with_thread(fork_safe: bool | None) -> str:
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, daemon=True)
    if fork_safe is not None:
        thread.fork_safe = fork_safe  # type: ignore[attr-defined]
    thread.start()
    try:
        return start_method()
    finally:
        stop.set()
        thread.join()


@linux_only
def test_a_parent_with_a_thread_that_may_hold_a_lock_spawns_its_workers():
    assert _with_thread(fork_safe=None) == "spawn"
    assert _with_thread(fork_safe=False) == "spawn"


@linux_only
def test_a_parent_whose_other_threads_are_fork_safe_forks_its_workers():
    assert _with_thread(fork_safe=True) == "fork"


def test_forked_and_spawned_workers_give_the_same_output(monkeypatch):
    texts = [f"Mr John Brown{i} was born in London on {i + 1} May 1970 and lives in Leeds." * 40 for i in range(6)]
    outputs = {}
    for method in ("fork", "spawn") if sys.platform.startswith("linux") else ("spawn",):
        monkeypatch.setattr("ic_sanitizer.extraction_pool.start_method", lambda method=method: method)
        with Sanitizer("wordfreq", workers=2, use_cache=False) as sanitizer:
            outputs[method] = [r.text for r in sanitizer.sanitize_many(texts)]
    assert len(set(map(tuple, outputs.values()))) == 1
    assert "Brown0" not in outputs["spawn"][0]
