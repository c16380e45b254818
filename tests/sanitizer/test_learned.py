"""The learned decision (issue 29): a model in the policy file, deciding the kinds the
policy decides by IC from each term's features in its document, on the dial's scale."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from typer.testing import CliRunner

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.cli.app import app
from ic_sanitizer.errors import ConfigurationError
from ic_sanitizer.learned.features import feature_names
from ic_sanitizer.learned.model import LearnedModel
from ic_sanitizer.policy import KindRule, Rule, load_policy, policy_from_dict, policy_to_dict
from ic_sanitizer.terms import TermKind

runner = CliRunner()
KINDS = (TermKind.NOUN_PHRASE, TermKind.PROFESSION)  # "club", "hockey coach"


def _model(cue_weight: float, **changes) -> LearnedModel:
    """A model that reads IC and, strongly, whether "as" comes before the term."""
    names = feature_names(KINDS, ("as",), (), ())
    weights = [0.0] * len(names)
    weights[0] = 2.0  # IC / 10, standardized with scale 1: 0.2 of logit per bit
    weights[-1] = cue_weight
    model = LearnedModel(
        KINDS,
        ("as",),
        (),
        (),
        (0.0,) * len(names),
        (1.0,) * len(names),
        tuple(weights),
        0.0,
        3.0,
        0.2,
        provenance="written by hand",
    )
    return replace(model, **changes)


def _policy(model: LearnedModel):
    base = load_policy("default")
    rules = {kind: KindRule(Rule.IC) if kind in KINDS else rule for kind, rule in base.rules.items()}
    return replace(base, rules=rules, learned=model, beta=15.0)


def test_a_learned_policy_is_written_and_read_back_whole():
    policy = _policy(_model(4.0))
    again = policy_from_dict(json.loads(json.dumps(policy_to_dict(policy))), "p.json")
    assert again.learned == policy.learned and again.rules == policy.rules


@pytest.mark.parametrize(
    "damage", [lambda m: m.update(slope=-0.2), lambda m: m["features"].pop(), lambda m: m.update(bias="x")]
)
def test_a_damaged_model_is_refused_in_one_line_naming_the_file(damage):
    data = policy_to_dict(_policy(_model(4.0)))
    damage(data["learned"])
    with pytest.raises(ConfigurationError, match=r"^p\.json: its learned model"):
        policy_from_dict(data, "p.json")


TEXT = "Mr John Harding worked as a hockey coach in Leeds. The hockey coach of the club was not named."


def _decided(policy, beta=None):
    settings = Settings(policy=policy, workers=1, use_cache=False, beta=beta)
    with Sanitizer(settings) as sanitizer:
        result = sanitizer.sanitize(TEXT)
    return result, {s.term.key: s for s in result.terms}


def test_the_model_decides_by_what_comes_before_a_term_and_reports_why():
    result, terms = _decided(_policy(_model(4.0)))
    coach = terms["hockey coach"]
    assert coach.reason.value == "learned" and coach.learned_bits is not None
    assert coach.top_features[0][0] == "after 'as'" and coach.top_features[0][1] > 0
    without_cue, _ = _decided(_policy(_model(0.0)))
    assert coach.learned_bits > {s.term.key: s for s in without_cue.terms}["hockey coach"].learned_bits
    assert coach.removed is (coach.learned_bits >= coach.beta)
    assert ("hockey coach" in result.text) is not coach.removed


def test_the_rule_that_found_a_term_is_a_feature_of_its_own():
    _, terms = _decided(_policy(_model(0.0)))
    source = terms["hockey coach"].term.source
    assert source
    names = feature_names(KINDS, ("as",), (), (source,))
    weights = [0.0] * len(names)
    weights[0], weights[-1] = 2.0, 4.0
    by_source = replace(
        _model(0.0), sources=(source,), means=(0.0,) * len(names), scales=(1.0,) * len(names), weights=tuple(weights)
    )
    _, again = _decided(_policy(by_source))
    assert again["hockey coach"].top_features[0] == (f"found by {source}", 20.0)
    assert again["hockey coach"].learned_bits == pytest.approx(terms["hockey coach"].learned_bits + 20.0, abs=0.01)


def test_a_word_inside_a_term_is_a_feature_of_its_own():
    names = feature_names(KINDS, ("as",), (), (), ("coach",))
    weights = [0.0] * len(names)
    weights[0], weights[-1] = 2.0, 4.0
    by_word = replace(
        _model(0.0), words=("coach",), means=(0.0,) * len(names), scales=(1.0,) * len(names), weights=tuple(weights)
    )
    _, plain = _decided(_policy(_model(0.0)))
    _, again = _decided(_policy(by_word))
    assert again["hockey coach"].top_features[0] == ("holds 'coach'", 20.0)
    assert again["hockey coach"].learned_bits == pytest.approx(plain["hockey coach"].learned_bits + 20.0, abs=0.01)
    assert again["club"].learned_bits == pytest.approx(plain["club"].learned_bits, abs=0.01)


def test_the_words_inside_terms_the_model_names_are_in_the_terms_of_two_documents_or_more():
    from ic_sanitizer.learned.fit import shared_term_words

    terms = [(0, "hockey coach"), (0, "coach of the club"), (1, "Coach Smithers"), (1, "club"), (2, "club house")]
    assert shared_term_words(terms, 10) == ("club", "coach")  # "coach" twice in document 0 counts once
    assert shared_term_words(terms, 1) == ("club",)
    assert "smithers" not in shared_term_words(terms + [(1, "Smithers")], 10)


def test_a_policy_written_before_words_inside_terms_were_features_still_reads():
    data = policy_to_dict(_policy(_model(4.0)))
    assert data["learned"].pop("words") == []
    assert policy_from_dict(data, "p.json").learned == _policy(_model(4.0)).learned


def test_beta_moves_the_models_threshold_as_it_moves_ics():
    policy = _policy(_model(4.0))
    masked = []
    for beta in (30.0, 15.0, 5.0):
        result, terms = _decided(policy, beta)
        masked.append({key for key, s in terms.items() if s.reason.value == "learned" and s.removed})
        assert all(s.beta == beta for s in terms.values() if s.reason.value == "learned")
    assert masked[0] <= masked[1] <= masked[2] and masked[0] != masked[2]


PLACES = [
    "old market",
    "public garden",
    "railway station",
    "river bridge",
    "stone church",
    "fish hall",
    "town library",
    "cattle fair",
    "wool exchange",
    "harbour wall",
    "corn mill",
    "village green",
]


def _annotated(tmp_path):
    """Ten short biographies: the person's trade after "worked as a" is masked by the
    annotator, the same words elsewhere are not."""
    trades = ["hockey coach", "bass player", "ship pilot", "bakery owner", "wine merchant", "tram driver"]
    towns = ["Leeds", "Derby", "York", "Bath", "Hull", "Ely", "Wells", "Ripon", "Truro", "Selby"]
    texts, gold = {}, {}
    for i, town in enumerate(towns):
        trade, other = trades[i % len(trades)], trades[(i + 2) % len(trades)]
        things = [PLACES[(i + k) % len(PLACES)] for k in range(4)]
        text = (
            f"Mr Adam Karsten{i} was born in {town}. He worked as a {trade} for many years. "
            f"The local {other} union wrote a short history of the {things[0]} and the {things[1]}. "
            f"A {other} from the northern district read the annual report at the general meeting. "
            f"Later he worked as a {trade} again, near the {things[2]} and the {things[3]}.\n"
        )
        spans = [[text.index(f"Adam Karsten{i}"), text.index(f"Adam Karsten{i}") + len(f"Adam Karsten{i}"), "PERSON"]]
        spans += [[text.index(town), text.index(town) + len(town), "LOC"]]
        start = 0
        while (start := text.find(f"as a {trade}", start)) != -1:
            spans.append([start + 5, start + 5 + len(trade), "OCCUPATION"])
            start += 1
        texts[f"bio{i}"], gold[f"bio{i}"] = text, spans
    (tmp_path / "texts.json").write_text(json.dumps(texts), encoding="utf-8")
    (tmp_path / "gold.json").write_text(json.dumps(gold), encoding="utf-8")
    return tmp_path / "gold.json", tmp_path / "texts.json"


def test_tune_fits_a_learned_policy_that_sanitize_runs(tmp_path):
    gold, texts = _annotated(tmp_path)
    out = tmp_path / "learned.json"
    cache = ["--cache-dir", str(tmp_path / "cache")]
    fitted = runner.invoke(
        app,
        ["tune", "--gold", str(gold), "--texts", str(texts), "--fit-policy", str(out), "--learned", *cache]
        + ["--target-recall", "0.8"],
    )
    assert fitted.exit_code == 0, fitted.stderr
    assert "learned model:" in fitted.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["learned"]["slope"] > 0 and "--learned on 10 annotated documents" in data["learned"]["provenance"]
    assert data["learned"]["sources"] and f"found by {data['learned']['sources'][0]}" in {
        f["name"] for f in data["learned"]["features"]
    }
    assert all(data["kinds"][kind]["rule"] == "ic" for kind in data["learned"]["kinds"])
    (tmp_path / "doc.txt").write_text("Ms Vera Lind worked as a tram driver in Ripon.\n", encoding="utf-8")
    report = tmp_path / "report.json"
    run = runner.invoke(
        app, ["sanitize", str(tmp_path / "doc.txt"), "--policy", str(out), "--report", str(report), *cache]
    )
    assert run.exit_code == 0, run.stderr
    rules = {t["rule"] for d in json.loads(report.read_text(encoding="utf-8"))["documents"] for t in d["terms"]}
    assert "learned" in rules


def test_learned_without_fit_policy_is_refused(tmp_path):
    gold, texts = _annotated(tmp_path)
    result = runner.invoke(app, ["tune", "--gold", str(gold), "--texts", str(texts), "--learned"])
    assert result.exit_code == 2 and "--learned" in result.stderr and "--fit-policy" in result.stderr


def test_the_built_in_learned_policy_decides_by_its_model_and_says_what_it_was_fitted_on():
    policy = load_policy("learned")
    assert policy.learned is not None and "TAB test documents 1-64" in policy.learned.provenance
    with Sanitizer(Settings(policy="learned", workers=1, use_cache=False)) as sanitizer:
        result = sanitizer.sanitize("Mr John Harding worked as a hockey coach in Leeds for the club.")
    assert "John Harding" not in result.text
    assert any(s.reason.value == "learned" and s.top_features for s in result.terms)


def test_the_fit_weighs_a_term_by_its_words_and_labels_it_by_their_masked_share():
    """Scored as the token scores are: a row of weight 2 counts as two rows, a row of
    weight 0 as none, and a label of 0.5 pulls half as far as a label of 1."""
    import numpy as np

    from ic_sanitizer.learned.fit import _newton

    x = np.array([[1.0, 1.0], [-1.0, 1.0], [0.5, 1.0], [2.0, 1.0]])
    y = np.array([1.0, 0.0, 0.0, 1.0])
    twice = _newton(np.vstack([x, x[:1]]), np.append(y, 1.0), np.ones(5), 1.0)
    assert np.allclose(_newton(x, y, np.array([2.0, 1.0, 1.0, 1.0]), 1.0), twice)
    ignored = _newton(np.vstack([x, [[9.0, 1.0]]]), np.append(y, 0.0), np.array([1.0, 1, 1, 1, 0]), 1.0)
    assert np.allclose(ignored, _newton(x, y, np.ones(4), 1.0))
    half = _newton(x, np.array([0.5, 0.0, 0.0, 0.5]), np.ones(4), 1.0)
    assert 0 < half[0] < _newton(x, y, np.ones(4), 1.0)[0]


def test_the_kinds_a_policy_never_masks_are_held_behind_as_far_as_their_terms_deserve():
    import numpy as np

    from ic_sanitizer.learned.fit import bits_behind

    # four terms the policy decides by IC, then two it never masks, scored between them
    logits = np.array([3.0, 2.0, 1.0, -1.0, 1.5, 0.5])
    is_last = np.array([False, False, False, False, True, True])
    gold_everywhere = np.array([5.0, 5.0, 5.0, 5.0, 0.0, 0.0])
    behind = bits_behind(logits, is_last, 1.0, gold_everywhere, 5.0 - gold_everywhere, 0.5)
    assert behind == 4.0  # the least offset taking 1.5 below -1: behind every term the experts masked
    gold_in_last = np.array([0.0, 0.0, 0.0, 0.0, 5.0, 5.0])
    assert bits_behind(logits, is_last, 1.0, gold_in_last, 5.0 - gold_in_last, 0.5) == 0.0
    assert bits_behind(logits, np.zeros(6, dtype=bool), 1.0, gold_everywhere, gold_in_last, 0.5) == 0.0


def test_of_offsets_that_rank_about_as_well_the_fewest_bits_are_taken():
    import numpy as np

    from ic_sanitizer.learned.fit import bits_behind

    # the last kind's one term is almost all masked by the experts: held behind, the ranking
    # gains a hair of precision on the way up (far less than BEHIND_TOLERANCE), so none is taken
    logits = np.array([3.0, 2.0, 1.0, 2.5])
    is_last = np.array([False, False, False, True])
    gold = np.array([100.0, 100.0, 100.0, 99.9])
    other = np.array([0.0, 0.0, 0.0, 0.1])
    assert bits_behind(logits, is_last, 1.0, gold, other, 0.0) == 0.0
