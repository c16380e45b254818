"""Ages, amounts, durations, measures and percentages, in figures or in words."""

from __future__ import annotations

from ...terms import TermKind
from .. import quantity_patterns
from ..base import ENGLISH, PatternRecognizer

AGE = PatternRecognizer(
    "age",
    TermKind.AGE,
    quantity_patterns.AGE,
    summary="34 years old, aged 34, 9-year-old, 62 y/o, her mid-twenties",
    languages=ENGLISH,
)
AMOUNT = PatternRecognizer(
    "amount", TermKind.AMOUNT, quantity_patterns.AMOUNT, summary="EUR 736,000, £5,000, 5,000 euros, 1.5 million dollars"
)
DURATION = PatternRecognizer(
    "duration",
    TermKind.QUANTITY,
    quantity_patterns.DURATION,
    summary="three years, twelve years and six months (of imprisonment)",
    languages=ENGLISH,
)
MEASURE = PatternRecognizer(
    "measure", TermKind.QUANTITY, quantity_patterns.MEASURE, summary="219.41 sq. m", languages=ENGLISH
)
PERCENTAGE = PatternRecognizer(
    "percentage",
    TermKind.NUMBER,
    quantity_patterns.PERCENTAGE,
    summary="40%, 35 per cent, forty per cent",
    languages=ENGLISH,
)
