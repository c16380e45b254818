"""The optional spacy extractor: offsets, the paper's terms, and the hash pin."""

from __future__ import annotations

import pytest

from ic_sanitizer.errors import ExtractorUnavailableError
from ic_sanitizer.extraction import extract_terms, open_extractor, spacy_extractor

pytestmark = pytest.mark.skipif(
    spacy_extractor.missing() is not None, reason=f"spacy route unavailable: {spacy_extractor.missing()}"
)

TEXT = (
    "The patient suffers from acquired immunodeficiency syndrome because of blood transfusion. "
    "He was diagnosed when his immune system responded poorly to influenza."
)


def test_offsets_point_into_the_text_and_the_papers_six_terms_come_out():
    extractor = open_extractor("spacy")
    for sentence in extractor.analyze(TEXT):
        for token in sentence.tokens:
            assert TEXT[token.start : token.end] == token.text
    assert {t.key for t in extract_terms(TEXT, extractor)} == {
        "patient",
        "acquired immunodeficiency syndrome",
        "blood transfusion",
        "he",
        "immune system",
        "influenza",
    }


def test_a_model_that_does_not_match_the_pinned_hash_is_refused(monkeypatch):
    monkeypatch.setattr(spacy_extractor, "MODEL_SHA256", "0" * 64)
    spacy_extractor.missing.cache_clear()
    try:
        with pytest.raises(ExtractorUnavailableError, match="does not match the pinned hash"):
            open_extractor("spacy")
    finally:
        spacy_extractor.missing.cache_clear()


def test_spacys_entities_come_with_their_kind_and_give_way_to_the_name_rule():
    text = "He worked for Koc Holding until 2001 and met Petrovic in Ankara.\n"
    extractor = open_extractor("spacy")
    entities = [(text[e.start : e.end], e.kind.value, e.source) for s in extractor.analyze(text) for e in s.entities]
    assert ("Koc Holding", "organisation", "extractor_entity") in entities
    assert all(
        text[e.start : e.end].strip() == text[e.start : e.end] for s in extractor.analyze(text) for e in s.entities
    )
    terms = {t.text: (t.kind.value, t.source) for t in extract_terms(text, extractor)}
    assert terms["Koc Holding"][1] == "name_rule"  # the entities' layer is taken only where no name was found
    assert terms["2001"][1] == "date"  # a recognizer's identifier, a layer above the entities
