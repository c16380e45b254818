"""National identifiers (recognizers/national): every format's documented example is found
beside its label, numbers that fail the check are not, Presidio's country entities are all
covered, and ``countries`` limits them."""

from __future__ import annotations

import random
import re

import pytest

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.errors import ConfigurationError
from ic_sanitizer.recognizers.national import format_example, format_named, national_names
from ic_sanitizer.recognizers.national.scan import identifiers_in
from tests.conftest import needs

WITH_EXAMPLE = [name for name in national_names() if format_example(name)]


def _sentence(name: str, number: str) -> str:
    found = format_named(name)
    return f"Reference {number} as written." if found.strong else f"Her {found.labels[0]} is {number} as written."


def _found(text: str) -> set[str]:
    return {text[start:end] for spans in identifiers_in(text).values() for start, end in spans}


def test_most_formats_have_a_documented_example():
    assert len(WITH_EXAMPLE) >= 0.95 * len(national_names()) and len(national_names()) > 200


@pytest.mark.parametrize("name", WITH_EXAMPLE)
def test_each_formats_example_is_found_beside_its_label(name):
    example = format_example(name)
    assert example in _found(_sentence(name, example))


@pytest.mark.parametrize("name", ["us_ssn", "gb_nhs", "in_aadhaar", "pl_pesel", "passport_number"])
def test_without_its_label_a_weak_formats_valid_number_is_not_claimed(name):
    example = format_example(name)
    assert not _found(f"Reference {example} as written.")


def _failing(rng: random.Random, name: str, count: int) -> list[str]:
    """The format's example with its figures drawn at random (letters and separators kept), failing its check."""
    checked = format_named(name)
    drawn = (re.sub(r"\d", lambda _: str(rng.randrange(10)), format_example(name)) for _ in range(count))
    return [number for number in drawn if not checked.is_valid(number)]


def test_numbers_of_each_formats_shape_that_fail_its_check_are_kept_in_sentences_without_a_label():
    rng = random.Random(20261128)
    numbers = [number for name in WITH_EXAMPLE for number in _failing(rng, name, 8)]
    found = sum(bool(_found(f"Reference {number} was filed on Monday.")) for number in numbers)
    assert len(numbers) >= 1000 and found <= 0.01 * len(numbers), (found, len(numbers))


def test_beside_its_label_a_number_that_fails_the_check_is_not_claimed_by_the_format():
    """(Another country's format of the same label may validate it: "CUI" is Peru's and Romania's.)"""
    rng = random.Random(20261129)
    claimed = tried = 0
    for name in (name for name in WITH_EXAMPLE if format_named(name).checked):
        for number in _failing(rng, name, 8):
            text = _sentence(name, number)
            tried += 1
            claimed += any(text[start:end] == number for start, end in identifiers_in(text).get(name, ()))
    assert tried >= 1000 and claimed <= 0.01 * tried, (claimed, tried)


@pytest.fixture(scope="module")
def sanitizer():
    with Sanitizer(Settings(workers=1, language="en")) as opened:
        yield opened


@pytest.mark.parametrize(
    "text, number",
    [
        ("Patient SSN 536-90-4399, seen on Monday.", "536-90-4399"),
        ("His NHS number is 943 476 5919.", "943 476 5919"),
        ("Aadhaar: 2341 2341 2346 (verified).", "2341 2341 2346"),
        ("Codice fiscale RCCMNL83S18D969H, residente a Roma.", "RCCMNL83S18D969H"),
        ("Her passport number is 912803456 and it expires soon.", "912803456"),
        ("NRIC S1234567D was shown at the desk.", "S1234567D"),
    ],
)
def test_an_identifier_is_masked_as_a_code_named_by_its_format(sanitizer, text, number):
    result = sanitizer.sanitize(text)
    assert number not in result.text and "[CODE-1]" in result.text


PRESIDIO_FORMATS = [name for name in WITH_EXAMPLE if format_named(name).presidio]


def test_an_example_of_each_of_presidios_country_entities_is_masked_in_a_sentence(sanitizer):
    """One sentence per format that Presidio has an entity for, its example beside its label."""
    kept = []
    for name in PRESIDIO_FORMATS:
        found = format_named(name)
        text = (
            f"Reference {format_example(name)} noted."
            if found.strong
            else f"The {found.labels[0]} is {format_example(name)} here."
        )
        if format_example(name) in sanitizer.sanitize(text).text:
            kept.append(name)
    assert len(PRESIDIO_FORMATS) >= 40 and kept == []


