"""Which encoding a document's bytes are in: told by a byte-order mark, UTF-8 when they
decode as UTF-8, Windows-1252 (which covers Latin-1's printable characters) when they
decode as it and read as text, any other single-byte encoding charset-normalizer names
only when its words read as words of the language it detects; otherwise the file is
refused rather than guessed.

charset-normalizer alone is not trusted for Western text: on short documents it names
cp1250 or cp775 for a cp1252 file (both decode some of its bytes as other letters),
so cp1252 is tried first and kept when its decoding has no mess (charset-normalizer's
own mess measure) and charset-normalizer counts it among the plausible encodings.

Nor is a low mess enough for the others: Polish in ISO-8859-2 reads without mess as
ISO-8859-10 ("Ģodzi" for "Łodzi"), and Polish in cp1250 as cp1252 ("œwiêtego"). Each
reading's words with letters outside ASCII are looked up in wordfreq's list of the
language detected for it (cp1252: any Western language wordfreq has): a reading is
taken only when more of them are words than in the cp1252 reading, and when at least
half of them are. A name with an accent ("Brówn") is no word anywhere, so Western
text with no other reading stays cp1252.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import InputError

if TYPE_CHECKING:
    from charset_normalizer import CharsetMatches

#: how much of a file is inspected for NUL bytes before decoding
BINARY_PROBE = 8192
#: the most mess (charset-normalizer's ratio of odd characters) a cp1252 reading may show
_MAX_MESS = 0.1
#: the share of a reading's non-ASCII words that must be words of its language
_MIN_WORDS = 0.5
#: how many distinct non-ASCII words of a file are looked up
_WORDS_LOOKED_UP = 200
#: charset-normalizer's language names -> wordfreq's codes (the languages both know)
_LANGUAGE_CODES = {
    "English": "en",
    "German": "de",
    "French": "fr",
    "Dutch": "nl",
    "Italian": "it",
    "Polish": "pl",
    "Spanish": "es",
    "Russian": "ru",
    "Portuguese": "pt",
    "Swedish": "sv",
    "Ukrainian": "uk",
    "Norwegian": "nb",
    "Finnish": "fi",
    "Vietnamese": "vi",
    "Czech": "cs",
    "Hungarian": "hu",
    "Indonesian": "id",
    "Turkish": "tr",
    "Romanian": "ro",
    "Farsi": "fa",
    "Arabic": "ar",
    "Danish": "da",
    "Serbian": "sh",
    "Lithuanian": "lt",
    "Slovene": "sl",
    "Slovak": "sk",
    "Hebrew": "he",
    "Bulgarian": "bg",
    "Croatian": "sh",
    "Hindi": "hi",
    "Greek": "el",
    "Tamil": "ta",
}
#: the languages a cp1252 reading's words may belong to
_WESTERN = ("en", "de", "fr", "nl", "it", "es", "pt", "sv", "nb", "da", "fi")
#: the single-byte encodings tried besides cp1252, each with the languages written in it
#: (charset-normalizer does not always propose them: it named three East Asian encodings
#: and no cp1250 for a Polish sentence in cp1250); on a tie the first listed is taken
_SINGLE_BYTE = {
    "cp1250": ("pl", "cs", "sk", "sl", "hu", "ro", "sh"),
    "iso8859_2": ("pl", "cs", "sk", "sl", "hu", "ro", "sh"),
    "cp1251": ("ru", "uk", "bg"),
    "koi8_r": ("ru",),
    "cp1253": ("el",),
    "cp1254": ("tr",),
    "cp1257": ("lt", "lv"),
    "cp1255": ("he",),
    "cp1256": ("ar", "fa"),
}
_WORD = re.compile(r"[^\W\d_]{2,}")
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
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
    # imported here: most inputs are UTF-8, and the import is a hundredth of a one-line run
    from charset_normalizer import from_bytes
    from charset_normalizer.md import mess_ratio

    matches = from_bytes(raw)
    plausible = {encoding for match in matches for encoding in match.could_be_from_charset}
    try:
        western: str | None = raw.decode("cp1252")
    except UnicodeDecodeError:
        western = None
    if western is not None and not ("cp1252" in plausible and mess_ratio(western, 1.0) <= _MAX_MESS):
        western = None
    other = _best_other_reading(raw, matches)
    # the Western word lists are looked up only when another reading competes (they take seconds to load)
    if other is not None and (western is None or _share_of_words(western, _WESTERN) < other[0]):
        return other[1]
    if western is not None:
        return Decoded(western, "cp1252")
    raise InputError(f"{name}: not valid UTF-8, and its encoding cannot be told with confidence (save it as UTF-8)")


def _best_other_reading(raw: bytes, matches: CharsetMatches) -> tuple[float, Decoded] | None:
    """The reading other than cp1252 whose non-ASCII words are most often words of its
    languages (at least half of them), with that share: the single-byte encodings of
    ``_SINGLE_BYTE``, and those charset-normalizer names with a language it detected."""
    from charset_normalizer.md import mess_ratio

    readings: list[tuple[str, str, tuple[str, ...]]] = []
    for encoding, languages in _SINGLE_BYTE.items():
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            continue
        if mess_ratio(text, 1.0) <= _MAX_MESS:  # control characters, letters of mixed alphabets
            readings.append((encoding, text, languages))
    for match in matches:
        code = _LANGUAGE_CODES.get(match.language)
        if code is not None and match.chaos <= _MAX_MESS and match.encoding != "cp1252":
            readings.append((match.encoding, str(match), (code,)))
    best: tuple[float, Decoded] | None = None
    for encoding, text, languages in readings:
        share = _share_of_words(text, languages)
        if share >= _MIN_WORDS and (best is None or share > best[0]):
            best = (share, Decoded(text, encoding))
    return best


def _share_of_words(text: str, languages: tuple[str, ...]) -> float:
    """The share of ``text``'s distinct words with a letter outside ASCII that wordfreq
    knows in one of ``languages`` (0 when it has none)."""
    words = list(dict.fromkeys(w.lower() for w in _WORD.findall(text) if not w.isascii()))[:_WORDS_LOOKED_UP]
    if not words:
        return 0.0
    from wordfreq import zipf_frequency  # a quarter of a second, paid by a file in a legacy encoding only

    known = sum(any(zipf_frequency(word, language) > 0 for language in languages) for word in words)
    return known / len(words)


def _with_mark(raw: bytes, bom: bytes, encoding: str, name: str) -> Decoded:
    """A file with a byte-order mark is in that encoding or refused: after a UTF-16/32
    mark, NUL-free ASCII is a mangled file, not UTF-16 ("\xff\xfe" then plain text)."""
    body = raw[len(bom) :]
    if encoding != "utf-8-sig" and body.isascii() and b"\x00" not in body:
        raise InputError(f"{name}: has a {encoding.upper()} byte-order mark but is not {encoding.upper()}")
    try:
        return Decoded(raw.decode(encoding), encoding)
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{name}: not valid {encoding.upper()} despite its byte-order mark (first bad byte at offset {exc.start})"
        ) from None
