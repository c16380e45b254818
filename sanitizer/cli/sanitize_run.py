"""`sanitize`'s run once its inputs are read: open the engine, sanitize and write every
document, then the mapping, the report and the --json summary."""

from __future__ import annotations

import sys
from typing import Iterable, Optional

from ..document_runs import DocumentRun, run_documents
from ..documents import Document, failure_reason, write_output
from ..documents import document_id as protected_id
from ..errors import InputError, OutputError
from ..formats.sanitizing import engine_pieces, piece_texts
from ..pipeline import Sanitizer
from ..redaction import Mode, apply_with_edits
from ..restore import replaced_values, restore_record
from ..review import check_settings, review_settings
from ..settings import Settings
from .batch import Batch
from .common import (
    announce_backends,
    bar_progress,
    print_json,
)
from .format_summary import document_summary
from .notices import announce_inert_settings, note
from .operator_options import MappingTarget, write_mapping
from .per_document import PerDocument
from .report_output import ReportTarget, write_report
from .sanitize_review import Review


def run(
    asked: Settings,
    batch: Batch,
    review: Optional[Review],
    per_document: PerDocument,
    report: Optional[ReportTarget],
    mapping: Optional[MappingTarget],
    json_output: bool,
    given: frozenset[str],
) -> None:
    """Open the engine; sanitize and write every document; then the mapping (file, key,
    key source), the report, the --json summary."""
    with Sanitizer(asked) as sanitizer:
        announce_backends(sanitizer)
        announce_inert_settings(sanitizer, given, names_per_document=bool(per_document.names))
        for option, flag in (("subject_field", "--subject-field"), ("subjects", "--subjects")):
            if option in given and not sanitizer.policy.collection:
                note(f"{flag} has no effect: policy {sanitizer.policy.name!r} reads no collection")
        if review is not None:
            check_settings(review.decisions, review_settings(sanitizer), review.path)
        summaries, reports, mappings, restores = _sanitize(
            sanitizer, batch, json_output, report is not None, per_document, review
        )
        if mapping is not None:
            write_mapping(mapping, mappings, restores)
        if report is not None:
            write_report(report, sanitizer, reports)
    if "countries" in given and summaries and not sanitizer.countries_limited:
        note("--countries had no effect: no document held a national identifier of another country")
    if "reference" in given and summaries and not sum(summary["reference_kept"] for summary in summaries):
        note(
            "--reference had no effect: no term that the policy decides by IC and masks was held by "
            f"{sanitizer.policy.collection_k} of its documents"
        )
    generalizing = Mode.GENERALIZE in (sanitizer.mode, *sanitizer.operators.values())
    if generalizing and summaries and not sum(summary["generalized"] for summary in summaries):
        note(
            "--mode generalize had no effect: no removed term has a generalization below its β "
            "(or the documents are not English), so each kept its placeholder"
        )
    if "hide" in given and summaries and not sum(summary["hidden_category"] for summary in summaries):
        note("--hide had no effect: no term of the categories hidden was found in the documents")
    if "s3_k" in given and summaries and not sum(summary["s3_masked"] for summary in summaries):
        note(
            "--s3-k had no effect: S3 masked nothing (no quasi-identifier of its kinds was left in clear, or "
            "those left are held together by at least k documents of S2's corpus)"
        )
    processes = sanitizer.resources.extraction.processes_used
    if "workers" in given and asked.workers != 1 and processes <= 1:
        note("--workers had no effect: every document fit in one extraction block, extracted in this process")
    if json_output:
        t = sanitizer.thresholds
        print_json(
            {
                "beta": t.beta,
                "kind_betas": {kind.value: bits for kind, bits in t.kind_betas},
                "beta_s2": t.beta_s2,
                "tau": t.tau,
                "w": t.w,
                "extraction_processes": processes,
                "requested": len(sanitizer.protect),
                "backend": sanitizer.backend.name,
                "s2_backend": sanitizer.s2_backend.name,
                "documents": summaries,
                "skipped": [str(path) for path in batch.skipped],
                "failures": [{"input": name, "error": reason} for name, reason in batch.failures.items()],
            }
        )


def _sanitize(
    sanitizer: Sanitizer,
    batch: Batch,
    json_output: bool,
    with_report: bool,
    per_document: PerDocument,
    review: Optional[Review],
) -> tuple[list, list, dict, dict]:
    """Sanitize and write every document read; in a folder run a write that fails is
    recorded as that document's failure and the others go on. With ``review`` (source,
    decisions, their file), each text is the reviewed one, as the review page previewed it."""
    summaries, reports, mappings, restores = [], [], {}, {}
    with bar_progress() as progress:
        task = progress.add_task("extracting", total=None)

        def on_progress(phase: str, done: int, total: int) -> None:
            progress.update(task, description=phase, completed=done, total=total)

        def sanitize(documents: list[Document], texts: list[str], protect: list, again: bool) -> Iterable:
            return sanitizer.sanitize_many(
                texts,
                on_progress,
                protect,
                per_document.per_text(documents),
                per_document.subjects_per_text(documents),
                refuse_batch=True,
                collection=sanitizer.last_collection if again else None,
            )

        # a record whose other fields hold what it lost: read again as its file's BadRecord says
        for run in run_documents(
            zip(batch.documents, batch.targets),
            sanitize,
            lambda document: per_document.names.get(protected_id(document.name), []),
            lambda document, error: _failed(batch, document, error),
        ):
            document, pieces = run.document, run.pieces
            outputs = [result.text for result in pieces]
            mappings[document.name] = {
                value: original
                for piece, result in zip(engine_pieces(document), pieces)
                for value, original in replaced_values(piece, result).items()
            }
            if review is not None:  # in a mode the page previews (read_review); each text as reviewed
                decided = review.replacements(document, run.texts, run.results)
                outputs = piece_texts(document, decided)
            if document.layout is None:  # one text: the mapping can put its originals back (restore.py)
                used = decided[0] if review is not None else pieces[0].replacements
                restores[document.name] = restore_record(run.texts[0], *apply_with_edits(run.texts[0], used))
            content = _write(batch, run, outputs, json_output)
            if content is None:
                continue
            summary = document_summary(document, run.extra, pieces)
            if run.extra is None and json_output and isinstance(content, str):
                summary["text"] = content
            summaries.append(summary)
            if with_report:
                labels = document.layout.labels if document.layout else (document.name,)
                reports += [
                    (label if label == document.name else f"{document.name}: {label}", piece, result)
                    for label, piece, result in zip(labels, engine_pieces(document), pieces)
                ]
    return summaries, reports, mappings, restores


def _failed(batch: Batch, document: Document, error: InputError) -> None:
    """A document refused once sanitized: the run's failure, or in a folder run its own (the others go on)."""
    if not batch.is_folder:
        raise error
    batch.failures[document.name] = failure_reason(str(error), document.name)


def _write(batch: Batch, run: DocumentRun, outputs: list[str], json_output: bool) -> Optional[str | bytes]:
    """Assemble the document and write it (to stdout without a destination, unless --json);
    in a folder run a write that fails is the document's failure (None) and the others go on."""
    document, destination = run.document, run.extra
    try:
        content = run.content(outputs)
        if destination is not None:
            write_output(destination, content)
        elif not json_output and isinstance(content, str):  # a .docx always has a destination (plan)
            sys.stdout.write(content)
    except OutputError as exc:
        if not batch.is_folder:
            raise
        batch.failures[document.name] = str(exc)
        return None
    return content
