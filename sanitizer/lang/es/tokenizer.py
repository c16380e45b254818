"""Spanish word tokens with their character offsets.

As the English tokenizer (extraction/tokenizer.py), with Spanish abbreviations keeping
their period ("Dr.", "Avda.", "Nº.") and a street's "C/" one token, and no English clitics.
"""

from __future__ import annotations

import re

from ...extraction.tokenizer import Token
from .lexicon import TITLES

#: the titles written abbreviated ("Dra.", "Sres."; "don" and "doña" are words, "D." an initial's shape)
_TITLES = "|".join(sorted(title.capitalize() for title in TITLES if len(title) > 1 and title not in ("don", "doña")))
_ABBREVIATIONS = (
    f"{_TITLES}|Excmo|Excma|Ilmo|Ilma|Avda|Av|Pza|Pl|Ctra|"
    "Apdo|Tel|Tfno|Telf|Fdo|Hosp|Hno|Hna|Ud|Uds|Vd|Núm|núm|Num|num|Nº|nº|No|no|art|Art|arts|pág|págs|aprox|"
    "etc|izq|izda|dcha|dcho|ej|p\\.ej|km"
)
#: a Spanish abbreviation with its period at the end of a sentence span (sentence_repair.joined_spans)
ENDS_WITH_ABBREVIATION = re.compile(rf"(?:^|[^\w.])(?:{_ABBREVIATIONS})\.\s*$")
_TOKEN = re.compile(
    rf"""
      (?:[^\W\d_]\.){{2,}}                     # siglas con puntos: A.I.N.E., EE.UU.
    | (?:{_ABBREVIATIONS})\.(?=\s|$|\w)        # abbreviations keep their period
    | [Cc]/(?=\s*[^\W\d_])                     # C/ Irunlarrea
    | \d+(?:[.,:/-]\d+)*(?:[^\W\d_]+\b)?        # numbers, dates, codes, 1º, 5ºD
    | \w+(?:-\w+)*                             # words, hyphenated words
    | [^\w\s]                                  # any other symbol
    """,
    re.VERBOSE,
)


def tokenize(text: str, offset: int = 0) -> list[Token]:
    return [Token(m.group(), m.start() + offset, m.end() + offset) for m in _TOKEN.finditer(text)]
