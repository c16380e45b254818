"""i2b2 de-identification XML: <deIdi2b2> (or <deid>) holding <TEXT> and <TAGS>, where each
tag is an element named by its category with start, end, text and TYPE attributes:
<DATE id="P0" start="16" end="26" text="2067-05-03" TYPE="DATE"/>. One file is one
document (named by its stem); a folder's .xml files are read in name order. The label
read is TYPE (the category when TYPE is absent)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from ..documents import atomic_write_text
from ..errors import InputError
from ..option_files import read_option_text
from .model import Document, Documents, Labelled, from_files, in_folder


def read(path: Path) -> Documents:
    files = sorted(path.glob("*.xml")) if path.is_dir() else [path]
    return from_files(files, _read_one, f"{path}: no .xml files")


def _read_one(file: Path) -> Document:
    try:
        root = ElementTree.fromstring(read_option_text(file, "gold"))
        text = root.findtext("TEXT")
        if text is None:
            raise ValueError("no TEXT")
        spans = [
            Labelled(int(tag.attrib["start"]), int(tag.attrib["end"]), tag.attrib.get("TYPE") or tag.tag)
            for tag in root.find("TAGS") or []
        ]
    except (ElementTree.ParseError, ValueError, KeyError):
        raise InputError(f"{file}: not i2b2 XML (<TEXT> and <TAGS> with start and end)") from None
    return Document(text, spans)


def write(documents: Documents, folder: Path) -> None:
    for name, document in in_folder(documents, folder):
        tags = []
        for number, s in enumerate(document.sorted().spans):
            element = re.sub(r"\W", "_", s.label) or "PHI"
            tags.append(
                f'<{element} id="P{number}" start="{s.start}" end="{s.end}" '
                f'text={quoteattr(document.text[s.start : s.end])} TYPE={quoteattr(s.label)} comment=""/>'
            )
        body = escape(document.text).replace("]]>", "]]&gt;")
        xml = (
            f'<?xml version="1.0" encoding="UTF-8" ?>\n<deIdi2b2>\n<TEXT>{body}</TEXT>\n<TAGS>\n'
            + "".join(tag + "\n" for tag in tags)
            + "</TAGS>\n</deIdi2b2>\n"
        )
        atomic_write_text(folder / f"{name}.xml", xml, private=True)
