"""Removing terms from a document: every occurrence, in one of three modes.

A removed term goes wherever it occurs, not only where the extractor found it: the
text is searched for the term's words case-insensitively, at word boundaries, with
any whitespace between words, typographic variants of quotes and dashes, and an
optional possessive ('s). Overlapping occurrences merge into one replaced span.
The search goes through an index of the text's words, built once per text, so that
redacting the same text under many settings (a sweep) costs little.

Modes: ``suppress`` deletes (the paper's D''), ``redact`` writes a fixed marker,
``tag`` writes a placeholder that is the same for every occurrence of an entity within
the document ([PERSON-1], [DATE-2], ...): all the names of one person share it. The
operators ``pseudonym`` and ``mask`` (operators.py) rewrite the values of a tag plan.
"""

from __future__ import annotations

import functools
import re
import sys
import unicodedata
from array import array
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple, Optional, Protocol, Sequence

from ic_sanitizer.corpus_stats import normalize_phrase

from .added_members import add_member, is_added
from .lang.en.common_words import common_lowercase_words
from .spans import WORD, keep_first, merge_intervals
from .terms import CandidateTerm, Span, TermKind

if TYPE_CHECKING:
    from .generalization import Generalization

REDACTED_MARKER = "[REDACTED]"
#: what tag, redact and suppress write: a placeholder ("[PERSON-1]"), the marker, nothing;
#: no value of the term (the other modes write one: a surrogate, a year, a generalization)
WRITES_NO_VALUE = re.compile(r"\[[A-Z_]+-\d+\]|" + re.escape(REDACTED_MARKER) + "|")


class Mode(str, Enum):
    """What a removed span becomes: the one list of output modes, for the engine, the CLI,
    the Python API and Spark alike."""

    SUPPRESS = "suppress"  # deleted (the paper's D'')
    REDACT = "redact"  # [REDACTED]
    TAG = "tag"  # one placeholder per entity: [PERSON-1]
    PSEUDONYM = "pseudonym"  # one keyed surrogate per entity: "Mr Baldwin"
    MASK = "mask"  # the form kept: a date its year, a number its magnitude
    HASH = "hash"  # one keyed digest per entity: [PERSON:3fa9c2d41b7e]
    SHIFT = "shift"  # dates moved by one keyed offset, intervals kept (dates only)
    GENERALIZE = "generalize"  # the most specific generalization below β: "a city in Spain" (generalization.py)

    @classmethod
    def _missing_(cls, value: object) -> Optional["Mode"]:
        """A plug-in's operator (operator_registry.py), as a mode of its own name."""
        from .operator_registry import OPERATORS

        if not isinstance(value, str) or value not in OPERATORS.names():
            return None
        OPERATORS.get(value)  # a plug-in that cannot be loaded says why (a ConfigurationError)
        return add_member(cls, value)

    @property
    def added(self) -> bool:
        """Whether a plug-in's operator is the mode (operator_registry.py)."""
        return is_added(self)

    @property
    def operates(self) -> bool:
        """Whether an operator rewrites the values of a tag plan (operators.py)."""
        return self.added or self in (Mode.PSEUDONYM, Mode.MASK, Mode.HASH, Mode.SHIFT, Mode.GENERALIZE)

    @property
    def keyed(self) -> bool:
        """Whether its values are drawn with the operators' key."""
        return self in (Mode.PSEUDONYM, Mode.HASH, Mode.SHIFT)


@dataclass(frozen=True, slots=True)
class Replacement:
    """A span of the input (offsets into the input), the term and entity removed there,
    the kind its placeholder shows, and what replaced it."""

    start: int
    end: int
    term: str
    replacement: str
    kind: TermKind
    #: the entity the term names (its key: every name of one person shares it)
    entity: str
    #: in generalize mode, the chain tried for its entity and the step chosen (generalization.py)
    generalized: Optional["Generalization"] = None


_APOSTROPHES = "'\u2019"


@functools.lru_cache(maxsize=65536)
def _fold(word: str) -> str:
    # Word by word, so that a fold that adds a combining mark ("İ" -> "i̇") cannot split a word.
    return unicodedata.normalize("NFKC", word).casefold()


class _WordIndex:
    """The words of one text with their offsets, case-folded. Offsets and positions are
    4-byte machine integers (array), not Python ints: a 15 MB text has 2.5 million words
    (a text of 2 GB or more could not be indexed, far above any input limit)."""

    def __init__(self, text: str) -> None:
        self.starts = array("i")
        self.ends = array("i")
        self.words: list[str] = []
        self.positions: dict[str, array] = {}
        folded: dict[str, str] = {}  # a text repeats its words: each is folded once
        words, positions = self.words, self.positions
        for number, match in enumerate(WORD.finditer(text)):
            surface = match.group()
            word = folded.get(surface)
            if word is None:
                word = folded[surface] = sys.intern(_fold(surface))
                if word not in positions:  # "The" and "the" fold alike
                    positions[word] = array("i")
            positions[word].append(number)
            words.append(word)
            self.starts.append(match.start())
            self.ends.append(match.end())


