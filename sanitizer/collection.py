"""The collection being sanitized as a corpus of its own domain.

Information content from general English calls every clinical word rare ("sputum",
"ectopy", "lasix"), and so would mask the language of nursing. But a word that stands in
the notes of many different patients says nothing about any one of them; a name that
stands in one patient's notes does. So when a run holds many documents, a first pass
counts, for each word, the distinct subjects whose documents hold it (a subject is the
person a document is about: the patient, the applicant), and a term that the policy
decides by its information content is kept when each of its words is held by the
documents of at least ``k`` subjects: the term cannot single any one of them out. Its
information content in the collection, −log2(subjects holding it / subjects), is shown
beside the back-end's in the report. Only what a domain writes is kept so (COMMON_KINDS:
noun phrases, numbers, trades, ranks); a name, of a person, a place or of unknown type,
a code, a contact, a date, is still decided by its kind.

A phrase's subjects are counted through its words (the fewest subjects any of its words
has), which can only count a phrase as commoner than it is when its words are common
apart and rare together; the pass stays one cheap scan of the words and a table of the
collection's vocabulary, never of its phrases.

With a subject map, a document whose subject is unknown counts as a document, but its
words make no term common. Without a subject map the documents are not taken for
different persons (one patient's fifty notes would make that patient's rare condition
look common): each document counts as a subject, but a word must then be held by at
least ``max(k, UNMAPPED_SHARE × documents)`` documents, and the report says so.
"""

from __future__ import annotations

import hashlib
import logging
import math
import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Callable, Hashable, Literal, Optional, Sequence

from ic_sanitizer.corpus_stats import normalize_phrase

from .policy_fields import DEFAULT_COLLECTION_K
from .stages import Decision, Reason, ScoredTerm
from .terms import TermKind

log = logging.getLogger(__name__)

#: the fewest distinct subjects whose documents must hold a word for it to single none out
DEFAULT_K = DEFAULT_COLLECTION_K
#: without a subject map, the share of the collection's documents that must hold a word
UNMAPPED_SHARE = 0.05
#: the kinds the collection may keep: what a domain writes (noun phrases, numbers, trades,
#: ranks); a name, even of unknown type ("Madrid", "St Mary's"), is decided as a name
COMMON_KINDS = frozenset(
    {TermKind.NOUN_PHRASE, TermKind.ABSTRACT_PHRASE, TermKind.NUMBER, TermKind.PROFESSION, TermKind.RANK}
)
#: a collection of fewer documents says nothing of its domain
FEWEST_DOCUMENTS = 2
#: the most words a count holds before it drops the rarest (CollectionCounts): its memory
#: stays near 150 MB whatever the size of the collection
MAX_WORDS = 1_000_000
#: with a subject map, a word that k subjects hold (its subjects are no longer kept);
#: no subject's digest (eight bytes, unsigned) is negative
COMMON = -1
_WORD = re.compile(r"[^\W_]+")


def words_of(key: str) -> list[str]:
    """The words a term ``key`` is counted through (the collection's and a reference's)."""
    return _WORD.findall(normalize_phrase(key))


def _owners(seen: int | set[int]) -> set[int]:
    """The subjects kept for a word (none once it is common)."""
    return set(seen) if isinstance(seen, set) else set() if seen == COMMON else {seen}


def _subject_id(subject: Hashable) -> int:
    """A subject's key: a digest of its text, the same in every process (Python's hash of
    a string is not)."""
    return int.from_bytes(hashlib.blake2b(str(subject).encode("utf-8"), digest_size=8).digest(), "big")


