"""The re-identification attack, information kept, and their place in `eval` and `tune`,
on a dozen synthetic people (no TAB needed)."""

from __future__ import annotations

import csv
import json
import os
import re

import pytest
from typer.testing import CliRunner

pytest.importorskip("sklearn")

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.cli.app import app  # noqa: E402
from ic_sanitizer.errors import InputError  # noqa: E402
from ic_sanitizer.evaluation.attack import AttackDesign, LinkageAttack, suppressed_texts, wilson_interval  # noqa: E402
from ic_sanitizer.evaluation.information import InformationMeasure  # noqa: E402

from ..conftest import write_table  # noqa: E402

runner = CliRunner()

PEOPLE = [
    ("Aldana", "Quillby", "glassblower", "orchard", "a confiscated greenhouse"),
    ("Borvik", "Tessaly", "locksmith", "harbour", "a disputed fishing licence"),
    ("Cadmus", "Umbrel", "beekeeper", "quarry", "the demolition of a barn"),
    ("Dravin", "Vesker", "cartographer", "monastery", "a lost land survey"),
    ("Elsom", "Wrenfold", "shipwright", "lighthouse", "an unpaid salvage award"),
    ("Farrow", "Yardley", "taxidermist", "vineyard", "the seizure of a museum collection"),
    ("Gideon", "Zarnow", "clockmaker", "tannery", "a broken apprenticeship contract"),
    ("Halvard", "Ashcombe", "falconer", "marshland", "the shooting of a hawk"),
    ("Ismay", "Brightwater", "perfumer", "distillery", "a forged customs declaration"),
    ("Jorund", "Coldharbour", "puppeteer", "theatre", "a banned street performance"),
    ("Kestrel", "Dunmore", "stonemason", "cathedral", "a collapsed scaffold"),
    ("Lorcan", "Elderby", "saddler", "racecourse", "a poisoned racehorse"),
]
BOILERPLATE = (
    "The Court examined the application and the observations of the Government. "
    "It recalls its case-law on the matter and the relevant domestic law."
)


def _background() -> dict[str, str]:
    return {
        f"doc-{i:02d}": f"Case of {surname} v. Ruritania. The applicant, {first} {surname}, a {trade} who "
        f"lived near the {place}, complained about {topic}. {BOILERPLATE}"
        for i, (surname, first, trade, place, topic) in enumerate(PEOPLE)
    }


def _documents() -> tuple[dict[str, str], dict[str, list[tuple[int, int]]]]:
    """Each person's document, and the spans of its identifying words."""
    texts, identifiers = {}, {}
    for i, (surname, _first, trade, place, topic) in enumerate(PEOPLE):
        text = (
            f"Mr {surname} worked as a {trade} beside the {place}. In 2004 {surname} complained of {topic}. "
            f"{BOILERPLATE}"
        )
        doc_id = f"doc-{i:02d}"
        texts[doc_id] = text
        words = {surname, trade, place}
        identifiers[doc_id] = [(m.start(), m.end()) for m in re.finditer(r"\w+", text) if m.group() in words]
        identifiers[doc_id].append((text.index(topic), text.index(topic) + len(topic)))
    return texts, identifiers


@pytest.fixture(scope="module")
def attack() -> LinkageAttack:
    return LinkageAttack(_background())


@pytest.mark.parametrize(
    "design",
    [AttackDesign(), AttackDesign(word_ngrams=None, char_ngrams=(3, 5)), AttackDesign(model="linear", chunk_words=8)],
    ids=["words", "chars", "linear"],
)
def test_unmasked_documents_are_linked_to_their_person(design):
    texts, _ = _documents()
    result = LinkageAttack(_background(), design).link(texts)
    assert result.top1 == 1.0 and result.top5 == 1.0 and result.documents == len(PEOPLE)


def test_fully_masked_documents_are_at_chance_exactly(attack):
    texts, _ = _documents()
    masked = suppressed_texts(texts, {doc_id: [(0, len(text))] for doc_id, text in texts.items()})
    result = attack.link(masked)
    assert result.top1 == pytest.approx(1 / len(PEOPLE)) and result.top1 == pytest.approx(result.chance)
    assert result.top5 == pytest.approx(5 / len(PEOPLE))


