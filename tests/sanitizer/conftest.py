"""Fixtures and helpers shared by the sanitizer's tests."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.extraction import open_extractor
from ic_sanitizer.extraction.name_spans import name_spans
from ic_sanitizer.terms import TermKind

from ..conftest import TAB_DIR, shared_data

runner = CliRunner()


@pytest.fixture(scope="session")
def damaged_index(tmp_path_factory):
    """An index of TAB's texts whose postings are partly overwritten with noise (tantivy panics on it)."""
    import random

    folder = tmp_path_factory.mktemp("index")
    assert (
        runner.invoke(
            app, ["corpus", "build", str(shared_data(TAB_DIR / "texts.json")), "--out", str(folder / "index")]
        ).exit_code
        == 0
    )
    rng = random.Random(1)
    for postings in (folder / "index").glob("*.idx"):
        data = bytearray(postings.read_bytes())
        start = len(data) // 4
        for i in range(start, min(len(data) - 200, start + 2000)):
            data[i] = rng.randrange(256)
        postings.write_bytes(data)
    return folder / "index"


def tab_document(folder):
    texts = json.loads(shared_data(TAB_DIR / "texts.json").read_text(encoding="utf-8"))
    first = next(iter(texts.values())) if isinstance(texts, dict) else texts[0]["text"]
    path = folder / "judgment.txt"
    path.write_text(first[:3000], encoding="utf-8")
    return path


def review_page(folder, text: str, *options: str) -> str:
    """The review page of ``text`` written as a document in ``folder``, under ``options``
    (the run must succeed); the page's HTML."""
    (folder / "document.txt").write_text(text, encoding="utf-8")
    page = folder / "private" / "review.html"
    result = runner.invoke(
        app, ["review", str(folder / "document.txt"), "-o", str(page), "--no-cache", "--workers", "1", *options]
    )
    assert result.exit_code == 0, result.output
    return page.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def extractor():
    """The default English extractor."""
    return open_extractor("nltk")


def names_by_text(text: str, extractor) -> dict[str, TermKind]:
    """The name spans of ``text`` (before merging with other candidates), by their text."""
    return {
        text[span.start : span.end]: span.kind for sentence in extractor.analyze(text) for span in name_spans(sentence)
    }
