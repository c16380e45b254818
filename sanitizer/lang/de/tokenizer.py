"""German word tokens with their character offsets.

As the English tokenizer (extraction/tokenizer.py), with German abbreviations keeping their
period ("Abs.", "Nr.", "Dr.", "vgl."), ordinals written with a period ("21.", "11. Aufl.")
one token when a number follows, and no English clitics.
"""

from __future__ import annotations

import re

from ...extraction.tokenizer import Token

ABBREVIATIONS = (
    "Dr|Prof|Hr|Fr|Dipl|Ing|Abs|Nr|Nrn|Art|Artt|Buchst|lit|Ziff|Halbs|Hs|Alt|Var|Unterabs|UAbs|Rn|Rdnr|RdNr|Rz|"
    "Tz|Anm|Aufl|Bd|Bl|Hrsg|Abschn|Kap|Anh|Urt|Beschl|Az|Gr|vgl|bzw|ggf|usw|evtl|inkl|ca|gem|Str|str|Tel|Fa|"
    "jun|sen|geb|verh|verst|ff|Co|Ltd|Inc|Jan|Feb|Mrz|Apr|Jun|Jul|Aug|Sep|Sept|Okt|Nov|Dez"
)
#: a German abbreviation with its period at the end of a sentence span (sentence_repair.joined_spans)
ENDS_WITH_ABBREVIATION = re.compile(rf"(?:^|[^\w.])(?:{ABBREVIATIONS}|[^\W\d_]|\d{{1,2}})\.\s*$")
_TOKEN = re.compile(
    rf"""
      [a-zäöü]\.(?:[ ]?[^\W\d_]\.)+(?![^\W\d_])  # abbreviations of letters: z. B., a. a. O., i. V. m., e.V.
    | (?:{ABBREVIATIONS})\.(?=\s|$|\W)       # abbreviations keep their period
    | [^\W\d_](?:\.|[ ]?\u2026)(?=\s|$|\W)   # an initial: "R.", "K …"
    | \d{{1,2}}\.(?=[ ]\S)(?![ ]\d{{3}})         # an ordinal or a date's day: "21.", "11. Aufl."
    | \d+(?:[.,:/-]\d+)*(?:[^\W\d_]+\b)?     # numbers, dates, codes, 45a
    | \w+(?:-\w+)*-?                         # words, hyphenated words, a truncated "Silben-"
    | \u2026|\.\.\.                          # an ellipsis: a name left out
    | [^\w\s]                                # any other symbol
    """,
    re.VERBOSE,
)


def tokenize(text: str, offset: int = 0) -> list[Token]:
    return [
        Token(m.group().rstrip(), m.start() + offset, m.start() + offset + len(m.group().rstrip()))
        for m in _TOKEN.finditer(text)
    ]
