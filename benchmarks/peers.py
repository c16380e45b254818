"""This project against Presidio on the same texts, in one run; 1 worker against 2.

    pip install -e '.[peers]' && python benchmarks/peers.py [--runs 3]
    python benchmarks/peers.py --open [--runs 3]
    python benchmarks/peers.py --sizes [--max-mb 10]

Default mode: the 127 TAB texts, each system in a fresh process per run, the runs
interleaved (Presidio, this project with 2 workers, with 1 worker, then again), so
that the machine's noise falls on all of them alike. Presidio is its analyzer and
anonymizer with spaCy's small English model (the offline package the `spacy` extra
pins, loaded by path; Presidio's own model download cannot run here), in one process,
model loading included, as in the issue's measurement; this project is the default
pipeline with a warm count cache, start-up and worker pool included. Printed: every
run, the medians, and the ratios of the medians (this/Presidio; 2 workers/1 worker).

--open: 1 worker against 2 with the engines already open (as in a service, a Spark
executor or a second batch): both engines in one process, each sanitizing the 127
texts --runs times, alternating; medians and their ratio.

--sizes: time per character of one document from 1 KB to --max-mb (made of TAB texts
end to end), sanitized by one engine opened beforehand, with 2 workers; the document
is sanitized once per size, small ones several times (median). Printed: seconds,
microseconds per character and their ratio to the 1 KB figure; peak memory of the
process and its workers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile

from speed import HERE, one_run

_PRESIDIO_RUN = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from _tab import load_tab
texts, _ = load_tab()
documents = [texts[k] for k in sorted(texts)]
started = time.perf_counter()
from presidio_analyzer import AnalyzerEngine
from presidio_analyzer.nlp_engine import NlpEngineProvider
from presidio_anonymizer import AnonymizerEngine
from ic_sanitizer.extraction.spacy_extractor import model_folder
configuration = {"nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": str(model_folder())}]}
analyzer = AnalyzerEngine(nlp_engine=NlpEngineProvider(nlp_configuration=configuration).create_engine(),
                          supported_languages=["en"])
anonymizer = AnonymizerEngine()
for text in documents:
    anonymizer.anonymize(text=text, analyzer_results=analyzer.analyze(text=text, language="en"))
elapsed = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"seconds": elapsed, "characters": sum(map(len, documents)), "peak_mb": peak}))
"""

_SIZES_RUN = r"""
import json, resource, statistics, sys, time
sys.path.insert(0, sys.argv[1])
from _tab import load_tab
from ic_sanitizer import Sanitizer
texts, _ = load_tab()
corpus = "\n\n".join(texts[k] for k in sorted(texts))
sizes = json.loads(sys.argv[3])
def document(size):
    repeats = corpus * (size // len(corpus) + 1)
    cut = repeats.rfind(" ", 0, size)
    return repeats[:cut if cut > 0 else size]
with Sanitizer(workers=2, cache_dir=sys.argv[2]) as sanitizer:
    sanitizer.sanitize(document(20_000))  # warms the cache's connection and the models
    for size in sizes:
        text = document(size)
        times = []
        for _ in range(5 if size <= 100_000 else 1):
            started = time.perf_counter()
            sanitizer.sanitize(text)
            times.append(time.perf_counter() - started)
        own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        print(json.dumps({"characters": len(text), "seconds": statistics.median(times),
                          "peak_mb": (own + child) / 1024}), flush=True)
"""


_OPEN_RUN = r"""
import json, statistics, sys, time
sys.path.insert(0, sys.argv[1])
from _tab import load_tab
from ic_sanitizer import Sanitizer
texts, _ = load_tab()
documents = [texts[k] for k in sorted(texts)]
engines = {workers: Sanitizer(workers=workers, cache_dir=sys.argv[2]) for workers in (1, 2)}
for engine in engines.values():
    list(engine.sanitize_many(documents[:8]))  # starts the workers, warms the cache's connection
seconds = {workers: [] for workers in engines}
for _ in range(int(sys.argv[3])):
    for workers, engine in engines.items():
        started = time.perf_counter()
        list(engine.sanitize_many(documents))
        seconds[workers].append(time.perf_counter() - started)
for engine in engines.values():
    engine.close()
print(json.dumps({"characters": sum(map(len, documents)), "seconds": seconds}))
"""


