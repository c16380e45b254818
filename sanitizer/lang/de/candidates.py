"""German candidates from sentences tagged with universal parts of speech.

Every German noun is capitalized, so a capital alone never makes a name. A name is:
- the capitalized words after a title or an office ("Richterin Klante", "Rechtsanwalt
  Dr. Himmelmann", "Zeuge M."): a person's, the title outside the span;
- an abbreviated name: initials ("R.", "C. B.", "K …"), or a capital letter standing
  alone where a word stands ("der Kandidat D unter Nr. 21"; not "Anlage K 9", "Teil B 3"):
  a place's after "in" ("in O."), a person's otherwise. Decisions are published with the
  parties' names cut to a letter; a letter alone carries no IC, so the rule, not IC,
  decides;
- a firm's: the words before a legal form ("P GmbH", "R … GmbH");
- a run of proper nouns by the tagger, joined across "von", "van", "zu": a NAME, which IC
  decides;
- a line made of names alone (a signature: "Schmidt", "K. Schmidt"): a NAME, IC decides.
Noun phrases are a noun with its adjectives and numbers. Public legal references
(legal_references.py) come before every other layer but the identifiers,
and an identifier inside one (a cited decision's date) is part of it.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable, Sequence

from ...extraction.base import TaggedSentence
from ...extraction.span_layers import language_candidates, outside
from ...extraction.upos_phrases import noun_phrase_spans
from ...packs import EVERY_PACK
from ...recognizers import identifier_spans, recognizers_for
from ...terms import CandidateSpan, TermKind
from ..name_lexicons import fold, given_names
from .legal_references import citation_spans
from .lexicon import COMPANY_FORMS, NAME_CONNECTORS, NAME_OFFICES, NUMBERING_WORDS, TITLES
from .tokenizer import ABBREVIATIONS

_TOKENIZER_ABBREVIATIONS = frozenset(f"{word}." for word in ABBREVIATIONS.split("|"))

_INITIAL = re.compile(r"(?=[^\W\d_a-zäöüß])\w(?:\.|[ ]?\u2026)")
_LETTER = re.compile(r"(?=[^\W\d_a-zäöüß])\w")
#: an initial of two letters ("Th.", "Ch."), before a name; not an abbreviation the tokenizer knows ("Nr.", "Dr.")
_TWO_LETTER_INITIAL = re.compile(r"(?=[^\W\d_a-zäöüß])\w[a-zäöü]\.")
#: a judge's office as courts abbreviate it: "RiBGH", "VRiBVerwG" (Richter am BGH, Vorsitzender Richter ...)
_JUDGE_OFFICE = re.compile(r"V?Ri[A-Z]\w*")
#: what joins the names of an enumeration after an office ("der Richter Jacobi, Dr. Meiser und Schödel")
_ENUMERATION = frozenset({",", "und", "sowie"})
#: what makes a capital letter a label, not a name: a number or a Roman numeral after it
_LABEL_AFTER = re.compile(r"\d|[IVX]+$")
_COMPANY_FORMS = frozenset(form.replace(" ", "") for form in COMPANY_FORMS)
_PLACE_PREPOSITIONS = frozenset({"in", "nach", "aus"})


def _word(sentence: TaggedSentence, index: int) -> str:
    return sentence.tokens[index].text if 0 <= index < len(sentence.tokens) else ""


def _is_title(word: str) -> bool:
    return word.lower().rstrip(".") in TITLES


def _is_abbreviated_name(sentence: TaggedSentence, index: int) -> bool:
    word = _word(sentence, index)
    if _TWO_LETTER_INITIAL.fullmatch(word) and word not in _TOKENIZER_ABBREVIATIONS:
        return _is_capitalized(_word(sentence, index + 1))
    if _INITIAL.fullmatch(word):
        return not _LABEL_AFTER.match(_word(sentence, index + 1))
    return (
        bool(_LETTER.fullmatch(word))
        and not _LABEL_AFTER.match(_word(sentence, index + 1))
        and _word(sentence, index - 1).lower() not in NUMBERING_WORDS
    )


def _is_capitalized(word: str) -> bool:
    """A capitalized word that may be (part of) a name: not a title or an office, which stay outside."""
    return word[:1].isupper() and not _is_title(word) and word.lower() not in NAME_OFFICES


def _name_run(sentence: TaggedSentence, start: int, member: Callable[[int], bool]) -> int:
    """The end (exclusive) of the run of tokens ``member`` accepts from ``start``, across connectors."""
    end = start
    while end < len(sentence.tokens):
        if member(end):
            end += 1
            continue
        after = end
        while after < len(sentence.tokens) and after - end < 2 and _word(sentence, after) in NAME_CONNECTORS:
            after += 1
        if after == end or not member(after):
            break
        end = after + 1
    return end


def _span(sentence: TaggedSentence, start: int, end: int, kind: TermKind, source: str) -> CandidateSpan:
    return CandidateSpan(sentence.tokens[start].start, sentence.tokens[end - 1].end, kind, source)


def _after_office(sentence: TaggedSentence, index: int) -> bool:
    """Whether token ``index`` follows an office or a title, titles between ("Richter Dr. Himmelmann")."""
    before = index - 1
    while before >= 0 and _is_title(_word(sentence, before)):
        before -= 1
    office = _word(sentence, before)
    return before < index - 1 or office.lower() in NAME_OFFICES or bool(_JUDGE_OFFICE.fullmatch(office))


def _office_name_end(sentence: TaggedSentence, start: int) -> int:
    """The end of the name after an office: its first word whatever its tag, then proper nouns and initials."""

    def member(i: int) -> bool:
        word = _word(sentence, i)
        return _is_capitalized(word) and (i == start or sentence.tags[i] == "PROPN" or bool(_INITIAL.fullmatch(word)))

    return _name_run(sentence, start, member)


def _enumerated(sentence: TaggedSentence, end: int) -> int:
    """The start of the next name of an enumeration after a person's name ending at ``end``, or -1."""
    if _word(sentence, end) not in _ENUMERATION:
        return -1
    start = end + 1
    while _is_title(_word(sentence, start)):
        start += 1
    return start if _is_capitalized(_word(sentence, start)) else -1


