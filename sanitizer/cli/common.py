"""What every command shares: error reporting, options, consoles, JSON output."""

from __future__ import annotations

import json
import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Mapping, NoReturn, Optional, cast

import typer

from ic_sanitizer.cache import CacheError, default_cache_dir
from ic_sanitizer.corpus_stats import CorpusStatsError, UnknownBackendError, backend_data_path
from ic_sanitizer.corpus_stats.backends.local_index import is_tantivy_panic
from ic_sanitizer.corpus_stats.errors import UnsafeOutputError
from ic_sanitizer.corpus_stats.files.path_guard import RunPath

from ..errors import ConfigurationError, InputError, SanitizerError
from ..option_files import read_option_json

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

    from ..pipeline import Sanitizer

JSON_SCHEMA_VERSION = 1

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2


class _StderrConsole:
    """A rich Console on stderr, made when first written to: importing rich took a twentieth of
    a one-line run that prints nothing. ``quiet`` (-q) is kept until then."""

    def __init__(self) -> None:
        self.quiet = False
        self._console: Optional[Console] = None

    def made(self) -> Console:
        """The Console itself (made now if it was not)."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(stderr=True, highlight=False, soft_wrap=True, quiet=self.quiet)
        return self._console

    def __getattr__(self, name: str) -> Any:  # what is no attribute of the proxy is the Console's
        return getattr(self.made(), name)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name == "quiet" and self.__dict__.get("_console") is not None:
            self._console.quiet = value  # type: ignore[union-attr]


stderr: Any = _StderrConsole()
#: error lines: printed even with -q, which silences ``stderr``
errors: Any = _StderrConsole()

#: Help is plain text (click's layout): in Rich's markup mode "[default: stdout]" or a
#: format such as {doc_id: [[start, end, label]]} would be read as markup and vanish,
#: and flags would show a <bool> metavar. Every Typer app of the CLI passes this.
HELP_MARKUP = None


def command_group(help: str) -> typer.Typer:
    """A command with subcommands (`sanitizer cache`, `corpus`, `mapping`): its help when
    called bare, in plain text as every command's (HELP_MARKUP)."""
    return typer.Typer(help=help, no_args_is_help=True, rich_markup_mode=HELP_MARKUP)


@contextmanager
def reported_errors() -> Iterator[None]:
    """Turn every error into one line on stderr and an exit code; never a traceback.

    Messages of the project's errors are written to name the option or file at fault
    and never quote document text. Errors of the system and of libraries underneath
    are translated here by kind (a closed pipe, a file the system refused, a native
    panic); an error of no known kind is reported by its type only, because its
    message or traceback could hold document text.
    """
    try:
        yield
        sys.stdout.flush()  # a closed pipe shows here, not in an interpreter shutdown message
    except (ConfigurationError, UnknownBackendError, UnsafeOutputError) as exc:
        _fail(str(exc), EXIT_USAGE)
    except (SanitizerError, CorpusStatsError, CacheError) as exc:
        _fail(str(exc), EXIT_FAILURE)
    except KeyboardInterrupt:
        _fail("interrupted; outputs already written are complete, nothing partial was left", 130)
    except (typer.Exit, typer.Abort):
        raise
    except BrokenPipeError:
        _silence_stdout()
        _fail("standard output was closed before all of the output was written (broken pipe)", EXIT_FAILURE)
    except OSError as exc:
        _fail(_system_error(exc), EXIT_FAILURE)
    except MemoryError:
        _fail("out of memory; process fewer or smaller documents at once (--workers, --max-input-mb)", EXIT_FAILURE)
    except Exception as exc:  # noqa: BLE001 - the last line of defence for privacy
        _fail(f"internal error ({type(exc).__name__}); please report it with the command line used", EXIT_FAILURE)
    except BaseException as exc:
        if not is_tantivy_panic(exc):
            raise
        _fail(
            "a local index could not be read (tantivy panicked); rebuild it with `sanitizer corpus build`", EXIT_FAILURE
        )


def _system_error(exc: OSError) -> str:
    reason = exc.strerror or type(exc).__name__
    return f"{exc.filename}: {reason}" if exc.filename else f"a system call failed: {reason}"


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so that the interpreter's last
    flush does not fail again with a traceback-like message."""
    try:
        descriptor = os.open(os.devnull, os.O_WRONLY)
        os.dup2(descriptor, sys.stdout.fileno())
        os.close(descriptor)
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (tests): nothing will be flushed to a pipe


#: API parameters named in library messages (in backticks) -> the CLI's flags
_FLAGS = {
    "beta": "--beta",
    "beta_term": "--beta-term",
    "beta_s2": "--beta-s2",
    "w": "--w",
    "kinds": "--kinds",
    "policy": "--policy",
    "allow_web": "--allow-web",
    "parallel": "--parallel",
    "rate_limit": "--rate",
    "mode": "--mode",
    "s2_backend": "--s2-backend",
    "allow": "--allow",
    "deny": "--deny",
    "relatedness": "--relatedness",
    "s3_k": "--s3-k",
    "protect": "--protect",
    "zero_count": "--zero-count",
    "hide": "--hide",
    "countries": "--countries",
    "allow_regex": "--allow-regex",
    "protected_names": "--protected-names",
    "decisions": "--decisions",
    "backend": "--backend",
    "extractor": "--extractor",
    "cache_dir": "--cache-dir",
    "reference": "--reference",
    "workers": "--workers",
    "max_input_mb": "--max-input-mb",
    "fields": "--field",
    "on_bad_record": "--on-bad-record",
    "subject_field": "--subject-field",
    "subjects": "--subjects",
    "key_file": "--key-file",
    "force": "--force",
    "report": "--report",
    "pseudonym_key": "--pseudonym-key-file",
    "operators": "--operator",
    "language": "--language",
}


def as_flags(message: str) -> str:
    """A library message with its `parameter` names shown as the CLI's flags."""
    return re.sub(r"`(\w+)`", lambda m: _FLAGS.get(m.group(1), m.group(1)), message)


