"""`sanitizer cache info|clear`: the persistent count cache."""

from __future__ import annotations

import sys

from ic_sanitizer.cache import clear_cache, inspect_cache

from .common import command_group, print_json, reported_errors
from .options import CacheDirOption, JsonOption

cache_app = command_group("Inspect or empty the count cache (keys are keyed digests; no term is stored in clear).")


@cache_app.command("info")
def cache_info(cache_dir: CacheDirOption = None, json_output: JsonOption = False) -> None:
    """Where the cache is, how many counts it holds, and its size. Only reads: creates and changes nothing."""
    with reported_errors():
        info = inspect_cache(cache_dir)
        if json_output:
            print_json(
                {
                    "directory": info.directory,
                    "exists": info.exists,
                    "entries": info.entries,
                    "size_bytes": info.size_bytes,
                }
            )
        elif not info.exists:
            sys.stdout.write(f"directory: {info.directory}\nno count cache there yet (0 entries)\n")
        else:
            sys.stdout.write(
                f"directory: {info.directory}\nentries:   {info.entries:,}\nsize:      {info.size_bytes / 1e6:.2f} MB\n"
            )


@cache_app.command("clear")
def cache_clear(cache_dir: CacheDirOption = None, json_output: JsonOption = False) -> None:
    """Delete every cached count. A damaged cache is repaired: its files are removed and it starts afresh."""
    with reported_errors():
        outcome = clear_cache(cache_dir)
        if json_output:
            print_json({"directory": outcome.directory, "removed": outcome.removed, "repaired": outcome.repaired})
        elif outcome.repaired:
            sys.stdout.write(
                f"the count cache at {outcome.directory} was damaged: its files were removed and it is empty now\n"
            )
        else:
            sys.stdout.write(f"removed {outcome.removed:,} cached counts from {outcome.directory}\n")
