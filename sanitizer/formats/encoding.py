"""Which encoding a document's bytes are in: told by a byte-order mark, UTF-8 when they
decode as UTF-8, Windows-1252 (which covers Latin-1's printable characters) when they
decode as it and read as text, any other encoding charset-normalizer names only when it
also recognises the language; otherwise the file is refused rather than guessed.

charset-normalizer alone is not trusted for Western text: on short documents it names
cp1250 or cp775 for a cp1252 file (both decode some of its bytes as other letters),
so cp1252 is tried first and kept when its decoding has no mess (charset-normalizer's
own mess measure) and charset-normalizer counts it among the plausible encodings.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from charset_normalizer import from_bytes
from charset_normalizer.md import mess_ratio

from ..errors import InputError

#: how much of a file is inspected for NUL bytes before decoding
BINARY_PROBE = 8192
#: the most mess (charset-normalizer's ratio of odd characters) a cp1252 reading may show
_MAX_MESS = 0.1
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"),
)


@dataclass(frozen=True)
class Decoded:
    text: str
    #: the encoding the bytes were read in (Python's codec name)
    encoding: str


def decode_text(raw: bytes, name: str) -> Decoded:
    """The text of ``raw``, or an InputError naming ``name`` when the encoding is not clear."""
    for bom, encoding in _BOMS:  # UTF-32 LE's mark starts like UTF-16 LE's: it is tried first
        if raw.startswith(bom):
            return _with_mark(raw, bom, encoding, name)
    if b"\x00" in raw[:BINARY_PROBE]:
        raise InputError(f"{name}: looks like a binary file, not text")
    try:
        return Decoded(raw.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        pass
    matches = from_bytes(raw)
    plausible = {encoding for match in matches for encoding in match.could_be_from_charset}
    try:
        western = raw.decode("cp1252")
    except UnicodeDecodeError:
        western = None
    if western is not None and "cp1252" in plausible and mess_ratio(western, 1.0) <= _MAX_MESS:
        return Decoded(western, "cp1252")
    best = matches.best()
    if best is not None and best.language != "Unknown" and best.chaos <= _MAX_MESS:
        return Decoded(str(best), best.encoding)
    raise InputError(f"{name}: not valid UTF-8, and its encoding cannot be told with confidence "
                     "(save it as UTF-8)")


def _with_mark(raw: bytes, bom: bytes, encoding: str, name: str) -> Decoded:
    """A file with a byte-order mark is in that encoding or refused: after a UTF-16/32
    mark, NUL-free ASCII is a mangled file, not UTF-16 ("\xff\xfe" then plain text)."""
    body = raw[len(bom):]
    if encoding != "utf-8-sig" and body.isascii() and b"\x00" not in body:
        raise InputError(f"{name}: has a {encoding.upper()} byte-order mark but is not {encoding.upper()}")
    try:
        return Decoded(raw.decode(encoding), encoding)
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not valid {encoding.upper()} despite its byte-order mark "
                         f"(first bad byte at offset {exc.start})") from None
