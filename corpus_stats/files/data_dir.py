"""Where the project keeps data it downloads or derives: one folder, for every layer.

The starter corpus (corpus_stats) and the extraction data derived from models
(sanitizer/derived_data.py) both live here; neither needs the other's code
to find it.
"""

from __future__ import annotations

import os
from pathlib import Path

DATA_DIR_ENV = "SANITIZER_DATA_DIR"


def default_data_dir() -> Path:
    """$SANITIZER_DATA_DIR, else $XDG_DATA_HOME/ic-sanitizer, else ~/.local/share/ic-sanitizer."""
    explicit = os.environ.get(DATA_DIR_ENV)
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "ic-sanitizer"