def test_masking_the_identifiers_leaves_only_shared_words_and_near_chance(attack):
    texts, identifiers = _documents()
    masked = attack.link(suppressed_texts(texts, identifiers))
    # What is left is the same in every document; only the lengths of the people's
    # background texts still tell them apart, a little.
    assert masked.top1 <= 2 / len(PEOPLE)


def test_masking_half_the_documents_halves_what_they_add_above_chance(attack):
    texts, _ = _documents()
    half = {doc_id: [(0, len(text))] for k, (doc_id, text) in enumerate(texts.items()) if k % 2 == 0}
    result = attack.link(suppressed_texts(texts, half))
    assert result.top1 == pytest.approx(0.5 + 0.5 / len(PEOPLE))
    assert result.per_document["doc-01"][0] == 1.0 and result.per_document["doc-00"][0] == pytest.approx(1 / 12)


def test_intervals_contain_the_point_estimate(attack):
    texts, identifiers = _documents()
    for spans in ({}, identifiers):
        result = attack.link(suppressed_texts(texts, spans))
        for value, (low, high) in ((result.top1, result.top1_interval), (result.top5, result.top5_interval)):
            assert 0.0 <= low <= value <= high <= 1.0
        assert result.top5 >= result.top1


@pytest.mark.parametrize(
    "successes, trials, expected",
    [
        (5, 10, (0.2366, 0.7634)),
        (0, 10, (0.0, 0.2775)),
        (10, 10, (0.7225, 1.0)),
        (81, 263, (0.2553, 0.3662)),
    ],
    ids=["half", "none", "all", "textbook"],
)
def test_wilson_interval_matches_published_values(successes, trials, expected):
    low, high = wilson_interval(successes, trials)
    assert (round(low, 4), round(high, 4)) == expected


def test_documents_without_background_are_left_out_and_none_at_all_is_an_error(attack):
    texts, _ = _documents()
    result = attack.link({**texts, "stranger": "Someone else entirely."})
    assert result.documents == len(PEOPLE)
    with pytest.raises(InputError):
        attack.link({"stranger": "Someone else entirely."})
    with pytest.raises(InputError):
        LinkageAttack({"only": "one person"})


def test_explanation_names_the_clear_words_that_link(attack):
    texts, identifiers = _documents()
    explained = attack.explain(texts, top=5)
    entry = explained["doc-03"]
    assert entry["linked_to"] == "doc-03" and entry["rank_of_own_person"] == 1
    assert "dravin" in [feature for feature, _ in entry["top_features"]]
    masked = attack.explain(suppressed_texts(texts, identifiers), top=5)["doc-03"]
    assert all("dravin" not in feature for feature, _ in masked["top_features"])


# Information kept ---------------------------------------------------------------------------


def _counts(tmp_path):
    counts = {
        "mr dravin": 2,
        "dravin": 3,
        "cartographer": 400,
        "monastery": 900,
        "court": 200_000,
        "application": 150_000,
        "government": 180_000,
        "lost land survey": 5,
        "case-law": 5_000,
        # the last steps of the trades' and the places' generalizations (generalization_chains.py)
        "person": 2_000_000,
        "dwelling": 1_000_000,
    }
    return write_table(tmp_path / "counts.json", 10_000_000, counts)


def test_information_kept_is_one_unmasked_zero_fully_masked_and_weighs_rare_terms(tmp_path):
    text = _documents()[0]["doc-03"]
    with Sanitizer(f"table:{_counts(tmp_path)}", workers=1, use_cache=False, policy="paper") as sanitizer:
        measure = InformationMeasure(sanitizer, {"d": text})
    assert measure.kept({}).information_kept == 1.0 and measure.kept({}).words_kept == 1.0
    everything = measure.kept({"d": [(0, len(text))]})
    assert everything.information_kept == 0.0 and everything.words_kept == 0.0
    name = [(m.start(), m.end()) for m in re.finditer("Dravin", text)]
    common = [(m.start(), m.end()) for m in re.finditer("Court|Government", text)]
    rare, frequent = measure.kept({"d": name}), measure.kept({"d": common})
    assert rare.words_kept == frequent.words_kept  # two words each
    assert rare.information_kept < frequent.information_kept < 1.0


