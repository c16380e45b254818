"""Measurements: a value with its unit or its label, which says how a body or a thing
measured and not who it is ("BP 130/85", "HR 72", "temp 37.1", "K 3.8", "sats 96%",
"5 mg", "40 mEq", "50 cc/hr"). They are kept by the shipped policies (kind
``measurement``); an identifying number next to them is still found by its own form.

A labelled value is a label of the measurement word list (lang/en/word_lists/
measurement_labels.txt, matched in any case) and after it, past a blank, a colon or an
equals sign (a label joined to its figures is a code: "CR0 2RF"), a value of at most
four figures or thousands written with a comma ("2,140"; a record number is longer), a
range ("80-90"), a decade ("80s", "90s-100s"), readings over slashes ("130/85",
"98-110/50-60", "7.38/42/98") or a ventilator's volume times rate ("500x14"), with a unit
or a percent sign.
A one-letter label ("K", "T") takes only a value with decimals ("K 3.8", "T 37.1"), so
"Annex K 3" or "grade T 2" are no measurements. A letter's prose may put a verb or "of"
between them ("her BP was 148/86", "a temperature of 38.2"): then the value reads as a
measurement (a slash, decimals or a unit).
"""

from __future__ import annotations

import functools
import re

from ...lang.en import data_file
from ...terms import TermKind
from .. import quantity_patterns
from ..base import ENGLISH, Bounds, PatternRecognizer, body
from ..pattern_tools import anchored


@functools.cache
def measurement_labels() -> frozenset[str]:
    """The labels a measured value follows, in lower case (the word list's lines)."""
    text = data_file("word_lists/measurement_labels.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


def _two_word_labels() -> str:
    """The labels of two words ("o2 sat", "heart rate"), an alternation tried before a word
    alone; a label of one word is any word, looked up in the list once matched (a regex
    alternation of the whole list is tried word by word, and costs a tenth of every
    recognizer's time)."""
    labels = sorted((label for label in measurement_labels() if " " in label), key=lambda label: (-len(label), label))
    return "|".join(re.escape(label).replace(r"\ ", r"[ \t]+") for label in labels)


#: at most four figures, or thousands written with a comma ("BNP 2,140", "plt 150,000")
_FIGURES = r"(?:\d{1,3},\d{3}|\d{1,4})(?:\.\d+)?(?!\d|,\d)"
_DECADE = r"(?:['\u2019]?[sS](?![^\W\d_]))?"  # "80s", "90S"
_READING = rf"{_FIGURES}{_DECADE}(?:[ \t]*(?:-|\u2013|to)[ \t]*{_FIGURES}{_DECADE})?"
# a reading, or readings of one test over slashes ("130/85", "98-110/50-60", "7.38/42/98"),
# or a ventilator's volume times rate ("500x14")
_VALUE = (
    rf"{_READING}(?:/{_READING}){{0,3}}(?:x\d{{1,2}})?"
    rf"(?:[ \t]?(?:%|\u00b0[ \t]?[CFcf]\b|{quantity_patterns.CLINICAL_UNIT}|(?i:mm|cm|kg|g)\b))?"
)


#: what a letter's prose puts between a label and its value: "her BP was 148/86", "a
#: temperature of 38.2"; then the value must read as a measurement (readings over a slash,
#: decimals, a unit): "pt is 67" is an age
_VERBS = ("was", "is", "were", "are", "of", "remains", "remained")
_MEASURED = re.compile(r"[/.%\u00b0]|[^\W\d_]")


def _labelled_value(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    label = " ".join(match.group("label").lower().split())
    value = match.group("value")
    if label not in measurement_labels() or (len(label) == 1 and "." not in value):
        return None
    if match.group("verb") and not _MEASURED.search(value.rstrip("sS")):
        return None
    return start, end


def _labelled_pattern() -> re.Pattern:
    return anchored(
        r"[\s(\[,;]",  # a label opens a word that nothing joins to the one before: not "ECLI:NL:HR:2005"
        r"[A-Za-z]",
        rf"(?P<label>(?i:{_two_word_labels()})|[A-Za-z][A-Za-z0-9/]{{0,11}})"
        rf"(?:[ \t]*[:=][ \t]*|[ \t]+(?:(?P<verb>{'|'.join(_VERBS)})[ \t]+)?)"
        rf"(?P<value>{_VALUE})(?![\w/:]|[.\-]\d)",
    )


LABELLED_VALUE = PatternRecognizer(
    "labelled_value",
    TermKind.MEASUREMENT,
    _labelled_pattern(),
    _labelled_value,
    summary="BP 130/85, HR 72, temp 37.1, K 3.8, sats 96%",
    languages=ENGLISH,
)
DOSE_OR_LAB_VALUE = PatternRecognizer(
    "dose_or_lab_value",
    TermKind.MEASUREMENT,
    quantity_patterns.DOSE_OR_LAB_VALUE,
    summary="5 mg, 40 mEq, 50 cc/hr, 5.2 mmol/L, 37.1 °C",
    languages=ENGLISH,
)
