"""Candidate terms from tagged sentences: the rules every extractor shares.

- Noun phrases: maximal runs of adjectives, participles, nouns, numbers and foreign
  words ending in a noun, number or foreign word (determiners, possessives,
  prepositions and adverbs never enter a chunk, and chunks break at a possessive
  's); stop words such as "such" or "other" are stripped from their edges.
  Personal pronouns are noun phrases of their own ("He"), as in the paper.
- Names: runs of capitalized nouns, adjectives and foreign words, joined across
  lower-case connectors ("Court of Cassation", "Bosnia and Herzegovina"), with a
  person's title and initials ("Mr J. Scott"), each typed as a person, organisation,
  location or demonym, or NAME when unknown (``name_spans``, ``name_types``).
- Quantities: a noun phrase with a number in it ("61,000 zlotys", "twelve years").
- Identifiers found in the text by their form (the recognizers package: e-mails, phones, codes,
  dates, ages, amounts, quantities, addresses ...), independently of the tagger, so a
  tagging error does not cost them.

Overlapping spans are merged into one; the merged span takes the most specific kind.
Mentions are grouped into terms by their normalized text.
"""

from __future__ import annotations

import re
from typing import Collection, Iterable, Sequence

from ic_sanitizer.corpus_stats import normalize_phrase

from ..lang.en.common_words import common_lowercase_words
from ..lang.en.name_words import INFORMAL_SPELLINGS, INTERJECTIONS, SALUTATIONS
from ..lang.en.person_roles import follows_trade_cue, introduces_a_name, role_kind
from ..lang.en.phrase_words import EDGE_STOP_WORDS, PREPOSITIONAL_PARTICIPLES
from ..lang.name_lexicons import fold, given_names
from ..packs import EVERY_PACK, pack_name_spans, pack_reference_spans
from ..recognizers import identifier_spans, recognizers_for
from ..recognizers.field_labels import before_a_number_label, is_abbreviated_label, is_field_label
from ..recognizers.public_references import public_reference_spans
from ..terms import KIND_PRIORITY, CandidateSpan, CandidateTerm, Span, TermKind, merge_overlapping
from .abstract_nouns import is_abstract_noun
from .base import TaggedSentence
from .informal_names import informal_spans
from .name_spans import initials_spans, with_organisations_named_elsewhere, with_persons_named_elsewhere
from .name_spans import name_spans as _name_spans
from .ranks import is_rank_phrase
from .span_layers import layered
from .tokenizer import Token

# One character per tag class, so that chunk grammars are regular expressions.
_TAG_CLASS = {
    "JJ": "J",
    "JJR": "J",
    "JJS": "J",
    "NN": "N",
    "NNS": "N",
    "NNP": "M",
    "NNPS": "M",
    "CD": "C",
    "FW": "F",
    "VBN": "G",
    "VBG": "G",
    "PRP": "R",
}
_PARTICIPLES = frozenset({"VBN", "VBG"})
_DETERMINERS = frozenset({"DT", "PDT", "PRP$", "WP$", "POS"})
_NOUN_PHRASE = re.compile(r"[JGNMCF]*[NMCF]")
_PRONOUN = re.compile(r"R")

#: A chat's spellings and interjections leave a noun phrase too ("when ur outside", "lol"),
#: as written, not in capitals: "HM", "ID", "ER" are acronyms.
_CHAT_WORDS = INFORMAL_SPELLINGS | INTERJECTIONS

_BRACKETS_AND_QUOTES = frozenset('()[]{}\u201c\u201d\u00ab\u00bb"')

# Determiners, possessives, prepositions and adverbs leave the edges of a chunk (an
# extractor's own chunker may include them: "his immune system").
_EDGE_STOP_TAGS = frozenset({"DT", "PDT", "PRP$", "WP$", "POS", "RB", "RBR", "RBS", "IN", "CC", "TO"})


