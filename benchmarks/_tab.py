"""Loading TAB test from ../shared/data/tab_test (beside the checkout)."""

from __future__ import annotations

import json
from pathlib import Path

TAB_DIR = Path(__file__).resolve().parents[2] / "shared" / "data" / "tab_test"


def load_tab() -> tuple[dict[str, str], dict[str, list]]:
    texts = json.loads((TAB_DIR / "texts.json").read_text(encoding="utf-8"))
    gold = json.loads((TAB_DIR / "gold_manual_masks.json").read_text(encoding="utf-8"))
    return texts, gold
