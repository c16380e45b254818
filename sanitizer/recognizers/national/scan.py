"""A text's national identifiers, found once for every format: the labels of all formats
are looked up word by word (a dictionary of their first words, then the label's other
words after it), and near each label the runs of letters and digits are tried, the
longest first, against the formats that label names. A strong format is searched for by
its shape in the whole text."""

from __future__ import annotations

import functools
import re
from typing import Iterator, Optional

from .formats import NationalFormat, format_labels, format_named, strong_shapes

_WORD = re.compile(r"\w+")
#: how far from its label a number may stand: after it ("SSN: ..."), and before it ("... (SSN)")
_AFTER, _BEFORE = 48, 32
#: a run of letters and digits whose groups are joined by one separator ("078-05-1120", "AB 12 34 56 C")
_RUN = re.compile(r"[^\W_]+(?:[ .\-/][^\W_]+)*")
_GROUP = re.compile(r"[^\W_]+")
_FIGURE = re.compile(r"\d")
#: the longest number tried, the most groups of a run tried together, the groups of a run a
#: number may start at ("SSN is no. 078-05-1120"), and the runs tried after a label and before it
_LONGEST, _MOST_GROUPS, _FIRST_GROUPS = 40, 8, 4
_RUNS_AFTER, _RUNS_BEFORE = 3, 2
#: a short label in capitals is a label only as written ("DL", "SSN"; "pan" and "sin" are words)
_SHORT_CAPITALS = 4

Spans = dict[str, tuple[tuple[int, int], ...]]


#: a label's words, as the index holds them (casefolded unless the label is written in short capitals)
Label = tuple[tuple[str, ...], bool, tuple[str, ...]]
#: what may stand between the words of a label ("St.-Nr.", "n° TVA", "driver's licence")
_JOINERS = frozenset(" \t\n.-'’°º")


@functools.cache
def _label_index() -> dict[str, list[Label]]:
    """A label's first word, casefolded -> each label starting so: its words, whether they
    are matched as written, the formats it names. Words, not patterns: several hundred
    labels compiled as patterns took most of a short document's time."""
    formats_of: dict[str, list[str]] = {}
    strong = strong_shapes()
    for name, labels in format_labels().items():
        for label in () if name in strong else labels:
            formats_of.setdefault(label, []).append(name)
    index: dict[str, list[Label]] = {}
    for label, names in formats_of.items():
        words = _WORD.findall(label)
        if words:
            exact = label.isupper() and len(label) <= _SHORT_CAPITALS
            held = tuple(words if exact else (word.casefold() for word in words))
            index.setdefault(words[0].casefold(), []).append((held, exact, tuple(names)))
    return index


def _label_end(text: str, first: re.Match[str], words: tuple[str, ...], exact: bool) -> int:
    """Where the label of ``words`` starting at the word ``first`` ends in ``text`` (with a
    full stop after it), or -1 when it does not stand there."""
    end, word = first.end(), first
    for number, expected in enumerate(words):
        if (word.group() if exact else word.group().casefold()) != expected:
            return -1
        end = word.end()
        if number == len(words) - 1:
            break
        following = end
        while following < len(text) and text[following] in _JOINERS:
            following += 1
        next_word = _WORD.match(text, following)
        if next_word is None:
            return -1
        word = next_word
    return end + 1 if text[end : end + 1] == "." else end


@functools.cache
def _strong_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((name, re.compile(rf"(?<!\w)(?:{shape})(?!\w)")) for name, shape in strong_shapes().items())


def _valid(found: NationalFormat, number: str) -> bool:
    if found.shape is not None and found.shape.fullmatch(number) is None:
        return False
    if not any(ch.isdigit() for ch in number):
        return False
    try:
        return bool(found.is_valid(number))
    except (ValueError, IndexError, KeyError, TypeError):  # a check that does not expect such input
        return False


def _numbers(run: re.Match[str]) -> Iterator[tuple[int, int]]:
    """The parts of a run a number may be, whole groups only, the longest first from each
    start; a number ends in a group with a figure or in capitals ("AB 12 34 56 C"), not in
    a word ("Aachen HRA 11223 as")."""
    groups = [group.span() for group, _ in zip(_GROUP.finditer(run.group()), range(_MOST_GROUPS))]
    ends = [run.group()[s:e] for s, e in groups]
    for first in range(min(len(groups), _FIRST_GROUPS)):
        for last in range(len(groups) - 1, first - 1, -1):
            start, end = run.start() + groups[first][0], run.start() + groups[last][1]
            if end - start <= _LONGEST and (ends[last].isupper() or any(ch.isdigit() for ch in ends[last])):
                yield start, end


def _runs_near(text: str, start: int, end: int) -> Iterator[re.Match[str]]:
    """The runs after a label (nearest first), then those before it (nearest first)."""
    after = _RUN.finditer(text, end, min(len(text), end + _AFTER + _LONGEST))  # a run is cut at the window's end
    for _, run in zip(range(_RUNS_AFTER), after):
        if run.start() > end + _AFTER:
            break
        yield run
    before = [
        r
        for r in _RUN.finditer(text, max(0, start - _BEFORE), start)
        if r.start() == 0 or not text[r.start() - 1].isalnum()
    ]
    yield from reversed(before[-_RUNS_BEFORE:])


def _near_label(
    text: str, start: int, end: int, names: tuple[str, ...], judged: dict[tuple[str, str], bool]
) -> tuple[str, tuple[int, int]] | None:
    """The first number near a label that is valid in a format the label names; ``judged``:
    (format, number) -> valid, for the text (a form repeats its labels and numbers)."""
    for run in _runs_near(text, start, end):
        for span in _numbers(run):
            number = text[span[0] : span[1]]
            for name in names:
                valid = judged.get((name, number))
                if valid is None:
                    valid = judged[name, number] = _valid(format_named(name), number)
                if valid:
                    return name, span
    return None


@functools.lru_cache(maxsize=1)
def identifiers_in(text: str) -> Spans:
    """Format name -> the spans of its identifiers in ``text`` (asked once per recognizer,
    one after the other: the last text's answer is kept, and the text with it)."""
    if _FIGURE.search(text) is None:  # every identifier has a figure: the formats need not be read
        return {}
    found: dict[str, set[tuple[int, int]]] = {}
    judged: dict[tuple[str, str], bool] = {}
    #: a label's surroundings seen before (a form repeats them) -> what was found there, from its start
    seen: dict[tuple[str, int, tuple[str, ...]], Optional[tuple[str, tuple[int, int]]]] = {}
    index = _label_index()
    for word in _WORD.finditer(text):
        for words, exact, names in index.get(word.group().casefold(), ()):
            start, end = word.start(), _label_end(text, word, words, exact)
            if end < 0 or (start > 0 and text[start - 1].isalnum()):
                continue
            first = max(0, start - _BEFORE - 1)  # and the character before: it bounds a run
            key = (text[first : end + _AFTER + _LONGEST], start - first, names)
            if key not in seen:
                hit = _near_label(text, start, end, names, judged)
                seen[key] = None if hit is None else (hit[0], (hit[1][0] - first, hit[1][1] - first))
            known = seen[key]
            if known is not None:
                name, (start, end) = known
                found.setdefault(name, set()).add((start + first, end + first))
    for name, pattern in _strong_patterns():
        for match in pattern.finditer(text):
            if format_named(name).is_valid(match.group()):
                found.setdefault(name, set()).add(match.span())
    return {name: tuple(sorted(spans)) for name, spans in found.items()}
