from __future__ import annotations

import pytest

from ic_sanitizer.errors import ConfigurationError
from ic_sanitizer.extraction import extract_terms, open_extractor
from ic_sanitizer.extraction.base import paragraphs
from ic_sanitizer.extraction.tagger import PerceptronTagger
from ic_sanitizer.extraction.tokenizer import tokenize
from ic_sanitizer.terms import KIND_FAMILIES, CandidateSpan, TermKind, merge_overlapping
from ic_sanitizer.writing_case import writes_in_lower_case


def _terms(text, extractor):
    return {t.key: t for t in extract_terms(text, extractor)}


def test_every_mention_offset_points_at_its_text(extractor):
    text = "On 12 March 2005 the applicant, Mr Jan Kowalski, lodged application no. 36244/06 in Warsaw."
    for term in extract_terms(text, extractor):
        for mention in term.mentions:
            assert text[mention.start : mention.end].casefold().startswith(term.key.split(" ")[0])


@pytest.mark.parametrize(
    "text, key, kind",
    [
        ("The hearing took place on 12 March 2005 in Ankara.", "12 march 2005", TermKind.DATE),
        ("He was detained between 1982 and 1984 without trial.", "between 1982 and 1984", TermKind.DATE),
        ("She lodged application no. 36244/06 against Poland.", "36244/06", TermKind.CODE),
        ("The Court of Cassation upheld the judgment.", "court of cassation", TermKind.ORGANISATION),
        ("The applicant is Turkish.", "turkish", TermKind.DEMONYM),
        ("He was awarded EUR 10,000 in damages.", "eur 10,000", TermKind.AMOUNT),
    ],
    ids=["date", "date-range", "application-number", "name-with-connector", "demonym", "amount"],
)
def test_identifying_spans_are_candidates_of_their_kind(extractor, text, key, kind):
    terms = _terms(text, extractor)
    assert key in terms, sorted(terms)
    assert terms[key].kind is kind


def test_determiners_and_possessives_are_stripped(extractor):
    terms = _terms("The applicant's lawyer criticised his immune system.", extractor)
    assert "applicant" in terms and "lawyer" in terms
    assert "immune system" in terms
    assert not any(key.startswith(("the ", "his ")) for key in terms)


def test_a_past_participle_after_a_noun_is_its_verb_and_adverbs_are_no_terms(extractor):
    terms = _terms(
        "In January 1992 the psychiatrist informed Mrs Andersson. From May 1988 onwards, "
        "she faced drug trafficking charges, hereinafter the charges.",
        extractor,
    )
    assert "psychiatrist" in terms and "psychiatrist informed" not in terms
    assert "drug trafficking charges" in terms  # a gerund inside a compound stays
    lasted = _terms("The trial, before a judge and a jury, lasted six working days.", extractor)
    assert "six working days" in lasted and not any(key.startswith("lasted") for key in lasted)
    assert not {"onwards", "hereinafter"} & set(terms)


def test_a_gerund_before_a_number_is_a_verb_unless_a_determiner_opens_the_phrase(extractor):
    terms = _terms("He won the league twice, scoring 112 goals. The remaining 3 boats were sold.", extractor)
    assert "112 goals" in terms and not any(key.startswith("scoring") for key in terms)
    assert "remaining 3 boats" in terms


@pytest.mark.parametrize(
    "text, year, rest",
    [
        ("Her 1996 book won a prize.", "1996", "book"),
        ("He played at the 1962 World Cup in Chile.", "1962", None),
        ("His 2004 income was low.", "2004", "income"),
    ],
)
def test_a_year_that_dates_a_noun_is_a_date_and_the_noun_stays_a_phrase(extractor, text, year, rest):
    terms = _terms(text, extractor)
    assert terms[year].kind is TermKind.DATE, sorted(terms)
    assert rest is None or terms[rest].kind in (TermKind.NOUN_PHRASE, TermKind.ABSTRACT_PHRASE)


def test_a_number_before_a_plural_is_a_count_not_a_year(extractor):
    terms = _terms("About 2000 people came to the square.", extractor)
    assert terms["2000 people"].kind is TermKind.NUMBER


def test_a_participle_that_works_as_a_preposition_ends_a_noun_phrase(extractor):
    terms = _terms("The President decided to communicate the complaints concerning freedom of assembly.", extractor)
    assert "complaints" in terms and not any("concerning" in key for key in terms)


@pytest.mark.parametrize(
    "text",
    [
        "It was decided to examine the merits at the same time as its admissibility (Article 29 § 3).",
        "The President granted leave to intervene (Article 36 § 2) to the Government.",
        "He was convicted of supplying class A drugs (cocaine and heroin) in 1998.",
        "The applicant cited the “State Security Courts Act” in his appeal.",
    ],
)
def test_no_candidate_runs_over_a_bracket_or_a_double_quote(extractor, text):
    # Replaced whole, "admissibility (Article 29" left "[NUMBER-1] § 3)": an orphan bracket.
    for term in extract_terms(text, extractor):
        for mention in term.mentions:
            inside = text[mention.start : mention.end]
            for opener, closer in ("()", "[]", "\u201c\u201d"):
                assert inside.count(opener) == inside.count(closer), inside


def test_repeated_mentions_group_into_one_term(extractor):
    terms = _terms("Smith met the judge. Later SMITH wrote to the judge.", extractor)
    assert len(terms["smith"].mentions) == 2
    assert len(terms["judge"].mentions) == 2


