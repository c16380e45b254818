"""What `sanitize` is given per document besides its text: names to protect (--protected-names),
another system's spans (--candidates) and whom it is about (--subjects), each keyed by the
document's id (its file name without the suffix), or a record's subject field (--subject-field)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Sequence

from ..documents import Document, document_id
from ..errors import InputError
from ..formats.sanitizing import subjects_of, texts_to_sanitize
from ..option_files import read_option_json
from .notices import note


@dataclass(frozen=True)
class PerDocument:
    names: dict[str, list[str]] = field(default_factory=dict)
    #: document id -> its spans; only documents read as one unchanged text
    candidates: dict[str, list[Any]] = field(default_factory=dict)
    #: document id -> whom it is about (--subjects)
    subjects: dict[str, str] = field(default_factory=dict)

    def subjects_per_text(self, documents: Sequence[Document]) -> Optional[list[Optional[str]]]:
        """Whom each text of the run is about: its record's subject field, else its document's
        subject (--subjects); None when neither names any (the collection then counts
        documents). Texts left without one are said in one line: their words make no term
        common (collection.py)."""
        named = self.subjects or any(d.layout is not None and d.layout.subjects for d in documents)
        if not named:
            return None
        subjects = [
            subject if subject is not None else self.subjects.get(document_id(d.name))
            for d in documents
            for subject in subjects_of(d)
        ]
        missing = sum(subject is None for subject in subjects)
        if missing:
            note(
                f"subjects: {missing} of {len(subjects)} texts have none (--subject-field, --subjects); "
                "their words make no term common in the collection"
            )
        return None if missing == len(subjects) else subjects

    def per_text(self, documents: Sequence[Document]) -> Optional[list[list[Any]]]:
        """Each text's candidate spans, in the order the engine gets the documents' texts."""
        if not self.candidates:
            return None
        return [
            self.candidates.get(document_id(d.name), []) if len(own) == 1 else []
            for d in documents
            for own in [texts_to_sanitize(d)]
            for _ in own
        ]


def read_candidates(path: Optional[Path], documents: Sequence[Document]) -> dict[str, list[Any]]:
    """--candidates: {doc_id: spans}, kept for the documents read as one text equal to the
    file's (a structured file, or a text whose invisible characters were removed, would
    shift the offsets: said in one line, never applied wrong)."""
    if path is None:
        return {}
    data = read_option_json(path, "candidates")
    if not isinstance(data, dict) or not all(isinstance(spans, list) for spans in data.values()):
        raise InputError(f"--candidates {path}: expected {{doc_id: [[start, end, label], ...]}}")
    kept, skipped = {}, []
    for document in documents:
        spans = data.get(document_id(document.name))
        if spans is None:
            continue
        if texts_to_sanitize(document) == [document.text] and document.layout is None:
            kept[document_id(document.name)] = spans
        else:
            skipped.append(document.name)
    if skipped:
        note(
            f"--candidates: not applied to {len(skipped)} document(s) that are structured or whose text was "
            "changed before sanitizing (invisible characters removed): their offsets would not hold"
        )
    if data and not kept and not skipped:
        note(
            "--candidates has no effect: no document of this run is named in it "
            "(a document's id is its file name without the suffix)"
        )
    return kept


def read_subjects(path: Optional[Path]) -> dict[str, str]:
    """--subjects: {doc_id: subject} ({} without it)."""
    if path is None:
        return {}
    data = read_option_json(path, "subjects")
    if not isinstance(data, dict) or not all(
        isinstance(v, (str, int)) and not isinstance(v, bool) for v in data.values()
    ):
        raise InputError(f"--subjects {path}: expected {{doc_id: subject}}, each subject a string or a number")
    return {str(key): str(value) for key, value in data.items()}
