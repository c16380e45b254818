"""End-to-end speed and peak memory of the default pipeline on the 127 TAB texts.

    python benchmarks/speed.py [--runs 5] [--workers 2] [--backend wordfreq]

Each run is a fresh process (start-up, model loading and the worker pool included)
that sanitizes all 127 texts with a warm count cache; the script prints every run
and the median. Bar (issue 2): >= 80,000 characters/s on 2 cores, peak <= 500 MB.
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
from ic_sanitizer import Sanitizer
with Sanitizer(sys.argv[2], workers=int(sys.argv[3]), cache_dir=sys.argv[4]) as sanitizer:
    results = list(sanitizer.sanitize_many(documents))
elapsed = time.perf_counter() - started
own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"seconds": elapsed, "characters": sum(map(len, documents)),
                  "peak_mb": (own + child) / 1024, "issued": sum(r.queries.issued for r in results)}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", default="wordfreq")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache_dir:
        rates, peaks = [], []
        for run in range(args.runs + 1):  # run 0 warms the cache and is not counted
            output = subprocess.run([sys.executable, "-c", _ONE_RUN, str(HERE), args.backend, str(args.workers), cache_dir],
                                    check=True, capture_output=True, text=True).stdout
            figures = json.loads(output)
            rate = figures["characters"] / figures["seconds"]
            label = "warm-up (cold cache)" if run == 0 else f"run {run}"
            print(f"{label}: {figures['seconds']:.2f} s, {rate:,.0f} chars/s, peak {figures['peak_mb']:.0f} MB, "
                  f"queries issued {figures['issued']}")
            if run:
                rates.append(rate)
                peaks.append(figures["peak_mb"])
    print(f"median of {args.runs} warm runs: {statistics.median(rates):,.0f} characters/s, "
          f"peak memory {statistics.median(peaks):.0f} MB ({args.workers} workers, back-end {args.backend})")


if __name__ == "__main__":
    main()
