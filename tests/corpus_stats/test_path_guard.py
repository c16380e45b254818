"""The output guard (no output on an input, however spelled) and the reading of regular files only."""

from __future__ import annotations

import os

import pytest

from ic_sanitizer.corpus_stats.errors import UnreadableFileError, UnsafeOutputError
from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs
from ic_sanitizer.corpus_stats.files.safe_files import parse_json, read_regular_file


@pytest.fixture
def layout(tmp_path):
    (tmp_path / "in" / "sub").mkdir(parents=True)
    (tmp_path / "in" / "a.txt").write_text("a", encoding="utf-8")
    (tmp_path / "out").mkdir()
    os.symlink(tmp_path / "in", tmp_path / "link-to-in")
    os.link(tmp_path / "in" / "a.txt", tmp_path / "hard.txt")
    return tmp_path


@pytest.mark.parametrize(
    "output, message",
    [
        ("in/a.txt", "is the input"),
        ("in/./sub/../a.txt", "is the input"),
        ("link-to-in/a.txt", "is the input"),
        ("hard.txt", "is the input"),
        ("in/sub/new.txt", "lies inside the input"),
        (".", "holds the input"),
    ],
    ids=["same", "dots", "symlink", "hard link", "inside", "holds"],
)
def test_outputs_on_inputs_are_refused_however_spelled(layout, monkeypatch, output, message):
    monkeypatch.chdir(layout)
    inputs = [RunPath("input", layout / "in" / "a.txt"), RunPath("--texts", layout / "in" / "sub")]
    with pytest.raises(UnsafeOutputError, match=message):
        check_outputs(inputs, [RunPath("-o", layout / output, folder=output == ".")])


def test_two_outputs_of_one_run_may_not_meet(layout):
    with pytest.raises(UnsafeOutputError, match="of the same run"):
        check_outputs([], [RunPath("--table", layout / "out" / "t.csv"), RunPath("--plot", layout / "out" / "t.csv")])
    with pytest.raises(UnsafeOutputError, match="holds the output"):
        check_outputs([], [RunPath("-o", layout / "out", folder=True), RunPath("--report", layout / "out" / "r.json")])


def test_kinds_of_outputs_are_checked(layout):
    with pytest.raises(UnsafeOutputError, match="is a folder"):
        check_outputs([], [RunPath("--plot", layout / "out")])
    with pytest.raises(UnsafeOutputError, match="not a folder"):
        check_outputs([], [RunPath("--out", layout / "hard.txt", folder=True)])


def test_separate_paths_pass_and_missing_ones_are_skipped(layout):
    check_outputs(
        [RunPath("input", layout / "in"), RunPath("stdin", None)],
        [
            RunPath("-o", layout / "out" / "x.txt"),
            RunPath("--report", None),
            RunPath("--table", layout / "in-like.csv"),
        ],
    )


def test_only_regular_files_are_read(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(UnreadableFileError, match="not a regular file"):
        read_regular_file(fifo)  # returns at once: opened non-blocking, refused by fstat
    with pytest.raises(UnreadableFileError, match="is a directory"):
        read_regular_file(tmp_path)
    with pytest.raises(UnreadableFileError, match="no such file"):
        read_regular_file(tmp_path / "absent")
    path = tmp_path / "f.txt"
    path.write_bytes(b"0123456789")
    assert read_regular_file(path) == b"0123456789" and read_regular_file(path, limit=3) == b"0123"


def test_json_nested_too_deeply_is_a_value_error():
    with pytest.raises(ValueError, match="nested too deeply"):
        parse_json("[" * 100_000 + "]" * 100_000)
