"""Word documents (issue 16): a .docx with known identifiers comes out a .docx with the
identifiers replaced in place, its formatting (paragraph styles, run properties, table
shape) identical and every other character as it was; what cannot be sanitized in place
is refused in one line."""

from __future__ import annotations

import copy
import io
import re
import struct
import zipfile
import zlib

import pytest
from typer.testing import CliRunner

from ic_sanitizer import Sanitizer
from ic_sanitizer.cli.app import app
from ic_sanitizer.errors import InputError, OutputError
from ic_sanitizer.formats.word import docx_layout
from ic_sanitizer.formats.word_text import changes

docx = pytest.importorskip("docx", reason="the docx extra (python-docx) is not installed")
from docx.opc.constants import RELATIONSHIP_TYPE as RT  # noqa: E402
from docx.oxml import OxmlElement  # noqa: E402
from docx.oxml.ns import qn  # noqa: E402

runner = CliRunner()
IDENTIFIERS = ("Brown", "Harding", "john.brown", "16 March 2009")
MAX_BYTES = 16_000_000


def _hyperlink(paragraph, url: str, text: str) -> None:
    """A hyperlink as Word writes it: a w:hyperlink around a run, its URL in the part's relationships."""
    rid = paragraph.part.relate_to(url, RT.HYPERLINK, is_external=True)
    link = OxmlElement("w:hyperlink", {qn("r:id"): rid})
    run = OxmlElement("w:r")
    run_text = OxmlElement("w:t")
    run_text.text = text
    run.append(run_text)
    link.append(run)
    paragraph._p.append(link)


def _png() -> bytes:
    """A 1x1 grey PNG, made here (python-docx reads its size from the header)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(b"\x00\x80"))
        + chunk(b"IEND", b"")
    )


def _judgment_docx() -> bytes:
    document = docx.Document()
    document.add_heading("The case of Mr John Harding Brown", level=1)
    document.add_picture(io.BytesIO(_png()))
    for properties in document.element.body.iter():
        if isinstance(properties.tag, str) and properties.tag.endswith(("}docPr", "}cNvPr")):
            properties.set("descr", "Mr John Harding Brown at home")  # alt text, kept twice as Word does
    paragraph = document.add_paragraph("Our client, ")
    paragraph.add_run("Mr John").bold = True
    paragraph.add_run(" Harding Brown").italic = True
    paragraph.add_run(", wrote on 16 March 2009 to the court, which ")
    paragraph.add_run("noted").underline = True
    paragraph.add_run(" the letter.\tIt was filed.")
    contact = document.add_paragraph("Write to ", style="List Bullet")
    _hyperlink(contact, "mailto:john.brown@example.org", "john.brown@example.org")
    contact.add_run(" for the file.")
    table = document.add_table(rows=2, cols=3)
    for row, cells in enumerate(
        [("Applicant", "Mr John Harding Brown", "British"), ("Lodged", "16 March 2009", "by post")]
    ):
        for column, text in enumerate(cells):
            table.cell(row, column).text = text
    table.cell(0, 1).paragraphs[0].runs[0].bold = True
    document.add_paragraph("Nothing personal in this paragraph.", style="Quote")
    document.sections[0].header.paragraphs[0].text = "Brown v. the United Kingdom"
    document.core_properties.title = "Brown v. the United Kingdom"
    document.core_properties.author = "A Clerk"
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _all_xml(raw: bytes) -> str:
    with zipfile.ZipFile(io.BytesIO(raw)) as package:
        return "".join(
            package.read(name).decode("utf-8", "replace")
            for name in package.namelist()
            if name.endswith((".xml", ".rels"))
        )


def _shape(document):
    """Everything of the formatting: each paragraph's style and properties, each run's
    properties, the tables' shape, cell by cell."""
    paragraphs = list(document.paragraphs) + [
        p for t in document.tables for row in t.rows for c in row.cells for p in c.paragraphs
    ]
    return (
        [
            (
                p.style.name,
                None if p._p.pPr is None else p._p.pPr.xml,
                [None if r._r.rPr is None else r._r.rPr.xml for r in p.runs],
            )
            for p in paragraphs
        ],
        [(len(t.rows), len(t.columns), t.style.name if t.style else None) for t in document.tables],
    )


def _paragraph_texts(document):
    return (
        [p.text for p in document.paragraphs]
        + [p.text for t in document.tables for row in t.rows for c in row.cells for p in c.paragraphs]
        + [p.text for s in document.sections for p in s.header.paragraphs]
    )


