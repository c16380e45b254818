"""What the tests of the universal recognizers share: the spans that every recognizer
together finds in a text (``identifier_spans``, overlaps merged), as (text, kind) pairs."""

from __future__ import annotations

from ic_sanitizer.recognizers import identifier_spans
from ic_sanitizer.terms import TermKind


def _found(text: str) -> list[tuple[str, TermKind]]:
    return [(text[span.start : span.end], span.kind) for span in identifier_spans(text)]
