"""The ``shift`` operator: every date of a document moved by one keyed number of days.

A clinical or legal timeline stays usable (the intervals between dates are kept) while
no date is disclosed. The offset, one to three years either way, is drawn by
HMAC-SHA256 from the key and an anchor: the person the document is about when one is
protected (so that person's documents all shift alike, and so do the intervals between
them), else the document itself. A mention is read as parts: days, month names, years,
weekdays. Each day or month takes the month and year written after it ("3 and 5 May
2010", "March and April 2004"); a date is shifted at the precision it is written (a day,
a month from its middle, a year from its middle) and rewritten in its own form and case
("12 March 1961" gives "26 April 1962", "March 2004" "April 2005", "2004" "2005"). A
mention with a number this cannot place keeps the placeholder: no date stays in clear.
"""

from __future__ import annotations

import calendar
import datetime as dt
import hashlib
import hmac
import re
from dataclasses import dataclass
from typing import Optional

from .compiled_patterns import compiled_pattern
from .lang.en.lexicon import MONTH_ABBREVIATIONS, MONTHS, WEEKDAYS

_MONTH_OF = {name: index + 1 for index, name in enumerate(MONTHS)}
_MONTH_OF.update(
    {
        abbreviation: _MONTH_OF[next(m for m in MONTHS if m.startswith(abbreviation[:3]))]
        for abbreviation in MONTH_ABBREVIATIONS
    }
)
_PART = compiled_pattern(
    r"(?P<iso>\b\d{4}-\d{2}-\d{2}\b)|(?P<numeric>\b\d{1,2}([./-])\d{1,2}\3(?:\d{4}|\d{2})\b)"
    r"|(?P<time>\b\d{1,2}[.:]\d{2}\b)|(?P<year>\b(?:1[0-9]{3}|20[0-9]{2})\b)"
    r"|(?P<day>\b(?:[12][0-9]|3[01]|0?[1-9])(?:st|nd|rd|th)?\b)|(?P<word>\b[A-Za-z]+\b\.?)|(?P<number>\d+)"
)


@dataclass
class _Part:
    kind: str  # "day", "month", "year", "weekday", "numeric" (a whole date in digits)
    start: int
    end: int
    value: int
    text: str


def offset_days(key: bytes, anchor: str) -> int:
    """The anchor's shift, later or earlier: one or two years and 30 to 335 days more, so that
    a date written as its year alone changes year and one written as its month alone
    changes month (a year is shifted from its middle, a month from its 15th)."""
    digest = hmac.new(key, f"date-shift\x00{anchor}".encode(), hashlib.sha256).digest()
    days = 365 * (1 + digest[0] % 2) + 30 + int.from_bytes(digest[1:5], "big") % 306
    return days if digest[5] & 1 else -days


def shift_mention(mention: str, days: int) -> Optional[str]:
    """``mention`` with every date in it moved by ``days``; None when a number in it
    cannot be placed as a day, a year or a time of day."""
    parts = _parts(mention)
    if parts is None or not any(p.kind in ("day", "month", "year", "numeric") for p in parts):
        return None
    year = month = None
    # right to left: a day or a month takes the month and year written after it
    context: dict[int, tuple[Optional[int], Optional[int]]] = {}
    for index in range(len(parts) - 1, -1, -1):
        part = parts[index]
        if part.kind == "year":
            year, month = part.value, None
        elif part.kind == "month":
            month = part.value
        context[index] = (year, month)
    pieces, cursor = [], 0
    for index, part in enumerate(parts):
        year_of, month_of = context[index]
        replacement = _shifted(part, parts, index, year_of, month_of, days)
        if replacement is None:
            return None
        pieces += [mention[cursor : part.start], replacement]
        cursor = part.end
    return "".join(pieces) + mention[cursor:]


