"""What a system masked, in the form the scores need: spans per document and removed terms."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping, Optional, Sequence

from ic_sanitizer.corpus_stats import normalize_phrase
from ic_sanitizer.corpus_stats.errors import UnreadableFileError
from ic_sanitizer.corpus_stats.files.safe_files import parse_json, read_regular_file

from ..documents import document_id
from ..errors import InputError
from ..pipeline import SanitizationResult
from ..redaction import WRITES_NO_VALUE
from .scores import merge_spans


@dataclass(frozen=True)
class SystemOutput:
    spans: dict[str, list[tuple[int, int]]]
    terms: dict[str, set[str]]
    #: the texts as published, when the values written in them say something (a mode
    #: other than tag, redact and suppress): the attack reads them instead of the spans deleted
    published: Optional[dict[str, str]] = None
    #: per document, the spans published as a generalization with its IC in bits (information kept credits them)
    credits: Mapping[str, list[tuple[int, int, float]]] = field(default_factory=dict)


def from_results(results: Mapping[str, SanitizationResult]) -> SystemOutput:
    writes_values = any(
        not WRITES_NO_VALUE.fullmatch(r.replacement) for result in results.values() for r in result.replacements
    )
    return SystemOutput(
        spans={doc_id: [(r.start, r.end) for r in result.replacements] for doc_id, result in results.items()},
        terms={doc_id: {t.term.key for t in result.removed} for doc_id, result in results.items()},
        published={doc_id: result.text for doc_id, result in results.items()} if writes_values else None,
        credits={doc_id: _generalized(result) for doc_id, result in results.items()},
    )


def _generalized(result: SanitizationResult) -> list[tuple[int, int, float]]:
    """The spans of ``result`` written as a generalization, each with its step's IC."""
    return [
        (r.start, r.end, r.generalized.chosen_bits or 0.0)
        for r in result.replacements
        if r.generalized is not None and r.generalized.chosen is not None
    ]


def from_spans(texts: Mapping[str, str], spans: Mapping[str, Sequence[Sequence[int]]]) -> SystemOutput:
    """Another system's masks; its removed terms are the normalized texts of its spans."""
    terms = {}
    for doc_id, doc_spans in spans.items():
        text = texts.get(doc_id, "")
        terms[doc_id] = {key for key in (normalize_phrase(text[s:e]) for s, e in merge_spans(doc_spans)) if key}
    return SystemOutput({k: [(int(s[0]), int(s[1])) for s in v] for k, v in spans.items()}, terms)


def from_reports(paths: Iterable[Path]) -> SystemOutput:
    """Spans and removed terms from reports written by `sanitizer sanitize --report`."""
    spans: dict[str, list[tuple[int, int]]] = {}
    terms: dict[str, set[str]] = {}
    for path in paths:
        try:
            report = parse_json(read_regular_file(path).decode("utf-8"))
            if report.get("schema") != "ic-sanitizer/report":
                raise ValueError
            for document in report["documents"]:
                doc_id = document_id(document["input"]["name"])
                spans[doc_id] = [(int(r[0]), int(r[1])) for r in document["replacements"]]
                terms[doc_id] = {t["key"] for t in document["terms"] if t["decision"] != "kept"}
        except UnreadableFileError as exc:
            raise InputError(f"{path}: {exc.reason}") from None
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            raise InputError(f"{path}: not a report written by sanitize's `report`") from None
    return SystemOutput(spans, terms)
