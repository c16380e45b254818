"""`sanitizer tune`: sweep β and w over a collection; a table, a plot, and a recommendation."""

from __future__ import annotations

import sys
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ic_sanitizer.corpus_stats.errors import UnreadableFileError
from ic_sanitizer.corpus_stats.path_guard import RunPath, check_outputs
from ic_sanitizer.corpus_stats.safe_files import parse_json, read_regular_file

from ..errors import InputError
from ..pipeline import DEFAULT_BACKEND, Sanitizer
from ..tuning import BetaSetting, plot, recommend, row_record, sweep, write_table
from .common import (
    AllowWebOption,
    ParallelOption,
    RateOption,
    BackendOption,
    BetaS2Option,
    CacheDirOption,
    ExtractorOption,
    KindsOption,
    JsonOption,
    NoCacheOption,
    S2BackendOption,
    WorkersOption,
    ZeroCountChoice,
    ZeroCountOption,
    announce_backends,
    finite_number,
    print_json,
    read_paths,
    reported_errors,
    split_kinds,
    show_progress,
    stderr,
    usage_error,
)
from .eval_cmd import GoldOption, TextsOption, collection


def _settings(betas: Optional[list[float]], beta_terms: Optional[list[str]],
              protected_names: Optional[Path]) -> list[BetaSetting]:
    settings = [BetaSetting(label=f"{b:g}", bits=b) for b in betas or []]
    settings += [BetaSetting(label=f"term {i}", term=t) for i, t in enumerate(beta_terms or [], start=1)]
    if protected_names is not None:
        try:
            names = parse_json(read_regular_file(protected_names).decode("utf-8-sig"))
            if not isinstance(names, dict) or not all(isinstance(v, str) for v in names.values()):
                raise ValueError
        except UnreadableFileError as exc:
            raise InputError(str(exc)) from None
        except ValueError:
            raise InputError(f"{protected_names}: expected {{doc_id: protected name}} JSON") from None
        settings.append(BetaSetting(label="per-document name", names=names))
    return settings


def _check_options(ws: list[float], betas: Optional[list[float]], target_recall: float) -> None:
    if any(not 0.0 <= w <= 1.0 for w in ws):
        usage_error("--w must lie in [0, 1]")
    if not 0.0 < target_recall <= 1.0:
        usage_error("--target-recall must lie in (0, 1]")
    if any(not b > 0 for b in betas or []):
        usage_error("--beta must be a positive number of bits")


def tune_command(
    gold: GoldOption,
    texts: TextsOption = None,
    ws: Annotated[Optional[list[float]], typer.Option("--w", help="Values of w to sweep (repeatable). [default: 0.2 0.4 0.6 0.8 1.0]", show_default=False, parser=finite_number)] = None,
    betas: Annotated[Optional[list[float]], typer.Option("--beta", help="Values of β in bits to sweep (repeatable).", parser=finite_number)] = None,
    beta_terms: Annotated[Optional[list[str]], typer.Option("--beta-term", help="Terms whose IC is a β to sweep (repeatable). Tables name them 'term 1', 'term 2', ...")] = None,
    protected_names: Annotated[Optional[Path], typer.Option("--protected-names", help="{doc_id: name} JSON: β per document is the IC of the person it protects.")] = None,
    target_recall: Annotated[float, typer.Option("--target-recall", help="Recommend the best precision among settings reaching this recall.", parser=finite_number)] = 0.9,
    table: Annotated[Optional[Path], typer.Option("--table", help="Write the sweep as CSV (or JSON if it ends in .json).")] = None,
    plot_path: Annotated[Optional[Path], typer.Option("--plot", help="Write precision, recall and F against w as PNG.")] = None,
    backend: BackendOption = DEFAULT_BACKEND,
    s2_backend: S2BackendOption = "auto",
    beta_s2: BetaS2Option = None,
    zero_count: ZeroCountOption = ZeroCountChoice.sensitive,
    kinds: KindsOption = None,
    extractor: ExtractorOption = "nltk",
    cache_dir: CacheDirOption = None,
    no_cache: NoCacheOption = False,
    workers: WorkersOption = 2,
    allow_web: AllowWebOption = False,
    parallel: ParallelOption = 8,
    rate: RateOption = None,
    json_output: JsonOption = False,
) -> None:
    """Sweep w (and β) over a collection for S1 alone and S1+S2, and recommend a setting."""
    with reported_errors():
        ws = ws or [0.2, 0.4, 0.6, 0.8, 1.0]
        _check_options(ws, betas, target_recall)
        check_outputs([RunPath("--gold", gold), RunPath("--texts", texts), RunPath("--protected-names", protected_names),
                       *read_paths([backend, s2_backend], cache_dir, not no_cache)],
                      [RunPath("--table", table), RunPath("--plot", plot_path)])
        settings = _settings(betas, beta_terms, protected_names)
        gold_standard, documents = collection(gold, texts)
        with Sanitizer(backend, s2_backend=s2_backend, beta_s2=beta_s2, extractor=extractor,
                       zero_count=zero_count.value, kinds=split_kinds(kinds), cache_dir=cache_dir,
                       use_cache=not no_cache, allow_web=allow_web, parallel=parallel, rate_limit=rate,
                       workers=workers) as sanitizer:
            announce_backends(sanitizer)
            # No β given: sweep w at the sanitizer's own β.
            beta = sanitizer.thresholds.beta
            settings = settings or [BetaSetting(label=f"{beta:g}", bits=beta)]
            with Progress(TextColumn("sweeping"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          console=stderr, disable=not show_progress(), transient=True) as progress:
                task = progress.add_task("sweep")
                rows = sweep(sanitizer, documents, gold_standard, settings, ws,
                             progress=lambda done, total: progress.update(task, completed=done, total=total))
        best, reached = recommend(rows, target_recall)
        if table is not None:
            write_table(rows, table)
        if plot_path is not None:
            plot(rows, plot_path, title=f"{len(documents)} documents, back-end {sanitizer.backend.name}")
        if json_output:
            print_json({"rows": [row_record(r) for r in rows], "target_recall": target_recall,
                        "target_reached": reached, "recommended": row_record(best) if best else None})
            return
        out = sys.stdout
        out.write(f"{'stage':<6} {'β':>18} {'w':>5} {'P':>6} {'R':>6} {'F':>6} {'kept':>6}\n")
        for row in rows:
            scores = asdict(row.scores)
            p, r, f = ((scores["token_precision"], scores["token_recall"], scores["token_f1"])
                       if scores["token_recall"] is not None else
                       (scores["term_precision"], scores["term_recall"], scores["term_f1"]))
            kept = scores["tokens_kept"]
            out.write(f"{row.stage:<6} {row.beta:>18} {'' if row.w is None else f'{row.w:g}':>5} "
                      f"{p or 0:>6.3f} {r or 0:>6.3f} {f or 0:>6.3f} {'' if kept is None else f'{kept:.3f}':>6}\n")
        if best is not None:
            setting = f"{best.stage}, β {best.beta}" + (f", w {best.w:g}" if best.w is not None else "")
            if reached:
                out.write(f"recommended: {setting} (best precision among settings reaching recall {target_recall:g})\n")
            else:
                out.write(f"no setting reaches recall {target_recall:g}; the highest recall is {setting}\n")
