"""Parity of the es: back-end (against the loopback stand-in) with local: on the same corpus.

    python benchmarks/es_parity.py [--queries 1000]

The corpus is TAB test's paragraphs (one document each). The same JSON Lines file is
indexed locally with `corpus build` and pushed with `corpus push` to the loopback
stand-in (which answers from its own real index of what it was sent). Bar (issue 3):
the two agree on every count of a 1,000-query random sample.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab  # noqa: E402

from ic_sanitizer.corpus_stats import open_backend  # noqa: E402
from ic_sanitizer.corpus_stats.backends.elasticsearch import push_documents  # noqa: E402
from ic_sanitizer.corpus_stats.building.corpus_build import build_index  # noqa: E402
from ic_sanitizer.corpus_stats.building.sources import SourceTally, read_source  # noqa: E402
from ic_sanitizer.corpus_stats.testing.es_fake import FakeElasticsearch, sample_queries  # noqa: E402


def _answer(backend, query):
    return backend.count(query[0]) if len(query) == 1 else backend.count_all(query)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=1000)
    args = parser.parse_args()
    texts, _ = load_tab()
    paragraphs = [p for t in texts.values() for p in t.split("\n") if p.strip()]
    with tempfile.TemporaryDirectory() as work, FakeElasticsearch() as server:
        source = Path(work) / "paragraphs.jsonl"
        source.write_text("".join(json.dumps({"text": p}) + "\n" for p in paragraphs), encoding="utf-8")
        build_index([source], Path(work) / "index")
        started = time.perf_counter()
        outcome = push_documents(f"{server.url}/tab", read_source(source, SourceTally(str(source), "jsonl")))
        print(
            f"pushed {outcome['pushed']:,} documents in {time.perf_counter() - started:.1f} s "
            f"({server.requests['_bulk']} _bulk requests)"
        )
        local = open_backend(f"local:{Path(work) / 'index'}")
        remote = open_backend(f"es:{server.url}/tab")
        queries = sample_queries(paragraphs, args.queries)
        agree = sum(_answer(local, q) == _answer(remote, q) for q in queries)
        conjunctions = sum(len(q) > 1 for q in queries)
        print(f"N: local {local.total():,}, es {remote.total():,}")
        print(
            f"agreement on {len(queries)} queries ({len(queries) - conjunctions} phrases, {conjunctions} "
            f"conjunctions): {agree}/{len(queries)}"
        )


if __name__ == "__main__":
    main()
