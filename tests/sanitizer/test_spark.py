"""Sanitizing on Spark (local mode, two cores): the same output as the CLI, document by document.

The Spark tests skip, saying why, only when pyspark or Java is absent; the settings'
tests run everywhere. One Spark session serves the module (it takes seconds to start).
"""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
import re

import pytest
from typer.testing import CliRunner

from ic_sanitizer import ConfigurationError, Mode, Sanitizer, Settings
from ic_sanitizer.cli.app import app
from ic_sanitizer.corpus_stats import open_backend
from ic_sanitizer.corpus_stats.errors import UnsafeOutputError
from ic_sanitizer.spark import (
    engine_for,
    engine_settings,
    plan_folder,
    sanitize_column,
    sanitize_folder,
    spark_unavailable_reason,
)

from ..conftest import TAB_DIR
from .mixed_documents import NOTE, write_mixed_folder, written

runner = CliRunner()
SPARK_MISSING = spark_unavailable_reason()
needs_spark = pytest.mark.skipif(SPARK_MISSING is not None, reason=f"Spark cannot run here: {SPARK_MISSING}")
needs_tab = pytest.mark.skipif(not (TAB_DIR / "texts.json").exists(), reason="TAB test data not beside the checkout")


# -- settings: the engine's Settings, one engine per settings per process ---------------


def test_spark_settings_are_the_engines_settings_with_one_worker(tmp_path):
    settings = engine_settings("wordfreq", policy="paper", w=0.5, allow=["Leeds"], cache_dir=tmp_path)
    assert settings == Settings("wordfreq", policy="paper", w=0.5, allow=["Leeds"], cache_dir=tmp_path, workers=1)


def test_the_engines_settings_object_travels_as_it_was_asked_but_for_workers(tmp_path):
    # The CLI and the API make Settings; Spark takes the same object (workers is Spark's).
    from ic_sanitizer.spark._engine import as_engine_settings, settings_key

    asked = Settings("wordfreq", policy="paper", w=0.5, allow=["Leeds"], cache_dir=tmp_path, workers=2)
    shipped = as_engine_settings(asked)
    assert shipped == dataclasses.replace(asked, workers=1)
    made_so = engine_settings("wordfreq", policy="paper", w=0.5, allow=["Leeds"], cache_dir=tmp_path)
    assert settings_key(shipped) == settings_key(made_so)


def test_settings_survive_pickling_and_keep_their_key():
    from ic_sanitizer.spark._engine import settings_key

    settings = engine_settings("wordfreq", deny={"blood transfusion", "Leeds"}, kinds=["name", "date"])
    copy = pickle.loads(pickle.dumps(settings))
    assert copy == settings and settings_key(copy) == settings_key(settings)
    assert settings_key(engine_settings("wordfreq", deny={"Leeds"}, kinds=["name", "date"])) != settings_key(settings)


def test_a_settings_key_is_the_same_in_a_worker_of_another_hash_seed():
    # A worker is another interpreter that unpickles the driver's settings: a key made from
    # a set's order (the kinds are a frozenset) would differ there.
    import subprocess
    import sys

    from ic_sanitizer.spark._engine import settings_key

    settings = engine_settings("wordfreq", deny={"a b", "c", "d e f"}, kinds=["name", "date", "code", "email"])
    code = "import pickle, sys; from ic_sanitizer.spark._engine import settings_key; print(settings_key(pickle.load(sys.stdin.buffer)))"
    keys = {
        subprocess.run(
            [sys.executable, "-c", code],
            input=pickle.dumps(settings),
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            check=True,
        )
        .stdout.decode()
        .strip()
        for seed in ("1", "2", "3")
    }
    assert keys == {settings_key(settings)}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"betta": 14.0}, "unknown Sanitizer option(s) betta; known: allow"),
        ({"workers": 2}, "`workers` does not apply on Spark"),
        ({"s2_backend": object()}, "an open back-end cannot be sent to the executors"),
    ],
    ids=["unknown-option", "workers", "open-backend"],
)
def test_settings_refuse_what_cannot_travel_or_does_not_exist(options, message):
    with pytest.raises(ConfigurationError, match=re.escape(message)):
        engine_settings("wordfreq", **options)


