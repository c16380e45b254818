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

#: Put before the text searched by an anchored pattern.
PAD = "\n"
#: a year as the recognizers read one, 1800-2099: older or later numbers are no years in these texts
YEAR = r"(?:1[89]|20)\d\d"


def anchored(lead: str, first: str, body: str) -> re.Pattern:
    """``body`` where it starts right after a character of the class ``lead`` and
    its first characters match ``first``. Offsets of matches in ``PAD + text`` are
    offsets in ``text`` once the lead is left out: ``match.start() + 1 - len(PAD)``."""
    return re.compile(f"{lead}(?={first})(?:{body})")


def either_case_initial(alternatives: str) -> str:
    """ "one|two" -> "[Oo]ne|[Tt]wo": words that may begin a sentence.

    Used instead of a case-insensitive group: re tests an alternative that starts with a
    character class before entering it, which a case-insensitive literal does not get.
    """

    def initial(match: re.Match) -> str:
        letter = match.group(1)
        return f"[{letter.upper()}{letter.lower()}]"

    return re.sub(r"(?:(?<=^)|(?<=\|)|(?<=\(\?:))([a-z])", initial, alternatives)
