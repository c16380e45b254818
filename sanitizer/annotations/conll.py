"""CoNLL/BIO: a token a line with its tag in the last column (B-LABEL, I-LABEL, O), a blank
line between sentences, "-DOCSTART-" between documents. The format keeps tokens, not the
text, so this project writes each document's id and exact text as comment lines after its
DOCSTART ("# id = ...", "# text = " and the text as a JSON string), which CoNLL readers
skip; read back, the tokens are placed in that text and the document is exactly the one
written. A file without them gives each document as its tokens joined by spaces, a line
per sentence. A text written is cut into words and punctuation, a sentence per line of
text (a span is widened to the tokens it touches)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Optional

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
        if any(line.strip() and not _comment(line) for line in chunk):
            doc_id, document = _document(chunk, path)
            documents[doc_id or str(len(documents) + 1)] = document
    return documents


def _document(lines: list[str], path: Path) -> tuple[Optional[str], Document]:
    meta = {
        key.strip(): value
        for line in lines
        if _comment(line) and "=" in line
        for key, _, value in [line[1:].partition("=")]
    }
    tokens = [line.split() for line in lines if line.strip() and not _comment(line)]
    original = _original_text(meta.get("text"), path)
    document = _placed(tokens, original, path) if original is not None else _joined(lines, path)
    return meta.get("id", "").strip() or None, document


def _comment(line: str) -> bool:
    """A comment line, "# id = ..." (a token "#" is written "#<TAB>O")."""
    return line.startswith("# ")


def _original_text(value: Optional[str], path: Path) -> Optional[str]:
    if value is None:
        return None
    try:
        text = json.loads(value)
    except ValueError:
        raise InputError(f"{path}: a '# text =' line that is not a JSON string") from None
    if not isinstance(text, str):
        raise InputError(f"{path}: a '# text =' line that is not a JSON string")
    return text


def _placed(tokens: list[list[str]], text: str, path: Path) -> Document:
    """Each token found in ``text`` after the one before; the spans from the tags."""
    spans: list[Labelled] = []
    cursor = 0
    open_span: Optional[tuple[int, int, str]] = None
    for columns in tokens:
        token, tag = columns[0], columns[-1]
        _check_tag(columns, path)
        start = text.find(token, cursor)
        if start < 0:
            raise InputError(f"{path}: the token {len(spans) + 1} is not in its document's '# text'")
        cursor = start + len(token)
        if open_span is not None and (tag == "O" or tag.startswith("B-") or tag[2:] != open_span[2]):
            spans.append(Labelled(*open_span))
            open_span = None
        if tag != "O":
            open_span = (open_span[0] if open_span else start, cursor, tag[2:])
    if open_span is not None:
        spans.append(Labelled(*open_span))
    return Document(text, spans)


def _check_tag(columns: list[str], path: Path) -> None:
    tag = columns[-1]
    if len(columns) < 2 or not (tag == "O" or re.fullmatch(r"[BI]-\S+", tag)):
        raise InputError(f"{path}: not CoNLL/BIO (a token and a B-, I- or O tag a line): {len(columns)} column(s)")


def _joined(lines: list[str], path: Path) -> Document:
    text, spans, end = "", [], 0
    open_span: tuple[int, str] | None = None  # (start, label) of the span the tokens so far continue
    for line in lines:
        if not line.strip():
            if text and not text.endswith("\n"):
                text += "\n"
            continue
        if _comment(line):
            continue
        columns = line.split()
        token, tag = columns[0], columns[-1]
        _check_tag(columns, path)
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
    for doc_id, document in documents.items():
        out.append(f"{DOCSTART} O\n# id = {doc_id}\n# text = {json.dumps(document.text, ensure_ascii=False)}\n")
        spans = document.sorted().spans
        position = 0
        for line in document.text.split("\n"):
            tokens = [(m.start() + position, m.end() + position, m.group()) for m in _TOKEN.finditer(line)]
            position += len(line) + 1
            if not tokens:
                continue
            previous = None
            for start, end, token in tokens:
                span = next((s for s in spans if s.start < end and start < s.end), None)
                tag = "O" if span is None else ("I-" if span == previous else "B-") + span.label
                out.append(f"{token}\t{tag}\n")
                previous = span  # a new mention starts B-, even right after another of its label
            out.append("\n")
    atomic_write_text(path, "".join(out), private=True)
