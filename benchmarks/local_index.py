"""Local index: build throughput, size, count latency and cold start on >= 100,000 documents.

    python benchmarks/local_index.py [--documents 120000] [--queries 1000] [--runs 3]

The corpus is made of real text: each document is 4 sentences drawn at random (fixed
seed) from the sentences of TAB test's 127 judgments. Latency is measured on two query
mixes: the sanitizer's own (candidate terms of the TAB texts, and pairs of them, as S1
and S2 ask them) and a stress mix of random 1-3 word n-grams of the text, stop words
included ("of the"), which the sanitizer never asks. Bars (issue 3): build >= 5 MB/s,
index <= 0.6 x text; phrase and conjunction latency median <= 1 ms, p99 <= 10 ms; cold
process start to first answer <= 1 s. Figures are medians over --runs.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab  # noqa: E402

from ic_sanitizer.corpus_stats import index_tokens, open_backend  # noqa: E402
from ic_sanitizer.corpus_stats.building.corpus_build import build_index  # noqa: E402
from ic_sanitizer.extraction import extract_terms, open_extractor  # noqa: E402

_COLD_START = """
import sys, time
started = time.perf_counter()
from ic_sanitizer.corpus_stats import open_backend
backend = open_backend("local:" + sys.argv[1])
backend.count_all(["european court", "applicant"])
print(time.perf_counter() - started)
"""


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=120_000)
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    texts, _ = load_tab()
    sentences = [s.strip() for t in texts.values() for s in re.split(r"(?<=[.!?])\s+|\n+", t) if len(s.strip()) > 20]
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as work:
        corpus = Path(work) / "corpus.jsonl"
        with corpus.open("w", encoding="utf-8") as handle:
            for _ in range(args.documents):
                handle.write(json.dumps({"text": " ".join(rng.choice(sentences) for _ in range(4))}) + "\n")
        text_bytes = corpus.stat().st_size
        rates, ratios = [], []
        for run in range(args.runs):
            index = Path(work) / f"index-{run}"
            started = time.perf_counter()
            meta = build_index([corpus], index)
            seconds = time.perf_counter() - started
            characters = meta["characters"]
            rates.append(characters / 1e6 / seconds)
            ratios.append(meta["index_bytes"] / characters)
            print(
                f"build {run + 1}: {meta['documents']:,} documents, {characters / 1e6:.1f} M characters "
                f"in {seconds:.1f} s = {rates[-1]:.1f} MB/s; index {meta['index_bytes'] / 1e6:.1f} MB "
                f"= {ratios[-1]:.2f} x text"
            )

        backend = open_backend(f"local:{Path(work) / 'index-0'}")
        extractor = open_extractor("nltk")
        terms = sorted({term.key for text in texts.values() for term in extract_terms(text, extractor)})
        candidate_mix = [rng.choice(terms) for _ in range(args.queries * 2)]
        ngram_mix = []
        for tokens in (index_tokens(rng.choice(sentences)) for _ in range(args.queries * 2)):
            length = rng.randint(1, 3)
            start = rng.randrange(max(1, len(tokens) - length))
            ngram_mix.append(" ".join(tokens[start : start + length]))
        for mix_name, phrases in (("candidate terms", candidate_mix), ("n-gram stress", ngram_mix)):
            latencies = {"phrase": [], "conjunction": []}
            for i in range(args.queries):
                started = time.perf_counter()
                backend.count(phrases[i])
                latencies["phrase"].append((time.perf_counter() - started) * 1000)
                started = time.perf_counter()
                backend.count_all([phrases[i], phrases[args.queries + i]])
                latencies["conjunction"].append((time.perf_counter() - started) * 1000)
            for kind, values in latencies.items():
                print(
                    f"{mix_name}: {kind} count latency over {len(values)} queries: median "
                    f"{statistics.median(values):.3f} ms, p99 {_percentile(values, 0.99):.3f} ms"
                )
        cold = [
            float(
                subprocess.run(
                    [sys.executable, "-c", _COLD_START, str(Path(work) / "index-0")],
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
            )
            for _ in range(5)
        ]
        print(f"cold process start to first answer (median of 5): {statistics.median(cold):.3f} s")
        unique = Path(work) / "tab.json"
        unique.write_text(json.dumps(texts), encoding="utf-8")
        tab_meta = build_index([unique], Path(work) / "index-tab")
        print(
            f"index of TAB's 127 texts alone (no repeated text): "
            f"{tab_meta['index_bytes'] / tab_meta['characters']:.2f} x text"
        )
        print(
            f"build throughput median of {args.runs}: {statistics.median(rates):.1f} MB/s; "
            f"index size {statistics.median(ratios):.2f} x text (corpus file {text_bytes / 1e6:.1f} MB)"
        )


if __name__ == "__main__":
    main()
