"""The collection pass (collection.py): its share of a run's time, and its memory.

    python benchmarks/collection.py [--megabytes 1 4] [--runs 3]

For each size, a JSONL file of synthetic nursing notes (benchmarks/_notes.py, 500
patients) is sanitized by the CLI as a user would (`sanitizer sanitize notes.jsonl
--subject-field patient -o out.jsonl`, warm cache, default options), and the collection
pass alone is timed over the same texts in this process (Collection.of). Printed: the
run's wall time (median), the pass's (median), its share, the words the pass tracks and
the table's size. Bar (issue 52): the pass at most 25% of the run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _notes import write_jsonl  # noqa: E402

from ic_sanitizer.collection import Collection  # noqa: E402

SANITIZER = Path(sys.executable).with_name("sanitizer")


def _cli_seconds(source: Path, output: Path, cache: Path) -> float:
    started = time.perf_counter()
    subprocess.run(
        [
            str(SANITIZER),
            "sanitize",
            str(source),
            "-o",
            str(output),
            "--subject-field",
            "patient",
            "--cache-dir",
            str(cache),
        ],
        check=True,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, nargs="+", default=[1.0, 4.0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for megabytes in args.megabytes:
            source = root / f"notes-{megabytes}.jsonl"
            count = write_jsonl(source, int(megabytes * 1_000_000))
            rows = [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines()]
            texts, subjects = [r["text"] for r in rows], [r["patient"] for r in rows]
            _cli_seconds(source, root / "warm.jsonl", root / "cache")  # warms the count cache
            runs = [_cli_seconds(source, root / "out.jsonl", root / "cache") for _ in range(args.runs)]
            passes = []
            for _ in range(args.runs):
                started = time.perf_counter()
                Collection.of(texts, subjects)
                passes.append(time.perf_counter() - started)
            tracemalloc.start()
            collection = Collection.of(texts, subjects)
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            run, alone = statistics.median(runs), statistics.median(passes)
            words = len(collection.counts._holders) if collection is not None else 0
            print(
                f"{megabytes:g} MB ({count} notes): run {run:.2f} s, collection pass {alone:.3f} s "
                f"({alone / run:.1%} of the run); {words} words tracked, pass peak {peak / 1e6:.1f} MB"
            )


if __name__ == "__main__":
    main()
