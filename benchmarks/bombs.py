"""Decompression bombs: a Word document and PDFs that unpack to gigabytes, refused before the work.

    python benchmarks/bombs.py [--gigabytes 2] [--runs 3]

Builds, in a temporary folder, (1) a .docx whose word/document.xml unpacks to
--gigabytes of XML; (2) a PDF with one page whose content stream inflates to
--gigabytes; (3) a PDF of 20,000 pages that all share one content stream of 100 KB
(2 GB of text to extract, page by page). Each is given to `sanitizer sanitize` in a
fresh process; the script prints, per file, its size on disk, the exit code and the
first line of the error, the wall time and the process's peak memory (max RSS), the
medians of --runs runs (the bar of issue 28: refused within 5 s and 200 MB).
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import zipfile
import zlib
from pathlib import Path

from _pdf import pdf_bytes

TIMEOUT = 120
CHUNK = 1 << 24  # 16 MB of the repeated text at a time: the bomb is never held in memory


def _docx_bomb(path: Path, size: int) -> None:
    import docx

    template = path.with_suffix(".template.docx")
    docx.Document().save(str(template))
    paragraph = b"<w:p><w:r><w:t>" + b"A" * 4000 + b"</w:t></w:r></w:p>"
    with zipfile.ZipFile(template) as source, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as bomb:
        for item in source.infolist():
            if item.filename != "word/document.xml":
                bomb.writestr(item, source.read(item.filename))
                continue
            head, tail = source.read(item.filename).split(b"<w:body>", 1)
            with bomb.open("word/document.xml", "w", force_zip64=True) as xml:
                xml.write(head + b"<w:body>")
                block = paragraph * (CHUNK // len(paragraph))
                for _ in range(size // len(block)):
                    xml.write(block)
                xml.write(tail)
    template.unlink()


def _pdf(path: Path, objects: list[bytes]) -> None:
    """A PDF of the given objects (numbered from 1), with its cross-reference table."""
    path.write_bytes(pdf_bytes(objects, version="1.7"))


def _deflated(line: bytes, size: int) -> bytes:
    compressor = zlib.compressobj(9)
    block = line * (CHUNK // len(line))
    parts = [compressor.compress(block) for _ in range(size // len(block))]
    return b"".join(parts) + compressor.flush()


def _pages(count: int, content: int) -> list[bytes]:
    """Catalog, page tree, font, ``count`` pages all drawing content stream object ``content``."""
    kids = b" ".join(b"%d 0 R" % (5 + index) for index in range(count))
    return [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % count,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]


def _pdf_bomb(path: Path, size: int) -> None:
    stream = _deflated(b"BT /F1 12 Tf 72 720 Td (John Smith lives in Leeds) Tj ET\n", size)
    page = (
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
        b"/Contents 4 0 R >>"
    )
    _pdf(
        path,
        [
            *_pages(1, 4),
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream",
            page,
        ],
    )


def _pdf_shared_stream(path: Path, pages: int, stream_bytes: int) -> None:
    line = b"BT /F1 12 Tf 72 720 Td (John Smith lives in Leeds) Tj ET\n"
    stream = zlib.compress(line * (stream_bytes // len(line)), 9)
    page = (
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
        b"/Contents 4 0 R >>"
    )
    _pdf(
        path,
        [
            *_pages(pages, 4),
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream",
            *([page] * pages),
        ],
    )


def _run(path: Path, output: Path) -> tuple[int, str, float, float]:
    """Exit code, first line of stderr, seconds, peak memory (MB) of one fresh sanitize process."""
    script = (
        "import resource, subprocess, sys, time\n"
        "start = time.perf_counter()\n"
        "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
        "seconds = time.perf_counter() - start\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
        "print(done.returncode, seconds, peak)\n"
        "print((done.stderr.strip().splitlines() or [''])[0])\n"
    )
    command = [sys.executable, "-m", "ic_sanitizer", "sanitize", str(path), "-o", str(output), "--no-cache"]
    # its own process group: a run past the time limit is killed with the sanitizer it started
    helper = subprocess.Popen(
        [sys.executable, "-c", script, *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        stdout, _ = helper.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(helper.pid, signal.SIGKILL)
        helper.communicate()
        return -1, f"still running after {TIMEOUT} s (killed)", float(TIMEOUT), float("nan")
    numbers, message = stdout.splitlines()[:2]
    code, seconds, peak = numbers.split()
    return int(code), message, float(seconds), float(peak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gigabytes", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    size = int(args.gigabytes * 1e9)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        files = {
            "docx bomb": (work / "bomb.docx", work / "out.docx"),
            "pdf bomb": (work / "bomb.pdf", work / "out.txt"),
            "pdf shared stream": (work / "shared.pdf", work / "out.txt"),
        }
        _docx_bomb(files["docx bomb"][0], size)
        _pdf_bomb(files["pdf bomb"][0], size)
        _pdf_shared_stream(files["pdf shared stream"][0], 20_000, 100_000)
        print(f"{'file':<20} {'on disk':>10} {'exit':>5} {'seconds':>8} {'peak MB':>8}  message", flush=True)
        for name, (path, output) in files.items():
            runs = [_run(path, output) for _ in range(args.runs)]
            code, message = runs[-1][0], runs[-1][1]
            seconds = statistics.median(r[2] for r in runs)
            peak = statistics.median(r[3] for r in runs)
            print(
                f"{name:<20} {path.stat().st_size / 1e6:>8.1f}MB {code:>5} {seconds:>8.2f} {peak:>8.0f}  "
                f"{message[:110]}",
                flush=True,
            )


if __name__ == "__main__":
    main()
