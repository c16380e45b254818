"""The Japanese extractor: sentences cut at their full stops, Sudachi's morphemes with its own
parts of speech (the tags are Sudachi's first four levels joined by "-", without the empty ones:
"名詞-固有名詞-人名-姓", "助詞-格助詞";
a word its dictionary does not know is tagged ``UNKNOWN``),
and the Japanese candidate rules."""

from __future__ import annotations

import re
from typing import Any

from ...errors import ExtractorUnavailableError
from ...extraction.base import TaggedSentence
from ...extraction.tokenizer import Token
from ...packs import EVERY_PACK
from ...terms import CandidateSpan
from .candidates import UNKNOWN, find_candidate_spans

#: a sentence, cut into pieces Sudachi accepts: it refuses more than 49,149 bytes at once, and
#: 12,000 characters are at most 48,000 bytes in UTF-8 (a text without full stops is one sentence)
_SENTENCE = re.compile(r"[^。！？!?\n]{1,12000}[。！？!?]*")


def missing() -> str | None:
    import importlib.util

    for module, package in (("sudachipy", "sudachipy"), ("sudachidict_core", "sudachidict_core")):
        if importlib.util.find_spec(module) is None:
            return f"Japanese needs Sudachi: pip install 'ic-sanitizer[ja]' (missing {package})"
    return None


class JapaneseExtractor:
    name = "nltk"
    language = "ja"

    def __init__(self) -> None:
        problem = missing()
        if problem is not None:
            raise ExtractorUnavailableError(problem)
        from sudachipy import Dictionary, SplitMode

        self._tokenizer: Any = Dictionary(dict="core").tokenizer(mode=SplitMode.C)

    def analyze(self, text: str) -> list[TaggedSentence]:
        sentences = []
        for match in _SENTENCE.finditer(text):
            tokens, tags = [], []
            for morpheme in self._tokenizer.tokenize(match.group()):
                surface = morpheme.surface()
                if not surface.strip():
                    continue
                start = match.start() + morpheme.begin()
                tokens.append(Token(surface, start, start + len(surface)))
                tags.append(UNKNOWN if morpheme.is_oov() else "-".join(morpheme.part_of_speech()[:4]).rstrip("-*"))
            if tokens:
                sentences.append(TaggedSentence(tuple(tokens), tuple(tags)))
        return sentences

    def candidate_spans(self, text: str, packs: frozenset[str] = EVERY_PACK) -> list[CandidateSpan]:
        return find_candidate_spans(text, self.analyze(text), packs)
