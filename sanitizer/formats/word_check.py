"""The last look at a written Word package: nothing is released that this module cannot vouch for.

Every part of the package is one of:

- a part whose text was read and rewritten (``REWRITTEN``): the body, headers, footers,
  notes, glossary, the core properties;
- a part of markup (``MARKUP``): styles, fonts, numbering, settings, themes, the content
  types, the relationships, whose text nodes are names of styles and fonts;
- a picture whose text was removed (PNG, JPEG: ``image_metadata``) or an embedded font;
- anything else: vouched for only when it holds no text (an XML part with no text node
  that has a letter; a binary part is never vouched for, apart from pictures, whose
  strings are looked at like text).

Then two nets over every part, text nodes, attribute values and relationship targets:
text the sanitizer removed from any piece must not stand anywhere else
(``check_no_leftover``), and nothing may look like an e-mail address or a phone number
outside the rewritten parts (``check_every_part``). When either finds something, nothing
is written; the message names the part, never the text.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Sequence

from ..errors import OutputError
from .word_text import changes

REWRITTEN = re.compile(
    r"^word/(document|header\d*|footer\d*|footnotes|endnotes|glossary/document)\.xml$"
    r"|^docProps/core\.xml$"
)
#: parts whose text nodes are names of styles, fonts and settings, not text of the document
MARKUP = re.compile(
    r"^word/(glossary/)?(styles|stylesWithEffects|fontTable|numbering|settings|webSettings"
    r"|comments|commentsExtended|commentsExtensible|commentsIds)\.xml$"
    r"|^word/theme/[^/]+\.xml$|^\[Content_Types\]\.xml$|\.rels$"
)
_PICTURE = re.compile(r"^word/media/[^/]+\.(png|jpe?g|gif|bmp|tiff?|emf|wmf)$", re.IGNORECASE)
_FONT = re.compile(r"^word/fonts/[^/]+\.odttf$")
_TEXT_NODE = re.compile(r">([^<]+)<")
_HYPERLINK_RELATIONSHIP = re.compile(rb'<Relationship [^>]*Type="[^"]*/hyperlink"[^>]*/>')
_ATTRIBUTE = re.compile(r'([\w:.-]+)="([^"]*)"')
#: attributes that name schemas, namespaces and part types, not text ("…/2006/main" is
#: no year a reader wrote, and a removed "2006" must not be found there)
_SCHEMA_ATTRIBUTES = frozenset({"Type", "ContentType", "PartName", "Extension", "mc:Ignorable"})
_SCHEMA_URIS = ("http://schemas.", "http://purl.org/", "http://www.w3.org/", "urn:")
_LETTER = re.compile(r"[^\W\d_]")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
#: a number written as phone numbers are: a leading + or groups split by spaces, dots or dashes
_PHONE = re.compile(r"\+\d[\d ()./-]{6,}\d|\b\(?\d{2,5}\)?[ .-]\d{3,4}[ .-]\d{3,4}\b")
#: printable runs in a binary part, as ASCII and as UTF-16 (little-endian)
_ASCII_RUN = re.compile(rb"[\x20-\x7e]{6,}")
_UTF16_RUN = re.compile(rb"(?:[\x20-\x7e]\x00){6,}")
#: removed text shorter than this is not looked for (it could be a piece of any word)
MIN_LEFTOVER = 4


def _strings(entry: str, data: bytes) -> list[str]:
    """What can be read as text in a part: text nodes and attribute values of XML (not
    the schemas and namespaces it names), the printable runs of a binary part."""
    if entry.endswith((".xml", ".rels")):
        xml = data.decode("utf-8", "replace")
        values = [
            value
            for name, value in _ATTRIBUTE.findall(xml)
            if not name.startswith("xmlns") and name not in _SCHEMA_ATTRIBUTES and not value.startswith(_SCHEMA_URIS)
        ]
        return [*_TEXT_NODE.findall(xml), *values]
    return [run.decode("ascii") for run in _ASCII_RUN.findall(data)] + [
        run.decode("utf-16-le") for run in _UTF16_RUN.findall(data)
    ]


def check_every_part(written: bytes, name: str) -> None:
    """Refuse the package when a part outside REWRITTEN holds what looks like an e-mail
    address or a phone number, or when a part this module cannot vouch for holds text."""
    with zipfile.ZipFile(io.BytesIO(written)) as package:
        for entry in package.namelist():
            if REWRITTEN.search(entry) or _FONT.search(entry):
                continue
            data = package.read(entry)
            if not entry.endswith((".xml", ".rels")) and not _PICTURE.search(entry):
                raise OutputError(
                    f"{name}: holds a part this program cannot read or vouch for ({entry}); nothing was written"
                )
            # a hyperlink's target is read and sanitized as a piece of the document
            strings = _strings(entry, _HYPERLINK_RELATIONSHIP.sub(b"", data) if entry.endswith(".rels") else data)
            if any(_EMAIL.search(text) or _PHONE.search(text) for text in strings):
                raise OutputError(
                    f"{name}: {entry}, a part whose text is not sanitized, holds what looks like an "
                    "e-mail address or a phone number; nothing was written"
                )
            if (
                not MARKUP.search(entry)
                and not _PICTURE.search(entry)
                and any(_LETTER.search(text) for text in _TEXT_NODE.findall(data.decode("utf-8", "replace")))
            ):
                raise OutputError(
                    f"{name}: {entry}, a part this program does not read, holds text; nothing was written"
                )


def check_no_leftover(written: bytes, name: str, originals: Sequence[str], sanitized: Sequence[str]) -> None:
    """Text the sanitizer removed from every piece must not stand anywhere else in the
    written package (an equation, a field code, a part's attributes, a picture's strings);
    if it does, nothing is written. The message names the part, never the text."""
    removed = {
        original[start:end].strip()
        for original, text in zip(originals, sanitized)
        if original != text
        for start, end, _ in changes(original, text)
    }
    wanted = [term for term in removed if len(term) >= MIN_LEFTOVER and not any(term in text for text in sanitized)]
    if not wanted:
        return
    # Each term is looked for by plain substring search first (one alternation of thousands
    # of terms with look-arounds was minutes over one long paragraph); its word
    # boundaries are checked only where it occurs.
    patterns = {term: re.compile(r"(?<!\w)" + re.escape(term) + r"(?!\w)") for term in wanted}
    escaped = {_xml_escape(term): pattern for term, pattern in patterns.items()}

    def holds_a_term(text: str, terms: dict[str, re.Pattern[str]]) -> bool:
        return any(term in text and pattern.search(text) for term, pattern in terms.items())

    with zipfile.ZipFile(io.BytesIO(written)) as package:
        for entry in package.namelist():
            if MARKUP.search(entry) and not entry.endswith(".rels"):
                continue
            is_xml = entry.endswith((".xml", ".rels"))
            strings = _strings(entry, package.read(entry))
            terms = escaped if is_xml else patterns
            if entry.startswith(_FILE_PROPERTIES):
                # the file's own properties write its dates and counts in figures ("2024-03-05T10:00:00Z"):
                # a year or a number masked in the text is no leftover there; a name is
                terms = {term: pattern for term, pattern in terms.items() if any(ch.isalpha() for ch in term)}
            if any(holds_a_term(text, terms) for text in strings):
                raise OutputError(
                    f"{name}: text removed by the sanitizer also stands in {entry}, outside the text "
                    "that is read (an equation, a field, a part not read); nothing was written"
                )


#: the parts that hold the file's own properties (its author, title, dates, counts)
_FILE_PROPERTIES = "docProps/"


def _xml_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
