"""The shipped Spanish default on MEDDOCAN dev, as a user runs it: no option but the language.

    python benchmarks/meddocan_dev.py

Token precision, recall and words kept of `sanitize_many` over dev's 250 clinical cases
(../shared/data/meddocan), the policy as shipped (fitted on train only:
benchmarks/fit_language_policy.py fits and writes it). The documents are one collection, as
in a folder run.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1] / "shared" / "data" / "meddocan"

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.evaluation import evaluate  # noqa: E402
from ic_sanitizer.evaluation.gold import load_gold  # noqa: E402
from ic_sanitizer.evaluation.system import from_results  # noqa: E402


def main() -> None:
    texts = json.loads((DATA / "dev_texts.json").read_text(encoding="utf-8"))
    gold = load_gold(DATA / "dev_gold.json")
    ids = sorted(texts)
    with Sanitizer(language="es") as sanitizer:
        results = dict(zip(ids, sanitizer.sanitize_many([texts[i] for i in ids], refuse_batch=True)))
    output = from_results(results)
    scores = evaluate(texts, gold, output.spans, output.terms)
    print(
        f"MEDDOCAN dev ({len(ids)} documents), shipped Spanish default: token P {scores.token_precision:.4f} "
        f"R {scores.token_recall:.4f} F1 {scores.token_f1:.4f}, words kept {scores.tokens_kept:.4f}"
    )


if __name__ == "__main__":
    sys.exit(main())
