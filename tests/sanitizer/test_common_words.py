"""The shared word lists: the function words file is what its script derives."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from ic_sanitizer.lang.en.common_words import function_words, is_function_word

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "derive_function_words.py"


def test_the_function_words_file_is_what_the_script_derives_from_the_tagger():
    spec = importlib.util.spec_from_file_location("derive_function_words", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.TARGET.read_text(encoding="utf-8") == script.derive()


def test_function_words_are_read_in_either_case():
    assert is_function_word("The") and is_function_word("however") and is_function_word("However")
    assert not is_function_word("Forster") and "Court" not in function_words()
