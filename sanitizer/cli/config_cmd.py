"""`sanitizer --config FILE config --show`: what a --config file gives each command, checked."""

from __future__ import annotations

from typing import Annotated

import typer

from .common import print_json, reported_errors, usage_error
from .config_file import config_path


def config_command(
    context: typer.Context,
    show: Annotated[
        bool, typer.Option("--show", help="Print, per command, the options the --config file gives it (JSON).")
    ] = False,
) -> None:
    """Show what a --config file gives each command (sanitizer --config FILE config --show), after checking every key and value."""
    with reported_errors():
        if not show:
            usage_error("say what to do: sanitizer --config FILE config --show")
        root = context.find_root()
        path = config_path(context)
        if path is None:
            usage_error("give the file before the command: sanitizer --config FILE config --show")
        print_json({"config": str(path), "commands": dict(root.default_map or {})})
