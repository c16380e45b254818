"""Does the learned decision beat the dial? The shipped default against the same policy
with a learned model over its IC-decided kinds, both swept along β.

    python benchmarks/learned_experiment.py [--write]
    python benchmarks/learned_experiment.py --cv

The model is fitted on TAB documents 1-64 on top of the shipped default (which was
itself fitted there): `learned.training.learned_policy`, what `sanitizer tune
--fit-policy --learned` adds to the rules it fits. Both policies are then swept along β
on documents 65-127, and the token precision and words kept of the most precise point
reaching each recall from 0.90 to 0.97 are printed side by side. Also printed: the fit's
time (bar: under 2 minutes) and each policy's end-to-end time on 65-127 (five runs each,
alternating; the ratio of the medians is the model's cost, bar: under 10%).
With --write, the learned policy becomes the built-in `learned` (sanitizer/policies/learned.json).

With --cv, documents 65-127 are not read: a change to the model is judged inside 1-64 by
two-fold cross-validation. On each half the default's rules are fitted (as
fit_default_policy.py fits them, at its target recall) and the model on top of them; both
are swept on the other half, and the two halves' precisions at each recall are averaged.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab, load_tab_gold, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer, Settings  # noqa: E402
from ic_sanitizer.learned.training import learned_policy  # noqa: E402
from ic_sanitizer.policy import load_policy, policy_to_dict  # noqa: E402
from ic_sanitizer.policy_fit import fit_policy  # noqa: E402
from ic_sanitizer.tuning import BetaSetting, sweep  # noqa: E402

RECALLS = (0.90, 0.91, 0.92, 0.93, 0.94, 0.95, 0.96, 0.97)
OUT = Path(__file__).resolve().parents[1] / "sanitizer" / "lang" / "en" / "policies" / "learned.json"
#: the whole dial: from its floor (β must be positive; 0.01 bits masks all that a policy
#: decides by IC) up to wordfreq's ceiling (40.86 bits)
BETAS = [0.01, *(round(b, 2) for b in np.arange(0.25, 40.51, 0.25))]


def _curve(policy, texts, gold) -> list[tuple[float, float, float]]:
    with Sanitizer(Settings(policy=policy)) as sanitizer:
        rows = sweep(sanitizer, texts, gold, [BetaSetting(f"{b:g}", bits=b) for b in BETAS], [])
    return [(r.scores.token_recall or 0.0, r.scores.token_precision or 0.0, r.scores.tokens_kept or 0.0) for r in rows]


def _best(points, target):
    reaching = [p for p in points if p[0] >= target]
    return max(reaching, key=lambda p: p[1]) if reaching else None


def _seconds(policy, texts) -> float:
    started = time.perf_counter()
    with Sanitizer(Settings(policy=policy, use_cache=False)) as sanitizer:
        list(sanitizer.sanitize_many(list(texts.values())))  # an iterator: consumed to time the work
    return time.perf_counter() - started


#: the token recall fit_default_policy.py fits the default's rules at, on their documents
TARGET_RECALL = 0.94


def cross_validated(tune, gold) -> None:
    """Both policies fitted on one half of 1-64 and swept on the other, both ways (module docstring)."""
    ids = sorted(tune)
    halves = ({i: tune[i] for i in ids[: len(ids) // 2]}, {i: tune[i] for i in ids[len(ids) // 2 :]})
    base = load_policy("default")
    precision: dict[str, dict[float, list[float]]] = {"default": {}, "learned": {}}
    for fit_on, score_on in (halves, halves[::-1]):
        with Sanitizer(Settings(policy=base)) as sanitizer:
            rules = fit_policy(sanitizer, fit_on, gold, TARGET_RECALL, "cv").policy
        with Sanitizer(Settings(policy=rules)) as sanitizer:
            learned, _ = learned_policy(sanitizer, rules, fit_on, gold, "cv")
        for name, policy in (("default", rules), ("learned", learned)):
            points = _curve(policy, score_on, gold)
            for target in RECALLS:
                best = _best(points, target)
                precision[name].setdefault(target, []).append(best[1] if best else math.nan)
    print("two-fold cross-validation within 1-64, mean held-out token precision at each recall:")
    print(f"{'recall':>7} {'P default':>9} {'P learned':>9}")
    for target in RECALLS:
        # "-": a half where the curve does not reach the recall
        a, b = (f"{statistics.mean(precision[name][target]):.3f}" for name in ("default", "learned"))
        print(f"{target:>7.2f} {a.replace('nan', '-'):>9} {b.replace('nan', '-'):>9}")


def main() -> None:
    texts, _ = load_tab()
    gold = load_tab_gold()
    if "--cv" in sys.argv[1:]:
        cross_validated(split_tab(texts, "tune"), gold)
        return
    tune, report = split_tab(texts, "tune"), split_tab(texts, "report")
    default = load_policy("default")
    started = time.perf_counter()
    provenance = (
        "the default policy with a learned decision over every kind it does not mask always, fitted by "
        "benchmarks/learned_experiment.py on TAB test documents 1-64 (by doc_id), back-end wordfreq"
    )
    with Sanitizer(Settings(policy=default)) as sanitizer:
        learned, fit = learned_policy(sanitizer, default, tune, gold, provenance)
    fit_seconds = time.perf_counter() - started
    learned = replace(learned, name="learned", provenance=provenance)
    if "--write" in sys.argv[1:]:
        OUT.write_text(json.dumps(policy_to_dict(learned), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"written to {OUT}")
    print(
        f"fitted on documents 1-64 in {fit_seconds:.1f} s: {fit.terms} terms, {fit.positives} mostly masked by the experts"
    )
    print(
        f"  out of fold on their words: IC rule R {fit.ic_rule[0]:.3f} P {fit.ic_rule[1]:.3f}, "
        f"model R {fit.learned[0]:.3f} P {fit.learned[1]:.3f}"
    )
    dial, ours = _curve(default, report, gold), _curve(learned, report, gold)
    print("documents 65-127, the most precise point of each curve reaching the recall:")
    print(f"{'recall':>7} {'P default':>9} {'P learned':>9} {'kept default':>12} {'kept learned':>12}")
    for target in RECALLS:
        a, b = _best(dial, target), _best(ours, target)
        cells = [f"{x:.3f}" if x is not None else "-" for x in (a and a[1], b and b[1], a and a[2], b and b[2])]
        print(f"{target:>7.2f} {cells[0]:>9} {cells[1]:>9} {cells[2]:>12} {cells[3]:>12}")
    timings: dict[str, list[float]] = {"default": [], "learned": []}
    for _ in range(5):
        for name, policy in (("default", default), ("learned", learned)):
            timings[name].append(_seconds(policy, report))
    ratio = statistics.median(timings["learned"]) / statistics.median(timings["default"])
    print(
        f"end to end on 65-127 (no count cache): default {statistics.median(timings['default']):.1f} s, "
        f"learned {statistics.median(timings['learned']):.1f} s, ratio {ratio:.3f}"
    )


if __name__ == "__main__":
    main()
