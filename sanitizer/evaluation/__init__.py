"""Scoring sanitizations (or any system's masks) against expert annotations."""

from .gold import GoldSpan, GoldStandard, fill_terms_from_spans, load_gold, load_system_spans, load_texts
from .scores import Mask, Scores, evaluate, merge_spans

__all__ = [
    "GoldSpan",
    "GoldStandard",
    "Mask",
    "Scores",
    "evaluate",
    "fill_terms_from_spans",
    "load_gold",
    "load_system_spans",
    "load_texts",
    "merge_spans",
]
