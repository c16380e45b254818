"""A reviewer's decisions: the file the review page exports, read back, applied, converted.

The file (JSON, schema ``ic-sanitizer/review-decisions`` version 1) gives the settings
of the review and, per document, its name, the SHA-256 of its text and every span of
the page: offsets (code points), term key, entity, kind, what the sanitizer did
(``tool``: masked or kept), the final decision (``accept``: mask it; ``decline``: keep
it in clear) and whether a reviewer made it. It holds sensitive terms in clear.

Applied by ``sanitizer sanitize --decisions``: the run must have the review's settings
and find the same spans in the same text (same SHA-256); the output is then the page's
preview exactly (``data.reviewed_text``). Converted by ``sanitizer decisions`` to allow
and deny phrase lists, or to the span-JSON gold format of ``sanitizer eval`` / ``tune``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from ..errors import ConfigurationError, InputError
from ..option_files import read_option_json
from ..redaction import Replacement, apply_replacements, placeholder_label
from ..terms import TermKind
from .data import ReviewDocument, reviewed_replacements, text_sha256

DECISIONS_SCHEMA = "ic-sanitizer/review-decisions"
DECISIONS_SCHEMA_VERSION = 1
DECISIONS_WARNING = "These decisions contain the sensitive terms in clear. Do not publish them."
ACCEPT, DECLINE = "accept", "decline"


@dataclass(frozen=True)
class SpanDecision:
    start: int
    end: int
    key: str
    entity: str
    kind: str
    tool_masked: bool
    #: accepted: masked in the reviewed output
    masked: bool
    reviewed: bool


@dataclass(frozen=True)
class DocumentDecisions:
    input: str
    sha256: str
    spans: tuple[SpanDecision, ...]


@dataclass(frozen=True)
class Decisions:
    settings: Mapping[str, Any]
    documents: Mapping[str, DocumentDecisions]


def _span(raw: Mapping[str, Any]) -> SpanDecision:
    if raw["decision"] not in (ACCEPT, DECLINE) or raw["tool"] not in ("masked", "kept"):
        raise ValueError("decision")
    return SpanDecision(
        int(raw["start"]),
        int(raw["end"]),
        str(raw["key"]),
        str(raw["entity"]),
        str(raw["kind"]),
        raw["tool"] == "masked",
        raw["decision"] == ACCEPT,
        bool(raw["reviewed"]),
    )


def parse_decisions(data: Any, path: Path) -> Decisions:
    if not isinstance(data, dict) or data.get("schema") != DECISIONS_SCHEMA:
        raise InputError(f"{path}: not a decisions file (schema {DECISIONS_SCHEMA})")
    if data.get("schema_version") != DECISIONS_SCHEMA_VERSION:
        raise InputError(
            f"{path}: decisions schema version {data.get('schema_version')!r} is not "
            f"{DECISIONS_SCHEMA_VERSION}, the one this version reads"
        )
    try:
        documents = [
            DocumentDecisions(str(d["input"]), str(d["sha256"]), tuple(_span(s) for s in d["spans"]))
            for d in data["documents"]
        ]
        settings = dict(data["settings"])
    except (KeyError, TypeError, ValueError, AttributeError):
        raise InputError(f"{path}: a decisions file with missing or malformed fields") from None
    return Decisions(settings, {d.input: d for d in documents})


def load_decisions(path: Path) -> Decisions:
    return parse_decisions(read_option_json(path, "decisions"), path)


def check_settings(decisions: Decisions, settings: Mapping[str, Any], path: Path) -> None:
    """Decisions apply only under the settings they were made with (other settings find other spans)."""
    differing = sorted(
        key for key in set(settings) | set(decisions.settings) if settings.get(key) != decisions.settings.get(key)
    )
    if differing:
        raise ConfigurationError(
            f"`decisions` {path}: the review was made under other settings "
            f"({', '.join(differing)}); give the options the review was made with"
        )


def check_documents(decisions: Decisions, documents: Iterable[tuple[str, str]], path: Path) -> None:
    """Every (name, text) has decisions, made on this very text; checked before any work."""
    for name, text in documents:
        decided = decisions.documents.get(name)
        if decided is None:
            raise InputError(f"{name}: the decisions file {path} has no decisions for this document")
        if decided.sha256 != text_sha256(text):
            raise InputError(f"{name}: its SHA-256 differs from the text the decisions in {path} were made on")


def decided_replacements(document: ReviewDocument, decided: DocumentDecisions, path: Path) -> list[Replacement]:
    """The replacements the reviewer decided: exactly those of the review page's preview."""
    found = [(s.start, s.end, document.terms[s.term].term.key) for s in document.spans]
    if found != [(s.start, s.end, s.key) for s in decided.spans]:
        raise InputError(
            f"{document.input}: this run finds other candidates than the review in {path} "
            "showed; give the options the review was made with"
        )
    return reviewed_replacements(document, [s.masked for s in decided.spans])


