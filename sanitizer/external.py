"""Spans found by another system, taken as candidates: Presidio's analyzer results or any
span JSON's ``[start, end, label]``.

A team that already runs a recognizer (Presidio, a spaCy model, an annotator's first
pass) gives its spans to ``sanitize_many(..., candidates=...)`` or ``sanitize
--candidates FILE``; they join this engine's own candidates (source "external") and are
decided by the policy like the others. A label is read as a kind: this engine's own kind
names, Presidio's entity types and the common NER labels (PER, ORG, LOC, GPE, ...);
another label is a name of unknown type (NAME).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .errors import InputError
from .service.presidio import ENTITY_TYPES
from .terms import CandidateSpan, TermKind

#: labels of other systems, read as kinds (Presidio's first where it names several kinds)
_LABELS: dict[str, TermKind] = {
    **{entity_type: kind for kind, entity_type in reversed(list(ENTITY_TYPES.items()))},
    **{kind.value.upper(): kind for kind in TermKind},
    "PER": TermKind.PERSON,
    "ORG": TermKind.ORGANISATION,
    "LOC": TermKind.LOCATION,
    "GPE": TermKind.LOCATION,
    "FAC": TermKind.LOCATION,
    "MISC": TermKind.NAME,
    "DATETIME": TermKind.DATE,
    "DEM": TermKind.DEMONYM,
    "IBAN_CODE": TermKind.ACCOUNT,
    "CREDIT_CARD": TermKind.ACCOUNT,
    "IP_ADDRESS": TermKind.CODE,
}


def kind_of_label(label: str) -> TermKind:
    return _LABELS.get(label.strip().upper(), TermKind.NAME)


def external_spans(text: str, spans: Sequence[Any], where: str = "`candidates`") -> list[CandidateSpan]:
    """``spans`` ([start, end, label] or {"start", "end", "entity_type"}) of ``text`` as candidate spans."""
    found = []
    for span in spans:
        try:
            if isinstance(span, Mapping):
                start, end, label = int(span["start"]), int(span["end"]), str(span.get("entity_type", ""))
            else:
                start, end, label = int(span[0]), int(span[1]), str(span[2]) if len(span) > 2 else ""
        except (KeyError, IndexError, TypeError, ValueError):
            raise InputError(f"{where}: a span is [start, end, label] or {{start, end, entity_type}}") from None
        if not 0 <= start < end <= len(text):
            raise InputError(f"{where}: the span {start}-{end} is not inside its text ({len(text)} characters)")
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if start < end:
            found.append(CandidateSpan(start, end, kind_of_label(label), "external"))
    return found
