"""How courts number their cases: the judgments pack's code recognizer.

The universal code recognizer (recognizers/universal/codes.py) with what courts add: the
register that names the court and the kind of case before a number ("IV Ka 123/99",
"2 BvR 123/99", "III. ÚS 123/05"), a register joined by a hyphen and a check letter
("Kž-123/05", "12/05k"), and the courts' own forms below. The register names the court,
so a number masked without it would leave half of the code in clear.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...lang.en.lexicon import MONTH_ABBREVIATIONS
from ...recognizers.identifier_patterns import CAPITAL, NUMBER_WORD, code_pattern
from ...recognizers.universal.codes import CODE as ANY_CODE
from ...recognizers.universal.codes import CodeForms, code_check
from .reports import is_report_citation

#: the courts' forms of a code, tried after those of any text (CODE_FORMS)
_COURT_FORMS = (
    # Rev-123/05, Kž-123/05, 2ra-123/05: a register joined by a hyphen; 12/05k: a check letter (Austria)
    rf"{NUMBER_WORD.pattern}?(?<![\w/\-])(?:\d{{0,2}}[^\W\d_]{{1,4}}-)?\d+(?:[\-/.]\d+)*/\d+[a-z]?(?![\w/]|[\-.]\d)",
    # Bfv.I.123/2005, Pfv.IV.20.123/2005 (Hungary): a register word with full stops
    r"[A-Z][a-z]{1,3}\.(?:[IVX]{1,4}\.)?(?:\d+\.)*\d+/\d+(?![\w/]|[\-.]\d)",
    # B 123-05, Ö 1234-05 (Sweden): a register letter, the number and the year
    rf"[{CAPITAL}][ \u00a0]\d{{1,5}}-\d\d(?![\w/]|[\-.]\d)",
    # ECLI:NL:HR:2005:AB1234 (European Case Law Identifier), LJN AB1234 (the Netherlands)
    r"ECLI:[A-Z]{2}:[A-Z0-9]{1,7}:\d{4}:[A-Z0-9.]{0,24}[A-Z0-9]|LJN:?[ \u00a0]?[A-Z]{2}\d{4}\b",
    # [2008] EWHC 860 (QB), [2003] UKHL 12: neutral citations of a case
    r"\[(?:19|20)\d\d\]\s+[A-Z]{2,6}(?:\s+(?:Civ|Crim|Admin|Fam|Ch|QB|Comm|Pat))?\s+\d+(?:\s+\([A-Za-z]+\))?",
)

#: A court register's prefix before a case number: "IV Ka 123/99", "2 BvR 123/99",
#: "E. 1996/123", "II AKa 123/99", "5 Tdo 123/2005", "III. ÚS 123/05" (up to three tokens
#: right before it: a Roman numeral, capitals, a capital and one or two more letters, a
#: word with an inner capital, any of these with a full stop, or a small number).
REGISTER = re.compile(
    r"(?:(?<=\s)|(?<=\()|^)"
    rf"(?:(?:[IVX]{{1,4}}\.?|[{CAPITAL}]{{1,4}}\.?|[{CAPITAL}][^\W\d_]{{1,2}}|[{CAPITAL}][a-z][{CAPITAL}][A-Za-z]?"
    r"|\d{1,3})[ \u00a0]){1,3}$"
)
#: Capitalized English words a register pattern would take: never a register. The
#: registers with lower-case letters are short abbreviations ("Ka", "AKa", "Tdo", "Cdo",
#: "Ips", "Ob"); words of three letters that begin a sentence or a title are not.
NOT_A_REGISTER = frozenset(
    """
A An As At Be By Do He I If In Is It Me Mr Ms Dr My No Of On Or So St To Up Us We
The And For But Not Nor Its His Her Our See Per Was Are Has Had Nos All Any Via Mrs Art Act Law
One Two Six Ten May Ref Vol""".split()
) | {month.capitalize() for month in MONTH_ABBREVIATIONS if len(month) == 3}
#: a register joined to its number by a hyphen, with a slash: three digits count ("IZ-77/1", a remand centre's)
_REGISTER_AND_SLASH = re.compile(rf"[{CAPITAL}]{{1,4}}-\d+/\d+")


def with_register(text: str, start: int) -> int:
    """Where a case number begins once its court register's prefix is taken in."""
    register = REGISTER.search(text, max(0, start - 24), start)
    if register is None:
        return start
    begins = start
    # From the number leftwards, up to the first word that cannot be a register ("In").
    for token in reversed(list(re.finditer(r"\S+", text[register.start() : start]))):
        if token.group().rstrip(".") in NOT_A_REGISTER:
            break
        begins = register.start() + token.start()
    return begins


CODE = replace(
    ANY_CODE,
    pattern=code_pattern(first=r"\[(?:19|20)", forms=_COURT_FORMS),
    accept=code_check(CodeForms(short=_REGISTER_AND_SLASH, register=with_register, citation=is_report_citation)),
    summary=f"{ANY_CODE.summary}; IV Ka 123/99, ECLI:..., [2008] EWHC 860 (QB) (judgments pack)",
)
