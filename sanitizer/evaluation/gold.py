"""Expert annotations in the three formats ``sanitizer eval`` reads.

- TAB's official JSON: a list of ``{doc_id, text, annotations: {ANNOTATOR: {entity_mentions:
  [{entity_type, entity_id, start_offset, end_offset, identifier_type, ...}]}}}``; mentions
  whose identifier_type is NO_MASK are not to be masked and are left out;
- span JSON: ``{doc_id: [[start, end, label], ...]}`` (as ../shared/data/tab_test);
- term lists, the paper's form: ``{doc_id: ["term", ...]}``.

Everything becomes one ``GoldStandard``: per document and annotator, the spans to mask
(with entity type, entity id and identifier type when the format has them), and per
document the expert's sensitive terms (given, or the normalized text of the spans).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ic_sanitizer.corpus_stats import normalize_phrase
from ic_sanitizer.corpus_stats.errors import UnreadableFileError
from ic_sanitizer.corpus_stats.files.safe_files import parse_json, read_regular_file

from ..annotations.model import Document, Documents, Labelled
from ..documents import DEFAULT_MAX_INPUT_MB, find_text_files
from ..errors import BatchFailure, InputError
from ..formats.kinds import read_source

SINGLE_ANNOTATOR = "gold"


@dataclass(frozen=True)
class GoldSpan:
    start: int
    end: int
    entity_type: str = ""
    entity_id: Optional[str] = None
    #: DIRECT or QUASI for TAB JSON, "" otherwise
    identifier_type: str = ""


@dataclass
class GoldStandard:
    #: "tab", "spans" or "terms"
    format: str
    #: doc_id -> annotator -> spans to mask
    spans: dict[str, dict[str, list[GoldSpan]]] = field(default_factory=dict)
    #: doc_id -> the expert's sensitive terms, normalized
    terms: dict[str, set[str]] = field(default_factory=dict)
    #: doc_id -> text, when the gold file carries them (TAB JSON)
    texts: dict[str, str] = field(default_factory=dict)

    @property
    def has_spans(self) -> bool:
        return self.format in ("tab", "spans")

    @property
    def has_entities(self) -> bool:
        return self.format == "tab"

    def annotators(self) -> list[str]:
        return sorted({a for per_doc in self.spans.values() for a in per_doc})


def _load_json(path: Path, what: str) -> Any:
    try:
        return parse_json(read_regular_file(path).decode("utf-8-sig"))
    except UnreadableFileError as exc:
        reason = f"no such {what} file" if exc.reason == "no such file" else exc.reason
        raise InputError(f"{path}: {reason}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not valid UTF-8") from None
    except ValueError as exc:
        raise InputError(f"{path}: not valid JSON ({type(exc).__name__})") from None


def _from_tab(data: list, path: Path) -> GoldStandard:
    gold = GoldStandard("tab")
    try:
        for document in data:
            doc_id = str(document["doc_id"])
            if not isinstance(document["text"], str):
                raise InputError(
                    f'{path}: document {doc_id!r}: its field "text" is a {type(document["text"]).__name__}, not text'
                )
            gold.texts[doc_id] = document["text"]
            per_annotator = gold.spans.setdefault(doc_id, {})
            for annotator, annotation in document["annotations"].items():
                spans = per_annotator.setdefault(annotator, [])
                for mention in annotation["entity_mentions"]:
                    if mention.get("identifier_type") not in ("DIRECT", "QUASI"):
                        continue
                    spans.append(
                        GoldSpan(
                            int(mention["start_offset"]),
                            int(mention["end_offset"]),
                            mention.get("entity_type", ""),
                            str(mention.get("entity_id")),
                            mention["identifier_type"],
                        )
                    )
    except (KeyError, TypeError, ValueError, AttributeError):
        raise InputError(f"{path}: not in TAB's JSON format (doc_id, text, annotations)") from None
    for doc_id, per_annotator in gold.spans.items():
        gold.terms[doc_id] = _span_terms(gold.texts[doc_id], per_annotator)
    return gold


def _span_terms(text: str, per_annotator: dict[str, list[GoldSpan]]) -> set[str]:
    """The expert's terms: the normalized texts of the spans to mask."""
    return {normalize_phrase(text[s.start : s.end]) for spans in per_annotator.values() for s in spans}


