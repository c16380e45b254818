"""Share of TAB test's gold-masked tokens that lie inside some candidate term.

    python benchmarks/extraction_coverage.py [--extractor nltk] [--by-type]

Bar (issue 2): >= 0.95. Also prints token precision if every candidate were masked.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab, load_tab_gold  # noqa: E402

from ic_sanitizer.evaluation import evaluate  # noqa: E402
from ic_sanitizer.extraction import extract_terms, open_extractor  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extractor", default="nltk")
    parser.add_argument("--by-type", action="store_true", help="coverage per gold entity type")
    args = parser.parse_args()
    texts, _ = load_tab()
    gold = load_tab_gold()
    extractor = open_extractor(args.extractor)
    candidates = {}
    for doc_id, text in texts.items():
        terms = extract_terms(text, extractor)
        candidates[doc_id] = [(m.start, m.end) for term in terms for m in term.mentions]
    scores = evaluate(texts, gold, candidates)
    print(f"extractor={args.extractor} documents={len(texts)}")
    print(f"coverage of gold-masked tokens (token recall, all candidates masked): {scores.token_recall:.3f}")
    print(f"token precision if all candidates were masked: {scores.token_precision:.3f}")
    print(f"gold mentions wholly inside candidates: {scores.mention_recall:.3f}")
    if args.by_type:
        for entity_type, recall in scores.recall_by_type.items():
            print(f"  {entity_type:10s} {recall:.3f}")


if __name__ == "__main__":
    main()
