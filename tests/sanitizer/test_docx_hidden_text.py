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
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"tEXt", f"Author\x00John {SECRET}".encode())
        + _chunk(b"IDAT", zlib.compress(b"\x00\x00"))
        + _chunk(b"IEND", b"")
    )


def _jpeg_with_exif() -> bytes:
    exif = b"Exif\x00\x00" + f"Artist {SECRET}".encode()
    comment = f"taken by {SECRET}".encode()
    return (
        b"\xff\xd8"
        + b"\xff\xe0"
        + struct.pack(">H", 16)
        + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
        + b"\xff\xe1"
        + struct.pack(">H", len(exif) + 2)
        + exif
        + b"\xff\xfe"
        + struct.pack(">H", len(comment) + 2)
        + comment
        + b"\xff\xda"
        + struct.pack(">H", 8)
        + b"\x01\x01\x00\x00\x3f\x00"
        + b"\x12\x34"
        + b"\xff\xd9"
    )


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
    people = (
        '<w15:people xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml">'
        f'<w15:person w15:author="John {SECRET}"/></w15:people>'
    )
    with source, zipfile.ZipFile(output, "w") as target:
        for entry in source.infolist():
            data = source.read(entry)
            if entry.filename == "word/_rels/document.xml.rels":
                data = data.replace(
                    b"</Relationships>",
                    b'<Relationship Id="rIdPeople" Type="http://schemas.'
                    b'microsoft.com/office/2011/relationships/people" Target="people.xml"/>'
                    b"</Relationships>",
                )
            if entry.filename == "[Content_Types].xml":
                data = data.replace(
                    b"</Types>",
                    b'<Override PartName="/word/people.xml" ContentType="application/'
                    b'vnd.openxmlformats-officedocument.wordprocessingml.people+xml"/></Types>',
                )
            target.writestr(entry, data)
        target.writestr("word/people.xml", people)
    return output.getvalue()


def test_no_hidden_text_of_a_word_document_reaches_the_output(tmp_path):
    raw = _document_with_hidden_text()
    assert SECRET.encode() in raw
    (tmp_path / "doc.docx").write_bytes(raw)
    result = runner.invoke(
        app, ["sanitize", str(tmp_path / "doc.docx"), "-o", str(tmp_path / "out.docx"), "--no-cache"]
    )
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


_RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _with_part(
    raw: bytes,
    owner: str,
    relationship: str,
    entry: str | None = None,
    data: bytes = b"",
    content_type: str = "application/octet-stream",
) -> bytes:
    """``raw`` with one more relationship in the part ``owner`` (a .rels entry) and, when
    ``entry`` is given, the part it points to."""
    source = zipfile.ZipFile(io.BytesIO(raw))
    output = io.BytesIO()
    with source, zipfile.ZipFile(output, "w") as target:
        names = source.namelist()
        for item in source.infolist():
            content = source.read(item)
            if item.filename == owner:
                content = content.replace(b"</Relationships>", relationship.encode() + b"</Relationships>")
            if item.filename == "[Content_Types].xml" and entry is not None:
                content = content.replace(
                    b"</Types>", f'<Override PartName="/{entry}" ContentType="{content_type}"/></Types>'.encode()
                )
            target.writestr(item, content)
        if owner not in names:
            target.writestr(
                owner,
                f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
                f'relationships">{relationship}</Relationships>',
            )
        if entry is not None:
            target.writestr(entry, data)
    return output.getvalue()


def _plain_document(settings_extra: str = "") -> bytes:
    document = docx.Document()
    document.add_paragraph("Mr John Brown wrote to the court.")
    if settings_extra:
        from docx.oxml import parse_xml

        document.settings.element.append(parse_xml(settings_extra))
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _sanitized(tmp_path, raw: bytes):
    (tmp_path / "doc.docx").write_bytes(raw)
    return runner.invoke(app, ["sanitize", str(tmp_path / "doc.docx"), "-o", str(tmp_path / "out.docx"), "--no-cache"])


