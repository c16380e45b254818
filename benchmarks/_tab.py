"""Loading TAB test from ../shared/data/tab_test (beside the checkout)."""

from __future__ import annotations

import json
from pathlib import Path

TAB_DIR = Path(__file__).resolve().parents[2] / "shared" / "data" / "tab_test"


def load_tab() -> tuple[dict[str, str], dict[str, list]]:
    texts = json.loads((TAB_DIR / "texts.json").read_text(encoding="utf-8"))
    gold = json.loads((TAB_DIR / "gold_manual_masks.json").read_text(encoding="utf-8"))
    return texts, gold


def split_tab(texts: dict[str, str], split: str) -> dict[str, str]:
    """TAB's README split: the first 64 documents by doc_id tune, the other 63 report."""
    ids = sorted(texts)
    chosen = {"tune": ids[:64], "report": ids[64:], "all": ids}[split]
    return {doc_id: texts[doc_id] for doc_id in chosen}


def load_tab_gold():
    """TAB test's expert masks as a GoldStandard (span format)."""
    from ic_sanitizer.evaluation import load_gold

    return load_gold(TAB_DIR / "gold_manual_masks.json")
