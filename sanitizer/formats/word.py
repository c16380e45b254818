"""Word documents (.docx): the text sanitized in place, the formatting kept.

Read and written with python-docx (the ``docx`` extra). The pieces sanitized, in order:

- every paragraph of the body (its tables, nested tables and text boxes included), of
  every header and footer, of the footnotes, endnotes and glossary: its text as Word
  shows it, run after run (a tab as "\\t", a line break as "\\n");
- the quoted arguments of HYPERLINK, INCLUDEPICTURE and INCLUDETEXT fields (their URLs
  and file names), the target of every external hyperlink, and the title and
  description (alt text) and name of every picture and shape;
- the document's title, subject, keywords, description and category.

Writing back: a sanitized paragraph is aligned with the original word by word
(``difflib``); text outside a change stays in its run; a change goes into the first run
it touches, the other runs it covers are trimmed (a tab or break inside it removed), so
every run keeps its properties (bold, italic, style, font) and every paragraph its
style. Everything else of the package stays as python-docx reads and writes it.

Not text of the document, so not sanitized but removed or cleared: the author and
last-modified-by properties (cleared), the application and custom properties
(``docProps/app.xml``: company, manager; ``docProps/custom.xml``), custom XML data parts
and the thumbnail (a picture of the first page as it was) (removed). Refused in one
line, because their text would stay in the file: comments, tracked changes (their deleted text and their authors' names), charts,
diagrams and embedded objects. A net under what is not read (equations, other fields'
arguments): text removed from every piece must not stand anywhere in the written
package, or nothing is written (``_check_no_leftover``).
"""

from __future__ import annotations

import difflib
import io
import re
import zipfile
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from ..errors import InputError, OutputError
from .layout import Layout

#: the most a .docx may unpack to, as a multiple of the input limit (a zip bomb is refused)
MAX_UNPACKED_RATIO = 8
#: fields whose quoted arguments are locations (URLs, file names) that may name someone
_LOCATION_FIELDS = re.compile(r"^\s*(HYPERLINK|INCLUDEPICTURE|INCLUDETEXT)\b", re.IGNORECASE)
_QUOTED = re.compile(r'"([^"]*)"')
_TOKEN = re.compile(r"\w+|\s|[^\w\s]")
_WORD_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
_MACRO_MAIN = "application/vnd.ms-word.document.macroEnabled.main+xml"
_TEMPLATE_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml"
_CORE_TEXT = ("title", "subject", "keywords", "comments", "category")
_CORE_PERSONAL = ("author", "last_modified_by")
_PICTURE_TEXT = {"name": "name", "title": "title", "descr": "description"}


def docx_available() -> str | None:
    """None when python-docx is installed, else what to install."""
    try:
        import docx  # noqa: F401
    except ImportError:
        return "reading .docx files needs python-docx: pip install 'ic-sanitizer[docx]'"
    return None


def _stories() -> dict[str, str]:
    """Content type -> the name of a part whose paragraphs are sanitized."""
    from docx.opc.constants import CONTENT_TYPE as CT
    return {_WORD_MAIN: "body", _MACRO_MAIN: "body", _TEMPLATE_MAIN: "body", CT.WML_HEADER: "header",
            CT.WML_FOOTER: "footer", CT.WML_FOOTNOTES: "footnotes", CT.WML_ENDNOTES: "endnotes",
            CT.WML_DOCUMENT_GLOSSARY: "glossary"}


def _register_xml_parts() -> None:
    """python-docx loads footnotes, endnotes and the glossary as opaque bytes; registered
    as XML parts (its own generic class) their paragraphs can be read and written. Adding
    to its part registry is how python-docx itself registers its part classes."""
    from docx.opc.constants import CONTENT_TYPE as CT
    from docx.opc.part import PartFactory, XmlPart
    for content_type in (CT.WML_FOOTNOTES, CT.WML_ENDNOTES, CT.WML_DOCUMENT_GLOSSARY):
        PartFactory.part_type_for.setdefault(content_type, XmlPart)


