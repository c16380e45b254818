"""The ``generalize`` mode: a sensitive term replaced by the most specific of its
generalizations whose information content is below the β it was masked at.

Sánchez, Batet and Viejo's sanitization by generalization: "born in Leeds in 1961, a
hockey coach at Leeds General Infirmary" may be published as "born in a city in the United
Kingdom in the 1960s, a coach at a hospital", not as "born in [LOCATION-1] in [DATE-1], a
[PROFESSION-1] at [ORGANISATION-1]", as far as each step's IC allows. Each kind has a chain of generalizations, the most
specific first (``steps``); each step names what it still discloses (its ``key``: "united
kingdom" for "a city in the United Kingdom"), whose IC is measured in the same back-end and
the same way as the term's; the first step whose IC is below the term's β is written. A
step that still identifies (IC ≥ β) is never used; where none qualifies, the term keeps
its placeholder, as in tag mode. The chains of each kind are generalization_chains.py's.

Persons, codes, contacts and the other kinds keep their placeholder: a person has no
useful generalization. One entity gets one generalization in a text (the first mention's
chain decides); a step's article is chosen where it lands ("at the hospital" after "the",
"a hospital" elsewhere, a capital at a sentence's start), always inside the replaced span,
so that the mapping restores the text byte for byte.
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Optional

from ic_sanitizer.corpus_stats.protocol import CountUnit

from .generalization_chains import Step, article_for, has_chain, indefinite, steps
from .lang.en.common_words import DETERMINERS, is_function_word
from .lang.en.phrase_words import LINK_WORDS, PRENOMINAL_MODIFIERS
from .redaction import Replacement
from .scoring import ZeroCountPolicy, information_content, relatedness
from .terms import TermKind

#: IC in bits of what a step discloses (None: never seen, so it identifies)
InformationOf = Callable[[str], Optional[float]]


@dataclass(frozen=True)
class Generalization:
    """The chain tried for a term, each step with its IC, and the one chosen (None: none was below β)."""

    tried: tuple[tuple[Step, Optional[float]], ...]
    chosen: Optional[Step]
    beta: float

    @property
    def chosen_bits(self) -> Optional[float]:
        """The chosen step's IC (None when none was chosen)."""
        return None if self.chosen is None else dict(self.tried)[self.chosen]


def step_bits(step: Step, information_of: InformationOf, by_occurrence: bool = True) -> Optional[float]:
    """The IC of what ``step`` discloses: of its key, or of the class it stands for with
    its members (Resnik's IC of a concept: as probable as its members together, so never
    more informative than one of them). Counted by occurrence, the members' probabilities
    add up; counted by document, a document may hold several, so the most frequent one's
    is taken (at most the class's: its IC is never understated). None: nothing seen."""
    if not step.key:
        return 0.0
    seen = [bits for bits in map(information_of, (step.key, *step.members)) if bits is not None]
    if not seen:
        return None
    if not by_occurrence:
        return min(seen)
    return -math.log2(sum(2.0**-bits for bits in seen))


def generalize(
    kind: TermKind,
    mention: str,
    information_of: InformationOf,
    beta: float,
    masked: frozenset[str] = frozenset(),
    by_occurrence: bool = True,
) -> Generalization:
    """The chain of ``mention`` with each step's IC (step_bits; ``by_occurrence``: how the
    back-end counts), and the first step below ``beta`` that names nothing the text masks
    (``masked``: their keys; "a city in Poland" beside a masked "Poland" would give it away)."""
    tried: list[tuple[Step, Optional[float]]] = []
    for step in steps(kind, mention):
        if step.key in masked:
            continue
        bits = step_bits(step, information_of, by_occurrence)
        tried.append((step, bits))
        if bits is not None and bits < beta:
            return Generalization(tuple(tried), step, beta)
    return Generalization(tuple(tried), None, beta)


_ARTICLE = re.compile(r"^(a|an) ")
#: an indefinite article right before a span: "as an |accountant"
_INDEFINITE_BEFORE = re.compile(r"(?<![\w'’])(an?) $", re.IGNORECASE)
#: the preposition of a day right before a span: "arrested on |4 June 2012"
_ON_BEFORE = re.compile(r"(?<![\w'’])([Oo]n) $")
#: the words before a span, nearest last (up to three)
_WORDS_BEFORE = re.compile(r"((?:[^\W\d_]+[ \t]+){1,3})$")
_SENTENCE_BEFORE = re.compile(r"(^|[.!?]\s+|\n\s*)$")


