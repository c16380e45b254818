"""The `sanitizer` command line."""

from __future__ import annotations

import importlib.metadata
import signal
from types import FrameType
from typing import Annotated, Optional

import typer

from .backends_cmd import backends_command
from .cache_cmd import cache_app
from .common import HELP_MARKUP
from .corpus_cmd import corpus_app
from .decisions_cmd import decisions_command
from .eval_cmd import eval_command
from .review_cmd import review_command
from .sanitize_cmd import sanitize_command
from .terms_cmd import terms_command
from .tune_cmd import tune_command

app = typer.Typer(
    name="sanitizer",
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
app.add_typer(cache_app, name="cache")
app.add_typer(corpus_app, name="corpus")


def _interrupt(signum: int, frame: Optional[FrameType]) -> None:
    raise KeyboardInterrupt


def main() -> None:
    # `kill` (SIGTERM) stops a run as Ctrl-C does: queries in flight finish and are cached.
    signal.signal(signal.SIGTERM, _interrupt)
    app(prog_name="sanitizer")
