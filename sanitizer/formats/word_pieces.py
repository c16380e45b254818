"""The pieces of a Word document: what is read from it to be sanitized (paragraphs of
every story, field arguments, hyperlink targets, pictures' text, core properties), each
with the way its sanitized text is written back (word.py opens and saves the document)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from ..errors import InputError
from .word_text import Atom, changes, instructions, rewrite, run_atoms

#: fields whose quoted arguments are locations (URLs, file names) that may name someone
_LOCATION_FIELDS = re.compile(r"^\s*(HYPERLINK|INCLUDEPICTURE|INCLUDETEXT)\b", re.IGNORECASE)
_QUOTED = re.compile(r'"([^"]*)"')
_WORD_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
_MACRO_MAIN = "application/vnd.ms-word.document.macroEnabled.main+xml"
_TEMPLATE_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml"
_CORE_TEXT = ("title", "subject", "keywords", "comments", "category")
_PICTURE_TEXT = {"name": "name", "title": "title", "descr": "description"}


def story_parts() -> dict[str, str]:
    """Content type -> the name of a part whose paragraphs are sanitized."""
    from docx.opc.constants import CONTENT_TYPE as CT

    return {
        _WORD_MAIN: "body",
        _MACRO_MAIN: "body",
        _TEMPLATE_MAIN: "body",
        CT.WML_HEADER: "header",
        CT.WML_FOOTER: "footer",
        CT.WML_FOOTNOTES: "footnotes",
        CT.WML_ENDNOTES: "endnotes",
        CT.WML_DOCUMENT_GLOSSARY: "glossary",
    }


def refused_parts() -> dict[str, str]:
    from docx.opc.constants import CONTENT_TYPE as CT

    return {
        CT.DML_CHART: "a chart",
        CT.DML_DIAGRAM_DATA: "a diagram (SmartArt)",
        CT.OFC_OLE_OBJECT: "an embedded object",
        CT.OFC_PACKAGE: "an embedded document",
    }


# --- the pieces of a document -----------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    label: str
    text: str
    #: writes the sanitized text back into the document
    write: Callable[[str], None]


def _paragraph_piece(label: str, atoms: list[Atom], qn: Callable[[str], str]) -> Piece:
    original = "".join(atom.text for atom in atoms)

    def write(sanitized: str) -> None:
        if sanitized != original:
            rewrite(atoms, changes(original, sanitized), qn)

    return Piece(label, original, write)


def _field_pieces(label: str, atoms: list[Atom], qn: Callable[[str], str]) -> Iterator[Piece]:
    """The quoted arguments of a paragraph's location fields, each a piece; only the
    argument is rewritten, never the field's keyword or switches."""
    instruction = "".join(atom.text for atom in atoms)
    if not _LOCATION_FIELDS.search(instruction):
        return
    for number, match in enumerate(_QUOTED.finditer(instruction), start=1):
        if not match.group(1).strip():
            continue
        start, end = match.span(1)

        def write(sanitized: str, start: int = start, end: int = end) -> None:
            if sanitized != instruction[start:end]:
                rewrite(atoms, [(start, end, sanitized)], qn)

        yield Piece(f"{label}, field argument {number}", instruction[start:end], write)


def _simple_field_pieces(label: str, paragraph: Any, qn: Callable[[str], str]) -> Iterator[Piece]:
    name = qn("w:instr")
    for field in paragraph.iter(qn("w:fldSimple")):
        instruction = field.get(name, "")
        if not _LOCATION_FIELDS.search(instruction):
            continue
        atom = Atom(instruction, True, field, name)
        yield from _field_pieces(label, [atom], qn)


