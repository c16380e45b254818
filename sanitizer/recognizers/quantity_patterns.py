"""Patterns for numbers with what they count: ages, sums of money, durations, measures
and percentages, with numbers in digits ("12,500.50") or in words ("twenty-one",
"three hundred and fifty").

Every pattern starts where a number cannot be continuing (no letter, digit or numeric
separator just before it: the lead, see pattern_tools), so that a run of digits is tried
once, not from each of its digits; repetitions have items told apart by their first
character, and those that may fail after them are bounded, so that matching
stays linear in the length of the text (benchmarks/recognizers.py tries pathological
inputs).
"""

from __future__ import annotations

from ..lang.en.common_words import PERSONAL_POSSESSIVES
from ..lang.en.lexicon import DECADES_OF_LIFE, SCALE_WORDS, TEEN_WORDS, TENS_WORDS, UNIT_WORDS
from .pattern_tools import anchored, either_case_initial

#: What may stand before a number: not a letter, a digit or a numeric separator.
LEAD = r"[^\w.,/+\-\u2013]"

_UNITS = "|".join(UNIT_WORDS)
_TEENS = "|".join(TEEN_WORDS)
_TENS = "|".join(TENS_WORDS)
_BELOW_HUNDRED = rf"(?:(?:{_TENS})(?:[-\s](?:{_UNITS})\b)?|(?:{_TEENS}|{_UNITS})\b)"
_SCALE_WORDS = rf"(?:{'|'.join(SCALE_WORDS)})\b"
#: "twenty-one", "three hundred", "two thousand five hundred", "one hundred and fifty"
_FIRST_BELOW_HUNDRED = (
    rf"(?:(?:{either_case_initial(_TENS)})(?:[-\s](?:{_UNITS})\b)?"
    rf"|(?:{either_case_initial(_TEENS + '|' + _UNITS)})\b)"
)
WORD_NUMBER = (
    rf"\b(?:{_FIRST_BELOW_HUNDRED}(?:\s+{_SCALE_WORDS}(?:\s+(?:and\s+)?{_BELOW_HUNDRED})?){{0,4}}"
    rf"|[Aa]n?\s+{_SCALE_WORDS})"
)
#: "12", "1,018", "219.41", "0,5"
DIGITS = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)(?!\d)"
NUMBER = rf"(?:{DIGITS}|{WORD_NUMBER})"
#: A quick look at the first letters of a number in words.
_WORD_NUMBER_START = (
    r"(?:[Tt](?:en|wo|hree|welve|hirt|wenty)|[Ff](?:our|ive|ift|ort)|[Ss](?:ix|even)"
    rf"|[Ee](?:ight|leven)|[Nn]in|[Oo]ne|[Aa]n?\s+{_SCALE_WORDS})"
)
_NUMBER_START = rf"\d|{_WORD_NUMBER_START}"
# A range's dash: a hyphen or an en dash, spaced or not, or an em dash written close ("70—80");
# an em dash between spaces opens an aside ("order #88213 — 3 weeks now"), no range.
_DASH = r"(?:\s*[-\u2013]\s*|\u2014)"
# "two to four", "70-80", "401, 515 and 397"
_RANGE = rf"(?:{_DASH}|\s+(?:to|or|and)\s+)"
_LIST = rf"(?:,\s+|{_DASH}|\s+(?:to|or|and)\s+)"

_TIME_UNIT = rf"(?:{either_case_initial('years?|months?|weeks?|days?|hours?|minutes?|seconds?|decades?|seasons?')})\b"
_AGE_UNIT = rf"(?:{either_case_initial('years?|months?|weeks?|days?')})"

_POSSESSIVE = either_case_initial("|".join(sorted(PERSONAL_POSSESSIVES)))
#: "her mid-twenties", "his early forties": a decade of someone's life (a possessive before it
#: tells it from "the twenties" of a century, "teens" in a park)
_DECADE_OF_LIFE = (
    rf"(?:{_POSSESSIVE})\s+(?:(?:early|mid|late)[\s\-\u2010]*)?"
    rf"(?:{'|'.join(DECADES_OF_LIFE)})\b"
)

