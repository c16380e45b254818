"""Which genre a document is, told by its form, for the parts of a policy that hold for one
genre only.

A policy fitted on one genre learns what that genre's annotators keep: TAB's experts keep
"mother", "religion" and "the Regional Court" in clear in judgments, where the applicant
is named anyway. Those choices must not decide a nurse's note or a chat. So such a
policy keeps them in a genre part (``genres`` in the policy file: an allow list, whether
the run's collection decides terms), applied to the documents of that genre only.

A judgment is told by the words a court's decision is written in: at least
_FEWEST_MARKS of the marks below, each counted once, in its first _READ characters (a
judgment says what it is and who is before the court from its first page). A passage of
one (a paragraph, a record of a corpus cut into paragraphs: under _SHORT characters) may
hold one mark only; there the parties or the court named as a judgment names them ("the
applicant", "the Court") are enough.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from .policy import Policy

JUDGMENT = "judgment"
#: the genres a policy's part may name
GENRES = (JUDGMENT,)
_READ = 20_000
_FEWEST_MARKS = 3
_SHORT = 3_000
#: the marks a passage of a judgment is told by alone: its parties and its court
_PARTY_OR_COURT = (
    r"\b[Tt]he (?:applicant|appellant|respondent|claimant|plaintiff|defendant|petitioner)s?\b",
    r"\b(?:[Tt]he|[Tt]his) (?:Court|Tribunal|Chamber)\b",
)
_STRONG_MARKS = tuple(re.compile(pattern) for pattern in _PARTY_OR_COURT)
_JUDGMENT_MARKS = tuple(
    re.compile(pattern)
    for pattern in (
        *_PARTY_OR_COURT,
        r"\b(?:[Jj]udgment|JUDGMENT)\b",
        r"\b(?:Article|Section|[Ss]ection|Art\.|§) ?\d+",
        r"\b(?:PROCEDURE|THE FACTS|THE LAW|[Hh]eld that|FOR THESE REASONS|[Oo]rder(?:s|ed) that)\b",
        r"\bv\. [A-Z]",
        r"\b(?:appeal|appealed|[Cc]ourt of [Aa]ppeal)\b",
    )
)


@dataclass(frozen=True)
class GenrePart:
    """What a policy decides otherwise for the documents of one genre (genres.py)."""

    #: normalized phrases never masked in that genre, besides the policy's own allow list
    allow: frozenset[str] = frozenset()
    #: whether the run's collection decides terms there (None: as the policy says)
    collection: Optional[bool] = None
    #: the domain vocabularies read there (None: the policy's)
    vocabularies: Optional[tuple[str, ...]] = None


def genre_of(text: str) -> Optional[str]:
    """The genre ``text`` is written in, when its form tells it (JUDGMENT), else None."""
    head = text[:_READ]
    marks = sum(1 for mark in _JUDGMENT_MARKS if mark.search(head))
    if marks >= _FEWEST_MARKS or (len(text) < _SHORT and any(mark.search(text) for mark in _STRONG_MARKS)):
        return JUDGMENT
    return None


class PoliciesByGenre:
    """The policy each document is decided by: ``policy`` with the part for the genre its
    form tells (genres.py), each genre's made once."""

    def __init__(self, policy: "Policy") -> None:
        self.policy = policy
        self._made: dict[Optional[str], "Policy"] = {}

    def policy_for(self, text: str) -> "Policy":
        if not self.policy.genres:
            return self.policy
        genre = genre_of(text)
        if genre not in self._made:
            self._made[genre] = self.policy.for_genre(genre)
        return self._made[genre]
