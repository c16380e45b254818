"""CoNLL/BIO: a token a line with its tag in the last column (B-LABEL, I-LABEL, O), a blank
line between sentences, "-DOCSTART-" between documents. The format keeps tokens, not the
text: a document read from it is its tokens joined by spaces, a line per sentence, and a
text written to it is cut into words and punctuation, a sentence per line of text (a span
is widened to the tokens it touches)."""

from __future__ import annotations

import re
from pathlib import Path

from ..documents import atomic_write_text
from ..errors import InputError
from ..option_files import read_option_text
from .model import Document, Documents, Labelled

_TOKEN = re.compile(r"\w+|[^\w\s]")
DOCSTART = "-DOCSTART-"


def read(path: Path) -> Documents:
    documents: Documents = {}
    lines: list[str] = []
    chunks: list[list[str]] = [lines]
    for line in read_option_text(path, "gold").splitlines():
        if line.split()[:1] == [DOCSTART]:
            lines = []
            chunks.append(lines)
        else:
            lines.append(line)
    for chunk in chunks:
        if any(line.strip() for line in chunk):
            documents[str(len(documents) + 1)] = _document(chunk, path)
    return documents


def _document(lines: list[str], path: Path) -> Document:
    text, spans, end = "", [], 0
    open_span: tuple[int, str] | None = None  # (start, label) of the span the tokens so far continue
    for line in lines:
        if not line.strip():
            if text and not text.endswith("\n"):
                text += "\n"
            continue
        columns = line.split()
        token, tag = columns[0], columns[-1]
        if len(columns) < 2 or not (tag == "O" or re.fullmatch(r"[BI]-\S+", tag)):
            raise InputError(f"{path}: not CoNLL/BIO (a token and a B-, I- or O tag a line): {len(columns)} column(s)")
        if text and not text.endswith("\n"):
            text += " "
        start = len(text)
        text += token
        if open_span is not None and (tag == "O" or tag.startswith("B-") or tag[2:] != open_span[1]):
            spans.append(Labelled(open_span[0], end, open_span[1]))
            open_span = None
        if tag != "O" and open_span is None:
            open_span = (start, tag[2:])
        end = len(text)
    if open_span is not None:
        spans.append(Labelled(open_span[0], end, open_span[1]))
    return Document(text.rstrip("\n"), spans)


def write(documents: Documents, path: Path) -> None:
    out: list[str] = []
    for document in documents.values():
        out.append(f"{DOCSTART} O\n")
        spans = document.sorted().spans
        position = 0
        for line in document.text.split("\n"):
            tokens = [(m.start() + position, m.end() + position, m.group()) for m in _TOKEN.finditer(line)]
            position += len(line) + 1
            if not tokens:
                continue
            previous = None
            for start, end, token in tokens:
                label = next((s.label for s in spans if s.start < end and start < s.end), None)
                out.append(f"{token}\t{'O' if label is None else ('I-' if previous == label else 'B-') + label}\n")
                previous = label
            out.append("\n")
    atomic_write_text(path, "".join(out), private=True)
