"""Label Studio's JSON: a list of tasks {"id", "data": {"text"}, "annotations": [{"result":
[{"type": "labels", "value": {"start", "end", "text", "labels": [LABEL]}, ...}]}]}; the
spans of every annotation of a task are read (and predictions when there is no annotation)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..documents import atomic_write_text
from ..errors import InputError
from ..option_files import read_option_text
from .model import Document, Documents, Labelled


def _spans(task: dict[str, Any]) -> list[Labelled]:
    sets = task.get("annotations") or task.get("predictions") or []
    return [
        Labelled(int(r["value"]["start"]), int(r["value"]["end"]), str(label))
        for annotation in sets
        for r in annotation.get("result", [])
        if r.get("type", "labels") == "labels"
        for label in r["value"].get("labels", [])
    ]


def read(path: Path) -> Documents:
    try:
        tasks = json.loads(read_option_text(path, "gold"))
        return {
            str(task.get("id", number)): Document(str(task["data"]["text"]), _spans(task))
            for number, task in enumerate(tasks, 1)
        }
    except (ValueError, KeyError, TypeError, AttributeError):
        raise InputError(f'{path}: not Label Studio tasks ([{{"data": {{"text"}}, "annotations": ...}}])') from None


def write(documents: Documents, path: Path) -> None:
    tasks = [
        {
            "id": doc_id,
            "data": {"text": document.text},
            "annotations": [
                {
                    "result": [
                        {
                            "from_name": "label",
                            "to_name": "text",
                            "type": "labels",
                            "value": {
                                "start": s.start,
                                "end": s.end,
                                "text": document.text[s.start : s.end],
                                "labels": [s.label],
                            },
                        }
                        for s in document.sorted().spans
                    ]
                }
            ],
        }
        for doc_id, document in documents.items()
    ]
    atomic_write_text(path, json.dumps(tasks, ensure_ascii=False, indent=1) + "\n", private=True)
