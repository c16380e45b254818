"""One note in every format the engine reads (text, records, a table, a Word document, a
PDF), for the tests that compare the CLI's files with Spark's and the service's."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

NOTE = (
    "John Smith, born on 12 March 1961 in Leeds, was admitted to St Mary's Hospital "
    "with acquired immunodeficiency syndrome after a blood transfusion.\n"
)


def write_mixed_folder(folder: Path) -> Path:
    """``folder`` holding NOTE as note.txt, rows.jsonl, table.csv, letter.pdf and letter.docx."""
    docx = pytest.importorskip("docx")
    pytest.importorskip("pypdf")
    from .test_formats_pdf import minimal_pdf

    (folder / "note.txt").write_text(NOTE, encoding="utf-8")
    (folder / "rows.jsonl").write_text(json.dumps({"id": 1, "text": NOTE}) + "\n", encoding="utf-8")
    (folder / "table.csv").write_text(f'id,text\n1,"{NOTE.strip()}"\n', encoding="utf-8")
    (folder / "letter.pdf").write_bytes(minimal_pdf([[NOTE.strip()]]))
    document = docx.Document()
    document.add_paragraph(NOTE.strip())
    document.save(str(folder / "letter.docx"))
    return folder


def content(path: Path) -> bytes | dict[str, bytes]:
    """A written file's bytes; a .docx's by its members' bytes (the zip holds write times)."""
    data = path.read_bytes()
    return members(data) if path.suffix == ".docx" else data


def members(docx: bytes) -> dict[str, bytes]:
    import io

    with zipfile.ZipFile(io.BytesIO(docx)) as archive:
        return {name: archive.read(name) for name in sorted(archive.namelist())}


def written(root: Path) -> dict[str, bytes | dict[str, bytes]]:
    """Each file under ``root`` by its relative name, with its content()."""
    return {path.relative_to(root).as_posix(): content(path) for path in root.rglob("*") if path.is_file()}
