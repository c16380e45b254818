"""Why the learned decision is a logistic regression: its out-of-fold ranking of the terms it
decides, against gradient-boosted trees on the same features and folds.

    python benchmarks/learned_model_choice.py      # needs scikit-learn (the 'attack' extra)

Only TAB documents 1-64 are read. The rows, features, weights and folds are those the fit
uses (learned/fit.py: the default's kinds decided by IC, every kind the model decides; each
term weighs its words, labelled by the share the experts masked; four folds over
documents). For each model the terms are ranked by their out-of-fold scores, and the
precision on these terms' words is printed at recalls of their gold words from 0.50 to
0.98 (the most precise point reaching each). Boosted trees are scikit-learn's
HistGradientBoostingClassifier, with soft labels as two weighted rows per term, in three
sizes. The tail (0.90 and up) is where the policy's precision is decided at high recall.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab, load_tab_gold, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer, Settings  # noqa: E402
from ic_sanitizer.evaluation.scores import Mask  # noqa: E402
from ic_sanitizer.extraction.candidates import group_into_terms  # noqa: E402
from ic_sanitizer.learned import fit  # noqa: E402
from ic_sanitizer.policy import KindRule, Rule, load_policy  # noqa: E402
from ic_sanitizer.terms import TermKind  # noqa: E402

LEVELS = (0.50, 0.60, 0.70, 0.80, 0.85, 0.90, 0.95, 0.98)
TREES = (
    {"max_iter": 100, "learning_rate": 0.05, "max_leaf_nodes": 15, "min_samples_leaf": 20},
    {"max_iter": 200, "learning_rate": 0.05, "max_leaf_nodes": 31, "min_samples_leaf": 20},
    {"max_iter": 300, "learning_rate": 0.03, "max_depth": 3, "min_samples_leaf": 30, "l2_regularization": 1.0},
)


def documents() -> tuple[list[fit.Document], tuple[TermKind, ...]]:
    """TAB 1-64 decided by the default with every kind the model decides by IC (as training.py)."""
    texts, _ = load_tab()
    gold = load_tab_gold()
    tune = split_tab(texts, "tune")
    policy = load_policy("default")
    kinds = tuple(k for k in TermKind if k in policy.kinds and policy.rule_for(k).rule is not Rule.ALWAYS)
    by_ic = replace(policy, rules={**policy.rules, **{k: KindRule(Rule.IC) for k in kinds}})
    docs = []
    with Sanitizer(Settings(policy=by_ic)) as engine:
        ids = sorted(tune)
        for doc_id, spans in zip(ids, engine.extract([tune[i] for i in ids])):
            text = tune[doc_id]
            result = engine.decide_terms(text, group_into_terms(text, spans), run_s2=False, run_s3=False)
            mask = Mask([(s.start, s.end) for per in gold.spans.get(doc_id, {}).values() for s in per])
            docs.append(fit.Document(text, result.terms, mask))
    return docs, kinds


def precision_at(scores: np.ndarray, gold: np.ndarray, other: np.ndarray) -> list[float]:
    order = np.argsort(-scores, kind="stable")
    found, lost = np.cumsum(gold[order]), np.cumsum(other[order])
    recall, precision = found / gold.sum(), found / np.maximum(1.0, found + lost)
    best_from = np.maximum.accumulate(precision[::-1])[::-1]
    at = np.searchsorted(recall, np.array(LEVELS) - 1e-12)
    return [float(best_from[i]) if i < len(order) else 0.0 for i in at]


def main() -> None:
    from sklearn.ensemble import HistGradientBoostingClassifier

    docs, kinds = documents()
    rows = fit._rows(docs, kinds)
    *_, raw = fit._features(docs, rows, kinds)
    gold = np.array([r[3] for r in rows], dtype=float)
    other = np.array([r[4] for r in rows], dtype=float)
    words = gold + other
    weight = words / words.mean()
    y = gold / np.maximum(words, 1.0)
    means, scales = raw.mean(axis=0), raw.std(axis=0)
    scales[scales == 0] = 1.0
    x = np.hstack([(raw - means) / scales, np.ones((len(rows), 1))])
    folds = np.array([r[0] % fit.FOLDS for r in rows])
    print(f"TAB 1-64: {len(rows)} terms, {raw.shape[1]} features, {fit.FOLDS} folds over documents")
    print("precision on the terms' words, out of fold, at each recall of their gold words:")
    print(f"{'model':<44}" + "".join(f"{level:>7.2f}" for level in LEVELS) + "  seconds")
    started = time.perf_counter()
    out_of_fold = {p: fit._out_of_fold(x, y, weight, folds, p) for p in fit.PENALTIES}
    penalty = fit.tail_penalty(out_of_fold, gold, other, fit.ic_rule_scores(rows, gold, other)[0])
    scores = out_of_fold[penalty]
    _row(f"logistic regression (L2 {penalty:g}, as fitted)", precision_at(scores, gold, other), started)
    for params in TREES:
        started = time.perf_counter()
        scores = np.zeros(len(y))
        for fold in range(fit.FOLDS):
            held = folds == fold
            model = HistGradientBoostingClassifier(**params, random_state=0)
            both = np.vstack([raw[~held], raw[~held]])
            labels = np.r_[np.ones((~held).sum()), np.zeros((~held).sum())]
            model.fit(both, labels, sample_weight=np.r_[weight[~held] * y[~held], weight[~held] * (1 - y[~held])])
            scores[held] = model.decision_function(raw[held])
        size = f"{params['max_iter']} trees, " + (
            f"depth {params['max_depth']}" if "max_depth" in params else f"{params['max_leaf_nodes']} leaves"
        )
        _row(f"boosted trees ({size})", precision_at(scores, gold, other), started)


def _row(name: str, precisions: list[float], started: float) -> None:
    cells = "".join(f"{p:>7.3f}" for p in precisions)
    print(f"{name:<44}{cells}  {time.perf_counter() - started:>7.1f}")


if __name__ == "__main__":
    main()