class CollectionCounts:
    """The first pass: for each word, the distinct subjects whose documents hold it, one
    document at a time, so that a collection of any size is counted in the memory of its
    vocabulary. With a subject map (``mapped``) a word's subjects are kept until they
    reach ``k`` (then only that it reached it): one subject as its digest, more as a set;
    without one each document is its own subject and a word's documents are a count.

    The vocabulary is bounded: once it outgrows ``max_words`` (a file of many record
    numbers and typos), the words held by the fewest subjects are dropped, as many as
    brings it to half. A dropped word read again counts from nothing, so a count can only
    fall short: a word may be taken for rarer than it is, never for commoner (the cost
    is words kept, not privacy)."""

    def __init__(self, mapped: bool, k: int = DEFAULT_K, max_words: int = MAX_WORDS) -> None:
        self.mapped, self.k, self.max_words = mapped, k, max_words
        self.documents = 0
        #: word -> mapped: the digest of the one subject seen holding it, the set of them,
        #: or COMMON once k hold it; unmapped: how many documents hold it
        self._holders: dict[str, int | set[int]] = {}
        #: the subjects seen, by a stable digest (the same in every process, so
        #: that counts made apart merge: Spark's partitions)
        self._subjects: set[int] = set()
        #: words dropped to bound the memory (their counts fell short)
        self.dropped = 0

    def add(self, text: str, subject: Optional[Hashable] = None) -> None:
        """Count ``text``, a document of ``subject``. With a subject map, a document whose
        subject is None counts as a document, not its words: a term becomes common only
        through documents whose subject is known."""
        self.documents += 1
        words = set(_WORD.findall(text.casefold()))
        holders = self._holders
        if not self.mapped:
            for word in words:
                documents = holders.get(word, 0)
                holders[word] = documents + 1 if isinstance(documents, int) else 1
        elif subject is not None:
            owner = _subject_id(subject)
            self._subjects.add(owner)
            for word in words:
                seen = holders.get(word)
                if seen is None:
                    holders[word] = owner
                elif isinstance(seen, set):
                    seen.add(owner)
                    if len(seen) >= self.k:
                        holders[word] = COMMON  # counting stops here
                elif seen != owner and seen != COMMON:
                    holders[word] = {seen, owner} if self.k > 2 else COMMON
        if len(holders) > self.max_words:
            self._drop_rarest()

    def holders(self, word: str) -> int:
        """How many subjects hold ``word`` (with a subject map, at most k: counting stops there)."""
        seen = self._holders.get(word)
        if seen is None:
            return 0
        if isinstance(seen, set):
            return len(seen)
        if not self.mapped:
            return seen
        return self.k if seen == COMMON else 1

    def _drop_rarest(self) -> None:
        """Drop the words held by the fewest subjects until at most half the bound are left."""
        by_holders = Counter(self.holders(word) for word in self._holders)
        left, below = len(self._holders), 1
        for holding in sorted(by_holders):
            if left <= self.max_words // 2:
                break
            left -= by_holders[holding]
            below = holding + 1
        before = len(self._holders)
        self._holders = {word: seen for word, seen in self._holders.items() if self.holders(word) >= below}
        self.dropped += before - len(self._holders)
        log.info(
            "collection: %d words held by fewer than %d subjects dropped to bound the memory",
            before - len(self._holders),
            below,
        )

    def merge(self, other: "CollectionCounts") -> "CollectionCounts":
        """This count and ``other``'s, made apart over other documents, as one (in place)."""
        self.documents += other.documents
        self._subjects |= other._subjects
        self.dropped += other.dropped
        for word, seen in other._holders.items():
            mine = self._holders.get(word)
            if mine is None:
                self._holders[word] = set(seen) if isinstance(seen, set) else seen
            elif isinstance(mine, int) and isinstance(seen, int) and not self.mapped:
                self._holders[word] = mine + seen  # documents: unmapped counts are never sets
            else:
                union = _owners(mine) | _owners(seen)
                common = COMMON in (mine, seen) or len(union) >= self.k
                self._holders[word] = COMMON if common else (union.pop() if len(union) == 1 else union)
        if len(self._holders) > self.max_words:
            self._drop_rarest()
        return self

    @property
    def subjects(self) -> int:
        return len(self._subjects) if self.mapped else self.documents

    @property
    def vocabulary(self) -> int:
        """How many words are counted (the pass's memory)."""
        return len(self._holders)

    def collection(self) -> Optional["Collection"]:
        """The collection counted, or None when its documents are too few to say anything of their domain."""
        if self.documents < FEWEST_DOCUMENTS:
            return None
        threshold = self.k if self.mapped else max(self.k, math.ceil(UNMAPPED_SHARE * self.documents))
        return Collection(self.documents, self.subjects, threshold, self.k, self.mapped, self)


