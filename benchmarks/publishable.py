"""The bars of "publishable by default", measured on TAB test with the default (no option).

    python benchmarks/publishable.py [--policy default] [--extractor nltk]

Prints, for the default policy (or another):
- token P/R/F1 and words kept on documents 65-127 (the policy was fitted on 1-64);
- on all 127 documents: token recall per gold type beside spaCy NER's and Presidio's,
  and the share of gold PERSON mentions with any word left in clear;
- replaced spans that begin or end with whitespace, an unbalanced bracket or quote, or
  a sentence's full stop (span_cleaning's rule), on all 127 texts;
(One placeholder per person on 001-61253 is a test: tests/sanitizer/test_publishable.py.)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _tab import TAB_DIR, load_tab, load_tab_gold, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.evaluation import evaluate  # noqa: E402
from ic_sanitizer.evaluation.system import from_results, from_spans  # noqa: E402
from ic_sanitizer.recognizers.span_cleaning import is_clean_span  # noqa: E402
from ic_sanitizer.spans import WORD  # noqa: E402


def _person_mentions_in_clear(texts, gold_raw, results) -> tuple[int, int]:
    in_clear = total = 0
    for doc_id, spans in gold_raw.items():
        masked = [(r.start, r.end) for r in results[doc_id].replacements]
        for start, end, label in spans:
            if label != "PERSON":
                continue
            words = [(start + m.start(), start + m.end()) for m in WORD.finditer(texts[doc_id][start:end])]
            if not words:
                continue
            total += 1
            in_clear += any(not any(a <= s and e <= b for a, b in masked) for s, e in words)
    return in_clear, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policy", default="default")
    parser.add_argument("--extractor", default="nltk", help="nltk, opennlp or spacy (with its entity recogniser)")
    args = parser.parse_args()
    texts, gold_raw = load_tab()
    gold = load_tab_gold()
    with Sanitizer(policy=args.policy, extractor=args.extractor) as sanitizer:
        ids = sorted(texts)
        results = dict(zip(ids, sanitizer.sanitize_many([texts[i] for i in ids])))
    report = split_tab(texts, "report")
    out = from_results({i: results[i] for i in report})
    s = evaluate(report, gold, out.spans, out.terms)
    provenance = sanitizer.policy.provenance or "not fitted"
    print(
        f"policy {args.policy} ({provenance}), extractor {args.extractor}, documents 65-127: token P {s.token_precision:.3f} "
        f"R {s.token_recall:.3f} F1 {s.token_f1:.3f}, words kept {s.tokens_kept:.3f}"
    )
    everything = from_results(results)
    ours = evaluate(texts, gold, everything.spans, everything.terms).recall_by_type
    peers = {}
    for name in ("spacy_ner", "presidio"):
        spans = json.loads((TAB_DIR / "baselines" / f"{name}.json").read_text(encoding="utf-8"))
        system = from_spans(texts, spans)
        peers[name] = evaluate(texts, gold, system.spans, system.terms).recall_by_type
    print("all 127 documents, token recall by gold type:")
    print(f"  {'type':<10} {'ours':>6} {'spaCy':>6} {'Presidio':>8}")
    for label in ours:
        print(
            f"  {label:<10} {ours[label]:>6.3f} {peers['spacy_ner'].get(label, 0):>6.3f} "
            f"{peers['presidio'].get(label, 0):>8.3f}"
        )
    in_clear, total = _person_mentions_in_clear(texts, gold_raw, results)
    print(f"gold PERSON mentions with a word in clear: {in_clear} of {total} ({in_clear / total:.2%})")
    unclean = [(i, r) for i in ids for r in results[i].replacements if not is_clean_span(texts[i], r.start, r.end)]
    print(
        f"replaced spans breaking the clean-span rule: {len(unclean)} of "
        f"{sum(len(r.replacements) for r in results.values())}"
    )
    for doc_id, r in unclean[:5]:
        print(f"  {doc_id}: {texts[doc_id][r.start : r.end]!r}")


if __name__ == "__main__":
    main()
