"""The review page: every decision of a run shown in one self-contained HTML file, where a
reviewer accepts or declines each candidate; the decisions it exports are applied by
``sanitizer sanitize --decisions`` and converted to phrase lists or gold spans.

- ``data``: the spans the page shows, and the text a set of decisions gives;
- ``page``: the HTML file (assets/ holds its template, style and script);
- ``decisions``: the decisions file, read, checked, applied and converted;
- ``inputs``: the documents of a review and their names in decisions files.
"""

from .data import (
    PREVIEWED_MODES,
    ReviewDocument,
    ReviewSpan,
    previewed,
    review_document,
    review_settings,
    reviewed_text,
)
from .decisions import Decisions, check_documents, check_settings, decided_replacements, decided_text, load_decisions
from .page import review_page, write_review_page

__all__ = [
    "PREVIEWED_MODES",
    "Decisions",
    "ReviewDocument",
    "ReviewSpan",
    "check_documents",
    "check_settings",
    "decided_replacements",
    "decided_text",
    "load_decisions",
    "previewed",
    "review_document",
    "review_page",
    "review_settings",
    "reviewed_text",
    "write_review_page",
]
