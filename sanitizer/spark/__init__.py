"""Sanitizing on Spark: a DataFrame's text column, or a folder of files (the ``spark`` extra).

    from ic_sanitizer.spark import engine_settings, sanitize_column, sanitize_folder, spark_session

    spark = spark_session("local[2]")                 # or the session spark-submit made
    settings = engine_settings("wordfreq", policy="default", cache_dir="/shared/cache")
    out = sanitize_column(spark.read.json("notes.jsonl"), "text", settings)  # + column "sanitized"
    outcome = sanitize_folder(spark, "judgments/", "published/", settings)

``settings`` are the engine's ``Settings``, or the ``Sanitizer``'s keyword arguments
(``engine_settings`` checks them for Spark: back-ends by spec, one pseudonym key),
built once on the driver and broadcast. Each executor's Python worker builds one engine
per settings and reuses it for every partition it is given (``_engine``); a task hands its partition to
``sanitize_many`` in batches, with one extraction process (Spark runs the tasks in
parallel). Rows travel as plain RDD rows: neither pyarrow nor pandas is needed.
The output of a document is the output of ``sanitizer sanitize`` for it with the same
settings (tests/sanitizer/test_spark.py checks it on TAB's 127 judgments).

This needs the classic Spark API (RDDs): a Spark Connect session cannot run it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Mapping, Optional

from ..errors import SparkUnavailableError
from ._engine import SettingsLike, build_engine, engine_for, engine_settings
from ._folders import FolderOutcome, FolderPlan, plan_folder, sanitize_folder
from ._frames import DEFAULT_BATCH_DOCUMENTS, check_settings, sanitize_column

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

__all__ = [
    "DEFAULT_BATCH_DOCUMENTS",
    "FolderOutcome",
    "FolderPlan",
    "SettingsLike",
    "SparkUnavailableError",
    "build_engine",
    "check_settings",
    "engine_for",
    "engine_settings",
    "is_java_error",
    "master_unreachable_reason",
    "plan_folder",
    "sanitize_column",
    "sanitize_folder",
    "spark_run",
    "spark_session",
    "spark_unavailable_reason",
]


def spark_unavailable_reason() -> Optional[str]:
    """None when pyspark and a Java runtime are installed, else what is missing."""
    if importlib.util.find_spec("pyspark") is None:
        return "pyspark is not installed (pip install 'ic-sanitizer[spark]')"
    java_home = os.environ.get("JAVA_HOME")
    if not (java_home and (Path(java_home) / "bin" / "java").exists()) and shutil.which("java") is None:
        return "no Java runtime: Spark needs Java 17 (java on PATH, or JAVA_HOME)"
    return None


def spark_session(
    master: Optional[str] = None, app_name: str = "ic-sanitizer", conf: Optional[Mapping[str, str]] = None
) -> SparkSession:
    """A Spark session (the running one when there is one, as under spark-submit).

    ``master``: "local[2]", "spark://HOST:7077", "yarn", ...; None leaves it to
    spark-submit or Spark's defaults. In local mode the executors' Python is this
    interpreter (so they import this installation) unless PYSPARK_PYTHON says another.
    """
    reason = spark_unavailable_reason()
    if reason is not None:
        raise SparkUnavailableError(reason)
    from pyspark.errors import PySparkException
    from pyspark.sql import SparkSession

    launched_here = "PYSPARK_GATEWAY_PORT" not in os.environ  # spark-submit sets it for its driver
    if (master or "local").startswith("local") and launched_here:
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = SparkSession.builder.appName(app_name)
    if master is not None:
        builder = builder.master(master)
    for key, value in (conf or {}).items():
        builder = builder.config(key, value)
    try:
        return builder.getOrCreate()
    except PySparkException as exc:
        condition = getattr(exc, "getCondition", exc.getErrorClass)()  # getCondition: pyspark 4
        raise SparkUnavailableError(
            f"Spark could not start ({condition or type(exc).__name__}); "
            "it needs Java 17 and, for a cluster, a reachable master"
        ) from None
    except Exception as exc:  # noqa: BLE001 - py4j's errors carry a Java stack trace; named by kind only
        if not is_java_error(exc):
            raise
        raise SparkUnavailableError(
            f"Spark could not start ({type(exc).__name__}); it needs Java 17 and, for a "
            "cluster, a reachable master (run with -v to see Spark's log)"
        ) from None


def is_java_error(exc: BaseException) -> bool:
    """An error raised through py4j (Py4JJavaError, Py4JNetworkError ...): its message
    is a Java stack trace, which may quote paths and data."""
    return type(exc).__module__.split(".")[0] == "py4j"


def master_unreachable_reason(master: Optional[str], timeout: float = 5.0) -> Optional[str]:
    """Why no standalone master named by ``master`` (spark://HOST:PORT[,HOST:PORT])
    answers, or None (another kind of master, or one answers). Spark itself retries for
    a minute before it gives up; a connection tried here says so in seconds."""
    if master is None or not master.startswith("spark://"):
        return None
    reasons = []
    for address in master[len("spark://") :].split(","):
        host, _, port = address.rpartition(":")
        try:
            with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
                return None
        except (OSError, ValueError) as exc:
            reasons.append(f"{address}: {getattr(exc, 'strerror', None) or type(exc).__name__}")
    return "no Spark master answers at " + "; ".join(reasons)


@contextmanager
def spark_run(master: Optional[str] = None, conf: Optional[Mapping[str, str]] = None) -> Iterator[SparkSession]:
    """A session for one run, stopped at its end unless it was running before (a
    notebook's, a test's, one spark-submit's driver made)."""
    reason = spark_unavailable_reason()
    if reason is not None:
        raise SparkUnavailableError(reason)
    from pyspark.sql import SparkSession

    running = SparkSession.getActiveSession()
    session = spark_session(master, conf=conf)
    try:
        yield session
    finally:
        if running is None:
            session.stop()
