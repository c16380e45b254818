"""Scores against expert annotations, and the eval and tune commands."""

from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.evaluation import Scores, evaluate, load_gold, load_system_spans, load_texts
from ic_sanitizer.evaluation.system import from_spans
from ic_sanitizer.tuning import SweepRow, recommend

from ..conftest import PAPER_COUNTS, TAB_DIR, needs, shared_data

runner = CliRunner()


@pytest.mark.parametrize(
    "baseline, expected",
    [
        ("presidio", (0.917, 0.553, 0.690, 0.483)),
        ("spacy_ner", (0.620, 0.846, 0.716, 0.739)),
        ("stanford_ner_7class", (0.780, 0.630, 0.697, 0.403)),
    ],
)
def test_baseline_scores_equal_tab_readme_to_three_decimals(baseline, expected):
    shared_data(TAB_DIR)
    # The figures TAB's README publishes for the baselines (../shared/data/tab_test/README.md).
    texts = load_texts(TAB_DIR / "texts.json")
    scores = evaluate(
        texts,
        load_gold(TAB_DIR / "gold_manual_masks.json"),
        load_system_spans(TAB_DIR / "baselines" / f"{baseline}.json"),
    )
    got = (scores.token_precision, scores.token_recall, scores.token_f1, scores.mention_recall)
    assert tuple(round(value, 3) for value in got) == expected


TEXT = "Mr Jan Kowalski was born in 1970 in Warsaw. Kowalski was a judge."
#      0123456789012345678901234567890123456789012345678901234567890123


def _mention(start, end, entity_id, kind, entity_type):
    return {
        "entity_type": entity_type,
        "entity_mention_id": f"m{start}",
        "entity_id": entity_id,
        "start_offset": start,
        "end_offset": end,
        "span_text": TEXT[start:end],
        "identifier_type": kind,
        "confidential_status": "NOT_CONFIDENTIAL",
    }


def _tab_json(tmp_path):
    mention = _mention
    document = {
        "doc_id": "d1",
        "text": TEXT,
        "annotations": {
            "annotator1": {
                "entity_mentions": [
                    mention(3, 15, "e1", "DIRECT", "PERSON"),
                    mention(44, 52, "e1", "DIRECT", "PERSON"),
                    mention(28, 32, "e2", "QUASI", "DATETIME"),
                    mention(36, 42, "e3", "QUASI", "LOC"),
                    mention(59, 64, "e4", "NO_MASK", "MISC"),
                ]
            },
            "annotator2": {"entity_mentions": [mention(3, 15, "e1", "DIRECT", "PERSON")]},
        },
    }
    path = tmp_path / "tab.json"
    path.write_text(json.dumps([document]), encoding="utf-8")
    return path


def test_entity_is_protected_only_when_all_its_mentions_are_masked(tmp_path):
    gold = load_gold(_tab_json(tmp_path))
    assert gold.format == "tab" and gold.annotators() == ["annotator1", "annotator2"]
    # Masks the first "Jan Kowalski" and the year, misses the second "Kowalski" and Warsaw.
    scores = evaluate(gold.texts, gold, {"d1": [(3, 15), (28, 32)]})
    # annotator1: e1 not protected (second mention clear); annotator2: e1 protected.
    assert scores.direct_entity_recall == pytest.approx(1 / 2)
    assert scores.quasi_entity_recall == pytest.approx(1 / 2)  # e2 masked, e3 not
    # NO_MASK mentions are not gold: "judge" does not count.
    assert set(scores.recall_by_type) == {"PERSON", "DATETIME", "LOC"}
    # Recall over both annotators: annotator1 has 2+1+1+1 tokens, annotator2 has 2.
    assert scores.token_recall == pytest.approx((2 + 1 + 2) / (5 + 2))
    assert scores.token_precision == pytest.approx(1.0)


def test_term_lists_give_the_papers_term_scores(tmp_path):
    gold_path = tmp_path / "terms.json"
    gold_path.write_text(json.dumps({"d1": ["Jan Kowalski", "Warsaw", "1970"]}), encoding="utf-8")
    gold = load_gold(gold_path)
    assert gold.format == "terms"
    output = from_spans({"d1": TEXT}, {"d1": [(3, 15), (36, 42), (59, 64)]})
    scores = evaluate({"d1": TEXT}, gold, output.spans, output.terms)
    assert scores.term_precision == pytest.approx(2 / 3) and scores.term_recall == pytest.approx(2 / 3)
    assert scores.token_recall is None  # no spans in a term-list gold