AGE = anchored(
    LEAD,
    rf"{_NUMBER_START}|[Aa]ge|(?:{_POSSESSIVE})\s",
    (
        rf"{NUMBER}[\s\-\u2010]*{_AGE_UNIT}[\s\-\u2010]*old\b"  # 34 years old, 9-year-old
        rf"|{NUMBER}\s+{_AGE_UNIT}\s+of\s+age\b"  # two years of age
        r"|\d{1,3}[ \u00a0]?(?:y/o|y\.o\.|yo\b|yrs?[ \u00a0]+old\b)"  # 62 y/o, 62yo (clinical notes)
        rf"|(?:[Aa]ged|[Aa]ge\s+of|[Aa]ge)\s+{NUMBER}(?:\s+{_AGE_UNIT}\b(?:\s+old\b)?)?"  # aged 34, the age of 65
        rf"|{_DECADE_OF_LIFE}"
        r"|\d{2}[ \u00a0]?[MmFf](?=\))"  # (34f), (19 M): an age and a sex, as forums give them
    ),
)

_CURRENCY_CODE = (
    r"\b(?:EUR|USD|GBP|CHF|TRY|TRL|RUB|RUR|UAH|PLN|HRK|RON|ROL|BGN|CZK|HUF|SEK|DKK|NOK|ISK|JPY|CNY"
    r"|CAD|AUD|NZD|INR|ZAR|BAM|MKD|RSD|AMD|AZN|GEL|MDL|BYN|BYR|KZT|LTL|LVL|EEK|SKK|SIT|CYP|MTL"
    r"|GRD|ESP|PTE|FRF|DEM|ITL|NLG|BEF|ATS|FIM|IEP|LUF|XEU|ECU)\b"
)
_CURRENCY_SYMBOL = r"(?:(?:US|C|A|NZ|HK)?\$|[\u20ac\u00a3\u00a5\u20ba\u20bd\u20b4\u20b9\u20aa])"
_CURRENCY_ADJECTIVE = (
    r"(?:US|Swiss|Swedish|Danish|Norwegian|Icelandic|Finnish|Turkish|Polish|Czech|Slovak|Hungarian"
    r"|Russian|Ukrainian|Croatian|Romanian|Bulgarian|Slovenian|Serbian|Macedonian|Bosnian|Moldovan"
    r"|Georgian|Armenian|Azerbaijani|Lithuanian|Latvian|Estonian|French|Belgian|Luxembourg|German"
    r"|Italian|Spanish|Portuguese|Greek|Irish|Dutch|Austrian|Maltese|Cypriot|Canadian|Australian"
    r"|Japanese|new|old)"
)
_CURRENCY_NAMES = (
    r"euros?|dollars?|pounds?(?:\s+sterling)?|sterling|francs?|deutsche?\s*marks?|[Dd]-?marks?|marks?"
    r"|kronor|kroner|kronur|kronas?|krone|korun[ay]?|crowns?|zlotys?|zlotych|z\u0142oty|z\u0142otych"
    r"|roubles?|rubles?|hryvni?as?|hryvnyas?|liras?|lire|lei|leu|levs?|leva|kunas?|forints?|tolars?"
    r"|denars?|dinars?|drachmas?|drachmae|escudos?|pesetas?|guilders?|schillings?|shillings?|pence"
    r"|cents?|yen|yuan|rupees?|lari|drams?|manats?|tenge|litai|litas|lats|lati|kroons?|krooni|markkaa"
)
_CURRENCY_WORD = rf"(?:{_CURRENCY_ADJECTIVE}\s+)?(?:{either_case_initial(_CURRENCY_NAMES)})\b"
# After a currency code or symbol a space may separate thousands: "EUR 6 850 000".
_MONEY_DIGITS = (
    r"(?:\d{1,3}(?:(?:,\d{3})+(?:\.\d+)?|(?:\.\d{3})+(?:,\d+)?|(?:[ \u00a0\u202f]\d{3})+"
    r"(?:[.,]\d+)?)(?!\d)|\d+(?:[.,]\d+)?(?!\d))"
)
_MONEY_SCALE = r"(?:\s+(?:million|billion|thousand)\b|(?:bn|m)\b)"
_CURRENCY_FIRST = rf"(?:{_CURRENCY_CODE}|{_CURRENCY_SYMBOL})\s?{_MONEY_DIGITS}{_MONEY_SCALE}?"
# Two sums joined by "and" are two amounts ("DKK 900,000 and DKK 200,000"); a range is one.
_MONEY_RANGE = rf"(?:{_DASH}|\s+to\s+)"
# In a list of sums before the currency ("401, 515 and 397 kronor") a year is not one of
# them ("for 1980 and 1,325 kronor").
_LISTED_SUM = rf"(?!(?:1[89]|20)\d\d(?!\d|[.,]\d)){NUMBER}"
AMOUNT = anchored(
    LEAD,
    rf"[A-Z]{{3}}\s?\d|{_CURRENCY_SYMBOL}|{_NUMBER_START}",
    (
        rf"{_CURRENCY_FIRST}(?:{_MONEY_RANGE}{_CURRENCY_FIRST})?"  # EUR 736,000, £5,000
        rf"|(?:{_LISTED_SUM}(?:{_LIST}{_LISTED_SUM}){{0,3}}{_LIST})?{NUMBER}"  # 401, 515 and 397
        rf"{_MONEY_SCALE}?\s*(?:{_CURRENCY_WORD}|{_CURRENCY_CODE})(?:\s*\({_CURRENCY_CODE}\))?"  # kronor (SEK)
    ),
)

