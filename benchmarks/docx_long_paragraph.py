"""A Word document of one long paragraph against the same text as .txt: the Word path's overhead.

    python benchmarks/docx_long_paragraph.py [--characters 500000] [--runs 3] [--text tab|repeated|random]

Builds one paragraph from TAB's texts (line breaks turned to spaces; or one sentence
repeated, as forms and templates repeat themselves; or random words), writes it as a
.docx and as a .txt in a temporary folder, and times `sanitizer sanitize` on each (fresh
processes, alternating, warm count cache); prints every run, the medians and their
ratio (the bar of issue 28: the .docx within 3 times the .txt).
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--characters", type=int, default=500_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--text", choices=("tab", "repeated", "random"), default="tab")
    args = parser.parse_args()
    import docx

    paragraph = _paragraph(args.text, args.characters)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        (work / "long.txt").write_text(paragraph, encoding="utf-8")
        document = docx.Document()
        document.add_paragraph(paragraph)
        _plain_properties(document)
        document.save(str(work / "long.docx"))
        command = [str(Path(sys.executable).with_name("sanitizer")), "sanitize", "--cache-dir", str(work / "cache")]
        times: dict[str, list[float]] = {"txt": [], "docx": []}
        for run in range(args.runs + 1):  # the first round warms the count cache and is not counted
            for kind in ("txt", "docx"):
                started = time.perf_counter()
                subprocess.run(
                    [*command, str(work / f"long.{kind}"), "-o", str(work / f"out-{run}.{kind}")],
                    check=True,
                    capture_output=True,
                )
                elapsed = time.perf_counter() - started
                if run:
                    times[kind].append(elapsed)
                    print(f"run {run} .{kind}: {elapsed:.2f} s")
        txt, docx_time = statistics.median(times["txt"]), statistics.median(times["docx"])
        print(
            f"{len(paragraph):,} characters in one paragraph: .txt {txt:.2f} s, .docx {docx_time:.2f} s "
            f"(medians of {args.runs}); .docx / .txt = {docx_time / txt:.2f}"
        )


#: the sentence of issue 57's report, repeated (each copy has its own names, dates and places masked)
REPEATED = "Mr Jan Kowalski met Dr Anna Wisniewska in Warsaw on 3 May 1970. "


def _plain_properties(document) -> None:
    """python-docx's template signs its properties ("python-docx", 2013): a word of the
    paragraph masked and standing there too would refuse the file (the leftover check)."""
    import datetime

    properties = document.core_properties
    properties.author = properties.last_modified_by = properties.comments = properties.title = ""
    properties.created = properties.modified = datetime.datetime(2000, 1, 1)


def _paragraph(kind: str, characters: int) -> str:
    if kind == "repeated":
        return (REPEATED * (characters // len(REPEATED) + 1))[:characters]
    texts, _ = load_tab()
    joined = " ".join(texts[k].replace("\n", " ") for k in sorted(texts))
    if kind == "random":
        import random

        words = [word for word in joined.split() if word.isalpha()]  # a year could stand in the properties
        rng = random.Random(1)
        return " ".join(rng.choice(words) for _ in range(characters // 5))[:characters]
    return joined[:characters]


if __name__ == "__main__":
    main()
