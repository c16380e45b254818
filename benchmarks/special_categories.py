"""How well `--hide CATEGORY` finds the terms of a special category of data, on annotated sentences.

    python benchmarks/special_categories.py [--policy default]
    python benchmarks/special_categories.py --tab     # what the experts and the default do with them on TAB 1-64

The tables in benchmarks/data/special_categories/ (health, religion, politics) hold
sentences written for this measure in the style of public sources (patient information
pages, judgments, news, biographies, clinical letters), each with the phrases that
disclose the category about a person, and about 38% harmless look-alikes with none
("the health of the economy", "a conservative estimate"). Neither the lexicon nor any
rule was written from them.

For each table, the engine runs with `hide=[category]` and the words it hides *for the
category* (decision reason hidden-category) are compared with the words of the
annotated phrases: precision, recall and F1 over words, and the share of harmless
sentences with any word hidden for the category. "masked, any reason" adds what the
policy masks anyway (its own rules), as the reader of the output meets it.

With --tab: on TAB's fitting half (documents 1-64), for the candidate terms of each
category, the share of their words the experts masked and the share the policy masks
without --hide: what the README says the default does with each category, and why.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _tab import load_tab, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.spans import WORD  # noqa: E402
from ic_sanitizer.stages import Reason  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "special_categories"
CATEGORIES = ("health", "religion", "politics")


def words_in(text: str, spans) -> set[int]:
    return {m.start() for start, end in spans for m in WORD.finditer(text, start, end)}


def gold_words(text: str, phrases: list[str]) -> set[int]:
    spans = []
    for phrase in phrases:
        start = text.find(phrase)
        while start >= 0:
            spans.append((start, start + len(phrase)))
            start = text.find(phrase, start + 1)
    return words_in(text, spans)


def measure(category: str, policy: str) -> dict:
    rows = [json.loads(line) for line in (DATA / f"{category}.jsonl").read_text(encoding="utf-8").splitlines() if line]
    hit = predicted = gold_total = any_hit = 0
    harmless = harmless_flagged = 0
    with Sanitizer(policy=policy, hide=[category]) as sanitizer:
        results = list(sanitizer.sanitize_many([row["text"] for row in rows]))
    for row, result in zip(rows, results):
        text = row["text"]
        gold = gold_words(text, row["sensitive"])
        hidden = words_in(
            text,
            [(m.start, m.end) for s in result.terms if s.reason is Reason.HIDDEN_CATEGORY for m in s.term.mentions],
        )
        masked = words_in(text, [(r.start, r.end) for r in result.replacements])
        hit += len(hidden & gold)
        predicted += len(hidden)
        gold_total += len(gold)
        any_hit += len(masked & gold)
        if not row["sensitive"]:
            harmless += 1
            harmless_flagged += bool(hidden)
    precision = hit / predicted if predicted else 0.0
    recall = hit / gold_total if gold_total else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "category": category,
        "sentences": len(rows),
        "gold_words": gold_total,
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "recall_any": any_hit / gold_total if gold_total else 0.0,
        "harmless": harmless,
        "harmless_flagged": harmless_flagged,
    }


def on_tab(policy: str) -> None:
    texts, gold = load_tab()
    fitting = split_tab(texts, "tune")
    ids = sorted(fitting)
    counts: dict[str, list[int]] = {}  # category -> [terms, words, expert-masked words, policy-masked words]
    with Sanitizer(policy=policy) as sanitizer:
        for doc_id, result in zip(ids, sanitizer.sanitize_many([fitting[i] for i in ids])):
            text = fitting[doc_id]
            expert = words_in(text, [(start, end) for start, end, _ in gold[doc_id]])
            masked = words_in(text, [(r.start, r.end) for r in result.replacements])
            for s in result.terms:
                if s.term.category is None:
                    continue
                words = words_in(text, [(m.start, m.end) for m in s.term.mentions])
                row = counts.setdefault(s.term.category, [0, 0, 0, 0])
                row[0] += 1
                row[1] += len(words)
                row[2] += len(words & expert)
                row[3] += len(words & masked)
    print(f"policy {policy}; TAB documents 1-64; candidate terms of each special category")
    print(f"{'category':<14} {'terms':>6} {'words':>6} {'experts mask':>13} {'policy masks':>13}")
    for category, (terms, words, expert, masked) in sorted(counts.items()):
        print(f"{category:<14} {terms:>6} {words:>6} {expert / words:>13.3f} {masked / words:>13.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policy", default="default")
    parser.add_argument("--tab", action="store_true", help="the categories on TAB 1-64 instead of the tables")
    args = parser.parse_args()
    if args.tab:
        on_tab(args.policy)
        return
    print(f"policy {args.policy}; words of the annotated phrases (benchmarks/data/special_categories)")
    print(
        f"{'category':<10} {'sentences':>9} {'words':>6} {'P':>6} {'R':>6} {'F1':>6} {'R any':>6} {'harmless hit':>13}"
    )
    for category in CATEGORIES:
        m = measure(category, args.policy)
        print(
            f"{m['category']:<10} {m['sentences']:>9} {m['gold_words']:>6} {m['precision']:>6.3f} {m['recall']:>6.3f} "
            f"{m['f1']:>6.3f} {m['recall_any']:>6.3f} {m['harmless_flagged']:>5} of {m['harmless']:<5}"
        )


if __name__ == "__main__":
    main()
