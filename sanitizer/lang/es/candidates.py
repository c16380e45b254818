"""Spanish candidates from sentences tagged with universal parts of speech.

- Names: runs of proper nouns, and of capitalized nouns and adjectives inside a sentence
  ("Hospital Universitario La Paz"), joined across lower-case connectors ("Santiago de
  Compostela", "Virgen de las Nieves"); a person's when a title comes before ("Dr. Luis Moyano
  Calvo": the title stays outside), an organisation's or a department's by its head word
  ("Hospital ...", "Servicio de Urología": a noun phrase, no one's name), a place's when the
  place lexicon knows it whole and it opens with no given name ("Madrid", "Santiago de
  Compostela"), a NAME of unknown type otherwise. A form's label ("Correo electrónico:") and a lone letter or Roman numeral
  ("grado III") are no names.
- Noun phrases: a noun with the adjectives and numbers around it ("lesión inflamatoria",
  "dos pequeñas lesiones"); a phrase with a number in it is a NUMBER.
- Identifiers by their form: the recognizers that read Spanish (this pack's and the
  global ones), the first layer (span_layers), so a tagging error never costs one.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from ...extraction.base import TaggedSentence
from ...extraction.span_layers import language_candidates
from ...extraction.upos_phrases import noun_phrase_spans
from ...packs import EVERY_PACK
from ...recognizers import identifier_spans, recognizers_for
from ...terms import CandidateSpan, TermKind
from ..name_lexicons import fold, given_names, place_names
from .lexicon import DEPARTMENT_HEADS, NAME_CONNECTORS, ORGANISATION_HEADS, TITLES

#: tags a capitalized word inside a sentence may carry and still be part of a name
_CAPITALIZED_IN_NAMES = frozenset({"PROPN", "NOUN", "ADJ", "X", "NUM"})
#: tokens after which a word starts anew, as at a sentence's start ("Nombre: Pedro")
_OPENERS = frozenset({":", ";", "(", "\u00ab", '"', "\u201c", "-", "\u2013", "\u2014"})
_HEADS = ORGANISATION_HEADS | DEPARTMENT_HEADS
#: one letter or a Roman numeral: a grade, a type or a list mark ("tipo B", "grado III"), not a name
_LETTER_OR_NUMERAL = re.compile(r"[^\W\d_]|[IVXLC]+")


def _is_title(word: str) -> bool:
    return word.lower().rstrip(".") in TITLES


def _starts_anew(sentence: TaggedSentence, index: int) -> bool:
    return index == 0 or sentence.tokens[index - 1].text in _OPENERS


def _is_name_word(sentence: TaggedSentence, index: int) -> bool:
    word, tag = sentence.tokens[index].text, sentence.tags[index]
    if not word[:1].isupper() or _is_title(word):
        return False
    if index > 0 and _is_title(sentence.tokens[index - 1].text):
        return True  # whatever the tagger says of a capitalized word after "Dra."
    return tag == "PROPN" or (tag in _CAPITALIZED_IN_NAMES and not _starts_anew(sentence, index))


def _name_end(sentence: TaggedSentence, start: int) -> int:
    """The end (exclusive) of the name that starts at ``start``: an organisation's or a
    department's head word starts a name of its own ("Dra. Ana Gil Servicio de Urología")."""
    tokens, end = sentence.tokens, start + 1
    while end < len(tokens) and tokens[end].text.lower() not in _HEADS:
        if _is_name_word(sentence, end):
            end += 1
            continue
        after = end
        while after < len(tokens) and after - end < 2 and tokens[after].text in NAME_CONNECTORS:
            after += 1  # lower-case connectors, at most two: "de las"
        if after == end or after >= len(tokens) or not _is_name_word(sentence, after):
            break
        end = after + 1
    return end


def _name_kind(sentence: TaggedSentence, start: int, end: int) -> TermKind | None:
    """What the name tokens[start:end] is: a person's after a title, an organisation's or a
    department's by its head word, of unknown type otherwise; None when it is no name: a form's
    label (followed by a colon) or one letter or Roman numeral."""
    tokens = sentence.tokens
    if end < len(tokens) and tokens[end].text == ":":
        return None
    if start > 0 and _is_title(tokens[start - 1].text):
        return TermKind.PERSON
    head = tokens[start].text.lower()
    if head in DEPARTMENT_HEADS:
        return TermKind.NOUN_PHRASE
    if head in ORGANISATION_HEADS:
        return TermKind.ORGANISATION
    if end - start == 1 and _LETTER_OR_NUMERAL.fullmatch(tokens[start].text):
        return None
    words = " ".join(token.text for token in tokens[start:end])
    if fold(words) in place_names() and fold(tokens[start].text) not in given_names():
        return TermKind.LOCATION  # "Madrid", "Santiago de Compostela"; not "Santiago García"
    return TermKind.NAME


def name_spans(sentence: TaggedSentence) -> Iterable[CandidateSpan]:
    tokens, index = sentence.tokens, 0
    while index < len(tokens):
        if not _is_name_word(sentence, index):
            index += 1
            continue
        end = _name_end(sentence, index)
        kind = _name_kind(sentence, index, end)
        if kind is not None:
            yield CandidateSpan(tokens[index].start, tokens[end - 1].end, kind, "name_rule")
        index = end


def find_candidate_spans(
    text: str, sentences: Sequence[TaggedSentence], packs: frozenset[str] = EVERY_PACK
) -> list[CandidateSpan]:
    """Candidates of one Spanish text, in the layers of span_layers (no public references
    and no extractor entities yet in Spanish)."""
    names = [span for sentence in sentences for span in name_spans(sentence)]
    # a capitalized word (a number aside) is a name's, not a noun phrase's
    phrases = [
        span
        for sentence in sentences
        for span in noun_phrase_spans(sentence, lambda token, tag: token.text[:1].isupper() and tag != "NUM")
    ]
    return language_candidates(text, identifier_spans(text, recognizers_for("es", packs)), names, phrases)
