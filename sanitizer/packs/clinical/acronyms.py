"""A note's acronyms: shorthand, not organisations, unless the note says where.

A lone acronym in a judgment names an organisation far more often than anything else
(name_types: "BNP", "PKK"), and the name rule types it so. A note is written in acronyms
of findings, events and feeds ("tender RUQ", "s/p MVC", "EBM 28ml", "DOL 5"), most of which
no dictionary holds (the ones WordNet or the note's vocabulary holds are words already).
Typed as organisations they are masked whatever the policy says of a note's language. In a
note an acronym is a place of care only where the note says so: after "at" or "from" ("at
BWH", "transferred from MGH"). Elsewhere it becomes a noun phrase, which the policy's
rules for the note's language decide (its vocabularies, the collection's counts, IC).
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from ...terms import CandidateSpan, TermKind

#: a lone acronym, in the plural ("GPCs") or with a count after it ("DOL 5", "G2P1"): what
#: this rule retypes
_ACRONYM = re.compile(r"[A-Z]{2,6}(?:s|\d?(?:\s\d{1,3})?)")
#: the kinds the name rule gives a lone acronym: an organisation, or a name when it cannot tell
_ACRONYM_KINDS = frozenset({TermKind.ORGANISATION, TermKind.NAME})
#: what says an acronym is a place: "at BWH", "from the MGH"
_AT_A_PLACE = re.compile(r"\b(?i:at|from)\s+(?:the\s+)?$")
_LOOK_BACK = 12


def with_acronyms_as_shorthand(text: str, names: Iterable[CandidateSpan]) -> Iterator[CandidateSpan]:
    """``names`` of a note, each lone acronym typed an organisation or a name without a
    place's word before it given as a noun phrase instead."""
    for span in names:
        if (
            span.kind in _ACRONYM_KINDS
            and _ACRONYM.fullmatch(text, span.start, span.end)
            and not _AT_A_PLACE.search(text, max(0, span.start - _LOOK_BACK), span.start)
        ):
            yield CandidateSpan(span.start, span.end, TermKind.NOUN_PHRASE, "clinical_shorthand")
        else:
            yield span
