"""How candidate terms are written in TAB's texts: the evidence for infini-gram's case policy.

    python benchmarks/case_forms.py

infini-gram counts case-sensitively. For every candidate mention of the 127 texts, this
prints which of the forms that the back-end asks (lower, Capitalized, Title Case,
UPPER; see corpus_stats/backends/infinigram.py) the mention is written in, and how many terms
are written in more than one form: what a single-form query would miss.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab  # noqa: E402

from ic_sanitizer.corpus_stats.backends.infinigram import case_variants  # noqa: E402
from ic_sanitizer.extraction import extract_terms, open_extractor  # noqa: E402


def main() -> None:
    texts, _ = load_tab()
    extractor = open_extractor("nltk")
    forms: Counter = Counter()
    several = terms = 0
    for text in texts.values():
        for term in extract_terms(text, extractor):
            first = term.mentions[0]
            variants = case_variants(" ".join(text[first.start : first.end].split()).lower())
            seen = set()
            for mention in term.mentions:
                surface = " ".join(text[mention.start : mention.end].split())
                label = (
                    ("lower", "Capitalized", "Title Case", "UPPER")[variants.index(surface)]
                    if surface in variants
                    else "other (mixed case)"
                )
                forms[label] += 1
                seen.add(surface)
            terms += 1
            several += len(seen) > 1
    total = sum(forms.values())
    for label, count in forms.most_common():
        print(f"{label:<20} {count:>7,} mentions  {count / total:6.1%}")
    print(f"covered by the four forms asked: {1 - forms['other (mixed case)'] / total:.1%} of {total:,} mentions")
    print(f"terms written in more than one form within a document: {several:,} of {terms:,} ({several / terms:.1%})")


if __name__ == "__main__":
    main()
