"""Japanese candidates from Sudachi's morphemes.

- Names by the analyser's proper-noun classes: a person's (人名), a place's (地名), others
  (固有名詞-一般, organisations and works among them) a NAME that IC decides. Touching parts
  join: "松友" + "美佐紀"; after a surname, a given name the dictionary cut into kanji
  nouns joins too ("中野" + "雅" + "至").
- A foreign name is written in katakana and often unknown to the dictionary, which then calls
  it a common noun: a run of katakana or Latin words joined by "・" or "＝" that holds a
  person's name is a person's name whole ("アーロン・ハーンシー"); another run that holds a
  proper noun or a word the dictionary does not know is a NAME, which IC decides; a run of
  loanwords the dictionary knows ("シーズン", "バドミントン") is a noun phrase.
- The word before an honorific is a person's name ("ユリさん", "田中先生"); the honorific
  stays outside, as English titles do.
- Noun phrases: runs of common nouns. Identifiers by their form: the recognizers that read
  Japanese, the first layer (span_layers).
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from ...extraction.base import TaggedSentence
from ...extraction.span_layers import language_candidates
from ...packs import EVERY_PACK
from ...recognizers import identifier_spans, recognizers_for
from ...terms import CandidateSpan, TermKind
from .lexicon import HONORIFICS, NAME_JOINERS

_KATAKANA_OR_LATIN = re.compile(r"[\u30a0-\u30ffー\uff66-\uff9fA-Za-zＡ-Ｚａ-ｚ]+")
_PERSON, _PLACE, _PROPER = "名詞-固有名詞-人名", "名詞-固有名詞-地名", "名詞-固有名詞"
_SURNAME = "名詞-固有名詞-人名-姓"
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff々]+")
#: the tag of a word the dictionary does not know (Sudachi calls it a common noun)
UNKNOWN = "名詞-未知語"


def _kind(tag: str) -> TermKind | None:
    if tag.startswith(_PERSON):
        return TermKind.PERSON
    if tag.startswith(_PLACE):
        return TermKind.LOCATION
    if tag.startswith(_PROPER):
        return TermKind.NAME
    return None


def _is_foreign_word(sentence: TaggedSentence, index: int) -> bool:
    return sentence.tags[index].startswith("名詞") and bool(_KATAKANA_OR_LATIN.fullmatch(sentence.tokens[index].text))


def _is_name_like(sentence: TaggedSentence, start: int, end: int) -> bool:
    """Whether a run of katakana or Latin words may be a name: it holds a proper noun or a word the
    dictionary does not know (a loanword it knows, "シーズン", is a common noun)."""
    return any(tag == UNKNOWN or tag.startswith(_PROPER) for tag in sentence.tags[start:end])


def _foreign_run(sentence: TaggedSentence, start: int) -> int:
    """The end of the run of katakana or Latin nouns from ``start``, across "・" and "＝"."""
    end = start + 1
    tokens = sentence.tokens
    while end < len(tokens):
        if _is_foreign_word(sentence, end) and tokens[end].start == tokens[end - 1].end:
            end += 1
        elif (
            tokens[end].text in NAME_JOINERS
            and end + 1 < len(tokens)
            and _KATAKANA_OR_LATIN.fullmatch(tokens[end + 1].text)
        ):  # after "・", whatever the part of speech
            end += 2
        else:
            break
    return end


def _proper_run(sentence: TaggedSentence, start: int, kind: TermKind) -> int:
    end = start + 1
    while end < len(sentence.tokens) and _kind(sentence.tags[end]) is kind:
        end += 1
    if kind is TermKind.PERSON and sentence.tags[end - 1] == _SURNAME:
        end = _given_name_end(sentence, end)
    return end


def _given_name_end(sentence: TaggedSentence, start: int) -> int:
    """After a surname, the given name the dictionary does not know, cut into kanji nouns
    ("水野" + "良", "中野" + "雅" + "至"): at most two touching pieces of at most three kanji."""
    tokens, end = sentence.tokens, start
    while (
        end < len(tokens)
        and end - start < 2
        and tokens[end].start == tokens[end - 1].end
        and sentence.tags[end].startswith("名詞")
        and _KANJI.fullmatch(tokens[end].text)
        and sum(len(t.text) for t in tokens[start : end + 1]) <= 3
        and tokens[end].text not in HONORIFICS
    ):
        end += 1
    return end


def name_spans(sentence: TaggedSentence) -> Iterable[CandidateSpan]:
    tokens, tags, index = sentence.tokens, sentence.tags, 0
    while index < len(tokens):
        kind = _kind(tags[index])
        if _is_foreign_word(sentence, index) and _is_name_like(sentence, index, _foreign_run(sentence, index)):
            end = _foreign_run(sentence, index)
            kinds = {_kind(tags[i]) for i in range(index, end)}
            kind = next((k for k in (TermKind.PERSON, TermKind.LOCATION) if k in kinds), TermKind.NAME)
        elif kind is not None:
            end = _proper_run(sentence, index, kind)
        elif tags[index].startswith("名詞") and index + 1 < len(tokens) and tokens[index + 1].text in HONORIFICS:
            end, kind = index + 1, TermKind.PERSON
        else:
            index += 1
            continue
        if end < len(tokens) and tokens[end].text in HONORIFICS:
            kind = TermKind.PERSON
        yield CandidateSpan(tokens[index].start, tokens[end - 1].end, kind, "name_rule")
        index = end


def noun_phrase_spans(sentence: TaggedSentence) -> Iterable[CandidateSpan]:
    tokens, index = sentence.tokens, 0
    while index < len(tokens):
        if not sentence.tags[index].startswith("名詞-普通名詞"):
            index += 1
            continue
        end = index + 1
        while end < len(tokens) and sentence.tags[end].startswith("名詞-普通名詞"):
            end += 1
        yield CandidateSpan(tokens[index].start, tokens[end - 1].end, TermKind.NOUN_PHRASE, "noun_phrase_rule")
        index = end


def find_candidate_spans(
    text: str, sentences: Sequence[TaggedSentence], packs: frozenset[str] = EVERY_PACK
) -> list[CandidateSpan]:
    """Candidates of one Japanese text, in the layers of span_layers."""
    names = [span for sentence in sentences for span in name_spans(sentence)]
    phrases = [span for sentence in sentences for span in noun_phrase_spans(sentence)]
    return language_candidates(text, identifier_spans(text, recognizers_for("ja", packs)), names, phrases)
