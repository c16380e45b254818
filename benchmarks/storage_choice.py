"""Why the local index is tantivy: against precomputed n-gram tables with postings.

    python benchmarks/storage_choice.py [--documents 20000]

Both store the same normalized tokens of the same documents (4 random TAB sentences
each, as in local_index.py). The table keeps, for every n-gram of 1 to 3 tokens, the
sorted ids of the documents holding it (Python dict of array('i'), pickled to disk), so
it answers phrases of up to 3 words exactly and longer ones not at all; tantivy keeps
positions and answers any phrase.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import re
import sys
import tempfile
import time
from array import array
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab  # noqa: E402

from ic_sanitizer.corpus_stats import index_tokens  # noqa: E402
from ic_sanitizer.corpus_stats.building.corpus_build import build_index  # noqa: E402


def ngram_table(documents: list[str], longest: int = 3) -> dict[str, array]:
    table: dict[str, array] = {}
    for doc_id, text in enumerate(documents):
        tokens = index_tokens(text)
        grams = {" ".join(tokens[i : i + n]) for n in range(1, longest + 1) for i in range(len(tokens) - n + 1)}
        for gram in grams:
            table.setdefault(gram, array("i")).append(doc_id)
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=20_000)
    args = parser.parse_args()
    texts, _ = load_tab()
    sentences = [s.strip() for t in texts.values() for s in re.split(r"(?<=[.!?])\s+|\n+", t) if len(s.strip()) > 20]
    rng = random.Random(7)
    documents = [" ".join(rng.choice(sentences) for _ in range(4)) for _ in range(args.documents)]
    characters = sum(map(len, documents))
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "corpus.jsonl"
        source.write_text("".join(json.dumps({"text": d}) + "\n" for d in documents), encoding="utf-8")
        started = time.perf_counter()
        meta = build_index([source], Path(work) / "index")
        seconds = time.perf_counter() - started
        print(
            f"tantivy:      {characters / 1e6 / seconds:5.1f} MB/s, size {meta['index_bytes'] / characters:.2f} x text, "
            "any phrase length"
        )
        started = time.perf_counter()
        table = ngram_table(documents)
        path = Path(work) / "table.pickle"
        path.write_bytes(pickle.dumps(table, protocol=pickle.HIGHEST_PROTOCOL))
        seconds = time.perf_counter() - started
        print(
            f"n-gram table: {characters / 1e6 / seconds:5.1f} MB/s, size {path.stat().st_size / characters:.2f} x text, "
            f"phrases of 1-3 words only ({len(table):,} n-grams, {args.documents:,} documents)"
        )


if __name__ == "__main__":
    main()
