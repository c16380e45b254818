"""Where a run's log records and notes go: the global -v and -q of the command line."""

from __future__ import annotations

import logging
import sys
from typing import Any

from .common import stderr


class _Stderr(logging.StreamHandler):
    """Writes to whatever sys.stderr is when a record comes (a test runner swaps it per command)."""

    @property
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


def configure_logging(verbose: int, quiet: bool) -> None:
    """The engine's log records on stderr at WARNING (INFO with -v, DEBUG with -vv); with
    -q only errors, and no notes, warnings or progress (error lines have their own console)."""
    stderr.quiet = quiet
    level = logging.ERROR if quiet else (logging.DEBUG if verbose > 1 else logging.INFO if verbose else logging.WARNING)
    handler = _Stderr()
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger("ic_sanitizer")
    root.handlers = [h for h in root.handlers if isinstance(h, logging.NullHandler)] + [handler]
    root.setLevel(level)
