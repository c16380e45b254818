"""The engine's two halves: ``Sanitizer.analyze`` decides, ``Anonymizer.apply`` writes.

Sanitizing is the two in a row, in every mode; an analysis is applied in several modes
without being computed again, can be inspected span by span, and changed before it is
applied (a reviewer's decision)."""

from __future__ import annotations

import dataclasses

import pytest

from ic_sanitizer import Analysis, Anonymizer, ConfigurationError, Mode, Reason, Sanitizer, Settings, TermKind

from ..conftest import every_mode

KEY = b"a key of thirty-two bytes or so.."
TEXT = (
    "Mr John Kowalski, born on 12 March 1961 in Leeds, was a hockey coach at Leeds General "
    "Infirmary. Kowalski wrote to john.kowalski@example.org on 3 May 2009."
)


@pytest.fixture(scope="module")
def engine():
    with Sanitizer(Settings(use_cache=False, workers=1, pseudonym_key=KEY)) as sanitizer:
        yield sanitizer


@pytest.mark.parametrize("mode", every_mode())
def test_analyze_then_apply_is_sanitize_in_every_mode(engine, mode):
    with Sanitizer(Settings(use_cache=False, workers=1, pseudonym_key=KEY, mode=mode)) as own:
        expected = own.sanitize(TEXT)
    applied = engine.anonymizer.apply(TEXT, engine.analyze(TEXT), mode=mode)
    assert applied.text == expected.text
    assert applied.replacements == expected.replacements
    assert applied.mode is Mode(mode)


def test_one_analysis_is_written_in_several_modes(engine):
    analysis = engine.analyze(TEXT)
    tagged = engine.anonymizer.apply(TEXT, analysis)
    redacted = engine.anonymizer.apply(TEXT, analysis, mode="redact")
    by_kind = engine.anonymizer.apply(TEXT, analysis, operators={"date": "mask"})
    assert "[PERSON-1]" in tagged.text and "[PERSON-1]" not in redacted.text and "[REDACTED]" in redacted.text
    assert "1961" in by_kind.text and "[PERSON-1]" in by_kind.text  # dates masked to their year, the rest tagged
    assert [r.start for r in tagged.replacements] == [r.start for r in redacted.replacements]


def test_spans_say_where_what_and_why(engine):
    analysis = engine.analyze(TEXT)
    spans = analysis.spans(TEXT)
    assert spans == sorted(spans, key=lambda s: s.start)
    written = {TEXT[s.start : s.end]: s for s in spans}
    assert (
        written["Kowalski"].kind is TermKind.PERSON and written["Kowalski"].entity == written["Mr John Kowalski"].entity
    )
    assert written["john.kowalski@example.org"].source == "email"
    assert {s.reason for s in spans} <= set(Reason)
    decided_by_ic = [s for s in spans if s.reason is Reason.IC]
    assert all(s.information_content is not None and s.information_content >= s.beta for s in decided_by_ic)


def test_a_changed_analysis_keeps_what_it_no_longer_removes(engine):
    analysis = engine.analyze(TEXT)
    kept = [r for r in analysis.removals if r.kind is not TermKind.DATE]
    reviewed = dataclasses.replace(analysis, removals=tuple(kept))
    text = engine.anonymizer.apply(TEXT, reviewed).text
    assert "12 March 1961" in text and "3 May 2009" in text and "Kowalski" not in text


def test_an_anonymizer_of_its_own_needs_no_engine_but_for_generalize(engine):
    analysis: Analysis = engine.analyze(TEXT)
    own = Anonymizer(mode="hash", key=KEY)
    assert own.apply(TEXT, analysis).text == engine.anonymizer.apply(TEXT, analysis, mode="hash").text
    assert Anonymizer(mode="tag").apply(TEXT, analysis).text == engine.anonymizer.apply(TEXT, analysis).text
    with pytest.raises(ConfigurationError, match="use a Sanitizer's anonymizer"):
        own.apply(TEXT, analysis, mode="generalize")


@pytest.mark.parametrize(
    "operators, message",
    [({"person": "shout"}, "`operators` must map kinds to modes"), ({"person": "shift"}, "shift moves dates")],
)
def test_an_unknown_or_misplaced_operator_is_one_line(engine, operators, message):
    with pytest.raises(ConfigurationError, match=message) as raised:
        engine.anonymizer.apply(TEXT, engine.analyze(TEXT), operators=operators)
    assert "\n" not in str(raised.value)
