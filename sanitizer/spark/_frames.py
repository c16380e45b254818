"""Sanitizing a DataFrame's text column on Spark, a partition at a time."""

from __future__ import annotations

import json
from contextlib import contextmanager
from functools import partial
from itertools import islice
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Optional, Sequence

from ic_sanitizer.cache import CacheError
from ic_sanitizer.corpus_stats import CorpusStatsError

from ..collection import Collection, CollectionCounts
from ..errors import ConfigurationError, SanitizerError
from ..pipeline import SanitizationResult
from ..report import document_report
from ..settings import Settings
from ._engine import SettingsLike, as_engine_settings, build_engine, engine_for, engine_policy

if TYPE_CHECKING:
    from pyspark import Broadcast
    from pyspark.sql import DataFrame

#: documents handed to ``sanitize_many`` at once inside a task: extraction of a batch
#: finishes before its documents are decided, so this bounds a task's memory, not its output
DEFAULT_BATCH_DOCUMENTS = 256


def sanitize_column(
    frame: DataFrame,
    column: str,
    settings: SettingsLike,
    *,
    output_column: str = "sanitized",
    report_column: Optional[str] = None,
    protect_column: Optional[str] = None,
    subject_column: Optional[str] = None,
    batch_documents: int = DEFAULT_BATCH_DOCUMENTS,
    check_on_driver: bool = True,
) -> DataFrame:
    """``frame`` with ``output_column``: each row's ``column`` sanitized as
    ``Sanitizer(**settings).sanitize`` would; a null text gives a null output.

    ``report_column`` adds each row's decisions as the JSON of ``--report`` (one
    document's entry; it HOLDS THE SENSITIVE TERMS in clear). ``protect_column``, a
    string or array-of-strings column, names the persons S2 protects in that row.
    The column is one collection (collection.py), counted by a job of its own before the
    sanitizing job: ``subject_column`` says whom each row is about (a patient's id).
    ``check_on_driver`` builds the engine once on the driver first, so that a bad
    option fails before any task starts (turn it off when a back-end's data, such as a
    ``local:`` index, is on the executors only). The result is lazy, as every
    DataFrame: each action on it sanitizes again unless it is cached or written.
    """
    from pyspark.sql.types import ArrayType, StringType, StructField, StructType

    engine_settings = as_engine_settings(settings)
    fields = {f.name: f for f in frame.schema.fields}
    if column not in fields or not isinstance(fields[column].dataType, StringType):
        raise ConfigurationError(f"the column {column!r} must be a string column of the DataFrame")
    if protect_column is not None and (
        protect_column not in fields or not isinstance(fields[protect_column].dataType, (StringType, ArrayType))
    ):
        raise ConfigurationError(f"the protect column {protect_column!r} must be a string or array column")
    added = [name for name in (output_column, report_column) if name is not None]
    if any(name in fields for name in added) or len(set(added)) < len(added):
        raise ConfigurationError("the output and report columns must be new column names")
    if subject_column is not None and subject_column not in fields:
        raise ConfigurationError(f"the subject column {subject_column!r} is not a column of the DataFrame")
    if batch_documents < 1:
        raise ConfigurationError("`batch_documents` must be at least 1")
    if check_on_driver:
        check_settings(engine_settings)
    names = frame.columns
    context = frame.sparkSession.sparkContext
    broadcast = context.broadcast(engine_settings)
    collection = context.broadcast(
        counted_collection(
            frame, names.index(column), names.index(subject_column) if subject_column else None, engine_settings
        )
    )
    rows = frame.rdd.mapPartitions(
        partial(
            _sanitize_rows,
            broadcast,
            collection,
            names.index(column),
            names.index(protect_column) if protect_column is not None else None,
            column if report_column is not None else None,
            batch_documents,
        )
    )
    schema = StructType([*frame.schema.fields, *(StructField(name, StringType(), True) for name in added)])
    return frame.sparkSession.createDataFrame(rows, schema)


def check_settings(settings: Settings) -> None:
    """Build (and close) the engine on the driver: a bad option fails here, once."""
    build_engine(settings).close()


def counted_collection(
    frame: DataFrame, text_index: int, subject_index: Optional[int], settings: Settings
) -> Optional[Collection]:
    """The count job: the column's collection (collection.py), each partition counted apart
    and the counts merged; None when the policy reads no collection."""
    policy = engine_policy(settings)
    if not policy.collection:
        return None
    mapped = subject_index is not None
    counts = frame.rdd.mapPartitions(
        partial(_partition_counts, text_index, subject_index, mapped, policy.collection_k)
    ).treeReduce(CollectionCounts.merge)
    return counts.collection()


def _partition_counts(
    text_index: int, subject_index: Optional[int], mapped: bool, k: int, rows: Iterable[Any]
) -> Iterator[CollectionCounts]:
    counts = CollectionCounts(mapped, k)
    for row in rows:
        if row[text_index] is not None:
            counts.add(row[text_index], row[subject_index] if subject_index is not None else None)
    yield counts


def _sanitize_rows(
    broadcast: Broadcast[Settings],
    collection: Broadcast[Optional[Collection]],
    text_index: int,
    protect_index: Optional[int],
    report_name: Optional[str],
    batch_documents: int,
    rows: Iterable[Any],
) -> Iterator[tuple]:
    """In a task: the partition's rows, each with its sanitized text (and report) appended."""
    iterator = iter(rows)
    while True:
        batch = list(islice(iterator, batch_documents))
        if not batch:
            return
        texts = [row[text_index] for row in batch]
        protect = [_names(row[protect_index]) if protect_index is not None else () for row in batch]
        results = sanitize_texts(broadcast.value, texts, protect, collection.value)
        for row, text, result in zip(batch, texts, results):
            added: tuple = (None if result is None else result.text,)
            if report_name is not None:
                added += (
                    None
                    if result is None
                    else json.dumps(document_report(report_name, text, result), ensure_ascii=False),
                )
            yield (*row, *added)


def _names(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(name for name in value if isinstance(name, str))


def sanitize_texts(
    settings: Settings,
    texts: Sequence[Optional[str]],
    protect: Sequence[Sequence[str]],
    collection: Optional[Collection] = None,
) -> list[Optional[SanitizationResult]]:
    """Results of this process's engine for ``texts`` (None for a None text), in order;
    ``collection``: the whole column's or folder's (else the texts' own)."""
    present = [(index, text) for index, text in enumerate(texts) if text is not None]
    with private_errors():
        engine = engine_for(settings, len(present))
        results = engine.sanitize_many(
            [text for _, text in present],
            protect=[protect[i] for i, _ in present],
            refuse_batch=True,
            collection=collection,
        )
        by_index = {index: result for (index, _), result in zip(present, results)}
    return [by_index.get(index) for index in range(len(texts))]


@contextmanager
def private_errors() -> Iterator[None]:
    """The project's errors pass (their messages never quote document text); any other
    error is reported by its type only: Spark logs a task's error and sends it to the
    driver, and its message or chained traceback could hold the text."""
    try:
        yield
    except (SanitizerError, CorpusStatsError, CacheError):
        raise
    except Exception as exc:  # noqa: BLE001 - the privacy net of a task
        raise SanitizerError(
            f"internal error ({type(exc).__name__}) while sanitizing on an executor; "
            "run the same settings with `sanitizer sanitize` to see where"
        ) from None
