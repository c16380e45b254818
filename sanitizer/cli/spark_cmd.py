"""`sanitizer spark`: a folder of files sanitized on Spark (the ``spark`` extra)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Callable, Mapping, Optional, Sequence

import typer

from ic_sanitizer.corpus_stats.errors import EgressRefusedError
from ic_sanitizer.corpus_stats.files.path_guard import RunPath
from ic_sanitizer.corpus_stats.net.egress import spark_master_on_this_machine

from ..documents import DEFAULT_MAX_INPUT_MB
from ..errors import BatchFailure, SparkRunError
from .common import (
    announce_backends,
    engine_reads,
    input_limit,
    print_json,
    read_protected_names,
    reported_errors,
    show_progress,
    stderr,
    usage_error,
)
from .engine_options import EngineOptions
from .engine_params import CHOOSING, CORPORA, DIAL, POLICY, PROTECTING, WRITING, engine_options
from .native_stderr import mute_native_output
from .options import (
    FieldsOption,
    JsonOption,
    MaxInputOption,
    ProtectedNamesOption,
    documents_argument,
    finite_number,
    output_option,
    repeatable,
)

if TYPE_CHECKING:
    from ..settings import Settings
    from ..spark import FolderOutcome


@engine_options(
    *CORPORA,
    *DIAL,
    *POLICY,
    *WRITING,
    *CHOOSING,
    *PROTECTING,
    "extractor",
    "language",
    "cache_dir",
    "no_cache",
    "allow_web",
    "parallel",
)
def spark_command(
    context: typer.Context,
    source: Annotated[
        Path,
        documents_argument(
            "IN_DIR",
            "A folder of files ({suffixes}; a PDF's text goes to NAME.pdf.txt, as with sanitize), on a file system every executor mounts at the same path.",
        ),
    ],
    output: Annotated[
        Path, output_option("Output folder (same relative names; on the same kind of shared file system).")
    ],
    master: Annotated[
        Optional[str],
        typer.Option(
            "--master",
            help="Spark master: local[2], spark://HOST:7077, yarn, ... [default: spark-submit's, else Spark's local mode]",
            show_default=False,
        ),
    ] = None,
    conf: Annotated[
        Optional[list[str]],
        repeatable("--conf", metavar="KEY=VALUE", help="A Spark setting (repeatable), e.g. spark.executor.memory=4g."),
    ] = None,
    partitions: Annotated[
        Optional[int],
        typer.Option(
            "--partitions",
            min=1,
            help="Tasks to cut the files into. [default: 4 per core of the cluster]",
            show_default=False,
        ),
    ] = None,
    no_driver_check: Annotated[
        bool,
        typer.Option(
            "--no-driver-check",
            help="Do not build the engine on the driver first (which makes a bad option fail before any task): for a back-end whose data (a local: index) is on the executors only.",
        ),
    ] = False,
    protected_names: ProtectedNamesOption = None,
    rate: Annotated[
        Optional[float],
        typer.Option(
            "--rate",
            help="At most this many requests a second to a network back-end, from each executor process. [default: no limit]",
            show_default=False,
            parser=finite_number,
        ),
    ] = None,
    max_input_mb: MaxInputOption = DEFAULT_MAX_INPUT_MB,
    fields: FieldsOption = None,
    json_output: JsonOption = False,
    verbose: Annotated[
        bool,
        typer.Option(
            "-v", "--verbose", help="Show Spark's own log lines (without it, only this command's lines reach stderr)."
        ),
    ] = False,
) -> None:
    """Sanitize a folder on Spark, each file exactly as `sanitizer sanitize` would, with the same options."""
    with reported_errors():
        from ..spark import build_engine, plan_folder

        options = EngineOptions.of(context)
        _check_spark(master, options["allow_web"])
        max_bytes = input_limit(max_input_mb)
        settings = _shipped_settings(context, options["backend"])
        names = read_protected_names(protected_names)
        # Everything that can be refused is refused before Spark starts (it takes seconds).
        plan = plan_folder(
            source,
            output,
            settings,
            [
                RunPath("--protected-names", protected_names),
                *engine_reads(options.params, on_this_machine=False),
            ],
        )
        if not no_driver_check:
            with build_engine(settings) as engine:
                announce_backends(engine)
        outcome = _run(
            master,
            _spark_conf(conf or []),
            verbose,
            lambda spark: _sanitize_folder(spark, plan, settings, fields or (), max_bytes / 1e6, names, partitions),
        )
        _print_outcome(outcome, output, json_output)
        if outcome.failures:
            raise BatchFailure(outcome.failures, outcome.written + len(outcome.failures))


def _shipped_settings(context: typer.Context, backend: str) -> "Settings":
    """The options as the executors get them: every setting but the back-end object and `workers`."""
    from ..spark import engine_settings

    asked = EngineOptions.of(context).settings()
    return engine_settings(
        backend,
        **{
            field.name: getattr(asked, field.name)
            for field in dataclasses.fields(asked)
            if field.name not in ("backend", "workers")
        },
    )


def _check_spark(master: Optional[str], allow_web: bool) -> None:
    """Refuse before any work: no pyspark or Java, or a cluster off this machine without --allow-web."""
    from ..spark import SparkUnavailableError, spark_unavailable_reason

    missing = spark_unavailable_reason()
    if missing is not None:
        raise SparkUnavailableError(missing)
    if master is not None and not spark_master_on_this_machine(master) and not allow_web:
        # the documents would go to the cluster: decided before Spark starts, without a look-up
        raise EgressRefusedError(
            "--master names a cluster off this machine; the documents would be sent there (it needs --allow-web)"
        )


def _sanitize_folder(
    spark: Any,
    plan: Any,
    settings: Any,
    fields: Sequence[str],
    max_input_mb: float,
    names: Mapping[str, list[str]],
    partitions: Optional[int],
) -> FolderOutcome:
    from ..spark import sanitize_folder

    return sanitize_folder(
        spark,
        plan,
        None,
        settings,
        fields=fields,
        max_input_mb=max_input_mb,
        protected_names=names,
        partitions=partitions,
        check_on_driver=False,
    )


def _run(
    master: Optional[str], conf: dict[str, str], verbose: bool, work: Callable[[Any], FolderOutcome]
) -> FolderOutcome:
    """``work`` on a Spark session: a master that does not answer said in seconds, Spark's
    log kept off stderr unless ``verbose``, a Java error said in one line by its kind."""
    from ..spark import SparkUnavailableError, is_java_error, master_unreachable_reason, spark_run

    unreachable = master_unreachable_reason(master)
    if unreachable is not None:
        raise SparkUnavailableError(unreachable)
    if not verbose:
        mute_native_output()  # the JVM's log lines; this command's own lines still show
    try:
        with spark_run(master, conf=conf) as spark:
            return work(spark)
    except Exception as exc:
        if not is_java_error(exc):
            raise
        raise SparkRunError(
            f"Spark failed while it ran ({type(exc).__name__}); the files it wrote are whole "
            "(each is written at once); run with -v to see Spark's log"
        ) from None


def _print_outcome(outcome: FolderOutcome, output: Path, json_output: bool) -> None:
    if outcome.skipped:
        stderr.print(f"note: skipped {len(outcome.skipped)} file(s) of other kinds", markup=False)
    if json_output:
        print_json(
            {
                "written": outcome.written,
                "pieces": outcome.pieces,
                "replaced_spans": outcome.replaced_spans,
                "partitions": outcome.partitions,
                "skipped": list(outcome.skipped),
                "failures": [{"input": name, "error": reason} for name, reason in outcome.failures.items()],
            }
        )
    else:
        stderr.print(f"{outcome.written} file(s) written to {output} in {outcome.partitions} task(s)", markup=False)


def _spark_conf(pairs: list[str]) -> dict[str, str]:
    """--conf pairs over the command's own defaults: Spark's log on stderr at WARN, and its
    progress bar only on a terminal (as the other commands' bars)."""
    conf = {"spark.log.level": "WARN", "spark.ui.showConsoleProgress": str(show_progress()).lower()}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not key.strip():
            usage_error(f"--conf takes KEY=VALUE, not {pair!r}")
        conf[key.strip()] = value
    return conf
