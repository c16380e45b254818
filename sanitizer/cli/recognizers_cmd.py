"""`sanitizer recognizers`: every recognizer that runs, this project's and plug-ins', with its kind and scope."""

from __future__ import annotations

import sys

from ..recognizers import recognizers_for
from ..terms import REFINEMENTS
from .common import print_json, reported_errors
from .options import JsonOption


def recognizers_command(json_output: JsonOption = False) -> None:
    """List the recognizers (spans found by their form: e-mails, case numbers, national identifiers ...)."""
    with reported_errors():
        recognizers = recognizers_for(None)
        if json_output:
            print_json(
                {
                    "recognizers": [
                        {
                            "name": r.name,
                            "kind": r.kind.value,
                            "refines": REFINEMENTS[r.kind].value if r.kind.added else None,
                            "country": r.country,
                            "languages": sorted(r.languages) if r.languages is not None else None,
                            "summary": r.summary,
                        }
                        for r in recognizers
                    ]
                }
            )
            return
        sys.stdout.write("Recognizers (in the order they run; overlapping spans merge by kind):\n")
        scopes = [
            (r.country or "global") + (f" ({', '.join(sorted(r.languages))})" if r.languages else "")
            for r in recognizers
        ]
        kinds = [
            r.kind.value + (f" (new, as {REFINEMENTS[r.kind].value})" if r.kind.added else "") for r in recognizers
        ]
        # columns as wide as their widest cell, so that a long name does not shift its row
        name_width, kind_width = (
            max(len(cell) for cell in cells) for cells in zip(*((r.name, kind) for r, kind in zip(recognizers, kinds)))
        )
        scope_width = max(len(scope) for scope in scopes)
        for r, kind, scope in zip(recognizers, kinds, scopes):
            sys.stdout.write(f"  {r.name:<{name_width}} {kind:<{kind_width}} {scope:<{scope_width}}  {r.summary}\n")
