"""What a recognizer is, and the helper every pattern recognizer of this project uses.

A recognizer finds spans of one kind in a text by their form (an e-mail address, a
case number, a tax identifier), independently of any tagger. Any object with the
attributes and the method of ``Recognizer`` is one; ``PatternRecognizer`` is the one
this project's recognizers are: an anchored pattern (``pattern_tools.anchored``, so
that it runs in linear time and re skips to where it can match) and a check that
accepts a match, moves its bounds, or refuses it (a checksum, a context word).

Offsets: patterns run over ``PAD + text`` (pattern_tools), so a match may begin the
text; a match's own span starts one character after its lead. ``body`` gives that
span, in the padded text; ``PatternRecognizer.find`` returns offsets in the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Optional, Protocol, runtime_checkable

from ..terms import TermKind
from .pattern_tools import PAD
from .span_cleaning import clean_span

#: a match's accepted span in the padded text, or None when it is not one
Bounds = Optional[tuple[int, int]]
#: the ``languages`` of a recognizer whose patterns are English words ("34 years old", "12 March 2005")
ENGLISH = frozenset({"en"})
Accept = Callable[[str, re.Match], Bounds]


@runtime_checkable
class Recognizer(Protocol):
    """A unit that finds spans of one kind by their form."""

    @property
    def name(self) -> str:
        """Unique, shown by `sanitizer recognizers` and in reports: "email", "de_idnr"."""

    @property
    def kind(self) -> TermKind: ...

    @property
    def languages(self) -> Optional[frozenset[str]]:
        """The languages whose texts it reads (ISO 639-1), or None for any language."""

    @property
    def country(self) -> Optional[str]:
        """The country whose identifier it finds (ISO 3166-1 alpha-2), or None when global."""

    @property
    def summary(self) -> str:
        """One line for `sanitizer recognizers`."""

    def find(self, text: str) -> Iterable[tuple[int, int]]:
        """The (start, end) offsets in ``text`` of what it recognizes (untrimmed)."""
        ...


def body(match: re.Match, group: int | str = 0) -> tuple[int, int]:
    """A match's span without its lead, in the padded text (a named group has none)."""
    start, end = match.span(group)
    return (start + 1, end) if group == 0 else (start, end)


def as_is(text: str, match: re.Match) -> Bounds:
    """The check of a recognizer whose pattern says it all."""
    return body(match)


@dataclass(frozen=True)
class _FirstGroup:
    groups: tuple[str, ...]

    def __call__(self, text: str, match: re.Match) -> Bounds:
        return body(match, next((group for group in self.groups if match.group(group)), self.groups[-1]))


def first_group(*groups: str) -> Accept:
    """The check of a recognizer whose pattern names what it masks: the first of ``groups``
    that matched some text, else the last ("street" of "Calle Mayor 5"; each alternative of
    a pattern may name its own). An object, not a closure, so that a recognizer pickles."""
    return _FirstGroup(groups)


@dataclass(frozen=True)
class PatternRecognizer:
    """An anchored pattern and its check (see the module's docstring)."""

    name: str
    kind: TermKind
    pattern: re.Pattern
    accept: Accept = as_is
    summary: str = ""
    languages: Optional[frozenset[str]] = None
    country: Optional[str] = None

    def find(self, text: str) -> Iterator[tuple[int, int]]:
        yield from self.find_padded(PAD + text)

    def find_padded(self, padded: str) -> Iterator[tuple[int, int]]:
        """As ``find``, over a text already padded (the caller pads once for every recognizer)."""
        for match in self.pattern.finditer(padded):
            bounds = self.accept(padded, match)
            if bounds is not None:
                yield bounds[0] - len(PAD), bounds[1] - len(PAD)


def recognized_spans(recognizer: Recognizer, text: str, padded: str) -> Iterator[tuple[int, int]]:
    """What ``recognizer`` finds in ``text``, each span trimmed by clean_span (``padded``
    is ``PAD + text``, made once for every recognizer)."""
    found = recognizer.find_padded(padded) if isinstance(recognizer, PatternRecognizer) else recognizer.find(text)
    for start, end in found:
        cleaned = clean_span(padded, start + len(PAD), end + len(PAD))
        if cleaned is not None:
            yield cleaned[0] - len(PAD), cleaned[1] - len(PAD)
