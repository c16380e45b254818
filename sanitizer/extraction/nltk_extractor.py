"""The default extractor: NLTK's Punkt sentence splitter and averaged-perceptron tagger."""

from __future__ import annotations

from typing import Iterable

from .base import TaggedSentence, paragraphs
from ..recognizers.field_labels import continues_value
from .name_spans import continues_name
from .nltk_models import sentence_splitter
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
            for start, end in _without_false_breaks(paragraph, sentence_spans):
                tokens = tokenize(paragraph[start:end], paragraph_start + start)
                if tokens:
                    tags = self._tagger.tag([token.text for token in tokens])
                    sentences.append(TaggedSentence(tuple(tokens), tuple(tags)))
        return sentences


_TAIL = 200  # characters: more than a name's initials with their title, or a label


def _without_false_breaks(text: str, spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Punkt's sentence spans of ``text`` with the breaks it makes after a period that is
    not a full stop joined back: inside a person's name ("Mr J." | "Crow") and between a
    form's label and its value ("Tel." | "0113 496 0821")."""
    joined: list[tuple[int, int]] = []
    for start, end in spans:
        if joined:
            # Both tests read only the end of the sentence before: a bounded tail keeps a
            # long run of joins linear ("Adare, Co. Limerick, Co. ..." repeated).
            before_start, before_end = joined[-1]
            before = text[max(before_start, before_end - _TAIL):before_end]
            after = text[start:min(end, start + _TAIL)]
            if continues_name(before, after) or continues_value(before, after):
                joined[-1] = (before_start, end)
                continue
        joined.append((start, end))
    return joined

