"""Sanitizing a folder of files on Spark into an output folder, as `sanitizer sanitize` does.

The driver lists the files, guards the output (``path_guard``: never on an input, a
back-end's data or the count cache) and sends (input, output) path pairs to the
executors; each task reads its files, sanitizes them with its worker's engine and
writes each result atomically (``documents.atomic_write_text``). Both folders must
therefore be on a file system every executor mounts at the same path (local mode, NFS
and the like); a task that is run again rewrites the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Optional, Sequence

from ic_sanitizer.cache import default_cache_dir
from ic_sanitizer.corpus_stats import backend_data_path
from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs

from ..collection import Collection, CollectionCounts
from ..document_runs import run_documents
from ..documents import DEFAULT_MAX_INPUT_MB, Document, document_id, failure_reason, write_output
from ..errors import ConfigurationError, InputError, OutputError
from ..formats.kinds import plan_folder_run, read_source
from ..formats.sanitizing import texts_to_sanitize
from ..result import SanitizationResult
from ..settings import Settings
from ._engine import SettingsLike, as_engine_settings, engine_policy
from ._frames import DEFAULT_BATCH_DOCUMENTS, check_settings, sanitize_texts

if TYPE_CHECKING:
    from pyspark import Broadcast
    from pyspark.sql import SparkSession

#: partitions per core of the cluster: documents differ in length, so more tasks than
#: cores let the fast ones take over the rest instead of waiting for the longest
PARTITIONS_PER_CORE = 4


@dataclass(frozen=True)
class FolderOutcome:
    """What a folder run did: files written, files that failed (input -> reason) and
    files skipped as of no kind read; the inputs are never modified."""

    written: int
    failures: dict[str, str]
    skipped: tuple[str, ...]
    #: texts sanitized (a text file is one; a structured file one per field value)
    pieces: int
    #: spans replaced over every document
    replaced_spans: int
    partitions: int


@dataclass(frozen=True)
class _FileJob:
    source: str
    destination: str
    #: the file's kind as the listing told it (formats.kinds)
    kind: str


@dataclass(frozen=True)
class FolderPlan:
    """The files a folder run reads and where each goes, checked by the output guard."""

    source: Path
    output: Path
    jobs: tuple[_FileJob, ...]
    #: files of no kind read (neither text nor a structured file)
    skipped: tuple[Path, ...]


def plan_folder(
    source: str | Path, output: str | Path, settings: SettingsLike, reads: Sequence[RunPath] = ()
) -> FolderPlan:
    """List the files and guard the outputs (never on an input, a back-end's data, the
    count cache or ``reads``, the option files the caller read); nothing is read yet and
    Spark is not needed."""
    shipped = as_engine_settings(settings)
    source, output = Path(source), Path(output)
    if not source.is_dir():
        raise InputError(f"{source}: not a folder")
    run = plan_folder_run(source, output)
    inputs = [RunPath("input", source), *reads]
    inputs += [
        RunPath("back-end", backend_data_path(spec))
        for spec in (shipped.backend, shipped.s2_backend)
        if isinstance(spec, str) and spec not in ("auto", "none")
    ]
    if shipped.use_cache:
        cache_dir = shipped.cache_dir
        inputs.append(RunPath("the count cache", Path(cache_dir) if cache_dir is not None else default_cache_dir()))
    check_outputs(inputs, [RunPath("output", output, folder=True)])
    for destination in run.destinations:  # a link inside the output folder could lead back into the input
        check_outputs(inputs, [RunPath("output", destination)])
    return FolderPlan(
        source,
        output,
        tuple(
            _FileJob(str(path), str(destination), kind)
            for path, kind, destination in zip(run.files, run.kinds, run.destinations)
        ),
        run.skipped,
    )


def sanitize_folder(
    spark: SparkSession,
    source: str | Path | FolderPlan,
    output: str | Path | None,
    settings: SettingsLike,
    *,
    fields: Sequence[str] = (),
    max_input_mb: float = DEFAULT_MAX_INPUT_MB,
    protected_names: Optional[Mapping[str, Sequence[str]]] = None,
    subjects: Optional[Mapping[str, str]] = None,
    partitions: Optional[int] = None,
    batch_documents: int = DEFAULT_BATCH_DOCUMENTS,
    check_on_driver: bool = True,
) -> FolderOutcome:
    """Sanitize every .txt, .jsonl, .json, .csv and .tsv file under ``source`` into
    ``output`` (same relative names), with ``Sanitizer(**settings)``; ``fields``,
    ``max_input_mb``, ``protected_names`` ({doc_id: names}) and ``subjects`` ({doc_id:
    subject}) as in `sanitize`: the folder is one collection, counted by a job of its own.
    ``source`` may be a ``plan_folder`` plan made before Spark started (``output``
    None). A file that cannot be read or written is a failure of that file only;
    ``check_on_driver`` as in ``sanitize_column``."""
    engine_settings = as_engine_settings(settings)
    if not max_input_mb > 0 or batch_documents < 1 or (partitions is not None and partitions < 1):
        raise ConfigurationError("`max_input_mb`, `batch_documents` and `partitions` must be positive")
    if isinstance(source, FolderPlan):
        plan = source
    elif output is None:
        raise ConfigurationError("a folder run needs an output folder")
    else:
        plan = plan_folder(source, output, engine_settings)
    if check_on_driver:
        check_settings(engine_settings)
    context = spark.sparkContext
    slices = partitions or max(1, min(len(plan.jobs), context.defaultParallelism * PARTITIONS_PER_CORE))
    names = {doc: tuple(listed) for doc, listed in (protected_names or {}).items()}
    jobs = context.parallelize(plan.jobs, slices)
    collection = _counted_folder(jobs, engine_settings, int(max_input_mb * 1e6), tuple(fields), dict(subjects or {}))
    task = partial(
        _sanitize_files,
        context.broadcast(engine_settings),
        context.broadcast(names),
        context.broadcast(collection),
        int(max_input_mb * 1e6),
        tuple(fields),
        batch_documents,
    )
    written = pieces = replaced = 0
    failures: dict[str, str] = {}
    for outcome in jobs.mapPartitions(task).collect():
        if isinstance(outcome, _Tally):
            written, pieces, replaced = (
                written + outcome.written,
                pieces + outcome.pieces,
                replaced + outcome.replaced_spans,
            )
        else:
            failures[outcome.name] = outcome.reason
    return FolderOutcome(
        written, dict(sorted(failures.items())), tuple(str(path) for path in plan.skipped), pieces, replaced, slices
    )


@dataclass(frozen=True)
class _Tally:
    written: int
    pieces: int
    replaced_spans: int


@dataclass(frozen=True)
class _Failure:
    name: str
    reason: str


def _counted_folder(
    jobs: Any, settings: Settings, max_bytes: int, fields: tuple[str, ...], subjects: dict[str, str]
) -> Optional[Collection]:
    """The count job: the folder's collection (collection.py), each partition's files
    counted apart and merged; None when the policy reads no collection. A file that cannot
    be read is counted out here and reported by the sanitizing job."""
    policy = engine_policy(settings)
    if not policy.collection:
        return None
    count = partial(_partition_counts, max_bytes, fields, subjects, policy.collection_k)
    return jobs.mapPartitions(count).treeReduce(CollectionCounts.merge).collection()


def _partition_counts(
    max_bytes: int, fields: tuple[str, ...], subjects: dict[str, str], k: int, jobs: Iterable[_FileJob]
) -> Iterator[CollectionCounts]:
    counts = CollectionCounts(bool(subjects), k)
    for job in jobs:
        try:
            document = read_source(Path(job.source), max_bytes, fields, job.kind)
        except InputError:
            continue
        subject = subjects.get(document_id(document.name))
        for piece in texts_to_sanitize(document):
            counts.add(piece, subject)
    yield counts


def _sanitize_files(
    settings: Broadcast[Settings],
    protected: Broadcast[dict[str, tuple[str, ...]]],
    collection: Broadcast[Optional[Collection]],
    max_bytes: int,
    fields: tuple[str, ...],
    batch_documents: int,
    jobs: Iterable[_FileJob],
) -> Iterator[_Tally | _Failure]:
    """In a task: read, sanitize and write the partition's files; a failure per file
    that failed and one tally for the partition (the driver is sent no document names
    but the failed ones)."""
    written = pieces = replaced = 0
    names = protected.value
    refused: list[_Failure] = []

    def sanitize(documents: list[Document], texts: list[str], protect: list, again: bool) -> list[SanitizationResult]:
        # never None: the texts are strings
        return [r for r in sanitize_texts(settings.value, texts, protect, collection.value) if r is not None]

    def refuse(document: Document, error: InputError) -> None:
        refused.append(_Failure(document.name, failure_reason(str(error), document.name)))

    iterator = iter(jobs)
    while True:
        batch = list(islice(iterator, batch_documents))
        if not batch:
            break
        documents: list[tuple[Document, str]] = []
        for job in batch:
            try:
                documents.append((read_source(Path(job.source), max_bytes, fields, job.kind), job.destination))
            except InputError as exc:
                yield _Failure(job.source, failure_reason(str(exc), job.source))
        # a record whose other fields hold what it lost: refused, as the CLI does
        for run in run_documents(
            documents, sanitize, lambda document: names.get(document_id(document.name), ()), refuse
        ):
            try:
                write_output(Path(run.extra), run.content())
            except OutputError as exc:
                yield _Failure(run.document.name, failure_reason(str(exc), run.extra))
                continue
            written += 1
            pieces += len(run.pieces)
            replaced += sum(len(r.replacements) for r in run.pieces)
        yield from refused
        refused.clear()
    yield _Tally(written, pieces, replaced)
