"""Log records: the engine says what it does through `logging`, never a text or a term."""

from __future__ import annotations

import json
import logging

from typer.testing import CliRunner

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.cli.app import app

from ..conftest import TAB_DIR, shared_data


class Keep(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.name} {self.format(record)}")


def test_no_gold_term_reaches_a_log_record_of_a_tab_run(tmp_path):
    shared_data(TAB_DIR)
    texts = json.loads((TAB_DIR / "texts.json").read_text(encoding="utf-8"))
    gold = json.loads((TAB_DIR / "gold_manual_masks.json").read_text(encoding="utf-8"))
    ids = sorted(texts)[:12]
    documents = [texts[doc_id] for doc_id in ids]
    terms = {
        texts[doc_id][start:end].strip()
        for doc_id in ids
        for start, end, _ in gold.get(doc_id, [])
        if len(texts[doc_id][start:end].strip()) >= 4 and any(c.isalpha() for c in texts[doc_id][start:end])
    }
    keep, root, ours = Keep(), logging.getLogger(), logging.getLogger("ic_sanitizer")
    levels = root.level, ours.level
    root.addHandler(keep)
    root.setLevel(logging.DEBUG)
    ours.setLevel(logging.DEBUG)  # a command run before in this process may have set it (-q, or the default)
    try:
        with Sanitizer(Settings(cache_dir=tmp_path / "cache", workers=2)) as sanitizer:
            results = list(sanitizer.sanitize_many(documents))
    finally:
        root.removeHandler(keep)
        root.setLevel(levels[0])
        ours.setLevel(levels[1])
    assert len(results) == len(documents)
    assert any("opened: policy default" in line for line in keep.lines)
    assert sum("analysed a document" in line for line in keep.lines) == len(documents)
    # (terms of letters: a record's counts, "of 5123 characters", could equal a gold number)
    leaked = sorted({term for term in terms for line in keep.lines if term in line})
    assert leaked == [], leaked[:5]


def test_verbose_logs_and_quiet_silences_notes_but_not_errors(tmp_path):
    runner = CliRunner()
    doc = tmp_path / "doc.txt"
    doc.write_text("Mr John Smith wrote to the court.\n", encoding="utf-8")
    verbose = runner.invoke(app, ["-v", "sanitize", str(doc), "--no-cache"])
    assert verbose.exit_code == 0 and "INFO ic_sanitizer.pipeline: opened: policy default" in verbose.stderr
    assert "Smith" not in verbose.stderr
    noted = runner.invoke(app, ["sanitize", str(doc), "--no-cache", "--w", "0.3"])
    assert noted.exit_code == 0 and "note: --w has no effect" in noted.stderr
    quiet = runner.invoke(app, ["-q", "sanitize", str(doc), "--no-cache", "--w", "0.3"])
    assert quiet.exit_code == 0 and quiet.stderr == "" and "[PERSON-1]" in quiet.stdout
    failed = runner.invoke(app, ["-q", "sanitize", str(tmp_path / "missing.txt")])
    assert failed.exit_code != 0 and failed.stderr.startswith("error: ")
