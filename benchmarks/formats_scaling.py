"""Every input format at growing sizes: no format, and no kind of text, may grow faster than the text.

    python benchmarks/formats_scaling.py [--kilobytes 10 100 1000] [--texts repeated random tab]

For each kind of text (one sentence repeated, as forms repeat themselves; random words of
TAB's judgments; TAB's text as written) and each size, the same text is written as .txt,
.jsonl (records of about 500 characters), .csv (the same records), .docx (one paragraph)
and .pdf (lines of a page each, a text layer), and `sanitizer sanitize` runs once on each
(a fresh process, warm count cache). Printed: seconds per file and each format's time
over the .txt's; and, per format, the time at the largest size over the time at the
smallest times the sizes' ratio (1.0 is linear; issue 57's bar is that no format is
quadratic: a tenfold text is never a hundredfold time).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _pdf import pdf_bytes  # noqa: E402
from _tab import load_tab  # noqa: E402

SANITIZER = Path(sys.executable).with_name("sanitizer")
REPEATED = "Mr Jan Kowalski met Dr Anna Wisniewska in Warsaw on 3 May 1970. "
_RECORD = 500


def _text(kind: str, characters: int) -> str:
    if kind == "repeated":
        return (REPEATED * (characters // len(REPEATED) + 1))[:characters]
    texts, _ = load_tab()
    joined = " ".join(texts[k].replace("\n", " ") for k in sorted(texts))
    while len(joined) < characters:
        joined += " " + joined
    if kind == "random":
        words = [word for word in joined.split() if word.isalpha()]
        rng = random.Random(1)
        return " ".join(rng.choice(words) for _ in range(characters // 5))[:characters]
    return joined[:characters]


def _records(text: str) -> list[str]:
    """The text cut into records of about _RECORD characters, at spaces."""
    records, start = [], 0
    while start < len(text):
        end = text.find(" ", start + _RECORD)
        end = len(text) if end < 0 else end
        records.append(text[start:end].strip())
        start = end
    return [r for r in records if r]


def _pdf(text: str) -> bytes:
    """A PDF of the text, a line of at most 90 characters a text line, 50 lines a page."""
    lines = [text[i : i + 90] for i in range(0, len(text), 90)]
    pages = [lines[i : i + 50] for i in range(0, len(lines), 50)] or [[""]]
    escape = str.maketrans({"(": "\\(", ")": "\\)", "\\": "\\\\"})
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    kids = []
    for page in pages:
        body = "BT /F1 10 Tf 40 800 Td 12 TL " + " ".join(f"({line.translate(escape)}) '" for line in page) + " ET"
        stream = body.encode("latin-1", "replace")
        objects.append(f"<< /Length {len(stream)} >>\nstream\n".encode() + stream + b"\nendstream")
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents {len(objects)} 0 R >>".encode()
        )
        kids.append(f"{len(objects)} 0 R")
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>".encode()
    return pdf_bytes(objects)


def _write(folder: Path, text: str) -> dict[str, Path]:
    import datetime

    import docx

    records = _records(text)
    paths = {kind: folder / f"input.{kind}" for kind in ("txt", "jsonl", "csv", "docx", "pdf")}
    paths["txt"].write_text(text, encoding="utf-8")
    paths["jsonl"].write_text("".join(json.dumps({"id": i, "text": r}) + "\n" for i, r in enumerate(records)), "utf-8")
    table = io.StringIO()
    writer = csv.writer(table)
    writer.writerow(["id", "text"])
    writer.writerows(enumerate(records))
    paths["csv"].write_text(table.getvalue(), encoding="utf-8")
    document = docx.Document()
    document.add_paragraph(text)
    properties = document.core_properties  # python-docx signs its template: plain properties
    properties.author = properties.last_modified_by = properties.comments = properties.title = ""
    properties.created = properties.modified = datetime.datetime(2000, 1, 1)
    document.save(str(paths["docx"]))
    paths["pdf"].write_bytes(_pdf(text))
    return paths


def _seconds(path: Path, cache: Path) -> float:
    output = path.with_name(f"out-{path.name}" if path.suffix != ".pdf" else "out-pdf.txt")
    started = time.perf_counter()
    run = subprocess.run(
        [str(SANITIZER), "sanitize", str(path), "-o", str(output), "--cache-dir", str(cache), "--max-input-mb", "50"],
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - started
    return seconds if run.returncode == 0 else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kilobytes", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--texts", nargs="+", default=["repeated", "random", "tab"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for kind in args.texts:
            timings: dict[str, list[float]] = {}
            for kilobytes in args.kilobytes:
                work = root / f"{kind}-{kilobytes}"
                work.mkdir()
                paths = _write(work, _text(kind, kilobytes * 1000))
                _seconds(paths["txt"], root / "cache")  # warms the count cache for this text
                row = {format_: _seconds(path, root / "cache") for format_, path in paths.items()}
                for format_, seconds in row.items():
                    timings.setdefault(format_, []).append(seconds)
                shown = ", ".join(f".{f} {s:.2f} s ({s / row['txt']:.1f}x)" for f, s in row.items())
                print(f"{kind} {kilobytes} kB: {shown}", flush=True)
            growth = args.kilobytes[-1] / args.kilobytes[0]
            print(
                f"{kind}: time at {args.kilobytes[-1]} kB over {growth:g} times the time at {args.kilobytes[0]} kB: "
                + ", ".join(f".{f} {t[-1] / (growth * t[0]):.2f}" for f, t in timings.items())
            )


if __name__ == "__main__":
    main()
