"""The policy fit's pieces: token accounting, the allow list learnt, the β chosen per kind."""

from __future__ import annotations

from ic_sanitizer.evaluation.scores import Mask
from ic_sanitizer.policy import Rule
from ic_sanitizer.policy_fit import MIN_TERMS_TO_FIT, TermTokens, _document_terms, common_phrases, fit
from ic_sanitizer.terms import CandidateTerm, Span, TermKind


def _term(text: str, phrase: str, kind: TermKind) -> CandidateTerm:
    start = text.index(phrase)
    return CandidateTerm(phrase.lower(), phrase, kind, (Span(start, start + len(phrase)),))


def test_a_longer_term_claims_its_tokens_before_a_shorter_one_inside_it():
    # "court" alone would mask "Court" in "High Court" too; crediting it with those gold
    # tokens made a generic word look like an identifier to the fit.
    text = "The High Court heard it. The Court agreed."
    terms = [_term(text, "Court", TermKind.ORGANISATION), _term(text, "High Court", TermKind.ORGANISATION)]
    gold = Mask([(text.index("High"), text.index("High") + len("High Court"))])
    tokens = {t.key: t for t in _document_terms(text, terms, gold, {"court": 12.0, "high court": 14.0})}
    assert (tokens["high court"].gold, tokens["high court"].other) == (2, 0)
    assert (tokens["court"].gold, tokens["court"].other) == (0, 1)


def _tokens(key: str, kind: TermKind, ic: float, gold: int, other: int) -> TermTokens:
    return TermTokens(key, kind, ic, gold, other)


def test_the_allow_list_is_phrases_left_in_clear_in_two_documents_never_a_direct_identifier():
    collected = [
        _tokens("tariff", TermKind.NOUN_PHRASE, 18.0, 0, 3),  # document 1
        _tokens("tariff", TermKind.NOUN_PHRASE, 18.0, 0, 2),  # document 2
        _tokens("deportation", TermKind.NOUN_PHRASE, 18.0, 0, 4),  # one document only
        _tokens("smith", TermKind.PERSON, 12.0, 0, 2),
        _tokens("smith", TermKind.NAME, 12.0, 0, 2),
        _tokens("ankara", TermKind.LOCATION, 15.0, 3, 1),
        _tokens("ankara", TermKind.LOCATION, 15.0, 2, 0),
        _tokens("1 000", TermKind.NUMBER, 15.0, 0, 2),
        _tokens("1 000", TermKind.NUMBER, 15.0, 0, 2),
    ]
    assert common_phrases(collected) == frozenset({"tariff"})
    assert common_phrases(collected, min_documents=1) == frozenset({"tariff", "deportation"})


def test_the_fit_takes_the_last_segment_only_as_far_as_the_target_recall():
    # Dates are direct enough to be worth all their tokens; of the noun phrases, evenly
    # precise, only as many are taken as the target needs, not the whole kind.
    collected = [_tokens(f"{day} may 2001", TermKind.DATE, 20.0, 5, 0) for day in range(1, 11)]
    collected += [_tokens(f"phrase {i}", TermKind.NOUN_PHRASE, 30.0 - i, 5, 5) for i in range(10)]
    fits = {f.kind: f for f in fit(collected, gold_total=100, target_recall=0.7)}
    assert fits[TermKind.DATE].rule is Rule.ALWAYS
    noun_phrases = fits[TermKind.NOUN_PHRASE]
    assert noun_phrases.rule is Rule.IC and noun_phrases.beta == 27.0  # phrases 0-3: 50 + 4 x 5 = 70 gold tokens


def test_a_kind_with_too_few_terms_keeps_the_starting_rule():
    collected = [_tokens(f"{day} may 2001", TermKind.DATE, 20.0, 5, 0) for day in range(1, 11)]
    collected += [_tokens(f"phrase {i}", TermKind.NOUN_PHRASE, 30.0 - i, 5, 5) for i in range(MIN_TERMS_TO_FIT - 1)]
    fits = {f.kind: f for f in fit(collected, gold_total=100, target_recall=0.7)}
    assert fits[TermKind.DATE].rule is Rule.ALWAYS and fits[TermKind.NOUN_PHRASE].rule is None
