"""Packaging: every package and data file is declared, and the generic names stay free."""

from __future__ import annotations

import fnmatch
import os
import subprocess
import sys

import pytest

from .conftest import REPO

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

SETUPTOOLS = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
#: folder -> import name, as package-dir maps them
FOLDERS = {folder: name for name, folder in SETUPTOOLS["package-dir"].items()}


def _import_name(package_folder):
    """The import name a folder of the repository installs as."""
    relative = package_folder.relative_to(REPO)
    top = relative.parts[0]
    return ".".join([FOLDERS[top], *relative.parts[1:]])


PACKAGE_FOLDERS = sorted(
    init.parent for top in FOLDERS for init in (REPO / top).rglob("__init__.py") if "__pycache__" not in init.parts
)


def test_the_three_folders_install_under_one_namespace():
    assert FOLDERS == {
        "sanitizer": "ic_sanitizer",
        "corpus_stats": "ic_sanitizer.corpus_stats",
        "cache": "ic_sanitizer.cache",
    }


#: folders of data only inside a package (no __init__.py): listed too, so that setuptools
#: reads them as data and does not warn that it ignores them
DATA_FOLDERS = sorted(
    sub
    for folder in PACKAGE_FOLDERS
    for sub in folder.rglob("*")
    if sub.is_dir()
    and "__pycache__" not in sub.parts
    and not (sub / "__init__.py").exists()
    and any(path.is_file() for path in sub.iterdir())
    and folder == max((f for f in PACKAGE_FOLDERS if sub.is_relative_to(f)), key=lambda f: len(f.parts))
)


def test_every_package_folder_is_listed_and_every_listed_package_exists():
    found = sorted(_import_name(folder) for folder in [*PACKAGE_FOLDERS, *DATA_FOLDERS])
    assert found == sorted(SETUPTOOLS["packages"])


def test_every_data_file_inside_a_package_travels_in_the_wheel():
    package_data = SETUPTOOLS["package-data"]
    undeclared = []
    for folder in PACKAGE_FOLDERS:
        patterns = package_data.get(_import_name(folder), [])
        for path in folder.iterdir():
            if path.is_file() and path.suffix not in (".py", ".pyc"):
                if not any(fnmatch.fnmatch(path.name, p) for p in patterns):
                    undeclared.append(str(path.relative_to(REPO)))
        for sub in folder.iterdir():
            if sub.is_dir() and not (sub / "__init__.py").exists() and sub.name != "__pycache__":
                for path in sub.rglob("*"):
                    name = path.relative_to(folder).as_posix()
                    if path.is_file() and not any(fnmatch.fnmatch(name, p) for p in patterns):
                        undeclared.append(str(path.relative_to(REPO)))
    assert undeclared == []


@pytest.mark.parametrize("name", ["cache", "corpus_stats", "sanitizer"])
def test_a_generic_top_level_name_does_not_resolve_to_this_project(name, tmp_path):
    """Started outside the source tree, ``import cache`` must not find this project's
    folder (the user's own cache.py, or another distribution's, would be shadowed)."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    probe = (
        f"import importlib.util; spec = importlib.util.find_spec({name!r}); "
        "print(spec.origin if spec and spec.origin else (list(spec.submodule_search_locations) if spec else ''))"
    )
    answer = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, env=environment, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert str(REPO) not in answer
    imported = subprocess.run(
        [sys.executable, "-c", f"import ic_sanitizer.{name if name != 'sanitizer' else 'cli'}"],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
    )
    assert imported.returncode == 0, imported.stderr[-300:]
