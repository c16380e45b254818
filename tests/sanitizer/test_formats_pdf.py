"""PDF files (issue 16): the text layer is sanitized and written as text, with a notice
that the PDF itself is not rewritten; a PDF without a text layer is refused in one line;
folders tell PDF and Word files by their content, whatever their names."""

from __future__ import annotations

import io
import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.formats.pdf_text import NOT_REWRITTEN, PAGE_BREAK

pytest.importorskip("pypdf", reason="the pdf extra (pypdf) is not installed")

runner = CliRunner()
PAGES = [
    ["Mr John Harding Brown wrote to the court.", "He gave no reason."],
    ["He wrote again from john.brown@example.org on 16 March 2009."],
]


def minimal_pdf(pages: list[list[str]]) -> bytes:
    """A PDF whose pages show the given lines in Helvetica: a text layer, nothing else."""
    objects: list[str] = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    kids = []
    for lines in pages:
        shown = " ".join(
            "(" + line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ") Tj T*" for line in lines
        )
        body = f"BT /F1 12 Tf 72 720 Td 14 TL {shown} ET"
        objects.append(f"<< /Length {len(body)} >>\nstream\n{body}\nendstream")
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            f"/Resources << /Font << /F1 3 0 R >> >> /Contents {len(objects)} 0 R >>"
        )
        kids.append(len(objects))
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>"
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1")
    start = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode("ascii")
    out += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode("ascii")
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{start}\n%%EOF\n".encode("ascii")
    return bytes(out)


def test_a_pdfs_text_layer_comes_out_sanitized_as_text_with_a_notice(tmp_path):
    source = tmp_path / "letter.pdf"
    source.write_bytes(minimal_pdf(PAGES))
    result = runner.invoke(app, ["sanitize", str(source), "--workers", "1", "--no-cache"])
    assert result.exit_code == 0, result.stderr
    assert NOT_REWRITTEN in result.stderr
    text = result.stdout
    assert "Brown" not in text and "john.brown" not in text and "March 2009" not in text
    first, second = text.split(PAGE_BREAK)
    assert first.endswith("wrote to the court.\nHe gave no reason.") and second.startswith("He wrote again from ")


def test_standard_input_is_told_by_its_bytes():
    result = runner.invoke(app, ["sanitize", "-", "--workers", "1", "--no-cache"], input=minimal_pdf(PAGES))
    assert result.exit_code == 0, result.stderr
    assert NOT_REWRITTEN in result.stderr and PAGE_BREAK in result.stdout and "Brown" not in result.stdout


def test_a_pdf_without_a_text_layer_is_refused_in_one_line(tmp_path):
    source = tmp_path / "scan.pdf"
    source.write_bytes(minimal_pdf([[]]))
    result = runner.invoke(app, ["sanitize", str(source), "--no-cache"])
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1 and "has no text layer" in lines[0]


@pytest.mark.parametrize(
    "content, message, code",
    [
        (b"%PDF-1.4\nnot really a PDF", "not a readable PDF", 1),
        (None, "give -o FILE.txt", 2),
    ],
    ids=["damaged", "pdf-output"],
)
def test_a_damaged_pdf_or_a_pdf_output_is_refused(tmp_path, content, message, code):
    source = tmp_path / "letter.pdf"
    source.write_bytes(content or minimal_pdf(PAGES))
    options = ["-o", str(tmp_path / "out.PDF")] if content is None else []
    result = runner.invoke(app, ["sanitize", str(source), *options, "--no-cache"])
    assert result.exit_code == code and message in result.stderr, result.stderr
    assert not (tmp_path / "out.PDF").exists()


def test_folders_tell_pdf_and_word_files_by_content_and_count_the_rest(tmp_path):
    docx = pytest.importorskip("docx", reason="the docx extra (python-docx) is not installed")
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "letter.PDF").write_bytes(minimal_pdf(PAGES))
    (folder / "scan-without-extension").write_bytes(minimal_pdf(PAGES))
    word = docx.Document()
    word.add_paragraph("Mr John Harding Brown wrote to the court.")
    buffer = io.BytesIO()
    word.save(buffer)
    (folder / "MEMO.DOCX").write_bytes(buffer.getvalue())
    (folder / "old.doc").write_bytes(b"\xd0\xcf\x11\xe0 an old Word file")
    (folder / "archive.zip").write_bytes(b"PK\x05\x06" + b"\x00" * 18)
    out = tmp_path / "out"
    result = runner.invoke(app, ["sanitize", str(folder), "-o", str(out), "--workers", "1", "--no-cache", "--json"])
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["MEMO.DOCX", "letter.PDF.txt", "scan-without-extension.txt"]
    summary = json.loads(result.stdout)
    assert sorted(d["format"] for d in summary["documents"]) == ["docx", "pdf", "pdf"]
    assert "skipped 2 file(s)" in result.stderr and ".doc: 1" in result.stderr and ".zip: 1" in result.stderr
    assert "Brown" not in (out / "letter.PDF.txt").read_text(encoding="utf-8")
    assert "Brown" not in docx.Document(out / "MEMO.DOCX").paragraphs[0].text


def shared_stream_pdf(pages: int, content: bytes, deflate: bool = False) -> bytes:
    """A PDF whose ``pages`` pages all draw one content stream (a bomb's shape: small on
    disk, large to extract)."""
    import zlib

    stream = zlib.compress(content, 9) if deflate else content
    kids = " ".join(f"{5 + index} 0 R" for index in range(pages))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>".encode(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< /Length {len(stream)}{' /Filter /FlateDecode' if deflate else ''} >>\nstream\n".encode()
        + stream
        + b"\nendstream",
    ]
    objects += [
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
        b"/Contents 4 0 R >>"
    ] * pages
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    start = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{start}\n%%EOF\n".encode()
    return bytes(out)


LINE = b"BT /F1 12 Tf 72 720 Td (The court met on Monday.) Tj ET\n"


def test_pages_sharing_one_stream_are_refused_before_their_text_is_extracted(tmp_path):
    source = tmp_path / "shared.pdf"
    source.write_bytes(shared_stream_pdf(100, LINE * 40))  # 100 pages x 2.2 KB of content, 13 KB on disk
    refused = runner.invoke(app, ["sanitize", str(source), "--max-input-mb", "0.02", "--no-cache"])
    assert refused.exit_code != 0 and "pages' content unpacks" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    accepted = runner.invoke(app, ["sanitize", str(source), "--no-cache", "--workers", "1"])
    assert accepted.exit_code == 0, accepted.stderr
    assert accepted.stdout.count("The court met on Monday.") == 100 * 40


def test_a_stream_that_inflates_past_the_limit_is_refused(tmp_path):
    source = tmp_path / "bomb.pdf"
    source.write_bytes(shared_stream_pdf(1, LINE * 20_000, deflate=True))  # 1.1 MB from a few KB
    assert source.stat().st_size < 20_000
    result = runner.invoke(app, ["sanitize", str(source), "--max-input-mb", "0.1", "--no-cache"])
    assert result.exit_code != 0 and "decompression bomb" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
