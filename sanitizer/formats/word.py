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
(``word_text.changes``, in linear time); text outside a change stays in its run; a change goes into the first run
it touches, the other runs it covers are trimmed (a tab or break inside it removed), so
every run keeps its properties (bold, italic, style, font) and every paragraph its
style. Everything else of the package stays as python-docx reads and writes it.

Not text of the document, so not sanitized but removed or cleared: the author and
last-modified-by properties (cleared), the application and custom properties
(``docProps/app.xml``: company, manager; ``docProps/custom.xml``), custom XML data parts
the thumbnail (a picture of the first page as it was) and the list of revision authors
(``word/people.xml``) (removed); document variables, a content control's title and tag,
a hyperlink's tooltip (removed); the text chunks, EXIF, XMP and comments of PNG and JPEG
pictures (removed, image_metadata.py). Refused in one line, because their text would
stay in the file: an imported chunk (altChunk), an SVG picture, comments, tracked
changes (their deleted text and their authors' names), charts, diagrams and embedded
objects. The template's path (which often names the author's account) and the printer
settings are removed. Before anything is written, every part of the package is vouched
for or the document refused (``word_check``): text removed from a piece stands nowhere
else, and no part whose text is not read holds text, an e-mail address or a phone number.
"""

from __future__ import annotations

import io
import zipfile
from typing import Any, Sequence

from ..documents import megabytes
from ..errors import InputError, OutputError
from .image_metadata import strip as strip_picture_text
from .layout import Layout
from .word_check import check_every_part, check_no_leftover
from .word_pieces import Piece, PieceReader

#: the most a .docx may unpack to, as a multiple of the input limit (a zip bomb is refused)
MAX_UNPACKED_RATIO = 8
_CORE_PERSONAL = ("author", "last_modified_by")


def docx_available() -> str | None:
    """None when python-docx is installed, else what to install."""
    try:
        import docx  # noqa: F401
    except ImportError:
        return "reading .docx files needs python-docx: pip install 'ic-sanitizer[docx]'"
    return None


def _register_xml_parts() -> None:
    """python-docx loads footnotes, endnotes and the glossary as opaque bytes; registered
    as XML parts (its own generic class) their paragraphs can be read and written. Adding
    to its part registry is how python-docx itself registers its part classes."""
    from docx.opc.constants import CONTENT_TYPE as CT
    from docx.opc.part import PartFactory, XmlPart

    for content_type in (CT.WML_FOOTNOTES, CT.WML_ENDNOTES, CT.WML_DOCUMENT_GLOSSARY):
        PartFactory.part_type_for.setdefault(content_type, XmlPart)


#: the elements and attributes that hold text no reader of the page sees and that are not
#: sanitized but removed: document variables, a content control's title and tag, a
#: hyperlink's tooltip (Clark notation: lxml's)
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_HIDDEN_ELEMENTS = (f"{_W}docVars", f"{_W}alias", f"{_W}tag", f"{_W}attachedTemplate")
#: relationships dropped from every part: the template's path (C:\Users\NAME\...) and the
#: printer settings (a binary naming the printer), neither needed to show the document
_DROPPED_RELATIONSHIPS = ("/attachedTemplate", "/printerSettings")
_HIDDEN_ATTRIBUTES = ((f"{_W}hyperlink", f"{_W}tooltip"),)


def _clear_metadata(document: Any) -> None:
    """Clear the personal properties; drop the properties and data parts that are not
    sanitized (with the list of revision authors, word/people.xml); remove the hidden
    text of every XML part (_HIDDEN_ELEMENTS, _HIDDEN_ATTRIBUTES)."""
    from docx.opc.constants import RELATIONSHIP_TYPE as RT

    properties = document.core_properties
    for name in _CORE_PERSONAL:
        if getattr(properties, name):
            setattr(properties, name, "")
    package = document.part.package
    for owner in (package, document.part):
        for rid, rel in list(owner.rels.items()):
            if rel.reltype in (
                RT.EXTENDED_PROPERTIES,
                RT.CUSTOM_PROPERTIES,
                RT.CUSTOM_XML,
                RT.THUMBNAIL,
            ) or rel.reltype.endswith("/people"):
                del owner.rels[rid]
    for part in list(package.iter_parts()):
        for rid, rel in list(part.rels.items()):
            if rel.reltype.endswith(_DROPPED_RELATIONSHIPS):
                del part.rels[rid]
        element = getattr(part, "_element", None)
        if element is None:
            continue
        for hidden in list(element.iter(*_HIDDEN_ELEMENTS)):
            hidden.getparent().remove(hidden)
        for tag, attribute in _HIDDEN_ATTRIBUTES:
            for holder in element.iter(tag):
                holder.attrib.pop(attribute, None)


def _check_readable_parts(document: Any, name: str) -> None:
    """Refuse what holds text this module cannot read or vouch for: an alternative-format
    chunk (HTML or RTF imported whole, w:altChunk)."""
    for part in document.part.package.iter_parts():
        element = getattr(part, "_element", None)
        if element is not None and next(element.iter(f"{_W}altChunk"), None) is not None:
            raise InputError(
                f"{name}: holds an imported chunk in another format (altChunk), whose text is not "
                "read; refused (open and save it in Word to make it part of the document)"
            )


def _strip_pictures(written: bytes, name: str) -> bytes:
    """The package with its pictures' text (PNG text chunks, JPEG EXIF, XMP, comments)
    removed (image_metadata.py); an SVG picture, which is text, is refused."""
    source = zipfile.ZipFile(io.BytesIO(written))
    output = io.BytesIO()
    with source, zipfile.ZipFile(output, "w") as target:
        for entry in source.infolist():
            data = source.read(entry)
            if entry.filename.startswith("word/media/"):
                if entry.filename.lower().endswith(".svg"):
                    raise OutputError(f"{name}: holds an SVG picture, whose text is not read; nothing was written")
                stripped = strip_picture_text(entry.filename, data)
                if stripped is None and entry.filename.lower().endswith((".png", ".jpg", ".jpeg")):
                    raise OutputError(
                        f"{name}: a picture ({entry.filename}) is damaged and its text cannot be "
                        "removed; nothing was written"
                    )
                data = data if stripped is None else stripped
            target.writestr(entry, data)
    return output.getvalue()


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
        raise InputError(
            f"{name}: unpacks to {megabytes(unpacked)}, above {MAX_UNPACKED_RATIO} times the input "
            f"limit (raise it with `max_input_mb`)"
        )
    _register_xml_parts()
    try:
        return docx.Document(io.BytesIO(raw))
    except (PackageNotFoundError, KeyError, ValueError, zipfile.BadZipFile, SyntaxError):
        # lxml's XMLSyntaxError is a SyntaxError; its message could quote the document
        raise InputError(f"{name}: not a readable Word document") from None
    except Exception:  # noqa: BLE001 - a damaged package fails in python-docx in many other ways; shown by kind only, as its message could quote the document
        raise InputError(f"{name}: not a readable Word document") from None


def _pieces(document: Any, name: str) -> list[Piece]:
    try:
        return PieceReader(document, name).read()
    except InputError:
        raise
    except Exception:  # noqa: BLE001 - damaged XML the reader does not expect; its content never reaches a message
        raise InputError(f"{name}: not a readable Word document (a part of it is damaged)") from None


def _check_written(document: Any, name: str, expected: Sequence[tuple[str, str]]) -> None:
    """Every paragraph, field argument and picture text of the written document reads as
    its sanitized text (a paragraph left blank is no piece any more)."""
    found = {piece.label: piece.text for piece in PieceReader(document, name).read()}
    for label, text in expected:
        if "paragraph" in label or label.startswith("picture"):
            written = found.get(label, "")
            if written != text and (text.strip() or written.strip()):
                raise OutputError(
                    f"{name}: the sanitized text of {label} could not be written back exactly; nothing was written"
                )


def docx_layout(raw: bytes, name: str, max_bytes: int) -> Layout:
    """The pieces of a .docx file and how its sanitized copy is written (bytes)."""
    document = _open(raw, name, max_bytes)
    _check_readable_parts(document, name)
    pieces = _pieces(document, name)
    if not pieces:
        raise InputError(f"{name}: the document has no text")
    if sum(len(piece.text.encode("utf-8")) for piece in pieces) > max_bytes:
        # the limit is the text's, as for a .txt or a PDF: a repeated paragraph packs small
        raise InputError(
            f"{name}: its text is above the input limit of {megabytes(max_bytes)} (raise it with `max_input_mb`)"
        )
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
        targets = PieceReader(fresh, name).read()
        if tuple(piece.text for piece in targets) != originals or len(sanitized) != len(targets):
            raise OutputError(f"{name}: the document read differently the second time; nothing was written")
        for piece, text in zip(targets, sanitized):
            if text != piece.text:
                piece.write(text)
        _clear_metadata(fresh)
        _check_written(fresh, name, [(piece.label, text) for piece, text in zip(targets, sanitized)])
        buffer = io.BytesIO()
        fresh.save(buffer)
        written = _strip_pictures(buffer.getvalue(), name)
        check_no_leftover(written, name, originals, sanitized)
        check_every_part(written, name)
        return written

    return Layout(originals, tuple(piece.label for piece in pieces), assemble, "docx", one_text=True)
