"""Which genre a document is, told by its form, for the parts of a policy that hold for one
genre only.

A policy fitted on one genre learns what that genre's annotators keep: TAB's experts keep
"mother", "religion" and "the Regional Court" in clear in judgments, where the applicant
is named anyway. Those choices must not decide a nurse's note or a chat. So such a
policy keeps them in a genre part (``genres`` in the policy file: an allow list, whether
the run's collection decides terms, the vocabularies read, kinds' rules, whether everyday
words are the genre's language), applied to the documents of that genre only.

A clinical record (a nurse's or a doctor's note, a discharge letter) is told by its
shorthand (is_clinical_form), or, written in full prose, by a patient record's labels and
a dose or a lab value (is_clinical_letter). A note is the patient's record, not a story
about them: the shipped policies keep there a time of day, a bare number and a noun
phrase of ordinary words, which a judgment's annotators mask as part of the events.

A message (an e-mail, a letter, a chat, a support ticket) is told by its writer speaking
of themselves or to the reader ("I", "my", "you", "please", "hi"). What it says is the
writer's errand in everyday words ("my refund", "a blue winter jacket"): the English
policies' `message` part keeps a noun phrase of everyday words there.

A judgment is told by the words a court's decision is written in: at least
_FEWEST_MARKS of the marks below, each counted once, in its first _READ characters (a
judgment says what it is and who is before the court from its first page). A passage of
one (a paragraph, a record of a corpus cut into paragraphs: under _SHORT characters) may
hold one mark only; there the parties or the court named as a judgment names them ("the
applicant", "the Court") are enough.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional

from .lang.en.lexicon import PARTIES_TO_A_CASE, WORDS_TO_A_READER

if TYPE_CHECKING:
    from .policy import KindRule, Policy
    from .terms import TermKind

JUDGMENT = "judgment"
CLINICAL = "clinical"
MESSAGE = "message"
#: the genres a policy's part may name
GENRES = (JUDGMENT, CLINICAL, MESSAGE)
_READ = 20_000
_FEWEST_MARKS = 3
_SHORT = 3_000
#: the marks a passage of a judgment is told by alone: its parties and its court
_PARTY_OR_COURT = (
    rf"\b[Tt]he (?:{'|'.join(PARTIES_TO_A_CASE)})s?\b",
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


#: a clinical record is told by its shorthand: at least this many distinct words of the
#: clinical vocabulary that no list of ordinary English words holds ("pt", "abd", "prn",
#: "lasix"; not "lungs", "cough"), in its first _READ characters
_FEWEST_CLINICAL_WORDS = 3
_WORD = re.compile(r"[^\W\d_]+(?:[/&][^\W\d_]+)*\d?")
#: a message (an e-mail, a letter, a chat, a support ticket) is told by its writer speaking
#: of themselves or to its reader in its first _SHORT characters: "I", "my", "our", "you",
#: "please", a greeting ("i" too, as chats write it)
_SPEAKS_TO_ITS_READER = re.compile(rf"\b(?:I|i(?= [a-z])|I'[a-z]+|i'[a-z]+|(?i:{'|'.join(WORDS_TO_A_READER)}))\b")


@dataclass(frozen=True)
class GenrePart:
    """What a policy decides otherwise for the documents of one genre (genres.py)."""

    #: normalized phrases never masked in that genre, besides the policy's own allow list
    allow: frozenset[str] = frozenset()
    #: whether the run's collection decides terms there (None: as the policy says)
    collection: Optional[bool] = None
    #: the domain vocabularies read there (None: the policy's)
    vocabularies: Optional[tuple[str, ...]] = None
    #: kind -> its rule there, over the policy's ({"time": {"rule": "never"}})
    rules: Mapping["TermKind", "KindRule"] = field(default_factory=dict)
    #: whether a noun phrase of ordinary words alone is the genre's language there, kept
    #: as a vocabulary's words are (None: as the policy says)
    everyday_words: Optional[bool] = None
    #: the special categories whose everyday phrases are kept there (None: the policy's)
    everyday_categories: Optional[frozenset[str]] = None
    #: the genre packs read there (None: the policy's)
    packs: Optional[frozenset[str]] = None
    #: per kind, patterns a term's whole text may match to be kept there, besides the
    #: policy's: a clinical record's ages up to 89 ({"age": [...]}: HIPAA's line)
    allow_patterns: tuple[tuple["TermKind", re.Pattern], ...] = ()

    def to_dict(
        self,
        rules_to_dict: Callable[[Mapping["TermKind", "KindRule"]], dict],
        patterns_to_dict: Callable[[tuple[tuple["TermKind", re.Pattern], ...]], dict],
    ) -> dict[str, Any]:
        """The part as a policy file writes it: what it sets, no more."""
        return {
            "allow": sorted(self.allow),
            **({} if self.collection is None else {"collection": self.collection}),
            **({} if self.vocabularies is None else {"vocabularies": list(self.vocabularies)}),
            **({} if not self.rules else {"kinds": rules_to_dict(self.rules)}),
            **({} if self.everyday_words is None else {"everyday_words": self.everyday_words}),
            **({} if self.everyday_categories is None else {"everyday_categories": sorted(self.everyday_categories)}),
            **({} if self.packs is None else {"packs": sorted(self.packs)}),
            **({} if not self.allow_patterns else {"allow_patterns": patterns_to_dict(self.allow_patterns)}),
        }

    def over(self, policy: "Policy") -> "Policy":
        """``policy`` with this part over it: its allow list joins the policy's, less what
        the policy denies or hides; what else it sets replaces the policy's."""
        allow = (policy.allow | self.allow) - policy.deny
        if policy.hide:
            from .extraction.special_categories import phrase_category

            allow = frozenset(k for k in allow if k in policy.allow or phrase_category(k) not in policy.hide)
        return replace(
            policy,
            rules={**policy.rules, **self.rules},
            allow=allow,
            collection=policy.collection if self.collection is None else self.collection,
            vocabularies=policy.vocabularies if self.vocabularies is None else self.vocabularies,
            everyday_words=policy.everyday_words if self.everyday_words is None else self.everyday_words,
            everyday_categories=(
                policy.everyday_categories if self.everyday_categories is None else self.everyday_categories
            ),
            packs=policy.packs if self.packs is None else self.packs,
            allow_patterns=policy.allow_patterns + self.allow_patterns,
            genres={},
        )