def decided_text(document: ReviewDocument, decided: DocumentDecisions, path: Path) -> str:
    """The document as the reviewer decided it: exactly the review page's preview."""
    return apply_replacements(document.text, decided_replacements(document, decided, path))


def document_decisions(document: ReviewDocument, masked: Sequence[bool], reviewed: Sequence[bool]) -> dict[str, Any]:
    """One document's entry of a decisions file, as the page exports it."""
    spans = []
    for span, mask, by_reviewer in zip(document.spans, masked, reviewed, strict=True):
        term = document.terms[span.term]
        spans.append(
            {
                "start": span.start,
                "end": span.end,
                "key": term.term.key,
                "entity": document.entity_of(span),
                "kind": term.term.kind.value,
                "tool": "masked" if span.masked else "kept",
                "decision": ACCEPT if mask else DECLINE,
                "reviewed": bool(by_reviewer),
            }
        )
    return {"input": document.input, "sha256": document.sha256, "spans": spans}


def decisions_file(settings: Mapping[str, Any], documents: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {
        "schema": DECISIONS_SCHEMA,
        "schema_version": DECISIONS_SCHEMA_VERSION,
        "warning": DECISIONS_WARNING,
        "settings": dict(settings),
        "documents": list(documents),
    }


@dataclass(frozen=True)
class PhraseLists:
    #: terms a reviewer kept in clear that the sanitizer masked
    allow: tuple[str, ...]
    #: terms a reviewer masked that the sanitizer kept
    deny: tuple[str, ...]
    #: terms a reviewer both masked and kept somewhere: on neither list
    conflicting: int


def phrase_lists(decisions: Decisions) -> PhraseLists:
    """The reviewer's corrections as phrases for --allow and --deny (term keys, every document)."""
    declined: set[str] = set()
    accepted: set[str] = set()
    for document in decisions.documents.values():
        for span in document.spans:
            if span.reviewed:
                (accepted if span.masked else declined).add(span.key)
    both = declined & accepted
    # Declining what the sanitizer kept, or accepting what it masked, needs no list.
    tool_masked = {s.key for d in decisions.documents.values() for s in d.spans if s.tool_masked}
    allow = sorted(k for k in declined - both if k in tool_masked)
    deny = sorted(k for k in accepted - both if k not in tool_masked)
    return PhraseLists(tuple(allow), tuple(deny), len(both))


def gold_spans(decisions: Decisions, path: Path) -> dict[str, list[list[Any]]]:
    """The spans masked after review in span-JSON gold ({doc_id: [[start, end, label]]}),
    doc_id the file name's stem, as ``--texts FOLDER`` names documents."""
    gold: dict[str, list[list[Any]]] = {}
    for document in decisions.documents.values():
        doc_id = Path(document.input).stem
        if doc_id in gold:
            raise InputError(f"{path}: two documents share the name {doc_id!r}; gold files name documents by stem")
        gold[doc_id] = [[s.start, s.end, _label(s.kind)] for s in document.spans if s.masked]
    return gold


def _label(kind: str) -> str:
    try:
        return placeholder_label(TermKind(kind))
    except ValueError:
        return kind.upper()
