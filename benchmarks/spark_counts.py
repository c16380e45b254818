"""Is counting by query the bottleneck of a Spark run? One partition, as an executor runs it.

    python benchmarks/spark_counts.py [--documents 127] [--parallel 8] [--rtt-ms 1 5]

A partition is TAB's judgments (all 127 by default, 647k characters), sanitized in one
process with one extraction process, through ``sanitize_many``: what one task of
``ic_sanitizer.spark`` does on one core. Three ways of counting, with the same corpus
behind the last two (the starter corpus: 10,033 Wikipedia lead summaries):

- default: wordfreq for S1 (in memory), the starter index for S2 (a local index on the
  executor's disk);
- local: the starter index for S1 and S2 (``--backend starter``), a local index per executor;
- es: the same documents behind the loopback Elasticsearch stand-in (``es:``), asked
  ``--parallel`` at a time, as a shared back-end would be.

Each is run three times: cold (empty count cache), warm from disk (a new engine on the
same cache: a new Python worker on the same machine) and warm in memory (the same engine
again: the next partition of the same worker); the in-process back-ends once more cold
with no disk cache, which tells the cache's writes from the back-end's look-ups. The
default policy runs S1 only; the paper's policy runs S2 as well (its conjunctions). For each: the time of extraction and of
counting and deciding (phases reported by ``sanitize_many``), the time spent inside the
back-end, and the queries issued. Then the new queries per document over the run (does
the cache's hit rate grow?), and what a round trip to a real cluster would cost
(``--rtt-ms``, modelled: issued queries x round trip / parallel).
"""

from __future__ import annotations

import argparse
import functools
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab  # noqa: E402

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.corpus_stats.backends.elasticsearch import push_documents  # noqa: E402
from ic_sanitizer.corpus_stats.backends.starter import starter_texts  # noqa: E402
from ic_sanitizer.corpus_stats.testing.es_fake import FakeElasticsearch  # noqa: E402

#: β in bits for S1 on the starter corpus (N = 10,033 documents: at most 13.3 bits)
STARTER_BETA = 11.0


class BackendClock:
    """Time spent inside a back-end's count calls (summed over threads) and their number."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0

    def wrap(self, backend) -> None:
        for name in ("count", "count_all", "total"):
            setattr(backend, name, self._timed(getattr(backend, name)))

    def _timed(self, method):
        @functools.wraps(method)
        def timed(*args, **kwargs):
            started = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - started
                self.calls += 1

        return timed


def run(engine: Sanitizer, texts: list[str], clock: BackendClock) -> dict:
    """One partition through sanitize_many; phases timed from its progress reports."""
    marks: dict[str, float] = {}

    def progress(phase: str, done: int, total: int) -> None:
        marks.setdefault(f"first {phase}", time.perf_counter())
        marks[f"last {phase}"] = time.perf_counter()

    clock.seconds, clock.calls = 0.0, 0
    started = time.perf_counter()
    results = list(engine.sanitize_many(texts, progress))
    ended = time.perf_counter()
    extraction = marks["last extracting"] - started
    return {
        "extraction": extraction,
        "counting and deciding": ended - marks["last extracting"],
        "inside the back-end": clock.seconds,
        "back-end calls": clock.calls,
        "issued": [r.queries.issued for r in results],
        "cached": sum(r.queries.cached for r in results),
        "texts": [r.text for r in results],
    }


def engine_for(
    spec: tuple[str, dict], cache_dir: Path, parallel: int, clock: BackendClock, use_cache: bool = True
) -> Sanitizer:
    backend, options = spec
    engine = Sanitizer(
        backend, **options, cache_dir=cache_dir, use_cache=use_cache, workers=1, parallel=parallel, allow_web=True
    )
    clock.wrap(engine.backend)
    if engine.s2_backend is not engine.backend:
        clock.wrap(engine.s2_backend)
    return engine


def answers_held(engine: Sanitizer) -> tuple[int, float]:
    """Answers the engine's counters keep in memory, and their size in MB (keys and values)."""
    memories = {id(c): c._memory for c in (engine.counter, engine.s2_counter)}.values()
    entries = sum(len(m) for m in memories)
    size = sum(sys.getsizeof(m) + sum(sys.getsizeof(k) + sys.getsizeof(v) for k, v in m.items()) for m in memories)
    return entries, size / 1e6


