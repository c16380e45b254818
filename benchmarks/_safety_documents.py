"""Hostile documents of the safety campaign: records and Word parts that carry a planted
name, e-mail address and phone number where the sanitizer does not read.

Each builder writes one file under the campaign's ``in`` folder. After every case the
campaign scans the published outputs (``out/pub``) for the planted values
(``PLANTED``): a record or a Word part that reaches the output unsanitized shows there.
"""

from __future__ import annotations

import io
import json
import struct
import zipfile
import zlib
from pathlib import Path

#: the planted surname (the bad-input table's documents hold it too)
SECRET = "Kowalski"
EMAIL = "kowalski@example.org"
PHONE = "+48 601 234 567"
#: what must never stand in a published output (Word parts are scanned as text, after
#: unzipping): the surname in any case (inside a code, "kowalski-1970/ab", too), the contacts
PLANTED = (SECRET, SECRET.lower(), SECRET.upper(), EMAIL, PHONE)
SENTENCE = f"Mr Jan {SECRET} ({EMAIL}, {PHONE}) lives in Warsaw."
_RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _records(inputs: Path) -> None:
    folder = inputs / "records"
    folder.mkdir()
    (folder / "missing-field.jsonl").write_text(json.dumps({"id": 1, "note": SENTENCE}) + "\n", encoding="utf-8")
    (folder / "number-field.jsonl").write_text(json.dumps({"text": 5, "note": SENTENCE}) + "\n", encoding="utf-8")
    (folder / "list-field.jsonl").write_text(json.dumps({"text": [SENTENCE]}) + "\n", encoding="utf-8")
    (folder / "mixed.json").write_text(json.dumps([{"text": "The court sat."}, SENTENCE]), encoding="utf-8")
    (folder / "ragged.csv").write_text(f"id,text\n1,The court sat.\n2,The court rose.,{SENTENCE}\n", encoding="utf-8")
    (folder / "short.tsv").write_text(f"text\tid\tnote\nThe court sat.\t1\t\n{SENTENCE}\n", encoding="utf-8")
    (folder / "surrogate.jsonl").write_text(
        '{"text": "Mr Jan \\ud800 ' + SECRET + ' lives in Warsaw."}\n', encoding="utf-8"
    )
    (folder / "deep.jsonl").write_text('{"text": ' + "[" * 50_000 + "]" * 50_000 + "}\n", encoding="utf-8")
    (folder / "bidi.txt").write_text(f"Mr Jan \u202e{SECRET} lives in Warsaw.\n", encoding="utf-8")
    # issue 57: the name in another field of the record; the name inside codes
    tab = {"doc_id": "x", "text": SENTENCE, "annotations": {"a": {"entity_mentions": [{"span_text": f"Jan {SECRET}"}]}}}
    (folder / "other-field.json").write_text(json.dumps([tab]), encoding="utf-8")
    (folder / "other-field.jsonl").write_text(json.dumps(tab) + "\n", encoding="utf-8")
    (folder / "other-field.csv").write_text(f'text,note\n"{SENTENCE}","about {SECRET.lower()}"\n', encoding="utf-8")
    (folder / "code.txt").write_text(
        f"The file {SECRET.lower()}-1970/ab was sent by Mr Jan {SECRET}. Reference j{SECRET.lower()}_2019 "
        f"and case no. {SECRET.lower()}/12/2001.\n",
        encoding="utf-8",
    )
    (folder / "polish-cp1250.txt").write_bytes(
        f"Mr Jan {SECRET} mieszka w Łodzi przy ulicy Świętego Marcina, a jego żona pracuje w szpitalu.".encode("cp1250")
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png() -> bytes:
    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"tEXt", f"Author\x00{SENTENCE}".encode())
        + _chunk(b"IDAT", zlib.compress(b"\x00\x00"))
        + _chunk(b"IEND", b"")
    )


def _docx(text: str = "The court heard the parties.", picture: bool = False) -> bytes:
    import docx

    document = docx.Document()
    document.add_paragraph(text)
    if picture:
        document.add_picture(io.BytesIO(_png()))
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _with(
    raw: bytes,
    owner: str,
    relationship: str = "",
    part: tuple[str, bytes, str] | None = None,
    replace: tuple[str, bytes, bytes] | None = None,
) -> bytes:
    """``raw`` with a relationship added to ``owner``, a part added, a part's bytes replaced."""
    source = zipfile.ZipFile(io.BytesIO(raw))
    output = io.BytesIO()
    with source, zipfile.ZipFile(output, "w") as target:
        names = source.namelist()
        for item in source.infolist():
            data = source.read(item)
            if item.filename == owner and relationship:
                data = data.replace(b"</Relationships>", relationship.encode() + b"</Relationships>")
            if item.filename == "[Content_Types].xml" and part is not None:
                data = data.replace(
                    b"</Types>", f'<Override PartName="/{part[0]}" ContentType="{part[2]}"/></Types>'.encode()
                )
            if replace is not None and item.filename == replace[0]:
                data = data.replace(replace[1], replace[2])
            target.writestr(item, data)
        if relationship and owner not in names:
            target.writestr(
                owner,
                '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
                f'relationships">{relationship}</Relationships>',
            )
        if part is not None:
            target.writestr(part[0], part[1])
    return output.getvalue()