def test_unknown_word_after_to_is_not_tagged_as_a_verb():
    tags = PerceptronTagger().tag("He responded poorly to influenza .".split())
    assert tags[4].startswith("NN")


def test_verbless_sentence_gets_its_verb_from_the_closest_nns():
    tags = PerceptronTagger().tag("The patient suffers from acquired immunodeficiency syndrome .".split())
    assert tags[2] == "VBZ"


def test_a_real_plural_after_a_verb_stays_a_noun():
    tags = PerceptronTagger().tag("The court heard the witnesses .".split())
    assert tags[4] == "NNS"


def test_tokenizer_splits_possessive_and_keeps_case_numbers():
    tokens = [t.text for t in tokenize("Mr. Smith's application no. 36244/06 of 1990s")]
    assert tokens == ["Mr.", "Smith", "'s", "application", "no.", "36244/06", "of", "1990s"]


def test_tokenizer_splits_clitics_as_treebank_does_and_keeps_names_with_apostrophes():
    tokens = [t.text for t in tokenize("I'm 47, we’re here, I've gone; O'Brien met d'Estaing.")]
    assert tokens == [
        "I",
        "'m",
        "47",
        ",",
        "we",
        "’re",
        "here",
        ",",
        "I",
        "'ve",
        "gone",
        ";",
        "O'Brien",
        "met",
        "d'Estaing",
        ".",
    ]


def test_tokenizer_keeps_a_nordic_company_s_legal_form_whole():
    assert [t.text for t in tokenize("Geneve A/S and A/S/T")] == ["Geneve", "A/S", "and", "A", "/", "S", "/", "T"]


def test_hard_wrapped_lines_stay_in_one_paragraph_and_headings_do_not():
    text = "THE FACTS\nThe patient suffers from acquired immunodeficiency\nsyndrome since 2001."
    assert [text[s:e] for s, e in paragraphs(text)] == [
        "THE FACTS",
        "The patient suffers from acquired immunodeficiency\nsyndrome since 2001.",
    ]


def test_in_a_text_written_in_lower_case_every_line_is_a_paragraph():
    text = "then back to the depot\nha ha that is funny\nok bye now, talk later"
    assert writes_in_lower_case(text) and not writes_in_lower_case("Then back to the depot. Ha ha, Tom said so.")
    assert [text[s:e] for s, e in paragraphs(text)] == text.split("\n")


def test_a_forms_fields_set_apart_by_a_tab_or_spaces_are_paragraphs_of_their_own():
    text = "Admission date: 2/3/2024   Discharge date: 2/9/2024\nName:\tJo Hart\nThe end.  Next one."
    assert [text[s:e] for s, e in paragraphs(text)] == [
        "Admission date: 2/3/2024",
        "Discharge date: 2/9/2024",
        "Name:",
        "Jo Hart",
        "The end.",
        "Next one.",
    ]
    assert paragraphs("one two three, one space apart") == [(0, 30)]


def test_prose_whose_sentences_open_with_capitals_is_not_written_in_lower_case():
    # long sentences capitalize under 3% of their words, but each sentence's first
    prose = (
        "He seemed quiet and sensitive and was worried about the possible effect of the long "
        "delay on the son whom she cares for alone at home with no help at all from anyone, "
        "though the staff of the office had said more than once that help would come soon. "
        "As the matter was not resolved in the months that followed and nothing was done about "
        "the letters that were sent to the office, the claim was made again in the spring and "
        "once more in the autumn, each time with the same answer from the same desk. "
        "As a result the file was sent back to the office that had dealt with it before."
    )
    assert not writes_in_lower_case(prose)
    assert writes_in_lower_case(prose.replace("He ", "he ").replace("As ", "as "))


def test_overlapping_spans_merge_with_the_most_specific_kind():
    merged = merge_overlapping(
        [
            CandidateSpan(0, 5, TermKind.NOUN_PHRASE),
            CandidateSpan(3, 9, TermKind.DATE),
            CandidateSpan(12, 14, TermKind.NAME),
        ]
    )
    assert merged == [CandidateSpan(0, 9, TermKind.DATE), CandidateSpan(12, 14, TermKind.NAME)]


def test_unknown_extractor_lists_known_ones():
    with pytest.raises(ConfigurationError, match="known extractors: nltk"):
        open_extractor("stanza")


@pytest.mark.parametrize(
    "text, key, kind",
    [
        ("The applicant has three children.", "three children", TermKind.NUMBER),
        ("She claimed 61,000 zlotys in damages.", "61,000 zlotys", TermKind.AMOUNT),
        ("Inflation reached 20% that year.", "20%", TermKind.NUMBER),
    ],
    ids=["count-in-words", "amount-after-number", "percentage"],
)
def test_quantities_are_numbers_or_amounts(extractor, text, key, kind):
    terms = _terms(text, extractor)
    assert key in terms, sorted(terms)
    assert terms[key].kind is kind


def test_a_capitalized_noun_inside_a_sentence_is_a_name_whatever_its_tag(extractor):
    terms = _terms("The applicant was detained in İstanbul in 1999.", extractor)
    assert terms["i̇stanbul"].kind in KIND_FAMILIES["name"]


def test_one_after_an_adjective_stands_for_a_noun_and_is_no_count(extractor):
    terms = _terms("Can I swap the blue one for the red ones? I bought three small boxes.", extractor)
    assert terms["blue one"].kind is not TermKind.NUMBER and terms["red ones"].kind is not TermKind.NUMBER
    assert terms["three small boxes"].kind is TermKind.NUMBER
