"""Lines written in capitals only, read as the lower-case text they stand for.

The name rule reads a name by its capital, so in a line written in capitals only
("PATIENT SEEN TODAY WITH HER DAUGHTER MARIA", a heading, a telex, a nurse's note) every
word would open a name: "WITH", "PT", "HR" become persons and organisations. In such a
line capitals say nothing. It is read instead as the writer would have written it
without them: in lower case, where the rules for text written in lower case take over
(informal_names: a name by the name lexicons and its context, "daughter maria", "dr
okafor", "in leeds"), except for the words that the same document writes elsewhere with
their own capitals ("KOWALSKI" in a heading, "Mr Kowalski" in the text), which keep that
form, so a judgment's "CASE OF KOWALSKI v. POLAND" still names the applicant; so do the
parties either side of "v." in a case's name ("CASE OF SMITH v. TURKEY"), named nowhere else.

The copy has the length of the text, character for character, so the spans found in it
are the spans of the text; only letters change case, and two letters or more before a
figure ("LS1", "DE89") keep their form: the code recognizers read codes in capitals (a unit
after its figure, "10MG", is lowered like a word).
"""

from __future__ import annotations

import itertools
import re
from typing import Iterator

from ..lang.en.common_words import is_function_word

#: a word of letters (with inner apostrophes or hyphens: "O'BRIEN", "SAINT-DENIS")
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
#: a figure after a word: a code's letters, left as they are written
_WITH_FIGURE = re.compile(r"\d")
#: the fewest words in capitals that make a line written in capitals (a heading of one
#: or two words, "THE FACTS", says nothing, and leaving it costs nothing)
_FEWEST_WORDS = 3
#: the share of a line's words of two letters or more written in capitals
_CAPITALS_SHARE = 0.8
#: "v." between the parties of a case's name, and the words either side that name them
_VERSUS = re.compile(r"(?<=\s)[vV](?:s)?\.(?=\s)")
_PARTY_WORDS = 4
#: a cheap test before any work: three words in capitals in a row somewhere
_CAPITALS_RUN = re.compile(r"[A-Z]{2,}[^a-z\n]{1,12}[A-Z]{2,}[^a-z\n]{1,12}[A-Z]{2,}")
#: what stands before a word that opens a sentence or a line (capitalized whatever it is)
_OPENING = re.compile(r"(?:[.!?:;\n]|^)[\s\"'(\[]*$")


def _words(line: str) -> list[str]:
    return [w for w in _WORD.findall(line) if len(w) > 1]


def in_capitals(line: str) -> bool:
    """Whether ``line`` is written in capitals only: at least _FEWEST_WORDS words of two
    letters or more, and _CAPITALS_SHARE of them in capitals."""
    words = _words(line)
    capitals = sum(w.isupper() for w in words)
    return capitals >= _FEWEST_WORDS and capitals >= _CAPITALS_SHARE * len(words)


def _lines(text: str) -> Iterator[tuple[int, int]]:
    start = 0
    for match in re.finditer(r"\n", text):
        yield start, match.start()
        start = match.end()
    yield start, len(text)


def _opens(text: str, start: int) -> bool:
    """Whether the word at ``start`` opens a sentence or a line."""
    return _OPENING.search(text, max(0, start - 4), start) is not None


def _own_forms(text: str, capital_lines: list[tuple[int, int]]) -> dict[str, str]:
    """The words the document writes with a capital inside a sentence, outside its lines
    in capitals: their own form ("kowalski" → "Kowalski"). A word that opens a sentence
    says nothing of its form, nor does one the document also writes in lower case."""
    forms: dict[str, str] = {}
    lower: set[str] = set()
    inside = iter(capital_lines)
    skip = next(inside, None)
    for match in _WORD.finditer(text):
        while skip is not None and match.start() >= skip[1]:
            skip = next(inside, None)
        if skip is not None and skip[0] <= match.start() < skip[1]:
            continue
        word = match.group()
        if word.islower():
            lower.add(word)
        elif not word.isupper() and word[0].isupper() and not _opens(text, match.start()):
            forms.setdefault(word.lower(), word)
    return {key: form for key, form in forms.items() if key not in lower}


def readable_case(text: str) -> str:
    """``text`` with its lines in capitals (in_capitals) in lower case, the words the
    document writes with their own capitals elsewhere in that form, and words with a
    figure as written; the same length as ``text``. Text with no such line is returned
    as it is."""
    if not _CAPITALS_RUN.search(text):
        return text
    capital_lines = [(start, end) for start, end in _lines(text) if in_capitals(text[start:end])]
    if not capital_lines:
        return text
    forms = _own_forms(text, capital_lines)
    pieces: list[str] = []
    done = 0
    for start, end in capital_lines:
        pieces.append(text[done:start])
        pieces.append(_lowered(text[start:end], forms))
        done = end
    pieces.append(text[done:])
    read = "".join(pieces)
    return read if len(read) == len(text) else text  # a letter whose case has another length: as written


def _case_name_words(line: str) -> set[int]:
    """The starts of the words of a case's name in a line: the parties on either side of
    "v." ("CASE OF SMITH AND OTHERS v. TURKEY"), function words aside."""
    starts: set[int] = set()
    for versus in _VERSUS.finditer(line):
        before = list(_WORD.finditer(line, 0, versus.start()))[-_PARTY_WORDS:]
        after = list(itertools.islice(_WORD.finditer(line, versus.end()), _PARTY_WORDS))
        starts |= {m.start() for m in (*before, *after) if not is_function_word(m.group().lower())}
    return starts


def _lowered(line: str, forms: dict[str, str]) -> str:
    case_name = _case_name_words(line) if _VERSUS.search(line) else set()

    def lower(match: re.Match[str]) -> str:
        word = match.group()
        if len(word) > 1 and _WITH_FIGURE.match(line[match.end() : match.end() + 1]):
            return word  # a code's letters before its figures: "LS1", "DE89" (not a lone "X3": times three)
        own = forms.get(word.lower())
        if own is not None and len(own) == len(word):
            return own
        if match.start() in case_name:
            return word  # a party of a case's name: read by its capitals, as in a judgment's text
        lowered = word.lower()
        return lowered if len(lowered) == len(word) else word

    return _WORD.sub(lower, line)
