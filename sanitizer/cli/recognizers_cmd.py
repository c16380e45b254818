"""`sanitizer recognizers`: every recognizer that runs, this project's and plug-ins', with its kind and scope."""

from __future__ import annotations

import sys

from ..recognizers import recognizers_for
from .common import JsonOption, print_json, reported_errors


def recognizers_command(json_output: JsonOption = False) -> None:
    """List the recognizers (spans found by their form: e-mails, case numbers, national identifiers ...)."""
    with reported_errors():
        rows = [{"name": r.name, "kind": r.kind.value, "country": r.country,
                 "languages": sorted(r.languages) if r.languages is not None else None, "summary": r.summary}
                for r in recognizers_for(None)]
        if json_output:
            print_json({"recognizers": rows})
            return
        sys.stdout.write("Recognizers (in the order they run; overlapping spans merge by kind):\n")
        for row in rows:
            scope = row["country"] or "global"
            if row["languages"] is not None:
                scope += " (" + ", ".join(row["languages"]) + ")"
            sys.stdout.write(f"  {row['name']:<16} {row['kind']:<10} {scope:<10}  {row['summary']}\n")
