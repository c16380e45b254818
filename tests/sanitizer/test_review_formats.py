"""The review page over every kind `sanitize` reads (issue 16): a JSON or CSV file is
reviewed field by field ("notes.jsonl: line 1, field text"), a Word document as one text
(as the engine sanitizes it), and `sanitize --decisions` gives each exactly as reviewed,
in the file's own format."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from typer.testing import CliRunner

from ic_sanitizer import Sanitizer
from ic_sanitizer.cli.app import app
from ic_sanitizer.formats.kinds import read_source
from ic_sanitizer.formats.sanitizing import piece_texts
from ic_sanitizer.review import review_document, reviewed_text
from ic_sanitizer.review.data import reviewed_replacements
from ic_sanitizer.review.decisions import decisions_file, document_decisions

runner = CliRunner()
TEXTS = [
    "Mr John Harding Brown wrote to Mr Kowalski in Leeds on 3 May 2001.",
    "Ms Anna Nowak met Brown in York.",
    "Nothing personal here.",
]


def _page_data(page):
    data = re.search(
        r'<script type="application/json" id="review-data">(.*?)</script>', page.read_text(encoding="utf-8"), re.S
    ).group(1)
    return json.loads(data)


def _flip(document, seed):
    chooser = random.Random(seed)
    return [not s.masked if chooser.random() < 0.4 else s.masked for s in document.spans]


def test_review_and_decisions_over_jsonl_csv_and_docx(tmp_path):
    docx = pytest.importorskip("docx", reason="the docx extra (python-docx) is not installed")
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "notes.jsonl").write_text(
        "".join(json.dumps({"id": i, "text": t}) + "\n" for i, t in enumerate(TEXTS)), encoding="utf-8"
    )
    (folder / "table.csv").write_text(
        "id,text\n" + "".join(f'{i},"{t}"\n' for i, t in enumerate(TEXTS)), encoding="utf-8"
    )
    word = docx.Document()
    word.core_properties.comments = ""
    for text in TEXTS:
        word.add_paragraph(text)
    buffer = io.BytesIO()
    word.save(buffer)
    (folder / "memo.docx").write_bytes(buffer.getvalue())

    page = tmp_path / "private" / "review.html"
    result = runner.invoke(app, ["review", str(folder), "-o", str(page), "--no-cache", "--workers", "1"])
    assert result.exit_code == 0, result.stderr
    data = _page_data(page)
    names = [d["input"] for d in data["documents"]]
    assert "notes.jsonl: line 1, field text" in names and "table.csv: row 2, field text" in names
    assert "memo.docx" in names and len(names) == 7  # a Word document is reviewed as one text

    pieces = {d["input"]: d["text"] for d in data["documents"]}
    memo = read_source(folder / "memo.docx", 16_000_000)
    assert pieces["memo.docx"] == "\n\n".join(memo.pieces)
    with Sanitizer(use_cache=False) as sanitizer:
        reviewed = [review_document(name, text, sanitizer.sanitize(text)) for name, text in pieces.items()]
    masks = {document.input: _flip(document, seed) for seed, document in enumerate(reviewed)}
    assert any(masks[d.input] != [s.masked for s in d.spans] for d in reviewed), "some decisions differ from the tool's"
    decisions = tmp_path / "private" / "decisions.json"
    decisions.write_text(
        json.dumps(
            decisions_file(
                data["settings"],
                [
                    document_decisions(document, masks[document.input], [True] * len(document.spans))
                    for document in reviewed
                ],
            )
        ),
        encoding="utf-8",
    )

    out = tmp_path / "out"
    applied = runner.invoke(
        app, ["sanitize", str(folder), "-o", str(out), "--decisions", str(decisions), "--no-cache", "--workers", "1"]
    )
    assert applied.exit_code == 0, applied.stderr
    expected = {document.input: reviewed_text(document, masks[document.input]) for document in reviewed}
    memo_review = next(document for document in reviewed if document.input == "memo.docx")
    memo_expected = piece_texts(memo, [reviewed_replacements(memo_review, masks["memo.docx"])])
    assert [json.loads(line)["text"] for line in (out / "notes.jsonl").read_text(encoding="utf-8").splitlines()] == [
        expected[f"notes.jsonl: line {n}, field text"] for n in (1, 2, 3)
    ]
    assert [p.text for p in docx.Document(out / "memo.docx").paragraphs] == memo_expected
    assert "Brown" not in applied.stderr


def test_review_of_a_pdf_shows_its_text_layer(tmp_path):
    pytest.importorskip("pypdf", reason="the pdf extra (pypdf) is not installed")
    from .test_formats_pdf import minimal_pdf

    source = tmp_path / "letter.pdf"
    source.write_bytes(minimal_pdf([[TEXTS[0]]]))
    page = tmp_path / "private" / "review.html"
    result = runner.invoke(app, ["review", str(source), "-o", str(page), "--no-cache", "--workers", "1"])
    assert result.exit_code == 0, result.stderr
    [document] = _page_data(page)["documents"]
    assert document["input"] == "letter.pdf: text layer" and TEXTS[0] in document["text"]
