"""The Python examples of the README and of the documentation are doctest sessions, run from
the repository root: an example that no longer runs as written fails here."""

from __future__ import annotations

import doctest
import re

import pytest

from ic_sanitizer.corpus_stats.registry import BACKENDS
from ic_sanitizer.extraction import EXTRACTORS
from ic_sanitizer.operator_registry import OPERATORS
from ic_sanitizer.recognizers.registry import RECOGNIZERS
from ic_sanitizer.redaction import Mode
from ic_sanitizer.terms import KIND_PRIORITY, REFINEMENTS, TermKind

from .conftest import REPO

PAGES = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]
_PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _blocks() -> list[tuple[str, int, str]]:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        name = str(page.relative_to(REPO))
        found += [(name, text.count("\n", 0, m.start()) + 2, m.group(1)) for m in _PYTHON_BLOCK.finditer(text)]
    return found


@pytest.fixture
def registries_restored():
    """An example may register a plug-in (docs/extending): it must not outlive the example."""
    registries = (BACKENDS, EXTRACTORS, RECOGNIZERS, OPERATORS)
    for registry in registries:
        registry.names()  # the built-in entries loaded first, so that they are among those kept
    saved = [(registry, dict(registry._entries)) for registry in registries]
    values = {enum: set(enum._value2member_map_) for enum in (TermKind, Mode)}  # a plug-in's kinds and modes
    yield
    for registry, entries in saved:
        registry._entries.clear()
        registry._entries.update(entries)
    for enum, known in values.items():
        for value in set(enum._value2member_map_) - known:
            added = enum._value2member_map_.pop(value)
            REFINEMENTS.pop(added, None)  # type: ignore[call-overload]
            KIND_PRIORITY.pop(added, None)  # type: ignore[call-overload]


def test_the_readme_and_the_docs_have_python_examples():
    pages = {name for name, _, _ in _blocks()}
    assert "README.md" in pages and len(pages) > 3


@pytest.mark.parametrize("page, line, block", _blocks(), ids=[f"{page}:{line}" for page, line, _ in _blocks()])
def test_python_example_runs_as_written(page, line, block, monkeypatch, registries_restored):
    monkeypatch.chdir(REPO)
    test = doctest.DocTestParser().get_doctest(block, {}, f"{page}:{line}", str(REPO / page), line - 1)
    assert test.examples, "a python block of the docs must be a >>> session, so that it is checked"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=lambda report: pytest.fail(report, pytrace=False))
    assert runner.summarize(verbose=False).attempted == len(test.examples)