def _refused_parts() -> dict[str, str]:
    from docx.opc.constants import CONTENT_TYPE as CT
    return {CT.DML_CHART: "a chart", CT.DML_DIAGRAM_DATA: "a diagram (SmartArt)",
            CT.OFC_OLE_OBJECT: "an embedded object", CT.OFC_PACKAGE: "an embedded document"}


# --- text atoms: what a piece's characters are made of -------------------------------


@dataclass
class _Atom:
    """A part of a piece's text: the text of an element or attribute (editable), or a
    character standing for an element (a tab, a break: kept or removed whole)."""

    text: str
    editable: bool
    element: Any
    #: for an attribute's value: its qualified name
    attribute: str | None = None

    def write(self, value: str) -> None:
        if self.attribute is not None:
            self.element.set(self.attribute, value)
            return
        self.element.text = value
        space = "{http://www.w3.org/XML/1998/namespace}space"
        if value != value.strip():  # Word drops leading and trailing spaces unless told to keep them
            self.element.set(space, "preserve")


def _run_atoms(paragraph: Any, qn: Callable[[str], str]) -> Iterator[_Atom]:
    """The text atoms of a paragraph, run by run, without those of paragraphs nested in it (text boxes)."""
    text, tab, ptab, br, cr, hyphen = (qn(t) for t in ("w:t", "w:tab", "w:ptab", "w:br", "w:cr", "w:noBreakHyphen"))
    run, p = qn("w:r"), qn("w:p")
    for element in paragraph.iter(text, tab, ptab, br, cr, hyphen):
        if element.getparent().tag != run or next(element.iterancestors(p), None) is not paragraph:
            continue
        if element.tag == text:
            yield _Atom(element.text or "", True, element)
        elif element.tag in (tab, ptab):
            yield _Atom("\t", False, element)
        elif element.tag == hyphen:
            yield _Atom("-", False, element)
        elif element.tag == cr or element.get(qn("w:type"), "textWrapping") == "textWrapping":
            yield _Atom("\n", False, element)  # a page or column break is no character: left alone


def _instructions(paragraph: Any, qn: Callable[[str], str]) -> list[list[_Atom]]:
    """The instruction texts of the paragraph's fields, one list of atoms per field (a field
    opens with a begin mark, its instruction may run over several runs, fields nest)."""
    run, p, mark, instruction = qn("w:r"), qn("w:p"), qn("w:fldChar"), qn("w:instrText")
    kind = qn("w:fldCharType")
    fields: list[list[_Atom]] = []
    open_fields: list[list[_Atom]] = []
    for element in paragraph.iter(mark, instruction):
        if element.getparent().tag != run or next(element.iterancestors(p), None) is not paragraph:
            continue
        if element.tag == mark:
            if element.get(kind) == "begin":
                open_fields.append([])
                fields.append(open_fields[-1])
            elif element.get(kind) == "end" and open_fields:
                open_fields.pop()
        elif open_fields:
            open_fields[-1].append(_Atom(element.text or "", True, element))
        else:  # the field began in an earlier paragraph
            fields.append([_Atom(element.text or "", True, element)])
    return [atoms for atoms in fields if atoms]


# --- writing a sanitized text back into its atoms ---------------------------------------