def new_queries_by_decile(issued: list[int]) -> str:
    """Mean new (issued) queries per document in each tenth of the run, in order."""
    size = max(1, len(issued) // 10)
    means = [sum(issued[i : i + size]) / len(issued[i : i + size]) for i in range(0, len(issued), size)]
    return " ".join(f"{m:.0f}" for m in means[:10])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=127)
    parser.add_argument("--parallel", type=int, default=8, help="es: requests in flight (the CLI's default)")
    parser.add_argument(
        "--rtt-ms", type=float, nargs="*", default=[1.0, 5.0], help="modelled round trips to a real cluster"
    )
    args = parser.parse_args()
    texts_by_id, _ = load_tab()
    texts = [texts_by_id[doc] for doc in sorted(texts_by_id)][: args.documents]
    characters = sum(map(len, texts))
    print(f"partition: {len(texts)} TAB documents, {characters:,} characters; one process, one extraction process")
    with tempfile.TemporaryDirectory() as work, FakeElasticsearch() as server:
        started = time.perf_counter()
        push_documents(f"{server.url}/starter", starter_texts())
        print(f"es stand-in loaded with the starter corpus in {time.perf_counter() - started:.1f} s\n")
        # The default policy's β are on wordfreq's scale; on the 10,033-document corpus β is
        # given in bits on that corpus's scale (as benchmarks/web_backends.py does). The
        # default policy runs S1 only; the paper's runs S2 too, which asks the conjunctions.
        es = f"es:{server.url}/starter"
        configurations, same_corpus = {}, {}
        for policy in ("default", "paper"):
            on_starter = {"beta": STARTER_BETA, "policy": policy}
            local_name, es_name = (
                f"{policy}: local (starter index)",
                f"{policy}: es (loopback, parallel {args.parallel})",
            )
            configurations.update(
                {
                    f"{policy}: wordfreq + starter": ("wordfreq", {"policy": policy}),
                    local_name: ("starter", on_starter),
                    es_name: (es, on_starter),
                }
            )
            same_corpus[policy] = (local_name, es_name)
        print(
            "| counting | run | extraction s | counting+deciding s | inside back-end s | back-end calls | "
            "queries issued | from disk cache | counting+deciding share |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        outputs, cold_issued, held = {}, {}, {}
        for name, spec in configurations.items():
            clock = BackendClock()
            cache_dir = Path(work) / name.replace(" ", "-").replace(":", "")
            engine = engine_for(spec, cache_dir, args.parallel, clock)
            runs = [("cold", run(engine, texts, clock))]
            held[name] = answers_held(engine)
            engine.close()
            engine = engine_for(spec, cache_dir, args.parallel, clock)
            runs.append(("warm, disk", run(engine, texts, clock)))
            runs.append(("warm, memory", run(engine, texts, clock)))
            engine.close()
            if not name.startswith(tuple(f"{policy}: es" for policy in same_corpus)):
                # Where a cold run's time goes: the same queries answered, none written to disk.
                engine = engine_for(spec, cache_dir, args.parallel, clock, use_cache=False)
                runs.append(("cold, no disk cache", run(engine, texts, clock)))
            for label, outcome in runs:
                total = outcome["extraction"] + outcome["counting and deciding"]
                print(
                    f"| {name} | {label} | {outcome['extraction']:.1f} | {outcome['counting and deciding']:.1f} | "
                    f"{outcome['inside the back-end']:.1f} | {outcome['back-end calls']:,} | "
                    f"{sum(outcome['issued']):,} | {outcome['cached']:,} | "
                    f"{outcome['counting and deciding'] / total:.0%} |"
                )
            outputs[name] = runs[0][1]["texts"]
            cold_issued[name] = runs[0][1]
        print()
        for policy, (local_name, es_name) in same_corpus.items():
            same = sum(a == b for a, b in zip(outputs[local_name], outputs[es_name]))
            print(
                f"{policy}: es and local give the same output for {same}/{len(texts)} documents "
                "(the same corpus behind both)"
            )
        for name, outcome in cold_issued.items():
            issued = outcome["issued"]
            entries, megabytes = held[name]
            print(
                f"{name}: new queries per document, by tenth of the cold run: {new_queries_by_decile(issued)} "
                f"(mean {sum(issued) / len(issued):.0f}); answers held in the engine's memory after the run: "
                f"{entries:,} ({megabytes:.0f} MB)"
            )
        for policy in ("default", "paper"):
            es_run = cold_issued[same_corpus[policy][1]]
            per_document_extraction = es_run["extraction"] / len(texts)
            tail = es_run["issued"][len(texts) // 2 :]
            tail_mean = sum(tail) / len(tail)
            print(
                f"\n{policy}: extraction {per_document_extraction * 1000:.0f} ms a document "
                f"({characters / es_run['extraction']:,.0f} characters/s on one core)"
            )
            for rtt in args.rtt_ms:
                counting = tail_mean * rtt / 1000 / args.parallel
                print(
                    f"{policy}: es at {rtt:g} ms a round trip, {args.parallel} in flight: {tail_mean:.0f} new queries "
                    f"a document (second half of the run) cost {counting * 1000:.0f} ms, "
                    f"{counting / (counting + per_document_extraction):.0%} of a document's time"
                )


if __name__ == "__main__":
    main()
