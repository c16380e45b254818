"""doccano's JSONL: one document a line, {"id", "text", "label": [[start, end, LABEL], ...]}
(sequence labelling export), or "entities": [{"start_offset", "end_offset", "label"}]
(newer exports). A line without an id is named by its line number."""

from __future__ import annotations

import json
from pathlib import Path

from ..documents import atomic_write_text
from ..errors import InputError
from ..option_files import read_option_text
from .model import Document, Documents, Labelled


def read(path: Path) -> Documents:
    documents: Documents = {}
    for number, line in enumerate(read_option_text(path, "gold").splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            if "entities" in record:
                spans = [
                    Labelled(int(e["start_offset"]), int(e["end_offset"]), str(e["label"])) for e in record["entities"]
                ]
            else:
                spans = [Labelled(int(s), int(e), str(label)) for s, e, label in record.get("label", [])]
            documents[str(record.get("id", number))] = Document(str(record["text"]), spans)
        except (ValueError, KeyError, TypeError, AttributeError):
            raise InputError(
                f'{path}:{number}: not a doccano line ({{"text", "label": [[start, end, LABEL]]}})'
            ) from None
    return documents


def write(documents: Documents, path: Path) -> None:
    lines = [
        json.dumps(
            {
                "id": doc_id,
                "text": document.text,
                "label": [[s.start, s.end, s.label] for s in document.sorted().spans],
            },
            ensure_ascii=False,
        )
        for doc_id, document in documents.items()
    ]
    atomic_write_text(path, "".join(line + "\n" for line in lines), private=True)
