"""The `sanitize` command on TAB's 127 judgments against another installation: same outputs, speed ratio.

    python benchmarks/cli_against.py --against OTHER_PYTHON [--runs 3] [--policy default]

Writes the 127 texts as .txt files in a temporary folder, then runs
`python -m ic_sanitizer sanitize FOLDER -o OUT` with this installation and with the other
one (e.g. a release before a change to the command line, installed in its own venv),
alternately, each with its own warm count cache. Prints every run, the median seconds
of each, their ratio (measured in the same run), and how many of the 127 outputs are
byte-identical between the two: the figures for "outputs unchanged, speed within 5%"
of a change to the command's guards (issue 28).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _tab import load_tab  # noqa: E402


def _run(python: str, folder: Path, output: Path, cache: Path, policy: str) -> float:
    start = time.perf_counter()
    subprocess.run(
        [
            python,
            "-m",
            "ic_sanitizer",
            "sanitize",
            str(folder),
            "-o",
            str(output),
            "--policy",
            policy,
            "--cache-dir",
            str(cache),
            "--workers",
            "2",
        ],
        check=True,
        capture_output=True,
        cwd=folder.parent,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, help="the other installation's python")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--policy", default="default")
    args = parser.parse_args()
    texts, _ = load_tab()
    pythons = {"this": sys.executable, "other": args.against}
    with tempfile.TemporaryDirectory() as temporary:
        work = Path(temporary)
        folder = work / "tab"
        folder.mkdir()
        for doc_id, text in texts.items():
            (folder / f"{doc_id}.txt").write_text(text, encoding="utf-8")
        for name, python in pythons.items():  # warm each cache once, outside the timing
            _run(python, folder, work / f"warm-{name}", work / f"cache-{name}", args.policy)
        seconds: dict[str, list[float]] = {name: [] for name in pythons}
        for run in range(args.runs):
            for name, python in pythons.items():
                seconds[name].append(
                    _run(python, folder, work / f"out-{name}-{run}", work / f"cache-{name}", args.policy)
                )
                print(f"run {run + 1} {name:<5} {seconds[name][-1]:.2f} s", flush=True)
        same = sum(
            (work / "out-this-0" / path.name).read_bytes() == (work / "out-other-0" / path.name).read_bytes()
            for path in sorted(folder.iterdir())
        )
        this, other = statistics.median(seconds["this"]), statistics.median(seconds["other"])
        print(f"median this {this:.2f} s, other {other:.2f} s, ratio this/other {this / other:.3f}")
        print(f"outputs byte-identical: {same} of {len(texts)} (policy {args.policy})")


if __name__ == "__main__":
    main()
