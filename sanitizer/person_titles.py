"""A person's title left in clear before the placeholder, where the policy says so.

HIPAA's Safe Harbor lists a person's name among its identifiers, not the title before it:
a note keeps "Dr. [PERSON-1] aware" and "RN [PERSON-2]" (who was involved, not who they
are), as the annotators of de-identified notes mark the name alone. TAB's experts masked
"Mr Kowalski" whole, so the default policies keep the title inside (Policy.keep_titles).
Only what redaction replaces changes: each removed person's term loses the titles that
open it and each of its mentions, and the report still shows the term the engine decided.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from ic_sanitizer.corpus_stats import normalize_phrase

from .lang.en.lexicon import CLINICIAN_TITLES, TITLES
from .redaction import Removal
from .terms import Span, TermKind

#: a title, with its full stop and the space after it, in any case ("Dr. ", "DR ", "rn ")
_TITLE = re.compile(rf"(?i:(?:{'|'.join(sorted(TITLES | CLINICIAN_TITLES, key=len, reverse=True))})\b\.?[ \t]+)+")


#: the kinds a title opens: a person's name, and a name of no known kind that a title
#: makes a person's ("RT Maureen", "Sister Mary")
_NAMED_KINDS = frozenset({TermKind.PERSON, TermKind.NAME})


def titles_apart(text: str, removals: Sequence[Removal]) -> list[Removal]:
    """``removals`` with each person's titles left out of what is replaced."""
    return [_untitled(text, removal) if removal.kind in _NAMED_KINDS else removal for removal in removals]


def _untitled(text: str, removal: Removal) -> Removal:
    term = removal.term
    name = _after_titles(term.text, 0, len(term.text))
    if name == 0 or name == len(term.text):
        return removal  # no title, or nothing but titles ("the Dr"): replaced as it is
    mentions = tuple(Span(_after_titles(text, m.start, m.end), m.end) for m in term.mentions)
    untitled = replace(term, key=normalize_phrase(term.text[name:]), text=term.text[name:], mentions=mentions)
    return replace(removal, term=untitled)


def _after_titles(text: str, start: int, end: int) -> int:
    """Where the name starts in ``text[start:end]``, after the titles that open it."""
    found = _TITLE.match(text, start, end)
    return found.end() if found is not None and found.end() < end else start