# The command line ---------------------------------------------------------------------------


def _files(tmp_path):
    texts, identifiers = _documents()
    paths = {name: tmp_path / f"{name}.json" for name in ("texts", "bk", "gold", "masks")}
    paths["texts"].write_text(json.dumps(texts), encoding="utf-8")
    paths["bk"].write_text(json.dumps(_background()), encoding="utf-8")
    gold = {doc_id: [[s, e, "MISC"] for s, e in spans] for doc_id, spans in identifiers.items()}
    paths["gold"].write_text(json.dumps(gold), encoding="utf-8")
    paths["masks"].write_text(json.dumps({doc_id: [[0, len(t)]] for doc_id, t in texts.items()}), encoding="utf-8")
    return paths, ["--backend", f"table:{_counts(tmp_path)}", "--workers", "1", "--policy", "paper"]


def test_eval_attacks_another_systems_spans_and_keeps_features_out_of_stdout(tmp_path):
    paths, options = _files(tmp_path)
    features = tmp_path / "features.json"
    result = runner.invoke(
        app,
        [
            "eval",
            "--gold",
            str(paths["gold"]),
            "--texts",
            str(paths["texts"]),
            "--system",
            str(paths["gold"]),
            "--attack",
            str(paths["bk"]),
            "--attack-features",
            str(features),
            "--json",
            *options,
        ],
    )
    assert result.exit_code == 0, result.stderr
    attack = json.loads(result.stdout)["attack"]
    assert attack["trir_top1"] == pytest.approx(1 / 12) and attack["people"] == 12
    assert attack["trir_top1_ci95"][0] <= attack["trir_top1"] <= attack["trir_top1_ci95"][1]
    assert 0.0 < attack["information_kept"] < 1.0 and 0.0 < attack["words_kept"] < 1.0
    assert os.stat(features).st_mode & 0o077 == 0
    assert set(json.loads(features.read_text(encoding="utf-8"))["documents"]) == set(_documents()[0])
    assert "Dravin" not in result.stdout + result.stderr and "dravin" not in result.stdout + result.stderr


def test_eval_attacks_the_sanitizer_output_in_text_form(tmp_path):
    paths, options = _files(tmp_path)
    result = runner.invoke(
        app,
        [
            "eval",
            "--gold",
            str(paths["gold"]),
            "--texts",
            str(paths["texts"]),
            "--attack",
            str(paths["bk"]),
            "--beta",
            "20",
            *options,
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert re.search(r"TRIR top-1\s+\d\.\d{3} \(95% CI \d\.\d{3}-\d\.\d{3}\), 12 documents", result.stdout)
    assert "information kept" in result.stdout and "words kept" in result.stdout


def test_eval_attack_from_reports_agrees_with_running_the_sanitizer(tmp_path):
    paths, options = _files(tmp_path)
    folder = tmp_path / "docs"
    folder.mkdir()
    for doc_id, text in _documents()[0].items():
        (folder / f"{doc_id}.txt").write_text(text, encoding="utf-8")
    settings = [*options, "--beta", "20"]
    sanitized = runner.invoke(
        app,
        ["sanitize", str(folder), "-o", str(tmp_path / "out"), "--report", str(tmp_path / "report.json"), *settings],
    )
    assert sanitized.exit_code == 0, sanitized.stderr
    common = ["eval", "--gold", str(paths["gold"]), "--texts", str(folder), "--attack", str(paths["bk"]), "--json"]
    from_reports = runner.invoke(app, [*common, "--reports", str(tmp_path / "report.json"), *options])
    direct = runner.invoke(app, [*common, *settings])
    assert from_reports.exit_code == 0 and direct.exit_code == 0, (from_reports.stderr, direct.stderr)
    attacked = json.loads(from_reports.stdout)["attack"]
    assert attacked == json.loads(direct.stdout)["attack"]
    assert attacked["trir_top1"] < 1.0 and attacked["words_kept"] < 1.0


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["--attack-features", "f.json"], "needs --attack"),
        (["--attack", "{bk}", "--attack-features", "{texts}"], "inputs are never overwritten"),
    ],
    ids=["features-without-attack", "features-over-input"],
)
def test_eval_attack_usage_errors(tmp_path, arguments, message):
    paths, options = _files(tmp_path)
    arguments = [a.format(bk=paths["bk"], texts=paths["texts"]) for a in arguments]
    result = runner.invoke(
        app,
        [
            "eval",
            "--gold",
            str(paths["gold"]),
            "--texts",
            str(paths["texts"]),
            "--system",
            str(paths["masks"]),
            *arguments,
            *options,
        ],
    )
    assert result.exit_code == 2 and message in result.stderr


