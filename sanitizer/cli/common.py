"""What every command shares: error reporting, options, consoles, JSON output."""

from __future__ import annotations

import json
import math
import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Iterator, NoReturn, Optional

import typer
from rich.console import Console

from ic_sanitizer.cache import CacheError, default_cache_dir
from ic_sanitizer.corpus_stats import CorpusStatsError, UnknownBackendError, backend_data_path
from ic_sanitizer.corpus_stats.errors import UnsafeOutputError
from ic_sanitizer.corpus_stats.backends.local_index import is_tantivy_panic
from ic_sanitizer.corpus_stats.files.path_guard import RunPath

from ..errors import ConfigurationError, InputError, SanitizerError
from ..option_files import read_option_json
from ..redaction import Mode
from ..scoring import ZeroCountPolicy

if TYPE_CHECKING:
    from ..pipeline import Sanitizer

JSON_SCHEMA_VERSION = 1

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2

stderr = Console(stderr=True, highlight=False, soft_wrap=True)
#: error lines: printed even with -q, which silences ``stderr``
errors = Console(stderr=True, highlight=False, soft_wrap=True)

#: Help is plain text (click's layout): in Rich's markup mode "[default: stdout]" or a
#: format such as {doc_id: [[start, end, label]]} would be read as markup and vanish,
#: and flags would show a <bool> metavar. Every Typer app of the CLI passes this.
HELP_MARKUP = None


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
        _fail(f"internal error ({type(exc).__name__}); please report it with the command line used",
              EXIT_FAILURE)
    except BaseException as exc:
        if not is_tantivy_panic(exc):
            raise
        _fail("a local index could not be read (tantivy panicked); rebuild it with `sanitizer corpus build`",
              EXIT_FAILURE)


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
_FLAGS = {"beta": "--beta", "beta_term": "--beta-term", "beta_s2": "--beta-s2", "w": "--w", "kinds": "--kinds",
          "policy": "--policy", "allow_web": "--allow-web", "parallel": "--parallel", "rate_limit": "--rate",
          "mode": "--mode", "s2_backend": "--s2-backend", "allow": "--allow", "deny": "--deny",
          "relatedness": "--relatedness", "s3_k": "--s3-k", "protect": "--protect", "zero_count": "--zero-count",
          "hide": "--hide", "protected_names": "--protected-names", "decisions": "--decisions",
          "backend": "--backend", "extractor": "--extractor", "cache_dir": "--cache-dir", "workers": "--workers",
          "max_input_mb": "--max-input-mb", "fields": "--field", "on_bad_record": "--on-bad-record",
          "key_file": "--key-file", "force": "--force", "report": "--report",
          "pseudonym_key": "--pseudonym-key-file", "operators": "--operator", "language": "--language"}


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


def finite_number(value: str) -> float:
    """Numbers of options: inf and nan are refused (β = inf would remove nothing, silently)."""
    try:
        number = float(value)
    except ValueError:
        raise typer.BadParameter(f"{value!r} is not a number") from None
    if not math.isfinite(number):
        raise typer.BadParameter("must be a finite number")
    return number


def input_limit(max_input_mb: float) -> int:
    """--max-input-mb in bytes."""
    if not max_input_mb > 0:
        usage_error("--max-input-mb must be a positive number of megabytes")
    return int(max_input_mb * 1e6)


def engine_reads(policy: str, allow: Optional[Path], deny: Optional[Path], backends: list[str],
                 cache_dir: Optional[Path], use_cache: bool) -> list[RunPath]:
    """What every engine command reads besides its documents: the policy file, the allow
    and deny lists, the --config file, the back-ends' data and the count cache (no output
    may land on them)."""
    from ..policy import BUILTIN_POLICIES

    from .config_file import config_path

    policy_file = None if policy in BUILTIN_POLICIES else Path(policy)
    return [RunPath("--policy", policy_file), RunPath("--allow", allow), RunPath("--deny", deny),
            RunPath("--config", config_path()), *read_paths(backends, cache_dir, use_cache)]


