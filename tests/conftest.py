from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
PAPER_EXAMPLE = SHARED / "paper_example" / "paper_example.json"
TAB_DIR = SHARED / "tab_test"
PAPER_COUNTS = REPO / "examples" / "paper_example_counts.json"
PAPER_TEXT = REPO / "examples" / "paper_example.txt"


@pytest.fixture(scope="session")
def shared_data_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("data")


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch, shared_data_dir):
    """Every test gets its own count cache, never the user's; the starter index is
    built once per session, in a folder of the session's."""
    monkeypatch.setenv("SANITIZER_CACHE_DIR", str(tmp_path / "count-cache"))
    monkeypatch.setenv("SANITIZER_DATA_DIR", str(shared_data_dir))


@pytest.fixture(scope="session")
def paper_example() -> dict:
    return json.loads(PAPER_EXAMPLE.read_text(encoding="utf-8"))


def write_table(path: Path, total: int, counts: dict[str, int], conjunctions: list[tuple[list[str], int]] | None = None) -> Path:
    table = {"total": total, "counts": counts}
    if conjunctions is not None:
        table["conjunctions"] = [{"terms": terms, "count": count} for terms, count in conjunctions]
    path.write_text(json.dumps(table), encoding="utf-8")
    return path
