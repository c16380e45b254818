"""Every term says what found it: a recognizer's name or a rule (terms.SPAN_SOURCES),
in the report, in `terms` and on the review page."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.recognizers import recognizers_for
from ic_sanitizer.terms import SPAN_SOURCES

TEXT = (
    "Dr W.K. wrote to Mr John Smith on 3 March 2004 (j.brown@example.org, Steuer-ID: 36 574 261 809) "
    "about Article 6 of the Convention. Smith replied. He was tired.\n"
)


def test_each_term_names_the_recognizer_or_rule_that_found_it():
    with Sanitizer(Settings(workers=1, use_cache=False, deny=["tired"])) as sanitizer:
        found = {s.term.text: s.term.source for s in sanitizer.sanitize(TEXT).terms}
    assert found["j.brown@example.org"] == "email" and found["3 March 2004"] == "date"
    assert found["36 574 261 809"] == "de_idnr" and found["Article 6"] == "public_reference"
    assert found["Mr John Smith"] == "name_rule" and found["Smith"] == "named_elsewhere" and found["He"] == "pronoun"
    assert found["tired"] == "asked_for"
    known = set(SPAN_SOURCES) | {r.name for r in recognizers_for(None)}
    assert set(found.values()) <= known, set(found.values()) - known


def test_the_report_terms_and_the_review_page_show_the_source(tmp_path):
    from ic_sanitizer.cli.app import app

    runner = CliRunner()
    (tmp_path / "doc.txt").write_text(TEXT, encoding="utf-8")
    result = runner.invoke(
        app,
        [
            "sanitize",
            str(tmp_path / "doc.txt"),
            "--report",
            str(tmp_path / "r.json"),
            "-o",
            str(tmp_path / "out.txt"),
            "--no-cache",
        ],
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    terms = [term for document in report["documents"] for term in document["terms"]]
    assert {"email", "date", "name_rule"} <= {term["source"] for term in terms}
    listed = runner.invoke(app, ["terms", str(tmp_path / "doc.txt"), "--no-cache", "--json"])
    assert {"email", "date"} <= {term["source"] for term in json.loads(listed.stdout)["terms"]}
    page = tmp_path / "page.html"
    assert runner.invoke(app, ["review", str(tmp_path / "doc.txt"), "-o", str(page), "--no-cache"]).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert '"source":"email"' in html.replace(" ", "") and "Found by" in html


def test_an_extractors_own_entities_are_a_layer_of_names_below_the_identifiers():
    """The extractor protocol carries entity spans (spaCy's NER is one): a layer taken
    whole where the layers above found nothing; a recognizer's identifier keeps what it covers."""
    from ic_sanitizer.extraction.base import TaggedSentence
    from ic_sanitizer.extraction.candidates import find_candidate_spans
    from ic_sanitizer.extraction.tokenizer import tokenize
    from ic_sanitizer.terms import CandidateSpan, TermKind

    text = "the firm acme paid on 3 March 2004 ."
    tokens = tuple(tokenize(text))
    firm, date = text.index("acme"), text.index("3 March 2004")
    sentence = TaggedSentence(
        tokens,
        tuple("NN" for _ in tokens),
        None,
        (
            CandidateSpan(firm, firm + 4, TermKind.ORGANISATION, "extractor_entity"),
            CandidateSpan(date, date + len("3 March"), TermKind.PERSON, "extractor_entity"),
        ),
    )
    found = {text[s.start : s.end]: (s.kind, s.source) for s in find_candidate_spans(text, [sentence])}
    assert found["acme"] == (TermKind.ORGANISATION, "extractor_entity")
    assert found["3 March 2004"] == (TermKind.DATE, "date")


def test_another_systems_spans_join_the_candidates_from_python_and_the_command_line(tmp_path):
    text = "The parcel reached acme widgets in springfield on Monday, said the courier.\n"
    firm, town = text.index("acme widgets"), text.index("springfield")
    presidio = [
        {"start": firm, "end": firm + len("acme widgets"), "entity_type": "ORGANIZATION"},
        [town, town + len("springfield"), "LOC"],
    ]
    with Sanitizer(Settings(use_cache=False, workers=1)) as sanitizer:
        result = next(sanitizer.sanitize_many([text], candidates=[presidio]))
    assert {(s.term.text, s.term.kind.value) for s in result.terms if s.term.source == "external"} == {
        ("acme widgets", "organisation"),
        ("springfield", "location"),
    }
    assert "[ORGANISATION-1]" in result.text and "[LOCATION-1]" in result.text
    from ic_sanitizer.cli.app import app

    (tmp_path / "note.txt").write_text(text, encoding="utf-8")
    (tmp_path / "spans.json").write_text(json.dumps({"note": presidio}), encoding="utf-8")
    run = CliRunner().invoke(
        app, ["sanitize", str(tmp_path / "note.txt"), "--candidates", str(tmp_path / "spans.json"), "--no-cache"]
    )
    assert run.exit_code == 0 and run.stdout == result.text
    (tmp_path / "bad.json").write_text(json.dumps({"note": [[5, 999, "PER"]]}), encoding="utf-8")
    bad = CliRunner().invoke(
        app, ["sanitize", str(tmp_path / "note.txt"), "--candidates", str(tmp_path / "bad.json"), "--no-cache"]
    )
    assert bad.exit_code == 1 and "is not inside its text" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