def read_paths(backends: list[str], cache_dir: Optional[Path], use_cache: bool) -> list[RunPath]:
    """What a run reads or keeps besides its documents: back-end data files and the cache
    folder. No output may land on them (path_guard)."""
    paths = [RunPath("--backend", backend_data_path(spec)) for spec in backends if spec not in ("auto", "none")]
    if use_cache:
        paths.append(RunPath("the count cache", cache_dir if cache_dir is not None else default_cache_dir()))
    return paths


BackendOption = Annotated[str, typer.Option(
    "--backend", "-b", help="Corpus back-end: NAME or NAME:ARGUMENT (see `sanitizer backends`).")]
ExtractorOption = Annotated[str, typer.Option("--extractor", help="Candidate-term extractor.")]
CacheDirOption = Annotated[Optional[Path], typer.Option(
    "--cache-dir", help="Count cache folder [default: $SANITIZER_CACHE_DIR or ~/.cache/ic-sanitizer].",
    show_default=False)]
NoCacheOption = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the count cache.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]
def _dial_defaults() -> str:
    """Each built-in policy's own β and its kinds' βs there, for --beta's help (read from the policies)."""
    from ..policy import BUILTIN_POLICIES, DEFAULT_BETA, load_policy

    shown = []
    for name in BUILTIN_POLICIES:
        policy = load_policy(name)
        beta = policy.beta if policy.beta is not None else DEFAULT_BETA
        others = [f"{kind.value} {bits:.2f}" for kind, bits in policy.betas_at(beta).items()
                  if bits != beta and kind.value in ("name", "number", "noun_phrase")]
        shown.append(f"{name} {beta:.2f}" + (f" ({', '.join(others)})" if others else ""))
    return "; ".join(shown)


BetaOption = Annotated[Optional[float], typer.Option(
    "--beta", help="The dial, in bits: terms with IC ≥ β are sensitive. β is the threshold of the policy's "
                   "noun phrases; every other kind the policy decides by IC sits at its own offset from it and "
                   "moves with it, so a lower β masks more of every kind. [default: the policy's own β: "
                   f"{_dial_defaults()}]",
    show_default=False,
    parser=finite_number)]
BetaTermOption = Annotated[Optional[str], typer.Option(
    "--beta-term", help="Hide this term wherever it occurs, relate clear terms to it by S2 (PMI ≥ w·β), and set "
                        "the dial β to its IC (\"hide that this is about ...\").")]
S2BackendOption = Annotated[str, typer.Option(
    "--s2-backend", help="Back-end for S2's co-occurrence counts: auto (--backend if it has them, "
                         "else the embedded starter index), none, or a spec.")]
BetaS2Option = Annotated[Optional[float], typer.Option(
    "--beta-s2", help="β in S2's corpus when it is not S1's (τ = w·β_s2). [default: 10.0 for the starter "
                      "index; the IC of --beta-term there when given]", show_default=False,
    parser=finite_number)]
WOption = Annotated[float, typer.Option(
    "--w", help="S2 threshold τ = w·β, w in [0, 1]; lower w removes more related terms.",
    parser=finite_number)]
ZeroCountOption = Annotated[ZeroCountPolicy, typer.Option(
    "--zero-count", help="Terms the corpus never saw: sensitive, or keep.")]
KindsOption = Annotated[Optional[str], typer.Option(
    "--kinds", help="Only these kinds of term are candidates, comma-separated: code, date, number, name, "
                    "noun_phrase (abstract_phrase, a noun phrase with an abstract head, comes with it), pronoun; "
                    "number brings public_reference (a provision, a statute's year, a report volume). "
                    "[default: all, as in the paper]", show_default=False)]


PolicyOption = Annotated[str, typer.Option(
    "--policy", help="What to do with each kind of term: default (fitted on annotated judgments for recall: names, "
                     "codes and dates always masked, other kinds by their IC), readable (fitted for a lower recall, "
                     "keeps more text), paper (Sánchez, Batet & Viejo's method exactly: every noun phrase by one "
                     "β, S1+S2, suppression), or a policy file written by `sanitizer tune --fit-policy`.")]
