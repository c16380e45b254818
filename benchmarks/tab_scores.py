"""Token precision/recall/F1 of the sanitizer on TAB test, over β, w and zero-count policy.

    python benchmarks/tab_scores.py --split tune --betas 16 18 20 22 24 --zero-count sensitive keep
    python benchmarks/tab_scores.py --split tune --betas 14.5 --beta-s2s 6 8 10 12 --ws 0.2 0.4 0.6 0.8 1.0

Candidates are extracted once; each setting reuses the same counts (no re-query).
Splits: tune = first 64 documents by doc_id, report = the other 63, all = 127.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab, load_tab_gold, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.evaluation import evaluate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="wordfreq")
    parser.add_argument("--split", choices=["tune", "report", "all"], default="tune")
    parser.add_argument("--betas", type=float, nargs="+", default=[21.0])
    parser.add_argument("--ws", type=float, nargs="+", default=[0.6])
    parser.add_argument("--s2-backend", default="auto", help="auto, none, or a back-end spec")
    parser.add_argument(
        "--beta-s2s", type=float, nargs="+", default=[None], help="β in S2's corpus, when it is not S1's"
    )
    parser.add_argument("--zero-count", nargs="+", default=["sensitive"], choices=["sensitive", "keep"])
    parser.add_argument("--cache-dir", default=None)
    args = parser.parse_args()

    texts, _ = load_tab()
    texts = split_tab(texts, args.split)
    ids = list(texts)
    gold = load_tab_gold()
    base = Sanitizer(args.backend, s2_backend=args.s2_backend, cache_dir=args.cache_dir)
    started = time.perf_counter()
    spans = dict(zip(ids, base.extract([texts[i] for i in ids])))
    print(
        f"backend={args.backend} split={args.split} documents={len(ids)} "
        f"extraction {time.perf_counter() - started:.1f}s",
        file=sys.stderr,
    )
    print(f"S1 back-end {base.backend.name}, S2 back-end {base.s2_backend.name}", file=sys.stderr)
    print("| zero-count | β | β S2 | w | S2 ran | related | token P | token R | token F1 | mention R | tokens kept |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for policy in args.zero_count:
        for beta in args.betas:
            for beta_s2 in args.beta_s2s:
                for w in args.ws:
                    asked = replace(base.settings, beta=beta, w=w, beta_s2=beta_s2, zero_count=policy)
                    sanitizer = Sanitizer(asked, resources=base.resources)
                    system, ran, related = {}, True, 0
                    for doc_id in ids:
                        result = sanitizer.decide(texts[doc_id], spans[doc_id])
                        system[doc_id] = [(r.start, r.end) for r in result.replacements]
                        ran = ran and result.s2.ran
                        related += len(result.related)
                    s = evaluate(texts, gold, system)
                    print(
                        f"| {policy} | {beta:g} | {sanitizer.thresholds.beta_s2:g} | {w:g} | "
                        f"{'yes' if ran else 'no'} | {related} | {s.token_precision:.3f} | {s.token_recall:.3f} | "
                        f"{s.token_f1:.3f} | {s.mention_recall:.3f} | {s.tokens_kept:.3f} |"
                    )


if __name__ == "__main__":
    main()
