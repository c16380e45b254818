"""What the tests of the universal recognizers share: the spans that every recognizer
together finds in a text (``identifier_spans``, overlaps merged), as (text, kind) pairs."""

from __future__ import annotations

from ic_sanitizer.recognizers import identifier_spans, recognizers_for
from ic_sanitizer.terms import TermKind


def _found(text: str) -> list[tuple[str, TermKind]]:
    return [(text[span.start : span.end], span.kind) for span in identifier_spans(text)]


def spans_in(text: str, language: str) -> dict[str, TermKind]:
    """What the recognizers of ``language`` find in ``text``: each span's text and its kind."""
    return {text[span.start : span.end]: span.kind for span in identifier_spans(text, recognizers_for(language))}
