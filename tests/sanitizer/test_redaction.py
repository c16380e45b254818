from __future__ import annotations

from ic_sanitizer.redaction import Mode, Removal, apply_replacements, plan_replacements
from ic_sanitizer.terms import CandidateTerm, Span, TermKind

TEXT = "Jan Kowalski met Dr. Nowak. Later KOWALSKI's lawyer and jan  kowalski left; Kowalskis stayed."


def _term(key, kind, start, end):
    return CandidateTerm(key=key, text=TEXT[start:end], kind=kind, mentions=(Span(start, end),))


def _removals(*terms):
    """Each term an entity of its own."""
    return [Removal(t, t.key, t.kind) for t in terms]


def test_every_occurrence_goes_including_case_possessive_and_spacing_variants():
    kowalski = _term("jan kowalski", TermKind.NAME, 0, 12)
    surname = _term("kowalski", TermKind.NAME, 4, 12)
    replacements = plan_replacements(TEXT, _removals(kowalski, surname), Mode.REDACT)
    text = apply_replacements(TEXT, replacements)
    assert "owalski " not in text.lower().replace("kowalskis", "")
    assert text.startswith("[REDACTED] met Dr. Nowak. Later [REDACTED]'s lawyer and [REDACTED] left;")
    assert "Kowalskis" in text  # a different word stays


def test_offsets_refer_to_the_input():
    nowak = _term("nowak", TermKind.NAME, TEXT.index("Nowak"), TEXT.index("Nowak") + 5)
    (replacement,) = plan_replacements(TEXT, _removals(nowak), Mode.SUPPRESS)
    assert TEXT[replacement.start : replacement.end] == "Nowak"


def test_tag_mode_gives_each_term_one_stable_placeholder():
    kowalski = _term("kowalski", TermKind.NAME, 4, 12)
    nowak = _term("nowak", TermKind.NAME, TEXT.index("Nowak"), TEXT.index("Nowak") + 5)
    text = apply_replacements(TEXT, plan_replacements(TEXT, _removals(kowalski, nowak), Mode.TAG))
    assert text.count("[NAME-1]") == 3 and text.count("[NAME-2]") == 1


def test_suppress_deletes_without_leaving_double_spaces():
    nowak = _term("nowak", TermKind.NAME, TEXT.index("Nowak"), TEXT.index("Nowak") + 5)
    text = apply_replacements(TEXT, plan_replacements(TEXT, _removals(nowak), Mode.SUPPRESS))
    assert "met Dr.." in text


def test_every_occurrence_of_a_name_with_a_non_ascii_capital_goes():
    text = "He lived in İstanbul. İSTANBUL's courts sat in İstanbul."
    term = CandidateTerm(key="i̇stanbul", text="İstanbul", kind=TermKind.NAME, mentions=(Span(12, 20),))
    result = apply_replacements(text, plan_replacements(text, _removals(term), Mode.REDACT))
    assert result == "He lived in [REDACTED]. [REDACTED]'s courts sat in [REDACTED]."


def test_tag_mode_gives_every_name_of_one_entity_the_same_placeholder():
    kowalski = _term("jan kowalski", TermKind.PERSON, 0, 12)
    nowak = _term("nowak", TermKind.NAME, TEXT.index("Nowak"), TEXT.index("Nowak") + 5)
    surname = _term("kowalski", TermKind.NAME, 4, 12)
    removals = [
        Removal(kowalski, "jan kowalski", TermKind.PERSON),
        Removal(nowak, "nowak", TermKind.PERSON),
        Removal(surname, "jan kowalski", TermKind.PERSON),
    ]
    text = apply_replacements(TEXT, plan_replacements(TEXT, removals, Mode.TAG))
    assert text.startswith("[PERSON-1] met Dr. [PERSON-2]. Later [PERSON-1]")
    assert text.count("[PERSON-1]") == 3 and "[PERSON-3]" not in text


def test_suppress_takes_the_possessive_with_the_name_a_placeholder_leaves_it():
    nowak = _term("kowalski", TermKind.NAME, 4, 12)
    suppressed = apply_replacements(TEXT, plan_replacements(TEXT, _removals(nowak), Mode.SUPPRESS))
    tagged = apply_replacements(TEXT, plan_replacements(TEXT, _removals(nowak), Mode.TAG))
    assert "Later lawyer" in suppressed and "Later [NAME-1]'s lawyer" in tagged


def _written(text, written, kind, occurrence=0):
    """The term of ``written`` (its key in lower case) with its mention at that occurrence in ``text``."""
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(written, start + 1)
    return CandidateTerm(key=written.lower(), text=written, kind=kind, mentions=(Span(start, start + len(written)),))


def _tagged(text, removals):
    return apply_replacements(text, plan_replacements(text, removals, Mode.TAG))


def test_a_person_is_matched_only_where_capitalized():
    text = "Mr Price paid the price. PRICE's appeal failed."
    price = _written(text, "Price", TermKind.PERSON)
    assert _tagged(text, _removals(price)) == "Mr [PERSON-1] paid the price. [PERSON-1]'s appeal failed."


def test_a_months_name_alone_is_matched_only_where_capitalized_and_a_dated_one_in_any_case():
    text = "Arrested in May, he may appeal. Seen 3 May 2001 and again on 3 may 2001."
    may, dated = _written(text, "May", TermKind.DATE), _written(text, "3 May 2001", TermKind.DATE)
    assert _tagged(text, _removals(may, dated)) == (
        "Arrested in [DATE-1], he may appeal. Seen [DATE-2] and again on [DATE-2]."
    )


def test_a_one_word_name_that_is_an_ordinary_word_is_matched_only_where_capitalized():
    text = "She moved to Reading, then Leeds. She likes reading; leeds is where she works."
    reading, leeds = _written(text, "Reading", TermKind.LOCATION), _written(text, "Leeds", TermKind.LOCATION)
    assert _tagged(text, _removals(reading, leeds)) == (
        "She moved to [LOCATION-1], then [LOCATION-2]. She likes reading; [LOCATION-2] is where she works."
    )


def test_a_name_written_in_lower_case_is_found_in_any_case_unless_it_is_an_ordinary_word():
    text = "seen by darren mulholland. mulholland declined. owen price paid the price."
    darren = _written(text, "darren mulholland", TermKind.PERSON)
    surname = _written(text, "mulholland", TermKind.PERSON)
    price = _written(text, "price", TermKind.PERSON)
    removals = [
        Removal(darren, "darren mulholland", TermKind.PERSON),
        Removal(surname, "darren mulholland", TermKind.PERSON),
        Removal(price, "price", TermKind.PERSON),
    ]
    assert _tagged(text, removals) == "seen by [PERSON-1]. [PERSON-1] declined. owen [PERSON-2] paid the price."
