"""The `sanitizer` command line."""

from __future__ import annotations

import importlib.metadata
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import Annotated, Any, Optional, Sequence

import typer
from typer._click import Command as ClickCommand
from typer._click import Context, HelpFormatter
from typer._click import exceptions as click_exceptions
from typer._click.utils import make_default_short_help
from typer.core import TyperGroup

from ..collector import relax_collector
from .cache_cmd import cache_app
from .common import EXIT_FAILURE, HELP_MARKUP, errors, reported_errors
from .corpus_cmd import corpus_app
from .log_setup import configure_logging
from .mapping_cmd import mapping_app
from .native_stderr import filter_native_panics

#: Each command: the module of this package that defines it, its function, and the line
#: `sanitizer --help` shows for it. A command's module is imported when the command runs
#: or shows its own help, so that `sanitizer --help` loads no engine module.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "sanitize": (
        "sanitize_cmd",
        "sanitize_command",
        "Remove sensitive terms (S1) and the terms that disclose them (S2) from documents.",
    ),
    "terms": ("terms_cmd", "terms_command", "List candidate terms with count and information content."),
    "backends": (
        "backends_cmd",
        "backends_command",
        "List corpus back-ends, extractors, optional formats and plug-in operators, and what is missing.",
    ),
    "recognizers": (
        "recognizers_cmd",
        "recognizers_command",
        "List the recognizers: spans found by their form (e-mails, case numbers, national IDs).",
    ),
    "eval": (
        "eval_cmd",
        "eval_command",
        "Score against expert annotations: token, mention, entity and term precision and recall, and utility.",
    ),
    "tune": (
        "tune_cmd",
        "tune_command",
        "Sweep the policy's dial β (and w, where S2 runs) over an annotated "
        "collection, and recommend the command to run.",
    ),
    "review": ("review_cmd", "review_command", "Write a review page: every candidate with its decision and why."),
    "decisions": (
        "decisions_cmd",
        "decisions_command",
        "Convert a review's decisions to allow/deny phrase lists or to gold spans.",
    ),
    "spark": ("spark_cmd", "spark_command", "Sanitize a folder on Spark, each file exactly as `sanitize` would."),
    "convert": (
        "convert_cmd",
        "convert_command",
        "Convert annotations between TAB JSON, span JSON, BRAT, doccano, Label Studio, CoNLL and i2b2.",
    ),
    "config": ("config_cmd", "config_command", "Show the options a --config file gives each command (--show)."),
    "restore": (
        "restore_cmd",
        "restore_command",
        "Put the originals back into a sanitized text, from its mapping file.",
    ),
    "serve": (
        "serve_cmd",
        "serve_command",
        "Serve the engine over HTTP: /sanitize, and Presidio's /analyze and /anonymize.",
    ),
    "proxy": (
        "proxy_cmd",
        "proxy_command",
        "A privacy proxy for a language model: OpenAI-compatible requests pseudonymized, answers restored.",
    ),
}


def _load(name: str) -> ClickCommand:
    """The click command of ``name``, its module imported now."""
    module_name, function, summary = COMMANDS[name]
    module = importlib.import_module(f"{__package__}.{module_name}")
    single = typer.Typer(rich_markup_mode=HELP_MARKUP, add_completion=False, pretty_exceptions_show_locals=False)
    single.command(name, short_help=summary)(getattr(module, function))
    return typer.main.get_command(single)


class OneLineErrors(TyperGroup):
    """Usage errors (a bad value, a missing option, an unknown command) as one line on
    stderr, exit 2, as every other error: not click's usage block nor rich's panel.
    The commands of COMMANDS are loaded when asked for."""

    def list_commands(self, ctx: Context) -> list[str]:
        return [*COMMANDS, *(name for name in super().list_commands(ctx) if name not in COMMANDS)]

    def get_command(self, ctx: Optional[Context], name: str) -> Optional[ClickCommand]:
        if name in COMMANDS and name not in self.commands:
            self.add_command(_load(name), name)
        return self.commands.get(name)

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        """The command list, from COMMANDS' lines for the commands not loaded."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names))
        rows = []
        for name in names:
            command = self.commands.get(name)
            if command is None and name in COMMANDS:
                rows.append((name, make_default_short_help(COMMANDS[name][2], limit)))
            elif command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def main(
        self,
        args: Optional[Sequence[str]] = None,
        prog_name: Optional[str] = None,
        complete_var: Optional[str] = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            outcome = super().main(
                args=args,
                prog_name=prog_name,
                complete_var=complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
            code = outcome if isinstance(outcome, int) else 0
        except click_exceptions.NoArgsIsHelpError as exc:
            exc.show()
            code = exc.exit_code
        except click_exceptions.ClickException as exc:
            errors.print(f"error: {_one_line(exc)}", markup=False)
            code = exc.exit_code
        except typer.Abort:
            errors.print("error: aborted", markup=False)
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
def _options(
    context: typer.Context,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="Print the installed version and exit."),
    ] = False,
    config: Annotated[
        Optional[Path],
        typer.Option(
            "--config",
            help="A TOML file of options (top-level keys for every "
            "command that has them, a [command] table for one; keys are the long flags without dashes). "
            "Flags on the command line win.",
            show_default=False,
        ),
    ] = None,
    verbose: Annotated[
        int,
        typer.Option(
            "-v",
            "--verbose",
            count=True,
            show_default=False,
            help="Log what the engine does on stderr (-v: "
            "settings and retries; -vv: each document's counts). Never a text or term.",
        ),
    ] = 0,
    quiet: Annotated[bool, typer.Option("-q", "--quiet", help="Only errors on stderr: no notes, no warnings.")] = False,
) -> None:
    configure_logging(verbose, quiet)
    if config is not None:
        with reported_errors():
            from .config_file import default_map

            group = context.command
            assert isinstance(group, OneLineErrors)
            commands = {name: command for name in COMMANDS if (command := group.get_command(context, name))}
            context.default_map = default_map(config, commands)
        context.obj = {"config": config}


app.add_typer(cache_app, name="cache")
app.add_typer(corpus_app, name="corpus")
app.add_typer(mapping_app, name="mapping")


def _interrupt(signum: int, frame: Optional[FrameType]) -> None:
    raise KeyboardInterrupt


def main() -> None:
    # `kill` (SIGTERM) stops a run as Ctrl-C does: queries in flight finish and are cached.
    signal.signal(signal.SIGTERM, _interrupt)
    filter_native_panics()
    relax_collector()
    try:
        app(prog_name="sanitizer")
    except KeyboardInterrupt:  # between the command's own handling and the exit
        errors.print("error: interrupted; outputs already written are complete, nothing partial was left", markup=False)
        sys.exit(130)
    finally:
        # The run is over: a Ctrl-C or kill arriving while Python shuts down ends it
        # quietly instead of printing a traceback from an exit handler.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)


def command_tree() -> Any:
    """The click group with every command loaded (for tests and tools that walk the options)."""
    group = typer.main.get_command(app)
    for name in group.list_commands(None):  # type: ignore[attr-defined]
        group.get_command(None, name)  # type: ignore[attr-defined]
    return group