def _from_spans_or_terms(data: dict, path: Path) -> GoldStandard:
    values = list(data.values())
    if all(isinstance(v, list) and all(isinstance(t, str) for t in v) for v in values):
        return GoldStandard("terms", terms={str(k): {normalize_phrase(t) for t in v} for k, v in data.items()})
    gold = GoldStandard("spans")
    try:
        for doc_id, spans in data.items():
            gold.spans[str(doc_id)] = {
                SINGLE_ANNOTATOR: [GoldSpan(int(s[0]), int(s[1]), str(s[2]) if len(s) > 2 else "") for s in spans]
            }
    except (TypeError, ValueError, IndexError):
        raise InputError(f"{path}: expected {{doc_id: [[start, end, label], ...]}} or {{doc_id: [terms]}}") from None
    return gold


def load_gold(path: Path, annotation_format: Optional[str] = None) -> GoldStandard:
    """A gold file or folder: TAB JSON, span JSON, term lists, or an annotation format
    (BRAT, doccano, Label Studio, CoNLL/BIO, i2b2), told by content unless named."""
    from ..annotations.formats import format_of, module

    name = annotation_format or format_of(path)
    if name is not None:
        return from_documents(module(name).read(path))
    data = _load_json(path, "gold")
    if isinstance(data, list):
        return _from_tab(data, path)
    if isinstance(data, dict):
        return _from_spans_or_terms(data, path)
    raise InputError(f"{path}: not a gold file this tool reads (TAB JSON, span JSON or term lists)")


def from_documents(documents: Documents) -> GoldStandard:
    """Annotated documents (annotations/) as span gold with their texts."""
    gold = GoldStandard("spans")
    for doc_id, document in documents.items():
        gold.texts[doc_id] = document.text
        gold.spans[doc_id] = {SINGLE_ANNOTATOR: [GoldSpan(s.start, s.end, s.label) for s in document.spans]}
        gold.terms[doc_id] = _span_terms(document.text, gold.spans[doc_id])
    return gold


def to_documents(gold: GoldStandard, texts: dict[str, str]) -> Documents:
    """Span gold and its texts as annotated documents (every annotator's spans, once each)."""
    return {
        doc_id: Document(
            texts[doc_id],
            sorted(
                {Labelled(s.start, s.end, s.entity_type or "MASK") for spans in per_annotator.values() for s in spans}
            ),
        )
        for doc_id, per_annotator in gold.spans.items()
        if doc_id in texts
    }


def fill_terms_from_spans(gold: GoldStandard, texts: dict[str, str]) -> None:
    """For span gold: the expert's terms are the normalized texts of the spans."""
    if gold.format != "spans":
        return
    for doc_id, per_annotator in gold.spans.items():
        if doc_id in texts:
            gold.terms[doc_id] = _span_terms(texts[doc_id], per_annotator)


def load_texts(path: Path) -> dict[str, str]:
    """Texts as {doc_id: text} (JSON), a TAB-style list with doc_id and text, or a folder of .txt (id = stem)."""
    if path.is_dir():
        return _texts_of_folder(path)
    data = _load_json(path, "texts")
    if isinstance(data, dict) and all(isinstance(v, str) for v in data.values()):
        return {str(k): v for k, v in data.items()}
    if isinstance(data, list):
        try:
            return {str(d["doc_id"]): d["text"] for d in data}
        except (KeyError, TypeError):
            pass
    raise InputError(f"{path}: expected {{doc_id: text}}, a list of {{doc_id, text}}, or a folder of .txt")


def _texts_of_folder(folder: Path) -> dict[str, str]:
    """{stem: text} of every .txt below ``folder``; every file that cannot be read is named."""
    texts, failures, files = {}, {}, list(find_text_files(folder))
    for file in files:
        try:
            texts[file.stem] = read_source(file, int(DEFAULT_MAX_INPUT_MB * 1e6)).text  # as sanitize reads it
        except InputError as exc:
            failures[str(file)] = str(exc).removeprefix(f"{file}: ")
    if failures:
        raise BatchFailure(failures, len(files), f"text files of {folder} cannot be read; nothing was scored")
    return texts


def load_system_spans(path: Path) -> dict[str, list[tuple[int, int]]]:
    data = _load_json(path, "system spans")
    try:
        return {str(k): [(int(s[0]), int(s[1])) for s in v] for k, v in data.items()}
    except (AttributeError, TypeError, ValueError, IndexError):
        raise InputError(f"{path}: expected {{doc_id: [[start, end, ...], ...]}}") from None
