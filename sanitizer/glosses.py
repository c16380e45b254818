"""A translation in brackets is decided as the term it translates.

Texts about another country give an institution's or a legal term's name in that
country's language after the English one: "the County Administrative Court (länsrätten)",
"an interim order (zarządzenie tymczasowe)", a stamp marked "censored" (cenzurowano).
Scored on its own, such a gloss is a run of words no English corpus counts, and so the
most informative term of the text; yet it says what its English term says, no more.

- After a masked term, its gloss is masked too (Reason.GLOSS): "länsrätten" discloses the
  court as much as "County Administrative Court" does.
- Only a decision the gloss's own score made (IC, or the policy's model) is replaced: a
  kind's rule or a list stands (a statute's title stays a public reference).
- A gloss in lower case after a term kept, or after words no term covers, is kept
  (Reason.GLOSS): it translates an ordinary word or phrase. Not in a line written all in
  lower case, where a name is in lower case too. Only a noun phrase whose IC or
  model masked it is kept so; a capitalized gloss after a term kept is left to its own
  decision, since a bracket after an ordinary word may hold a person's name ("his
  lawyer (Jan Kowalski)") and a gloss's form cannot tell the two apart.

A statute's title in its own language is a public reference already (public_references).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterator, Sequence

from .lang.en.common_words import reads_as_another_language
from .lang.en.name_words import QUOTATION_MARKS
from .lang.name_lexicons import fold, given_names
from .stages import Decision, Reason, ScoredTerm
from .terms import TermKind

# A bracket holding words only: no figure, no quotation mark (“the 2004 Act” names a text in English).
_BRACKET = re.compile(r"\(([^()\n\d\"“”‘’«»]{3,200})\)")
_CLOSING_QUOTES = "".join(sorted(QUOTATION_MARKS - {"``", "''"}))
#: the kinds a gloss kept by its English term may have: phrases, never names
_KEPT_WITH_ITS_TERM = frozenset({TermKind.NOUN_PHRASE, TermKind.ABSTRACT_PHRASE})
#: the reasons a gloss's decision may replace: its own score
_OWN_SCORE = frozenset({Reason.IC, Reason.LEARNED})


def glosses(text: str) -> Iterator[tuple[int, int, int]]:
    """(end of the words glossed, start, end) of each bracket in another language that
    follows words, and is no person's name in lower case ("his neighbour (maria lopez)":
    a given name and a word or two): the gloss's own span excludes its brackets."""
    for match in _BRACKET.finditer(text):
        before = text[: match.start()].rstrip().rstrip(_CLOSING_QUOTES).rstrip()
        words = match.group(1).split()
        a_name = 2 <= len(words) <= 3 and fold(words[0]) in given_names()
        if before and before[-1].isalpha() and not a_name and reads_as_another_language(match.group(1)):
            yield len(before), match.start(1), match.end(1)


def _writes_capitals(text: str, start: int) -> bool:
    """Whether the line before ``start`` has a capital letter: in a line written all in lower
    case, a name in brackets is in lower case too ("the woman at the desk (brzeczek wrzosowy)")."""
    return any(ch.isupper() for ch in text[text.rfind("\n", 0, start) + 1 : start])


def decide_glosses(text: str, scored: Sequence[ScoredTerm]) -> list[ScoredTerm]:
    """``scored`` with each gloss decided as the term it follows (see the module's doc)."""
    ending_at: dict[int, ScoredTerm] = {}
    for s in scored:
        for mention in s.term.mentions:
            ending_at[mention.end] = s
    masked: set[str] = set()
    kept: set[str] = set()
    for head_end, start, end in glosses(text):
        inside = [s for s in scored if any(start <= m.start and m.end <= end for m in s.term.mentions)]
        head = ending_at.get(head_end)
        if head is not None and head.removed:
            masked.update(s.term.key for s in inside)
        elif text[start:end].islower() and _writes_capitals(text, start):
            kept.update(s.term.key for s in inside)
    result = []
    for s in scored:
        key = s.term.key
        if s.reason not in _OWN_SCORE:
            pass  # a rule or a list decided it (a public reference, a requested term): it stands
        elif key in masked and s.decision is Decision.KEPT:
            s = replace(s, decision=Decision.SENSITIVE, reason=Reason.GLOSS, beta=None)
        elif key in kept and key not in masked and s.removed and s.term.kind in _KEPT_WITH_ITS_TERM:
            s = replace(s, decision=Decision.KEPT, reason=Reason.GLOSS, beta=None)
        result.append(s)
    return result