def genre_of(text: str) -> Optional[str]:
    """The genre ``text`` is written in, when its form tells it (JUDGMENT, CLINICAL,
    MESSAGE), else None. A judgment about a patient's care is a judgment, a nurse's note
    that quotes its patient ("I feel better") a clinical record."""
    head = text[:_READ]
    marks = sum(1 for mark in _JUDGMENT_MARKS if mark.search(head))
    if marks >= _FEWEST_MARKS or (len(text) < _SHORT and any(mark.search(text) for mark in _STRONG_MARKS)):
        return JUDGMENT
    if is_clinical_form(head) or is_clinical_letter(head):
        return CLINICAL
    if _SPEAKS_TO_ITS_READER.search(text[:_SHORT]):
        return MESSAGE
    return None


@functools.cache
def _clinical_shorthand() -> frozenset[str]:
    """The clinical vocabulary's words that are no ordinary English words."""
    from .lang.en.common_words import clinical_words, common_lowercase_words

    return clinical_words() - common_lowercase_words()


def is_clinical_form(head: str) -> bool:
    """Whether ``head`` is written in a note's shorthand (_FEWEST_CLINICAL_WORDS of its words)."""
    return len(_clinical_shorthand().intersection(map(str.lower, _WORD.findall(head)))) >= _FEWEST_CLINICAL_WORDS


#: the labels a patient's record is filed under, which a letter about a patient heads itself with
_RECORD_LABELS = re.compile(
    r"\b(?:DOB|D\.O\.B\.?|MRN|NHS\s+[Nn](?:o\b\.?|umber)|[Hh]ospital\s+[Nn](?:o\b\.?|umber)|[Dd]ate\s+of\s+[Bb]irth)"
)


@functools.cache
def _dose_or_lab_value() -> re.Pattern[str]:
    from .recognizers.quantity_patterns import CLINICAL_UNIT  # the recognizers load when a text is read

    return re.compile(rf"\b\d+(?:\.\d+)?[ \t]?{CLINICAL_UNIT}")


def is_clinical_letter(head: str) -> bool:
    """Whether ``head`` is a letter about a patient written in full prose (a referral, a
    discharge letter), with no note's shorthand: the labels of a patient's record ("DOB",
    "NHS No", "MRN") and a dose or a lab value ("10 mg")."""
    return _RECORD_LABELS.search(head) is not None and _dose_or_lab_value().search(head) is not None


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
