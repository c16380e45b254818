"""MkDocs hook: the package's source laid out under its import names, for the API reference.

The folders sanitizer/, corpus_stats/ and cache/ install as ic_sanitizer,
ic_sanitizer.corpus_stats and ic_sanitizer.cache (pyproject.toml's package-dir). Griffe,
which mkdocstrings reads the docstrings with, finds a package by walking folders named as
it is imported, and cannot follow that mapping (it falls back to importing the package,
and then cannot reach ic_sanitizer.corpus_stats). So, as scripts/typecheck.sh does for
mypy, this hook lays out a tree of symbolic links named as installed, in build/docs_api/
(mkdocs.yml's mkdocstrings ``paths``), before any page is rendered.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

if sys.version_info >= (3, 11):
    import tomllib
else:  # a dependency on 3.10 (pyproject.toml)
    import tomli as tomllib

#: the tree's place, under the folder of mkdocs.yml (build/ is ignored by git)
TREE = Path("build") / "docs_api"


# Before mkdocstrings' own on_config, which makes the handler: it keeps only the `paths`
# that exist by then.
@event_priority(100)
def on_config(config: Any) -> Any:
    root = Path(config.config_file_path).resolve().parent
    lay_out_source_tree(root, root / TREE)
    return config


def lay_out_source_tree(root: Path, tree: Path) -> None:
    """Links under ``tree`` named as the packages of ``root``'s pyproject.toml are imported."""
    with (root / "pyproject.toml").open("rb") as file:
        package_dirs: dict[str, str] = tomllib.load(file)["tool"]["setuptools"]["package-dir"]
    shutil.rmtree(tree, ignore_errors=True)
    for package, folder in sorted(package_dirs.items(), key=lambda item: item[0].count(".")):
        target = tree.joinpath(*package.split("."))
        if "." in package:  # a subpackage kept elsewhere: one link in its parent's folder
            target.symlink_to(root / folder, target_is_directory=True)
            continue
        target.mkdir(parents=True)
        for entry in sorted((root / folder).iterdir()):
            if entry.name != "__pycache__":
                (target / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
