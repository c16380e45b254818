"""Capitalized words that, alone, are common nouns: acronyms ("MRI", "ECG", "GP", "DNA",
"CEO"), letters after a name ("PhD", "OBE") and a code's label ("the PO number").

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
from typing import Sequence

from ..lang.en import data_file
from ..lang.en.lexicon import PAYMENT_BRANDS
from ..lang.en.name_words import INFORMAL_SPELLINGS, POST_NOMINALS
from ..lang.name_lexicons import fold
from ..recognizers.field_labels import names_a_code


@functools.lru_cache(maxsize=1)
def _common_acronyms() -> frozenset[str]:
    data = data_file("wordnet/common_acronyms.txt").read_text("utf-8")
    return frozenset(data.split())


def is_common_acronym(token: str) -> bool:
    """Whether ``token``, as written, is an acronym WordNet knows only as a common noun."""
    return token in _common_acronyms()


def is_letters_after_a_name(text: str) -> bool:
    """A degree, an honour or a rank written alone ("PhD", "OBE", "QC"), not a judge's
    single letter ("J"), which may be an initial."""
    return len(text) > 1 and fold(text).rstrip(".") in POST_NOMINALS


def is_common_word_alone(texts: Sequence[str], index: int) -> bool:
    """Whether the capitalized word at ``index``, alone, is a common noun and no name: an
    acronym WordNet knows only so ("an MRI"), letters after a name ("a PhD"), a code's
    label ("the PO number", "my SSN"), a chat's shorthand in capitals ("FYI", "LOL") or a
    card's network or a wallet ("my Visa ending 4412")."""
    word = texts[index]
    chat = word.isupper() and word.lower() in INFORMAL_SPELLINGS  # not an interjection: "the AHA" is a body
    payment = fold(word) in PAYMENT_BRANDS
    return is_common_acronym(word) or is_letters_after_a_name(word) or names_a_code(texts, index) or chat or payment
