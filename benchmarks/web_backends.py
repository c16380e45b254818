"""Web back-ends against a loopback infini-gram stand-in with 50 ms latency per request.

    python benchmarks/web_backends.py [--latency 0.05] [--workers 8]

The stand-in answers from the starter index (real counts). Documents: the paper's
example and the first 10 TAB texts. Bars (issue 5):
- parallel cold wall time <= 1/4 of sequential at 8 workers; a warm cache issues 0 queries;
- queries issued on the 10 TAB documents <= 40% of the naive count, sum over documents
  of |terms| + |I|·|N| (every term's count, every sensitive x clear pair), with the
  saving broken down (deduplication, IC-bound pruning, cache);
- a run killed halfway (SIGTERM) and restarted completes with no query issued twice.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab  # noqa: E402

from ic_sanitizer import Decision, Sanitizer  # noqa: E402
from ic_sanitizer.corpus_stats import open_backend  # noqa: E402
from ic_sanitizer.corpus_stats.testing.web_fakes import FakeWebService  # noqa: E402

PAPER = Path(__file__).resolve().parents[1] / "examples" / "paper_example.txt"
BETA = 13.0  # bits on the stand-in's scale (N = 10,033 documents): S2 still asks ~4,000 pairs


def _run(url: str, documents: list[str], workers: int, cache_dir: Path):
    os.environ["SANITIZER_INFINIGRAM_URL"] = url
    sanitizer = Sanitizer("infinigram", beta=BETA, w=0.6, allow_web=True, parallel=workers, cache_dir=cache_dir)
    started = time.perf_counter()
    results = list(sanitizer.sanitize_many(documents))
    return time.perf_counter() - started, results, sanitizer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--workers", type=int, default=8)
    args = parser.parse_args()
    texts, _ = load_tab()
    tab = [texts[k] for k in sorted(texts)[:10]]
    documents = [PAPER.read_text(encoding="utf-8"), *tab]
    starter = open_backend("starter")
    with tempfile.TemporaryDirectory() as work, FakeWebService("infinigram", starter, latency=args.latency) as fake:
        work = Path(work)
        timings = {}
        for label, workers in (("sequential", 1), (f"parallel x{args.workers}", args.workers)):
            before = sum(fake.answered.values())
            seconds, results, sanitizer = _run(fake.url, documents, workers, work / label)
            timings[label] = seconds
            print(f"cold, {label}: {seconds:.1f} s, {sum(fake.answered.values()) - before} queries")
        ratio = timings[f"parallel x{args.workers}"] / timings["sequential"]
        print(f"parallel / sequential wall time: {ratio:.3f} (bar <= 0.25)")
        before = sum(fake.answered.values())
        seconds, _, _ = _run(fake.url, documents, args.workers, work / f"parallel x{args.workers}")
        print(
            f"warm, parallel x{args.workers}: {seconds:.2f} s, {sum(fake.answered.values()) - before} queries (bar 0)"
        )

        # Queries on the 10 TAB documents alone, cold, against the naive count.
        before = sum(fake.answered.values())
        _, results, sanitizer = _run(fake.url, tab, args.workers, work / "tab-only")
        issued = sum(fake.answered.values()) - before
        naive = sum(
            len(r.terms)
            + sum(t.decision is Decision.SENSITIVE for t in r.terms)
            * sum(t.decision is not Decision.SENSITIVE for t in r.terms)
            for r in results
        )
        report = sanitizer.prefetch_report
        counts, conjunctions = report["counts"], report["conjunctions"]
        print(f"10 TAB documents: {issued} queries issued of a naive {naive} = {issued / naive:.1%} (bar <= 40%)")
        print(
            f"  term counts: {counts.asked} asked, {counts.deduplicated} deduplicated across and within "
            f"documents, {counts.cached} from the cache, {counts.issued} issued"
        )
        print(
            f"  conjunctions: {report['conjunctions_naive']} naive pairs, "
            f"{report['conjunctions_naive'] - conjunctions.asked} pruned by the IC bound or unseen terms, "
            f"{conjunctions.deduplicated} deduplicated, {conjunctions.cached} from the cache, "
            f"{conjunctions.issued} issued"
        )

        # A run killed halfway and restarted.
        folder = work / "docs"
        folder.mkdir()
        for index, text in enumerate(tab):
            (folder / f"{index:02d}.txt").write_text(text, encoding="utf-8")
        fake.answered.clear()
        environment = {**os.environ, "SANITIZER_INFINIGRAM_URL": fake.url, "SANITIZER_CACHE_DIR": str(work / "kill")}
        command = [
            sys.executable,
            "-m",
            "ic_sanitizer",
            "sanitize",
            str(folder),
            "-o",
            str(work / "out"),
            "--backend",
            "infinigram",
            "--allow-web",
            "--beta",
            str(BETA),
            "--parallel",
            str(args.workers),
        ]
        process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        while sum(fake.answered.values()) < issued // 2 and process.poll() is None:
            time.sleep(0.02)
        at_kill = sum(fake.answered.values())
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)
        first = process.stderr.read().decode().strip().splitlines()[-1:]
        rerun = subprocess.run(command, env=environment, capture_output=True, text=True)
        total = sum(fake.answered.values())
        repeated = sum(n - 1 for n in fake.answered.values() if n > 1)
        print(
            f"killed (SIGTERM) after {at_kill} answered queries, exit {process.returncode} ({' '.join(first)}); "
            f"rerun exit {rerun.returncode}; {total} queries in all, {repeated} asked twice (bar 0)"
        )


if __name__ == "__main__":
    main()
