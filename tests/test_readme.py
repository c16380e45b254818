"""The README's Python examples are doctest sessions, run from the repository root."""

from __future__ import annotations

import doctest
import re

import pytest

from .conftest import REPO

README = REPO / "README.md"
_PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _blocks() -> list[tuple[int, str]]:
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 2, m.group(1)) for m in _PYTHON_BLOCK.finditer(text)]


def test_the_readme_has_python_examples():
    assert _blocks()


@pytest.mark.parametrize("line, block", _blocks(), ids=[f"README.md:{line}" for line, _ in _blocks()])
def test_readme_python_example_runs_as_written(line, block, monkeypatch):
    monkeypatch.chdir(REPO)
    test = doctest.DocTestParser().get_doctest(block, {}, f"README.md:{line}", str(README), line - 1)
    assert test.examples, "a python block of the README must be a >>> session, so that it is checked"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=lambda report: pytest.fail(report, pytrace=False))
    assert runner.summarize(verbose=False).attempted == len(test.examples)
