"""The default extractor: Punkt's sentences and an averaged-perceptron tagger (NLTK's for English)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Optional

from .base import TaggedSentence, paragraphs
from .nltk_models import sentence_splitter
from .sentence_repair import joined_spans
from .tagger import PerceptronTagger
from .tokenizer import Token, tokenize

if TYPE_CHECKING:
    from punkt import PunktSentenceTokenizer


def tagged_sentences(
    text: str,
    splitter: "PunktSentenceTokenizer",
    tokens_of: Callable[[str, int], list[Token]],
    tag: Callable[[list[str]], list[str]],
    abbreviation: Optional[re.Pattern] = None,
) -> list[TaggedSentence]:
    """Paragraphs split into sentences by Punkt (false breaks joined, sentence_repair),
    tokenized and tagged: what every language's Punkt-and-perceptron extractor does."""
    sentences = []
    for paragraph_start, paragraph_end in paragraphs(text):
        paragraph = text[paragraph_start:paragraph_end]
        for start, end in joined_spans(paragraph, splitter.span_tokenize(paragraph), abbreviation):
            tokens = tokens_of(paragraph[start:end], paragraph_start + start)
            if tokens:
                sentences.append(TaggedSentence(tuple(tokens), tuple(tag([token.text for token in tokens]))))
    return sentences


class NltkExtractor:
    name = "nltk"

    def __init__(self) -> None:
        self._splitter = sentence_splitter()
        self._tagger = PerceptronTagger()

    def analyze(self, text: str) -> list[TaggedSentence]:
        return tagged_sentences(text, self._splitter, tokenize, self._tagger.tag)