@pytest.mark.parametrize(
    "text, label, number",
    [
        ("Her PESEL number 44051401359 was leaked.", "PESEL", "44051401359"),
        ("Aadhaar: 2341 2341 2346 (verified).", "Aadhaar", "2341 2341 2346"),
        ("Her BSN is 111222333 according to the file.", "BSN", "111222333"),
    ],
)
def test_a_national_label_before_its_number_stays_in_clear(sanitizer, text, label, number):
    """The reader learns what was removed; a label was read as a name or an organisation."""
    result = sanitizer.sanitize(text).text
    assert label in result and number not in result


def test_countries_limit_the_formats_looked_for(sanitizer):
    text = "Aadhaar: 2341 2341 2346 and NHS number 943 476 5919."
    with Sanitizer(Settings(workers=1, language="en", countries=["gb"])) as british:
        result = british.sanitize(text)
    assert "943 476 5919" not in result.text and "2341 2341 2346" in result.text
    assert "2341 2341 2346" not in sanitizer.sanitize(text).text
    with pytest.raises(ConfigurationError, match="no national format of XX"):
        Settings(countries=["XX"])


@needs("presidio_analyzer", "presidio")
def test_every_country_entity_of_presidio_is_a_format_here():
    """Presidio's country-specific recognizers as installed: each entity they find is found
    by a national format (or, for postcodes and phone numbers, by the universal recognizers)."""
    import importlib
    import inspect
    import pkgutil

    from presidio_analyzer import EntityRecognizer
    from presidio_analyzer.predefined_recognizers import country_specific

    entities = set()
    for info in pkgutil.walk_packages(country_specific.__path__, f"{country_specific.__name__}."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, EntityRecognizer) and cls.__module__ == module.__name__:
                entities.update(getattr(cls, "ENTITIES", None) or [])
                entity = inspect.signature(cls.__init__).parameters.get("supported_entity")
                if entity is not None and isinstance(entity.default, str):
                    entities.add(entity.default)
    universal = {"UK_POSTCODE", "CA_POSTAL_CODE", "DE_PLZ", "ZA_MOBILE_NUMBER", "ZA_TELEPHONE_NUMBER"}
    covered = {entity for name in national_names() for entity in format_named(name).presidio}
    assert len(entities) > 60 and entities - universal <= covered, sorted(entities - universal - covered)


@pytest.mark.parametrize(
    "text, found",
    [
        ("Steuer-ID: 36 574 261 809", "36 574 261 809"),
        ("seine IdNr 36574261809 wurde", "36574261809"),
        ("Steueridentifikationsnummer 36574261809.", "36574261809"),
        ("Steuer-ID: 36 574 261 808", None),  # the checksum fails
        ("Telefon 36574261809", None),  # no label: one number in ten passes the checksum by chance
        ("IdNr 365742618091", None),  # twelve digits
    ],
)
def test_the_german_tax_id_is_found_after_its_label_when_its_checksum_holds(text, found):
    assert [text[start:end] for start, end in identifiers_in(text).get("de_idnr", ())] == ([found] if found else [])


def test_the_formats_are_listed_by_the_recognizers_command_with_their_country():
    import json

    from typer.testing import CliRunner

    from ic_sanitizer.cli.app import app

    result = CliRunner().invoke(app, ["recognizers", "--json"])
    assert result.exit_code == 0, result.stderr
    rows = {row["name"]: row for row in json.loads(result.stdout)["recognizers"]}
    assert rows["de_idnr"]["kind"] == "code" and rows["de_idnr"]["country"] == "DE"
    assert "536-90-4399" in rows["us_ssn"]["summary"] and rows["passport_number"]["country"] is None


def test_presidios_entity_names_are_answered_for_national_identifiers(sanitizer):
    from ic_sanitizer.service.presidio import analyzer_results, supported_entities

    text = "SSN 536-90-4399; card 4111 1111 1111 1111; passport no. 912803456."
    result = sanitizer.sanitize(text)
    found = {text[r["start"] : r["end"]]: r["entity_type"] for r in analyzer_results(result)}
    assert found["536-90-4399"] == "US_SSN" and found["4111 1111 1111 1111"] == "CREDIT_CARD"
    uk = analyzer_results(result, entities=["UK_PASSPORT"])
    assert [(text[r["start"] : r["end"]], r["entity_type"]) for r in uk] == [("912803456", "UK_PASSPORT")]
    assert {"US_SSN", "UK_NHS", "IN_AADHAAR", "UK_PASSPORT"} <= set(supported_entities())
