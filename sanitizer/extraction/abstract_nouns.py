"""Abstract nouns: a noun phrase whose head names an act, a statement, a thought, a
quality, an event, a feeling, a motive, a relation or a process ("dismissal",
"observations", "discrimination", "length") describes what happened in a case, not who
it happened to. On TAB's tuning half, noun phrases with such a head hold 3% of the gold
tokens of their kind's curve against 16% for the others (benchmarks: the README, issue
10): the policy fit gives them their own rule (TermKind.ABSTRACT_PHRASE).

The list comes from WordNet 3.0 (the first sense of each noun lemma, by its
lexicographer file), built by scripts/build_wordnet_lists.py into
wordnet/abstract_nouns.txt.gz (WordNet's license beside it). A head is looked up as
written, lower-cased; the list holds the plurals too, resolved as the script says.
"""

from __future__ import annotations

import functools
import gzip

from ..lang.en import data_file


@functools.lru_cache(maxsize=1)
def _abstract_forms() -> frozenset[str]:
    data = data_file("wordnet/abstract_nouns.txt.gz").read_bytes()
    return frozenset(gzip.decompress(data).decode("utf-8").split())


def is_abstract_noun(word: str) -> bool:
    return word.lower() in _abstract_forms()