def test_tune_places_settings_baselines_and_experts_on_the_privacy_table_and_plot(tmp_path):
    paths, options = _files(tmp_path)
    table, picture = tmp_path / "privacy.csv", tmp_path / "privacy.png"
    result = runner.invoke(
        app,
        [
            "tune",
            "--gold",
            str(paths["gold"]),
            "--texts",
            str(paths["texts"]),
            "--beta",
            "20",
            "--w",
            "0.5",
            "--w",
            "1.0",
            "--attack",
            str(paths["bk"]),
            "--baseline",
            str(paths["masks"]),
            "--privacy-table",
            str(table),
            "--privacy-plot",
            str(picture),
            *options,
        ],
    )
    assert result.exit_code == 0, result.stderr
    rows = {r["label"]: r for r in csv.DictReader(table.open(encoding="utf-8"))}
    assert [r["kind"] for r in rows.values()] == ["setting"] * 3 + ["original", "experts", "system"]
    assert float(rows["original (no masking)"]["trir_top1"]) == 1.0
    assert float(rows["experts"]["trir_top1"]) == pytest.approx(1 / 12, abs=1e-4)
    assert float(rows["masks"]["information_kept"]) == 0.0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "re-identification attack" in result.stdout


def test_eval_attack_without_scikit_learn_says_which_extra_before_any_work(tmp_path, monkeypatch):
    import importlib.util

    paths, options = _files(tmp_path)
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "sklearn" else real(name, *a))
    result = runner.invoke(
        app,
        ["eval", "--gold", str(paths["gold"]), "--texts", str(paths["texts"]), "--attack", str(paths["bk"]), *options],
    )
    assert result.exit_code == 2 and "pip install 'ic-sanitizer[attack]'" in result.stderr
    assert result.stdout == ""


def test_tune_privacy_outputs_need_the_attack(tmp_path):
    paths, options = _files(tmp_path)
    result = runner.invoke(
        app,
        [
            "tune",
            "--gold",
            str(paths["gold"]),
            "--texts",
            str(paths["texts"]),
            "--privacy-plot",
            str(tmp_path / "p.png"),
            *options,
        ],
    )
    assert result.exit_code == 2 and "need --attack" in result.stderr


def test_a_generalize_sweep_is_placed_beside_the_same_settings_in_tag_mode(tmp_path):
    paths, options = _files(tmp_path)
    table = tmp_path / "privacy.csv"
    result = runner.invoke(
        app,
        [
            "tune",
            "--gold",
            str(paths["gold"]),
            "--texts",
            str(paths["texts"]),
            "--beta",
            "20",
            "--mode",
            "generalize",
            "--attack",
            str(paths["bk"]),
            "--privacy-table",
            str(table),
            *options,
        ],
    )
    assert result.exit_code == 0, result.stderr
    rows = {r["label"]: r for r in csv.DictReader(table.open(encoding="utf-8"))}
    settings = [label for label, r in rows.items() if r["kind"] == "setting"]
    half = len(settings) // 2
    assert [label.removesuffix(", generalize") for label in settings[:half]] == [
        label.removesuffix(", tag") for label in settings[half:]
    ]
    assert all(label.endswith(", generalize") for label in settings[:half]) and half > 1
    for generalized, tagged in zip(settings[:half], settings[half:]):
        # the same decisions: a generalization is credited its IC, a tag nothing
        assert float(rows[generalized]["information_kept"]) >= float(rows[tagged]["information_kept"])
    assert any(
        float(rows[g]["information_kept"]) > float(rows[t]["information_kept"])
        for g, t in zip(settings[:half], settings[half:])
    )
