"""Names written in another script inside a Latin-alphabet text: found whole, with their
marks, and masked; in a text written in that script its words are no names."""

from __future__ import annotations

import pytest

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.recognizers.universal.scripts import OTHER_SCRIPT


@pytest.fixture(scope="module")
def sanitizer():
    with Sanitizer(Settings(use_cache=False, workers=1)) as engine:
        yield engine


@pytest.mark.parametrize(
    "name",
    [
        "גולדה מאיר",  # Hebrew
        "יִצְחָק רַבִּין",  # Hebrew with vowel points
        "نجيب محفوظ",  # Arabic
        "أُمّ كُلْثُوم",  # Arabic with harakat
        "Γιώργος Σεφέρης",  # Greek
        "Серге́й Васи́льевич Рахма́нинов",  # Cyrillic with stress marks
        "मोहनदास करमचंद गांधी",  # Devanagari with vowel signs
        "毛泽东",  # Chinese
        "村上 春樹",  # Japanese
        "김정은",  # Korean
    ],
)
def test_a_name_in_another_script_is_found_whole_with_its_marks_and_masked(sanitizer, name):
    text = f"The writer Alex Morgan (native name: {name}) was born in a small town.\n"
    assert [text[start:end] for start, end in OTHER_SCRIPT.find(text)] == [name]
    result = sanitizer.sanitize(text)
    masked = [text[r.start : r.end] for r in result.replacements]
    assert name in masked and not any(ch in result.text for ch in name if ch.isalpha())


def test_in_a_text_written_in_another_script_its_words_are_not_names():
    text = "東京都の人口は多い。会議は月曜日に開かれた。The meeting was long."
    assert list(OTHER_SCRIPT.find(text)) == []
