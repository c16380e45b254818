"""What `sanitize --report FILE --report-format F` writes: every decision (full), what was
removed in Presidio's shape (presidio), or the documents with the removed spans marked in an
annotation format, to load into an annotation tool as a first pass (brat, doccano,
label-studio, conll, i2b2). All of them are written readable by their owner only."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Optional, Sequence

from ..annotations.formats import FORMATS, module
from ..annotations.model import Document, Labelled
from ..documents import atomic_write_text
from ..pipeline import Sanitizer
from ..redaction import placeholder_label
from ..report import document_report, run_report
from ..result import SanitizationResult
from ..service.presidio import analyzer_results


class ReportFormat(str, Enum):
    """What --report writes: the two report forms, then every annotation format (FORMATS;
    tests/sanitizer/test_annotation_formats.py holds the two lists together)."""

    FULL = "full"
    PRESIDIO = "presidio"
    BRAT = "brat"
    DOCCANO = "doccano"
    LABEL_STUDIO = "label-studio"
    CONLL = "conll"
    I2B2 = "i2b2"


#: (the piece's name in the report, its text, its result)
Entry = tuple[str, str, SanitizationResult]


@dataclass(frozen=True)
class ReportTarget:
    path: Path
    format: ReportFormat

    @classmethod
    def of(cls, path: Optional[Path], report_format: ReportFormat) -> Optional["ReportTarget"]:
        return None if path is None else cls(path, report_format)


def write_report(target: ReportTarget, sanitizer: Sanitizer, entries: Sequence[Entry]) -> None:
    name = target.format.value
    if name in FORMATS:
        module(name).write(
            {
                label: Document(
                    text, [Labelled(r.start, r.end, placeholder_label(r.kind)) for r in result.replacements]
                )
                for label, text, result in entries
            },
            target.path,
        )
        return
    written = (
        run_report(sanitizer, [document_report(*entry) for entry in entries])
        if name == "full"
        else {label: analyzer_results(result) for label, _, result in entries}
    )
    atomic_write_text(target.path, json.dumps(written, ensure_ascii=False, indent=1), private=True)