def _tag_classes(texts: Sequence[str], tags: Sequence[str]) -> str:
    classes = []
    for index, (text, tag) in enumerate(zip(texts, tags)):
        previous = tags[index - 1] if index else ""
        following = tags[index + 1] if index + 1 < len(tags) else ""
        # A verb, or a form's label ("MRN 00482913"): neither is part of a noun phrase.
        outside = _is_verbal(text, tag, previous, following) or is_field_label(texts, index)
        classes.append("o" if outside else _TAG_CLASS.get(tag, "o"))
    return "".join(classes)


def _is_verbal(word: str, tag: str, previous: str, following: str) -> bool:
    """Whether a participle is a verb or a preposition, not a premodifier of a noun."""
    if word.lower() in PREPOSITIONAL_PARTICIPLES:
        return True  # "the complaints concerning Articles 10 and 11"
    if tag in _PARTICIPLES and previous.startswith(("VB", "MD", "RB", "TO")):
        return True  # part of the verb group: "was awarded", "has been detained"
    # A past participle right after a noun is its verb or a post-modifier ("the
    # psychiatrist informed Mrs A.", "the person detained there"), and so is one right
    # before a number ("the trial lasted six days"). A gerund after a noun may be inside a
    # compound ("drug trafficking charges"); before a number it is a verb ("scoring 112
    # goals") unless a determiner opens the phrase ("the remaining 3 items").
    if tag == "VBG" and following == "CD":
        return previous not in _DETERMINERS
    return tag == "VBN" and (previous.startswith("NN") or following == "CD")


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
    # a greeting ("Hello", "Dear Sir or Madam") is no part of a noun phrase either
    word = token_text.lower()
    return word in EDGE_STOP_WORDS or _is_chat_word(token_text) or word in SALUTATIONS or tag in _EDGE_STOP_TAGS


def _is_chat_word(token_text: str) -> bool:
    return token_text.lower() in _CHAT_WORDS and not token_text.isupper()


def _cut_at_breaks(runs: Iterable[tuple[int, int]], tokens: Sequence[Token]) -> Iterable[tuple[int, int]]:
    """The runs cut at bracket and double-quote tokens and at a chat's words. Taggers read a
    lone "(" or "“" as a noun (their training text wrote them as -LRB- and ``), so a chunk
    could run over one: "admissibility (Article 29" replaced whole left "[NUMBER-1] § 3)"
    behind. A chat's shorthand joins no phrase either: "bring ur swimsuit" is no term."""
    for start, end in runs:
        for index in range(start, end + 1):
            if index == end or tokens[index].text in _BRACKETS_AND_QUOTES or _is_chat_word(tokens[index].text):
                if index > start:
                    yield start, index
                start = index + 1


def _corrected_tags(texts: Sequence[str], tags: Sequence[str]) -> list[str]:
    """The tagger's tags, but a person's role is a noun, never an adverb: the tagger's guess
    for a word it never saw ("a retired schoolteacher", tagged RB, left the trade out); and
    a negated auxiliary is a verb, never a noun ("my parcel hasn't arrived": the tagger,
    trained on text that split "has" from "n't", read "hasn't" as a noun)."""
    return [
        "VB" if _is_negated(text) else "NN" if tag == "RB" and role_kind(text) is not None else tag
        for text, tag in zip(texts, tags)
    ]


def _is_negated(token: str) -> bool:
    """A negated auxiliary written as one token: "hasn't", "don't", "can’t" (string tests,
    not a regex: every token of every sentence asks)."""
    return len(token) > 3 and token[-3:].lower() in ("n't", "n’t") and (token[-4].isalnum() or token[-4] == "_")


#: a number of this many digits or more identifies something (an account, a case, a year)
_DIGITS_OF_AN_IDENTIFIER = 3


