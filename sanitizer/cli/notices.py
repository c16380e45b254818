"""One line on stderr for every option the user gave that would change nothing.

The engine says which of its settings are inert (inert_settings.py); the options that
live only in the CLI (which fields of a structured file, key files, per-document names)
are checked here. Only options the user gave count: a default that does nothing is not
the user's doing.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from ..formats.kinds import Document
from ..formats.sanitizing import texts_to_sanitize
from ..inert_settings import inert_settings
from ..pipeline import Sanitizer
from .common import as_flags, stderr

#: CLI parameters whose setting has another name in the API (engine_options.py)
_API_NAMES = {
    "no_cache": "use_cache",
    "rate": "rate_limit",
    "ws": "w",
    "betas": "beta",
    "beta_terms": "beta_term",
    "pseudonym_key_file": "pseudonym_key",
}


def note(message: str) -> None:
    """One line on stderr (a message whose `parameters` are shown as the CLI's flags); none with -q."""
    stderr.print(f"note: {' '.join(as_flags(message).split())}", markup=False)


def announce_inert_settings(sanitizer: Sanitizer, given: Iterable[str], names_per_document: bool = False) -> None:
    for message in inert_settings(sanitizer, {_API_NAMES.get(name, name) for name in given}, names_per_document):
        note(message)


def announce_inert_outputs(
    given: Iterable[str],
    documents: Sequence[Document],
    protected_names: Mapping[str, Sequence[str]],
    document_ids: Sequence[str],
) -> None:
    """The sanitize command's own options: fields, per-document names, subjects."""
    given = set(given)
    structured = any(d.layout is not None and d.layout.kind in ("jsonl", "json", "csv", "tsv") for d in documents)
    for option, flag in (
        ("fields", "--field"),
        ("on_bad_record", "--on-bad-record"),
        ("subject_field", "--subject-field"),
    ):
        if option in given and documents and not structured:
            note(f"{flag} has no effect: no input of this run is a .jsonl, .json, .csv or .tsv file")
    texts = sum(len(texts_to_sanitize(d)) for d in documents)
    for option, flag in (("subject_field", "--subject-field"), ("subjects", "--subjects")):
        if option in given and documents and structured is (option == "subject_field") and texts < 2:
            note(f"{flag} has no effect: a run of one text is no collection")
    if "report_format" in given and "report" not in given:
        note("--report-format has no effect: it says what --report writes")
    if "protected_names" in given and protected_names and not set(protected_names) & set(document_ids):
        note(
            "--protected-names has no effect: no document of this run is named in it "
            "(a document's id is its file name without the suffix)"
        )
