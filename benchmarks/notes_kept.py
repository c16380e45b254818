"""Words kept in nursing notes written for this project, by policy.

    python benchmarks/notes_kept.py [--policies default hipaa]

benchmarks/data/notes/ holds invented notes (no real patient): ``fitted/``, the notes the
clinical rules of issue 52 were written from (each also read in lower case), and
``later/``, notes written once those rules were in. Each note is sanitized alone; printed:
per set and policy, the share of its words (``\\w+``) outside every replacement. Not a
score against annotations (the notes have none): a reader's check that a note keeps the
language of nursing. The held-apart nursing notes are measured elsewhere.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from ic_sanitizer import Sanitizer, Settings

NOTES = Path(__file__).resolve().parent / "data" / "notes"
WORD = re.compile(r"\w+")


def words_kept(sanitizer: Sanitizer, texts: list[str]) -> tuple[int, float]:
    total = kept = 0
    for text in texts:
        masked = [(r.start, r.end) for r in sanitizer.sanitize(text).replacements]
        for word in WORD.finditer(text):
            total += 1
            kept += not any(start < word.end() and word.start() < end for start, end in masked)
    return total, kept / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policies", nargs="+", default=["default", "hipaa"])
    args = parser.parse_args()
    fitted = [path.read_text(encoding="utf-8") for path in sorted((NOTES / "fitted").glob("*.txt"))]
    sets = {
        "fitted (and in lower case)": fitted + [text.lower() for text in fitted],
        "later": [path.read_text(encoding="utf-8") for path in sorted((NOTES / "later").glob("*.txt"))],
    }
    print("| notes | policy | texts | words | words kept |\n|---|---|---|---|---|")
    for policy in args.policies:
        with Sanitizer(Settings(policy=policy, workers=1)) as sanitizer:
            for name, texts in sets.items():
                total, share = words_kept(sanitizer, texts)
                print(f"| {name} | {policy} | {len(texts)} | {total:,} | {share:.3f} |")


if __name__ == "__main__":
    main()