def _word(inputs: Path) -> None:
    folder = inputs / "word"
    folder.mkdir()
    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    people = (
        f'<w15:people xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml">'
        f'<w15:person w15:author="Jan {SECRET}"/></w15:people>'
    ).encode()
    documents = {
        "people.docx": _with(
            _docx(),
            "word/_rels/document.xml.rels",
            '<Relationship Id="rIdPe" Type="http://schemas.microsoft.com/office/2011/relationships/'
            'people" Target="people.xml"/>',
            ("word/people.xml", people, "application/vnd.openxmlformats-officedocument.wordprocessingml.people+xml"),
        ),
        "docvars.docx": _with(
            _docx(),
            "",
            replace=(
                "word/settings.xml",
                b"</w:settings>",
                f'<w:docVars><w:docVar w:name="client" w:val="{SENTENCE}"/></w:docVars></w:settings>'.encode(),
            ),
        ),
        "picture-text.docx": _docx(picture=True),
        "unknown-part.docx": _with(
            _docx(),
            "word/_rels/document.xml.rels",
            '<Relationship Id="rIdU" Type="http://example.com/custom" Target="notes.xml"/>',
            ("word/notes.xml", f"<notes><n>{SENTENCE}</n></notes>".encode(), "application/xml"),
        ),
        "binary-part.docx": _with(
            _docx(),
            "word/_rels/document.xml.rels",
            '<Relationship Id="rIdB" Type="http://example.com/custom" Target="blob.bin"/>',
            ("word/blob.bin", SENTENCE.encode("utf-16-le"), "application/octet-stream"),
        ),
        "template-path.docx": _with(
            _with(
                _docx(),
                "",
                replace=(
                    "word/settings.xml",
                    b"</w:settings>",
                    f'<w:attachedTemplate {w} xmlns:r="{_RELATIONSHIPS}" r:id="rIdT"/></w:settings>'.encode(),
                ),
            ),
            "word/_rels/settings.xml.rels",
            f'<Relationship Id="rIdT" Type="{_RELATIONSHIPS}/attachedTemplate" '
            f'Target="file:///C:/Users/{SECRET}/Templates/Normal.dotm" TargetMode="External"/>',
        ),
        "mail-merge.docx": _with(
            _docx(),
            "",
            replace=(
                "word/settings.xml",
                b"</w:settings>",
                f'<w:mailMerge><w:connectString w:val="User ID={EMAIL}"/></w:mailMerge></w:settings>'.encode(),
            ),
        ),
        "alt-chunk.docx": _with(
            _docx(), "", replace=("word/document.xml", b"</w:body>", b'<w:altChunk r:id="rIdA"/></w:body>')
        ),
        "body.docx": _docx(SENTENCE),
        # issue 57: one paragraph of one sentence repeated (a form, a template): 16,000 characters
        "repeated.docx": _docx((SENTENCE + " ") * (16_000 // (len(SENTENCE) + 1))),
    }
    for name, data in documents.items():
        (folder / name).write_bytes(data)


def build_hostile_documents(inputs: Path) -> None:
    _records(inputs)
    _word(inputs)


def hostile_document_cases() -> list[tuple[str, list[str]]]:
    """Every hostile document sanitized into out/pub; records also with each --on-bad-record."""
    cases = []
    for name in (
        "missing-field.jsonl",
        "number-field.jsonl",
        "list-field.jsonl",
        "mixed.json",
        "ragged.csv",
        "short.tsv",
        "surrogate.jsonl",
        "deep.jsonl",
        "bidi.txt",
        "polish-cp1250.txt",
        "other-field.json",
        "other-field.jsonl",
        "other-field.csv",
        "code.txt",
    ):
        for policy in ("refuse", "skip", "text"):
            cases.append(
                (
                    f"record {name} --on-bad-record {policy}",
                    ["sanitize", f"IN/records/{name}", "-o", f"OUT/pub/{name}", "--on-bad-record", policy],
                )
            )
    for name in (
        "people",
        "docvars",
        "picture-text",
        "unknown-part",
        "binary-part",
        "template-path",
        "mail-merge",
        "alt-chunk",
        "body",
        "repeated",
    ):
        cases.append((f"word {name}", ["sanitize", f"IN/word/{name}.docx", "-o", f"OUT/pub/{name}.docx"]))
    return cases


def planted_in(folder: Path) -> list[str]:
    """The published files under ``folder`` holding a planted value (Word files part by part)."""
    found = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        data = path.read_bytes()
        texts = [data]
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as package:
                texts = [package.read(entry) for entry in package.namelist()]
        for text in texts:
            decoded = [text.decode("utf-8", "replace"), text.decode("utf-16-le", "replace")]
            if any(value in candidate for value in PLANTED for candidate in decoded):
                found.append(path.name)
                break
    return found
