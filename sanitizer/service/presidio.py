"""Presidio's shapes: the engine's decisions as analyzer results, and Presidio's operators.

Presidio's analyzer answers a list of ``{"entity_type", "start", "end", "score",
"analysis_explanation"}``; its anonymizer takes a text, such results and an operator per
entity type (``{"DEFAULT": {"type": "replace"}, "PHONE_NUMBER": {"type": "mask", ...}}``)
and answers ``{"text", "items": [{"start", "end", "entity_type", "text", "operator"}]}``.
The service answers in these shapes, so a Presidio client works unchanged, and the
functions here are what the service and the in-process API (``analyzer_results``) share.

A span the engine keeps is not a result; a span it removes is scored from the figures that
decided it (presidio_analysis.py: 1.0 for what the user asked or a validated checksum, 0.5
to 1.0 by the margin of IC over β), and its explanation says which.
"""

from __future__ import annotations

import hashlib
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

from ..errors import InputError
from ..recognizers.national import format_named, national_names
from ..result import SanitizationResult
from ..terms import TermKind, every_kind
from .presidio_analysis import allowed_by, decision_score, explanation
from .presidio_crypto import decrypt, encrypt

#: the engine's kinds as Presidio's entity types (Presidio's own names where it has one)
ENTITY_TYPES: dict[TermKind, str] = {
    TermKind.PERSON: "PERSON",
    TermKind.EMAIL: "EMAIL_ADDRESS",
    TermKind.URL: "URL",
    TermKind.PHONE: "PHONE_NUMBER",
    TermKind.ACCOUNT: "ACCOUNT",
    TermKind.CODE: "ID",
    TermKind.DATE: "DATE_TIME",
    TermKind.TIME: "DATE_TIME",
    TermKind.AGE: "AGE",
    TermKind.AMOUNT: "AMOUNT",
    TermKind.QUANTITY: "QUANTITY",
    TermKind.MEASUREMENT: "MEASUREMENT",
    TermKind.NUMBER: "NUMBER",
    TermKind.ORGANISATION: "ORGANIZATION",
    TermKind.LOCATION: "LOCATION",
    TermKind.DEMONYM: "NRP",
    TermKind.SEX: "SEX",
    TermKind.RELATION: "RELATION",
    TermKind.PROFESSION: "PROFESSION",
    TermKind.RANK: "RANK",
    TermKind.WORK: "TITLE",
    TermKind.NAME: "NAME",
    TermKind.PUBLIC_REFERENCE: "REFERENCE",
    TermKind.NOUN_PHRASE: "TERM",
    TermKind.ABSTRACT_PHRASE: "TERM",
    TermKind.PRONOUN: "PRONOUN",
}
#: recognizers whose finds have a more precise Presidio type than their kind's
_BY_SOURCE = {"iban": "IBAN_CODE", "payment_card": "CREDIT_CARD", "ipv4": "IP_ADDRESS", "ipv6": "IP_ADDRESS"}


def supported_entities() -> list[str]:
    national = (entity for name in national_names() for entity in format_named(name).presidio)
    return sorted({*map(entity_type_of, every_kind()), *_BY_SOURCE.values(), *national})


def entity_type_of(kind: TermKind) -> str:
    """Presidio's type for a kind: its own name where Presidio has one, else the kind's in capitals."""
    return ENTITY_TYPES.get(kind) or kind.value.upper()


def entity_types(kind: TermKind, source: str) -> tuple[str, ...]:
    """Presidio's types for what a recognizer found: a national format's own ("US_SSN"; a
    passport's are every country's passport), else the recognizer's or the kind's."""
    national = format_named(source).presidio if source in national_names() else ()
    return national or (_BY_SOURCE.get(source) or entity_type_of(kind),)


def analyzer_results(
    result: SanitizationResult,
    entities: Optional[Iterable[str]] = None,
    allow_list: Iterable[str] = (),
    explain: bool = False,
    text: Optional[str] = None,
    allow_list_match: str = "exact",
    regex_flags: Optional[int] = None,
) -> list[dict[str, Any]]:
    """What the engine removed from one text, as Presidio's analyzer results, in text order,
    each scored from its decision (presidio_analysis.decision_score); ``entities`` keeps
    those types only, ``allow_list`` drops spans it holds (``allow_list_match``: Presidio's
    exact phrase, or regex over the span's whole text, read from ``text`` when given),
    ``explain`` adds each decision's explanation in Presidio's shape."""
    wanted = None if entities is None else set(entities)
    allowed = allowed_by(list(allow_list), allow_list_match, regex_flags)
    scored = {s.term.key: s for s in result.terms}
    results = []
    for r in result.replacements:
        term = scored.get(r.term)
        source = term.term.source if term is not None else ""
        entity_type = next((t for t in entity_types(r.kind, source) if wanted is None or t in wanted), None)
        written = text[r.start : r.end] if text is not None else term.term.text if term is not None else ""
        if entity_type is None or allowed(written):
            continue
        score, why = decision_score(term)
        results.append(
            {
                "entity_type": entity_type,
                "start": r.start,
                "end": r.end,
                "score": score,
                "analysis_explanation": explanation(source or "ic_sanitizer", score, why) if explain else None,
            }
        )
    return results


