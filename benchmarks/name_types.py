"""How well the NLTK route types names, against TAB test's gold entity types.

    python benchmarks/name_types.py [--split tune|report|both] [--examples KIND:GOLD]

For each split (documents 1-64 by sorted doc_id tune, 65-127 report): a confusion
table of every name candidate (kind PERSON, ORGANISATION, LOCATION, DEMONYM or NAME,
after merging with the other candidates, as ``find_candidate_spans`` returns them)
against the type of the gold span it overlaps most ("none" when it overlaps none),
and for each gold type the share of its tokens (``\\w+``) that lie wholly inside a
candidate of the matching kind, after merging and (to tell the typing from the
merging) among the name spans alone. Also the word lists' load time and memory.
"""

from __future__ import annotations

import argparse
import collections
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab, split_tab  # noqa: E402

from ic_sanitizer.extraction import (
    name_lexicons,  # noqa: E402
    open_extractor,  # noqa: E402
)
from ic_sanitizer.extraction.candidates import find_candidate_spans  # noqa: E402
from ic_sanitizer.extraction.name_spans import name_spans, with_persons_named_elsewhere  # noqa: E402
from ic_sanitizer.terms import KIND_FAMILIES, TermKind  # noqa: E402

MATCHING_KIND = {
    "PERSON": TermKind.PERSON,
    "ORG": TermKind.ORGANISATION,
    "LOC": TermKind.LOCATION,
    "DEM": TermKind.DEMONYM,
}
GOLD_COLUMNS = ["PERSON", "ORG", "LOC", "DEM", "other", "none"]
NAME_KINDS = [TermKind.PERSON, TermKind.ORGANISATION, TermKind.LOCATION, TermKind.DEMONYM, TermKind.NAME]
_WORD = re.compile(r"\w+")


_LOADERS = ("common_lowercase_words", "given_names", "place_names", "demonyms")
_MEMORY_PROBE = (
    "import tracemalloc; tracemalloc.start(); from ic_sanitizer.extraction import name_lexicons as lexicons; "
    f"[getattr(lexicons, name)() for name in {_LOADERS!r}]; "
    "current, peak = tracemalloc.get_traced_memory(); print(current, peak)"
)


def measure_lexicons() -> None:
    started = time.perf_counter()
    sizes = {name: len(getattr(name_lexicons, name)()) for name in _LOADERS}
    elapsed = time.perf_counter() - started
    # Memory in a fresh process: tracemalloc slows loading several times over.
    probe = subprocess.run([sys.executable, "-c", _MEMORY_PROBE], capture_output=True, text=True, check=True)
    current, peak = (int(value) for value in probe.stdout.split())
    print(
        f"word lists loaded once in {elapsed:.2f} s; they keep {current / 2**20:.1f} MB "
        f"(peak {peak / 2**20:.1f} MB while loading): " + ", ".join(f"{name} {size:,}" for name, size in sizes.items())
    )


def _overlap(a_start: int, a_end: int, b_start: int, b_end: int) -> int:
    return max(0, min(a_end, b_end) - max(a_start, b_start))


def gold_type_of(span, gold_spans) -> str:
    best, best_overlap = "none", 0
    for start, end, label in gold_spans:
        overlap = _overlap(span.start, span.end, start, end)
        if overlap > best_overlap:
            best, best_overlap = (label if label in MATCHING_KIND else "other"), overlap
    return best


def score(texts: dict[str, str], gold: dict[str, list], extractor, examples: str | None) -> None:
    confusion: dict[TermKind, collections.Counter] = {kind: collections.Counter() for kind in NAME_KINDS}
    inside = collections.Counter()
    inside_before_merge = collections.Counter()
    total = collections.Counter()
    shown = collections.Counter()
    for doc_id, text in texts.items():
        sentences = extractor.analyze(text)
        spans = [span for span in find_candidate_spans(text, sentences) if span.kind in KIND_FAMILIES["name"]]
        unmerged = with_persons_named_elsewhere(text, [span for sentence in sentences for span in name_spans(sentence)])
        for span in spans:
            gold_type = gold_type_of(span, gold.get(doc_id, []))
            confusion[span.kind][gold_type] += 1
            if examples == f"{span.kind.value}:{gold_type}" and shown[text[span.start : span.end]] < 1:
                shown[text[span.start : span.end]] += 1
                print(
                    f"  example {doc_id}: {text[max(0, span.start - 40) : span.end + 20]!r} -> "
                    f"{text[span.start : span.end]!r}"
                )
        for start, end, label in gold.get(doc_id, []):
            if label not in MATCHING_KIND:
                continue
            for word in _WORD.finditer(text, start, end):
                total[label] += 1
                for counter, candidates in ((inside, spans), (inside_before_merge, unmerged)):
                    if any(
                        span.kind is MATCHING_KIND[label] and span.start <= word.start() and word.end() <= span.end
                        for span in candidates
                    ):
                        counter[label] += 1
    print(f"{'kind / gold':14s}" + "".join(f"{column:>8s}" for column in GOLD_COLUMNS) + f"{'total':>8s}")
    for kind in NAME_KINDS:
        row = confusion[kind]
        print(f"{kind.value:14s}" + "".join(f"{row[column]:8d}" for column in GOLD_COLUMNS) + f"{sum(row.values()):8d}")
    for label, kind in MATCHING_KIND.items():
        share = inside[label] / max(total[label], 1)
        share_unmerged = inside_before_merge[label] / max(total[label], 1)
        print(
            f"gold {label:6s} tokens inside a {kind.value + ' span:':19s} {share:.3f} ({inside[label]}/{total[label]}); "
            f"name spans alone, before merging: {share_unmerged:.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=["tune", "report", "both"], default="both")
    parser.add_argument("--examples", help="print examples of one cell, e.g. name:PERSON or location:none")
    args = parser.parse_args()
    texts, gold = load_tab()
    measure_lexicons()
    extractor = open_extractor("nltk")
    for split, label in (("tune", "documents 1-64 (tuning half)"), ("report", "documents 65-127 (reporting half)")):
        if args.split in (split, "both"):
            print(f"\n{label}")
            score(split_tab(texts, split), gold, extractor, args.examples)


if __name__ == "__main__":
    main()
