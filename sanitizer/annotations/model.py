"""The one shape every annotation format is read into and written from."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ..errors import InputError


@dataclass(frozen=True, order=True)
class Labelled:
    start: int
    end: int
    label: str


@dataclass
class Document:
    text: str
    spans: list[Labelled] = field(default_factory=list)

    def sorted(self) -> "Document":
        return Document(self.text, sorted(set(self.spans)))


#: doc_id -> its text and spans
Documents = dict[str, Document]


def file_names(doc_ids: list[str]) -> dict[str, str]:
    """A file name for each document of a folder format: its id where that is a plain name,
    else the id with every character but letters, digits, "-", "_" and "." replaced (a
    document named by a path must not be written outside the folder), made unique."""
    names: dict[str, str] = {}
    taken: set[str] = set()
    for doc_id in doc_ids:
        base = re.sub(r"[^\w.-]", "_", doc_id).lstrip(".") or "document"
        name, number = base, 1
        while name in taken:
            number += 1
            name = f"{base}-{number}"
        taken.add(name)
        names[doc_id] = name
    return names


def in_folder(documents: Documents, folder: Path) -> Iterator[tuple[str, Document]]:
    """Each document with the name, less its suffix, that a folder format writes it under
    in ``folder`` (file_names), which is made if need be."""
    folder.mkdir(parents=True, exist_ok=True)
    names = file_names(list(documents))
    for doc_id, document in documents.items():
        yield names[doc_id], document


def from_files(files: Iterable[Path], read_one: Callable[[Path], Document], none_found: str) -> Documents:
    """The documents of a folder format, one a file, each named by its file's stem; an
    InputError saying ``none_found`` when there is no file to read."""
    documents = {file.stem: read_one(file) for file in files}
    if not documents:
        raise InputError(none_found)
    return documents
