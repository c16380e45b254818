from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ic_sanitizer import ConfigurationError, Decision, Sanitizer, ZeroCountPolicy
from ic_sanitizer.scoring import information_content, pointwise_mutual_information

from ..conftest import write_table

TEXT = "Kowalski lives in Warsaw. The doctor visited Kowalski."
TOTAL = 2**20


def _sanitizer(tmp_path, counts, conjunctions=None, **options):
    path = write_table(tmp_path / "t.json", TOTAL, counts, conjunctions)
    return Sanitizer(f"table:{path}", **{"policy": "paper", **options})


def test_ic_equal_to_beta_is_sensitive(tmp_path):
    # IC(kowalski) = 20 - 4 = 16 bits exactly.
    result = _sanitizer(tmp_path, {"kowalski": 16, "warsaw": 2**12, "doctor": 2**14}, beta=16).sanitize(TEXT)
    decisions = {t.term.key: t.decision for t in result.terms}
    assert decisions["kowalski"] is Decision.SENSITIVE
    assert decisions["warsaw"] is Decision.KEPT
    assert "Kowalski" not in result.text


def test_s2_flags_term_when_pmi_reaches_tau(tmp_path):
    # beta = 16, w = 0.5: tau = 8. IC(warsaw) = 8. PMI = log2(c_ab * N / (c_a c_b)) = 8 exactly.
    counts = {"kowalski": 16, "warsaw": 2**12, "doctor": 2**14}
    conjunctions = [(["kowalski", "warsaw"], 16), (["kowalski", "doctor"], 1)]
    result = _sanitizer(tmp_path, counts, conjunctions, beta=16, w=0.5).sanitize(TEXT)
    related = {t.term.key: t for t in result.related}
    assert set(related) == {"warsaw"}
    assert related["warsaw"].pmi == pytest.approx(8.0)
    assert related["warsaw"].related_to == "kowalski"
    assert "Warsaw" not in result.text and "doctor" in result.text


def test_clear_terms_below_tau_are_never_queried(tmp_path):
    counts = {"kowalski": 16, "warsaw": 2**12, "doctor": 2**19}  # IC(doctor) = 1 < tau
    result = _sanitizer(tmp_path, counts, [(["kowalski", "warsaw"], 1)], beta=16, w=0.5).sanitize(TEXT)
    assert {p.clear for p in result.s2.pairs} == {"warsaw"}
    assert result.s2.saved_by_ic_bound >= 1


def test_s2_says_why_it_did_not_run_without_conjunction_counts(tmp_path):
    other = write_table(tmp_path / "other.json", TOTAL, {"kowalski": 16})
    result = _sanitizer(tmp_path, {"kowalski": 16}, None, beta=16, s2_backend=f"table:{other}").sanitize(TEXT)
    assert not result.s2.ran
    assert "no conjunction counts" in result.s2.reason
    assert result.related == ()


def test_s2_backend_none_turns_s2_off_even_when_s1_has_conjunction_counts(tmp_path):
    counts = {"kowalski": 16, "warsaw": 2**12, "doctor": 2**14}
    conjunctions = [(["kowalski", "warsaw"], 16), (["kowalski", "doctor"], 1)]
    with_s2 = _sanitizer(tmp_path, counts, conjunctions, beta=16, w=0.5).sanitize(TEXT)
    without = _sanitizer(tmp_path, counts, conjunctions, beta=16, w=0.5, s2_backend="none").sanitize(TEXT)
    assert with_s2.s2.ran and [t.term.key for t in with_s2.related] == ["warsaw"]
    assert not without.s2.ran and "turned off" in without.s2.reason
    assert without.related == () and "Warsaw" in without.text


def test_without_conjunction_counts_s2_runs_on_the_starter_index_with_its_own_beta(tmp_path):
    s = _sanitizer(tmp_path, {"kowalski": 16}, None, beta=16)
    assert s.s2_backend.name == "starter"
    assert s.thresholds.beta == 16 and s.thresholds.beta_s2 == pytest.approx(10.0)
    assert s.thresholds.tau == pytest.approx(0.6 * 10.0)
    assert s.sanitize(TEXT).s2.ran


def test_beta_term_is_measured_in_each_stage_corpus(tmp_path):
    s = _sanitizer(tmp_path, {"warsaw": 2**12}, None, beta_term="Warsaw", w=0.5)
    starter = s.s2_counter
    expected_s2 = information_content(starter.count("warsaw"), starter.total(), ZeroCountPolicy.KEEP)
    assert s.thresholds.beta == pytest.approx(8.0)
    assert s.thresholds.beta_s2 == pytest.approx(expected_s2) and s.thresholds.beta_s2 != pytest.approx(8.0)
    assert s.thresholds.tau == pytest.approx(0.5 * expected_s2)


def test_beta_s2_is_refused_when_both_stages_share_a_backend(tmp_path):
    with pytest.raises(ConfigurationError, match="`beta_s2` applies only"):
        _sanitizer(tmp_path, {"kowalski": 16}, [(["kowalski", "warsaw"], 1)], beta=16, beta_s2=5)


@pytest.mark.parametrize("policy, removed", [(ZeroCountPolicy.SENSITIVE, True), (ZeroCountPolicy.KEEP, False)])
def test_zero_count_policy(tmp_path, policy, removed):
    result = _sanitizer(tmp_path, {"warsaw": 2**12, "doctor": 2**14}, beta=16, zero_count=policy).sanitize(TEXT)
    kowalski = next(t for t in result.terms if t.term.key == "kowalski")
    assert kowalski.count == 0
    assert kowalski.removed is removed


def test_beta_term_takes_its_ic_from_the_same_backend(tmp_path):
    s = _sanitizer(tmp_path, {"kowalski": 16, "warsaw": 2**12}, beta_term="Warsaw")
    assert s.thresholds.beta == pytest.approx(8.0) and s.thresholds.beta_source == "term"


@given(total=st.integers(2, 10**12), a=st.integers(1, 10**12), b=st.integers(1, 10**12), both=st.integers(1, 10**12))
def test_pmi_never_exceeds_the_smaller_ic(total, a, b, both):
    a, b = min(a, total), min(b, total)
    both = min(both, a, b)
    pmi = pointwise_mutual_information(both, a, b, total)
    bound = min(
        information_content(a, total, ZeroCountPolicy.KEEP), information_content(b, total, ZeroCountPolicy.KEEP)
    )
    assert pmi <= bound + 1e-9


def test_unseen_term_is_more_informative_than_any_seen_one():
    assert information_content(0, 1000, ZeroCountPolicy.SENSITIVE) > information_content(
        1, 1000, ZeroCountPolicy.SENSITIVE
    )
    assert information_content(0, 1000, ZeroCountPolicy.KEEP) is None
    assert information_content(1, 1024, ZeroCountPolicy.KEEP) == pytest.approx(math.log2(1024))


def test_kinds_limit_the_candidates(tmp_path):
    counts = {"kowalski": 16, "warsaw": 16, "doctor": 16}
    result = _sanitizer(tmp_path, counts, beta=16, kinds=["name"], s2_backend="none").sanitize(TEXT)
    assert {t.term.key for t in result.terms} == {"kowalski", "warsaw"}
    assert "doctor" in result.text and "Kowalski" not in result.text


def test_unknown_kind_is_refused_with_the_known_ones(tmp_path):
    with pytest.raises(ConfigurationError, match="known kinds: email, url, .* families: code, date, number, name"):
        _sanitizer(tmp_path, {"kowalski": 16}, beta=16, kinds=["persons"])
