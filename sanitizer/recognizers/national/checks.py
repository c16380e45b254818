"""The checks of shapes.tsv: a number of the right shape is an identifier when its check
passes. Each is named in the table ("us_npi", "digits:4", "stdnum:it.codicefiscale")."""

from __future__ import annotations

import importlib
from typing import Callable

from stdnum import luhn

Check = Callable[[str], bool]


def _sg_nric(number: str) -> bool:
    """Singapore's NRIC and FIN: weights 2765432 on the digits, the letter from the sum's
    remainder by 11 in a table per series (S and T for citizens, F and G for foreigners,
    M since 2022)."""
    weights = (2, 7, 6, 5, 4, 3, 2)
    total = sum(int(d) * w for d, w in zip(number[1:8], weights)) + {"T": 4, "G": 4, "M": 3}.get(number[0], 0)
    letters = {"S": "JZIHGFEDCBA", "T": "JZIHGFEDCBA", "F": "XWUTRQPNMLK", "G": "XWUTRQPNMLK", "M": "KLJNPQRTUWX"}
    return letters[number[0]][total % 11] == number[8]


def _au_medicare(number: str) -> bool:
    """Australia's Medicare card number: weights 1,3,7,9 twice on the first eight digits,
    the ninth the sum's last digit."""
    digits = [int(d) for d in number if d.isdigit()]
    total = sum(d * w for d, w in zip(digits[:8], (1, 3, 7, 9, 1, 3, 7, 9)))
    return len(digits) >= 10 and total % 10 == digits[8]


def _us_npi(number: str) -> bool:
    """The U.S. National Provider Identifier: Luhn over the number with the prefix 80840."""
    return luhn.is_valid("80840" + number)


def _us_dea(number: str) -> bool:
    """A U.S. DEA registration number: the odd digits' sum plus twice the even ones', its
    last digit the seventh digit."""
    digits = [int(d) for d in number[2:]]
    return (sum(digits[0:6:2]) + 2 * sum(digits[1:6:2])) % 10 == digits[6]


_CHECKS: dict[str, Check] = {"sg_nric": _sg_nric, "au_medicare": _au_medicare, "us_npi": _us_npi, "us_dea": _us_dea}


def check_named(name: str) -> Check:
    """The check a row of shapes.tsv names: "-" (none), "digits:N" (at least N digits: a
    word of letters is no number), "stdnum:MODULE" (python-stdnum's is_valid), or one of
    this module's."""
    if name == "-":
        return lambda number: True
    kind, _, argument = name.partition(":")
    if kind == "digits":
        least = int(argument)
        return lambda number: sum(ch.isdigit() for ch in number) >= least
    if kind == "stdnum":
        return importlib.import_module(f"stdnum.{argument}").is_valid
    return _CHECKS[name]
