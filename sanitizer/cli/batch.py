"""The inputs and outputs of a `sanitize` run: planned, guarded, then read one by one.

Paths come first and are checked before anything is read or asked (``path_guard``: no
output on an input, the report, a back-end's data or the count cache). Documents are
then read one at a time: in a folder run a document that cannot be read is recorded
with its reason and the others go on; the run ends by naming every failure.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs, spelled_as_folder

from ..documents import Document, failure_reason
from ..errors import InputError
from ..formats.kinds import kind_of, output_name, plan_folder_run, read_source, read_standard_input
from ..formats.layout import BadRecord
from ..formats.sanitizing import texts_to_sanitize
from ..language import refusal, unsupported
from .common import usage_error


@dataclass
class Batch:
    #: the files to read (None: standard input)
    sources: list[Optional[Path]]
    #: where each result goes (None: standard output)
    destinations: list[Optional[Path]]
    #: the input folder and the output folder of a folder run
    folder: Optional[Path] = None
    output_folder: Optional[Path] = None
    documents: list[Document] = field(default_factory=list)
    #: where the documents read go, in the same order
    targets: list[Optional[Path]] = field(default_factory=list)
    #: input name -> why it failed
    failures: dict[str, str] = field(default_factory=dict)
    #: files of a folder run of no kind read (neither text nor a structured file)
    skipped: list[Path] = field(default_factory=list)
    #: the kind of each source, as its content or extension tells it (None: standard input)
    kinds: list[Optional[str]] = field(default_factory=list)

    @property
    def is_folder(self) -> bool:
        return self.folder is not None


def plan(source: str, output: Optional[Path]) -> Batch:
    """Which files are read and where each result goes; nothing is read yet (a file's
    first bytes are looked at to tell its kind)."""
    into_folder = spelled_as_folder(output)  # "-o out/": the result goes inside out/
    output = None if output is None else Path(output)
    if source == "-":
        if into_folder:
            usage_error(f"-o {output}/: standard input has no file name to write inside a folder; give a file name")
        return Batch([None], [output], kinds=[None])
    path = Path(source)
    if path.is_dir():
        if output is None:
            usage_error("a folder input needs -o OUTPUT_FOLDER")
        run = plan_folder_run(path, output)
        return Batch(
            list(run.files),
            list(run.destinations),
            folder=path,
            output_folder=output,
            skipped=list(run.skipped),
            kinds=list(run.kinds),
        )
    kind = kind_of(path)
    if into_folder and output is not None and not output.is_dir():
        usage_error(f"-o {output}/: no such folder; create it, or give a file name")
    if output is not None and output.is_dir():
        output = output / output_name(Path(path.name), kind)
    if kind == "docx" and output is None:
        usage_error(f"{path}: a Word document's output is a Word document: give -o FILE.docx")
    if kind == "pdf" and output is not None and output.suffix.lower() == ".pdf":
        usage_error(f"-o {output}: a PDF's output is its sanitized text, not a PDF: give -o FILE.txt")
    return Batch([path], [output], kinds=[kind])


def guard(batch: Batch, outputs: Sequence[RunPath], reads: Sequence[RunPath]) -> None:
    """Refuse (before any work) every output (the documents', and ``outputs``: the report,
    the mapping ...) that is, holds or lies inside anything the run reads (its documents,
    ``reads``: the option files, its back-ends' data and cache) or another output."""
    inputs = [RunPath("input", batch.folder)] if batch.is_folder else [RunPath("input", s) for s in batch.sources]
    inputs += reads
    if batch.is_folder:
        check_outputs(inputs, [RunPath("-o", batch.output_folder, folder=True), *outputs])
        # A link inside the output folder could still lead a file back into the input.
        for destination in batch.destinations:
            check_outputs(inputs, [RunPath("-o", destination)])
    else:
        check_outputs(inputs, [RunPath("-o", batch.destinations[0]), *outputs])


def read_all(
    batch: Batch,
    max_bytes: int,
    fields: Sequence[str] = (),
    on_bad: BadRecord = BadRecord.REFUSE,
    subject_field: Optional[str] = None,
) -> None:
    """Read every document; a folder run records failures, a single input raises them.
    ``fields``: the fields or columns of structured files to sanitize; ``on_bad``: what
    becomes of a record without text where text is expected; ``subject_field``: the field
    that says whom a record is about."""
    for source, destination, kind in zip(batch.sources, batch.destinations, batch.kinds):
        try:
            if source is None:
                document = read_standard_input(max_bytes, fields, on_bad, subject_field)
                if document.layout is not None and document.layout.kind == "docx" and destination is None:
                    usage_error("standard input is a Word document: give -o FILE.docx")
            else:
                document = read_source(source, max_bytes, fields, kind, on_bad, subject_field)
        except InputError as exc:
            if not batch.is_folder:
                raise
            batch.failures[str(source)] = failure_reason(str(exc), str(source))
            continue
        batch.documents.append(document)
        batch.targets.append(destination)


def refuse_languages(batch: Batch, language: str) -> None:
    """With --language auto, a document detected in a language not supported is refused:
    recorded as its failure in a folder run (the others go on), raised for a single input."""
    if language != "auto":
        return
    kept = []
    for document, target in zip(batch.documents, batch.targets):
        name = next(filter(None, (unsupported(text) for text in texts_to_sanitize(document))), None)
        if name is None:
            kept.append((document, target))
        elif not batch.is_folder:
            raise InputError(f"{document.name}: {refusal(name)}")
        else:
            batch.failures[document.name] = refusal(name)
    batch.documents, batch.targets = [d for d, _ in kept], [t for _, t in kept]
