"""`tune --fit-policy FILE [--learned]`: fit a policy on the annotated documents, write
it, and say what it does on them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..documents import atomic_write_text
from ..evaluation import GoldStandard
from ..pipeline import Sanitizer
from ..policy import policy_to_dict
from ..policy_fit import FittedPolicy, fit_policy
from ..settings import Settings
from .common import announce_backends, print_json


def write_fitted_policy(
    out: Path,
    gold_standard: GoldStandard,
    documents: dict[str, str],
    target_recall: float,
    json_output: bool,
    asked: Settings,
    learned: bool,
) -> None:
    """Fit a policy on the collection (with a learned model over its IC-decided kinds when
    ``learned``), write it, and say what it does on that collection."""
    with Sanitizer(asked) as sanitizer:
        announce_backends(sanitizer)
        provenance = (
            f"fitted by sanitizer tune --fit-policy{' --learned' if learned else ''} on {len(documents)} "
            f"annotated documents, target token recall {target_recall:g}, back-end {sanitizer.backend.name}"
        )
        fitted = fit_policy(sanitizer, documents, gold_standard, target_recall, provenance)
        policy, model_summary = fitted.policy, None
        if learned:
            from ..learned.training import learned_policy

            policy, model = learned_policy(sanitizer, policy, documents, gold_standard, provenance)
            model_summary = {
                "terms": model.terms,
                "masked_by_experts": model.positives,
                "penalty": model.penalty,
                "never_masked_kinds_behind_bits": model.behind,
                "ic_rule": {"recall": model.ic_rule[0], "precision": model.ic_rule[1]},
                "learned": {"recall": model.learned[0], "precision": model.learned[1]},
            }
    atomic_write_text(out, json.dumps(policy_to_dict(policy), ensure_ascii=False, indent=1) + "\n")
    _say(out, fitted, model_summary, json_output)


def _say(out: Path, fitted: FittedPolicy, model: dict | None, json_output: bool) -> None:
    rows = [
        {
            "kind": f.kind.value,
            "rule": f.rule.value if f.rule is not None else None,
            "beta": f.beta,
            "terms": f.terms,
            "gold_tokens": f.gold_tokens,
            "other_tokens": f.other_tokens,
        }
        for f in fitted.fits
    ]
    if json_output:
        print_json({"policy": str(out), "kinds": rows, "allow_list": len(fitted.allowed), "learned": model})
        return
    sys.stdout.write(f"{'kind':<13} {'rule':<7} {'β':>7} {'terms':>6}\n")
    for row in rows:
        beta = "" if row["beta"] is None else f"{row['beta']:.2f}"
        rule = row["rule"] or "kept"  # too few terms to fit: the starting policy's rule
        sys.stdout.write(f"{row['kind']:<13} {rule:<7} {beta:>7} {row['terms']:>6}\n")
    if model is not None:
        sys.stdout.write(
            f"learned model: {model['terms']} terms decided by IC ({model['masked_by_experts']} mostly masked by the experts); "
            f"out of fold, on their words: the IC rule recall {model['ic_rule']['recall']:.3f} precision "
            f"{model['ic_rule']['precision']:.3f}, the model recall {model['learned']['recall']:.3f} precision "
            f"{model['learned']['precision']:.3f}; the kinds the rules never mask come "
            f"{model['never_masked_kinds_behind_bits']:g} bits behind\n"
        )
    sys.stdout.write(
        f"allow list: {len(fitted.allowed)} phrases learnt; policy written to {out} "
        "(score it on documents it was not fitted on: sanitizer eval --policy FILE)\n"
    )
