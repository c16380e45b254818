"""The extractor of the languages read with Punkt and the project's universal-tag perceptron
(Spanish, German): one class, given each language's tokenizer and candidate rules."""

from __future__ import annotations

import re
from typing import Callable, Sequence

from ..packs import EVERY_PACK
from ..terms import CandidateSpan
from .base import TaggedSentence
from .nltk_extractor import tagged_sentences
from .nltk_models import sentence_splitter
from .tokenizer import Token
from .upos_tagger import tagger_for

#: NLTK's names of Punkt's models, by language
_PUNKT = {"es": "spanish", "de": "german"}


class PerceptronExtractor:
    """Punkt's sentences (false breaks after the language's abbreviations joined), the language's
    tokens, universal tags (not Penn Treebank's: the English rules never read them) and the
    language's candidate rules."""

    name = "nltk"

    def __init__(
        self,
        language: str,
        tokenize: Callable[[str, int], list[Token]],
        abbreviation: re.Pattern,
        find_candidates: Callable[[str, Sequence[TaggedSentence], frozenset[str]], list[CandidateSpan]],
    ) -> None:
        self.language = language
        self._splitter = sentence_splitter(_PUNKT[language])
        self._tagger = tagger_for(language)
        self._tokenize, self._abbreviation, self._find_candidates = tokenize, abbreviation, find_candidates

    def analyze(self, text: str) -> list[TaggedSentence]:
        return tagged_sentences(text, self._splitter, self._tokenize, self._tagger.tag, self._abbreviation)

    def candidate_spans(self, text: str, packs: frozenset[str] = EVERY_PACK) -> list[CandidateSpan]:
        return self._find_candidates(text, self.analyze(text), packs)
