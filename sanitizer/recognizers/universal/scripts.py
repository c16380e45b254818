"""Words of another script inside a text written in the Latin alphabet: names.

An English (or Spanish, or German) text writes a word in Hebrew, Arabic, Greek, Cyrillic,
Devanagari, Chinese or Japanese almost only to give a name as its bearer writes it:
"Golda Meir (Hebrew: גולדה מאיר)", "Haruki Murakami (村上 春樹)". Such a run is one name,
taken whole with its vowel points, stress marks and vowel signs (a tokenizer that split
"Серге́й" at its combining accent left "й" in clear), of kind NAME: the policy decides it
by its information content, as any name of unknown type (a run no English corpus holds
has the highest). In a text mostly written in another script the rule stays silent:
there, those words are the language itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Optional

from ...compiled_patterns import compiled_pattern
from ...terms import TermKind

#: letters of the Latin alphabet and its extensions, IPA and full-width Latin
_LATIN = (
    "A-Za-z\u00aa\u00b5\u00ba\u00c0-\u024f\u0250-\u02af\u1d00-\u1dbf\u1e00-\u1eff\u2c60-\u2c7f"
    "\ua720-\ua7ff\uab30-\uab6f\uff21-\uff3a\uff41-\uff5a"
)
#: a letter of any other script
_LETTER = rf"[^\W\d_{_LATIN}]"
#: combining marks of those scripts, and the joiners Persian and Indic scripts write inside words
_MARK = (
    "[\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed"
    "\u0900-\u0963\u0971-\u0dff\u0e31-\u0e4e\u0eb1-\u0ecd\u0f18-\u0fbc\u102b-\u103e\u1dc0-\u1dff"
    "\u20d0-\u20ff\u3099\u309a\u200c\u200d]"
)
_WORD = rf"{_LETTER}(?:{_LETTER}|{_MARK})*"
#: words of one name: separated by a space, a hyphen, an apostrophe, a middle dot (Chinese and
#: Japanese write "・" between the parts of a foreign name) or a period
_RUN = compiled_pattern(rf"(?<![\w.]){_WORD}(?:[ \u00a0\-'\u2019.\u00b7\u30fb]{{1,2}}{_WORD})*")
_LATIN_LETTERS = re.compile(rf"[{_LATIN}]+")


@dataclass(frozen=True)
class OtherScriptRecognizer:
    """Runs of another script's letters in a text mostly in the Latin alphabet."""

    name: str = "other_script"
    kind: TermKind = TermKind.NAME
    languages: Optional[frozenset[str]] = None
    country: Optional[str] = None
    summary: str = "a name in another script: (Hebrew: גולדה מאיר), (村上 春樹), Серге́й with its marks"

    def find(self, text: str) -> Iterator[tuple[int, int]]:
        # A lone letter is a symbol ("β = 14.5 bits", "α-synuclein"); a run glued to Latin
        # letters or initials is a look-alike inside a Latin word ("B.Ӧ." with a Cyrillic Ӧ).
        # (The end is checked here, not by a look-ahead, which would make the search quadratic.)
        runs = [
            match.span()
            for match in _RUN.finditer(text)
            if match.end() - match.start() > 1 and not text[match.end() : match.end() + 1].isalnum()
        ]
        if not runs:
            return
        other = sum(end - start for start, end in runs)
        latin = sum(len(letters) for letters in _LATIN_LETTERS.findall(text))
        if latin >= other:  # a text in the Latin alphabet: another script there is a name
            yield from runs


OTHER_SCRIPT = OtherScriptRecognizer()
