"""Entities: the names of one person grouped, so that a person is masked everywhere
and gets one placeholder.

"John Harding Price", "Dr Price", "Mr J. H. Price" and "Price" name one person: the
shorter names are variants of the longer one when each of their words matches a
distinct word of it, in order, exactly or as an initial ("J." for "John"), and the
last words match (a surname alone is a variant; a first name alone is not, unless exactly
one full name of the text starts with it: "Tom" and "Tom Okafor"). Titles
("Mr", "Dr", "Judge", ...) and the letters after a name ("QC", "LJ") are left out of the
comparison: "Mr Bennathan" is "Mr J. Bennathan QC". A variant that fits two
different people ("Price" beside "John Price" and "Mary Price") is ambiguous and
stays an entity of its own: no placeholder ever covers two people. A title that says
whether the person is a man or a woman decides between them: "Mrs Andersson" beside
"Mrs Anne-Marie Andersson" and her son "Mr Stive Andersson" is the mother, and "Mr
Price" never shares a placeholder with "Mrs Price".

Variants are linked (_Links, a union-find: linking the names of one text needs nothing
more, and networkx's import alone cost a short document a tenth of a second); an entity is
a set of linked names, named by its longest member. Terms of other kinds are entities of
their own.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterable, Mapping, Sequence

from ic_sanitizer.corpus_stats import normalize_phrase

from .lang.en.lexicon import TITLES as TITLES_IN_NAME_SPANS
from .lang.en.lexicon import TITLES_OF_MEN, TITLES_OF_WOMEN
from .lang.en.name_words import (
    POST_NOMINALS,  # letters after a name: "QC", "LJ", "Jr"
    QUOTATION_MARKS,
    organisations_by_opening,
)
from .lang.name_lexicons import fold
from .redaction import Removal, find_occurrences
from .stages import Decision, Reason, ScoredTerm
from .terms import CandidateTerm, Span, TermKind

#: Titles and honorifics: part of a person's mention, not of the name compared. Those the
#: name spans take in (name_words.TITLES: "Mr", "Judge", "Captain"), and the religious
#: ones, which are kinship words too and so never start a name span ("Father Brown");
#: but "M." is compared as an initial, not dropped as Monsieur: "M. Price" may be Mary,
#: and is never grouped with John Price.
TITLES = (TITLES_IN_NAME_SPANS - {"m"}) | {"father", "sister", "brother", "mssrs"}

#: Titles that say a person is a man or a woman; the others ("Dr", "Judge") say neither.
_TITLE_GENDER = {**dict.fromkeys(TITLES_OF_MEN, "man"), **dict.fromkeys(TITLES_OF_WOMEN, "woman")}

_NAME_WORD = re.compile(r"[^\W\d_][\w'\u2019-]*", re.UNICODE)
_PERSON_LIKE = frozenset({TermKind.PERSON, TermKind.NAME})
#: a word in quotes inside a full name: the name the person goes by ('William "Bill" Tate',
#: 'William «Bill» Tate'), in the quotation marks the name rule keeps inside a name
_QUOTE = "|".join(re.escape(mark) for mark in sorted(QUOTATION_MARKS, key=len, reverse=True))
_NICKNAME = re.compile(rf"(?:{_QUOTE})(\w+)(?:{_QUOTE})")


def name_words(surface: str) -> tuple[str, ...]:
    """The words of a name without titles and the letters after it, case-folded ("Dr J.
    Price" -> ("j", "price"), "Mr J. Smith QC" -> ("j", "smith"))."""
    words = [w.casefold() for w in _NAME_WORD.findall(surface)]
    words = [w for w in words if w.rstrip(".") not in TITLES]
    while len(words) > 1 and words[-1].rstrip(".") in POST_NOMINALS:
        words.pop()
    return tuple(words)


def surname(surface: str) -> str:
    """The surname as written: the last word that is neither a title nor letters after the
    name ("Mr J. Smith QC" -> "Smith")."""
    words = _NAME_WORD.findall(surface)
    while len(words) > 1 and words[-1].casefold().rstrip(".") in POST_NOMINALS | TITLES:
        words.pop()
    return words[-1] if words else ""


def title_gender(surface: str) -> str | None:
    """ "man" or "woman" when a title of the name says so ("Mrs G." -> "woman"), else None."""
    for word in _NAME_WORD.findall(surface):
        gender = _TITLE_GENDER.get(word.casefold().rstrip("."))
        if gender is not None:
            return gender
    return None


def _word_matches(short: str, long: str) -> bool:
    return short == long or (len(short) == 1 and long.startswith(short))


def is_variant(short: Sequence[str], long: Sequence[str]) -> bool:
    """Whether the name ``short`` can be another way of writing ``long``: same last word,
    and every other word matching a distinct earlier word of ``long`` in order."""
    if not short or len(short) > len(long) or short[-1] != long[-1]:
        return False
    position = 0
    for word in short[:-1]:
        while position < len(long) - 1 and not _word_matches(word, long[position]):
            position += 1
        if position >= len(long) - 1:
            return False
        position += 1
    return True


def with_surnames(text: str, terms: Sequence[CandidateTerm]) -> list[CandidateTerm]:
    """``terms`` with the surname of every person named with two words or more as a
    person too, wherever the text has it capitalized: "Brown appealed" at the start of
    a sentence is the "Mr John Brown" named earlier, whatever the tagger made of it."""
    by_key = {t.key: t for t in terms}
    for term in terms:
        if term.kind is not TermKind.PERSON or len(name_words(term.text)) < 2:
            continue
        last_name = surname(term.text)
        key = normalize_phrase(last_name)
        if len(last_name) < 2 or by_key.get(key, term).kind in (TermKind.PERSON, TermKind.NAME) and key in by_key:
            continue
        found = find_occurrences(text, CandidateTerm(key=key, text=last_name, kind=TermKind.PERSON, mentions=()))
        if found:
            by_key[key] = CandidateTerm(
                key=key,
                text=text[found[0][0] : found[0][1]],
                kind=TermKind.PERSON,
                mentions=tuple(Span(start, end) for start, end in found),
                source="surname",
            )
    return list(by_key.values())


def group_entities(terms: Sequence[CandidateTerm]) -> dict[str, str]:
    """term key -> entity key (the key of the entity's longest name)."""
    people = [t for t in terms if t.kind in _PERSON_LIKE]
    words = {t.key: name_words(t.text) for t in people}
    gender = {t.key: title_gender(t.text) for t in people}
    graph = _Links(t.key for t in terms)
    # A variant links to the longer names it fits, once those are known to be one person.
    # Longest first; at equal length, full words before initials ("John Price" before "J. Price").
    by_length = sorted(people, key=lambda t: (-len(words[t.key]), sum(len(w) == 1 for w in words[t.key])))
    # A variant and the names it fits share their last word: only those are compared
    # (comparing every pair made a long text's grouping quadratic).
    earlier_by_last_word: dict[str, list[CandidateTerm]] = {}
    for term in by_length:
        own = words[term.key]
        if not own:
            continue
        earlier = earlier_by_last_word.setdefault(own[-1], [])
        longer = [
            t
            for t in earlier
            if (t.kind is TermKind.PERSON or term.kind is TermKind.PERSON)
            and _may_be_one(gender[t.key], gender[term.key])
        ]
        earlier.append(term)
        fits = [
            t.key
            for t in longer
            if len(words[t.key]) >= len(own) and words[t.key] != own and is_variant(own, words[t.key])
        ]
        same = [t.key for t in longer if words[t.key] == own]
        targets = fits + same
        if len({graph.root(key) for key in targets}) == 1:
            graph.link(term.key, targets[0])
    _link_given_names(people, words, graph, earlier_by_last_word)
    _link_short_organisation_names(terms, graph)
    entity_of: dict[str, str] = {}
    order = {t.key: i for i, t in enumerate(terms)}
    for component in graph.entities():
        name = max(component, key=lambda key: (len(words.get(key, ())), -order[key]))
        entity_of.update(dict.fromkeys(component, name))
    return entity_of


def _link_given_names(
    people: Sequence[CandidateTerm],
    words: Mapping[str, tuple[str, ...]],
    graph: "_Links",
    by_last_word: Mapping[str, Sequence[CandidateTerm]],
) -> None:
    """A person named by a given name alone ("Hi Tom") is the one person of the text
    whose full name starts with it ("Tom Okafor"), or holds it in quotes as the name they
    go by ('Margaret "Peggy" O'Donnell'), if there is exactly one and the word is nobody's
    surname; otherwise they stay apart, as two Toms or a Tom and a Mr Tom would."""
    first_words: dict[str, set[str]] = {}
    for term in people:
        own = words[term.key]
        if term.kind is TermKind.PERSON and len(own) >= 2 and len(own[0]) > 1:
            for given in {own[0], *(w.casefold() for w in _NICKNAME.findall(term.text))}:
                first_words.setdefault(given, set()).add(graph.root(term.key))
    for term in people:
        own = words[term.key]
        # one word and nothing else: after a title a lone word is a surname ("Mr Tom")
        if (
            term.kind is not TermKind.PERSON
            or len(own) != 1
            or len(_NAME_WORD.findall(term.text)) != 1
            or graph.degree(term.key)
        ):
            continue
        surnamed = [t for t in by_last_word.get(own[0], ()) if len(words[t.key]) >= 2]
        full_names = first_words.get(own[0], set())
        if len(full_names) == 1 and not surnamed:
            graph.link(term.key, next(iter(full_names)))


def _link_short_organisation_names(terms: Sequence[CandidateTerm], graph: "_Links") -> None:
    """An organisation named short ("Stanford", "Leicester Tigers") is the one organisation
    of the text whose longer name opens with it ("Stanford University", "Leicester Tigers
    Academy"), if there is exactly one."""
    organisations = {tuple(fold(w) for w in t.text.split()): t.key for t in terms if t.kind is TermKind.ORGANISATION}
    opening = organisations_by_opening(organisations)
    for words, key in organisations.items():
        longer = opening.get(words, ())
        if len(longer) == 1:
            graph.link(key, organisations[next(iter(longer))])


def _may_be_one(gender: str | None, other: str | None) -> bool:
    return gender is None or other is None or gender == other


class _Links:
    """The names of one text linked as one entity: a union-find over their keys, with each
    name's links counted (a given name alone that is linked already is left as it is)."""

    def __init__(self, keys: Iterable[str]) -> None:
        self._parent = {key: key for key in keys}
        self._linked: dict[str, set[str]] = {}

    def root(self, key: str) -> str:
        """The key that stands for the entity of ``key``."""
        parent = self._parent
        while parent[key] != key:
            parent[key] = parent[parent[key]]  # halve the path
            key = parent[key]
        return key

    def link(self, key: str, other: str) -> None:
        self._linked.setdefault(key, set()).add(other)
        self._linked.setdefault(other, set()).add(key)
        self._parent[self.root(key)] = self.root(other)

    def degree(self, key: str) -> int:
        """How many names ``key`` is linked to directly."""
        return len(self._linked.get(key, ()))

    def entities(self) -> list[list[str]]:
        """The keys of each entity, in the order the keys were given."""
        by_root: dict[str, list[str]] = {}
        for key in self._parent:
            by_root.setdefault(self.root(key), []).append(key)
        return list(by_root.values())


def entity_kinds(scored: Sequence[ScoredTerm], entity_of: Mapping[str, str]) -> dict[str, TermKind]:
    """entity key -> its kind: a person if any of its names is typed as one."""
    kinds: dict[str, TermKind] = {}
    for s in scored:
        entity = entity_of.get(s.term.key, s.term.key)
        current = kinds.get(entity)
        if current is None or s.term.kind is TermKind.PERSON:
            kinds[entity] = s.term.kind
    return kinds


def mask_whole_entities(scored: Sequence[ScoredTerm], entity_of: Mapping[str, str]) -> list[ScoredTerm]:
    """Every name of an entity that is masked under one of its names is masked too
    (Reason.ENTITY), unless it is on the allow list; every term records its entity."""
    masked = {entity_of.get(s.term.key, s.term.key) for s in scored if s.removed}
    result = []
    for s in scored:
        entity = entity_of.get(s.term.key, s.term.key)
        if entity in masked and s.decision is Decision.KEPT and s.reason is not Reason.ALLOW:
            result.append(replace(s, decision=Decision.SENSITIVE, reason=Reason.ENTITY, beta=None, entity=entity))
        else:
            result.append(s if s.entity == entity else replace(s, entity=entity))
    return result


def removals_of(scored: Sequence[ScoredTerm], kind_of_entity: Mapping[str, TermKind]) -> list[Removal]:
    """What a text loses: each removed term with its entity, the kind its entity shows and its β."""
    return [
        Removal(s.term, s.entity or s.term.key, kind_of_entity[s.entity or s.term.key], s.beta, s.related_to)
        for s in scored
        if s.removed
    ]