AllowOption = Annotated[Optional[Path], typer.Option(
    "--allow", help="File of phrases never to mask, one a line (# starts a comment).", show_default=False)]
DenyOption = Annotated[Optional[Path], typer.Option(
    "--deny", help="File of phrases always to mask, in every occurrence, one a line.", show_default=False)]
ModeOption = Annotated[Optional[Mode], typer.Option(
    "--mode", help="tag: a placeholder per entity ([PERSON-1]); redact: [REDACTED]; suppress: delete (the paper); "
                   "pseudonym: a consistent fake value per entity (names, dates, codes; keyed by "
                   "--pseudonym-key-file); mask: dates to their year, numbers to their magnitude. "
                   "(default: the policy's: tag, or suppress for the paper policy)", show_default=False)]


RelatednessOption = Annotated[Optional[str], typer.Option(
    "--relatedness", help="S2's measure: pmi (the paper's), npmi (normalized PMI, τ = w), or pmi-lower-bound "
                          "(PMI of the 95% lower bound of the co-occurrence count). [default: the policy's]",
    show_default=False)]
ProtectOption = Annotated[Optional[list[str]], typer.Option(
    "--protect", help="A person or term to protect (repeatable): hidden wherever it occurs, and S2 also removes "
                      "clear terms related to it.",
    show_default=False)]
ProtectedNamesOption = Annotated[Optional[Path], typer.Option(
    "--protected-names", help="JSON {doc_id: name or [names]}: the persons S2 protects in each document "
                              "(doc_id: the file name without its suffix).", show_default=False)]
HideOption = Annotated[Optional[str], typer.Option(
    "--hide", help="Special categories of data to hide wherever their terms occur, comma-separated: health, "
                   "religion, politics, trade_union, sex_life, ethnic_origin, criminal (GDPR art. 9 and 10). Their "
                   "terms are masked whatever their IC or an allow list says, and protected in S2. "
                   "[default: the policy's; the shipped policies hide none]", show_default=False)]
S3KOption = Annotated[Optional[int], typer.Option(
    "--s3-k", min=1, help="Turn S3 on: mask the rarest quasi-identifiers left in clear until at least K documents "
                          "of S2's corpus hold the rest together. [default: the policy's]", show_default=False)]


def read_protected_names(path: Optional[Path]) -> dict[str, list[str]]:
    """{doc_id: [names]} from a --protected-names file ({} without one)."""
    if path is None:
        return {}
    data = read_option_json(path, "protected_names")
    if not isinstance(data, dict) or not all(
            isinstance(v, str) or (isinstance(v, list) and all(isinstance(n, str) for n in v)) for v in data.values()):
        raise InputError(f"{path}: expected {{doc_id: name or [names]}}")
    return {str(k): [v] if isinstance(v, str) else list(v) for k, v in data.items()}


AllowWebOption = Annotated[bool, typer.Option(
    "--allow-web", help="Allow back-ends that send document terms off this machine (web services, a remote "
                        "cluster). Without it they are refused.")]
ParallelOption = Annotated[int, typer.Option(
    "--parallel", min=1, help="Requests in flight at once to a network back-end.")]
RateOption = Annotated[Optional[float], typer.Option(
    "--rate", help="At most this many requests a second to a network back-end. [default: no limit]",
    show_default=False,
    parser=finite_number)]
WorkersOption = Annotated[int, typer.Option("--workers", help="Extraction processes.", min=1)]


def announce_backends(sanitizer: Sanitizer) -> None:
    """Say on stderr when terms leave the machine, and when S2 cannot run."""
    for backend in {id(b): b for b in (sanitizer.backend, sanitizer.s2_backend)}.values():
        if backend.sends_terms_off_machine:
            stderr.print(f"warning: document terms are sent to {backend.describe()} (--allow-web)", markup=False)
    if sanitizer.s2_unavailable_reason and not sanitizer.s2_turned_off:
        stderr.print(f"note: {sanitizer.s2_unavailable_reason}", markup=False)
