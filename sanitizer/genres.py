"""Which genre a document is, told by its form, for the parts of a policy that hold for one
genre only.

A policy fitted on one genre learns what that genre's annotators keep: TAB's experts keep
"mother", "religion" and "the Regional Court" in clear in judgments, where the applicant
is named anyway. Those choices must not decide a nurse's note or a chat. So such a
policy keeps them in a genre part (``genres`` in the policy file: an allow list, whether
the run's collection decides terms), applied to the documents of that genre only.

A judgment is told by the words a court's decision is written in: at least
_FEWEST_MARKS of the marks below, each counted once, in its first _READ characters (a
judgment says what it is and who is before the court from its first page).
"""

from __future__ import annotations

import re
from typing import Optional

JUDGMENT = "judgment"
#: the genres a policy's part may name
GENRES = (JUDGMENT,)
_READ = 20_000
_FEWEST_MARKS = 3
_JUDGMENT_MARKS = tuple(
    re.compile(pattern)
    for pattern in (
        r"\b[Tt]he (?:applicant|appellant|respondent|claimant|plaintiff|defendant|petitioner)s?\b",
        r"\b(?:[Tt]he|[Tt]his) (?:Court|Tribunal|Chamber)\b",
        r"\b(?:[Jj]udgment|JUDGMENT)\b",
        r"\b(?:Article|Section|[Ss]ection|Art\.|§) ?\d+",
        r"\b(?:PROCEDURE|THE FACTS|THE LAW|[Hh]eld that|FOR THESE REASONS|[Oo]rder(?:s|ed) that)\b",
        r"\bv\. [A-Z]",
        r"\b(?:appeal|appealed|[Cc]ourt of [Aa]ppeal)\b",
    )
)


def genre_of(text: str) -> Optional[str]:
    """The genre ``text`` is written in, when its form tells it (JUDGMENT), else None."""
    head = text[:_READ]
    marks = sum(1 for mark in _JUDGMENT_MARKS if mark.search(head))
    return JUDGMENT if marks >= _FEWEST_MARKS else None
