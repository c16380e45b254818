"""The options of `sanitizer sanitize` that no other command has."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ic_sanitizer.corpus_stats.files.path_guard import output_path

from ..formats.layout import BadRecord
from .options import output_option
from .report_output import ReportFormat

OutputOption = Annotated[
    Optional[Path],
    output_option(
        "Output file, or folder for a folder input [default: stdout]. A .docx gives a .docx (-o needed); a PDF gives its text (NAME.pdf.txt in a folder run): the PDF itself is not rewritten."
    ),
]
CandidatesOption = Annotated[
    Optional[Path],
    typer.Option(
        "--candidates",
        help="Another system's spans to add to the candidates, per document: JSON {doc_id: [[start, end, label], ...]} or Presidio's results {doc_id: [{entity_type, start, end}]} (doc_id: the file name without its suffix; offsets into a plain-text document). The policy decides them like the others.",
        show_default=False,
    ),
]
ReportOption = Annotated[
    Optional[Path],
    typer.Option(
        "--report",
        parser=output_path,
        help="Write a JSON report of every decision. It CONTAINS THE SENSITIVE TERMS in clear: never publish it.",
    ),
]
ReportFormatOption = Annotated[
    ReportFormat,
    typer.Option(
        "--report-format",
        help="full: every decision (the report); presidio: per document, what was removed as Presidio's analyzer results (entity_type, start, end, score), for Presidio's tools; brat, doccano, label-studio, conll, i2b2: the documents with what was removed marked, a first pass to load into an annotation tool (a folder for brat and i2b2).",
    ),
]
DecisionsOption = Annotated[
    Optional[Path],
    typer.Option(
        "--decisions",
        help="Apply a review's decisions (exported from the page of `sanitizer review`, run with the same options): the output is the page's preview exactly. A document whose text differs from the reviewed one is refused.",
        show_default=False,
    ),
]
OnBadRecordOption = Annotated[
    BadRecord,
    typer.Option(
        "--on-bad-record",
        help="A record with no text where text is expected (a JSON line without the field, a field that is a number or a list, a CSV row longer or shorter than its header), or whose other fields hold what its sanitized field lost, is never copied through: refuse the file, skip the record (in a .json file its value becomes null), or sanitize it as plain text.",
    ),
]