def _chunk_spans(sentence: TaggedSentence, names: Collection[int] = ()) -> Iterable[CandidateSpan]:
    """The noun phrases and pronouns of a sentence; ``names``: the indices of tokens inside a
    name found in lower case or a person's, at which a noun phrase is cut, so that each part
    is typed by its own head ("my boyfriend jake drives": "boyfriend" a relative, "drives"
    apart; "Today Tom Baker opened": "Today" is no trade)."""
    tokens = sentence.tokens
    texts = [token.text for token in tokens]
    tags = _corrected_tags(texts, sentence.tags)
    classes = _tag_classes(texts, tags)
    noun_phrases = _cut_at_breaks(
        _chunker_runs(sentence.chunks)
        if sentence.chunks is not None
        else ((m.start(), m.end()) for m in _NOUN_PHRASE.finditer(classes)),
        tokens,
    )
    chunker = "noun_phrase_rule" if sentence.chunks is None else "extractor_chunker"
    runs = [(part, TermKind.NOUN_PHRASE, chunker) for run in noun_phrases for part in _cut_at(run, names)]
    runs += [((m.start(), m.end()), TermKind.PRONOUN, "pronoun") for m in _PRONOUN.finditer(classes)]
    for (run_start, run_end), kind, source in runs:
        first, last = run_start, run_end - 1
        # a form's label leaves a chunk an extractor's own chunker made ("MRN 00482913")
        while first <= last and (_is_edge_stop(tokens[first].text, tags[first]) or is_field_label(texts, first)):
            first += 1
        while last >= first and _is_edge_stop(tokens[last].text, tags[last]):
            last -= 1
        if last >= first and any(is_abbreviated_label(texts, i) for i in (last, last + 1) if i < len(texts)):
            continue  # a label with the words that qualify it: "booking ref. QX7TRN", "employee ID EMP-20457"
        if first == last and before_a_number_label(texts, last):
            continue  # what is numbered, a label's word: "Employee number 55102"
        last = _before_label(texts, first, last)
        if kind is not TermKind.NOUN_PHRASE:
            yield CandidateSpan(tokens[first].start, tokens[last].end, kind, source)
            continue
        if _opens_with_a_year(tokens, tags, first, last):
            yield CandidateSpan(tokens[first].start, tokens[first].end, TermKind.DATE, source)
            first += 1
        for part_first, part_last in _trailing_number_apart(tokens, classes, first, last):
            if part_first <= part_last:
                part_kind = _noun_phrase_kind(tokens, classes, part_first, part_last)
                yield CandidateSpan(tokens[part_first].start, tokens[part_last].end, part_kind, source)


def _trailing_number_apart(tokens: Sequence[Token], classes: str, first: int, last: int) -> list[tuple[int, int]]:
    """A noun phrase's tokens [first, last], with a long number that ends it after words as
    a term of its own: "my current account ending 4417". The words say what the number is,
    and a reader keeps them when the number goes. A short number belongs to its noun
    ("type 2 diabetes", "loading bay 4", "grade 6"), and a quantity, whose number comes
    first, stays whole ("61,000 zlotys")."""
    long_number = sum(ch.isdigit() for ch in tokens[last].text) >= _DIGITS_OF_AN_IDENTIFIER
    if last > first and classes[last] == "C" and long_number and "C" not in classes[first:last]:
        return [(first, last - 1), (last, last)]
    return [(first, last)]


_PRONOUN_ONES = frozenset({"one", "ones"})
#: a year as a noun's premodifier: "her 1996 book", "the 1962 World Cup"
_YEAR = re.compile(r"(?:1[89]|20)\d\d")
#: what a number counts, not what a year dates: "2000 people", "1500 metres"
_COUNTED_TAGS = frozenset({"NNS", "NNPS", "CD"})


