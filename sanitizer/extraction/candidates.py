"""Candidate terms from tagged sentences: the rules every extractor shares.

- Noun phrases: maximal runs of adjectives, participles, nouns, numbers and foreign
  words ending in a noun, number or foreign word (determiners, possessives,
  prepositions and adverbs never enter a chunk, and chunks break at a possessive
  's); stop words such as "such" or "other" are stripped from their edges.
  Personal pronouns are noun phrases of their own ("He"), as in the paper.
- Names: runs of capitalized nouns, adjectives and foreign words, joined across
  lower-case connectors ("Court of Cassation", "Bosnia and Herzegovina"); a lone
  capitalized adjective is a name too ("Turkish"), and so is a lone capitalized noun
  inside a sentence, whatever its tag ("in İstanbul").
- Quantities: a noun phrase with a number in it ("61,000 zlotys", "twelve years").
- Dates, codes, amounts and percentages, found in the text by pattern, independently of the tagger,
  so a tagging error does not cost them.

Overlapping spans are merged into one; the merged span takes the most specific kind.
Mentions are grouped into terms by their normalized text.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from ic_sanitizer.corpus_stats import normalize_phrase

from ..terms import KIND_PRIORITY, CandidateSpan, CandidateTerm, Span, TermKind
from .base import TaggedSentence
from .name_lexicons import common_lowercase_words, fold
from .name_types import (is_date_word, is_honorific, is_initial, is_organisation_head, is_title, name_kind,
                         splits_between)

# One character per tag class, so that chunk grammars are regular expressions.
_TAG_CLASS = {
    "JJ": "J", "JJR": "J", "JJS": "J",
    "NN": "N", "NNS": "N",
    "NNP": "M", "NNPS": "M",
    "CD": "C", "FW": "F",
    "VBN": "G", "VBG": "G",
    "PRP": "R",
}
_PARTICIPLES = frozenset({"VBN", "VBG"})
_NOUN_PHRASE = re.compile(r"[JGNMCF]*[NMCF]")
_PRONOUN = re.compile(r"R")

_EDGE_STOP_WORDS = frozenset("""
a an the this that these those such other another same said own certain various several
many much more most less least few fewer each every all both either neither any some no
former latter further including concerning regarding following according having being
given relevant particular whole entire first second last next previous present
""".split())

# Determiners, possessives, prepositions and adverbs leave the edges of a chunk (an
# extractor's own chunker may include them: "his immune system").
_EDGE_STOP_TAGS = frozenset({"DT", "PDT", "PRP$", "WP$", "POS", "RB", "RBR", "RBS", "IN", "CC", "TO"})

_NAME_TAGS = frozenset({"NNP", "NNPS", "NN", "NNS", "JJ", "FW"})
_NAME_CONNECTORS = frozenset("""
of the de du des la le les von van der den da di del y and for
""".split())

_MONTH = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
          r"|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?")
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_YEAR = r"\d{4}s?"
_DATE = (rf"(?:{_DAY}\s+(?:of\s+)?{_MONTH}(?:,?\s+{_YEAR})?"
         rf"|{_MONTH}\s+{_DAY},?\s+{_YEAR}|{_MONTH}\s+{_DAY}\b|{_MONTH}\s+{_YEAR}"
         rf"|\d{{1,2}}[./-]\d{{1,2}}[./-]\d{{2,4}}|(?<![\d/.,-]){_YEAR}(?![\d/.,-]\d))")
_DATE_PATTERN = re.compile(
    rf"(?:(?:between|from)\s+{_DATE}\s+(?:and|to|until|till)\s+{_DATE}"
    rf"|{_DATE}(?:\s*(?:-|\u2013|to)\s*{_DATE})?)"
)
_CODE_PATTERN = re.compile(
    r"(?:\b(?:[Nn]os?\.|[Nn]umbers?)\s*)?\b\d+(?:[-/.]\d+)*/\d+\b"                 # 36244/06, no. 1-23/2001
    r"|\b[Nn]os?\.\s*\d[\w/.-]*"                                                   # no. 12345
    r"|\b(?=[\w/-]*\d)(?=[\w/-]*[A-Z])[A-Z0-9]+(?:[-/.][A-Z0-9]+)+\b"              # K-12/2001, A5-1234
)
_AMOUNT_PATTERN = re.compile(
    r"(?:\b(?:EUR|USD|GBP|CHF|TRY|RUB|UAH|PLN|HRK|RON|BGN|CZK|HUF|SEK|DKK|NOK)|[\u20ac$\u00a3])"
    r"\s?\d[\d,.]*(?:\s(?:million|billion|thousand))?"
    r"|\b\d+(?:[.,]\d+)?\s?%"                                                     # 20%, 1.5 %
)


def _tag_classes(tags: Sequence[str]) -> str:
    # A participle right after a verb, modal or adverb is part of the verb group
    # ("was awarded", "has been detained"), not a premodifier of a noun.
    classes = []
    previous = ""
    for tag in tags:
        if tag in _PARTICIPLES and previous.startswith(("VB", "MD", "RB", "TO")):
            classes.append("o")
        else:
            classes.append(_TAG_CLASS.get(tag, "o"))
        previous = tag
    return "".join(classes)


def _chunker_runs(chunks: Sequence[str]) -> Iterable[tuple[int, int]]:
    """(first, end) token runs of the NP chunks an extractor's own chunker marked."""
    start = None
    for index, label in enumerate([*chunks, "O"]):
        if start is not None and label != "I-NP":
            yield start, index
            start = None
        if label == "B-NP" or (label == "I-NP" and start is None):
            start = index


