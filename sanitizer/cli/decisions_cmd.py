"""`sanitizer decisions`: a review's decisions as allow/deny phrase lists or as gold spans."""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs, output_path

from ..documents import atomic_write_text
from ..review.decisions import gold_spans, load_decisions, phrase_lists
from .common import JsonOption, print_json, reported_errors


class DecisionsFormat(str, Enum):
    ALLOW_DENY = "allow-deny"
    GOLD = "gold"


def _phrase_file(phrases: tuple[str, ...], what: str) -> str:
    header = (f"# {what}, from a review's decisions (sanitizer decisions --to allow-deny).\n"
              "# PRIVATE: these are terms of the reviewed documents in clear.\n")
    return header + "".join(phrase + "\n" for phrase in phrases)


def decisions_command(
    decisions: Annotated[Path, typer.Argument(metavar="DECISIONS.json", help="A decisions file exported from a review page.")],
    to: Annotated[DecisionsFormat, typer.Option("--to", help="allow-deny: the phrases a reviewer kept that the sanitizer masked (allow.txt) and masked that it kept (deny.txt), for --allow/--deny; gold: the spans masked after review as span-JSON gold {doc_id: [[start, end, label]]} (doc_id: the file name's stem) for eval and tune --fit-policy.")],
    output: Annotated[Path, typer.Option("--output", "-o", parser=output_path, help="A folder for allow-deny (allow.txt, deny.txt; readable by you only: they are terms in clear), a .json file for gold.", show_default=False)],
    json_output: JsonOption = False,
) -> None:
    """Convert a review's decisions to allow/deny phrase lists or to gold spans."""
    with reported_errors():
        check_outputs([RunPath("input", decisions)], [RunPath("-o", output, folder=to is DecisionsFormat.ALLOW_DENY)])
        loaded = load_decisions(decisions)
        if to is DecisionsFormat.GOLD:
            gold = gold_spans(loaded, decisions)
            atomic_write_text(output, json.dumps(gold, indent=1) + "\n")
            summary = {"gold": str(output), "documents": len(gold), "spans": sum(len(v) for v in gold.values())}
        else:
            lists = phrase_lists(loaded)
            atomic_write_text(output / "allow.txt", _phrase_file(lists.allow, "Never mask (--allow)"), private=True)
            atomic_write_text(output / "deny.txt", _phrase_file(lists.deny, "Always mask (--deny)"), private=True)
            summary = {"allow": len(lists.allow), "deny": len(lists.deny), "conflicting": lists.conflicting,
                       "folder": str(output)}
        if json_output:
            print_json(summary)
        else:
            sys.stdout.write(", ".join(f"{key}: {value}" for key, value in summary.items()) + "\n")
