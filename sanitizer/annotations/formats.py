"""The annotation formats by name, and a path's format told by its content."""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from types import ModuleType
from typing import Optional

from ..errors import ConfigurationError
from . import brat, conll, doccano, i2b2, label_studio


class AnnotationFormat(str, Enum):
    BRAT = "brat"
    DOCCANO = "doccano"
    LABEL_STUDIO = "label-studio"
    CONLL = "conll"
    I2B2 = "i2b2"


#: name -> module with read(path) and write(documents, path)
FORMATS: dict[str, ModuleType] = {
    AnnotationFormat.BRAT.value: brat,
    AnnotationFormat.DOCCANO.value: doccano,
    AnnotationFormat.LABEL_STUDIO.value: label_studio,
    AnnotationFormat.CONLL.value: conll,
    AnnotationFormat.I2B2.value: i2b2,
}


def module(name: str) -> ModuleType:
    if name not in FORMATS:
        raise ConfigurationError(f"unknown annotation format {name!r}; known: {', '.join(FORMATS)}")
    return FORMATS[name]


def format_of(path: Path) -> Optional[str]:
    """The annotation format of ``path`` when its content says it unambiguously; None for the
    JSON forms gold.py reads itself (TAB JSON, span JSON, term lists) and anything else."""
    if path.is_dir():
        if any(path.glob("*.ann")):
            return "brat"
        return "i2b2" if any(path.glob("*.xml")) else None
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096).decode("utf-8", "ignore").lstrip("\ufeff").lstrip()
    except OSError:
        return None
    if head.startswith("<"):
        return "i2b2" if "<TEXT>" in head or "deIdi2b2" in head or "<deid" in head else None
    if head.startswith("["):
        return "label-studio" if '"data"' in head else None
    if head.startswith("{"):
        return "doccano" if _first_line_is_a_document(path) else None
    words = head.splitlines()[0].split() if head else []
    return (
        "conll" if words and (words[0] == conll.DOCSTART or words[-1] == "O" or words[-1][:2] in ("B-", "I-")) else None
    )


#: the longest first line read to tell doccano's JSONL from a one-line span JSON
_MAX_LINE = 64_000_000


def _first_line_is_a_document(path: Path) -> bool:
    """Whether the first line is one JSON object with a text: a doccano line."""
    try:
        with open(path, "rb") as handle:
            record = json.loads(handle.readline(_MAX_LINE).decode("utf-8-sig"))
    except (OSError, ValueError):
        return False
    return isinstance(record, dict) and isinstance(record.get("text"), str)
