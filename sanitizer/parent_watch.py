"""Worker processes that die with the process that started them.

An extraction worker holds document text and a loaded model (about 140 MB). When its
parent is killed outright (SIGKILL, the OOM killer), nothing tells a pool's workers
to stop, and they would linger for minutes. ``die_with_parent`` is called first
thing in every worker:

- on Linux, the kernel sends the worker SIGKILL the moment its parent dies
  (``prctl(PR_SET_PDEATHSIG)``), even while it is busy in native code;
- everywhere, a daemon thread checks every half second that the parent is still its
  parent, and ends the worker when it is not (the fallback where prctl is missing).

The parent may have died before the worker got here: both paths check that first.

A Ctrl-C at a terminal reaches every process of the group; a worker leaves it to its
parent (which stops the pool and reports one line) instead of printing a traceback.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

_PR_SET_PDEATHSIG = 1
POLL_SECONDS = 0.5


def _exit_now() -> None:
    os._exit(1)  # no cleanup to do: the worker's state dies with it


def _parent_death_signal() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        # The symbols already loaded (libc's among them): find_library would run ldconfig.
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent_pid: int) -> None:
    while True:
        if os.getppid() != parent_pid:
            _exit_now()
        time.sleep(POLL_SECONDS)


def die_with_parent(parent_pid: int) -> None:
    """Make this process end when ``parent_pid`` (its parent) ends, and leave Ctrl-C to the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A forked worker inherits its parent's handlers: the command line turns SIGTERM into
    # an interrupt, which would print a traceback when the pool terminates its workers.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _parent_death_signal()
    if os.getppid() != parent_pid:  # the parent died before the signal was armed
        _exit_now()
    threading.Thread(target=_watch, args=(parent_pid,), name="parent-watch", daemon=True).start()
