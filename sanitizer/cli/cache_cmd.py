"""`sanitizer cache info|clear`: the persistent count cache."""

from __future__ import annotations

import sys

import typer

from ic_sanitizer.cache import CountCache

from .common import HELP_MARKUP, CacheDirOption, JsonOption, print_json, reported_errors

cache_app = typer.Typer(help="Inspect or empty the count cache (keys are digests; no term is stored in clear).",
                        no_args_is_help=True, rich_markup_mode=HELP_MARKUP)


@cache_app.command("info")
def cache_info(cache_dir: CacheDirOption = None, json_output: JsonOption = False) -> None:
    """Where the cache is, how many counts it holds, and its size."""
    with reported_errors():
        cache = CountCache(cache_dir)
        info = cache.info()
        cache.close()
        if json_output:
            print_json({"directory": info.directory, "entries": info.entries, "size_bytes": info.size_bytes})
        else:
            sys.stdout.write(f"directory: {info.directory}\nentries:   {info.entries:,}\n"
                             f"size:      {info.size_bytes / 1e6:.2f} MB\n")


@cache_app.command("clear")
def cache_clear(cache_dir: CacheDirOption = None, json_output: JsonOption = False) -> None:
    """Delete every cached count."""
    with reported_errors():
        cache = CountCache(cache_dir)
        removed = cache.clear()
        cache.close()
        if json_output:
            print_json({"directory": str(cache.directory), "removed": removed})
        else:
            sys.stdout.write(f"removed {removed:,} cached counts from {cache.directory}\n")
