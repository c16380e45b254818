"""Fit the shipped default policy on TAB's tuning half and score it on the reporting half.

    python benchmarks/fit_default_policy.py [--target-recall 0.94] [--write --name default|readable]

Fits each kind's β on documents 1-64 (by doc_id) with the embedded default back-end
(wordfreq), prints the fitted rules, then scores the fitted policy on 1-64 and on
65-127 (token P/R/F1, tokens kept, recall per gold type). With --write, the policy
is written to sanitizer/lang/en/policies/default.json (what `sanitizer` ships).

The fit reaches --target-recall on documents 1-64 themselves; a two-fold cross-validation
within 1-64 (fit on one half, measure on the other, both ways) estimates what that target
gives on unseen documents, from the fitting documents alone. Documents 65-127 are only
scored.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _tab import load_tab, load_tab_gold, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.evaluation import evaluate  # noqa: E402
from ic_sanitizer.evaluation.system import from_results  # noqa: E402
from ic_sanitizer.policy import load_policy, policy_to_dict  # noqa: E402
from ic_sanitizer.policy_fit import fit_policy  # noqa: E402

POLICY_DIR = HERE.parent / "sanitizer" / "lang" / "en" / "policies"


def scores_of(policy, texts, gold):
    """``policy``'s scores on ``texts`` (TAB's token precision, recall, words kept...)."""
    with Sanitizer(policy=policy) as sanitizer:
        ids = list(texts)
        results = dict(zip(ids, sanitizer.sanitize_many([texts[i] for i in ids])))
    output = from_results(results)
    return evaluate(texts, gold, output.spans, output.terms)


def score(policy, texts, gold, label: str) -> None:
    started = time.perf_counter()
    s = scores_of(policy, texts, gold)
    by_type = ", ".join(f"{t} {r:.3f}" for t, r in s.recall_by_type.items())
    print(
        f"{label}: token P {s.token_precision:.3f} R {s.token_recall:.3f} F1 {s.token_f1:.3f} "
        f"mention R {s.mention_recall:.3f} kept {s.tokens_kept:.3f} ({time.perf_counter() - started:.1f} s)"
    )
    print(f"    recall by type: {by_type}")


def cross_validated(base, tune, gold, target: float) -> tuple[float, float]:
    """Two-fold cross-validation within 1-64: fit on one half at ``target``, measure on
    the other, both ways; mean held-out token recall and precision. An estimate of what
    the fit does on documents it has not seen, from the fitting documents alone."""
    ids = sorted(tune)
    halves = ({i: tune[i] for i in ids[: len(ids) // 2]}, {i: tune[i] for i in ids[len(ids) // 2 :]})
    measured = []
    with Sanitizer(policy=base) as sanitizer:
        for fit_on, score_on in (halves, halves[::-1]):
            held_out = scores_of(fit_policy(sanitizer, fit_on, gold, target, "").policy, score_on, gold)
            measured.append((held_out.token_recall, held_out.token_precision))
    return sum(r for r, _ in measured) / 2, sum(p for _, p in measured) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--target-recall", type=float, default=0.94, help="token recall the fit reaches on documents 1-64"
    )
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--name", default="default", help="the built-in policy to write (default, readable)")
    args = parser.parse_args()
    texts, _ = load_tab()
    gold = load_tab_gold()
    tune, report = split_tab(texts, "tune"), split_tab(texts, "report")
    base = load_policy("default")
    recall, precision = cross_validated(base, tune, gold, args.target_recall)
    print(
        f"two-fold cross-validation within 1-64 at target {args.target_recall}: "
        f"held-out token recall {recall:.3f}, precision {precision:.3f}"
    )
    with Sanitizer(policy=base) as sanitizer:
        provenance = (
            f"fitted by benchmarks/fit_default_policy.py on TAB test documents 1-64 (by doc_id), "
            f"target token recall {args.target_recall} on them, allow list of the phrases left in clear "
            f"in at least two of them, back-end wordfreq"
        )
        fitted = fit_policy(sanitizer, tune, gold, args.target_recall, provenance)
    policy, fits = fitted.policy, fitted.fits
    print(f"allow list learnt: {len(fitted.allowed)} phrases")
    print(f"{'kind':<13} {'rule':<7} {'β':>7} {'terms':>6} {'gold tok':>9} {'other tok':>9}")
    for f in fits:
        beta = "" if f.beta is None else f"{f.beta:.2f}"
        print(
            f"{f.kind.value:<13} {f.rule.value if f.rule else 'kept':<7} {beta:>7} {f.terms:>6} {f.gold_tokens:>9} {f.other_tokens:>9}"
        )
    score(policy, tune, gold, "documents 1-64 (fitted on)")
    score(policy, report, gold, "documents 65-127 (held out)")
    if args.write:
        path = POLICY_DIR / f"{args.name}.json"
        path.write_text(
            json.dumps(policy_to_dict(replace(policy, name=args.name)), ensure_ascii=False, indent=1) + "\n",
            encoding="utf-8",
        )
        print(f"written: {path}")


if __name__ == "__main__":
    main()
