"""`sanitizer --config FILE`: a run's options in a TOML file; flags on the command line win.

    # run.toml
    policy = "default"            # top level: every command that has the option
    cache-dir = "/var/cache/ic-sanitizer"
    [sanitize]                    # a table: that command only
    mode = "pseudonym"
    protect = ["Jane Roe"]

Keys are the options' long flags without their dashes ("cache-dir", or "cache_dir").
The file becomes click's ``default_map``: click converts and checks each value as it does
a flag's, and reports it as given from the file, so notices about options that change
nothing count it as the user's. A key no command has (or that the table's command does
not have) is refused in one line: an option that would silently do nothing is an error.
`sanitizer --config FILE config --show` prints what each command gets.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Mapping, Optional

from typer._click import Command, Context  # Typer's own click (vendored since 0.26)
from typer._click.globals import get_current_context

from ..errors import ConfigurationError, InputError
from ..option_files import read_option_text

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the floor's Python
    import tomli as tomllib  # type: ignore[import-not-found]


def read_config(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(read_option_text(path, "config"))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"--config {path}: not TOML ({exc})") from None


def default_map(path: Path, commands: Mapping[str, Command]) -> dict[str, dict[str, Any]]:
    """Per command, the defaults the file gives it (click's ``default_map``)."""
    data = read_config(path)
    options = {
        name: {p.name for p in command.params if p.param_type_name == "option" and p.name}
        for name, command in commands.items()
    }
    shared = {_key(k): v for k, v in data.items() if not isinstance(v, dict)}
    unknown = sorted(k for k in shared if not any(k in names for names in options.values()))
    if unknown:
        raise ConfigurationError(f"--config {path}: no command has the option(s) {', '.join(unknown)}")
    defaults = {name: {k: v for k, v in shared.items() if k in names} for name, names in options.items()}
    for name, table in ((k, v) for k, v in data.items() if isinstance(v, dict)):
        if name not in options:
            raise ConfigurationError(f"--config {path}: [{name}] is not a command")
        own = {_key(k): v for k, v in table.items()}
        unknown = sorted(k for k in own if k not in options[name])
        if unknown:
            raise ConfigurationError(f"--config {path}: [{name}] has no option(s) {', '.join(unknown)}")
        defaults[name].update(own)
    return {name: values for name, values in defaults.items() if values}


def _key(key: str) -> str:
    return key.lstrip("-").replace("-", "_")


def config_path(context: Optional[Context] = None) -> Optional[Path]:
    """The --config file of the running command line (None without one)."""
    context = context or get_current_context(silent=True)
    root = context.find_root() if context is not None else None
    obj = root.obj if root is not None else None
    return obj.get("config") if isinstance(obj, dict) else None
