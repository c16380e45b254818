"""Everyday words that Punkt's list lacks: WordNet's lower-case lemmas that general English
writes often ("backpack", "voucher", "honours"). A message's or a note's noun phrase of
such words is its writer's language (vocabularies), and a heading of them is no name
(ordinary_runs).
"""

from __future__ import annotations

import functools
import importlib.metadata
from pathlib import Path

from ...derived_data import derived_arrays, pack_strings, source_digest, unpack_strings
from ..name_lexicons import fold, given_names, lists_digest, place_names
from . import data_file
from .common_words import capitalized_only_words, common_lowercase_words, lower_case_lemmas

#: at least once in a million words of general English: Zipf 3, the line between low- and
#: high-frequency words on van Heuven et al.'s (2014) scale
_FREQUENT = 1e-6
#: WordNet's letters and two-letter lemmas ("k", "ii", "mg") are initials, numerals and
#: units in a text: as a capitalized word, one is ordinary only where Punkt's list holds it
_SHORTEST = 3


@functools.cache
def frequent_dictionary_words() -> frozenset[str]:
    """WordNet's lower-case lemmas that general English (wordfreq) writes at least once in a
    million words, less given names and places: everyday words Punkt's list lacks
    ("backpack", "voucher", "pregnancy"); not a rare condition ("sarcoidosis", "porphyria"),
    nor "john" or "berlin" (lemmas too: a toilet, a carriage). Built once, kept on disk."""
    lemmas = Path(str(data_file("wordnet/lower_case_lemmas.txt.gz")))
    # the given names and places it leaves out come from the name lists: their digest too
    digest = source_digest(
        [Path(__file__), lemmas], f"wordfreq={importlib.metadata.version('wordfreq')}", lists_digest()
    )
    arrays = derived_arrays("frequent-lemmas", digest, lambda: {"words": pack_strings(sorted(_build_frequent()))})
    return frozenset(unpack_strings(arrays["words"]))


def _build_frequent() -> set[str]:
    import wordfreq

    frequencies = wordfreq.get_frequency_dict("en")
    names = given_names() | place_names()
    return {
        lemma for lemma in lower_case_lemmas() if frequencies.get(lemma, 0.0) >= _FREQUENT and fold(lemma) not in names
    }


def is_ordinary_word(folded: str) -> bool:
    """Whether a capitalized word (``folded``) is an ordinary word, no name by itself:
    Punkt's lower-case word, or a frequent dictionary word of three letters or more that
    Punkt never saw only with a capital ("Honours", "Curriculum"; not "K" or "II", an
    initial and a numeral, nor "Smith" or "Cooper": wordfreq counts their surnames)."""
    return folded in common_lowercase_words() or (
        len(folded) >= _SHORTEST and folded in frequent_dictionary_words() and folded not in capitalized_only_words()
    )