@functools.lru_cache(maxsize=8)
def _word_index(text: str) -> _WordIndex:
    # A sweep redacts the same text under many settings: index its words once.
    return _WordIndex(text)


@functools.lru_cache(maxsize=65536)
def _normalized(surface: str) -> str:
    # A long text repeats the same surfaces ("the Court") thousands of times.
    return normalize_phrase(surface)


@functools.lru_cache(maxsize=65536)
def _term_words(surface: str) -> tuple[str, ...]:
    return tuple(_fold(match.group()) for match in WORD.finditer(surface))


def forget_texts() -> None:
    """Drop the caches above: they hold documents' texts and terms, which must not
    outlive the sanitizer that read them (Sanitizer.close calls this)."""
    _word_index.cache_clear()
    _normalized.cache_clear()
    _term_words.cache_clear()


def find_occurrences(text: str, term: CandidateTerm, with_possessive: bool = False) -> list[tuple[int, int]]:
    """Every occurrence of a term in raw text: its words in order, at word boundaries,
    separated as in the term (any whitespace for a space), in any case (a person's
    name, and a name that is also an ordinary word, only capitalized: "Price" is not "the
    price", "May" not "may": _found_with_its_capital), and with ``with_possessive`` its
    possessive too ('s, or ' after an s)."""
    term_key = term.key
    words = _term_words(term.text)
    if not words:
        return []
    index = _word_index(text)
    # Anchored on the term's rarest word: "the applicant" is looked for where "applicant"
    # is, not at every "the" (which made long texts quadratic).
    anchor = min(range(len(words)), key=lambda i: len(index.positions.get(words[i], ())))
    only_capitalized = _found_with_its_capital(term)
    found = []
    for anchor_position in index.positions.get(words[anchor], ()):
        position = anchor_position - anchor
        last = position + len(words) - 1
        if position < 0 or index.words[position : last + 1] != list(words):
            continue
        start, end = index.starts[position], index.ends[last]
        if _normalized(text[start:end]) != term_key:
            continue
        if only_capitalized and not text[start].isupper():
            continue
        following = text[end : end + 1]
        if with_possessive and following and following in _APOSTROPHES:
            if text[end + 1 : end + 2] in ("s", "S") and not text[end + 2 : end + 3].isalnum():
                end += 2
            elif text[end - 1 : end] in ("s", "S"):
                end += 1
        found.append((start, end))
    return found


def _found_with_its_capital(term: CandidateTerm) -> bool:
    """A person's name written with a capital ("Price" is not "the price"), and a name of one
    word written with a capital that is an ordinary word in lower case ("Reading", "May",
    "The Independent": "she likes reading", "he may appeal", "he is independent"), are
    found only where they are written with their capital. A name that is no ordinary word is found in any case
    ("Leeds" and a hasty "leeds"), and so is one of several words ("king street"). The
    ordinary words are Punkt's English ones, read for every language: a Spanish form's
    heading "Normal" no longer masks "normal" in its text."""
    ordinary = " " not in term.key and term.key in common_lowercase_words()
    if term.kind is TermKind.PERSON:
        # a name its writer wrote in lower case ("darren mulholland") is theirs in any case,
        # unless it is an ordinary word too ("price": only where it was found as a name)
        return term.text[:1].isupper() or ordinary
    named = term.kind in _NAMED_KINDS  # a noun phrase's capital only opens its sentence
    return named and term.text[:1].isupper() and ordinary


#: the kinds whose capital makes a name: a place, an organisation, a name, a work, a month
_NAMED_KINDS = frozenset({TermKind.LOCATION, TermKind.ORGANISATION, TermKind.NAME, TermKind.WORK, TermKind.DATE})


def placeholder_label(kind: TermKind) -> str:
    """The label of a kind in placeholders: [PERSON-1], [DATE-2], [TERM-3] for a noun phrase,
    [REFERENCE-4] for a public reference."""
    if kind is TermKind.PUBLIC_REFERENCE:
        return "REFERENCE"
    return "TERM" if kind in (TermKind.NOUN_PHRASE, TermKind.ABSTRACT_PHRASE) else kind.value.upper()


