"""The speakers of a transcript: the labels that open its lines, in any case, with or
without a time; not the labels of a note's sections, a form's fields or a chat's roles."""

from __future__ import annotations

import pytest

from ic_sanitizer.recognizers.universal.speakers import SPEAKER, is_speaker

CHAT = (
    "[09:14] sam: morning! did you see the email from priya?\n"
    "[09:15] Jo Brown: yeah, it's on the 14th\n"
    "[09:15] sam: nice, see you there\n"
)


def _found(text: str) -> list[str]:
    return [text[start:end] for start, end in SPEAKER.find(text)]


def test_a_chats_speakers_are_found_on_every_line():
    assert _found(CHAT) == ["sam", "Jo Brown", "sam"]
    assert _found(CHAT.replace("[09:14] ", "").replace("[09:15] ", "")) == ["sam", "Jo Brown", "sam"]


@pytest.mark.parametrize(
    "text",
    [
        "User: hi\nAssistant: hello, how can I help?\nUser: my card was charged twice\n",  # roles
        "NEURO: alert\nCV: NSR\nRESP: clear\nPlan: wean O2\n",  # a note's sections
        "Name: Sam Hill\nDOB: 12/03/1961\nTel: 0113 496 0821\n",  # a form's fields: one speaker at most
        "sam: hi\njo: hello\n",  # two lines are no transcript
        "Speaker: Sam said: we will see.\n",
    ],
)
def test_labels_that_name_nobody_or_no_dialogue_are_not_speakers(text):
    assert _found(text) == []


@pytest.mark.parametrize("label, speaking", [("sam", True), ("Priya Shah", True), ("mum", False), ("Dispo", False)])
def test_a_speaker_has_a_word_no_ordinary_clinical_or_field_word(label, speaking):
    assert is_speaker(label) is speaking


def test_a_chats_speakers_are_masked_by_the_default():
    from ic_sanitizer import Sanitizer, Settings

    with Sanitizer(Settings(use_cache=False, workers=1)) as engine:
        text = engine.sanitize(CHAT).text
    assert "sam" not in text.split() and "sam:" not in text and "Jo Brown" not in text