@dataclass(frozen=True)
class Collection:
    """What a run's collection says of a term: how many subjects hold it."""

    documents: int
    subjects: int
    #: the subjects that must hold a term for the collection to keep it
    threshold: int
    k: int
    #: whether the caller said whose each document is (else each document is a subject)
    mapped: bool
    counts: CollectionCounts

    @classmethod
    def of(
        cls, texts: Sequence[str], subjects: Optional[Sequence[Optional[Hashable]]] = None, k: int = DEFAULT_K
    ) -> Optional["Collection"]:
        """The collection of ``texts`` (``subjects``: whose each text is; None for a text
        whose subject is unknown), or None when the texts are too few."""
        counts = CollectionCounts(subjects is not None, k)
        for text, subject in zip(texts, subjects if subjects is not None else [None] * len(texts)):
            counts.add(text, subject)
        return counts.collection()

    def subjects_holding(self, key: str) -> int:
        """The subjects whose documents hold every word of the term ``key`` (counted through
        its words: the fewest of theirs), at most the threshold."""
        return min((self.counts.holders(w) for w in words_of(key)), default=0)

    def keeps(self, key: str) -> bool:
        """Whether the term ``key`` is held by enough subjects to single none of them out."""
        return self.subjects_holding(key) >= self.threshold

    def information_content(self, key: str) -> Optional[float]:
        """−log2 of the share of subjects holding the term (an upper bound once counting
        stopped at the threshold); None for a term no subject holds."""
        return self.bits(self.subjects_holding(key))

    def bits(self, holding: int) -> Optional[float]:
        """The information content of a term ``holding`` subjects hold (information_content)."""
        return math.log2(self.subjects / holding) if holding else None

    def summary(self) -> str:
        """One line for logs and reports (counts only, never a term)."""
        if self.mapped:
            whose = f"{self.subjects} subjects; a term decided by IC is kept when the documents of at least {self.threshold} of them hold it"
        else:
            whose = f"no subject map; a term decided by IC is kept when at least {self.threshold} documents hold it"
        if self.counts.dropped:
            whose += (
                f"; its vocabulary outgrew {self.counts.max_words} words, so the counts of "
                f"{self.counts.dropped} of its rarest were dropped (they can only count as rarer than they are)"
            )
        return f"collection of {self.documents} documents ({whose})"


def run_collection(texts: Sequence[str], owners: Sequence[Optional[Hashable]], k: int) -> Optional[Collection]:
    """A run's collection of ``texts``; ``owners``: whose each text is (a subject map when
    any text has one, else none)."""
    mapped = any(owner is not None for owner in owners)
    collection = Collection.of(texts, list(owners) if mapped else None, k)
    if collection is not None:
        log.info("%s", collection.summary())
    return collection


def keep_common_in_collection(scored: Sequence[ScoredTerm], collection: Optional[Collection]) -> list[ScoredTerm]:
    """Each term decided by its IC (or the learned score) with its IC in the run's
    collection beside; one masked so but held by the documents of enough subjects of the
    collection is kept (collection.py). Other terms as they are."""
    if collection is None:
        return list(scored)
    return keep_common(
        scored, collection.subjects_holding, collection.threshold, collection.bits, Reason.COLLECTION, "collection"
    )


def keep_common(
    scored: Sequence[ScoredTerm],
    holding: Callable[[str], int],
    threshold: int,
    bits: Callable[[int], Optional[float]],
    reason: Reason,
    corpus: Literal["collection", "reference"],
) -> list[ScoredTerm]:
    """Each term that the policy decides by IC (or its learned score) and that is of a kind
    a domain writes, with its IC in a corpus of the domain beside (``corpus``: its name in
    ScoredTerm's ``*_information_content``); one masked so but that ``threshold`` of the
    corpus's subjects hold (``holding``) is kept for ``reason``. Other terms as they are."""
    decided: list[ScoredTerm] = []
    for term in scored:
        if term.reason not in (Reason.IC, Reason.LEARNED) or term.term.kind not in COMMON_KINDS:
            decided.append(term)
            continue
        held = holding(term.term.key)
        if term.decision is Decision.SENSITIVE and held >= threshold:
            term = replace(term, decision=Decision.KEPT, reason=reason)
        shown = bits(held)
        if corpus == "collection":
            decided.append(replace(term, collection_information_content=shown))
        else:
            decided.append(replace(term, reference_information_content=shown))
    return decided
