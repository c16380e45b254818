"""The local index back-end: counts equal a brute-force count over the same documents."""

from __future__ import annotations

import bz2
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.corpus_stats import BackendDataError, index_tokens, open_backend
from ic_sanitizer.corpus_stats.building.corpus_build import build_index

WORDS = ["court", "smith", "blood", "transfusion", "aids", "Smith's", "COURT", "patient"]
SEPARATORS = [" ", ". ", ", ", "\n", "; ", " - ", "! "]


def _contains(haystack: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return bool(needle) and any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


def brute_count(documents: list[str], phrases: list[str]) -> int:
    wanted = [index_tokens(p) for p in phrases]
    return sum(all(_contains(index_tokens(d), w) for w in wanted) for d in documents)


document = st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(SEPARATORS)), min_size=1, max_size=12).map(
    lambda pairs: "".join(word + separator for word, separator in pairs)
)
phrase = st.lists(st.sampled_from(WORDS), min_size=1, max_size=3).map(" ".join)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(documents=st.lists(document, min_size=1, max_size=15), phrases=st.lists(phrase, min_size=1, max_size=3))
def test_counts_equal_brute_force_including_across_punctuation(tmp_path_factory, documents, phrases):
    folder = tmp_path_factory.mktemp("corpus")
    source = folder / "docs.jsonl"
    source.write_text("".join(json.dumps({"text": d}) + "\n" for d in documents), encoding="utf-8")
    build_index([source], folder / "index")
    backend = open_backend(f"local:{folder / 'index'}")
    assert backend.total() == sum(1 for d in documents if index_tokens(d))
    assert backend.count(phrases[0]) == brute_count(documents, phrases[:1])
    assert backend.count_all(phrases) == brute_count(documents, phrases)


def test_all_source_kinds_are_read_and_bad_documents_counted(tmp_path):
    (tmp_path / "txt" / "sub").mkdir(parents=True)
    (tmp_path / "txt" / "a.txt").write_text("Blood transfusion in Leeds.", encoding="utf-8")
    (tmp_path / "txt" / "sub" / "b.txt").write_bytes(b"caf\xe9 latin-1")
    (tmp_path / "docs.jsonl").write_text(
        '{"text": "AIDS and blood transfusion"}\nnot json\n{"id": 3}\n', encoding="utf-8"
    )
    (tmp_path / "tab.json").write_text(
        json.dumps([{"doc_id": "x", "text": "The Court of Cassation."}]), encoding="utf-8"
    )
    dump = (
        '<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/"><page><title>A</title>'
        "<revision><text>The [[Blood transfusion|blood transfusion]] {{cite|x}} of '''AIDS'''.</text></revision></page>"
        '<page><title>R</title><redirect title="A"/><revision><text>#REDIRECT [[A]]</text></revision></page></mediawiki>'
    )
    (tmp_path / "wiki.xml.bz2").write_bytes(bz2.compress(dump.encode()))
    meta = build_index(
        [tmp_path / "txt", tmp_path / "docs.jsonl", tmp_path / "tab.json", tmp_path / "wiki.xml.bz2"],
        tmp_path / "index",
    )
    by_kind = {s["kind"]: s for s in meta["sources"]}
    assert by_kind["folder"]["documents"] == 1 and by_kind["folder"]["skipped"] == {"not valid UTF-8": 1}
    assert by_kind["jsonl"]["documents"] == 1 and by_kind["jsonl"]["skipped"] == {"malformed record": 2}
    assert by_kind["json"]["documents"] == 1 and by_kind["wikipedia"]["documents"] == 1
    backend = open_backend(f"local:{tmp_path / 'index'}")
    assert backend.count("blood transfusion") == 3
    assert backend.count_all(["aids", "blood transfusion"]) == 2
    assert backend.count("cite") == 0  # template stripped


def test_failed_build_leaves_no_index_and_keeps_the_old_one(tmp_path):
    good = tmp_path / "good.jsonl"
    good.write_text('{"text": "first corpus"}\n', encoding="utf-8")
    build_index([good], tmp_path / "index")
    before = open_backend(f"local:{tmp_path / 'index'}").fingerprint()
    empty = tmp_path / "empty.jsonl"
    empty.write_text("garbage\n", encoding="utf-8")
    with pytest.raises(BackendDataError, match="no readable document"):
        build_index([empty], tmp_path / "index", replace=True)
    assert open_backend(f"local:{tmp_path / 'index'}").fingerprint() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.jsonl", "good.jsonl", "index"]


def test_existing_index_is_not_replaced_without_force(tmp_path):
    source = tmp_path / "a.txt"
    source.write_text("words", encoding="utf-8")
    build_index([source], tmp_path / "index")
    with pytest.raises(BackendDataError, match="already exists"):
        build_index([source], tmp_path / "index")


def test_corpus_cli_build_info_and_sanitize_with_s2(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    # N = 50. IC(kowalski) = log2(50/2) = beta; IC(warsaw) = log2(50/3) < beta, PMI(kowalski, warsaw)
    # = log2(2 * 50 / (2 * 3)) >= tau = 0.5 beta; the doctor never meets Kowalski.
    lines = (
        ["Kowalski was treated in Warsaw.", "Kowalski lives in Warsaw.", "Warsaw is a city."]
        + [f"The doctor number {i} is here." for i in range(10)]
        + [f"Filler text number {i}." for i in range(37)]
    )
    corpus.write_text("".join(json.dumps({"text": t}) + "\n" for t in lines), encoding="utf-8")
    runner = CliRunner()
    built = runner.invoke(app, ["corpus", "build", str(corpus), "--out", str(tmp_path / "index")])
    assert built.exit_code == 0, built.stderr
    info = runner.invoke(app, ["corpus", "info", str(tmp_path / "index"), "--json"])
    assert json.loads(info.stdout)["documents"] == 50
    document = tmp_path / "doc.txt"
    document.write_text("Kowalski visited the doctor in Warsaw.\n", encoding="utf-8")
    result = runner.invoke(
        app,
        [
            "sanitize",
            str(document),
            "--backend",
            f"local:{tmp_path / 'index'}",
            "--beta-term",
            "Kowalski",
            "--w",
            "0.5",
            "--policy",
            "paper",
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "visited the doctor in.\n"
    # β above what 50 documents can give (log2 100 = 6.64 bits) would mask nothing: refused, naming the ceiling.
    refused = runner.invoke(
        app,
        ["sanitize", str(document), "--backend", f"local:{tmp_path / 'index'}", "--beta", "14.5", "--policy", "paper"],
    )
    assert refused.exit_code == 2 and "6.64 bits" in refused.stderr and len(refused.stderr.splitlines()) == 1
    # The default policy's βs are on wordfreq's scale: with a local index it asks for β on the index's own.
    default = runner.invoke(app, ["sanitize", str(document), "--backend", f"local:{tmp_path / 'index'}"])
    assert default.exit_code == 2 and "fitted on back-end 'wordfreq'" in default.stderr


def test_missing_index_is_a_one_line_error(tmp_path):
    result = CliRunner().invoke(app, ["corpus", "info", str(tmp_path)])
    assert result.exit_code == 1 and "not a corpus index" in result.stderr
