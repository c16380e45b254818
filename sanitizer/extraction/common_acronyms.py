"""Acronyms that are common nouns: "MRI", "ECG", "GP", "DNA", "CEO".

A lone acronym in a judgment is mostly an organisation ("BNP", "PKK"), and name_types
types it so. Clinical notes and reports are full of acronyms that name a test, a
condition or a role instead; typed as organisations they were all masked ("A
[ORGANISATION-5] scan of the chest"). An acronym WordNet 3.0 knows only as a common noun
(none of its senses an organisation, a place or a named instance) is not a name: it is a
noun phrase, and the policy's rule for noun phrases (IC against β, or abstract) decides.

The list is built by scripts/build_wordnet_lists.py into lang/en/wordnet/common_acronyms.txt
(WordNet's license beside it).
"""

from __future__ import annotations

import functools

from ..lang.en import data_file


@functools.lru_cache(maxsize=1)
def _common_acronyms() -> frozenset[str]:
    data = data_file("wordnet/common_acronyms.txt").read_text("utf-8")
    return frozenset(data.split())


def is_common_acronym(token: str) -> bool:
    """Whether ``token``, as written, is an acronym WordNet knows only as a common noun."""
    return token in _common_acronyms()
