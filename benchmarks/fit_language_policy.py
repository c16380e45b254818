"""Fit a language's shipped default policy on its annotated training documents and score it on others.

    python benchmarks/fit_language_policy.py es [--target-recall 0.96] [--write]

Spanish: fits each kind's β on MEDDOCAN train (../shared/data/meddocan/train_*), with the
embedded back-end (wordfreq's Spanish), starting from the English default's structure
with every kind a candidate and no allow list; prints the fitted rules; scores the fitted
policy on train (fitted on) and on dev (not fitted on): token precision, recall, words kept,
recall per gold label; and whether language auto gives the outputs of the language itself
(with the shipped policy, the one just written with --write). With --write the policy goes to
sanitizer/policies/LANGUAGE/default.json, what `sanitizer --language es` ships.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.evaluation import evaluate
from ic_sanitizer.evaluation.gold import load_gold, load_texts
from ic_sanitizer.evaluation.system import from_results
from ic_sanitizer.policy import load_policy, policy_to_dict
from ic_sanitizer.policy_fit import fit_policy
from ic_sanitizer.terms import TermKind

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
SETS = {"es": ("meddocan", "train", "dev")}


def load(language: str, split: str):
    folder = DATA / SETS[language][0]
    return load_texts(folder / f"{split}_texts.json"), load_gold(folder / f"{split}_gold.json"), folder


def score(settings: Settings, texts, gold, label: str) -> None:
    started = time.perf_counter()
    with Sanitizer(settings) as sanitizer:
        ids = list(texts)
        results = dict(zip(ids, sanitizer.sanitize_many([texts[i] for i in ids])))
    output = from_results(results)
    s = evaluate(texts, gold, output.spans, output.terms)
    seconds = time.perf_counter() - started
    print(
        f"{label}: token P {s.token_precision:.3f} R {s.token_recall:.3f} F1 {s.token_f1:.3f}, "
        f"words kept {s.tokens_kept:.3f} ({len(texts)} documents, {seconds:.1f} s)"
    )
    for name, recall in sorted(s.recall_by_type.items(), key=lambda item: item[1]):
        print(f"    {name:<36} {recall:.3f}")


def auto_matches(language: str, texts, label: str) -> None:
    """With the shipped default policy: are the outputs under language auto those of the language itself?"""
    ids = list(texts)
    outputs = {}
    for asked in (language, "auto"):
        with Sanitizer(Settings(language=asked, use_cache=False)) as sanitizer:
            outputs[asked] = [r.text for r in sanitizer.sanitize_many([texts[i] for i in ids])]
    same = sum(a == b for a, b in zip(outputs[language], outputs["auto"]))
    print(
        f"{label}, the shipped default policy: language auto gives {same} of {len(ids)} outputs identical to "
        f"language {language}'s"
    )


def base_policy(language: str):
    """The English default's structure, every kind a candidate, no allow list: what the fit starts from."""
    english = load_policy("default")
    quasi_identifiers = (TermKind.SEX, TermKind.RELATION, TermKind.PROFESSION)
    rules = {**english.rules, **dict.fromkeys(quasi_identifiers, english.rules[TermKind.AGE])}
    return replace(
        english,
        name="default",
        rules=rules,
        kinds=frozenset(TermKind),
        allow=frozenset(),
        deny=frozenset(),
        backend=None,
        provenance="",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("language", choices=sorted(SETS))
    parser.add_argument("--target-recall", type=float, default=0.96, help="token recall the fit reaches on train")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    language, (corpus, fit_split, report_split) = args.language, SETS[args.language]
    texts, gold, _ = load(language, fit_split)
    report_texts, report_gold, _ = load(language, report_split)
    settings = Settings(language=language, policy=base_policy(language), use_cache=False)
    provenance = (
        f"fitted by benchmarks/fit_language_policy.py on {corpus} {fit_split} ({len(texts)} documents), "
        f"target token recall {args.target_recall} on them, allow list of the phrases left in clear in at "
        f"least two of them, back-end wordfreq ({language})"
    )
    with Sanitizer(settings) as sanitizer:
        fitted = fit_policy(sanitizer, texts, gold, args.target_recall, provenance)
    print(f"allow list learnt: {len(fitted.allowed)} phrases")
    for f in fitted.fits:
        beta = "" if f.beta is None else f"{f.beta:.2f}"
        print(
            f"  {f.kind.value:<16} {f.rule.value if f.rule else 'kept':<7} {beta:>7} {f.terms:>6} terms {f.gold_tokens:>7} gold "
            f"{f.other_tokens:>7} other tokens"
        )
    policy = fitted.policy
    score(replace(settings, policy=policy), texts, gold, f"{corpus} {fit_split} (fitted on)")
    score(replace(settings, policy=policy), report_texts, report_gold, f"{corpus} {report_split} (not fitted on)")
    if args.write:
        path = ROOT / "sanitizer" / "lang" / language / "policies" / "default.json"
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(policy_to_dict(policy), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    auto_matches(language, report_texts, f"{corpus} {report_split}")


if __name__ == "__main__":
    sys.exit(main())