def test_an_open_backend_object_is_refused_as_the_backend():
    with pytest.raises(ConfigurationError, match="open back-end"):
        engine_settings(open_backend("wordfreq"))


def test_a_process_builds_one_engine_per_settings_and_reuses_it(tmp_path):
    settings = engine_settings("wordfreq", cache_dir=tmp_path / "cache", s2_backend="none")
    same = pickle.loads(pickle.dumps(settings))
    engine = engine_for(settings)
    assert isinstance(engine, Sanitizer) and engine.settings.workers == 1
    assert engine_for(same) is engine
    assert engine_for(engine_settings("wordfreq", cache_dir=tmp_path / "cache", s2_backend="none", w=0.5)) is not engine


def test_an_engine_is_renewed_after_its_share_of_documents_so_its_memory_stays_bounded(tmp_path):
    from ic_sanitizer.spark._engine import DOCUMENTS_PER_ENGINE

    settings = engine_settings("wordfreq", cache_dir=tmp_path / "cache", s2_backend="none", w=0.4)
    first = engine_for(settings, DOCUMENTS_PER_ENGINE - 1)
    assert engine_for(settings, 1) is first
    before = first.sanitize(NOTE).text
    renewed = engine_for(settings, 1)
    assert renewed is not first and renewed.sanitize(NOTE).text == before


# -- Spark in local mode ----------------------------------------------------------------


@pytest.fixture(scope="module")
def spark(tmp_path_factory):
    if SPARK_MISSING is not None:
        pytest.skip(f"Spark cannot run here: {SPARK_MISSING}")
    from ic_sanitizer.spark import spark_session

    session = spark_session(
        "local[2]",
        app_name="ic-sanitizer tests",
        conf={
            "spark.ui.enabled": "false",
            "spark.ui.showConsoleProgress": "false",
            "spark.log.level": "ERROR",
            "spark.default.parallelism": "2",
            "spark.sql.shuffle.partitions": "2",
        },
    )
    yield session
    session.stop()


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    """One settings value for the module's Spark runs: each worker builds its engine once."""
    return engine_settings(cache_dir=str(tmp_path_factory.mktemp("spark-cache")))


@pytest.fixture(scope="module")
def tab_folder(tmp_path_factory):
    """TAB's 127 judgments, one .txt file each, and the CLI's output for them."""
    texts = json.loads((TAB_DIR / "texts.json").read_text(encoding="utf-8"))
    root = tmp_path_factory.mktemp("tab")
    (root / "in").mkdir()
    for doc_id, text in texts.items():
        (root / "in" / f"{doc_id}.txt").write_text(text, encoding="utf-8", newline="")
    result = runner.invoke(
        app, ["sanitize", str(root / "in"), "-o", str(root / "cli"), "--cache-dir", str(root / "cli-cache")]
    )
    assert result.exit_code == 0, result.output
    return root, texts


def _differing(expected: dict[str, str], actual: dict[str, str]) -> list[str]:
    return sorted(doc for doc in expected.keys() | actual.keys() if expected.get(doc) != actual.get(doc))


@needs_spark
@needs_tab
def test_spark_sanitizes_the_127_tab_judgments_of_a_folder_exactly_as_the_cli(spark, settings, tab_folder):
    root, texts = tab_folder
    outcome = sanitize_folder(spark, root / "in", root / "spark", settings)
    assert (outcome.written, outcome.failures, outcome.pieces) == (127, {}, 127)
    assert outcome.partitions == 8  # 4 per core: documents of unequal length balance across tasks
    cli = {path.stem: path.read_text(encoding="utf-8") for path in (root / "cli").iterdir()}
    ours = {path.stem: path.read_text(encoding="utf-8") for path in (root / "spark").iterdir()}
    assert len(cli) == len(texts) == 127
    assert _differing(cli, ours) == []
    assert all(cli[doc] != texts[doc] for doc in texts)  # something was masked in each


