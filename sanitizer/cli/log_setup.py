"""Where a run's log records and notes go: the global -v and -q of the command line."""

from __future__ import annotations

import logging

from .common import stderr


def configure_logging(verbose: int, quiet: bool) -> None:
    """The engine's log records on stderr at WARNING (INFO with -v, DEBUG with -vv); with
    -q only errors, and no notes, warnings or progress (error lines have their own console)."""
    stderr.quiet = quiet
    level = logging.ERROR if quiet else (logging.DEBUG if verbose > 1 else logging.INFO if verbose else logging.WARNING)
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger("ic_sanitizer")
    root.handlers = [h for h in root.handlers if isinstance(h, logging.NullHandler)] + [handler]
    root.setLevel(level)
