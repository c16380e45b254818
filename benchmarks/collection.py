"""The collection pass (collection.py): its share of a run's time, and its memory.

    python benchmarks/collection.py [--megabytes 1 4] [--runs 3] [--memory 40 80]

For each size, a JSONL file of synthetic nursing notes (benchmarks/_notes.py, 500
patients) is sanitized by the CLI as a user would (`sanitizer sanitize notes.jsonl
--subject-field patient -o out.jsonl`, warm cache, default options), and the collection
pass alone is timed over the same texts in this process (Collection.of). Printed: the
run's wall time (median), the pass's (median), its share, the words the pass tracks and
the table's size. Then the pass over TAB's 127 judgments (a larger vocabulary: real
text). Bar (issue 52): the pass at most 25% of the run. With --memory, one run of the
CLI for each size (files above 32 MB are sanitized in parts: cli/stream_run.py) and the
largest resident set of its processes. With --first-pass, the CLI's first pass alone
(cli/stream_run._counted) over a file of each size whose notes each add two words never
seen before (a record number and an invented surname: the long tail of a real archive),
in a process of its own: its largest resident set, the words it holds and those it dropped
to stay within its bound (collection.MAX_WORDS).
"""

from __future__ import annotations

import argparse
import json
import resource
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
from _tab import load_tab  # noqa: E402

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
            "--max-input-mb",
            "2000",
            "--cache-dir",
            str(cache),
        ],
        check=True,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def _tailed_jsonl(path: Path, target_bytes: int) -> int:
    """Notes as write_jsonl's, each with a record number and a surname never seen before."""
    import random
    import string

    from _notes import records

    rng = random.Random(7)
    written = size = 0
    with path.open("w", encoding="utf-8") as handle:
        for record in records(10**9, 500):
            surname = "".join(rng.choice(string.ascii_lowercase) for _ in range(8))
            record["text"] += f"\nMRN {rng.randrange(10**8)}. Seen by Dr {surname.title()}."
            line = json.dumps(record) + "\n"
            handle.write(line)
            size += len(line)
            written += 1
            if size >= target_bytes:
                return written
    return written


_FIRST_PASS = """
import json, resource, sys, time
from pathlib import Path
from ic_sanitizer.cli.stream_run import _counted
from ic_sanitizer.formats.layout import BadRecord
started = time.perf_counter()
collection = _counted(Path(sys.argv[1]), (), BadRecord.REFUSE, "patient", 5)
print(json.dumps({"seconds": time.perf_counter() - started, "words": collection.counts.vocabulary,
                  "dropped": collection.counts.dropped,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1000}))
"""


def first_pass(root: Path, megabytes: float) -> None:
    source = root / f"tailed-{megabytes}.jsonl"
    count = _tailed_jsonl(source, int(megabytes * 1_000_000))
    output = subprocess.run(
        [sys.executable, "-c", _FIRST_PASS, str(source)], check=True, capture_output=True, text=True
    )
    found = json.loads(output.stdout)
    print(
        f"first pass: {megabytes:g} MB ({count} notes) in {found['seconds']:.0f} s; {found['words']} words held, "
        f"{found['dropped']} dropped; largest resident set {found['peak_mb']:.0f} MB"
    )
    source.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, nargs="+", default=[1.0, 4.0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--memory", type=float, nargs="*", default=[], help="sizes in MB for the memory runs")
    parser.add_argument("--first-pass", type=float, nargs="*", default=[], help="sizes in MB for the first pass alone")
    args = parser.parse_args()
    if args.first_pass:
        with tempfile.TemporaryDirectory() as folder:
            for megabytes in args.first_pass:
                first_pass(Path(folder), megabytes)
        return
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
            words = collection.counts.vocabulary if collection is not None else 0
            print(
                f"{megabytes:g} MB ({count} notes): run {run:.2f} s, collection pass {alone:.3f} s "
                f"({alone / run:.1%} of the run); {words} words tracked, pass peak {peak / 1e6:.1f} MB"
            )
        texts, _ = load_tab()
        started = time.perf_counter()
        tab = Collection.of(list(texts.values()))
        seconds = time.perf_counter() - started
        words = tab.counts.vocabulary if tab is not None else 0
        print(
            f"TAB's 127 judgments ({sum(map(len, texts.values())) / 1e6:.1f} M characters): pass {seconds:.2f} s, {words} words tracked"
        )
        for megabytes in args.memory:
            source = root / f"memory-{megabytes}.jsonl"
            count = write_jsonl(source, int(megabytes * 1_000_000))
            started = time.perf_counter()
            _cli_seconds(source, root / "memory-out.jsonl", root / "cache")
            seconds = time.perf_counter() - started
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1000  # kB -> MB, the largest so far
            print(f"memory: {megabytes:g} MB ({count} notes) in {seconds:.0f} s; largest process so far {peak:.0f} MB")
            source.unlink()


if __name__ == "__main__":
    main()
