"""S3: quasi-identifiers masked until k documents hold the rest together."""

from __future__ import annotations

import math
from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from ic_sanitizer import Decision, Sanitizer
from ic_sanitizer.k_anonymity import score_s3
from ic_sanitizer.report import document_report
from ic_sanitizer.stages import Reason, ScoredTerm
from ic_sanitizer.terms import CandidateTerm, TermKind

from ..conftest import write_table

TEXT = "Kowalski moved to Warsaw in March 1990 and later to Lisbon. The doctor met him."
TOTAL = 2**20
COUNTS = {"kowalski": 1, "warsaw": 2**10, "march 1990": 2**4, "lisbon": 2**9, "doctor": 2**14}


def _sanitizer(tmp_path, conjunctions, **options):
    path = write_table(tmp_path / "t.json", TOTAL, COUNTS, conjunctions)
    return Sanitizer(
        f"table:{path}", **{"policy": "paper", "use_cache": False, "workers": 1, "beta": 18, "w": 1.0, **options}
    )


def test_s3_masks_the_rarest_quasi_identifiers_until_k_documents_hold_the_rest(tmp_path):
    # march 1990 (16 bits) goes first; lisbon and warsaw together: 3 documents < k = 5; warsaw alone: 1,024.
    result = _sanitizer(tmp_path, [(["lisbon", "warsaw"], 3)], s3_k=5).sanitize(TEXT)
    s3 = {t.term.key: t for t in result.terms if t.decision is Decision.QUASI_IDENTIFIER}
    assert set(s3) == {"march 1990", "lisbon"}
    assert all(t.reason is Reason.K_ANONYMITY for t in s3.values())
    assert "Warsaw" in result.text and "Lisbon" not in result.text and "doctor" in result.text
    assert (result.s3.considered, result.s3.masked) == (3, 2)
    assert (result.s3.documents_before, result.s3.documents_after) == (3, 2**10)
    record = document_report("doc", TEXT, result)
    assert record["stages"]["s3"]["documents_before"] == 3
    assert {t["key"]: t["stage"] for t in record["terms"]}["lisbon"] == "S3"
    # With enough documents holding all three, nothing is masked; without --s3-k, S3 is off.
    enough = _sanitizer(tmp_path, [(["lisbon", "march 1990", "warsaw"], 7)], s3_k=5).sanitize(TEXT)
    assert enough.s3.ran and enough.s3.masked == 0
    assert not _sanitizer(tmp_path, [], beta=18).sanitize(TEXT).s3.ran


class _Corpus:
    """Exact document counts of a small corpus of term sets, as S3's counter."""

    def __init__(self, documents):
        self.documents = documents
        self.backend = SimpleNamespace(supports_conjunction=True, name="fake")
        self.asked = 0

    def total(self):
        return len(self.documents)

    def count(self, term):
        return self.count_all([term])

    def count_all(self, terms):
        self.asked += 1
        return sum(set(terms) <= document for document in self.documents)


def _greedy(keys, corpus, k):
    """The loop of the issue: while fewer than k documents hold them all, mask the highest IC."""
    clear = sorted(keys, key=lambda key: (corpus.count(key) or 0.5, key))
    masked = []
    while clear and corpus.count_all(clear) < k:
        masked.append(clear.pop(0))
    return set(masked)


VOCABULARY = [f"t{i}" for i in range(8)]


@given(
    st.lists(st.frozensets(st.sampled_from(VOCABULARY)), min_size=1, max_size=30),
    st.sets(st.sampled_from(VOCABULARY), max_size=8),
    st.integers(1, 6),
)
def test_bisection_masks_exactly_what_the_greedy_loop_masks(documents, keys, k):
    corpus = _Corpus(documents)
    scored = [ScoredTerm(CandidateTerm(key, key, TermKind.LOCATION, ()), 0, None, Decision.KEPT) for key in keys]
    updated, outcome = score_s3(scored, corpus, k, frozenset({TermKind.LOCATION}))
    masked = {s.term.key for s in updated if s.decision is Decision.QUASI_IDENTIFIER}
    assert masked == _greedy(keys, _Corpus(documents), k)
    # Bisection: one probe of the whole set, then about log2(n) more.
    assert len(outcome.probes) <= 2 + math.ceil(math.log2(len(keys) + 1))