def test_docx_round_trip_replaces_the_identifiers_and_keeps_the_formatting(tmp_path):
    raw = _judgment_docx()
    source = tmp_path / "judgment.docx"
    source.write_bytes(raw)
    output = tmp_path / "out" / "judgment.docx"
    result = runner.invoke(app, ["sanitize", str(source), "-o", str(output), "--workers", "1", "--no-cache"])
    assert result.exit_code == 0, result.stderr
    assert source.read_bytes() == raw, "the input is never modified"
    written = output.read_bytes()
    xml = _all_xml(written)
    assert not [identifier for identifier in IDENTIFIERS if identifier in xml], "an identifier stayed in the file"
    assert "A Clerk" not in xml, "the author property is cleared"

    before, after = docx.Document(io.BytesIO(raw)), docx.Document(io.BytesIO(written))
    assert _shape(after) == _shape(before)
    # The paragraphs are one document: its one person has one placeholder in the heading,
    # the body, the table and the header; and every paragraph reads as the engine's output
    # for the whole document, cut at the paragraph (nothing else changed).
    persons = set(re.findall(r"\[PERSON-\d+\]", "\n".join(_paragraph_texts(after))))
    assert persons == {"[PERSON-1]"}, persons
    layout = docx_layout(raw, "judgment.docx", MAX_BYTES)
    with Sanitizer(use_cache=False) as sanitizer:
        whole = sanitizer.sanitize("\n\n".join(layout.pieces))
    for text in _paragraph_texts(after):
        assert text in whole.text, text
    assert after.core_properties.title == after.sections[0].header.paragraphs[0].text
    # the name spanning a bold and an italic run went into the first (bold) run; the italic one is empty
    runs = after.paragraphs[2].runs
    assert [(r.text, r.bold, r.italic) for r in runs[:3]] == [
        ("Our client, ", None, None),
        ("[PERSON-1]", True, None),
        ("", None, True),
    ]
    assert runs[4].text == "noted" and runs[4].underline and "\t" in runs[5].text
    targets = [rel.target_ref for rel in after.part.rels.values() if rel.reltype == RT.HYPERLINK]
    assert targets and not any("brown" in target.lower() for target in targets)


def test_a_change_over_several_runs_goes_into_the_first_and_trims_the_others():
    document = docx.Document()
    paragraph = document.add_paragraph("Signed by ")
    paragraph.add_run("Anna").bold = True
    paragraph.add_run("\tKowalska").italic = True  # a tab element inside the span
    paragraph.add_run(" and Peter Smith, witness.")
    document.core_properties.comments = ""  # python-docx's template says who made it
    buffer = io.BytesIO()
    document.save(buffer)
    layout = docx_layout(buffer.getvalue(), "memo.docx", MAX_BYTES)
    assert layout.pieces == ("Signed by Anna\tKowalska and Peter Smith, witness.",)
    assert layout.labels == ("body, paragraph 1",)
    written = layout.assemble(["Signed by [PERSON-1] and [PERSON-2], witness."])
    assert isinstance(written, bytes)
    runs = docx.Document(io.BytesIO(written)).paragraphs[0].runs
    assert [(r.text, r.bold, r.italic) for r in runs] == [
        ("Signed by ", None, None),
        ("[PERSON-1]", True, None),
        ("", None, True),
        (" and [PERSON-2], witness.", None, None),
    ]
    unchanged = docx.Document(io.BytesIO(layout.assemble(list(layout.pieces))))  # assemble twice: no state kept
    assert unchanged.paragraphs[0].text == layout.pieces[0]


@pytest.mark.parametrize(
    "original, sanitized, expected",
    [
        ("Mr Brown wrote.", "Mr [PERSON-1] wrote.", [(3, 8, "[PERSON-1]")]),
        ("John Brown, Anna Smith", "[PERSON-1], [PERSON-2]", [(0, 10, "[PERSON-1]"), (12, 22, "[PERSON-2]")]),
        ("He met Brown .", "He met .", [(7, 13, "")]),
    ],
    ids=["word", "two-names", "deletion"],
)
def test_changes_align_word_by_word(original, sanitized, expected):
    assert changes(original, sanitized) == expected


def _with_comment() -> bytes:
    document = docx.Document()
    paragraph = document.add_paragraph("Mr John Brown wrote.")
    document.add_comment(paragraph.runs, text="Ask Mr Brown again", author="Reviewer")
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _with_tracked_deletion() -> bytes:
    document = docx.Document()
    paragraph = document.add_paragraph("Mr John Brown wrote.")
    deleted = OxmlElement("w:del", {qn("w:id"): "1", qn("w:author"): "Reviewer"})
    run = OxmlElement("w:r")
    text = OxmlElement("w:delText")
    text.text = " from Leeds"
    run.append(text)
    deleted.append(run)
    paragraph._p.append(copy.deepcopy(deleted))
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


@pytest.mark.parametrize(
    "content, message",
    [
        (_with_comment, "has comments"),
        (_with_tracked_deletion, "has tracked changes"),
        (lambda: b"Mr John Brown wrote.\n", "not a Word document"),
        (lambda: b"PK\x03\x04 not really a zip", "not a Word document"),
    ],
    ids=["comments", "tracked-changes", "text", "broken-zip"],
)
def test_what_cannot_be_sanitized_in_place_is_refused_in_one_line(tmp_path, content, message):
    source = tmp_path / "memo.docx"
    source.write_bytes(content())
    result = runner.invoke(app, ["sanitize", str(source), "-o", str(tmp_path / "out.docx"), "--no-cache"])
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1 and message in lines[0], result.stderr
    assert "Brown" not in result.stderr and "Leeds" not in result.stderr
    assert not (tmp_path / "out.docx").exists()