def _opens_a_noun_phrase(before: str) -> bool:
    """Whether the span opens its noun phrase, so that the step's article goes with it: no
    determiner opens a phrase the span ends, right before it or before up to two words that
    are no function words ("the X", "a British marine X"; not "the time of X"), and no
    modifier that only stands before a noun is right before it ("and former X")."""
    words = _WORDS_BEFORE.search(before)
    nearest = words.group(1).split() if words else []
    if nearest and nearest[-1].lower() in PRENOMINAL_MODIFIERS:
        return False
    for word in reversed(nearest):
        if word.lower() in DETERMINERS:
            return False
        if is_function_word(word) or word.lower() in LINK_WORDS:
            return True
    return True


def written(step: Step, text: str, start: int) -> str:
    """``step`` as it reads at ``start`` of ``text``: without its article after a
    determiner ("the hospital"), with "an" before a vowel, capitalized at a sentence's start."""
    value = step.text
    article = _ARTICLE.match(value)
    if article is not None:
        rest = value[article.end() :]
        value = indefinite(rest) if _opens_a_noun_phrase(text[max(0, start - 40) : start]) else rest
    if _SENTENCE_BEFORE.search(text[max(0, start - 3) : start]) and value[:1].islower():
        value = value[0].upper() + value[1:]
    return value


#: the most entities whose generalization an engine remembers across its texts (a service
#: runs for long; past this, later entities are chosen text by text, as before)
_REMEMBERED = 100_000


def _digest(entity: str) -> bytes:
    return hashlib.blake2b(entity.encode("utf-8"), digest_size=16).digest()


class Generalizer:
    """The generalize operator of one engine: a step's IC from the engine's S1 counter, as a
    term's (a step the corpus never saw is taken as identifying), and the policy's lowest β
    for a term masked whatever its IC (cautious_beta). Its chains are English: an engine of
    another language keeps the placeholders."""

    def __init__(self, engine: Any, language: str) -> None:
        self._engine, self.language = engine, language
        self._bits: dict[str, Optional[float]] = {}  # a class's members are asked for each of its terms
        #: (kind, digest of the entity) -> the step its first text chose, which the entity
        #: keeps in the engine's later texts where it is still allowed (TextGeneralizations.
        #: _choose); a long-lived engine (a service) holds no entity's name for it
        self._chosen_before: dict[tuple[TermKind, bytes], Generalization] = {}

    def chosen_before(self, kind: TermKind, entity: str) -> Optional[Generalization]:
        return self._chosen_before.get((kind, _digest(entity)))

    def remember(self, kind: TermKind, entity: str, chosen: Generalization) -> None:
        if chosen.chosen is not None and len(self._chosen_before) < _REMEMBERED:
            self._chosen_before.setdefault((kind, _digest(entity)), chosen)

    def information_of(self, key: str) -> Optional[float]:
        if key not in self._bits:
            counter = self._engine.counter
            self._bits[key] = information_content(counter.count(key), counter.total(), ZeroCountPolicy.SENSITIVE)
        return self._bits[key]

    @property
    def by_occurrence(self) -> bool:
        return self._engine.counter.backend.unit is CountUnit.OCCURRENCE

    def for_text(
        self, beta_of: Mapping[str, Optional[float]], masked: frozenset[str], related: Mapping[str, str] = {}
    ) -> "TextGeneralizations":
        return TextGeneralizations(self, beta_of, self.cautious_beta(), masked, related)

    def relates(self, key: str, sensitive: str) -> bool:
        """Whether what a step discloses (``key``) is related to the sensitive term S2 removed
        its term for, as S2 decides: its measure, τ and fewest co-occurrences, in its corpus
        ("a city in Poland" for a "Warsaw" removed as Anna Nowak's city would point at her)."""
        from .thresholds import is_related  # thresholds reads the policy, which reads this module

        counter, settings = self._engine.s2_counter, self._engine.s2_settings()
        count_and = counter.count_all([sensitive, key])
        value = relatedness(settings.measure, count_and, counter.count(sensitive), counter.count(key), counter.total())
        return count_and >= settings.min_count and is_related(value, settings.tau)

    def cautious_beta(self) -> float:
        """The β a generalization of a term masked whatever its IC (a date, a place, a
        name) must stay below: the lowest of the policy's β. The policy masks those kinds
        because their IC does not tell how much they identify in context, so their
        generalizations are held to its most cautious IC decision. (Measured on TAB 1-64:
        at the run's β, dates generalized to their year linked three more judgments to
        their applicant with public50; at the lowest β, none: benchmarks/generalize_attack.py.)"""
        thresholds = self._engine.thresholds
        return min([thresholds.beta, *(bits for _, bits in thresholds.kind_betas)])


