"""Wall time of `sanitizer eval` on the 127 TAB texts with a warm cache, and of `sanitizer tune`
over 5 values of w. Bars (issue 4): eval <= 60 s; tune <= 2 x one eval.

    python benchmarks/eval_tune_speed.py [--runs 3]

Both commands run as fresh processes sharing one count cache, warmed by a first
eval that is not counted; medians of --runs.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import TAB_DIR  # noqa: E402


def _run(arguments: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(arguments, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    command = shutil.which("sanitizer") or "sanitizer"
    with tempfile.TemporaryDirectory() as cache:
        common = [
            "--gold",
            str(TAB_DIR / "gold_manual_masks.json"),
            "--texts",
            str(TAB_DIR / "texts.json"),
            "--cache-dir",
            cache,
        ]
        _run([command, "eval", *common])  # warms the cache
        evals, tunes = [], []
        for _ in range(args.runs):
            evals.append(_run([command, "eval", *common]))
            tunes.append(
                _run([command, "tune", *common, "--w", "0.2", "--w", "0.4", "--w", "0.6", "--w", "0.8", "--w", "1.0"])
            )
    eval_time, tune_time = statistics.median(evals), statistics.median(tunes)
    print(f"eval, 127 documents, warm cache: {', '.join(f'{t:.2f}' for t in evals)} s; median {eval_time:.2f} s")
    print(f"tune, 5 values of w (S1 + 5 x S1+S2): {', '.join(f'{t:.2f}' for t in tunes)} s; median {tune_time:.2f} s")
    print(f"tune / eval = {tune_time / eval_time:.2f}")


if __name__ == "__main__":
    main()