def _parts(mention: str) -> Optional[list[_Part]]:
    parts = []
    for match in _PART.finditer(mention):
        group = match.lastgroup
        text = match.group()
        if group in ("iso", "numeric"):
            parts.append(_Part("numeric", match.start(), match.end(), 0, text))
        elif group == "year":
            parts.append(_Part("year", match.start(), match.end(), int(text), text))
        elif group == "day":
            parts.append(_Part("day", match.start(), match.end(), int(text.rstrip("stndrh")), text))
        elif group == "word":
            word = text.rstrip(".").lower()
            if word in _MONTH_OF and (word != "may" or text[0].isupper()):
                parts.append(_Part("month", match.start(), match.end(), _MONTH_OF[word], text))
            elif word in WEEKDAYS:
                parts.append(_Part("weekday", match.start(), match.end(), WEEKDAYS.index(word), text))
        elif group == "number":
            return None  # a number neither a day, a year nor a time: not placed, not shown
    return parts


def _shifted(
    part: _Part, parts: list[_Part], index: int, year: Optional[int], month: Optional[int], days: int
) -> Optional[str]:
    reference_year = year or 2001  # no year written: any common year keeps days and months
    if part.kind == "day":
        if month is None:
            return None
        day = min(part.value, calendar.monthrange(reference_year, month)[1])
        moved = dt.date(reference_year, month, day) + dt.timedelta(days=days)
        return _like(part.text, str(moved.day)) + _suffix(part.text, moved.day)
    if part.kind == "month":
        day = next((p.value for p in parts[index - 1 : index] if p.kind == "day"), 15)
        day = min(day, calendar.monthrange(reference_year, part.value)[1])
        moved = dt.date(reference_year, part.value, day) + dt.timedelta(days=days)
        return _month_name(part.text, moved.month)
    if part.kind == "year":
        after = parts[index - 1] if index else None
        if after is not None and after.kind == "month":
            day = next((p.value for p in parts[index - 2 : index - 1] if p.kind == "day"), 15)
            moved = dt.date(
                part.value, after.value, min(day, calendar.monthrange(part.value, after.value)[1])
            ) + dt.timedelta(days=days)
        else:
            moved = dt.date(part.value, 7, 2) + dt.timedelta(days=days)
        return str(moved.year)
    if part.kind == "numeric":
        return _shift_numeric(part.text, days)
    if part.kind == "weekday":
        following = [p for p in parts[index + 1 : index + 3] if p.kind in ("day", "month")]
        if len(following) == 2 and year is not None and following[1].kind == "month":
            moved = dt.date(year, following[1].value, min(following[0].value, 28)) + dt.timedelta(days=days)
            return _like(part.text, WEEKDAYS[moved.weekday()].capitalize())
        return part.text
    return part.text


def _shift_numeric(text: str, days: int) -> Optional[str]:
    """A date in digits, in its own form: 1961-03-12, 12.03.1961, 12/3/61 (day first unless
    the first number cannot be a month's... the second cannot be: then month first)."""
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    separator = re.search(r"\D", text)
    if separator is None:
        return None
    if len(text) > 4 and text[:4].isdigit():  # ISO: year, month, day
        year, month, day = numbers
        order = "ymd"
    else:
        first, second, year = numbers
        day, month, order = (second, first, "mdy") if second > 12 >= first else (first, second, "dmy")
    short_year = year < 100
    if short_year:
        year += 1900 if year >= 50 else 2000
    try:
        moved = dt.date(year, month, day) + dt.timedelta(days=days)
    except ValueError:
        return None
    widths = [len(n) for n in re.findall(r"\d+", text)]
    values = {"y": moved.year % 100 if short_year else moved.year, "m": moved.month, "d": moved.day}
    fields = [str(values[letter]).zfill(width) for letter, width in zip(order, widths)]
    return separator.group().join(fields)


def _suffix(text: str, day: int) -> str:
    if not text[-2:].isalpha():
        return ""
    return "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _like(original: str, value: str) -> str:
    return "0" + value if original.startswith("0") and len(value) == 1 else value  # "05" stays two digits


def _month_name(original: str, month: int) -> str:
    full = MONTHS[month - 1]
    name = full if original.lower().rstrip(".") in MONTHS else full[:3]
    name = (
        name.upper()
        if original.isupper() and len(original) > 1
        else name.capitalize()
        if original[:1].isupper()
        else name
    )
    return name + ("." if original.endswith(".") else "")
