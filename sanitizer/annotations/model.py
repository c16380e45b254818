"""The one shape every annotation format is read into and written from."""

from __future__ import annotations

from dataclasses import dataclass, field


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
