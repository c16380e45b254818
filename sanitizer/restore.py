"""Putting the originals back: a sanitized text and its mapping give the text as it was read.

`sanitize --mapping` records, for every document written as one text (a text file, a
PDF's text, standard input), where each replacement landed in the output and what it
replaced in the input, the spaces a deletion took included, with the SHA-256 of both
texts. Restoring splices the originals back, last first, after checking that the text
given is that output, and checks that the result is that input. Every mode restores:
placeholders, [REDACTED], deletions, pseudonyms and masks alike, since the mapping holds
what each replaced. What comes back is the text the engine read (decoded, in UTF-8,
invisible formatting characters removed), which is the file's bytes for a UTF-8 file
without such characters. Structured files (JSON, CSV, Word) are not restored here: their
fields are placed by their format, and the mapping says so.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from .errors import InputError
from .redaction import Landed

if TYPE_CHECKING:
    from .result import SanitizationResult


def replaced_values(text: str, result: "SanitizationResult") -> dict[str, str]:
    """What each value written in ``text``'s output stands for (value -> its first original
    mention): "[PERSON-1]" -> "Mr John Smith"."""
    originals: dict[str, str] = {}
    for r in result.replacements:
        if r.replacement:
            originals.setdefault(r.replacement, text[r.start : r.end])
    return originals


def text_sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def restore_record(original: str, sanitized: str, landed: Sequence[Landed]) -> dict[str, Any]:
    """What the mapping keeps to restore one document: both digests and each replacement's
    place in the output with the original it replaced."""
    return {
        "output_sha256": text_sha256(sanitized),
        "input_sha256": text_sha256(original),
        "edits": [[out_start, out_end, original[in_start:in_end]] for out_start, out_end, in_start, in_end in landed],
    }


def find_record(records: Mapping[str, Any], sanitized: str) -> Optional[tuple[str, Mapping[str, Any]]]:
    """The document whose output is ``sanitized`` (by its digest), with its record."""
    digest = text_sha256(sanitized)
    for name, record in records.items():
        if isinstance(record, Mapping) and record.get("output_sha256") == digest:
            return name, record
    return None


def restored(sanitized: str, record: Mapping[str, Any], where: str) -> str:
    """The original text, from its sanitized text and its record; InputError when the
    record does not fit (altered, or another document's)."""
    edits = record.get("edits")
    if text_sha256(sanitized) != record.get("output_sha256") or not isinstance(edits, list):
        raise InputError(f"{where}: the mapping's record is not this text's (altered, or another document's)")
    text = sanitized
    try:
        for out_start, out_end, original in reversed(edits):
            text = text[:out_start] + original + text[out_end:]
    except (TypeError, ValueError):
        raise InputError(f"{where}: the mapping's record is damaged") from None
    if text_sha256(text) != record.get("input_sha256"):
        raise InputError(f"{where}: the restored text does not match the original's digest (the mapping was altered)")
    return text