def test_eval_scores_a_baseline_file_from_the_cli():
    shared_data(TAB_DIR)
    result = runner.invoke(
        app,
        [
            "eval",
            "--gold",
            str(TAB_DIR / "gold_manual_masks.json"),
            "--texts",
            str(TAB_DIR / "texts.json"),
            "--system",
            str(TAB_DIR / "baselines" / "presidio.json"),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.stderr
    scores = json.loads(result.stdout)["scores"]
    assert round(scores["token_precision"], 3) == 0.917 and round(scores["mention_recall"], 3) == 0.483


def test_eval_reads_reports_and_agrees_with_running_the_sanitizer(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    texts = {
        "a": "The patient suffers from acquired immunodeficiency syndrome because of blood transfusion.",
        "b": "Mr Kowalski lives in Warsaw with his doctor.",
    }
    for doc_id, text in texts.items():
        (folder / f"{doc_id}.txt").write_text(text, encoding="utf-8")
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps({"a": [[25, 59, "MISC"]], "b": [[3, 11, "PERSON"]]}), encoding="utf-8")
    options = ["--backend", f"table:{PAPER_COUNTS}", "--beta", "14", "--w", "0.6"]
    sanitized = runner.invoke(
        app,
        [
            "sanitize",
            str(folder),
            "-o",
            str(tmp_path / "out"),
            "--report",
            str(tmp_path / "report.json"),
            "--workers",
            "1",
            *options,
        ],
    )
    assert sanitized.exit_code == 0, sanitized.stderr
    from_report = runner.invoke(
        app, ["eval", "--gold", str(gold), "--texts", str(folder), "--reports", str(tmp_path / "report.json"), "--json"]
    )
    direct = runner.invoke(
        app, ["eval", "--gold", str(gold), "--texts", str(folder), "--workers", "1", "--json", *options]
    )
    assert from_report.exit_code == 0 and direct.exit_code == 0, (from_report.stderr, direct.stderr)
    assert json.loads(from_report.stdout)["scores"] == json.loads(direct.stdout)["scores"]


def test_eval_without_texts_for_a_span_gold_is_one_clear_error():
    shared_data(TAB_DIR)
    result = runner.invoke(app, ["eval", "--gold", str(TAB_DIR / "gold_manual_masks.json")])
    assert result.exit_code == 1 and "give them with --texts" in result.stderr


def _row(stage, w, precision, recall):
    return SweepRow(
        stage,
        "14",
        w,
        Scores(
            documents=1,
            token_precision=precision,
            token_recall=recall,
            token_f1=2 * precision * recall / (precision + recall),
        ),
    )


def test_recommendation_is_the_best_precision_reaching_the_target_recall():
    rows = [_row("S1", None, 0.7, 0.80), _row("S1+S2", 0.2, 0.5, 0.95), _row("S1+S2", 0.6, 0.6, 0.91)]
    best, reached = recommend(rows, 0.9)
    assert reached and best.w == 0.6
    best, reached = recommend(rows, 0.99)
    assert not reached and best.w == 0.2


@needs("matplotlib", "plots")
def test_tune_writes_a_table_and_a_plot_and_s2_recall_is_never_below_s1(tmp_path):
    shared_data(TAB_DIR)
    texts = json.loads((TAB_DIR / "texts.json").read_text(encoding="utf-8"))
    first = {doc_id: texts[doc_id] for doc_id in sorted(texts)[:3]}
    (tmp_path / "texts.json").write_text(json.dumps(first), encoding="utf-8")
    table, picture = tmp_path / "sweep.csv", tmp_path / "sweep.png"
    result = runner.invoke(
        app,
        [
            "tune",
            "--gold",
            str(TAB_DIR / "gold_manual_masks.json"),
            "--texts",
            str(tmp_path / "texts.json"),
            "--w",
            "0.2",
            "--w",
            "0.6",
            "--w",
            "1.0",
            "--beta",
            "14.5",
            "--table",
            str(table),
            "--plot",
            str(picture),
            "--workers",
            "1",
            "--policy",
            "paper",
        ],
    )
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    assert [(r["stage"], r["w"]) for r in rows] == [
        ("S1", ""),
        ("S1+S2", "0.2000"),
        ("S1+S2", "0.6000"),
        ("S1+S2", "1.0000"),
    ]
    s1_recall = float(rows[0]["token_recall"])
    assert all(float(r["token_recall"]) >= s1_recall for r in rows[1:])
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "recommended" in result.stdout or "no setting reaches" in result.stdout


def test_tune_takes_beta_per_document_from_the_protected_name(tmp_path):
    shared_data(TAB_DIR)
    texts = json.loads((TAB_DIR / "texts.json").read_text(encoding="utf-8"))
    chosen = sorted(texts)[:2]
    (tmp_path / "texts.json").write_text(json.dumps({d: texts[d] for d in chosen}), encoding="utf-8")
    names = tmp_path / "names.json"
    names.write_text(json.dumps({chosen[0]: "Kowalski", chosen[1]: "Smith"}), encoding="utf-8")
    result = runner.invoke(
        app,
        [
            "tune",
            "--gold",
            str(TAB_DIR / "gold_manual_masks.json"),
            "--texts",
            str(tmp_path / "texts.json"),
            "--protected-names",
            str(names),
            "--w",
            "0.6",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)["rows"]
    assert {r["beta"] for r in rows} == {"per-document name"}
    assert "Kowalski" not in result.stdout and "Smith" not in result.stdout


def test_f2_weighs_recall_twice_as_much_as_precision(tmp_path):
    gold = load_gold(_tab_json(tmp_path))
    # the name's first mention and "judge" (no gold): precision 2/3; recall (2 + 2) / 7
    scores = evaluate(gold.texts, gold, {"d1": [(3, 15), (59, 64)]})
    p, r = scores.token_precision, scores.token_recall
    assert (p, r) == (pytest.approx(2 / 3), pytest.approx(4 / 7))
    assert scores.token_f2 == pytest.approx(5 * p * r / (4 * p + r))
    assert scores.token_f1 == pytest.approx(2 * p * r / (p + r)) and scores.token_f2 < scores.token_f1  # R < P
