"""The `sanitizer` command line."""

from __future__ import annotations

import importlib.metadata
import signal
import sys
from types import FrameType
from typing import Annotated, Any, Optional, Sequence

import typer
from typer._click import exceptions as click_exceptions
from typer.core import TyperGroup

from .backends_cmd import backends_command
from .cache_cmd import cache_app
from .common import EXIT_FAILURE, HELP_MARKUP, stderr
from .corpus_cmd import corpus_app
from .decisions_cmd import decisions_command
from .eval_cmd import eval_command
from .mapping_cmd import mapping_app
from .native_stderr import filter_native_panics
from .review_cmd import review_command
from .sanitize_cmd import sanitize_command
from .spark_cmd import spark_command
from .terms_cmd import terms_command
from .tune_cmd import tune_command


class OneLineErrors(TyperGroup):
    """Usage errors (a bad value, a missing option, an unknown command) as one line on
    stderr, exit 2, as every other error: not click's usage block nor rich's panel."""

    def main(self, args: Optional[Sequence[str]] = None, prog_name: Optional[str] = None,
             complete_var: Optional[str] = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        try:
            outcome = super().main(args=args, prog_name=prog_name, complete_var=complete_var,
                                   standalone_mode=False, windows_expand_args=windows_expand_args, **extra)
            code = outcome if isinstance(outcome, int) else 0
        except click_exceptions.NoArgsIsHelpError as exc:
            exc.show()
            code = exc.exit_code
        except click_exceptions.ClickException as exc:
            stderr.print(f"error: {_one_line(exc)}", markup=False)
            code = exc.exit_code
        except typer.Abort:
            stderr.print("error: aborted", markup=False)
            code = EXIT_FAILURE
        if standalone_mode:
            sys.exit(code)
        return code


def _one_line(exc: click_exceptions.ClickException) -> str:
    message = exc.format_message().replace("Value error, ", "")
    context = getattr(exc, "ctx", None)
    if context is not None:
        message += f" (see `{context.command_path} --help`)"
    return " ".join(message.split())


app = typer.Typer(
    name="sanitizer",
    cls=OneLineErrors,
    help="Sanitize documents before publication: remove terms whose information content (IC) "
         "reaches β (S1) and the terms that disclose them by co-occurrence (S2, PMI ≥ w·β).",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=HELP_MARKUP,
    # Locals of a failing frame hold document text: never show them.
    pretty_exceptions_show_locals=False,
)
DISTRIBUTION = "ic-sanitizer"


def _print_version(asked: bool) -> None:
    if asked:
        typer.echo(f"{DISTRIBUTION} {importlib.metadata.version(DISTRIBUTION)}")
        raise typer.Exit()


@app.callback()
def _options(version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True,
        help="Print the installed version and exit.")] = False) -> None:
    pass


app.command("sanitize")(sanitize_command)
app.command("terms")(terms_command)
app.command("backends")(backends_command)
app.command("eval")(eval_command)
app.command("tune")(tune_command)
app.command("review")(review_command)
app.command("decisions")(decisions_command)
app.command("spark")(spark_command)
app.add_typer(cache_app, name="cache")
app.add_typer(corpus_app, name="corpus")
app.add_typer(mapping_app, name="mapping")


def _interrupt(signum: int, frame: Optional[FrameType]) -> None:
    raise KeyboardInterrupt


def main() -> None:
    # `kill` (SIGTERM) stops a run as Ctrl-C does: queries in flight finish and are cached.
    signal.signal(signal.SIGTERM, _interrupt)
    filter_native_panics()
    try:
        app(prog_name="sanitizer")
    except KeyboardInterrupt:  # between the command's own handling and the exit
        stderr.print("error: interrupted; outputs already written are complete, nothing partial was left",
                     markup=False)
        sys.exit(130)
    finally:
        # The run is over: a Ctrl-C or kill arriving while Python shuts down ends it
        # quietly instead of printing a traceback from an exit handler.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
