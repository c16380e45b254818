"""The dial of a policy on TAB's reporting half: P, R and words kept at every β, and whether it is monotone.

    python benchmarks/dial.py [--policy default] [--low 8] [--high 30] [--step 1]

Runs the engine `sanitize` runs (tuning.sweep: the policy's stages only) on documents
65-127 (the shipped policies were fitted on 1-64) at each β from --low to --high, and
prints token precision, recall and words kept per β, with the policy's own β among
them. Then checks the dial's promise document by document: no token is masked at a
higher β and clear at a lower one (counted over every pair of neighbouring βs).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _tab import load_tab, load_tab_gold, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.spans import WORD  # noqa: E402
from ic_sanitizer.tuning import BetaSetting, sweep  # noqa: E402


def masked_words(text: str, spans: list) -> set[int]:
    """Start offsets of the words a document's masked spans cover."""
    return {m.start() for start, end, *_ in spans for m in WORD.finditer(text, start, end)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policy", default="default")
    parser.add_argument("--low", type=float, default=8.0)
    parser.add_argument("--high", type=float, default=30.0)
    parser.add_argument("--step", type=float, default=1.0)
    args = parser.parse_args()
    texts, _ = load_tab()
    report = split_tab(texts, "report")
    gold = load_tab_gold()
    with Sanitizer(policy=args.policy) as sanitizer:
        own = sanitizer.thresholds.beta
        count = int(round((args.high - args.low) / args.step)) + 1
        betas = sorted({round(args.low + i * args.step, 3) for i in range(count)} | {own})
        settings = [BetaSetting(label=f"{b:g}", bits=b) for b in betas]
        rows = [r for r in sweep(sanitizer, report, gold, settings, [], keep_spans=True) if r.stage == "S1"]
    print(f"policy {args.policy} (own β {own:.3f}), TAB documents 65-127 ({len(report)})")
    print(f"{'β':>8} {'P':>6} {'R':>6} {'kept':>6}")
    for beta, row in zip(betas, rows):
        s = row.scores
        mark = "  <- the policy's own β (no --beta)" if beta == own else ""
        print(f"{beta:>8.3f} {s.token_precision:>6.3f} {s.token_recall:>6.3f} {s.tokens_kept:>6.3f}{mark}")
    breaks = documents = 0
    for doc_id, text in report.items():
        masked = [masked_words(text, row.spans[doc_id]) for row in rows]
        broken = sum(len(higher - lower) for lower, higher in zip(masked, masked[1:]))
        breaks += broken
        documents += broken > 0
    print(
        f"monotone: {breaks} words masked at a higher β and clear at the next lower one, "
        f"in {documents} of {len(report)} documents"
    )


if __name__ == "__main__":
    main()