def _is_edge_stop(token_text: str, tag: str) -> bool:
    return token_text.lower() in _EDGE_STOP_WORDS or tag in _EDGE_STOP_TAGS


def _chunk_spans(sentence: TaggedSentence) -> Iterable[CandidateSpan]:
    tokens, tags = sentence.tokens, sentence.tags
    classes = _tag_classes(tags)
    noun_phrases = (_chunker_runs(sentence.chunks) if sentence.chunks is not None
                    else ((m.start(), m.end()) for m in _NOUN_PHRASE.finditer(classes)))
    runs = [(run, TermKind.NOUN_PHRASE) for run in noun_phrases]
    runs += [((m.start(), m.end()), TermKind.PRONOUN) for m in _PRONOUN.finditer(classes)]
    for (run_start, run_end), kind in runs:
        first, last = run_start, run_end - 1
        while first <= last and _is_edge_stop(tokens[first].text, tags[first]):
            first += 1
        while last >= first and _is_edge_stop(tokens[last].text, tags[last]):
            last -= 1
        if first <= last:
            # A noun phrase with a number in it is a quantity: "61,000 zlotys", "five", "twelve years".
            is_quantity = kind is TermKind.NOUN_PHRASE and "C" in classes[first:last + 1]
            yield CandidateSpan(tokens[first].start, tokens[last].end,
                                TermKind.NUMBER if is_quantity else kind)


def _is_capitalized_content(text: str, tag: str) -> bool:
    return text[:1].isupper() and tag in _NAME_TAGS


def _is_initial_letter(sentence: TaggedSentence, index: int) -> bool:
    """A capital letter with its period ("J." of "J. Scott"): the period belongs to the
    name unless it is the sentence's last token, its full stop. A letter that opens a
    sentence before a title or an ordinary word labels a section ("C. Proceedings")."""
    tokens = sentence.tokens
    if not (index + 2 < len(tokens) and len(tokens[index].text) == 1 and tokens[index].text.isupper()
            and tokens[index + 1].text == "." and tokens[index + 1].start == tokens[index].end):
        return False
    following = tokens[index + 2].text
    return index > 0 or not (is_title(following) or fold(following) in common_lowercase_words())


def _is_name_word(sentence: TaggedSentence, index: int) -> bool:
    text = sentence.tokens[index].text
    if is_title(text) or is_initial(text) or _is_initial_letter(sentence, index):
        return True
    # A capitalized word never seen in lower case is a name whatever its tag (the tagger
    # reads an unknown sentence-initial word as anything: "Tugendhat J"). A month next to
    # a number is part of a date, never of a name ("7 January 2021 Bagbin").
    capitalized = _is_capitalized_content(text, sentence.tags[index]) or (
        text[:1].isupper() and text.isalpha() and fold(text) not in common_lowercase_words())
    return capitalized and not is_date_word([token.text for token in sentence.tokens], index)


def _span_words(sentence: TaggedSentence, first: int, last: int) -> list[str]:
    """The tokens of a name with each initial's period joined to its letter ("J.")."""
    words: list[str] = []
    for index in range(first, last + 1):
        if index > first and sentence.tokens[index].text == "." and _is_initial_letter(sentence, index - 1):
            words[-1] += "."
        else:
            words.append(sentence.tokens[index].text)
    return words


def _name_run_end(sentence: TaggedSentence, first: int) -> int:
    """Index of the last token of the name run that starts at ``first``."""
    texts = [token.text for token in sentence.tokens]
    last = first + 1 if _is_initial_letter(sentence, first) else first
    j = last + 1
    while j < len(texts):
        if _is_name_word(sentence, j):
            if splits_between(_span_words(sentence, first, last), texts[last + 1:j], texts[j]):
                break  # two names: "Dr Price and K"
            if is_honorific(texts[j]) and j == last + 1 and not is_title(texts[last]):
                break  # an honorific starts the next person's name: "Home Secretary Mr X"
            last = j + 1 if _is_initial_letter(sentence, j) else j
            j = last + 1
        elif texts[j] in _NAME_CONNECTORS or texts[j] == "&" or (
                texts[j] in _POSSESSIVES and j + 1 < len(texts) and is_organisation_head(texts[j + 1])):
            j += 1  # "Magistrate’s Court", "Attorney-General’s Office": the possessive is inside
        else:
            break
    return last


