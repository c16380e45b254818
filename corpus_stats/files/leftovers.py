"""What a killed process leaves behind, and its removal once that process is gone.

Work in progress is written under hidden names that carry the writer's PID (an index
being built, ``.NAME.building-PID``; an index being replaced, ``.NAME.replaced-PID``; a
file being written, ``.NAME.PID.XXXXXXXX.tmp``). A SIGKILL leaves them; the next run
that writes beside them removes those whose process no longer exists, and leaves the
others alone (their writer may still be at work).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path


def process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's process, or not a PID we can ask about: keep its files
    return True


def remove_leftovers(folder: Path, pattern: re.Pattern) -> list[Path]:
    """Remove the entries of ``folder`` whose name fully matches ``pattern`` (with a
    group named ``pid``) and whose process is gone; returns what was removed."""
    removed: list[Path] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    for path in entries:
        match = pattern.fullmatch(path.name)
        if match is None or process_alive(int(match.group("pid"))):
            continue
        try:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()
        except OSError:
            continue  # not ours to force; it stays, and nothing depends on it
        removed.append(path)
    return removed
