"""Token precision/recall/F1 of the sanitizer on TAB test, over β, w and zero-count policy.

    python benchmarks/tab_scores.py --split tune --betas 16 18 20 22 24 --zero-count sensitive keep
    python benchmarks/tab_scores.py --split report --betas 21

Candidates are extracted once; each setting reuses the same counts (no re-query).
Splits: tune = first 64 documents by doc_id, report = the other 63, all = 127.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import gold_spans, load_tab, split_tab  # noqa: E402

from sanitizer import Sanitizer  # noqa: E402
from sanitizer.evaluation import token_scores  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="wordfreq")
    parser.add_argument("--split", choices=["tune", "report", "all"], default="tune")
    parser.add_argument("--betas", type=float, nargs="+", default=[21.0])
    parser.add_argument("--ws", type=float, nargs="+", default=[0.6])
    parser.add_argument("--zero-count", nargs="+", default=["sensitive"], choices=["sensitive", "keep"])
    parser.add_argument("--cache-dir", default=None)
    args = parser.parse_args()

    texts, gold = load_tab()
    texts = split_tab(texts, args.split)
    ids = list(texts)
    gold = gold_spans(gold)
    base = Sanitizer(args.backend, cache_dir=args.cache_dir)
    started = time.perf_counter()
    spans = dict(zip(ids, base.extract([texts[i] for i in ids])))
    print(f"backend={args.backend} split={args.split} documents={len(ids)} "
          f"extraction {time.perf_counter() - started:.1f}s", file=sys.stderr)
    print("| zero-count | β | w | S2 ran | token P | token R | token F1 | mention R | tokens kept |")
    print("|---|---|---|---|---|---|---|---|---|")
    for policy in args.zero_count:
        for beta in args.betas:
            for w in args.ws:
                sanitizer = base.reconfigured(beta=beta, w=w, zero_count=policy)
                system, ran = {}, True
                for doc_id in ids:
                    result = sanitizer.decide(texts[doc_id], spans[doc_id])
                    system[doc_id] = [(r.start, r.end) for r in result.replacements]
                    ran = ran and result.s2.ran
                s = token_scores(texts, gold, system)
                print(f"| {policy} | {beta:g} | {w:g} | {'yes' if ran else 'no'} | {s.precision:.3f} | "
                      f"{s.recall:.3f} | {s.f1:.3f} | {s.mention_recall:.3f} | {s.tokens_kept:.3f} |")


if __name__ == "__main__":
    main()
