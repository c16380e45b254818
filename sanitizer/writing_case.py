"""How a writer uses capitals: whether a text, or the line a span stands on, is written in
lower case (a chat, a quick message), which the name, place and address rules read before
they take a word without its capital for a name."""

from __future__ import annotations

import re
from typing import Optional, Sequence

_WORD = re.compile(r"[^\W\d_]+")
#: A text whose words are capitalized less often than this writes in lower case: a chat,
#: a quick message ("ok thanks, my husband gary set it up"). Prose capitalizes at every
#: sentence start, and names: TAB's judgments 0.11 to 0.41 of their words, biographies and
#: messages written with capitals 0.25 to 0.35, lower-case messages 0 to 0.02.
_LOWER_CASE_SHARE = 0.03
#: fewer words say too little of how a text is written
_FEWEST_WORDS = 8
#: the marks that end a sentence: a word after one and its spaces opens the next
_SENTENCE_ENDS = ".!?"
#: characters read either side of a span to tell how its writer writes
_AROUND = 400
#: what opens a chat's line before its text: "[09:16] Customer: ", "Agent: "
_SPEAKER_LABEL = re.compile(r"^[^\n]{0,40}?:\s")


def tells_case(word: str) -> bool:
    """Whether a word says how its writer uses capitals: all but a lone "I" and words in
    capitals ("IBAN", "DE89"), which a writer in lower case writes so too."""
    return word != "I" and not (len(word) > 1 and word.isupper())


def lower_case_verdict(text: str) -> Optional[bool]:
    """Whether ``text`` is written in lower case: the words that say how it uses capitals
    (tells_case) start with a capital less often than _LOWER_CASE_SHARE, and its sentences
    do not mostly open with one (a passage of long sentences capitalizes fewer of its
    words than that, but every sentence's first); None when it has too few words to say.
    Counted as they are found: a long document is read once and no list of its words is
    kept."""
    words = capitalized = openings = capitalized_openings = 0
    for match in _WORD.finditer(text):
        word = match.group()
        if not tells_case(word):
            continue
        words += 1
        capitalized += word[0].isupper()
        if _opens_a_sentence(text, match.start()):
            openings += 1
            capitalized_openings += word[0].isupper()
    if words < _FEWEST_WORDS:
        return None
    mostly_capitalized_openings = openings >= 2 and 2 * capitalized_openings >= openings
    return capitalized < _LOWER_CASE_SHARE * words and not mostly_capitalized_openings


def _opens_a_sentence(text: str, start: int) -> bool:
    """Whether the word at ``start`` follows a sentence's end and its spaces in the three
    characters before it ("end. Word", "end.  Word"): tested by character, since a search
    per word was most of the verdict's time."""
    if start < 2 or not text[start - 1].isspace():
        return False
    return text[start - 2] in _SENTENCE_ENDS or (
        start >= 3 and text[start - 2].isspace() and text[start - 3] in _SENTENCE_ENDS
    )


def writes_in_lower_case(text: str) -> bool:
    """Whether ``text`` is written in lower case, and has words enough to say so (lower_case_verdict)."""
    return lower_case_verdict(text) is True


def writer_writes_in_lower_case(text: str, start: int, end: int) -> bool:
    """How the writer of ``text[start:end]`` writes: read on its line, a chat's speaker label
    aside (in a chat each line has its writer: "[09:16] Customer: i live at 18 beech
    avenue"), or around it when the line is too short to tell, unless a chat's short line
    writes no capital. Bounded either way, so that many questions in a long text cost no more
    than one each."""
    line_start = text.rfind("\n", max(0, start - _AROUND), start) + 1 or max(0, start - _AROUND)
    line_end = text.find("\n", end, end + _AROUND)
    labelled = text[line_start : line_end if line_end >= 0 else end + _AROUND]
    line = _SPEAKER_LABEL.sub("", labelled, count=1)
    verdict = lower_case_verdict(line)
    if verdict is None and line != labelled and _without_capitals(line):
        return True  # a chat's line is its speaker's: the others' capitals say nothing of them
    return writes_in_lower_case(text[max(0, start - _AROUND) : end + _AROUND]) if verdict is None else verdict


def _without_capitals(line: str) -> bool:
    """At least three words that say how their writer uses capitals, none with one: "9 mill
    lane, hebden bridge" as a customer answers."""
    words = [word for word in _WORD.findall(line) if tells_case(word)]
    return len(words) >= 3 and not any(word[0].isupper() for word in words)


#: how far into a sentence a colon may end a speaker's or a field's label
_LABEL_TOKENS = 6


def sentence_in_lower_case(texts: Sequence[str]) -> bool:
    """A sentence of at least two words with no capital letter. What says nothing of how the
    writer uses capitals is passed over: a lone "I", codes ("DE89 3704", "my ref AB-12"),
    acronyms ("my IBAN is") and a label before a colon that opens the sentence (a chat's
    "[09:15] Customer: hi its jonas")."""
    colon = next((i for i, text in enumerate(texts[:_LABEL_TOKENS]) if text == ":"), -1)
    words = 0
    for text in texts[colon + 1 :]:
        if any(ch.isalpha() for ch in text) and not any(ch.isdigit() for ch in text) and tells_case(text):
            if any(ch.isupper() for ch in text):
                return False  # most sentences, told by their first word
            words += 1
    return words >= 2