@dataclass(frozen=True)
class Removal:
    """A term to remove, the entity it names (one placeholder per entity) and the kind its placeholder shows."""

    term: CandidateTerm
    entity: str
    kind: TermKind
    #: the β its IC was compared with (None: masked whatever its IC): a generalization's IC stays below it
    beta: Optional[float] = None
    #: for a term S2 removed: the sensitive term (key) it discloses, which its generalization may not
    related_to: Optional[str] = None


def plan_replacements(text: str, removals: Sequence[Removal], mode: Mode) -> list[Replacement]:
    """Non-overlapping replacements in input order; a merged span keeps its first term.
    In tag mode, placeholders are numbered per label in order of first appearance, one per
    entity; an operator's mode is planned as tag, whose placeholders it then rewrites."""
    occurrences: list[tuple[int, int, int]] = []  # (start, end, index into removals)
    for index, removal in enumerate(removals):
        occurrences.extend((s.start, s.end, index) for s in removal.term.mentions)
        # Deleting a name leaves no orphan 's; a placeholder keeps it: "[PERSON-1]'s wife".
        found = find_occurrences(text, removal.term, with_possessive=mode is Mode.SUPPRESS)
        occurrences.extend((start, end, index) for start, end in found)
    merged = merge_intervals(occurrences, keep_first)
    placeholders = Placeholders(Mode.TAG if mode.operates else mode)
    return [
        Replacement(
            start,
            end,
            removals[index].term.key,
            placeholders.replacement(removals[index].entity, removals[index].kind),
            removals[index].kind,
            removals[index].entity,
        )
        for start, end, index in merged
    ]


class Placeholders:
    """What replaces each removed span, in input order: nothing (suppress), the fixed
    marker (redact), or in tag mode one placeholder per entity, numbered per label in
    order of first appearance. (The review page's preview numbers the same way.)"""

    def __init__(self, mode: Mode) -> None:
        if mode.operates:
            raise ValueError(f"{mode.value} rewrites a tag plan: number its placeholders in tag mode")
        self.mode = mode
        self._of_entity: dict[str, str] = {}
        self._per_label: dict[str, int] = {}

    def replacement(self, entity: str, kind: TermKind) -> str:
        if self.mode is Mode.SUPPRESS:
            return ""
        if self.mode is Mode.REDACT:
            return REDACTED_MARKER
        if entity not in self._of_entity:
            label = placeholder_label(kind)
            self._per_label[label] = self._per_label.get(label, 0) + 1
            self._of_entity[entity] = f"[{label}-{self._per_label[label]}]"
        return self._of_entity[entity]


class Edit(Protocol):
    """What apply_replacements reads of a replacement (an annotation's deletion needs no term)."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def replacement(self) -> str: ...


class Deletion(NamedTuple):
    """A span deleted, whatever it held."""

    start: int
    end: int
    replacement: str = ""


def apply_replacements(text: str, replacements: Sequence[Edit]) -> str:
    return apply_with_edits(text, replacements)[0]


#: where a replacement landed: (start, end) in the output and (start, end) of what it replaced in the input
Landed = tuple[int, int, int, int]


def apply_with_edits(text: str, replacements: Sequence[Edit]) -> tuple[str, list[Landed]]:
    """``text`` with the replacements (in input order, apart) applied, and where each landed:
    enough to put every original back (restore.py), the spaces a deletion took included."""
    pieces: list[str] = []
    landed: list[Landed] = []
    cursor = written = 0
    for r in replacements:
        before = text[cursor : r.start]
        start, end = r.start, r.end
        if not r.replacement:
            # A deletion must not leave a doubled space, a space before punctuation,
            # or a space opening a line.
            following = text[end : end + 1]  # "" at the end of the text
            at_line_start = r.start == 0 or text[r.start - 1] == "\n"
            if before.endswith(" ") and following in " .,;:!?)":
                before, start = before[:-1], start - 1
            elif at_line_start and following == " ":
                end += 1
        written += len(before)
        landed.append((written, written + len(r.replacement), start, end))
        written += len(r.replacement)
        pieces += [before, r.replacement]
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces), landed


def occurring_term(text: str, phrase: str, kind: TermKind, source: str) -> list[CandidateTerm]:
    """A term of ``kind`` for ``phrase`` with every occurrence in ``text`` (none when it
    does not occur); ``source``: why it is looked for (terms.SPAN_SOURCES)."""
    key = normalize_phrase(phrase)
    found = find_occurrences(text, CandidateTerm(key=key, text=phrase, kind=kind, mentions=()))
    if not found:
        return []
    start, end = found[0]
    return [
        CandidateTerm(
            key=key, text=text[start:end], kind=kind, mentions=tuple(Span(s, e) for s, e in found), source=source
        )
    ]
