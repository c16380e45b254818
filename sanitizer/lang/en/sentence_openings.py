"""The first words of a sentence that name no one, though the tagger may read them as
proper nouns for their capital."""

from __future__ import annotations

from typing import Sequence

from ..name_lexicons import fold, given_names
from .common_words import lower_case_lemmas
from .name_words import OPENING_TIME_ADVERBS, SUBJECT_FOLLOWERS


def opens_without_a_name(texts: Sequence[str], tags: Sequence[str], index: int) -> bool:
    """A sentence's first word that names no one: an adverb ("Yesterday", or an ordinary word
    tagged as one, "Luckily"; not "Daily" of "Daily Mail", an adjective there) that no one is
    called (the tagger reads "Sally" of "Sally Brown" as one), or an auxiliary before a word in
    lower case ("Has anyone ...", "Did you ...": the tagger reads it as a proper noun). The
    word is looked up first: this is asked of every word, and only a sentence's start is read."""
    word = fold(texts[index])
    if word in SUBJECT_FOLLOWERS:
        return index == 0 and len(texts) > 1 and texts[1][:1].islower()
    adverb = word in OPENING_TIME_ADVERBS or (
        tags[index] == "RB" and word in lower_case_lemmas() and word not in given_names()
    )
    # inside a sentence a capitalized "Today" is a name: "the Today programme"
    return adverb and not any(any(ch.isalnum() for ch in text) for text in texts[:index])
