"""A whole document through the service: bytes in (base64), the sanitized document out.

A Word document comes back as a Word document, a PDF as its sanitized text, JSON, JSONL,
CSV and TSV as themselves with their fields sanitized (as `sanitize` writes them: both run
it through document_runs.run_documents). The
kind is told by the content, else by the file name's extension, as `sanitize` tells it.
"""

from __future__ import annotations

import base64
import binascii
import io
import zipfile
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from ..document_runs import run_documents
from ..errors import InputError
from ..formats.kinds import KINDS, kind_of_bytes, parse_document


def sanitize_document(
    encoded: str,
    filename: Optional[str],
    fields: Sequence[str],
    max_bytes: int,
    run: Callable[[list[str], Optional[list[str]], Optional[str]], list[Any]],
) -> dict[str, Any]:
    """The sanitized document (base64), its kind and how many spans were replaced."""
    try:
        raw = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise InputError("`document` must be base64") from None
    if len(raw) > max_bytes:
        raise InputError(f"`document` is larger than {max_bytes} bytes")
    kind = kind_of_bytes(raw[:5], lambda: zipfile.ZipFile(io.BytesIO(raw))) or KINDS.get(
        Path(filename or "").suffix.lower()
    )
    document = parse_document(raw, filename or "document", None, kind, fields, max_bytes)
    # a record whose other fields hold what it lost is read again as `sanitize` reads it
    (done,) = run_documents([(document, None)], lambda documents, texts, protect, again: run(texts, None, None))
    content = done.content()
    data = content if isinstance(content, bytes) else content.encode("utf-8")
    return {
        "document": base64.b64encode(data).decode("ascii"),
        "kind": kind or "text",
        "replaced_spans": sum(len(result.replacements) for result in done.pieces),
    }
