"""A recognizer per national format, all of them answered by one reading of the text
(scan.py): their labels are looked up once for every format."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...terms import TermKind
from .formats import format_example, format_named, national_names
from .scan import identifiers_in


@dataclass(frozen=True)
class NationalRecognizer:
    """The recognizer of one national format (formats.NationalFormat)."""

    name: str
    country: Optional[str]
    kind: TermKind = TermKind.CODE
    languages: Optional[frozenset[str]] = None

    @property
    def summary(self) -> str:
        found = format_named(self.name)
        label = "" if found.strong else f"near {found.labels[0]!r}: " if found.labels else ""
        return f"{label}{format_example(self.name) or '(no documented example)'} — {found.description}"

    def find(self, text: str) -> tuple[tuple[int, int], ...]:
        return identifiers_in(text).get(self.name, ())


def national_recognizers() -> list[NationalRecognizer]:
    """One recognizer per national format, in the order they are tried."""
    return [NationalRecognizer(name, country) for name, country in national_names().items()]
