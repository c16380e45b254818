"""Options of the web back-ends, parsed from the spec argument: "NAME:key=value,key=value"."""

from __future__ import annotations

import os
from typing import Optional

from .errors import BackendUnavailableError


def parse_options(name: str, argument: Optional[str], allowed: dict[str, type]) -> dict:
    options: dict = {}
    for item in filter(None, (argument or "").split(",")):
        key, sep, value = item.partition("=")
        if not sep or key not in allowed:
            raise BackendUnavailableError(f"back-end {name!r} takes options {', '.join(sorted(allowed))} "
                                          f"as {name}:key=value,...")
        try:
            options[key] = allowed[key](value)
        except ValueError:
            raise BackendUnavailableError(f"back-end {name!r}: option {key} has a bad value") from None
    return options


def key_from_environment(name: str, variable: str) -> str:
    """An API key, from the environment only: never from the command line, a file of
    ours, a report or a log."""
    key = os.environ.get(variable, "").strip()
    if not key:
        raise BackendUnavailableError(f"back-end {name!r} needs an API key in the environment variable {variable}")
    return key
