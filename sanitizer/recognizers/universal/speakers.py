"""The speakers of a transcript: the name before the colon that opens its lines.

A chat log, a meeting's minutes or an interview names who speaks at the start of each
line, often in lower case and with a time before it:

    [09:14] sam: morning! did you see the email?
    [09:15] jo: yeah, it's at the hotel

A lower-case "sam" is no name to the name rules, which need a capital or a sentence
written in lower case with a name the lexicon knows in a name's place. Here the form says
it: a label of one or two words before a colon, opening its line, in a text where such
labels open at least three lines and at least two of them are speakers (a dialogue).

A label is a speaker's when one of its words is no ordinary English word, no clinical
word and no form's field label: "sam", "Priya Shah"; not "User:", "Assistant:", "Plan:",
"NEURO:", "Subject:", "DOB:" (a note's sections and a form's fields open lines too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Optional

from ...lang.en.common_words import clinical_words
from ...lang.en.frequent_words import is_ordinary_word
from ...terms import TermKind
from ..base import ENGLISH
from ..field_labels import FIELD_LABELS

#: a line's label: an optional time ("[09:14]", "10.32 pm") then one or two words and a colon
_LABEL = re.compile(
    r"^[ \t]*(?:[\[(]?\d{1,2}[:.]\d{2}(?::\d{2})?(?:[ \t]?[ap]m)?[\])]?[ \t]+)?"
    r"(?P<name>[^\W\d_][\w'.-]{0,24}(?:[ \t][^\W\d_][\w'.-]{0,24})?)[ \t]*:[ \t]+\S",
    re.MULTILINE | re.IGNORECASE,
)
#: labelled lines a transcript has at least, and speakers among them
_LINES, _SPEAKERS = 3, 2


def is_speaker(label: str) -> bool:
    """Whether a line's label names someone: one of its words is no ordinary English word,
    no clinical word and no field label ("sam", not "user" nor "neuro")."""
    words = [word.strip(".'-").casefold() for word in label.split()]
    return any(
        len(word) > 1 and not is_ordinary_word(word) and word not in clinical_words() and word not in FIELD_LABELS
        for word in words
    )


@dataclass(frozen=True)
class SpeakerRecognizer:
    """Speakers' labels in a transcript (see the module's docstring)."""

    name: str = "speaker"
    kind: TermKind = TermKind.PERSON
    languages: Optional[frozenset[str]] = ENGLISH  # an ordinary word is an English one
    country: Optional[str] = None
    summary: str = "a transcript's speakers: [09:14] sam: morning!, Priya Shah: agreed"

    def find(self, text: str) -> Iterator[tuple[int, int]]:
        if text.count(":") < _LINES:
            return
        labels = [match.span("name") for match in _LABEL.finditer(text)]
        if len(labels) < _LINES:
            return
        speakers = {span: text[span[0] : span[1]] for span in labels if is_speaker(text[span[0] : span[1]])}
        if len({name.casefold() for name in speakers.values()}) >= _SPEAKERS:
            yield from speakers


SPEAKER = SpeakerRecognizer()
