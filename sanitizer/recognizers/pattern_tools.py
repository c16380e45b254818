"""What the recognizer patterns share: how they are anchored, and case at a sentence start.

Speed. The recognizers run over every document, and re tries a pattern at every position
of the text unless the pattern begins with a character class: then a C loop skips to the
positions where that class matches. So every recognizer pattern begins by consuming the
character before its match (``lead``: a space, a bracket, a line break ...), then checks
the match's first characters with a look-ahead (``first``): on TAB's judgments this makes
a date pattern some twenty times faster than the same pattern tried everywhere. The text
is searched with one line break before it (``PAD``), so that a match can start the text;
in that padded text a match's own span starts one character after the lead, which is
where it starts in the original text.
"""

from __future__ import annotations

import re
import sys
from typing import Any, Iterator, Optional, cast

from ..compiled_patterns import compiled_pattern

#: the package whose own patterns are compiled from the code kept on disk: "ic_sanitizer."
_PACKAGE = __name__.split(".")[0] + "."

#: Put before the text searched by an anchored pattern.
PAD = "\n"
#: a year as the recognizers read one, 1800-2099: older or later numbers are no years in these texts
YEAR = r"(?:1[89]|20)\d\d"


def anchored(lead: str, first: str, body: str, needs: Optional[str] = None) -> re.Pattern:
    """``body`` where it starts right after a character of the class ``lead`` and
    its first characters match ``first``. Offsets of matches in ``PAD + text`` are
    offsets in ``text`` once the lead is left out: ``match.start() + 1 - len(PAD)``.
    Compiled when first searched (_Anchored). ``needs``: a pattern every match holds
    ("@" of an e-mail address), searched first: a text without it is not scanned."""
    # This package's patterns are compiled from the code kept on disk (compiled_patterns);
    # a plug-in's never are: it may spell out a person's name.
    own = sys._getframe(1).f_globals.get("__name__", "").startswith(_PACKAGE)
    return cast(re.Pattern, _Anchored(f"{lead}(?={first})(?:{body})", first, needs, own))


class _Anchored:
    """An anchored pattern compiled when a text first holds what its match starts with.

    re compiles in Python: the recognizers' two hundred patterns took a third of a second,
    most of a one-line run, and an English run compiled the Spanish, German and Japanese
    ones too. Compiled on first use, and a text without a character that ``first`` matches
    (a line with no digit, for the patterns of numbers) is answered without
    compiling: no match can start there. Anything else asked of it is the compiled
    pattern's."""

    __slots__ = ("pattern", "_first", "_compiled", "_gate", "_needs", "_own")

    def __init__(self, pattern: str, first: str, needs: Optional[str] = None, own: bool = False) -> None:
        self.pattern, self._first, self._own = pattern, first, own
        self._compiled: Optional[re.Pattern] = None
        self._gate: Optional[re.Pattern] = None
        # a word's pattern is tried after every space: what every match holds is found faster
        self._needs = None if needs is None else re.compile(needs)

    def compiled(self) -> re.Pattern:
        if self._compiled is None:
            self._compiled = compiled_pattern(self.pattern) if self._own else re.compile(self.pattern)
        return self._compiled

    def _may_match(self, text: str, *bounds: int) -> bool:
        # what every match holds lies inside the match, so inside the bounds searched
        if self._needs is not None and self._needs.search(text, *bounds) is None:
            return False
        if self._compiled is not None:
            return True
        if self._gate is None:
            self._gate = re.compile(self._first)
        return self._gate.search(text) is not None

    def finditer(self, text: str, *bounds: int) -> Iterator[re.Match]:
        return self.compiled().finditer(text, *bounds) if self._may_match(text, *bounds) else iter(())

    def search(self, text: str, *bounds: int) -> Optional[re.Match]:
        return self.compiled().search(text, *bounds) if self._may_match(text, *bounds) else None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)


def either_case_initial(alternatives: str) -> str:
    """ "one|two" -> "[Oo]ne|[Tt]wo": words that may begin a sentence.

    Used instead of a case-insensitive group: re tests an alternative that starts with a
    character class before entering it, which a case-insensitive literal does not get.
    """

    def initial(match: re.Match) -> str:
        letter = match.group(1)
        return f"[{letter.upper()}{letter.lower()}]"

    return re.sub(r"(?:(?<=^)|(?<=\|)|(?<=\(\?:))([a-z])", initial, alternatives)
