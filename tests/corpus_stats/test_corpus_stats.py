from __future__ import annotations

import pytest

from ic_sanitizer.corpus_stats import (
    BackendDataError,
    BackendUnavailableError,
    ConjunctionUnsupportedError,
    CountUnit,
    UnknownBackendError,
    normalize_phrase,
    open_backend,
)

from ..conftest import write_table


@pytest.mark.parametrize(
    "raw, normalized",
    [
        ("Smith's", "smith"),
        ("  Blood \n Transfusion ", "blood transfusion"),
        ("O\u2019Brien\u2019s", "o'brien"),
        ("Court\u00a0of Cassation", "court of cassation"),
    ],
)
def test_normalize_phrase(raw, normalized):
    assert normalize_phrase(raw) == normalized


def test_json_table_counts_are_case_insensitive_and_conjunctions_unordered(tmp_path):
    path = write_table(
        tmp_path / "t.json", 1000, {"AIDS": 10, "Blood Transfusion": 20}, [(["aids", "blood transfusion"], 5)]
    )
    backend = open_backend(f"table:{path}")
    assert backend.total() == 1000
    assert backend.count("aids") == 10 and backend.count("BLOOD transfusion") == 20
    assert backend.count("unknown phrase") == 0
    assert backend.count_all(["blood transfusion", "aids"]) == 5
    assert backend.supports_conjunction and backend.unit is CountUnit.DOCUMENT


def test_tsv_table(tmp_path):
    path = tmp_path / "t.tsv"
    path.write_text("# counts\ntotal\t500\nunit\toccurrence\ncount\t7\tHIV\ncount\t3\tHIV\tblood\n", encoding="utf-8")
    backend = open_backend(f"table:{path}")
    assert (backend.total(), backend.count("hiv"), backend.count_all(["blood", "hiv"])) == (500, 7, 3)
    assert backend.unit is CountUnit.OCCURRENCE


def test_table_without_conjunctions_supports_none(tmp_path):
    backend = open_backend(f"table:{write_table(tmp_path / 't.json', 10, {'a': 1})}")
    assert not backend.supports_conjunction
    with pytest.raises(ConjunctionUnsupportedError):
        backend.count_all(["a", "b"])


def test_fingerprint_changes_with_the_data(tmp_path):
    first = open_backend(f"table:{write_table(tmp_path / 'a.json', 10, {'a': 1})}").fingerprint()
    second = open_backend(f"table:{write_table(tmp_path / 'b.json', 10, {'a': 2})}").fingerprint()
    assert first != second


@pytest.mark.parametrize(
    "content",
    ["{not json", '{"counts": {}}', '{"total": 10, "counts": {"a": "x"}}', "[1, 2]"],
    ids=["syntax", "no-total", "bad-count", "not-object"],
)
def test_malformed_json_table_is_a_data_error(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(BackendDataError, match="bad.json"):
        open_backend(f"table:{path}")


def test_missing_table_file_is_a_data_error(tmp_path):
    with pytest.raises(BackendDataError, match="cannot read"):
        open_backend(f"table:{tmp_path / 'absent.json'}")


def test_unknown_backend_lists_the_known_ones():
    with pytest.raises(UnknownBackendError) as caught:
        open_backend("bing")
    assert "table" in str(caught.value) and "wordfreq" in str(caught.value)


def test_table_needs_a_path():
    with pytest.raises(BackendUnavailableError, match="needs an argument"):
        open_backend("table")


def test_wordfreq_counts_phrases_but_not_conjunctions():
    backend = open_backend("wordfreq")
    assert backend.count("influenza") > backend.count("acquired immunodeficiency syndrome") > 0
    assert backend.count("xqzwv") == 0
    assert not backend.supports_conjunction
    with pytest.raises(ConjunctionUnsupportedError):
        backend.count_all(["a", "b"])
