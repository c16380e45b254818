"""The spaCy pipeline component: add_pipe("ic_sanitizer") writes the engine's spans into doc.spans."""

from __future__ import annotations

import pytest

spacy = pytest.importorskip("spacy")

from ic_sanitizer import Sanitizer, Settings  # noqa: E402
from ic_sanitizer.redaction import placeholder_label  # noqa: E402

TEXT = "Mr John Smith, born on 12 March 1961 in Leeds, was treated for acquired immunodeficiency syndrome.\n"


def test_add_pipe_finds_the_component_and_its_spans_are_the_engines(tmp_path):
    nlp = spacy.blank("en")
    nlp.add_pipe("ic_sanitizer")  # found through the spacy_factories entry point, no import
    doc = nlp(TEXT)
    with Sanitizer(Settings(workers=1, use_cache=False)) as engine:
        expected = [(TEXT[r.start : r.end], placeholder_label(r.kind)) for r in engine.sanitize(TEXT).replacements]
    assert [(span.text, span.label_) for span in doc.spans["ic_sanitizer"]] == expected
    assert ("Mr John Smith", "PERSON") in [(span.text, span.label_) for span in doc.spans["ic_sanitizer"]]
    candidates = doc.spans["ic_sanitizer_candidates"]
    assert len(candidates.attrs["decisions"]) == len(candidates) > len(doc.spans["ic_sanitizer"])
    assert {"kept", "sensitive"} <= set(candidates.attrs["decisions"])


def test_the_component_takes_the_engines_settings_from_its_config():
    nlp = spacy.blank("en")
    nlp.add_pipe("ic_sanitizer", config={"policy": "paper", "spans_key": "removed"})
    doc = nlp("The patient suffers from acquired immunodeficiency syndrome because of blood transfusion.")
    assert "acquired immunodeficiency syndrome" in [span.text for span in doc.spans["removed"]]
    assert list(nlp("   ").spans["removed"]) == []
