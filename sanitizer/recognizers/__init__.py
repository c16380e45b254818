"""Recognizers: spans found in a text by their form, each a unit with a name, a kind, the
languages it reads and, for a national identifier, its country.

| recognizer | kind | module |
|---|---|---|
| email, url, phone, phone_extension | EMAIL, URL, PHONE | universal/contact.py (phone: ``phonenumbers``; a pager's or an extension's number by its word) |
| iban, payment_card | ACCOUNT | universal/accounts.py (``stdnum``) |
| case_number | CODE | universal/codes.py |
| date, time_of_day | DATE, TIME | universal/dates.py |
| age, age_after_name, age_of_a_person, amount, duration, measure, percentage | AGE, AMOUNT, QUANTITY, NUMBER | universal/quantities.py |
| labelled_value, dose_or_lab_value | MEASUREMENT | universal/measurements.py |
| rank | RANK | universal/ranks.py |
| street_address, postcode, coordinates | LOCATION | universal/addresses.py |
| ipv4, ipv6 | CODE | universal/network.py (``ipaddress``) |
| mac_address, credential, account_handle, vehicle_registration | CODE | universal/credentials.py |
| other_script | NAME | universal/scripts.py |
| work_in_list, work_after_its_noun | WORK | universal/works.py (a list of works; a title between its noun and its year, in any case) |
| speaker | PERSON | universal/speakers.py (a transcript's speakers: "[09:14] sam: ...") |
| us_ssn, gb_nhs, de_idnr, passport_number, ... (over 200) | CODE | national/ (stdnum's country modules and shapes.tsv, one table each) |
| de_date, de_street_address, de_postcode | DATE, LOCATION | de/ |
| es_... (form fields, documents, phones, dates, addresses, persons' attributes) | by field | es/ |
| ja_date, ja_phone, ja_postcode, ja_address, ja_individual_number | DATE, PHONE, LOCATION, CODE | ja/ |

``sanitizer recognizers`` lists every one with its kind, scope and an example.

Public references ("Article 6 § 1", "[2008] EWHC 860 (QB)") are found here too
(public_references.py): a layer of their own, kept readable. What every recognizer
shares: anchored patterns (pattern_tools.py), span trimming (span_cleaning.py), form
labels (field_labels.py). Overlapping spans are merged by kind priority
(``terms.KIND_PRIORITY``).
"""

from __future__ import annotations

from .base import PatternRecognizer, Recognizer
from .registry import RECOGNIZERS, identifier_spans, recognizers_for

__all__ = ["PatternRecognizer", "RECOGNIZERS", "Recognizer", "identifier_spans", "recognizers_for"]
