"""National identifiers of every country python-stdnum validates, and the shapes of other
countries' documents that it does not (passports, driving licences), as recognizer units
generated from two tables (formats.py), not one module per country.

A number is an identifier of a format when a label of that format stands near it ("SSN",
"NHS number", "Personalausweis", the names stdnum's module gives its format) and its
check digits validate (stdnum's ``is_valid``, or checks.py); a format whose shape and
check are unmistakable on their own (a strong one: the Italian codice fiscale) needs no
label. Each format is a recognizer of kind ``code`` named by its country and format
("us_ssn", "in_aadhaar"), which the report shows; `sanitizer recognizers` lists each
with an example, and the ``countries`` setting keeps those of the countries asked.
"""

from __future__ import annotations

from .formats import NationalFormat, format_example, format_labels, format_named, national_names
from .recognizers import NationalRecognizer, national_recognizers

__all__ = [
    "NationalFormat",
    "NationalRecognizer",
    "format_example",
    "format_labels",
    "format_named",
    "national_names",
    "national_recognizers",
]
