"""The Spanish extractor: Punkt's Spanish sentences, Spanish tokens, universal tags from the
project's perceptron trained on UD Spanish GSD (upos_tagger.py), and the Spanish candidate rules."""

from __future__ import annotations

from ...terms import CandidateSpan
from ..base import TaggedSentence, paragraphs
from ..nltk_models import sentence_splitter
from ..sentence_repair import joined_spans
from ..upos_tagger import tagger_for
from .candidates import find_candidate_spans
from .tokenizer import ENDS_WITH_ABBREVIATION, tokenize


class SpanishExtractor:
    name = "nltk"
    language = "es"

    def __init__(self) -> None:
        self._splitter = sentence_splitter("spanish")
        self._tagger = tagger_for("es")

    def analyze(self, text: str) -> list[TaggedSentence]:
        """Sentences with universal tags (not Penn Treebank's: the English rules never read them)."""
        sentences = []
        for paragraph_start, paragraph_end in paragraphs(text):
            paragraph = text[paragraph_start:paragraph_end]
            for start, end in joined_spans(paragraph, self._splitter.span_tokenize(paragraph), ENDS_WITH_ABBREVIATION):
                tokens = tokenize(paragraph[start:end], paragraph_start + start)
                if tokens:
                    sentences.append(TaggedSentence(tuple(tokens), tuple(self._tagger.tag([t.text for t in tokens]))))
        return sentences

    def candidate_spans(self, text: str) -> list[CandidateSpan]:
        return find_candidate_spans(text, self.analyze(text))
