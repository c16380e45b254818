"""Clinical measurements (recognizers/universal/measurements.py): values with their unit
or their label are measurements, numbers without a measurement label are not."""

from __future__ import annotations

import pytest

from ic_sanitizer.terms import TermKind
from tests.sanitizer.recognizer_cases import _found


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Rheumatoid factor was 86 IU/mL on admission.", "86 IU/mL"),
        ("It was raised at 48 mm/hr today.", "48 mm/hr"),
        ("His ESR was 48 mm/hr today.", "ESR was 48 mm/hr"),
        ("Glucose 5.2 mmol/L fasting.", "Glucose 5.2 mmol/L"),
        ("Given 40MEQ KCL and lasix 20mg iv.", "40MEQ"),
        ("Foley to gravity, uo 50cc/hr.", "uo 50cc/hr"),
        ("CV: HR 80S NSR WITH NO ECTOPY.", "HR 80S"),
        ("Seen at 10:00, BP 130/85, stable.", "BP 130/85"),
        ("Afebrile, temp: 37.1 overnight.", "temp: 37.1"),
        ("Repleted for K 3.8 this morning.", "K 3.8"),
        ("Sats 96% on room air.", "Sats 96%"),
        ("GCS 15, pupils equal.", "GCS 15"),
        ("HR 90s-100s, occ PVCs.", "HR 90s-100s"),
        ("BP 98-110/50-60 on neo.", "BP 98-110/50-60"),
        ("ABG 7.38/42/98 on these settings.", "ABG 7.38/42/98"),
        ("Intubated on AC 500x14, PEEP 5.", "AC 500x14"),
        ("PUPILS 3MM PERRL.", "PUPILS 3MM"),
        ("Had VNA services 2x/week at home.", "2x/week"),
        ("Hypoxic on RA, BNP 2,140 on arrival.", "BNP 2,140"),
        ("ZOSYN 4.5G IV Q8H.", "4.5G"),
    ],
    ids=[
        "laboratory-unit-per-volume",
        "per-hour",
        "label-verb-and-value",
        "millimoles-per-litre",
        "dose-in-capitals",
        "label-and-rate",
        "heart-rate-decade",
        "blood-pressure-ratio",
        "label-with-colon",
        "one-letter-label-with-decimals",
        "percentage-after-label",
        "score",
        "range-of-decades",
        "ratio-of-ranges",
        "readings-over-slashes",
        "volume-times-rate",
        "size-in-millimetres",
        "times-a-week",
        "thousands-with-a-comma",
        "grams-given-by-a-route",
    ],
)
def test_values_with_their_unit_or_label_are_measurements(text, expected):
    assert (expected, TermKind.MEASUREMENT) in _found(text)


@pytest.mark.parametrize(
    "text",
    [
        "The judgment ECLI:NL:HR:2005:AB1234.",
        "See Annex K 3 of the treaty.",
        "He will be 18 in May.",
        "The patient, pt 1234567, was admitted.",
        "Interest at a rate of 5% a year.",
    ],
    ids=["code-part", "one-letter-label-whole-number", "verb-before-number", "record-number-after-label", "no-label"],
)
def test_numbers_without_a_measurement_label_are_no_measurements(text):
    assert all(kind is not TermKind.MEASUREMENT for _, kind in _found(text))