class PieceReader:
    """Collects the pieces of an open document (python-docx's Document)."""

    def __init__(self, document: Any, name: str) -> None:
        from docx.oxml.ns import qn

        self.document = document
        self.name = name
        self.qn: Callable[[str], str] = qn
        self.pieces: list[Piece] = []
        self.pictures = 0
        self.links = 0

    def read(self) -> list[Piece]:
        package = self.document.part.package
        parts = list(package.iter_parts())
        refused = refused_parts()
        for part in parts:
            if part.content_type in refused:
                raise InputError(
                    f"{self.name}: has {refused[part.content_type]}, whose text is not read; "
                    "remove it (or save the document as text) before sanitizing"
                )
        stories = story_parts()
        counts: dict[str, int] = {}
        ordered = sorted(
            (part for part in parts if part.content_type in stories),
            key=lambda part: (stories[part.content_type] != "body", str(part.partname)),
        )
        for part in ordered:
            story = stories[part.content_type]
            counts[story] = counts.get(story, 0) + 1
            self._check_review_marks(part.element)
            named = story if story in ("body", "footnotes", "endnotes", "glossary") else f"{story} {counts[story]}"
            self._story(part, named)
        for part in parts:
            if part.content_type == "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml":
                if any(True for _ in part.element.iter(self.qn("w:comment"))):
                    raise InputError(
                        f"{self.name}: has comments (their text and authors would stay in the file); "
                        "delete them before sanitizing"
                    )
        self._properties()
        return self.pieces

    def _check_review_marks(self, element: Any) -> None:
        author = self.qn("w:author")
        if any(True for _ in element.iter(self.qn("w:delText"))) or any(
            e.get(author) is not None for e in element.iter()
        ):
            raise InputError(
                f"{self.name}: has tracked changes (deleted text and reviewers' names would stay "
                "in the file); accept or reject them before sanitizing"
            )

    def _story(self, part: Any, story: str) -> None:
        qn = self.qn
        for number, paragraph in enumerate(part.element.iter(qn("w:p")), start=1):
            label = f"{story}, paragraph {number}"
            atoms = list(run_atoms(paragraph, qn))
            if "".join(atom.text for atom in atoms).strip():
                self.pieces.append(_paragraph_piece(label, atoms, qn))
            for field in instructions(paragraph, qn):
                self.pieces += _field_pieces(label, field, qn)
            self.pieces += _simple_field_pieces(label, paragraph, qn)
        self._pictures(part.element)
        self._hyperlinks(part)

    def _pictures(self, element: Any) -> None:
        """The name, title and description (alt text) of every drawing: Word keeps them in
        the drawing's properties (docPr) and again in the picture's or shape's (cNvPr)."""
        for properties in element.iter():
            if not isinstance(properties.tag, str) or not properties.tag.endswith(("}docPr", "}cNvPr")):
                continue
            self.pictures += 1
            for attribute, what in _PICTURE_TEXT.items():
                value = properties.get(attribute)
                if value and value.strip():
                    atom = Atom(value, True, properties, attribute)
                    self.pieces.append(Piece(f"picture {self.pictures}, {what}", value, atom.write))

    def _hyperlinks(self, part: Any) -> None:
        from docx.opc.constants import RELATIONSHIP_TYPE as RT

        targets = {
            rid: rel.target_ref for rid, rel in part.rels.items() if rel.is_external and rel.reltype == RT.HYPERLINK
        }
        for rid, target in sorted(targets.items()):
            if not target.strip():
                continue
            self.links += 1

            def write(sanitized: str, rid: str = rid, target: str = target) -> None:
                if sanitized == target:
                    return
                new = part.relate_to(sanitized.strip() or "#", RT.HYPERLINK, is_external=True)
                for element in part.element.iter():
                    for attribute, value in element.attrib.items():
                        if value == rid and attribute.startswith(
                            "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
                        ):
                            element.set(attribute, new)
                part.drop_rel(rid)

            self.pieces.append(Piece(f"hyperlink {self.links}, target", target, write))

    def _properties(self) -> None:
        properties = self.document.core_properties
        for name in _CORE_TEXT:
            value = getattr(properties, name)
            if value and value.strip():

                def write(sanitized: str, name: str = name) -> None:
                    setattr(properties, name, sanitized[:255])  # the format's longest property

                self.pieces.append(Piece(f"document property {name}", value, write))