def _opens_with_a_year(tokens: Sequence[Token], tags: Sequence[str], first: int, last: int) -> bool:
    """Whether a noun phrase opens with a year that dates the rest of it: "her 1996 book",
    "the 2012 New Year Honours". The year is a date of its own and the words after it
    stay a noun phrase: a reader keeps "book" when the year goes. A plural after the
    number is what it counts ("2000 people"), and a measure's unit is no noun phrase."""
    return (
        last > first
        and _YEAR.fullmatch(tokens[first].text) is not None
        and tags[first + 1] not in _COUNTED_TAGS
        and tokens[first + 1].text[:1].isalpha()
    )


def _cut_at(run: tuple[int, int], names: Collection[int]) -> Iterable[tuple[int, int]]:
    """The parts of the token run [start, end) outside the tokens ``names`` holds."""
    start, end = run
    for index in range(start, end):
        if index in names:
            if index > start:
                yield start, index
            start = index + 1
    if start < end:
        yield start, end


def _before_label(texts: Sequence[str], first: int, last: int) -> int:
    """The chunk's last token once a form's label is cut from its end: words before a
    colon that open their line or follow a field's value ("Past history:", "Consultant:",
    "03/02/2026  Discharged:", which the tagger chunks with the date before it). A label
    stays in clear, as field_labels' labels do, so that the reader knows what was removed
    after it."""
    if texts[last + 1 : last + 2] != [":"]:
        return last
    label = last
    while label > first and not any(ch.isdigit() for ch in texts[label - 1]):
        label -= 1
    opens = all(not any(ch.isalnum() for ch in text) for text in texts[:label])
    after_value = label > 0 and any(ch.isdigit() for ch in texts[label - 1])
    return label - 1 if opens or after_value else last


def _noun_phrase_kind(tokens: Sequence[Token], classes: str, first: int, last: int) -> TermKind:
    # A rank ("third place", "two world titles") and a person's role ("his two brothers",
    # "the hockey coach", "worked as a barista") are told first; then a noun phrase with a number in it is a
    # quantity: "61,000 zlotys", "five", "twelve years"; one whose head is an abstract noun
    # is an abstract phrase: "his dismissal".
    # "one" after an adjective stands for a noun, no count: "a quick one", "the red ones"
    pronoun_one = last > first and tokens[last].text.lower() in _PRONOUN_ONES and "C" not in classes[first:last]
    has_number = "C" in classes[first : last + 1] and not pronoun_one
    if is_rank_phrase([token.text for token in tokens[first : last + 1]], has_number):
        return TermKind.RANK
    head = _common_head(tokens, first, last).text
    role = role_kind(head)
    # a trade one visits ("at the dentist") or a trade's plural with no count ("officers
    # were called", "treated by paramedics"): the people of a trade, no one's trade
    plural = head.endswith("s") and not head.endswith("ss") and not has_number
    if role is TermKind.PROFESSION and (_is_a_visit(tokens, first, last) or plural):
        return TermKind.NOUN_PHRASE
    if role is not None:
        return role
    if follows_trade_cue([token.text for token in tokens[max(0, first - 4) : first]]):
        return TermKind.PROFESSION
    if has_number:
        return TermKind.NUMBER
    if is_abstract_noun(tokens[last].text):
        return TermKind.ABSTRACT_PHRASE
    return TermKind.NOUN_PHRASE


#: where one is at a trade's practice: "at the dentist" (not "to the": a judgment writes
#: "complained to the prosecutor" of the person)
_VISITED = (("at", "the"),)


def _is_a_visit(tokens: Sequence[Token], first: int, last: int) -> bool:
    """A trade alone after "at the": the practice one visits ("was at the dentist", "at
    the hairdresser"), no one's trade."""
    words = [token.text.lower() for token in tokens[max(0, first - 2) : last + 1]]
    if words[-1:] and words[-2:-1] == ["the"]:
        words = words[:-1]
    return len(words) >= 2 and tuple(words[-2:]) in _VISITED


