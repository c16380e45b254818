"""A one-line document through the CLI: the wall time a user waits, start-up included.

    python benchmarks/one_line.py [--runs 5]

Runs `sanitizer sanitize FILE` on a file of one English line (language auto, the
default), each run a fresh process with a warm count cache (one run before to warm it),
and prints every run and the median. Bar (issue 55): at most 0.6 s. The runs may write
their modules' bytecode, as pip does when it installs the package: a shell that sets
PYTHONDONTWRITEBYTECODE (this project's CI does) would make each run compile the
package's sources again, which no installed user pays.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LINE = "Hi, this is Maria Kowalczyk from Leeds; my order has not arrived yet.\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    command = [str(Path(sys.executable).with_name("sanitizer")), "sanitize"]
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "one-line.txt"
        source.write_text(LINE, encoding="utf-8")
        cache = ["--cache-dir", str(Path(folder) / "cache")]
        subprocess.run([*command, str(source), *cache], check=True, capture_output=True, env=environment)  # warms
        times = []
        for run in range(1, args.runs + 1):
            started = time.perf_counter()
            subprocess.run([*command, str(source), *cache], check=True, capture_output=True, env=environment)
            times.append(time.perf_counter() - started)
            print(f"run {run}: {times[-1]:.2f} s")
    print(f"median of {args.runs}: {statistics.median(times):.2f} s (bar: 0.6 s)")


if __name__ == "__main__":
    main()