def _fail(message: str, code: int) -> NoReturn:
    errors.print(f"error: {' '.join(as_flags(message).split())}", markup=False)
    raise typer.Exit(code)


def usage_error(message: str) -> NoReturn:
    _fail(message, EXIT_USAGE)


def print_json(payload: dict[str, Any]) -> None:
    payload = {"schema_version": JSON_SCHEMA_VERSION, **payload}
    sys.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2) + "\n")


def show_progress() -> bool:
    return sys.stderr.isatty()


class _NoProgress:
    """What a progress display is asked off a terminal, doing nothing (rich not imported)."""

    def __enter__(self) -> _NoProgress:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def add_task(self, *_: object, **__: object) -> int:
        return 0

    def update(self, *_: object, **__: object) -> None:
        return None


def bar_progress(description: str = "{task.description}") -> "Progress":
    """A progress bar with counts on stderr, shown on a terminal only, gone when done."""
    if not show_progress():
        return cast("Progress", _NoProgress())
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn(description), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    return Progress(*columns, console=stderr.made(), transient=True)


def spinner_progress() -> "Progress":
    """A spinner with a description on stderr, for work of unknown length (terminal only)."""
    if not show_progress():
        return cast("Progress", _NoProgress())
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    columns = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
    return Progress(*columns, console=stderr.made(), transient=True)


def input_limit(max_input_mb: float) -> int:
    """--max-input-mb in bytes."""
    if not max_input_mb > 0:
        usage_error("--max-input-mb must be a positive number of megabytes")
    return int(max_input_mb * 1e6)


def engine_reads(options: Mapping[str, Any], on_this_machine: bool = True) -> list[RunPath]:
    """What every engine command reads besides its documents (``options``: its parsed
    options, EngineOptions or a mapping): the policy file, the allow and deny lists, the
    --config file, the reference corpus, the pseudonym key and, when the run opens them
    here (``on_this_machine``; Spark's executors open their own), the back-ends' data and
    the count cache. No output may land on them."""
    from ..policy import BUILTIN_POLICIES
    from .config_file import config_path

    policy = options.get("policy")
    backends = [options.get("backend"), options.get("s2_backend")] if on_this_machine else []
    return [
        RunPath("--policy", None if policy is None or policy in BUILTIN_POLICIES else Path(policy)),
        RunPath("--allow", options.get("allow")),
        RunPath("--deny", options.get("deny")),
        RunPath("--config", config_path()),
        RunPath("--reference", options.get("reference")),
        RunPath("--pseudonym-key-file", options.get("pseudonym_key_file")),
        *read_paths(
            [spec for spec in backends if spec is not None],
            options.get("cache_dir"),
            on_this_machine and not options.get("no_cache", False),
        ),
    ]


def read_paths(backends: list[str], cache_dir: Optional[Path], use_cache: bool) -> list[RunPath]:
    """What a run reads or keeps besides its documents: back-end data files and the cache
    folder. No output may land on them (path_guard)."""
    paths = [RunPath("--backend", backend_data_path(spec)) for spec in backends if spec not in ("auto", "none")]
    if use_cache:
        paths.append(RunPath("the count cache", cache_dir if cache_dir is not None else default_cache_dir()))
    return paths


def read_protected_names(path: Optional[Path]) -> dict[str, list[str]]:
    """{doc_id: [names]} from a --protected-names file ({} without one)."""
    if path is None:
        return {}
    data = read_option_json(path, "protected_names")
    if not isinstance(data, dict) or not all(
        isinstance(v, str) or (isinstance(v, list) and all(isinstance(n, str) for n in v)) for v in data.values()
    ):
        raise InputError(f"{path}: expected {{doc_id: name or [names]}}")
    return {str(k): [v] if isinstance(v, str) else list(v) for k, v in data.items()}


def announce_backends(sanitizer: Sanitizer) -> None:
    """Say on stderr when terms leave the machine, and when S2 cannot run."""
    for backend in {id(b): b for b in (sanitizer.backend, sanitizer.s2_backend)}.values():
        if backend.sends_terms_off_machine:
            stderr.print(f"warning: document terms are sent to {backend.describe()} (--allow-web)", markup=False)
    if sanitizer.s2_unavailable_reason and not sanitizer.s2_turned_off:
        stderr.print(f"note: {sanitizer.s2_unavailable_reason}", markup=False)
