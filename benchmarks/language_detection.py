"""The language detector (sanitizer/language.py) on the shared sets: each text's language told.

    python benchmarks/language_detection.py

For each set (TAB's English judgments, MEDDOCAN's Spanish clinical cases, LER's German
sentences, Japanese Wikipedia sentences), the share of texts detected in their language,
in another, and left undetermined (too short or unlike any), which the engine then takes
to be in the language asked for (English by default); and the same for TAB and MEDDOCAN
cut into sentences (the English ones told another language would be refused).
"""

from __future__ import annotations

import collections
import json
import re
import time
from pathlib import Path

from ic_sanitizer.language import detect

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
LONG = 200  # the bar: texts of this many characters or more
SETS = {
    "en": "tab_test/texts.json",
    "es": "meddocan/dev_texts.json",
    "de": "ler/dev_texts.json",
    "ja": "ja_wiki_ner/shared_texts.json",
}


def _texts(path: str, sentences: bool) -> list[str]:
    texts = list(json.loads((DATA / path).read_text(encoding="utf-8")).values())
    return [s for text in texts for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()] if sentences else texts


def main() -> None:
    for language, path, sentences in [
        *((language, path, False) for language, path in SETS.items()),
        ("en", SETS["en"], True),
        ("es", SETS["es"], True),
    ]:
        texts = _texts(path, sentences)
        started = time.perf_counter()
        told = collections.Counter(detect(text) for text in texts)
        seconds = time.perf_counter() - started
        right = told[language] / len(texts)
        wrong = sum(count for found, count in told.items() if found not in (language, None)) / len(texts)
        print(
            f"{language} ({path}{', cut into sentences' if sentences else ''}, {len(texts)} texts): {right:.1%} told "
            f"{language}, {wrong:.1%} told another language, {told[None] / len(texts):.1%} undetermined; "
            f"{seconds * 1000 / len(texts):.2f} ms a text; {dict(told)}"
        )
        long = [text for text in texts if len(text) >= LONG]
        if long and not sentences:
            right_long = sum(detect(text) == language for text in long)
            print(
                f"    of the {len(long)} texts of {LONG} characters or more: {right_long / len(long):.1%} told {language}"
            )


if __name__ == "__main__":
    main()
