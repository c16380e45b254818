"""The German extractor: Punkt's German sentences, German tokens, universal tags from the
project's perceptron trained on UD German GSD (upos_tagger.py), and the German candidate rules."""

from __future__ import annotations

from ...terms import CandidateSpan
from ..base import TaggedSentence
from ..nltk_extractor import tagged_sentences
from ..nltk_models import sentence_splitter
from ..upos_tagger import tagger_for
from .candidates import find_candidate_spans
from .tokenizer import ENDS_WITH_ABBREVIATION, tokenize


class GermanExtractor:
    name = "nltk"
    language = "de"

    def __init__(self) -> None:
        self._splitter = sentence_splitter("german")
        self._tagger = tagger_for("de")

    def analyze(self, text: str) -> list[TaggedSentence]:
        """Sentences with universal tags (not Penn Treebank's: the English rules never read them)."""
        return tagged_sentences(text, self._splitter, tokenize, self._tagger.tag, ENDS_WITH_ABBREVIATION)

    def candidate_spans(self, text: str) -> list[CandidateSpan]:
        return find_candidate_spans(text, self.analyze(text))