class TextGeneralizations:
    """The generalizations of one text: one per entity, chosen at its first mention."""

    def __init__(
        self,
        generalizer: Generalizer,
        beta_of: Mapping[str, Optional[float]],
        cautious_beta: float,
        masked: frozenset[str],
        related: Mapping[str, str] = {},
    ) -> None:
        self._generalizer, self._beta_of, self._cautious_beta, self._masked = (
            generalizer,
            beta_of,
            cautious_beta,
            masked,
        )
        self._related = related
        self._chosen: dict[tuple[TermKind, str], Generalization] = {}

    def _choose(self, text: str, replacement: Replacement) -> Generalization:
        """The generalization of ``replacement``'s entity in this text: the step an earlier
        text of the engine chose for it, where it is below this text's β and names nothing
        this text masks (an entity reads alike in every document of a collection, as its
        pseudonym does), else the chain's first step allowed here."""
        beta = self._beta_of.get(replacement.entity)
        bits_below = self._cautious_beta if beta is None else beta
        # its own entity is what the step generalizes: "a court" for a "Court of Appeal"
        # whose other mentions read "the Court" (entity "court") names nothing else the text
        # masks, and its IC still decides; the term itself ("an office" for "the Office")
        # stays masked: it would be written back
        masked = (self._masked - {replacement.entity}) | {replacement.term}
        mention = text[replacement.start : replacement.end]
        sensitive = self._related.get(replacement.entity)
        if sensitive is not None:
            # a term S2 removed for what it discloses: no step may still disclose it
            masked |= {
                step.key
                for step in steps(replacement.kind, mention)
                if step.key and self._generalizer.relates(step.key, sensitive)
            }
        before = self._generalizer.chosen_before(replacement.kind, replacement.entity)
        if before is not None and before.chosen is not None and before.chosen.key not in masked:
            bits = before.chosen_bits
            if bits is not None and bits < bits_below:
                return replace(before, beta=bits_below)
        chosen = generalize(
            replacement.kind,
            mention,
            self._generalizer.information_of,
            bits_below,
            masked,
            self._generalizer.by_occurrence,
        )
        self._generalizer.remember(replacement.kind, replacement.entity, chosen)
        return chosen

    def apply(self, text: str, replacement: Replacement) -> Replacement:
        """``replacement`` (a tag plan's) with its entity's generalization written in, or its
        placeholder kept where no step is below β; either way the chain tried goes with it."""
        if self._generalizer.language != "en" or not has_chain(replacement.kind):
            return replacement  # no chain: the placeholder, as in tag mode
        key = (replacement.kind, replacement.entity)
        chosen = self._chosen.get(key)
        if chosen is None:
            chosen = self._chosen[key] = self._choose(text, replacement)
        if chosen.chosen is None:
            return replace(replacement, generalized=chosen)
        start = replacement.start
        on = _ON_BEFORE.search(text, max(0, start - len("on ")), start) if replacement.kind is TermKind.DATE else None
        if on is not None:
            # a day's "on" is a month's, a year's or a decade's "in" ("on 4 June 2012" → "in the
            # 2010s"): the span takes the preposition in, as it does an article
            preposition = "In" if on.group(1)[0].isupper() else "in"
            value = f"{preposition} {written(chosen.chosen, text, start)}"
            return replace(replacement, start=on.start(), replacement=value, generalized=chosen)
        # the article ends where the span starts, so only its three characters are searched
        # (the look-behind still sees the character before them)
        article = _INDEFINITE_BEFORE.search(text, max(0, start - len("an ")), start)
        if article is not None and _ARTICLE.match(chosen.chosen.text):
            # "an accountant" → "a person": the step's article replaces the text's, which
            # may not agree with it (the span takes the article in; restore puts it back)
            value = chosen.chosen.text  # its own article, by its noun (_indefinite)
            if article.group(1)[0].isupper():
                value = value[0].upper() + value[1:]
            return replace(replacement, start=article.start(), replacement=value, generalized=chosen)
        value = written(chosen.chosen, text, start)
        if article is not None and not _ARTICLE.match(value):
            # "a [Somali] national" → "an African national": the text's article agrees with the value
            agreeing = article_for(value)
            agreeing = agreeing.capitalize() if article.group(1)[0].isupper() else agreeing
            return replace(replacement, start=article.start(), replacement=f"{agreeing} {value}", generalized=chosen)
        return replace(replacement, replacement=value, generalized=chosen)
