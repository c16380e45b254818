"""`sanitizer corpus build|info`: local corpus indexes for the `local:INDEX_DIR` back-end."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated, Iterator

import typer

from ic_sanitizer.corpus_stats.backends.elasticsearch import push_documents
from ic_sanitizer.corpus_stats.backends.local_index import read_meta
from ic_sanitizer.corpus_stats.building.corpus_build import build_index
from ic_sanitizer.corpus_stats.building.sources import SourceTally, read_source, source_kind

from .common import command_group, print_json, reported_errors, spinner_progress
from .options import AllowWebOption, JsonOption

corpus_app = command_group("Build and describe local corpus indexes (exact counts, offline).")


@corpus_app.command("build")
def corpus_build(
    sources: Annotated[
        list[Path],
        typer.Argument(
            metavar="SOURCE...", help="Folders of .txt, .txt, .jsonl, TAB-style .json, Wikipedia .xml[.bz2]."
        ),
    ],
    out: Annotated[Path, typer.Option("--out", help="The index folder to create.")],
    force: Annotated[
        bool, typer.Option("--force", help="Replace an existing index (only once the new one is complete).")
    ] = False,
    json_output: JsonOption = False,
) -> None:
    """Index text collections for exact phrase and co-occurrence document counts."""
    with reported_errors():
        started = time.perf_counter()
        with spinner_progress() as progress:
            task = progress.add_task("indexing")

            def on_progress(documents: int, characters: int) -> None:
                rate = characters / 1e6 / max(time.perf_counter() - started, 1e-9)
                progress.update(task, description=f"indexing: {documents:,} documents, {rate:.1f} MB/s")

            meta = build_index(sources, out, replace=force, progress=on_progress)
        _print_meta(out, meta, json_output)


def _counted(path: Path, tally: SourceTally) -> Iterator[str]:
    for text in read_source(path, tally):
        tally.documents += 1
        tally.characters += len(text)
        yield text


@corpus_app.command("push")
def corpus_push(
    sources: Annotated[list[Path], typer.Argument(metavar="SOURCE...", help="The same sources as `corpus build`.")],
    to: Annotated[
        str,
        typer.Option(
            "--to", metavar="URL/INDEX", help="Elasticsearch/OpenSearch index, e.g. http://localhost:9200/judgments."
        ),
    ],
    batch_size: Annotated[int, typer.Option("--batch-size", min=1, help="Documents per _bulk request.")] = 500,
    allow_web: AllowWebOption = False,
    json_output: JsonOption = False,
) -> None:
    """Bulk-load text collections into Elasticsearch/OpenSearch for the `es:URL/INDEX` back-end.

    Documents are normalized exactly as `corpus build` does. The documents' text is sent to the cluster:
    a cluster off this machine needs --allow-web.
    """
    with reported_errors():
        tallies = [SourceTally(str(path), source_kind(path)) for path in sources]
        documents = (text for path, tally in zip(sources, tallies) for text in _counted(path, tally))
        with spinner_progress() as progress:
            task = progress.add_task("pushing")
            outcome = push_documents(
                to,
                documents,
                batch_size=batch_size,
                allow_web=allow_web,
                on_batch=lambda n: progress.update(task, description=f"pushing: {n:,} documents"),
            )
        payload = {"target": to, **outcome, "sources": [t.as_dict() for t in tallies]}
        if json_output:
            print_json(payload)
        else:
            sys.stdout.write(
                f"pushed {outcome['pushed']:,} documents to {to} ({outcome['empty']:,} empty ones skipped)\n"
            )
            for tally in tallies:
                skipped = ", ".join(f"{n} {reason}" for reason, n in tally.skipped.items()) or "none"
                sys.stdout.write(f"source: {tally.path} ({tally.kind}): skipped: {skipped}\n")


@corpus_app.command("info")
def corpus_info(
    index_dir: Annotated[Path, typer.Argument(metavar="INDEX_DIR")], json_output: JsonOption = False
) -> None:
    """Documents, tokens, size, sources and fingerprint of an index."""
    with reported_errors():
        _print_meta(index_dir, read_meta(index_dir), json_output)


def _print_meta(index_dir: Path, meta: dict, json_output: bool) -> None:
    if json_output:
        print_json({"index": str(index_dir), **meta})
        return
    out = sys.stdout
    out.write(
        f"index:       {index_dir}\nfingerprint: {meta['fingerprint']}\n"
        f"documents:   {meta['documents']:,}\ntokens:      {meta['tokens']:,}\n"
        f"text:        {meta['characters'] / 1e6:.2f} M characters\n"
        f"index size:  {meta['index_bytes'] / 1e6:.2f} MB\n"
    )
    for source in meta["sources"]:
        skipped = ", ".join(f"{n} {reason}" for reason, n in source["skipped"].items()) or "none"
        out.write(
            f"source:      {source['path']} ({source['kind']}): {source['documents']:,} documents, skipped: {skipped}\n"
        )