@needs_spark
@needs_tab
def test_spark_sanitizes_the_127_tab_judgments_of_a_dataframe_exactly_as_the_cli(spark, settings, tab_folder):
    root, texts = tab_folder
    frame = spark.createDataFrame(sorted(texts.items()), "doc_id string, text string").repartition(5)
    sanitized = sanitize_column(frame, "text", settings, output_column="published")
    assert sanitized.columns == ["doc_id", "text", "published"]
    ours = {row.doc_id: row.published for row in sanitized.collect()}
    cli = {path.stem: path.read_text(encoding="utf-8") for path in (root / "cli").iterdir()}
    assert _differing(cli, ours) == []


@needs_spark
def test_each_python_worker_builds_one_engine_and_reuses_it_for_every_partition(spark, settings):
    broadcast = spark.sparkContext.broadcast(settings)

    def engine_identity(rows):
        return [(os.getpid(), id(engine_for(broadcast.value)))]

    for _ in range(2):  # a second job reuses the workers of the first
        pairs = spark.sparkContext.parallelize(range(16), 8).mapPartitions(engine_identity).collect()
    workers = {pid for pid, _ in pairs}
    assert len(pairs) == 8 and len(set(pairs)) == len(workers) <= 2


@needs_spark
def test_a_null_text_stays_null_and_the_report_and_protected_names_travel_with_the_row(spark, settings):
    frame = spark.createDataFrame(
        [("a", NOTE, ["John Smith"]), ("b", None, None), ("c", "", [])], "id string, note string, protect array<string>"
    )
    rows = {
        row.id: row
        for row in sanitize_column(frame, "note", settings, report_column="report", protect_column="protect").collect()
    }
    expected = Sanitizer(settings).sanitize_many([NOTE], protect=[["John Smith"]])
    assert rows["a"].sanitized == next(iter(expected)).text and "John Smith" not in rows["a"].sanitized
    report = json.loads(rows["a"].report)
    assert report["input"]["name"] == "note" and report["stages"]["s2"]["protected"] == ["John Smith"]
    assert (rows["b"].sanitized, rows["b"].report) == (None, None)
    assert rows["c"].sanitized == ""


@needs_spark
@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"column": "missing"}, "the column 'missing' must be a string column"),
        ({"column": "note", "output_column": "id"}, "the output and report columns must be new column names"),
        ({"column": "note", "protect_column": "id"}, "the protect column 'id' must be a string or array column"),
    ],
    ids=["no-such-column", "existing-output-column", "protect-not-names"],
)
def test_a_bad_column_is_refused_on_the_driver(spark, settings, arguments, message):
    frame = spark.createDataFrame([(1, NOTE)], "id int, note string")
    with pytest.raises(ConfigurationError, match=message):
        sanitize_column(frame, settings=settings, **arguments)


def test_an_output_inside_the_input_is_refused_before_spark_is_needed(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "note.txt").write_text(NOTE, encoding="utf-8")
    with pytest.raises(UnsafeOutputError, match="output .* lies inside the input"):
        plan_folder(tmp_path / "in", tmp_path / "in" / "out", engine_settings())


@needs_spark
def test_a_file_that_cannot_be_read_fails_alone_and_the_others_are_written(spark, settings, tmp_path):
    (tmp_path / "in" / "ward").mkdir(parents=True)
    (tmp_path / "in" / "ward" / "note.txt").write_text(NOTE, encoding="utf-8")
    (tmp_path / "in" / "empty.txt").write_text("", encoding="utf-8")
    (tmp_path / "in" / "scan.bin").write_bytes(b"\x00\x01")
    outcome = sanitize_folder(spark, tmp_path / "in", tmp_path / "out", settings)
    assert outcome.written == 1 and outcome.failures == {str(tmp_path / "in" / "empty.txt"): "the document is empty"}
    assert outcome.skipped == (str(tmp_path / "in" / "scan.bin"),)
    written = (tmp_path / "out" / "ward" / "note.txt").read_text(encoding="utf-8")
    assert "John Smith" not in written and not (tmp_path / "out" / "empty.txt").exists()
    assert (tmp_path / "in" / "ward" / "note.txt").read_text(encoding="utf-8") == NOTE