_DURATION_ITEM = rf"{NUMBER}(?:{_RANGE}{NUMBER})?[\s\-\u2010]+{_TIME_UNIT}"
#: "three years", "twelve years and six months" (of a sentence: the word "imprisonment"
#: after it says nothing about the person and stays), "fifteen-year", "two to four years"
DURATION = anchored(
    LEAD, _NUMBER_START, (rf"{_DURATION_ITEM}(?:(?:,\s*|\s+)(?:and\s+)?{NUMBER}[\s\-\u2010]+{_TIME_UNIT}){{0,4}}")
)

_MEASURE_UNIT = (
    r"(?:sq\.\s?(?:m|km|ft)\b|(?:k?m|cm)[\u00b2\u00b3]|(?:km|cm|mm|kg|ha|ft|km/h|mph|lbs?|oz)\b|m[23]\b|g\b"
    r"|(?:square\s+(?:metres?|meters?|kilometres?|kilometers?|feet|foot|miles?)|cubic\s+(?:metres?|meters?)"
    r"|hectares?|acres?|kilometres?|kilometers?|metres?|meters?|centimetres?|centimeters?|millimetres?"
    r"|millimeters?|miles?|feet|foot|inches|inch|yards?|kilos?|kilogrammes?|kilograms?|grammes?|grams?"
    r"|tonnes?|tons?|litres?|liters?|gallons?)\b)"
)
#: a dose's or a clinical laboratory's units: "5 mg", "86 IU/mL", "5.2 mmol/L", "120 mmHg",
#: "40 mEq", "50 cc/hr", "2 L", "10 units", "37.1 °C" (matched in any case: notes in capitals)
CLINICAL_UNIT = (
    r"(?i:(?:mm/hr?\b|mg|mcg|[\u00b5\u03bc]g|ng|pg|iu|mmol|[\u00b5\u03bcu]mol|nmol|pmol|meq|ml|dl|cc|mmhg|cmh2o|bpm|gtts?"
    r"|gm|units?|u(?=/)|milligrams?|micrograms?|millilitres?|milliliters?)\b|\u00b0\s?[CF]\b|[Ll]\b)"
    # per a unit of volume, mass or time: "mg/dL", "mm/hr", "mg/kg", "L/min"
    r"(?i:/(?:L|mL|dL|kg|h|hr|hrs|min|day|d|wk|week)\b)?"
)
#: a height in feet and inches: 5'7", 6′ 2″
FEET_AND_INCHES = r"\d[\u2032'][ \u00a0]?\d{1,2}(?:\"|''|\u2033)"
#: "219.41 sq. m", "220 square metres", "0.5 grams", "160 lbs", 5'7"
MEASURE = anchored(LEAD, _NUMBER_START, rf"{NUMBER}(?:{_RANGE}{NUMBER})?\s?{_MEASURE_UNIT}|{FEET_AND_INCHES}")
#: how a dose is given, which makes grams a dose: "4.5 g IV"
_ROUTE = r"(?i:iv|ivpb|po|pr|sl|im|sc|sq)\b"
#: how often, as a record writes it: "2x/week", "3x/day"
_TIMES_PER = r"(?i:x\s?/\s?(?:day|d|wk|week|month|mo)\b)"
#: "5 mg", "10MG", "40 mEq", "50cc/hr", "2L", "37.1 °C", "4.5G IV", "2x/week"
DOSE_OR_LAB_VALUE = anchored(
    LEAD, r"\d", rf"{DIGITS}(?:{_DASH}{DIGITS})?\s?(?:{CLINICAL_UNIT}|(?i:g)(?=[ \t]+{_ROUTE})|{_TIMES_PER})"
)

#: "40%", "35 percent", "70-80 per cent", "forty per cent"
PERCENTAGE = anchored(LEAD, _NUMBER_START, rf"{NUMBER}(?:{_RANGE}{NUMBER})?\s?(?:%|(?:per\s?cent|percent)\b)")