_POSSESSIVES = frozenset({"'s", "\u2019s", "'", "\u2019"})
# Kinds a word list vouches for, so that a sentence-initial word that is also an
# ordinary word ("Polish", "Turkey") keeps its name.
_KINDS_FROM_LEXICONS = frozenset({TermKind.PERSON, TermKind.LOCATION, TermKind.DEMONYM})


def _name_spans(sentence: TaggedSentence) -> Iterable[CandidateSpan]:
    tokens, tags = sentence.tokens, sentence.tags
    texts = [token.text for token in tokens]
    i = 0
    while i < len(tokens):
        if not _is_name_word(sentence, i):
            i += 1
            continue
        last = _name_run_end(sentence, i)
        kind = name_kind(_span_words(sentence, i, last), texts[max(0, i - 4):i], texts[last + 1:last + 3])
        # A lone capitalized word is a name when tagged as one, or when it is a noun
        # capitalized inside the sentence ("in İstanbul"), not merely sentence-initial;
        # a sentence-initial word that is ordinary in lower case ("Police", "Subsequently")
        # is a name only when its kind is known.
        mid_sentence = i > 0 and any(ch.isalnum() for ch in texts[i - 1])
        tagged_name = tags[i] in {"NNP", "NNPS", "JJ", "FW"} and (
            kind in _KINDS_FROM_LEXICONS or fold(texts[i]) not in common_lowercase_words()
            or texts[i + 1:i + 2] in (["'s"], ["\u2019s"]))
        if last > i or mid_sentence or tagged_name:
            yield CandidateSpan(tokens[i].start, tokens[last].end, kind)
        i = last + 1


def _pattern_spans(text: str) -> Iterable[CandidateSpan]:
    for pattern, kind in ((_DATE_PATTERN, TermKind.DATE), (_CODE_PATTERN, TermKind.CODE),
                          (_AMOUNT_PATTERN, TermKind.NUMBER)):
        for match in pattern.finditer(text):
            yield CandidateSpan(match.start(), match.end(), kind)


def merge_overlapping(spans: Iterable[CandidateSpan]) -> list[CandidateSpan]:
    """Union of overlapping spans, each merged span with its most specific kind."""
    merged: list[CandidateSpan] = []
    for span in sorted(spans, key=lambda s: (s.start, -s.end)):
        if merged and span.start < merged[-1].end:
            previous = merged[-1]
            kind = min(previous.kind, span.kind, key=KIND_PRIORITY.__getitem__)
            merged[-1] = CandidateSpan(previous.start, max(previous.end, span.end), kind)
        else:
            merged.append(span)
    return merged


def find_candidate_spans(text: str, sentences: Sequence[TaggedSentence]) -> list[CandidateSpan]:
    spans: list[CandidateSpan] = []
    for sentence in sentences:
        spans.extend(_chunk_spans(sentence))
        spans.extend(_name_spans(sentence))
    spans.extend(_pattern_spans(text))
    return merge_overlapping(spans)


def group_into_terms(text: str, spans: Iterable[CandidateSpan]) -> list[CandidateTerm]:
    """One term per normalized text, in order of first mention."""
    grouped: dict[str, list[CandidateSpan]] = {}
    for span in spans:
        key = normalize_phrase(text[span.start:span.end])
        if key:
            grouped.setdefault(key, []).append(span)
    terms = []
    for key, mentions in grouped.items():
        kind = min((m.kind for m in mentions), key=KIND_PRIORITY.__getitem__)
        first = mentions[0]
        terms.append(CandidateTerm(
            key=key,
            text=text[first.start:first.end],
            kind=kind,
            mentions=tuple(Span(m.start, m.end) for m in mentions),
        ))
    return terms


def noun_phrase_chunks(sentence: TaggedSentence) -> list[str]:
    """B-NP / I-NP / O per token, from the shared chunk rule (before stop-word stripping):
    the chunk annotations an OpenNLP chunker is trained on (scripts/opennlp)."""
    labels = ["O"] * len(sentence.tokens)
    for match in _NOUN_PHRASE.finditer(_tag_classes(sentence.tags)):
        labels[match.start()] = "B-NP"
        for index in range(match.start() + 1, match.end()):
            labels[index] = "I-NP"
    return labels