@pytest.mark.parametrize(
    "entry, data, content_type, message",
    [
        (
            "word/intelligence.xml",
            f"<notes><note>Met {SECRET} in Leeds</note></notes>".encode(),
            "application/xml",
            "holds text",
        ),
        ("word/blob.bin", f"owner {SECRET}".encode("utf-16-le"), "application/octet-stream", "cannot read or vouch"),
        (
            "word/media/chart.gif",
            b"GIF89a\x01\x00\x01\x00\x00\x00\x00!\xfe\x14contact hb@firm.example\x00;",
            "image/gif",
            "e-mail address or a phone number",
        ),
    ],
    ids=["xml-part-with-text", "binary-part", "picture-with-an-e-mail"],
)
def test_a_part_the_sanitizer_cannot_vouch_for_makes_it_refuse(tmp_path, entry, data, content_type, message):
    target = entry.removeprefix("word/")
    raw = _with_part(
        _plain_document(),
        "word/_rels/document.xml.rels",
        f'<Relationship Id="rIdX" Type="http://example.com/relationships/custom" Target="{target}"/>',
        entry,
        data,
        content_type,
    )
    result = _sanitized(tmp_path, raw)
    assert result.exit_code != 0 and message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert SECRET not in result.stderr and not (tmp_path / "out.docx").exists()


def test_an_e_mail_in_the_settings_makes_it_refuse(tmp_path):
    mail_merge = (
        '<w:mailMerge xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
        '<w:connectString w:val="Provider=x;User ID=hbrown@firm.example"/></w:mailMerge>'
    )
    result = _sanitized(tmp_path, _plain_document(mail_merge))
    assert result.exit_code != 0 and "word/settings.xml" in result.stderr and not (tmp_path / "out.docx").exists()


def test_the_template_path_and_the_printer_settings_are_removed(tmp_path):
    template = (
        f'<w:attachedTemplate xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
        f'xmlns:r="{_RELATIONSHIPS}" r:id="rIdT"/>'
    )
    raw = _with_part(
        _plain_document(template),
        "word/_rels/settings.xml.rels",
        f'<Relationship Id="rIdT" Type="{_RELATIONSHIPS}/attachedTemplate" '
        'Target="file:///C:/Users/hardingbrown/Templates/Normal.dotm" TargetMode="External"/>',
    )
    raw = _with_part(
        raw,
        "word/_rels/document.xml.rels",
        f'<Relationship Id="rIdP" Type="{_RELATIONSHIPS}/printerSettings" '
        'Target="printerSettings/printerSettings1.bin"/>',
        "word/printerSettings/printerSettings1.bin",
        "HP LaserJet of Harding".encode("utf-16-le"),
        "application/vnd.openxmlformats-officedocument.wordprocessingml.printerSettings",
    )
    assert b"hardingbrown" in raw
    result = _sanitized(tmp_path, raw)
    assert result.exit_code == 0, result.stderr
    with zipfile.ZipFile(tmp_path / "out.docx") as package:
        assert not any("printerSettings" in name for name in package.namelist())
        for entry in package.namelist():
            data = package.read(entry)
            assert b"hardingbrown" not in data and b"attachedTemplate" not in data, entry


def test_a_removed_year_is_not_found_in_the_schemas_every_part_names(tmp_path):
    # "…/wordprocessingml/2006/main" is in every part's namespaces; a masked date of 2006 is not there
    document = docx.Document()
    document.add_paragraph("Mr John Brown was dismissed in 2006 and again on 3 March 2006.")
    buffer = io.BytesIO()
    document.save(buffer)
    result = _sanitized(tmp_path, buffer.getvalue())
    assert result.exit_code == 0, result.stderr
    with zipfile.ZipFile(tmp_path / "out.docx") as package:
        body = package.read("word/document.xml").decode("utf-8")
    assert "Brown" not in body and "March 2006" not in body
