"""Domain vocabularies: the words a genre writes every day that general English calls rare.

Information content from general English calls "sputum", "ectopy" and "kcl" rare, so a
policy that decides noun phrases by IC would mask the language of nursing. A policy that
names a vocabulary keeps a term decided by IC when every word of it is of the vocabulary
or an ordinary English word (stages.s1_decision, reason ``vocabulary``): it says what the
domain says, not who the patient is. A rare condition or event ("Kikuchi disease") is no
vocabulary word and is still decided by its IC.
"""

from __future__ import annotations

import functools
import re
from typing import Callable

from .extraction.common_words import clinical_words, common_lowercase_words, lower_case_lemmas

#: name -> the vocabulary's words, in lower case
VOCABULARIES: dict[str, Callable[[], frozenset[str]]] = {"clinical": clinical_words}
_WORD = re.compile(r"[^\W\d_]+(?:[/-][^\W\d_]+)*")
#: how many times and how often, as notes and messages write it: "x3", "3x", "q2h", "q2-3h"
_SHORTHAND = re.compile(r"(?<!\w)(?:x\d{1,2}|\d{1,2}x|q\d{1,2}(?:-\d{1,2})?h(?:rs?)?)(?!\w)")


@functools.cache
def _words_of(names: tuple[str, ...]) -> frozenset[str]:
    """The words of the vocabularies ``names`` together, made once per policy's list (every
    term decided by IC asks)."""
    return frozenset().union(*(VOCABULARIES[name]() for name in names))


def in_vocabulary(key: str, names: tuple[str, ...]) -> bool:
    """Whether the term ``key`` (normalized) is written in the vocabularies ``names``: each
    of its words is of one of them (each part of "dnr/dni" is) or an ordinary word, and one
    at least is of one or is a count ("x3", "q2h")."""
    vocabulary = _words_of(names)
    if key in vocabulary:  # a word of the vocabulary with figures: "ox3", "o2"
        return True
    shorthand = _SHORTHAND.findall(key)
    words = _WORD.findall(_SHORTHAND.sub(" ", key))
    if not words and not shorthand:
        return False
    spoken = [w in vocabulary or all(part in vocabulary for part in w.split("/")) for w in words]
    return (bool(shorthand) or any(spoken)) and all(s or _is_ordinary(w) for s, w in zip(spoken, words))


def _is_ordinary(word: str) -> bool:
    """An English word in lower case: Punkt's, or a WordNet lemma (its plural too: "lungs")."""
    lemmas = lower_case_lemmas()
    return word in common_lowercase_words() or any(stem in lemmas for stem in _stems(word))


def _stems(word: str) -> tuple[str, ...]:
    """``word`` and the lemmas an inflection of it may stand for: "lungs" → "lung",
    "tolerating" → "tolerate", "stopped" → "stop", "weaned" → "wean"."""
    for ending in ("ing", "ed"):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            stem = word[: -len(ending)]
            doubled = (stem[:-1],) if len(stem) > 2 and stem[-1] == stem[-2] else ()
            return (word, stem, stem + "e", *doubled)
    return (word, word[:-1]) if word.endswith("s") else (word,)
