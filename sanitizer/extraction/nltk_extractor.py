"""The default extractor: NLTK's Punkt sentence splitter and averaged-perceptron tagger."""

from __future__ import annotations

from .base import TaggedSentence, paragraphs
from .nltk_models import sentence_splitter
from .sentence_repair import joined_spans
from .tagger import PerceptronTagger
from .tokenizer import tokenize


class NltkExtractor:
    name = "nltk"

    def __init__(self) -> None:
        self._splitter = sentence_splitter()
        self._tagger = PerceptronTagger()

    def analyze(self, text: str) -> list[TaggedSentence]:
        sentences = []
        for paragraph_start, paragraph_end in paragraphs(text):
            paragraph = text[paragraph_start:paragraph_end]
            sentence_spans = self._splitter.span_tokenize(paragraph)
            for start, end in joined_spans(paragraph, sentence_spans):
                tokens = tokenize(paragraph[start:end], paragraph_start + start)
                if tokens:
                    tags = self._tagger.tag([token.text for token in tokens])
                    sentences.append(TaggedSentence(tuple(tokens), tuple(tags)))
        return sentences
