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


def install_plugin(site: Path, monkeypatch: pytest.MonkeyPatch, module: str, source: str,
                   entry_points: dict[str, dict[str, str]]) -> None:
    """Install a third-party package the way pip would, as far as importlib.metadata sees:
    ``module``.py with ``source`` and a dist-info declaring ``entry_points`` ({group: {name:
    "module:ATTRIBUTE"}}), in ``site``, which goes on sys.path for the test."""
    site.mkdir(parents=True, exist_ok=True)
    (site / f"{module}.py").write_text(source, encoding="utf-8")
    dist_info = site / f"{module}-1.0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n", encoding="utf-8")
    (dist_info / "entry_points.txt").write_text(
        "".join(f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in points.items()) + "\n"
                for group, points in entry_points.items()), encoding="utf-8")
    monkeypatch.syspath_prepend(str(site))
