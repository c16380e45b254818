"""Issue 13 (safety), the fast cases of its campaign: outputs over inputs, failures that were
not one clear line, silent wrong results and hangs. Slow cases (real processes, signals)
are in test_safety_processes.py and benchmarks/safety_campaign.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import pytest
from typer.testing import CliRunner

import ic_sanitizer.extraction_pool as extraction_pool
from ic_sanitizer import Sanitizer
from ic_sanitizer.cli.app import app
from ic_sanitizer.corpus_stats import open_backend
from ic_sanitizer.corpus_stats.testing.web_fakes import FakeWebService

from ..conftest import PAPER_COUNTS, write_table
from .conftest import tab_document

SECRET = "Kowalski"
runner = CliRunner()


def _document(folder, name="doc.txt", text=f"Mr {SECRET} lives in Warsaw with his doctor.\n"):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _tree(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _one_line(result, code):
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    assert SECRET not in result.stderr and "╭" not in result.stderr


TABLE = ["--backend", f"table:{PAPER_COUNTS}", "--beta", "14", "--policy", "paper"]


# -- outputs over inputs ---------------------------------------------------------------


def test_report_on_the_output_is_refused_before_anything_is_written(tmp_path):
    # Issue 13, item 6.
    source = _document(tmp_path)
    output = tmp_path / "out.txt"
    result = runner.invoke(app, ["sanitize", str(source), "-o", str(output), "--report", str(output), *TABLE])
    _one_line(result, 2)
    assert not output.exists()


def test_folder_output_holding_the_input_folder_is_refused(tmp_path):
    # Issue 13, item 7.
    tree = tmp_path / "t"
    _document(tree / "a", "x.txt", "first\n")
    _document(tree / "a" / "a", "x.txt", "second\n")
    before = _tree(tree)
    result = runner.invoke(app, ["sanitize", str(tree / "a"), "-o", str(tree), *TABLE])
    _one_line(result, 2)
    assert _tree(tree) == before


def test_output_on_a_backend_table_or_inside_the_cache_is_refused(tmp_path):
    source = _document(tmp_path)
    table = write_table(tmp_path / "t.json", 1000, {"warsaw": 10})
    content = table.read_bytes()
    _one_line(runner.invoke(app, ["sanitize", str(source), "-o", str(table), "--backend", f"table:{table}"]), 2)
    assert table.read_bytes() == content
    cache = tmp_path / "cache"
    _one_line(
        runner.invoke(app, ["sanitize", str(source), "-o", str(cache / "cache.db"), "--cache-dir", str(cache), *TABLE]),
        2,
    )


@pytest.fixture
def gold_collection(tmp_path):
    texts = {"d1": f"Mr {SECRET} lives in Warsaw.", "d2": "The patient suffers from influenza."}
    gold = {"d1": [[3, 11, "PERSON"]], "d2": [[25, 34, "MISC"]]}
    (tmp_path / "texts.json").write_text(json.dumps(texts), encoding="utf-8")
    (tmp_path / "gold.json").write_text(json.dumps(gold), encoding="utf-8")
    return tmp_path / "gold.json", tmp_path / "texts.json"


def test_tune_never_writes_its_table_or_plot_over_its_inputs(gold_collection):
    # Issue 13, item 8.
    gold, texts = gold_collection
    before = gold.read_bytes(), texts.read_bytes()
    result = runner.invoke(
        app,
        [
            "tune",
            "--gold",
            str(gold),
            "--texts",
            str(texts),
            "--table",
            str(texts),
            "--plot",
            str(gold),
            *TABLE[:2],
            "--workers",
            "1",
        ],
    )
    _one_line(result, 2)
    assert (gold.read_bytes(), texts.read_bytes()) == before


# -- failures that were not one clear line ----------------------------------------------


def test_a_damaged_local_index_is_one_line_naming_it(tmp_path, damaged_index):
    # Issue 13, item 10 (in process; test_safety_processes checks the real process's stderr).
    # In a child process with a time limit: tantivy has been seen to hang (rarely) on this
    # damaged index instead of panicking; that is a known limit, not a pass.
    source = tab_document(tmp_path)
    for command in (["sanitize", str(source), "--workers", "1"], ["terms", str(source)]):
        try:
            completed = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "ic_sanitizer",
                    *command,
                    "--backend",
                    f"local:{damaged_index}",
                    "--beta",
                    "5",
                    "--no-cache",
                ],
                capture_output=True,
                text=True,
                timeout=90,
            )
        except subprocess.TimeoutExpired:
            pytest.xfail("tantivy hung on the damaged index instead of failing (known, rare)")
        assert completed.returncode == 1 and completed.stderr.count("\n") == 1, completed.stderr
        assert completed.stderr.startswith("error: ") and str(damaged_index) in completed.stderr


@pytest.mark.parametrize(
    "case",
    [
        "max-input-mb nan",
        "max-input-mb zero",
        "nested table",
        "eval texts folder",
        "plot into a folder",
        "build under a file",
        "gold is a folder",
        "cache dir is a file",
    ],
)
def test_failures_are_one_line_naming_the_file_or_option(tmp_path, gold_collection, case):
    # Issue 13, item 12.
    gold, texts = gold_collection
    source = _document(tmp_path / "docs")
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    bad_folder = tmp_path / "texts"
    _document(bad_folder, "d1.txt", f"Mr {SECRET} lives in Warsaw.")
    (bad_folder / "d2.txt").write_bytes(b"\xff\xfe not UTF-8")
    plain_file = tmp_path / "plain.txt"
    plain_file.write_text("x", encoding="utf-8")
    arguments, code, named = {
        "max-input-mb nan": (["sanitize", str(source), "--max-input-mb", "nan"], 2, "--max-input-mb"),
        "max-input-mb zero": (["sanitize", str(source), "--max-input-mb", "0"], 2, "--max-input-mb"),
        "nested table": (["sanitize", str(source), "--backend", f"table:{nested}"], 1, "nested.json"),
        "eval texts folder": (["eval", "--gold", str(gold), "--texts", str(bad_folder), *TABLE[:2]], 1, "d2.txt"),
        "plot into a folder": (
            ["tune", "--gold", str(gold), "--texts", str(texts), "--plot", str(tmp_path)],
            2,
            "--plot",
        ),
        "build under a file": (["corpus", "build", str(source), "--out", str(plain_file / "index")], 1, "plain.txt"),
        "gold is a folder": (["eval", "--gold", str(tmp_path)], 1, str(tmp_path)),
        "cache dir is a file": (["sanitize", str(source), "--cache-dir", str(plain_file), *TABLE], 1, "plain.txt"),
    }[case]
    result = runner.invoke(app, arguments)
    _one_line(result, code)
    assert named in result.stderr


@pytest.mark.parametrize(
    "arguments",
    [
        ["sanitize", "DOC", "--mode", "bogus"],
        ["sanitize", "DOC", "--w", "abc"],
        ["sanitize", "DOC", "--workers", "0"],
        ["terms", "DOC", "--limit", "-1"],
        ["cache", "frob"],
        ["sanitize", "DOC", "--no-such-option"],
        ["sanitize"],
        ["eval"],
        ["corpus", "build", "DOC"],
        ["sanitize", "DOC", "--parallel", "0"],
    ],
    ids=lambda a: " ".join(a),
)
def test_usage_errors_are_one_line(tmp_path, arguments):
    # Issue 13, item 13.
    source = _document(tmp_path)
    result = runner.invoke(app, [str(source) if a == "DOC" else a for a in arguments])
    _one_line(result, 2)


@pytest.mark.parametrize(
    "arguments, named",
    [
        (["sanitize", "DOC", "--beta", "inf"], "--beta"),
        (["sanitize", "DOC", "--beta", "nan"], "--beta"),
        (
            ["sanitize", "DOC", "--backend", "table:PLAIN", "--s2-backend", "table:PAPER", "--beta-s2", "inf"],
            "--beta-s2",
        ),
        (["sanitize", "DOC", "--w", "nan"], "--w"),
        (["tune", "--gold", "GOLD", "--beta", "inf"], "--beta"),
        (["tune", "--gold", "GOLD", "--w", "nan"], "--w"),
        (["sanitize", "DOC", "--rate", "inf"], "--rate"),
        (["tune", "--gold", "GOLD", "--beta", "-1"], "--beta"),
    ],
    ids=lambda a: " ".join(a) if isinstance(a, list) else a,
)
def test_infinite_and_impossible_numbers_are_refused(tmp_path, gold_collection, arguments, named):
    # Issue 13, item 14: β = inf silently removed nothing.
    source = _document(tmp_path)
    gold, _ = gold_collection
    plain = write_table(tmp_path / "plain.json", 11 * 10**9, {"warsaw": 10**6})
    replaced = [
        str(source)
        if a == "DOC"
        else str(gold)
        if a == "GOLD"
        else a.replace("PLAIN", str(plain)).replace("PAPER", str(PAPER_COUNTS))
        for a in arguments
    ]
    if "--backend" not in replaced:
        replaced += ["--backend", f"table:{PAPER_COUNTS}"]
    result = runner.invoke(app, replaced)
    _one_line(result, 2)
    assert named in result.stderr


# -- silent wrong results and hangs ------------------------------------------------------


def test_eval_refuses_spans_outside_the_text_and_names_unknown_doc_ids(tmp_path, gold_collection):
    # Issue 13, item 16.
    gold, texts = gold_collection
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"d1": [[3, 11, "PERSON"], [20, 5000, "X"]]}), encoding="utf-8")
    result = runner.invoke(app, ["eval", "--gold", str(outside), "--texts", str(texts), *TABLE])
    _one_line(result, 1)
    assert "outside its text" in result.stderr and "d1" in result.stderr
    system = tmp_path / "system.json"
    system.write_text(json.dumps({"d1": [[-4, 2]]}), encoding="utf-8")
    result = runner.invoke(app, ["eval", "--gold", str(gold), "--texts", str(texts), "--system", str(system)])
    _one_line(result, 1)
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps({"d1": [[3, 11, "PERSON"]], "ghost-7": [[0, 4, "X"]]}), encoding="utf-8")
    result = runner.invoke(app, ["eval", "--gold", str(unknown), "--texts", str(texts), *TABLE])
    assert result.exit_code == 0, result.stderr
    assert "ghost-7" in result.stderr and "not scored" in result.stderr


def _unblock_later(fifo, seconds=8.0):
    """A writer that comes and goes after a while: an old, blocking reader fails the test instead of hanging it."""

    def writer():
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass  # no reader waiting: nothing blocked

    timer = threading.Timer(seconds, writer)
    timer.daemon = True
    timer.start()
    return timer


@pytest.mark.parametrize("command", ["sanitize", "terms", "eval --gold", "tune --protected-names"])
def test_a_fifo_is_refused_instead_of_blocking(tmp_path, gold_collection, command):
    # Issue 13, item 17.
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    gold, texts = gold_collection
    arguments = {
        "sanitize": ["sanitize", str(fifo), *TABLE],
        "terms": ["terms", str(fifo), *TABLE[:2]],
        "eval --gold": ["eval", "--gold", str(fifo)],
        "tune --protected-names": ["tune", "--gold", str(gold), "--texts", str(texts), "--protected-names", str(fifo)],
    }[command]
    timer = _unblock_later(fifo)
    result = runner.invoke(app, arguments)
    timer.cancel()
    _one_line(result, 1)
    assert "not a regular file" in result.stderr


def test_a_folder_run_writes_every_good_file_and_names_every_bad_one(tmp_path):
    # Issue 13, item 18.
    folder = tmp_path / "in"
    _document(folder, "a.txt")
    _document(folder / "sub", "b.txt", "The patient suffers from acquired immunodeficiency syndrome.\n")
    (folder / "bad.txt").write_bytes(b"\xff\xfe not UTF-8")
    (folder / "empty.txt").write_bytes(b"")
    os.mkfifo(folder / "fifo.txt")
    before = dict(_tree(folder).items())
    output = tmp_path / "out"
    result = runner.invoke(app, ["sanitize", str(folder), "-o", str(output), "--workers", "1", "--json", *TABLE])
    _one_line(result, 1)
    assert all(name in result.stderr for name in ("bad.txt", "empty.txt", "fifo.txt"))
    assert "3 of 5" in result.stderr
    assert sorted(_tree(output)) == ["a.txt", "sub/b.txt"]
    assert _tree(folder) == before
    summary = json.loads(result.stdout)
    assert len(summary["documents"]) == 2 and len(summary["failures"]) == 3


def test_a_name_on_a_block_boundary_without_line_breaks_is_found(tmp_path, monkeypatch):
    # Issue 13, item 19: the name fell across a cut and both halves stayed in clear.
    table = write_table(tmp_path / "t.json", 10**6, {"court": 500_000, "case": 500_000, "kowalski": 1})
    filler = "The court heard the case. "
    head = filler * (1990 // len(filler))
    head += "Then " * ((1996 - len(head)) // 5)
    text = head + f"{SECRET} spoke. " + filler * 40
    assert "\n" not in text and text.index(SECRET) < 2000 < text.index(SECRET) + len(SECRET)
    monkeypatch.setattr(extraction_pool, "BLOCK_CHARACTERS", 2000)
    with Sanitizer(f"table:{table}", beta=10, zero_count="keep", use_cache=False, workers=1) as sanitizer:
        assert SECRET not in sanitizer.sanitize(text).text


@pytest.mark.parametrize("seed", range(5))
def test_blocks_never_cut_inside_a_word(seed):
    import random

    from ic_sanitizer.blocks import split_into_blocks

    rng = random.Random(seed)
    words = ["Kowalski", "court", "of", "Warsaw", "applicant", "1.2.2019", "Nowak-Smith"]
    text = " ".join(rng.choice(words) + ("." if rng.random() < 0.05 else "") for _ in range(3000))
    bounds = split_into_blocks(text, 1000)
    assert bounds[0][0] == 0 and bounds[-1][1] == len(text)
    assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:]))
    for _, end in bounds[:-1]:
        assert text[end - 1].isspace() or text[end].isspace(), text[end - 10 : end + 10]


def test_queries_issued_are_reported_per_document_with_parallel(tmp_path, monkeypatch):
    # Issue 13, item 20.
    counts = {"kowalski": 40, "warsaw": 400, "doctor": 4000, "court": 9000, "nowak": 30, "krakow": 300}
    corpus = open_backend(f"table:{write_table(tmp_path / 'c.json', 10**6, counts, [(['kowalski', 'warsaw'], 30)])}")
    folder = tmp_path / "in"
    _document(folder, "1.txt", "Kowalski met the doctor in Warsaw.\n")
    _document(folder, "2.txt", "Nowak left Krakow for the court.\n")
    with FakeWebService("infinigram", corpus) as service:
        monkeypatch.setenv("SANITIZER_INFINIGRAM_URL", service.url)
        result = runner.invoke(
            app,
            [
                "sanitize",
                str(folder),
                "-o",
                str(tmp_path / "out"),
                "--backend",
                "infinigram",
                "--allow-web",
                "--beta",
                "10",
                "--parallel",
                "8",
                "--workers",
                "1",
                "--json",
            ],
        )
        assert result.exit_code == 0, result.stderr
        issued = [d["queries_issued"] for d in json.loads(result.stdout)["documents"]]
        answered = sum(service.answered.values()) - service.answered[""]  # "" is N, asked once per run
    assert all(n > 0 for n in issued) and sum(issued) == answered
