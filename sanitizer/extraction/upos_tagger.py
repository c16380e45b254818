"""A greedy averaged-perceptron tagger of universal parts of speech, for languages other than English.

English keeps NLTK's WSJ model (tagger.py). For the other languages the project trains its
own model on a Universal Dependencies treebank (``scripts/train_upos_tagger.py``; the model
files in ``upos_models/`` are derived works of the treebanks, under their licence, named
beside them). Universal tags (PROPN, NOUN, ADJ, DET, ADP, NUM ...) are what the candidate
rules of those languages read.

The features are NLTK's perceptron's, plus the word's shape (capitalized, all capitals,
digits): in Spanish a capital marks a name as in English, and in German, where every noun is
capitalized, the shape and the context tell a proper noun from a common one. Weights are
integers (the averaged weights, scaled and rounded when the model is written), so tagging is
dictionary look-ups and additions.
"""

from __future__ import annotations

import functools
import gzip
import json
from importlib import resources
from typing import Iterable, Mapping, Sequence

_START = ("-START-", "-START2-")
_END = ("-END-", "-END2-")


def shape(word: str) -> str:
    """A word's form class: capitalized, all capitals, digits, lower case or other."""
    if any(char.isdigit() for char in word):
        return "digit"
    if word.isupper():
        return "upper" if len(word) > 1 else "capital"
    if word[:1].isupper():
        return "capital"
    return "lower" if word.isalpha() else "other"


def normalized(word: str) -> str:
    if any(char.isdigit() for char in word):
        return "!DIGITS"
    return word.lower()


def features(i: int, word: str, context: Sequence[str], prev: str, prev2: str, first: bool) -> list[str]:
    """The features of word ``i`` (context: the normalized words with two pads each side)."""
    lower = context[i + 2]
    return [
        "bias",
        "s3 " + lower[-3:],
        "s2 " + lower[-2:],
        "p1 " + lower[:1],
        "w " + lower,
        "shape " + shape(word) + (" first" if first else ""),
        "t-1 " + prev,
        "t-2 " + prev + " " + prev2,
        "t-1 w " + prev + " " + lower,
        "w-1 " + context[i + 1],
        "s3-1 " + context[i + 1][-3:],
        "w-2 " + context[i],
        "w+1 " + context[i + 3],
        "s3+1 " + context[i + 3][-3:],
        "w+2 " + context[i + 4],
    ]


class UposTagger:
    """Tags a sentence's words with universal parts of speech from a trained model."""

    def __init__(self, model: Mapping) -> None:
        self.tags: list[str] = model["tags"]
        self.weights: dict[str, dict[str, int]] = model["weights"]
        #: words seen often and always with one tag in training: tagged without scoring
        self.tagdict: dict[str, str] = model["tagdict"]

    def tag(self, words: Sequence[str]) -> list[str]:
        context = [*_START, *(normalized(word) for word in words), *_END]
        prev, prev2 = _START
        tags = []
        for i, word in enumerate(words):
            tag = self.tagdict.get(word) or self.best(features(i, word, context, prev, prev2, i == 0))
            tags.append(tag)
            prev2, prev = prev, tag
        return tags

    def best(self, feature_list: Iterable[str]) -> str:
        scores: dict[str, int] = {}
        for feature in feature_list:
            for tag, weight in self.weights.get(feature, {}).items():
                scores[tag] = scores.get(tag, 0) + weight
        return max(self.tags, key=lambda tag: (scores.get(tag, 0), tag))


@functools.cache
def tagger_for(language: str) -> UposTagger:
    """The shipped tagger of ``language`` (loaded once per process)."""
    data = resources.files("ic_sanitizer.extraction").joinpath(f"upos_models/{language}.json.gz").read_bytes()
    return UposTagger(json.loads(gzip.decompress(data)))
