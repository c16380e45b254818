"""Fit the shipped default policy on TAB's tuning half and score it on the reporting half.

    python benchmarks/fit_default_policy.py [--target-recall 0.955] [--write]

Fits each kind's β on documents 1-64 (by doc_id) with the embedded default back-end
(wordfreq), prints the fitted rules, then scores the fitted policy on 1-64 and on
65-127 (token P/R/F1, tokens kept, recall per gold type). With --write, the policy
is written to sanitizer/policies/default.json (what `sanitizer` ships).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _tab import load_tab_gold, load_tab, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.evaluation import evaluate  # noqa: E402
from ic_sanitizer.evaluation.system import from_results  # noqa: E402
from ic_sanitizer.policy import load_policy, policy_to_dict  # noqa: E402
from ic_sanitizer.policy_fit import collect, common_phrases, fit, fitted_policy  # noqa: E402

POLICY_FILE = HERE.parent / "sanitizer" / "policies" / "default.json"


def score(policy, texts, gold, label: str) -> None:
    started = time.perf_counter()
    with Sanitizer(policy=policy) as sanitizer:
        ids = list(texts)
        results = dict(zip(ids, sanitizer.sanitize_many([texts[i] for i in ids])))
    output = from_results(results)
    s = evaluate(texts, gold, output.spans, output.terms)
    by_type = ", ".join(f"{t} {r:.3f}" for t, r in s.recall_by_type.items())
    print(f"{label}: token P {s.token_precision:.3f} R {s.token_recall:.3f} F1 {s.token_f1:.3f} "
          f"mention R {s.mention_recall:.3f} kept {s.tokens_kept:.3f} ({time.perf_counter() - started:.1f} s)")
    print(f"    recall by type: {by_type}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target-recall", type=float, default=0.955)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    texts, _ = load_tab()
    gold = load_tab_gold()
    tune, report = split_tab(texts, "tune"), split_tab(texts, "report")
    base = load_policy("default")
    with Sanitizer(policy=base) as sanitizer:
        collected, gold_total = collect(sanitizer, tune, gold)
        allowed = common_phrases(collected, len(tune))
        fits = fit(collected, gold_total, args.target_recall, allowed)
        provenance = (f"fitted by benchmarks/fit_default_policy.py on TAB test documents 1-64 (by doc_id), "
                      f"target token recall {args.target_recall}, back-end wordfreq")
        policy = fitted_policy(base, fits, allowed, sanitizer, provenance)
    print(f"allow list learnt: {len(allowed)} phrases")
    print(f"{'kind':<13} {'rule':<7} {'β':>7} {'terms':>6} {'gold tok':>9} {'other tok':>9}")
    for f in fits:
        beta = "" if f.beta is None else f"{f.beta:.2f}"
        print(f"{f.kind.value:<13} {f.rule.value:<7} {beta:>7} {f.terms:>6} {f.gold_tokens:>9} {f.other_tokens:>9}")
    score(policy, tune, gold, "documents 1-64 (fitted on)")
    score(policy, report, gold, "documents 65-127 (held out)")
    if args.write:
        POLICY_FILE.write_text(json.dumps(policy_to_dict(policy), ensure_ascii=False, indent=1) + "\n",
                               encoding="utf-8")
        print(f"written: {POLICY_FILE}")


if __name__ == "__main__":
    main()