def _with_particle(sentence: TaggedSentence, start: int) -> int:
    """``start``, or the particle before it that opens a line's name ("von Pentz")."""
    if (
        start >= 1
        and _word(sentence, start - 1) in NAME_CONNECTORS
        and (start == 1 or _after_office(sentence, start - 1))
    ):
        return start - 1
    return start


def _person_after_given_name(sentence: TaggedSentence, index: int, end: int) -> bool:
    """A proper noun that is a given name, and a capitalized word after it: "Paul Kirchhof"."""
    return (
        end == index + 1
        and fold(_word(sentence, index)) in given_names()
        and _is_capitalized(_word(sentence, end))
        and not _word(sentence, end).isupper()
    )


def name_spans(sentence: TaggedSentence) -> Iterable[CandidateSpan]:
    tokens, tags, index = sentence.tokens, sentence.tags, 0
    signature = all(_is_capitalized(t.text) or _is_title(t.text) or t.text in NAME_CONNECTORS for t in tokens)
    while index < len(tokens):
        word = tokens[index].text
        if _is_abbreviated_name(sentence, index):
            end = _name_run(sentence, index, lambda i: _is_abbreviated_name(sentence, i))
            kind = TermKind.LOCATION if _word(sentence, index - 1) in _PLACE_PREPOSITIONS else TermKind.PERSON
            if _word(sentence, end).replace(" ", "") in _COMPANY_FORMS:
                end, kind = end + 1, TermKind.ORGANISATION
            elif (
                kind is TermKind.PERSON
                and _is_capitalized(_word(sentence, end))
                and (tags[end] == "PROPN" or signature)
            ):  # the surname after the initials: "Th. Gans"
                end = _name_run(sentence, end, lambda i: _is_capitalized(_word(sentence, i)))
            yield _span(sentence, index, end, kind, "initials")
        elif _is_capitalized(word) and _after_office(sentence, index):
            while index >= 0:  # the office's name, and the names enumerated after it
                end = _office_name_end(sentence, index)
                yield _span(sentence, _with_particle(sentence, index), end, TermKind.PERSON, "name_rule")
                index = _enumerated(sentence, end)
        elif _is_capitalized(word) and (tags[index] == "PROPN" or signature):
            end = _name_run(
                sentence, index, lambda i: _is_capitalized(_word(sentence, i)) and (tags[i] == "PROPN" or signature)
            )
            if _person_after_given_name(sentence, index, end):
                yield _span(sentence, index, end + 1, TermKind.PERSON, "name_rule")
                end += 1
            elif _word(sentence, end).replace(" ", "") in _COMPANY_FORMS:
                yield _span(sentence, index, end + 1, TermKind.ORGANISATION, "name_rule")
                end += 1
            else:
                yield _span(sentence, _with_particle(sentence, index), end, TermKind.NAME, "name_rule")
        else:
            index += 1
            continue
        index = end


def find_candidate_spans(
    text: str, sentences: Sequence[TaggedSentence], packs: frozenset[str] = EVERY_PACK
) -> list[CandidateSpan]:
    """Candidates of one German text, in the layers of span_layers."""
    references = citation_spans(text)
    names = [span for sentence in sentences for span in name_spans(sentence)]
    phrases = [span for sentence in sentences for span in noun_phrase_spans(sentence)]
    identifiers = outside(identifier_spans(text, recognizers_for("de", packs)), references)
    return language_candidates(text, identifiers, names, phrases, references)