def test_a_docx_needs_an_output_file(tmp_path):
    source = tmp_path / "memo.docx"
    source.write_bytes(_judgment_docx())
    result = runner.invoke(app, ["sanitize", str(source), "--no-cache"])
    assert result.exit_code == 2 and "give -o FILE.docx" in result.stderr


def test_layout_refuses_a_zip_bomb_and_an_empty_document():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("word/document.xml", b" " * 2_000_000)
    with pytest.raises(InputError, match="unpacks to"):
        docx_layout(buffer.getvalue(), "bomb.docx", 100_000)
    empty = io.BytesIO()
    blank = docx.Document()
    blank.core_properties.comments = ""
    blank.save(empty)
    with pytest.raises(InputError, match="no text"):
        docx_layout(empty.getvalue(), "empty.docx", MAX_BYTES)


def _field_paragraph(document, instruction: str, result: str, after: str) -> None:
    """A complex field as Word writes it: begin, instruction, separate, result, end."""
    paragraph = document.add_paragraph()
    for kind, text in (("begin", None), (None, instruction), ("separate", None), (None, result), ("end", None)):
        run = OxmlElement("w:r")
        if kind:
            run.append(OxmlElement("w:fldChar", {qn("w:fldCharType"): kind}))
        else:
            element = OxmlElement("w:instrText" if text == instruction else "w:t")
            element.text = text
            run.append(element)
        paragraph._p.append(run)
    paragraph.add_run(after)


def _saved(document) -> bytes:
    document.core_properties.comments = ""
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def test_a_hyperlink_fields_target_is_sanitized_and_its_keyword_kept():
    document = docx.Document()
    _field_paragraph(document, ' HYPERLINK "mailto:john.brown@example.org" \\o "Write" ', "Write to me", ".")
    layout = docx_layout(_saved(document), "memo.docx", MAX_BYTES)
    assert layout.pieces == ("Write to me.", "mailto:john.brown@example.org", "Write")
    assert layout.labels[1] == "body, paragraph 1, field argument 1"
    written = layout.assemble([layout.pieces[0], "[EMAIL-1]", "Write"])
    xml = _all_xml(written)
    assert "john.brown" not in xml and ' HYPERLINK "[EMAIL-1]" \\o "Write" ' in xml


def test_text_removed_everywhere_but_left_in_a_part_not_read_stops_the_write():
    document = docx.Document()
    _field_paragraph(document, ' AUTHOR "John Harding Brown" ', "John Harding Brown", " wrote the letter.")
    layout = docx_layout(_saved(document), "memo.docx", MAX_BYTES)
    assert layout.pieces == ("John Harding Brown wrote the letter.",)  # an AUTHOR field's argument is not read
    with pytest.raises(OutputError, match="word/document.xml") as refused:
        layout.assemble(["[PERSON-1] wrote the letter."])
    assert "Brown" not in str(refused.value)


def test_a_person_keeps_one_placeholder_across_paragraphs_and_a_surname_alone_is_recognised(tmp_path):
    # One document, not one text per paragraph: "Brown" alone in the third paragraph is
    # the Mr John Brown of the first, and every paragraph gives him the same placeholder.
    document = docx.Document()
    document.add_paragraph("Our client, Mr John Brown, lives in Leeds.")
    document.add_paragraph("The Government replied in writing.")
    document.add_paragraph("Brown appealed.")
    buffer = io.BytesIO()
    document.save(buffer)
    source, output = tmp_path / "brown.docx", tmp_path / "out.docx"
    source.write_bytes(buffer.getvalue())
    result = runner.invoke(app, ["sanitize", str(source), "-o", str(output), "--workers", "1", "--no-cache"])
    assert result.exit_code == 0, result.stderr
    paragraphs = [p.text for p in docx.Document(str(output)).paragraphs]
    assert "Brown" not in "\n".join(paragraphs)
    assert paragraphs[0].startswith("Our client, [PERSON-1]") and paragraphs[2] == "[PERSON-1] appealed."


def _apply(original, edits):
    pieces, cursor = [], 0
    for start, end, replacement in edits:
        pieces += [original[cursor:start], replacement]
        cursor = end
    return "".join(pieces) + original[cursor:]


@pytest.mark.parametrize("seed", range(5))
def test_changes_of_a_long_paragraph_give_the_sanitized_text_word_by_word(seed):
    # Long enough that the linear walk (not difflib alone) aligns it; dense and sparse changes alike.
    import random

    rng = random.Random(seed)
    words = [
        rng.choice(["the", "Court", "Mr", "Brown", "of", "on", "12", "May", "applicant", ",", "."]) for _ in range(6000)
    ]
    original = " ".join(words)
    sanitized_words = [
        f"[PERSON-{rng.randrange(9)}]" if w in ("Brown", "Mr") and rng.random() < 0.7 else w for w in words
    ]
    sanitized = " ".join(sanitized_words)
    edits = changes(original, sanitized)
    assert _apply(original, edits) == sanitized
    inside_a_word = [
        start
        for start, _, _ in edits
        if 0 < start < len(original) and original[start - 1].isalnum() and original[start].isalnum()
    ]
    assert inside_a_word == []  # aligned word by word
