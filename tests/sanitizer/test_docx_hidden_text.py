"""Text a Word document holds where no reader of the page looks is removed, or the file refused (issue 28)."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.errors import InputError
from ic_sanitizer.formats.image_metadata import strip_jpeg, strip_png
from ic_sanitizer.formats.word import docx_layout

docx = pytest.importorskip("docx", reason="the docx extra (python-docx) is not installed")
from docx.oxml import OxmlElement  # noqa: E402
from docx.oxml.ns import qn  # noqa: E402

runner = CliRunner()
SECRET = "Harding Brown"
MAX_BYTES = 16_000_000


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png_with_text() -> bytes:
    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"tEXt", f"Author\x00John {SECRET}".encode())
            + _chunk(b"IDAT", zlib.compress(b"\x00\x00")) + _chunk(b"IEND", b""))


def _jpeg_with_exif() -> bytes:
    exif = b"Exif\x00\x00" + f"Artist {SECRET}".encode()
    comment = f"taken by {SECRET}".encode()
    return (b"\xff\xd8" + b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + b"\xff\xe1" + struct.pack(">H", len(exif) + 2) + exif
            + b"\xff\xfe" + struct.pack(">H", len(comment) + 2) + comment
            + b"\xff\xda" + struct.pack(">H", 8) + b"\x01\x01\x00\x00\x3f\x00" + b"\x12\x34" + b"\xff\xd9")


def test_picture_text_is_stripped_and_the_picture_kept():
    png = strip_png(_png_with_text())
    assert png is not None and SECRET.encode() not in png and b"IDAT" in png and png.endswith(_chunk(b"IEND", b""))
    jpeg = strip_jpeg(_jpeg_with_exif())
    assert jpeg is not None and SECRET.encode() not in jpeg and b"JFIF" in jpeg and jpeg.endswith(b"\x12\x34\xff\xd9")
    assert strip_png(b"not a png") is None and strip_jpeg(b"\xff\xd8\x00") is None


def _document_with_hidden_text() -> bytes:
    document = docx.Document()
    paragraph = document.add_paragraph(f"Mr John {SECRET} wrote to the court.")
    # a content control with a title (alias) and a tag
    sdt = OxmlElement("w:sdt")
    properties = OxmlElement("w:sdtPr")
    properties.append(OxmlElement("w:alias", {qn("w:val"): f"Client {SECRET}"}))
    properties.append(OxmlElement("w:tag", {qn("w:val"): f"client-{SECRET}"}))
    sdt.append(properties)
    content = OxmlElement("w:sdtContent")
    inner = OxmlElement("w:p")
    run = OxmlElement("w:r")
    text = OxmlElement("w:t")
    text.text = "The court replied."
    run.append(text)
    inner.append(run)
    content.append(inner)
    sdt.append(content)
    document.element.body.insert(0, sdt)
    # a hyperlink with a tooltip, to an anchor in the document
    link = OxmlElement("w:hyperlink", {qn("w:anchor"): "top", qn("w:tooltip"): f"About {SECRET}"})
    link_run = OxmlElement("w:r")
    link_text = OxmlElement("w:t")
    link_text.text = " See above."
    link_run.append(link_text)
    link.append(link_run)
    paragraph._p.append(link)
    # document variables in the settings
    variables = OxmlElement("w:docVars")
    variables.append(OxmlElement("w:docVar", {qn("w:name"): "client", qn("w:val"): f"John {SECRET}"}))
    document.settings.element.append(variables)
    document.add_picture(io.BytesIO(_png_with_text()))
    buffer = io.BytesIO()
    document.save(buffer)
    return _with_people_part(buffer.getvalue())


def _with_people_part(raw: bytes) -> bytes:
    """Add word/people.xml (revision authors) with its relationship and content type."""
    source = zipfile.ZipFile(io.BytesIO(raw))
    output = io.BytesIO()
    people = ('<w15:people xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml">'
              f'<w15:person w15:author="John {SECRET}"/></w15:people>')
    with source, zipfile.ZipFile(output, "w") as target:
        for entry in source.infolist():
            data = source.read(entry)
            if entry.filename == "word/_rels/document.xml.rels":
                data = data.replace(b"</Relationships>", b'<Relationship Id="rIdPeople" Type="http://schemas.'
                                    b'microsoft.com/office/2011/relationships/people" Target="people.xml"/>'
                                    b"</Relationships>")
            if entry.filename == "[Content_Types].xml":
                data = data.replace(b"</Types>", b'<Override PartName="/word/people.xml" ContentType="application/'
                                    b'vnd.openxmlformats-officedocument.wordprocessingml.people+xml"/></Types>')
            target.writestr(entry, data)
        target.writestr("word/people.xml", people)
    return output.getvalue()


def test_no_hidden_text_of_a_word_document_reaches_the_output(tmp_path):
    raw = _document_with_hidden_text()
    assert SECRET.encode() in raw
    (tmp_path / "doc.docx").write_bytes(raw)
    result = runner.invoke(app, ["sanitize", str(tmp_path / "doc.docx"), "-o", str(tmp_path / "out.docx"),
                                 "--no-cache"])
    assert result.exit_code == 0, result.stderr
    with zipfile.ZipFile(tmp_path / "out.docx") as package:
        for entry in package.namelist():
            data = package.read(entry)
            assert SECRET.encode() not in data and b"Harding" not in data, entry
        assert "word/people.xml" not in package.namelist()
        assert any(name.startswith("word/media/") for name in package.namelist())  # the picture stays


def test_an_imported_chunk_is_refused_in_one_line():
    document = docx.Document()
    document.add_paragraph("Mr John Brown wrote.")
    document.element.body.append(OxmlElement("w:altChunk", {qn("r:id"): "rId99"}))
    buffer = io.BytesIO()
    document.save(buffer)
    with pytest.raises(InputError, match="altChunk"):
        docx_layout(buffer.getvalue(), "doc.docx", MAX_BYTES)
