"""Which terms of a document the engine decides on: the candidates of the kinds the
policy considers, every surname of a person named in full, and the phrases the user
or the policy names (denied, requested, of a hidden category) wherever the text holds
them, even where no candidate holds them whole."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ic_sanitizer.corpus_stats import normalize_phrase

from .entities import with_surnames
from .extraction.special_categories import phrases_in, term_category
from .policy import Policy
from .redaction import occurring_term
from .terms import CATEGORIZED_KINDS, CandidateTerm, TermKind, covers


def considered_terms(
    text: str, terms: Sequence[CandidateTerm], policy: Policy, requested: frozenset[str] = frozenset()
) -> list[CandidateTerm]:
    """The terms the policy considers, plus every denied or ``requested`` phrase the text holds."""
    wanted = policy.deny | requested
    chosen = [t for t in terms if covers(policy.kinds, t.kind) or t.key in wanted]
    if policy.entities and TermKind.PERSON in policy.kinds:
        chosen = with_surnames(text, chosen)
    chosen = [_with_category(t) if t.kind in CATEGORIZED_KINDS else t for t in chosen]
    present = {t.key for t in chosen}
    for phrase in sorted(wanted - present):
        chosen.extend(occurring_term(text, phrase, TermKind.NAME, "asked_for"))
        present.add(phrase)
    # A hidden category's phrases are caught in the text itself, where no candidate holds them whole.
    for phrase in dict.fromkeys(phrases_in(text, policy.hide)):
        key = normalize_phrase(phrase)
        if key not in present:
            found = occurring_term(text, phrase, TermKind.NOUN_PHRASE, "hidden_category")
            chosen.extend(_with_category(t) for t in found)
            present.add(key)
    return chosen


def _with_category(term: CandidateTerm) -> CandidateTerm:
    category = term_category(term)
    # most terms have none, and a copy of each cost a twentieth of the decisions' time
    return term if category == term.category else replace(term, category=category)