@needs_spark
def test_a_file_whose_record_keeps_in_another_field_what_its_text_lost_fails_alone(spark, settings, tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "note.txt").write_text(NOTE, encoding="utf-8")
    record = {"text": "Mr Jan Kowalski lives in Warsaw.", "mentions": [{"span_text": "Jan Kowalski"}]}
    (tmp_path / "in" / "records.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    outcome = sanitize_folder(spark, tmp_path / "in", tmp_path / "out", settings)
    (failure,) = outcome.failures.items()
    assert outcome.written == 1 and failure[0].endswith("records.jsonl") and "another field" in failure[1]
    assert not (tmp_path / "out" / "records.jsonl").exists() and "Kowalski" not in failure[1]


@needs_spark
def test_the_spark_command_writes_a_folder_and_exits_1_naming_the_failed_file(spark, tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "note.txt").write_text(NOTE, encoding="utf-8")
    (tmp_path / "in" / "empty.txt").write_text(" \n", encoding="utf-8")
    result = runner.invoke(
        app,
        [
            "spark",
            str(tmp_path / "in"),
            "-o",
            str(tmp_path / "out"),
            "--master",
            "local[2]",
            "--cache-dir",
            str(tmp_path / "cache"),
            "--json",
        ],
    )
    assert result.exit_code == 1
    summary = json.loads(result.stdout)
    assert summary["written"] == 1 and summary["failures"][0]["input"].endswith("empty.txt")
    assert "1 of 2 inputs failed" in result.stderr
    assert spark.sparkContext.parallelize([1]).count() == 1  # the running session was not stopped
    expected = runner.invoke(
        app, ["sanitize", str(tmp_path / "in" / "note.txt"), "--cache-dir", str(tmp_path / "cache")]
    )
    assert (tmp_path / "out" / "note.txt").read_text(encoding="utf-8") == expected.stdout


def test_without_java_the_spark_command_says_so_and_exits_1(tmp_path, monkeypatch):
    if SPARK_MISSING is not None and "pyspark" in SPARK_MISSING:
        pytest.skip("pyspark is absent: the Java check is not reached")
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "note.txt").write_text(NOTE, encoding="utf-8")
    monkeypatch.setenv("PATH", str(tmp_path / "no-java"))
    monkeypatch.delenv("JAVA_HOME", raising=False)
    result = runner.invoke(app, ["spark", str(tmp_path / "in"), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "error: no Java runtime: Spark needs Java 17" in result.stderr
    assert not (tmp_path / "out").exists()


def test_settings_made_elsewhere_are_accepted_as_a_plain_mapping():
    from ic_sanitizer.spark._engine import as_engine_settings

    settings = as_engine_settings({"backend": "wordfreq", "w": 0.5})
    assert isinstance(settings, Settings) and settings == engine_settings("wordfreq", w=0.5)


def test_a_master_that_does_not_answer_is_said_in_one_line_in_seconds(tmp_path):
    import socket

    from ic_sanitizer.spark import master_unreachable_reason

    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        open_port = listening.getsockname()[1]
        assert master_unreachable_reason(f"spark://127.0.0.1:{open_port}") is None
    # the port is closed now
    reason = master_unreachable_reason(f"spark://127.0.0.1:{open_port}")
    assert reason is not None and f"127.0.0.1:{open_port}" in reason
    assert master_unreachable_reason("local[2]") is None and master_unreachable_reason(None) is None
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text(NOTE, encoding="utf-8")
    if SPARK_MISSING is None:
        result = runner.invoke(
            app,
            [
                "spark",
                str(tmp_path / "in"),
                "-o",
                str(tmp_path / "out"),
                "--master",
                f"spark://127.0.0.1:{open_port}",
                "--no-driver-check",
            ],
        )
        assert result.exit_code == 1 and "no Spark master answers" in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_a_java_error_is_told_by_its_module():
    from ic_sanitizer.spark import is_java_error

    java = type("Py4JJavaError", (Exception,), {"__module__": "py4j.protocol"})
    assert is_java_error(java("a Java stack trace")) and not is_java_error(ValueError("x"))


@needs_spark
def test_the_spark_command_keeps_sparks_log_off_stderr_unless_asked(tmp_path):
    import subprocess
    import sys

    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text(NOTE, encoding="utf-8")
    command = [
        sys.executable,
        "-m",
        "ic_sanitizer",
        "spark",
        str(tmp_path / "in"),
        "--master",
        "local[1]",
        "--no-driver-check",
        "--no-cache",
    ]
    quiet = subprocess.run([*command, "-o", str(tmp_path / "out")], capture_output=True, text=True, timeout=300)
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stderr.strip().splitlines() == ["1 file(s) written to " + str(tmp_path / "out") + " in 1 task(s)"]
    loud = subprocess.run([*command, "-o", str(tmp_path / "out2"), "-v"], capture_output=True, text=True, timeout=300)
    assert loud.returncode == 0 and "WARN" in loud.stderr


@pytest.fixture(scope="module")
def mixed_folder(tmp_path_factory):
    return write_mixed_folder(tmp_path_factory.mktemp("mixed"))


@needs_spark
@pytest.mark.parametrize("mode", list(Mode))
def test_spark_and_the_cli_write_the_same_files_for_every_format_in_every_mode(spark, mixed_folder, mode, tmp_path):
    """One way to plan a folder run and one engine for every mode: the same output names
    (a PDF's text as NAME.pdf.txt) and the same bytes, for text, records, a table, a Word
    document and a PDF, whether the placeholders, deletions, pseudonyms or masks."""
    key = tmp_path / "key"
    key.write_bytes(b"a secret key of 32 bytes or so..")
    result = runner.invoke(
        app,
        [
            "sanitize",
            str(mixed_folder),
            "-o",
            str(tmp_path / "cli"),
            "--cache-dir",
            str(tmp_path / "cache"),
            "--mode",
            mode.value,
            "--pseudonym-key-file",
            str(key),
        ],
    )
    assert result.exit_code == 0, result.stderr
    settings = engine_settings(cache_dir=str(tmp_path / "spark-cache"), mode=mode.value, pseudonym_key=key.read_bytes())
    outcome = sanitize_folder(spark, mixed_folder, tmp_path / "spark", settings)
    assert outcome.failures == {}
    cli, ours = written(tmp_path / "cli"), written(tmp_path / "spark")
    assert sorted(cli) == sorted(ours) and "letter.pdf.txt" in cli
    assert [name for name in cli if cli[name] != ours[name]] == []
    assert "Smith" not in json.dumps({name: str(content) for name, content in ours.items()})


@needs_spark
def test_spark_reads_a_folder_in_the_language_asked_as_the_cli_does(spark, tmp_path):
    """A German decision and a Spanish record, each in the language named: the same bytes as the CLI's."""
    from .spanish_record import RECORD
    from .test_german import DECISION

    for language, text in (("de", DECISION), ("es", RECORD)):
        folder = tmp_path / f"in-{language}"
        folder.mkdir()
        (folder / "document.txt").write_text(text, encoding="utf-8")
        result = runner.invoke(
            app,
            [
                "sanitize",
                str(folder),
                "-o",
                str(tmp_path / f"cli-{language}"),
                "--language",
                language,
                "--cache-dir",
                str(tmp_path / "cache"),
            ],
        )
        assert result.exit_code == 0, result.stderr
        outcome = sanitize_folder(
            spark,
            folder,
            tmp_path / f"spark-{language}",
            engine_settings(cache_dir=str(tmp_path / "spark-cache"), language=language),
        )
        assert outcome.failures == {}
        assert written(tmp_path / f"cli-{language}") == written(tmp_path / f"spark-{language}")
