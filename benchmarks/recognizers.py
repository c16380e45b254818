"""The identifier recognizers on TAB test: what each kind finds, how much of it the experts
masked, how much of the gold DATETIME, CODE and QUANTITY they cover, and their speed.

    python benchmarks/recognizers.py [--split halves|tune|report|all] [--runs 3] [--no-pathological]

Per recognizer kind: spans found, their tokens (Python ``\\w+``, a token counts when all
its characters lie in the span) and the share of those tokens inside gold masks (a
precision proxy: the experts mask only the protected person's identifiers). Per gold
type: the share of its tokens covered by recognizer spans (recall). Then characters/s of
``identifier_spans`` over the split (median of --runs), whether every span is clean, and
the time on 1 MB pathological strings, and for the slowest the ratio of its time on 1 MB
to its time on 0.5 MB (linear time: 2; a catastrophic backtrack would take hours).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab, split_tab  # noqa: E402

from ic_sanitizer.recognizers import identifier_spans  # noqa: E402
from ic_sanitizer.recognizers.span_cleaning import is_clean_span  # noqa: E402

_TOKEN = re.compile(r"\w+")
_RECALL_TYPES = ("DATETIME", "CODE", "QUANTITY")
_MEGABYTE = 1_000_000


def _mask(length: int, spans) -> bytearray:
    mask = bytearray(length)
    for start, end in spans:
        mask[start:end] = b"\x01" * (end - start)
    return mask


def _covered(mask: bytearray, start: int, end: int) -> bool:
    return all(mask[start:end])


def _score(texts: dict[str, str], gold: dict[str, list], spans_by_doc: dict[str, list]) -> None:
    found, tokens, in_gold = Counter(), Counter(), Counter()
    gold_tokens, gold_covered = Counter(), Counter()
    unclean = 0
    for doc_id, text in texts.items():
        gold_mask = _mask(len(text), [(s, e) for s, e, _ in gold.get(doc_id, [])])
        found_mask = _mask(len(text), [(s.start, s.end) for s in spans_by_doc[doc_id]])
        for span in spans_by_doc[doc_id]:
            found[span.kind] += 1
            unclean += not is_clean_span(text, span.start, span.end)
            for token in _TOKEN.finditer(text, span.start, span.end):
                tokens[span.kind] += 1
                in_gold[span.kind] += _covered(gold_mask, *token.span())
        for entity_type in _RECALL_TYPES:
            type_mask = _mask(len(text), [(s, e) for s, e, t in gold.get(doc_id, []) if t == entity_type])
            for token in _TOKEN.finditer(text):
                if _covered(type_mask, *token.span()):
                    gold_tokens[entity_type] += 1
                    gold_covered[entity_type] += _covered(found_mask, *token.span())
    print(f"{'kind':10s} {'spans':>6s} {'tokens':>7s} {'in gold':>8s}")
    for kind in sorted(found, key=lambda k: list(type(k)).index(k)):
        share = in_gold[kind] / tokens[kind] if tokens[kind] else 0.0
        print(f"{kind.value:10s} {found[kind]:6d} {tokens[kind]:7d} {share:8.3f}")
    all_tokens, all_in_gold = sum(tokens.values()), sum(in_gold.values())
    print(f"{'all':10s} {sum(found.values()):6d} {all_tokens:7d} {all_in_gold / max(all_tokens, 1):8.3f}")
    for entity_type in _RECALL_TYPES:
        recall = gold_covered[entity_type] / max(gold_tokens[entity_type], 1)
        print(f"gold {entity_type:9s} tokens {gold_tokens[entity_type]:5d}, covered by recognizers: {recall:.3f}")
    print(f"spans that are not clean: {unclean}")


def _throughput(texts: dict[str, str], runs: int) -> dict[str, list]:
    spans_by_doc: dict[str, list] = {}
    characters = sum(len(text) for text in texts.values())
    rates = []
    for _ in range(runs):
        started = time.perf_counter()
        spans_by_doc = {doc_id: identifier_spans(text) for doc_id, text in texts.items()}
        rates.append(characters / (time.perf_counter() - started))
    print(
        f"identifier_spans: {characters:,} characters, "
        f"{', '.join(f'{rate:,.0f}' for rate in rates)} characters/s; median {statistics.median(rates):,.0f}"
    )
    return spans_by_doc


def _pathological_inputs() -> dict[str, str]:
    """1 MB strings built to make a backtracking pattern explode, one family per pattern."""

    def repeat(unit: str) -> str:
        return (unit * (_MEGABYTE // len(unit) + 1))[:_MEGABYTE]

    return {
        name: repeat(unit)
        for name, unit in {
            "digits": "1",
            "letters": "a",
            "spaces": " ",
            "digit-space": "1 ",
            "digit-comma": "1,",
            "digit-dot": "1.",
            "digit-slash": "1/",
            "digit-dash": "1-",
            "caps-dash": "A-",
            "caps-digit-slash": "A1/",
            "email-like": "a.",
            "at-signs": "a@a.",
            "plus-digits": "+1 ",
            "zero-groups": "0 1",
            "number-list": "1, ",
            "word-numbers": "one hundred ",
            "day-list": "1 and ",
            "month-list": "May, ",
            "years-in-context": "in 1990, ",
            "durations": "1 year ",
            "brackets": "(",
            "quotes": "\u201c",
            "url-like": "www.",
            "capital-words": "Baker ",
            "no-prefix": "no. ",
        }.items()
    }


def _pathological(runs: int) -> None:
    timings = {}
    for name, text in _pathological_inputs().items():
        timings[name] = min(_time_once(text) for _ in range(runs))
        print(f"  {name:18s} {timings[name]:6.2f} s  ({_MEGABYTE / timings[name]:,.0f} characters/s)")
    slowest = max(timings, key=timings.__getitem__)
    print(f"pathological 1 MB strings: slowest {slowest} {timings[slowest]:.2f} s")
    # Linear time: twice the text, twice the time (a quadratic pattern would take four).
    text = _pathological_inputs()[slowest]
    half = min(_time_once(text[: _MEGABYTE // 2]) for _ in range(runs))
    print(
        f"{slowest}: 0.5 MB {half:.2f} s, 1 MB {timings[slowest]:.2f} s, ratio {timings[slowest] / half:.2f}"
        " (linear 2, quadratic 4)"
    )


def _time_once(text: str) -> float:
    started = time.perf_counter()
    identifier_spans(text)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--split",
        choices=("halves", "tune", "report", "all"),
        default="halves",
        help="halves (default): the tuning half, then the reporting half",
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-pathological", action="store_true")
    args = parser.parse_args()
    texts, gold = load_tab()
    labels = {
        "tune": "documents 1-64 (tuning half: the patterns were tuned on these)",
        "report": "documents 65-127 (reporting half: not looked at while tuning)",
        "all": "all 127 documents",
    }
    for split in ("tune", "report") if args.split == "halves" else (args.split,):
        chosen = split_tab(texts, split)
        print(f"TAB test, {labels[split]}, by sorted doc_id")
        spans_by_doc = _throughput(chosen, args.runs)
        _score(chosen, gold, spans_by_doc)
        print()
    if not args.no_pathological:
        _pathological(1)


if __name__ == "__main__":
    main()
