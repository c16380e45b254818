"""S2's measures of relatedness (PMI, NPMI, PMI's lower bound), their exact bounds,
the minimum co-occurrence count, and protected names."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ic_sanitizer import ConfigurationError, Decision, Sanitizer
from ic_sanitizer.policy import load_policy, policy_from_dict, policy_to_dict
from ic_sanitizer.scoring import (
    Relatedness,
    normalized_pmi,
    pmi_lower_bound,
    pointwise_mutual_information,
    relatedness,
    relatedness_ceiling,
)

from ..conftest import write_table

TEXT = "Kowalski lives in Warsaw. The doctor visited Kowalski."
TOTAL = 2**20


def _sanitizer(tmp_path, counts, conjunctions=None, **options):
    path = write_table(tmp_path / "t.json", TOTAL, counts, conjunctions)
    return Sanitizer(f"table:{path}", **{"policy": "paper", "use_cache": False, "workers": 1, **options})


@st.composite
def _counts(draw):
    total = draw(st.integers(1, 10**7))
    count_a = draw(st.integers(1, total))
    count_b = draw(st.integers(1, total))
    count_and = draw(st.integers(1, min(count_a, count_b)))
    return count_and, count_a, count_b, total


@given(_counts(), st.sampled_from(list(Relatedness)))
def test_no_pair_exceeds_the_bound_that_prunes_it(counts, measure):
    count_and, count_a, count_b, total = counts
    value = relatedness(measure, count_and, count_a, count_b, total)
    ceiling = relatedness_ceiling(measure, count_a, count_b, total)
    if value is not None:
        assert ceiling is not None and value <= ceiling + 1e-9


@given(_counts())
def test_npmi_lies_in_minus_one_one_and_the_lower_bound_below_pmi(counts):
    npmi = normalized_pmi(*counts)
    assert npmi is not None and -1 - 1e-9 <= npmi <= 1 + 1e-9
    lower = pmi_lower_bound(*counts)
    assert lower is None or lower < pointwise_mutual_information(*counts)


def test_npmi_is_one_for_terms_that_always_occur_together():
    assert normalized_pmi(40, 40, 40, 1000) == pytest.approx(1.0)


def test_one_shared_document_relates_two_rare_terms_by_pmi_but_not_by_the_other_measures(tmp_path):
    # kowalski (once) shares its one document with warsaw (8 documents): PMI = 17 bits,
    # its lower bound 12.3 bits, against τ = 0.8 * 18 = 14.4.
    counts = {"kowalski": 1, "warsaw": 8, "doctor": 2**10}
    conjunctions = [(["kowalski", "warsaw"], 1)]
    by = {
        measure: _sanitizer(tmp_path, counts, conjunctions, beta=18, w=0.8, relatedness=measure).sanitize(TEXT)
        for measure in ("pmi", "pmi-lower-bound")
    }
    assert {t.term.key for t in by["pmi"].related} == {"warsaw"}
    assert by["pmi-lower-bound"].related == ()
    # 40 shared documents: a real association, related by NPMI (about 1 >= w).
    # kowalski 40 documents (IC 14.7 bits), warsaw 41 (IC 14.64 bits < β = 14.65).
    counts = {"kowalski": 40, "warsaw": 41, "doctor": 2**10}
    npmi = _sanitizer(tmp_path, counts, [(["kowalski", "warsaw"], 40)], beta=14.65, w=0.8, relatedness="npmi").sanitize(
        TEXT
    )
    assert {t.term.key: t.pmi for t in npmi.related} == {"warsaw": pytest.approx(0.9975, abs=1e-3)}
    assert npmi.thresholds.tau == pytest.approx(0.8)


def test_npmi_bound_prunes_a_pair_of_very_unequal_counts(tmp_path):
    # IC(doctor) / IC(kowalski) = 10 / 16 < w = 0.8: never asked, whatever they share.
    counts = {"kowalski": 16, "warsaw": 2**18, "doctor": 2**10}
    result = _sanitizer(tmp_path, counts, [(["kowalski", "doctor"], 16)], beta=16, w=0.8, relatedness="npmi").sanitize(
        TEXT
    )
    assert result.s2.pairs == () and result.s2.saved_by_ic_bound == 2


def _policy_file(tmp_path, **s2):
    data = policy_to_dict(load_policy("paper"))
    data["s2"].update(s2)
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_minimum_cooccurrence_from_the_policy_file(tmp_path):
    counts = {"kowalski": 16, "warsaw": 2**12, "doctor": 2**14}
    conjunctions = [(["kowalski", "warsaw"], 1)]
    plain = _sanitizer(tmp_path, counts, conjunctions, beta=16, w=0.1).sanitize(TEXT)
    assert {t.term.key for t in plain.related} == {"warsaw"}
    strict = _sanitizer(
        tmp_path, counts, conjunctions, beta=16, w=0.1, policy=_policy_file(tmp_path, min_cooccurrence=2)
    ).sanitize(TEXT)
    assert strict.related == ()


def test_policy_round_trip_and_refusals(tmp_path):
    policy = load_policy(_policy_file(tmp_path, relatedness="npmi", min_cooccurrence=3))
    assert (policy.relatedness, policy.min_cooccurrence) == (Relatedness.NPMI, 3)
    assert policy_from_dict(policy_to_dict(policy), "again") == policy
    with pytest.raises(ConfigurationError, match="relatedness"):
        load_policy(_policy_file(tmp_path, relatedness="chi2"))
    with pytest.raises(ConfigurationError, match="min_cooccurrence"):
        load_policy(_policy_file(tmp_path, min_cooccurrence=0))
    with pytest.raises(ConfigurationError, match="relatedness"):
        Sanitizer("wordfreq", relatedness="dice", use_cache=False)


def test_protected_name_relates_clear_terms_even_when_absent_from_the_text(tmp_path):
    # Nothing reaches β; warsaw co-occurs with the protected "Anna Nowak" in every document of hers.
    counts = {"kowalski": 2**12, "warsaw": 2**8, "doctor": 2**14, "anna nowak": 16}
    conjunctions = [(["anna nowak", "warsaw"], 16)]
    plain = _sanitizer(tmp_path, counts, conjunctions, beta=19, w=0.5).sanitize(TEXT)
    assert plain.removed == ()
    protected = _sanitizer(tmp_path, counts, conjunctions, beta=19, w=0.5, protect=["Anna Nowak"]).sanitize(TEXT)
    related = {t.term.key: t for t in protected.related}
    assert set(related) == {"warsaw"} and related["warsaw"].related_to == "anna nowak"
    assert protected.protected == ("Anna Nowak",) and "Warsaw" not in protected.text
    # Per document, through sanitize_many; S2 runs for the name even with the policy's S2 off.
    policy = _policy_file(tmp_path, enabled=False)
    with _sanitizer(tmp_path, counts, conjunctions, beta=19, w=0.5, policy=policy) as s:
        first, second = s.sanitize_many([TEXT, TEXT], protect=[["Anna Nowak"], []])
    assert [t.term.key for t in first.related] == ["warsaw"] and second.related == ()
    assert not second.s2.ran and all(t.decision is Decision.KEPT for t in second.terms)


def test_a_term_s2_removed_is_generalized_by_no_step_that_still_discloses_its_sensitive_term(tmp_path):
    # Warsaw is removed for Anna Nowak (PMI 16 bits >= τ 9.5). "A city in Poland" would be below
    # β (Poland: 12 bits), but Poland is as related to her (PMI 12 bits): the step after it is written.
    counts = {"kowalski": 2**12, "warsaw": 2**8, "doctor": 2**14, "anna nowak": 16, "poland": 2**8, "europe": 2**10}
    conjunctions = [(["anna nowak", "warsaw"], 16)]
    options = {"beta": 19, "w": 0.5, "protect": ["Anna Nowak"], "mode": "generalize"}
    apart = _sanitizer(tmp_path, counts, conjunctions, **options).sanitize(TEXT)
    assert "in a city in Poland" in apart.text
    together = _sanitizer(tmp_path, counts, [*conjunctions, (["anna nowak", "poland"], 16)], **options).sanitize(TEXT)
    assert "Warsaw" not in together.text and "Poland" not in together.text and "in a place in Europe" in together.text
