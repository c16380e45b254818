"""One document runner (document_runs.py) for the CLI, Spark and the service."""

from __future__ import annotations

import json

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.document_runs import run_documents
from ic_sanitizer.formats.kinds import kind_of, read_source


def _read(path):
    return read_source(path, 1_000_000, ("text",), kind_of(path))


def test_documents_come_out_in_order_with_their_extra_and_a_leaking_one_goes_to_refused(tmp_path):
    (tmp_path / "a.txt").write_text("Mr John Smith lives in Leeds.\n", encoding="utf-8")
    leaking = {"text": "Mr Jan Kowalski lives in Warsaw.", "note": "about jan kowalski"}
    (tmp_path / "b.jsonl").write_text(json.dumps(leaking) + "\n", encoding="utf-8")
    (tmp_path / "c.txt").write_text("The hearing was adjourned.\n", encoding="utf-8")
    documents = [_read(tmp_path / name) for name in ("a.txt", "b.jsonl", "c.txt")]
    refused = []
    with Sanitizer(Settings(use_cache=False, workers=1)) as sanitizer:
        runs = list(
            run_documents(
                [(document, index) for index, document in enumerate(documents)],
                lambda batch, texts, protect, again: sanitizer.sanitize_many(texts),
                refused=lambda document, error: refused.append(document.name),
            )
        )
        expected = sanitizer.sanitize("Mr John Smith lives in Leeds.\n").text
    assert [run.extra for run in runs] == [0, 2]
    assert refused == [documents[1].name]
    assert runs[0].content() == expected and "Smith" not in runs[0].content()
    assert runs[1].content() == "The hearing was adjourned.\n"