def anonymize(
    text: str, results: Sequence[Mapping[str, Any]], operators: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """Presidio's anonymizer on ``text``: each result's span replaced by the operator of its
    entity type (else "DEFAULT", else replace with "<ENTITY_TYPE>"); overlapping results
    keep the first in text order (the longer when they start together)."""
    return _apply(text, results, operators, _operate, "replace")


def deanonymize(
    text: str, results: Sequence[Mapping[str, Any]], deanonymizers: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """Presidio's deanonymizer: each span of ``text`` (an anonymized text's items) given back
    by the operator of its entity type, ``decrypt`` (presidio_crypto.py)."""
    return _apply(text, results, deanonymizers, _reverse, "decrypt")


def _apply(
    text: str,
    results: Sequence[Mapping[str, Any]],
    operators: Mapping[str, Mapping[str, Any]],
    operate: Callable[[str, str, Mapping[str, Any]], str],
    default: str,
) -> dict[str, Any]:
    spans = sorted((_span(text, r) for r in results), key=lambda s: (s[0], -s[1]))
    pieces, items, cursor, shift = [], [], 0, 0
    for start, end, entity_type in spans:
        if start < cursor:
            continue  # overlaps a span already replaced
        operator = dict(operators.get(entity_type) or operators.get("DEFAULT") or {"type": default})
        value = operate(text[start:end], entity_type, operator)
        pieces += [text[cursor:start], value]
        new_start = start + shift
        items.append(
            {
                "start": new_start,
                "end": new_start + len(value),
                "entity_type": entity_type,
                "text": value,
                "operator": operator.get("type", default),
            }
        )
        shift += len(value) - (end - start)
        cursor = end
    pieces.append(text[cursor:])
    return {"text": "".join(pieces), "items": items}


def _reverse(value: str, entity_type: str, operator: Mapping[str, Any]) -> str:
    if operator.get("type", "decrypt") != "decrypt":
        raise InputError("deanonymize reverses decrypt only (the operator encrypt gave)")
    return decrypt(value, operator)


def _span(text: str, result: Mapping[str, Any]) -> tuple[int, int, str]:
    try:
        start, end, entity_type = int(result["start"]), int(result["end"]), str(result["entity_type"])
    except (KeyError, TypeError, ValueError):
        raise InputError("each analyzer result needs start, end and entity_type") from None
    if not 0 <= start < end <= len(text):
        raise InputError(f"an analyzer result's span {start}-{end} is not inside the text")
    return start, end, entity_type


def _operate(original: str, entity_type: str, operator: Mapping[str, Any]) -> str:
    kind = operator.get("type", "replace")
    if kind == "replace":
        return str(operator.get("new_value", f"<{entity_type}>"))
    if kind == "redact":
        return ""
    if kind == "keep":
        return original
    if kind == "mask":
        return _mask(
            original,
            str(operator.get("masking_char", "*")),
            operator.get("chars_to_mask", len(original)),
            bool(operator.get("from_end", False)),
        )
    if kind == "hash":
        return _hash(original, str(operator.get("hash_type", "sha256")))
    if kind == "encrypt":
        return encrypt(original, operator)
    raise InputError(f"operator {kind!r} is not supported here (replace, redact, keep, mask, hash, encrypt)")


def _mask(original: str, char: str, count: Any, from_end: bool) -> str:
    if len(char) != 1 or not isinstance(count, int) or count < 0:
        raise InputError("mask needs one masking_char and a non-negative chars_to_mask")
    count = min(count, len(original))
    if from_end:
        return original[: len(original) - count] + char * count
    return char * count + original[count:]


def _hash(original: str, hash_type: str) -> str:
    if hash_type not in ("sha256", "sha512"):
        raise InputError("hash_type must be sha256 or sha512")
    return hashlib.new(hash_type, original.encode("utf-8")).hexdigest()
