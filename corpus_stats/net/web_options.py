"""Options of the web back-ends, parsed from the spec argument: "NAME:key=value,key=value".

Every value is checked when the back-end is opened, before any query is sent: a paid
query must never be spent on a run that an option dooms.
"""

from __future__ import annotations

import math
import os
from typing import Any, Callable, Optional

from ..errors import BackendUnavailableError

#: parses one option's text; raises ValueError saying what a good value is
OptionParser = Callable[[str], Any]


def page_total(value: str) -> int:
    """N of a search engine: a finite number of pages, at least 1 (11e9 is fine)."""
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not math.isfinite(number) or number < 1:
        raise ValueError("must be a number of pages, at least 1 (e.g. 11e9)")
    return int(number)


def int_between(low: int, high: int) -> OptionParser:
    def parse(value: str) -> int:
        try:
            number = int(value)
        except ValueError:
            number = low - 1
        if not low <= number <= high:
            raise ValueError(f"must be a whole number in {low}..{high}")
        return number

    return parse


def non_empty(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


def parse_options(backend: str, argument: Optional[str], allowed: dict[str, OptionParser]) -> dict:
    options: dict = {}
    for item in filter(None, (argument or "").split(",")):
        key, sep, value = item.partition("=")
        if not sep or key not in allowed:
            raise BackendUnavailableError(
                f"back-end {backend!r} takes options {', '.join(sorted(allowed))} as {backend}:key=value,..."
            )
        try:
            options[key] = allowed[key](value)
        except ValueError as exc:
            raise BackendUnavailableError(f"back-end {backend!r}: option {key} {exc}") from None
    return options


def key_from_environment(name: str, variable: str) -> str:
    """An API key, from the environment only: never from the command line, a file of
    ours, a report or a log."""
    key = os.environ.get(variable, "").strip()
    if not key:
        raise BackendUnavailableError(f"back-end {name!r} needs an API key in the environment variable {variable}")
    return key
