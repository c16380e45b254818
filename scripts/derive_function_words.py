"""Write sanitizer/lang/en/word_lists/function_words.txt from the tagger's tag dictionary.

    python scripts/derive_function_words.py

The words the perceptron tagger's training text always tagged as a closed class
(determiners, pronouns, prepositions, conjunctions, modals, adverbs, "there", "to"), in
the case it saw them. The name rule reads the list (lang/en/common_words.py) whatever
extractor runs; tests/sanitizer/test_common_words.py checks the file is what this derives.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the Penn Treebank tags of the closed classes whose words open a sentence, not a name
FUNCTION_TAGS = frozenset({"DT", "PDT", "PRP", "PRP$", "IN", "CC", "RB", "WDT", "WP", "WRB", "MD", "EX", "TO"})
TARGET = ROOT / "sanitizer" / "lang" / "en" / "word_lists" / "function_words.txt"
HEADER = "# Derived by scripts/derive_function_words.py from the NLTK perceptron tagger's tag dictionary.\n"


def derive() -> str:
    from ic_sanitizer.extraction.tagger import compiled_model

    words = sorted(word for word, tag in compiled_model().tagdict.items() if tag in FUNCTION_TAGS)
    return HEADER + "".join(f"{word}\n" for word in words)


if __name__ == "__main__":
    TARGET.write_text(derive(), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}", file=sys.stderr)
