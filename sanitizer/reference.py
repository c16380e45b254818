"""The user's own public documents of the genre as a second corpus of its domain (``reference``).

A run's collection says what its domain writes only when the run holds many documents
(collection.py); a single clinical note, or a few, has none. A user who has public
documents of the same genre (published case reports, a hospital's leaflets, earlier
released notes) can name them as a reference: a term that the policy decides by its
information content and that at least ``k`` documents of the reference hold is common
in the domain and is kept, as a term common in the collection is. Its information
content in the reference, −log2(documents holding it / documents), is shown in the
report beside the back-end's. Only what a domain writes is kept so (collection.COMMON_KINDS):
a name, a code, a contact or a date is still decided by its kind, however often the
reference writes it.

A reference is either a corpus index built by ``sanitizer corpus build`` (exact document
counts of the whole phrase), or a folder or file of documents in any form ``corpus build``
reads, counted here once when the engine opens, in the memory of its vocabulary (a
phrase's documents are then its rarest word's, as in the collection).
"""

from __future__ import annotations

import logging
import math
from pathlib import Path
from typing import Optional, Sequence

from ic_sanitizer.corpus_stats import CorpusStatsError
from ic_sanitizer.corpus_stats.backends.local_index import META_FILE

from .collection import CollectionCounts, keep_common, words_of
from .errors import ConfigurationError
from .stages import Reason, ScoredTerm

log = logging.getLogger(__name__)


class Reference:
    """A reference corpus opened: how many of its documents hold a term."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._index = None
        self._counts: Optional[CollectionCounts] = None
        try:
            if (path / META_FILE).is_file():
                from ic_sanitizer.corpus_stats.backends.local_index import LocalIndexBackend

                self._index = LocalIndexBackend(path)
                self.documents = self._index.total()
            else:
                self._counts = _counted(path)
                self.documents = self._counts.documents
        except CorpusStatsError as exc:
            raise ConfigurationError(f"`reference`: {exc}") from None
        if not self.documents:
            raise ConfigurationError(f"`reference`: {path} holds no document that can be read")

    def holding(self, key: str) -> int:
        """How many of the reference's documents hold the term ``key`` (asked anew each
        time: no term of a document is kept here after its decision)."""
        if self._index is not None:
            return self._index.count(key)
        assert self._counts is not None
        return min((self._counts.holders(word) for word in words_of(key)), default=0)

    def bits(self, holding: int) -> Optional[float]:
        """The information content in the reference of a term ``holding`` documents hold."""
        return math.log2(self.documents / holding) if holding else None

    def describe(self) -> str:
        """What the reference is, in counts (never a term)."""
        how = "an index" if self._index is not None else "documents counted at start"
        return f"reference of {self.documents} documents ({how})"

    def summary(self, k: int) -> str:
        """One line for logs and reports (counts only, never a term)."""
        return f"{self.describe()}; a term decided by IC is kept when at least {k} of them hold it"


def _counted(path: Path) -> CollectionCounts:
    """The words of every document of the folder or file ``path``, each document counted once."""
    from ic_sanitizer.corpus_stats.building.sources import SourceTally, read_source, source_kind

    if not path.exists():
        raise ConfigurationError(f"`reference`: {path} does not exist")
    tally = SourceTally(str(path), source_kind(path))
    counts = CollectionCounts(mapped=False)
    for text in read_source(path, tally):
        counts.add(text)
    skipped = sum(tally.skipped.values())
    if skipped:
        log.warning("reference: %d document(s) could not be read and were left out", skipped)
    return counts


def open_reference(path: Optional[Path]) -> Optional[Reference]:
    """The reference at ``path`` opened, or None without one."""
    if path is None:
        return None
    reference = Reference(path)
    log.info("%s", reference.describe())
    return reference


def keep_common_in_reference(scored: Sequence[ScoredTerm], reference: Optional[Reference], k: int) -> list[ScoredTerm]:
    """Each term decided by its IC (or the learned score) with its IC in the reference
    beside; one masked so but held by at least ``k`` documents of the reference is kept.
    Other terms as they are."""
    if reference is None:
        return list(scored)
    return keep_common(scored, reference.holding, k, reference.bits, Reason.REFERENCE, "reference")
