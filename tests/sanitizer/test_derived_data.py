"""Arrays derived from models, kept in the data folder between runs (derived_data.py)."""

from __future__ import annotations

import numpy as np
import pytest

from ic_sanitizer.derived_data import derived_arrays, pack_strings, unpack_strings


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SANITIZER_DATA_DIR", str(tmp_path))
    return tmp_path


def _counting_build(calls: list):
    def build():
        calls.append(1)
        return {"numbers": np.arange(5, dtype=np.int32), "words": pack_strings(["İzmir", "a b", ""])}

    return build


def test_arrays_are_built_once_then_read_back(data_dir):
    calls: list = []
    first = derived_arrays("model", "d1", _counting_build(calls))
    second = derived_arrays("model", "d1", _counting_build(calls))
    assert len(calls) == 1
    assert second["numbers"].tolist() == first["numbers"].tolist() == [0, 1, 2, 3, 4]
    assert unpack_strings(second["words"]) == ["İzmir", "a b", ""]
    derived_arrays("model", "d2", _counting_build(calls))  # other sources: another build
    assert len(calls) == 2


def test_a_damaged_file_is_rebuilt(data_dir):
    calls: list = []
    derived_arrays("model", "d1", _counting_build(calls))
    (saved,) = (data_dir / "derived").glob("model-d1.npz")
    saved.write_bytes(b"not an archive")
    assert derived_arrays("model", "d1", _counting_build(calls))["numbers"].sum() == 10
    assert len(calls) == 2


def test_an_unwritable_data_folder_still_gives_the_arrays(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("SANITIZER_DATA_DIR", str(blocker))  # a file: nothing can be made under it
    assert derived_arrays("model", "d1", _counting_build([]))["numbers"].sum() == 10


def test_empty_string_lists_round_trip():
    assert unpack_strings(pack_strings([])) == []
