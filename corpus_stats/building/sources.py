"""Reading text collections for indexing: every document of every source, or why not.

Kinds, told apart by the path:

- a folder: every ``*.txt`` file below it, recursively, one document each;
- ``*.txt``: one document;
- ``*.jsonl``: one JSON object a line, its ``text`` field one document;
- ``*.json``: TAB-style, a list of objects with ``text``, or an object of ``{id: text}``;
- ``*.xml`` / ``*.xml.bz2``: a Wikipedia XML dump, streamed, one article a document
  (redirects skipped, wiki markup stripped).

A document that cannot be read (unreadable file, bad encoding, malformed record, a
FIFO or device, which is never opened for reading) is counted under its source with
the reason, never silently dropped.
"""

from __future__ import annotations

import bz2
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator
from xml.etree import ElementTree

from ..errors import BackendDataError, UnreadableFileError
from ..files.safe_files import file_size, open_regular_file, parse_json, read_regular_file


@dataclass
class SourceTally:
    path: str
    kind: str
    documents: int = 0
    characters: int = 0
    skipped: Counter = field(default_factory=Counter)

    def as_dict(self) -> dict:
        return {
            "path": self.path,
            "kind": self.kind,
            "documents": self.documents,
            "characters": self.characters,
            "skipped": dict(self.skipped),
        }


def source_kind(path: Path) -> str:
    name = path.name.lower()
    if not path.exists():
        raise BackendDataError(f"{path}: no such file or folder")
    if path.is_dir():
        return "folder"
    try:
        file_size(path)
    except UnreadableFileError as exc:
        raise BackendDataError(str(exc)) from None
    for suffix, kind in (
        (".xml.bz2", "wikipedia"),
        (".xml", "wikipedia"),
        (".jsonl", "jsonl"),
        (".json", "json"),
        (".txt", "text"),
    ):
        if name.endswith(suffix):
            return kind
    raise BackendDataError(f"{path}: unknown source kind (expected a folder, .txt, .jsonl, .json, .xml or .xml.bz2)")


def _read_text_file(path: Path, tally: SourceTally) -> str | None:
    try:
        return read_regular_file(path).decode("utf-8-sig")
    except UnicodeDecodeError:
        tally.skipped["not valid UTF-8"] += 1
    except UnreadableFileError as exc:
        tally.skipped["not a regular file" if "regular file" in exc.reason else "unreadable file"] += 1
    return None


def _folder(path: Path, tally: SourceTally) -> Iterator[str]:
    for file in sorted(path.rglob("*.txt")):
        if not file.is_dir():
            text = _read_text_file(file, tally)
            if text is not None:
                yield text


def _jsonl(path: Path, tally: SourceTally) -> Iterator[str]:
    try:
        handle = open_regular_file(path)
    except UnreadableFileError:
        tally.skipped["unreadable file"] += 1
        return
    with handle:
        for line in _lines(handle, tally):
            if not line.strip():
                continue
            try:
                record = parse_json(line.decode("utf-8"))
                text = record["text"]
                if not isinstance(text, str):
                    raise TypeError
            except UnicodeDecodeError:
                tally.skipped["not valid UTF-8"] += 1
            except (ValueError, KeyError, TypeError):
                tally.skipped["malformed record"] += 1
            else:
                yield text


def _lines(handle: Iterable[bytes], tally: SourceTally) -> Iterator[bytes]:
    """The lines of a file, streamed; a read error ends them and is counted."""
    try:
        yield from handle
    except OSError:
        tally.skipped["unreadable file"] += 1


def _json(path: Path, tally: SourceTally) -> Iterator[str]:
    try:
        data = parse_json(read_regular_file(path).decode("utf-8-sig"))
    except UnreadableFileError:
        tally.skipped["unreadable file"] += 1
        return
    except UnicodeDecodeError:
        tally.skipped["not valid UTF-8"] += 1
        return
    except ValueError:
        tally.skipped["malformed JSON file"] += 1
        return
    records = data.values() if isinstance(data, dict) else data if isinstance(data, list) else None
    if records is None:
        tally.skipped["malformed JSON file"] += 1
        return
    for record in records:
        text = record.get("text") if isinstance(record, dict) else record
        if isinstance(text, str):
            yield text
        else:
            tally.skipped["malformed record"] += 1


_WIKI_MARKUP = [
    (re.compile(r"<!--.*?-->", re.S), " "),
    (re.compile(r"<ref[^>/]*/>|<ref[^>]*>.*?</ref>", re.S | re.I), " "),
    (re.compile(r"\{\|.*?\|\}", re.S), " "),  # tables
    (re.compile(r"\[\[(?:File|Image|Category):[^\]]*\]\]", re.I), " "),
    (re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]"), r"\1"),  # [[target|label]] -> label
    (re.compile(r"\[https?://\S+\s*([^\]]*)\]"), r"\1"),
    (re.compile(r"<[^>]+>"), " "),
    (re.compile(r"'{2,}"), ""),
    (re.compile(r"^=+\s*(.*?)\s*=+\s*$", re.M), r"\1"),
]
_TEMPLATE = re.compile(r"\{\{[^{}]*\}\}")


def strip_wiki_markup(text: str) -> str:
    # Templates nest: remove innermost ones until none is left.
    previous = None
    while previous != text:
        previous, text = text, _TEMPLATE.sub(" ", text)
    for pattern, replacement in _WIKI_MARKUP:
        text = pattern.sub(replacement, text)
    return text


def _wikipedia(path: Path, tally: SourceTally) -> Iterator[str]:
    try:
        raw = open_regular_file(path)
    except UnreadableFileError:
        tally.skipped["unreadable file"] += 1
        return
    try:
        with bz2.open(raw, "rb") if path.name.lower().endswith(".bz2") else raw as handle, raw:
            for _, element in ElementTree.iterparse(handle, events=("end",)):
                if element.tag.rsplit("}", 1)[-1] != "page":
                    continue
                namespace = element.tag[: -len("page")]
                is_redirect = element.find(f"{namespace}redirect") is not None
                body = element.find(f"{namespace}revision/{namespace}text")
                element.clear()
                if is_redirect or body is None or not body.text:
                    continue
                yield strip_wiki_markup(body.text)
    except (ElementTree.ParseError, EOFError, OSError):
        tally.skipped["truncated or malformed XML"] += 1


_READERS = {
    "folder": _folder,
    "text": lambda p, t: (x for x in [_read_text_file(p, t)] if x is not None),
    "jsonl": _jsonl,
    "json": _json,
    "wikipedia": _wikipedia,
}


def read_source(path: Path, tally: SourceTally) -> Iterator[str]:
    """The documents of one source; problems are counted in ``tally``."""
    yield from _READERS[tally.kind](path, tally)
