"""Issue 13, items 9, 15, 17, 22: corpus build never replaces what it reads, impossible tables,
FIFOs refused, leftovers of killed builds removed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.corpus_stats import BackendDataError, open_backend

runner = CliRunner()


def _tree(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _one_line(result, code):
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "internal error" not in result.stderr, result.stderr


@pytest.fixture
def archive(tmp_path):
    folder = tmp_path / "archive"
    (folder / "2020").mkdir(parents=True)
    (folder / "2020" / "a.txt").write_text("Mr Kowalski lives in Warsaw.\n", encoding="utf-8")
    (folder / "b.txt").write_text("The doctor lives in Krakow.\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("case", ["out holds the source", "out is the source", "out is a file"])
def test_corpus_build_force_never_replaces_what_it_reads_or_a_file(archive, tmp_path, case):
    # Issue 13, item 9.
    single = tmp_path / "single.txt"
    single.write_text("my notes\n", encoding="utf-8")
    source, out = {
        "out holds the source": (archive / "2020", archive),
        "out is the source": (archive, archive),
        "out is a file": (archive, single),
    }[case]
    before, single_before = _tree(archive), single.read_bytes()
    result = runner.invoke(app, ["corpus", "build", str(source), "--out", str(out), "--force"])
    assert result.exit_code in (1, 2)
    _one_line(result, result.exit_code)
    assert _tree(archive) == before and single.read_bytes() == single_before


def test_force_replaces_only_an_index(archive, tmp_path):
    folder = tmp_path / "documents"
    folder.mkdir()
    (folder / "keep.txt").write_text("keep me\n", encoding="utf-8")
    result = runner.invoke(app, ["corpus", "build", str(archive), "--out", str(folder), "--force"])
    _one_line(result, 1)
    assert (folder / "keep.txt").read_text(encoding="utf-8") == "keep me\n"
    index = tmp_path / "index"
    assert runner.invoke(app, ["corpus", "build", str(archive), "--out", str(index)]).exit_code == 0
    assert runner.invoke(app, ["corpus", "build", str(archive), "--out", str(index), "--force"]).exit_code == 0


def _dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_leftovers_of_killed_builds_are_removed_and_live_ones_kept(archive, tmp_path):
    # Issue 13, item 22.
    dead = _dead_pid()
    building = tmp_path / f".index.building-{dead}"
    replaced = tmp_path / f".index.replaced-{dead}"
    live = tmp_path / f".index.building-{os.getppid()}"  # the test runner's parent: alive
    for folder in (building, replaced, live):
        folder.mkdir()
        (folder / "segment").write_bytes(b"x" * 100)
    assert runner.invoke(app, ["corpus", "build", str(archive), "--out", str(tmp_path / "index")]).exit_code == 0
    assert not building.exists() and not replaced.exists() and live.exists()
    assert (
        runner.invoke(app, ["corpus", "build", str(archive), "--out", str(tmp_path / "index"), "--force"]).exit_code
        == 0
    )
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".index.")) == [live.name]


def _table(tmp_path, payload):
    path = tmp_path / "counts.json"
    path.write_text(json.dumps(payload), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "payload",
    [
        {"total": 100, "counts": {"kowalski": -3}},
        {
            "total": 100,
            "counts": {"kowalski": 3, "warsaw": 50},
            "conjunctions": [{"terms": ["kowalski", "warsaw"], "count": 7}],
        },
        {"total": 100, "counts": {"kowalski": 300}},
        {"total": 100, "counts": {"kowalski": 3}, "conjunctions": [{"terms": ["kowalski", "warsaw"], "count": -1}]},
    ],
    ids=["negative count", "conjunction above a term's count", "total below a count", "negative conjunction"],
)
def test_tables_with_impossible_counts_are_refused(tmp_path, payload):
    # Issue 13, item 15.
    path = _table(tmp_path, payload)
    with pytest.raises(BackendDataError, match="impossible counts") as caught:
        open_backend(f"table:{path}")
    assert "kowalski" not in str(caught.value)


def test_impossible_counts_in_a_tsv_table_are_refused(tmp_path):
    path = tmp_path / "counts.tsv"
    path.write_text("total\t100\ncount\t5\tkowalski\ncount\t9\tkowalski\twarsaw\n", encoding="utf-8")
    with pytest.raises(BackendDataError, match="impossible counts"):
        open_backend(f"table:{path}")


@pytest.mark.parametrize(
    "content",
    ['{"total": 1e999, "counts": {}}', "[" * 100_000 + "]" * 100_000],
    ids=["infinite total", "nested too deeply"],
)
def test_malformed_tables_are_one_line(tmp_path, content):
    path = tmp_path / "counts.json"
    path.write_text(content, encoding="utf-8")
    document = tmp_path / "doc.txt"
    document.write_text("Mr Kowalski lives in Warsaw.\n", encoding="utf-8")
    result = runner.invoke(app, ["terms", str(document), "--backend", f"table:{path}"])
    _one_line(result, 1)
    assert "counts.json" in result.stderr


def _unblock_later(fifo, seconds=8.0):
    """If the code under test blocks opening the FIFO, a writer comes and goes after a while,
    so that an old, blocking version fails the test instead of hanging it."""

    def writer():
        try:
            descriptor = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:
            return  # no reader waiting: nothing blocked
        os.close(descriptor)

    timer = threading.Timer(seconds, writer)
    timer.daemon = True
    timer.start()
    return timer


@pytest.mark.parametrize("where", ["source", "inside a folder source"])
def test_corpus_build_refuses_a_fifo_instead_of_blocking(archive, tmp_path, where):
    # Issue 13, item 17 (corpus build).
    fifo = (tmp_path / "pipe.txt") if where == "source" else (archive / "pipe.txt")
    os.mkfifo(fifo)
    timer = _unblock_later(fifo)
    sources = [str(fifo)] if where == "source" else [str(archive)]
    result = runner.invoke(app, ["corpus", "build", *sources, "--out", str(tmp_path / "index"), "--json"])
    timer.cancel()
    if where == "source":
        _one_line(result, 1)
        assert "not a regular file" in result.stderr
    else:
        assert result.exit_code == 0, result.stderr
        skipped = json.loads(result.stdout)["sources"][0]["skipped"]
        assert skipped == {"not a regular file": 1}