def _common_head(tokens: Sequence[Token], first: int, last: int) -> Token:
    """The head of a noun phrase, or the common noun before a name in apposition to it:
    "painter" in "the painter Jaan Sepp" (the name becomes a name span of its own), and in
    lower case the relative before a name: "wife" in "my wife sarah"."""
    index = last
    while index > first and tokens[index].text[:1].isupper():
        index -= 1
    if index < last and tokens[index].text[:1].islower():
        return tokens[index]
    index = last
    while index > first and _may_be_name(fold(tokens[index].text)):
        index -= 1
    return tokens[index] if index < last and introduces_a_name([tokens[index].text]) else tokens[last]


def _may_be_name(word: str) -> bool:
    # "sarah", "lopez", "grace" may be names after "wife"; "company" in "sister company" not
    return word in given_names() or word not in common_lowercase_words()


def find_candidate_spans(
    text: str, sentences: Sequence[TaggedSentence], packs: frozenset[str] = EVERY_PACK
) -> list[CandidateSpan]:
    """Candidates of one text: identifiers by form, public references, names, noun
    phrases, each layer keeping only what the layers before it left (span_layers); with
    the recognizers and references of the genre ``packs`` it reads."""
    chunks: list[CandidateSpan] = []
    names: list[CandidateSpan] = []
    entities: list[CandidateSpan] = []
    for sentence in sentences:
        informal = informal_spans(text, sentence)
        sentence_names = [*_name_spans(sentence), *informal]
        persons = [s for s in sentence_names if s.kind is TermKind.PERSON]
        inside = {
            k
            for k, t in enumerate(sentence.tokens)
            if any(s.start <= t.start and t.end <= s.end for s in (*informal, *persons))
        }
        chunks.extend(_chunk_spans(sentence, inside))
        names.extend(sentence_names)
        entities.extend(sentence.entities)
    names = with_organisations_named_elsewhere(text, with_persons_named_elsewhere(text, names)) + initials_spans(text)
    names = pack_name_spans(text, names, packs)
    public = [
        CandidateSpan(start, end, TermKind.PUBLIC_REFERENCE, "public_reference")
        for start, end in (*public_reference_spans(text), *pack_reference_spans(text, packs))
    ]
    layers = {
        "identifiers": identifier_spans(text, recognizers_for("en", packs)),
        "public_references": merge_overlapping(public),
        "names": merge_overlapping(names),
        "extractor_entities": merge_overlapping(entities),
        "noun_phrases": merge_overlapping(chunks),
    }
    return merge_overlapping(layered(text, layers))


def group_into_terms(text: str, spans: Iterable[CandidateSpan]) -> list[CandidateTerm]:
    """One term per normalized text, in order of first mention."""
    grouped: dict[str, list[CandidateSpan]] = {}
    keys: dict[str, str] = {}  # a text repeats its mentions ("the applicant"): each normalized once
    for span in spans:
        surface = text[span.start : span.end]
        key = keys.get(surface)
        if key is None:
            key = keys[surface] = normalize_phrase(surface)
        if key:
            grouped.setdefault(key, []).append(span)
    terms = []
    for key, mentions in grouped.items():
        kind = min((m.kind for m in mentions), key=KIND_PRIORITY.__getitem__)
        first = mentions[0]
        terms.append(
            CandidateTerm(
                key=key,
                text=text[first.start : first.end],
                kind=kind,
                mentions=tuple(Span(m.start, m.end) for m in mentions),
                source=next(m.source for m in mentions if m.kind is kind),
            )
        )
    return terms


def noun_phrase_chunks(sentence: TaggedSentence) -> list[str]:
    """B-NP / I-NP / O per token, from the shared chunk rule (before stop-word stripping):
    the chunk annotations an OpenNLP chunker is trained on (scripts/opennlp)."""
    labels = ["O"] * len(sentence.tokens)
    for match in _NOUN_PHRASE.finditer(_tag_classes([token.text for token in sentence.tokens], sentence.tags)):
        labels[match.start()] = "B-NP"
        for index in range(match.start() + 1, match.end()):
            labels[index] = "I-NP"
    return labels
