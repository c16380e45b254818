"""BRAT standoff: a folder of NAME.txt with NAME.ann beside it; an entity is a line
"T1<TAB>LABEL START END<TAB>TEXT", a discontinuous one "LABEL S1 E1;S2 E2" (read as one
span per fragment). Relations, events and notes are left out (they mark no text)."""

from __future__ import annotations

from pathlib import Path

from ..documents import atomic_write_text
from ..errors import InputError
from ..option_files import read_option_text
from .model import Document, Documents, Labelled, from_files, in_folder


def read(folder: Path) -> Documents:
    none_found = f"{folder}: no .ann files (a BRAT folder holds NAME.txt and NAME.ann)"
    return from_files(sorted(folder.glob("*.ann")), _read_one, none_found)


def _read_one(ann: Path) -> Document:
    text_file = ann.with_suffix(".txt")
    if not text_file.is_file():
        raise InputError(f"{ann}: no {text_file.name} beside it (BRAT keeps each text beside its .ann)")
    text = read_option_text(text_file, "gold")
    spans = []
    for number, line in enumerate(read_option_text(ann, "gold").splitlines(), 1):
        if not line.startswith("T"):
            continue
        try:
            _, annotation, _ = line.split("\t", 2)
            label, _, places = annotation.partition(" ")
            for fragment in places.split(";"):
                start, end = (int(n) for n in fragment.split())
                spans.append(Labelled(start, end, label))
        except ValueError:
            raise InputError(f"{ann}:{number}: not a BRAT entity line (T1<TAB>LABEL START END<TAB>TEXT)") from None
    return Document(text, spans)


def write(documents: Documents, folder: Path) -> None:
    for name, document in in_folder(documents, folder):
        atomic_write_text(folder / f"{name}.txt", document.text, private=True)
        lines = [
            f"T{n}\t{s.label} {s.start} {s.end}\t{' '.join(document.text[s.start : s.end].split())}"
            for n, s in enumerate(document.sorted().spans, 1)
        ]
        atomic_write_text(folder / f"{name}.ann", "".join(line + "\n" for line in lines), private=True)
