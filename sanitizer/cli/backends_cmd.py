"""`sanitizer backends`: corpus back-ends, extractors, optional file formats and plug-in operators, with their availability."""

from __future__ import annotations

import sys
from typing import Optional

from ic_sanitizer.corpus_stats import backend_entries

from ..errors import ConfigurationError
from ..extraction import EXTRACTORS
from ..formats.pdf_text import pdf_available
from ..formats.word import docx_available
from ..mapping_file import encryption_available
from ..operator_registry import OPERATORS
from .common import print_json, reported_errors
from .options import JsonOption


def backends_command(json_output: JsonOption = False) -> None:
    """List corpus back-ends, extractors, optional formats and plug-in operators, and what is missing for those that cannot run."""
    with reported_errors():
        backends = [
            {
                "name": e.name,
                "argument": e.argument,
                "optional_argument": e.optional_argument,
                "summary": e.summary,
                "missing": e.missing(),
            }
            for e in backend_entries()
        ]
        extractors = [{"name": e.name, "summary": e.summary, "missing": e.missing()} for e in EXTRACTORS.entries()]
        formats = [
            {"name": "docx", "summary": "Word documents in and out (python-docx)", "missing": docx_available()},
            {"name": "pdf", "summary": "a PDF's text layer, written as text (pypdf)", "missing": pdf_available()},
            {
                "name": "encryption",
                "summary": "an encrypted --mapping file (cryptography's Fernet)",
                "missing": encryption_available(),
            },
        ]
        operators = [_operator(name) for name in OPERATORS.names()]
        if json_output:
            print_json({"backends": backends, "extractors": extractors, "formats": formats, "operators": operators})
            return
        out = sys.stdout
        out.write("Back-ends (--backend NAME[:ARGUMENT]):\n")
        for b in backends:
            spec = (
                str(b["name"])
                + (f":{b['argument']}" if b["argument"] else "")
                + (f"[:{b['optional_argument']}]" if b["optional_argument"] else "")
            )
            state = "available" if b["missing"] is None else f"unavailable: {b['missing']}"
            out.write(f"  {spec:<44} {state:<12}  {b['summary']}\n")
        out.write("Extractors (--extractor NAME):\n")
        for e in extractors:
            state = "available" if e["missing"] is None else f"unavailable: {e['missing']}"
            out.write(f"  {e['name']:<44} {state:<12}  {e['summary']}\n")
        out.write("Optional formats (extras):\n")
        for f in formats:
            state = "available" if f["missing"] is None else f"unavailable: {f['missing']}"
            out.write(f"  {f['name']:<44} {state:<12}  {f['summary']}\n")
        out.write("Plug-in operators (--operator KIND=NAME):" + ("\n" if operators else " none installed\n"))
        for o in operators:
            state = "available" if o["missing"] is None else f"unavailable: {o['missing']}"
            out.write(f"  {o['name']:<44} {state:<12}  {o['summary']}\n")


def _operator(name: str) -> dict[str, Optional[str]]:
    """A plug-in operator's row: its summary, or why it cannot be loaded."""
    try:
        return {"name": name, "summary": OPERATORS.get(name).summary, "missing": None}
    except ConfigurationError as error:
        return {"name": name, "summary": "", "missing": str(error)}
