"""Domain vocabularies: the words a genre writes every day that general English calls rare.

Information content from general English calls "sputum", "ectopy" and "kcl" rare, so a
policy that decides noun phrases by IC would mask the language of nursing. A policy that
names a vocabulary keeps a term decided by IC when every word of it is of the vocabulary
or an ordinary English word (stages.s1_decision, reason ``vocabulary``): it says what the
domain says, not who the patient is. A rare condition or event ("Kikuchi disease") is no
vocabulary word and is still decided by its IC.

Where a genre's part of the policy says so (``everyday_words``: a clinical record, a
message), a noun phrase of everyday English words is the genre's language too ("pulses
palpable", "8 beat run", "the refund", "my backpack"), kept with the same reason.
"""

from __future__ import annotations

import functools
import re
from typing import Callable, Optional

from .lang.en.common_words import care_terms, clinical_words, common_lowercase_words, lower_case_lemmas, verb_forms
from .lang.en.frequent_words import frequent_dictionary_words


@functools.cache
def _medical_words() -> frozenset[str]:
    """The words of care WordNet holds that are no everyday words ("dyspnea", "metoprolol";
    not "pill" or "drug", which would make "drug dealer" a term of care)."""
    return frozenset(word for word in care_terms() if not _is_everyday(word))


#: name -> the vocabulary's words, in lower case: ``clinical``, the shorthand of notes
#: (common_words.clinical_words); ``medical``, the words of care WordNet holds
VOCABULARIES: dict[str, Callable[[], frozenset[str]]] = {"clinical": clinical_words, "medical": _medical_words}
_WORD = re.compile(r"[^\W\d_]+(?:[/-][^\W\d_]+)*")
_JOINED = re.compile(r"[/-]")
#: how many times and how often, as notes and messages write it: "x3", "3x", "q2h", "q2-3h"
_SHORTHAND = re.compile(r"x\d{1,2}|\d{1,2}x|q\d{1,2}(?:-\d{1,2})?h(?:rs?)?")
#: what may stand around a word of a note: "+bs", "a+ox3", "(hcp)"
_SIGNS = "+-#~?!.,;:()[]'\""


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
    if key in vocabulary:
        return True
    kinds = _kinds_of_words(key, vocabulary, _is_ordinary)
    return bool(kinds) and _SPOKEN in kinds and None not in kinds


def in_everyday_words(key: str, names: tuple[str, ...]) -> bool:
    """Whether the term ``key`` (normalized) is written in everyday English words (Punkt's
    lower-case words and their inflections), the vocabularies' words and counts alone:
    "small abrasion on forearm", "8 beat run" (a figure is no word). A word only a
    dictionary holds ("sarcoidosis", "porphyria": a rare condition) or none
    ("kikuchi") makes it no everyday phrase."""
    kinds = _kinds_of_words(key, _words_of(names), _is_everyday)
    return bool(kinds) and None not in kinds


_SPOKEN, _ORDINARY = "spoken", "ordinary"


def _kinds_of_words(key: str, vocabulary: frozenset[str], ordinary: Callable[[str], bool]) -> set[Optional[str]]:
    """For each word of ``key``: _SPOKEN when the vocabulary holds it (a word with figures,
    "ox3", as written; a slashed or hyphenated word part by part, "dnr/dni", "mid-sternal")
    or it is a count ("x3", "q2h"), _ORDINARY when ``ordinary`` says so, else None. Figures
    and signs alone are no words ("8 beat run", "a+ox3")."""
    kinds: set[Optional[str]] = set()
    for token in key.split():
        token = token.strip(_SIGNS)
        if token in vocabulary or _SHORTHAND.fullmatch(token):
            kinds.add(_SPOKEN)
            continue
        for word in _WORD.findall(token):
            if word in vocabulary:
                kinds.add(_SPOKEN)
                continue
            for part in _JOINED.split(word):
                kinds.add(_SPOKEN if part in vocabulary else _ORDINARY if ordinary(part) else None)
    return kinds


def _is_everyday(word: str) -> bool:
    common, frequent = common_lowercase_words(), frequent_dictionary_words()
    return word in verb_forms() or any(stem in common or stem in frequent for stem in _stems(word))


def _is_ordinary(word: str) -> bool:
    """An English word in lower case: Punkt's, or a WordNet lemma (its plural too: "lungs"),
    or an irregular form of a verb ("slept", "drank")."""
    lemmas = lower_case_lemmas()
    return word in common_lowercase_words() or word in verb_forms() or any(stem in lemmas for stem in _stems(word))


def _stems(word: str) -> tuple[str, ...]:
    """``word`` and the lemmas an inflection of it may stand for: "lungs" → "lung",
    "tolerating" → "tolerate", "stopped" → "stop", "weaned" → "wean"."""
    for ending in ("ing", "ed"):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            stem = word[: -len(ending)]
            doubled = (stem[:-1],) if len(stem) > 2 and stem[-1] == stem[-2] else ()
            return (word, stem, stem + "e", *doubled)
    return (word, word[:-1]) if word.endswith("s") else (word,)