def _open_engines(runs: int) -> None:
    with tempfile.TemporaryDirectory() as cache_dir:
        one_run(sys.executable, "wordfreq", 2, cache_dir)  # warms the count cache
        output = subprocess.run(
            [sys.executable, "-c", _OPEN_RUN, str(HERE), cache_dir, str(runs)],
            check=True,
            capture_output=True,
            text=True,
            cwd=cache_dir,
        ).stdout
    figures = json.loads(output)
    rates = {workers: figures["characters"] / statistics.median(times) for workers, times in figures["seconds"].items()}
    for workers, rate in rates.items():
        print(
            f"engine open, {workers} worker(s): median of {runs}: {rate:,.0f} characters/s "
            f"({', '.join(f'{t:.2f}' for t in figures['seconds'][workers])} s)"
        )
    print(f"2 workers / 1 worker, engines open: {rates['2'] / rates['1']:.2f}")


def _presidio_run(cache_dir: str) -> dict:
    output = subprocess.run(
        [sys.executable, "-c", _PRESIDIO_RUN, str(HERE)], check=True, capture_output=True, text=True, cwd=cache_dir
    ).stdout
    return json.loads(output)


def _compare(runs: int) -> None:
    systems = {"presidio": None, "this project, 2 workers": 2, "this project, 1 worker": 1}
    rates: dict[str, list[float]] = {name: [] for name in systems}
    peaks: dict[str, list[float]] = {name: [] for name in systems}
    with tempfile.TemporaryDirectory() as cache_dir:
        one_run(sys.executable, "wordfreq", 2, cache_dir)  # warms the count cache
        for run in range(1, runs + 1):
            for name, workers in systems.items():
                figures = (
                    _presidio_run(cache_dir)
                    if workers is None
                    else one_run(sys.executable, "wordfreq", workers, cache_dir)
                )
                rate = figures["characters"] / figures["seconds"]
                rates[name].append(rate)
                peaks[name].append(figures["peak_mb"])
                print(
                    f"run {run} {name}: {figures['seconds']:.2f} s, {rate:,.0f} characters/s, "
                    f"peak {figures['peak_mb']:.0f} MB",
                    flush=True,
                )
    medians = {name: statistics.median(values) for name, values in rates.items()}
    for name, median in medians.items():
        print(f"{name}: median of {runs}: {median:,.0f} characters/s, peak {statistics.median(peaks[name]):.0f} MB")
    print(f"this project (2 workers) / presidio: {medians['this project, 2 workers'] / medians['presidio']:.2f}")
    print(f"2 workers / 1 worker: {medians['this project, 2 workers'] / medians['this project, 1 worker']:.2f}")


def _sizes(max_mb: float) -> None:
    sizes = [size for size in (1_000, 10_000, 100_000, 1_000_000, 10_000_000, 15_000_000) if size <= max_mb * 1e6]
    with tempfile.TemporaryDirectory() as cache_dir:
        process = subprocess.Popen(
            [sys.executable, "-c", _SIZES_RUN, str(HERE), cache_dir, json.dumps(sizes)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=cache_dir,
        )
        assert process.stdout is not None
        first = None
        for line in process.stdout:
            figures = json.loads(line)
            per_character = figures["seconds"] / figures["characters"] * 1e6
            first = first or per_character
            print(
                f"{figures['characters']:>11,} characters: {figures['seconds']:8.2f} s, "
                f"{per_character:.2f} µs/character ({per_character / first:.2f} x the 1 KB figure), "
                f"peak {figures['peak_mb']:.0f} MB",
                flush=True,
            )
        if process.wait():
            raise SystemExit(f"the sizes run failed (exit {process.returncode})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", action="store_true", help="time per character from 1 KB to --max-mb")
    parser.add_argument("--open", action="store_true", help="1 worker against 2 with the engines open")
    parser.add_argument("--max-mb", type=float, default=10.0)
    args = parser.parse_args()
    if args.sizes:
        _sizes(args.max_mb)
    elif args.open:
        _open_engines(args.runs)
    else:
        _compare(args.runs)


if __name__ == "__main__":
    main()