def changes(original: str, sanitized: str) -> list[tuple[int, int, str]]:
    """The spans of ``original`` (start, end) that ``sanitized`` replaces, and by what:
    aligned word by word, so a change never splits inside a word."""
    before, after = _TOKEN.findall(original), _TOKEN.findall(sanitized)
    starts, ends = [0], [0]
    for token in before:
        starts.append(starts[-1] + len(token))
    for token in after:
        ends.append(ends[-1] + len(token))
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    return [(starts[i1], starts[i2], sanitized[ends[j1]:ends[j2]])
            for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def _rewrite(atoms: list[_Atom], edits: Sequence[tuple[int, int, str]], qn: Callable[[str], str]) -> None:
    """Apply ``edits`` (spans of the atoms' joined text) to the atoms: a change goes into
    the first editable atom it touches, or the one before it, or after it; what else it
    covers is trimmed; a fixed atom inside it is removed."""
    owner: list[int] = [index for index, atom in enumerate(atoms) for _ in atom.text]
    text = "".join(atom.text for atom in atoms)
    written: list[list[str]] = [[] for _ in atoms]
    removed: set[int] = set()
    created: list[tuple[_Atom, str]] = []
    cursor = 0
    for start, end, replacement in [*edits, (len(text), len(text), "")]:
        for position in range(cursor, start):
            written[owner[position]].append(text[position])
        covered = [owner[position] for position in range(start, end)]
        removed.update(index for index in covered if not atoms[index].editable)
        targets = [index for index in covered if atoms[index].editable]
        if start > 0 and atoms[owner[start - 1]].editable:
            targets.append(owner[start - 1])
        if end < len(text) and atoms[owner[end]].editable:
            targets.append(owner[end])
        if replacement:
            if targets:
                written[targets[0]].append(replacement)
            else:  # only tabs or breaks around it: a text element of its own beside them
                created.append((atoms[owner[start - 1] if start > 0 else owner[end]], replacement))
        cursor = end
    for index, atom in enumerate(atoms):
        if atom.editable:
            value = "".join(written[index])
            if value != atom.text:
                atom.write(value)
        elif index in removed:
            atom.element.getparent().remove(atom.element)
    for neighbour, replacement in created:
        element = neighbour.element.makeelement(qn("w:t"), {})
        neighbour.element.addnext(element)
        _Atom("", True, element).write(replacement)


# --- the pieces of a document -----------------------------------------------------------


@dataclass(frozen=True)
class _Piece:
    label: str
    text: str
    #: writes the sanitized text back into the document
    write: Callable[[str], None]


def _paragraph_piece(label: str, atoms: list[_Atom], qn: Callable[[str], str]) -> _Piece:
    original = "".join(atom.text for atom in atoms)

    def write(sanitized: str) -> None:
        if sanitized != original:
            _rewrite(atoms, changes(original, sanitized), qn)
    return _Piece(label, original, write)


def _field_pieces(label: str, atoms: list[_Atom], qn: Callable[[str], str]) -> Iterator[_Piece]:
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
                _rewrite(atoms, [(start, end, sanitized)], qn)
        yield _Piece(f"{label}, field argument {number}", instruction[start:end], write)


def _simple_field_pieces(label: str, paragraph: Any, qn: Callable[[str], str]) -> Iterator[_Piece]:
    name = qn("w:instr")
    for field in paragraph.iter(qn("w:fldSimple")):
        instruction = field.get(name, "")
        if not _LOCATION_FIELDS.search(instruction):
            continue
        atom = _Atom(instruction, True, field, name)
        yield from _field_pieces(label, [atom], qn)


class _Reader:
    """Collects the pieces of an open document (python-docx's Document)."""

    def __init__(self, document: Any, name: str) -> None:
        from docx.oxml.ns import qn
        self.document = document
        self.name = name
        self.qn: Callable[[str], str] = qn
        self.pieces: list[_Piece] = []
        self.pictures = 0
        self.links = 0

    def read(self) -> list[_Piece]:
        package = self.document.part.package
        parts = list(package.iter_parts())
        refused = _refused_parts()
        for part in parts:
            if part.content_type in refused:
                raise InputError(f"{self.name}: has {refused[part.content_type]}, whose text is not read; "
                                 "remove it (or save the document as text) before sanitizing")
        stories = _stories()
        counts: dict[str, int] = {}
        ordered = sorted((part for part in parts if part.content_type in stories),
                         key=lambda part: (stories[part.content_type] != "body", str(part.partname)))
        for part in ordered:
            story = stories[part.content_type]
            counts[story] = counts.get(story, 0) + 1
            self._check_review_marks(part.element)
            named = story if story in ("body", "footnotes", "endnotes", "glossary") else f"{story} {counts[story]}"
            self._story(part, named)
        for part in parts:
            if part.content_type == "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml":
                if any(True for _ in part.element.iter(self.qn("w:comment"))):
                    raise InputError(f"{self.name}: has comments (their text and authors would stay in the file); "
                                     "delete them before sanitizing")
        self._properties()
        return self.pieces

    def _check_review_marks(self, element: Any) -> None:
        author = self.qn("w:author")
        if any(True for _ in element.iter(self.qn("w:delText"))) or any(
                e.get(author) is not None for e in element.iter()):
            raise InputError(f"{self.name}: has tracked changes (deleted text and reviewers' names would stay "
                             "in the file); accept or reject them before sanitizing")

    def _story(self, part: Any, story: str) -> None:
        qn = self.qn
        for number, paragraph in enumerate(part.element.iter(qn("w:p")), start=1):
            label = f"{story}, paragraph {number}"
            atoms = list(_run_atoms(paragraph, qn))
            if "".join(atom.text for atom in atoms).strip():
                self.pieces.append(_paragraph_piece(label, atoms, qn))
            for field in _instructions(paragraph, qn):
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
                    atom = _Atom(value, True, properties, attribute)
                    self.pieces.append(_Piece(f"picture {self.pictures}, {what}", value, atom.write))

    def _hyperlinks(self, part: Any) -> None:
        from docx.opc.constants import RELATIONSHIP_TYPE as RT
        targets = {rid: rel.target_ref for rid, rel in part.rels.items()
                   if rel.is_external and rel.reltype == RT.HYPERLINK}
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
                        if value == rid and attribute.startswith("{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"):
                            element.set(attribute, new)
                part.drop_rel(rid)
            self.pieces.append(_Piece(f"hyperlink {self.links}, target", target, write))

    def _properties(self) -> None:
        properties = self.document.core_properties
        for name in _CORE_TEXT:
            value = getattr(properties, name)
            if value and value.strip():
                def write(sanitized: str, name: str = name) -> None:
                    setattr(properties, name, sanitized[:255])  # the format's longest property
                self.pieces.append(_Piece(f"document property {name}", value, write))


def _clear_metadata(document: Any) -> None:
    """Clear the personal properties; drop the properties and data parts that are not sanitized."""
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    properties = document.core_properties
    for name in _CORE_PERSONAL:
        if getattr(properties, name):
            setattr(properties, name, "")
    package = document.part.package
    for owner in (package, document.part):
        for rid, rel in list(owner.rels.items()):
            if rel.reltype in (RT.EXTENDED_PROPERTIES, RT.CUSTOM_PROPERTIES, RT.CUSTOM_XML, RT.THUMBNAIL):
                del owner.rels[rid]


def _open(raw: bytes, name: str, max_bytes: int) -> Any:
    missing = docx_available()
    if missing is not None:
        raise InputError(f"{name}: {missing}")
    import docx
    from docx.opc.exceptions import PackageNotFoundError
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as package:
            unpacked = sum(entry.file_size for entry in package.infolist())
            if "word/document.xml" not in package.namelist():
                raise InputError(f"{name}: a zip file but not a Word document (no word/document.xml)")
    except zipfile.BadZipFile:
        raise InputError(f"{name}: not a Word document (not a readable zip file)") from None
    if unpacked > MAX_UNPACKED_RATIO * max_bytes:
        raise InputError(f"{name}: unpacks to {unpacked / 1e6:.1f} MB, above {MAX_UNPACKED_RATIO} times the input "
                         f"limit (raise it with --max-input-mb)")
    _register_xml_parts()
    try:
        return docx.Document(io.BytesIO(raw))
    except (PackageNotFoundError, KeyError, ValueError, zipfile.BadZipFile, SyntaxError):
        # lxml's XMLSyntaxError is a SyntaxError; its message could quote the document
        raise InputError(f"{name}: not a readable Word document") from None
    except Exception:  # noqa: BLE001 - a damaged package fails in python-docx in many other ways; shown by kind only, as its message could quote the document
        raise InputError(f"{name}: not a readable Word document") from None


def _pieces(document: Any, name: str) -> list[_Piece]:
    try:
        return _Reader(document, name).read()
    except InputError:
        raise
    except Exception:  # noqa: BLE001 - damaged XML the reader does not expect; its content never reaches a message
        raise InputError(f"{name}: not a readable Word document (a part of it is damaged)") from None


def _check_written(document: Any, name: str, expected: Sequence[tuple[str, str]]) -> None:
    """Every paragraph, field argument and picture text of the written document reads as
    its sanitized text (a paragraph left blank is no piece any more)."""
    found = {piece.label: piece.text for piece in _Reader(document, name).read()}
    for label, text in expected:
        if "paragraph" in label or label.startswith("picture"):
            written = found.get(label, "")
            if written != text and (text.strip() or written.strip()):
                raise OutputError(f"{name}: the sanitized text of {label} could not be written back exactly; "
                                  "nothing was written")


#: parts whose text nodes are names of styles, fonts and settings, not text of the document
_MARKUP_PARTS = re.compile(r"^word/(styles|stylesWithEffects|fontTable|numbering|settings|webSettings)\.xml$"
                           r"|^word/theme/|^\[Content_Types\]\.xml$")
_TEXT_NODE = re.compile(r">([^<]+)<")
_TARGET = re.compile(r'\bTarget="([^"]*)"')
#: removed text shorter than this is not looked for (it could be a piece of any word)
MIN_LEFTOVER = 4


def _check_no_leftover(written: bytes, name: str, originals: Sequence[str], sanitized: Sequence[str]) -> None:
    """A net under what is not read: text the sanitizer removed from every piece must not
    stand anywhere else in the written package (an equation, a field code, a part this
    module does not know); if it does, nothing is written. The message names the part,
    never the text."""
    removed = {original[start:end].strip() for original, text in zip(originals, sanitized) if original != text
               for start, end, _ in changes(original, text)}
    wanted = [term for term in removed if len(term) >= MIN_LEFTOVER and not any(term in text for text in sanitized)]
    if not wanted:
        return
    pattern = re.compile("|".join(r"(?<!\w)" + re.escape(_xml_escape(term)) + r"(?!\w)"
                                  for term in sorted(wanted, key=len, reverse=True)))
    with zipfile.ZipFile(io.BytesIO(written)) as package:
        for entry in package.namelist():
            if not entry.endswith((".xml", ".rels")) or _MARKUP_PARTS.search(entry):
                continue
            xml = package.read(entry).decode("utf-8", "replace")
            found = _TARGET.findall(xml) if entry.endswith(".rels") else _TEXT_NODE.findall(xml)
            if any(pattern.search(text) for text in found):
                raise OutputError(f"{name}: text removed by the sanitizer also stands in {entry}, outside the text "
                                  "that is read (an equation, a field, a part not read); nothing was written")


def _xml_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def docx_layout(raw: bytes, name: str, max_bytes: int) -> Layout:
    """The pieces of a .docx file and how its sanitized copy is written (bytes)."""
    document = _open(raw, name, max_bytes)
    pieces = _pieces(document, name)
    if not pieces:
        raise InputError(f"{name}: the document has no text")
    originals = tuple(piece.text for piece in pieces)

    def assemble(sanitized: Sequence[str]) -> bytes:
        try:
            return _write(sanitized)
        except OutputError:
            raise
        except Exception:  # noqa: BLE001 - python-docx or lxml refusing the written document; its message could quote it
            raise OutputError(f"{name}: the sanitized document could not be written; nothing was written") from None

    def _write(sanitized: Sequence[str]) -> bytes:
        # A fresh copy each time: the writes change the document they are made on.
        fresh = _open(raw, name, max_bytes)
        targets = _Reader(fresh, name).read()
        if tuple(piece.text for piece in targets) != originals or len(sanitized) != len(targets):
            raise OutputError(f"{name}: the document read differently the second time; nothing was written")
        for piece, text in zip(targets, sanitized):
            if text != piece.text:
                piece.write(text)
        _clear_metadata(fresh)
        _check_written(fresh, name, [(piece.label, text) for piece, text in zip(targets, sanitized)])
        buffer = io.BytesIO()
        fresh.save(buffer)
        written = buffer.getvalue()
        _check_no_leftover(written, name, originals, sanitized)
        return written

    return Layout(originals, tuple(piece.label for piece in pieces), assemble, "docx")
