"""End-to-end speed and peak memory of the default pipeline on the 127 TAB texts.

    python benchmarks/speed.py [--runs 5] [--workers 2] [--backend wordfreq] [--against OTHER_PYTHON]

Each run is a fresh process (start-up, model loading and the worker pool included)
that sanitizes all 127 texts with a warm count cache, with the default settings; the
script prints every run and the median. Bar (issue 2): >= 80,000 characters/s on 2
cores, peak <= 500 MB. With --against, the same job runs in another installation too
(e.g. the round-1 release in its own venv, whose package was still named `sanitizer`),
the two alternating run by run, and the ratio of the medians is printed: the figure for
"the new default within 20% of the old one's throughput, measured in the same run".
Peak memory is the largest resident set of the main process plus that of its
largest worker.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

_ONE_RUN = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from _tab import load_tab
texts, _ = load_tab()
documents = [texts[k] for k in sorted(texts)]
started = time.perf_counter()
try:
    from ic_sanitizer import Sanitizer
except ImportError:  # the round-1 release, before the ic_sanitizer namespace
    from sanitizer import Sanitizer
with Sanitizer(sys.argv[2], workers=int(sys.argv[3]), cache_dir=sys.argv[4]) as sanitizer:
    results = list(sanitizer.sanitize_many(documents))
elapsed = time.perf_counter() - started
own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"seconds": elapsed, "characters": sum(map(len, documents)),
                  "peak_mb": (own + child) / 1024, "issued": sum(r.queries.issued for r in results)}))
"""


def one_run(python: str, backend: str, workers: int, cache_dir: str) -> dict:
    """One fresh process sanitizing the 127 texts: seconds, characters, peak_mb, issued."""
    # Run outside the checkout, so that each python imports its own installation.
    Path(cache_dir).mkdir(parents=True, exist_ok=True)
    output = subprocess.run(
        [python, "-c", _ONE_RUN, str(HERE), backend, str(workers), cache_dir],
        check=True,
        capture_output=True,
        text=True,
        cwd=cache_dir,
    ).stdout
    return json.loads(output)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", default="wordfreq")
    parser.add_argument("--against", help="another installation's python, run alternately with this one")
    args = parser.parse_args()
    pythons = {"this": sys.executable, **({"other": args.against} if args.against else {})}
    rates: dict[str, list[float]] = {name: [] for name in pythons}
    peaks: dict[str, list[float]] = {name: [] for name in pythons}
    with tempfile.TemporaryDirectory() as cache_dir:
        for run in range(args.runs + 1):  # run 0 warms the cache and is not counted
            for name, python in pythons.items():
                figures = one_run(python, args.backend, args.workers, str(Path(cache_dir) / name))
                rate = figures["characters"] / figures["seconds"]
                label = "warm-up (cold cache)" if run == 0 else f"run {run}"
                print(
                    f"{name} {label}: {figures['seconds']:.2f} s, {rate:,.0f} chars/s, "
                    f"peak {figures['peak_mb']:.0f} MB, queries issued {figures['issued']}"
                )
                if run:
                    rates[name].append(rate)
                    peaks[name].append(figures["peak_mb"])
    for name in pythons:
        print(
            f"{name}: median of {args.runs} warm runs: {statistics.median(rates[name]):,.0f} characters/s, "
            f"peak memory {statistics.median(peaks[name]):.0f} MB ({args.workers} workers, back-end {args.backend})"
        )
    if args.against:
        ratio = statistics.median(rates["this"]) / statistics.median(rates["other"])
        print(f"this / other throughput: {ratio:.2f}")


if __name__ == "__main__":
    main()
