"""`sanitizer tune`: sweep β and w over a collection; a table, a plot, and a recommendation."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs, output_path

from ..errors import InputError
from ..evaluation import GoldStandard
from ..extras import require
from ..option_files import read_option_json
from ..pipeline import Sanitizer
from ..settings import Settings
from ..tuning import BetaSetting, SweepRow, dial_settings, recommend, sweep
from .attack_inputs import AttackOption, Systems, attack_sweep, sweep_attack_inputs
from .common import announce_backends, bar_progress, engine_reads, reported_errors, usage_error
from .engine_options import EngineOptions
from .engine_params import CHOOSING, CORPORA, OPENING, POLICY, WRITING, engine_options
from .gold_inputs import GoldFormatOption, GoldOption, TextsOption, collection
from .notices import announce_inert_settings
from .options import (
    JsonOption,
    finite_number,
    repeatable,
)
from .tune_fit import write_fitted_policy
from .tune_output import SweepOutputs, print_sweep, reproducing_command, write_outputs

if TYPE_CHECKING:
    from ..evaluation.privacy import PrivacyPoint


def _settings(
    betas: Optional[list[float]], beta_terms: Optional[list[str]], protected_names: Optional[Path]
) -> list[BetaSetting]:
    settings = [BetaSetting(label=f"{b:g}", bits=b) for b in betas or []]
    settings += [BetaSetting(label=f"term {i}", term=t) for i, t in enumerate(beta_terms or [], start=1)]
    if protected_names is not None:
        names = read_option_json(protected_names, "protected_names")
        if not isinstance(names, dict) or not all(isinstance(v, str) for v in names.values()):
            raise InputError(f"{protected_names}: expected {{doc_id: protected name}} JSON")
        settings.append(BetaSetting(label="per-document name", names=names))
    return settings


def _checked_ws(ws: Optional[list[float]], betas: Optional[list[float]], target_recall: float) -> list[float]:
    """The values of w to sweep, after checking the sweep's numbers."""
    ws = ws or [0.2, 0.4, 0.6, 0.8, 1.0]
    if any(not 0.0 <= w <= 1.0 for w in ws):
        usage_error("--w must lie in [0, 1]")
    if not 0.0 < target_recall <= 1.0:
        usage_error("--target-recall must lie in (0, 1]")
    if any(not b > 0 for b in betas or []):
        usage_error("--beta must be a positive number of bits")
    return ws


@engine_options(*CORPORA, *POLICY, *WRITING, *CHOOSING, *OPENING)
def tune_command(
    context: typer.Context,
    gold: GoldOption,
    gold_format: GoldFormatOption = None,
    texts: TextsOption = None,
    ws: Annotated[
        Optional[list[float]],
        repeatable(
            "--w", help="Values of w to sweep (repeatable). [default: 0.2 0.4 0.6 0.8 1.0]", parser=finite_number
        ),
    ] = None,
    betas: Annotated[
        Optional[list[float]],
        repeatable(
            "--beta",
            help="Values of the dial β in bits to sweep (repeatable): every kind the policy decides by IC moves with it, as in `sanitize --beta`. [default: the policy's own β and 1 to 10 bits either side, 14 above, when no --beta-term or --protected-names is given]",
            parser=finite_number,
        ),
    ] = None,
    beta_terms: Annotated[
        Optional[list[str]],
        repeatable(
            "--beta-term", help="Terms whose IC is a β to sweep (repeatable). Tables name them 'term 1', 'term 2', ..."
        ),
    ] = None,
    protected_names: Annotated[
        Optional[Path],
        typer.Option(
            "--protected-names", help="{doc_id: name} JSON: β per document is the IC of the person it protects."
        ),
    ] = None,
    target_recall: Annotated[
        float,
        typer.Option(
            "--target-recall",
            help="Recommend the best precision among settings reaching this recall.",
            parser=finite_number,
        ),
    ] = 0.9,
    table: Annotated[
        Optional[Path],
        typer.Option("--table", parser=output_path, help="Write the sweep as CSV (or JSON if it ends in .json)."),
    ] = None,
    plot_path: Annotated[
        Optional[Path],
        typer.Option("--plot", parser=output_path, help="Write precision, recall and F against w as PNG."),
    ] = None,
    fit_policy: Annotated[
        Optional[Path],
        typer.Option(
            "--fit-policy",
            parser=output_path,
            help="Fit each kind's β on the annotated documents for --target-recall (direct identifiers always masked; phrases the annotators leave in clear in two documents or more learnt as an allow list) and write the policy file here.",
            show_default=False,
        ),
    ] = None,
    learned: Annotated[
        bool,
        typer.Option(
            "--learned",
            help="With --fit-policy: also fit a learned decision (logistic regression over each term's IC, kind, form and context) for the kinds the fitted policy decides by IC, and write it into the policy. Its score is in bits: --beta moves its threshold as it moves IC's.",
        ),
    ] = False,
    attack: AttackOption = None,
    baselines: Annotated[
        Optional[list[Path]],
        repeatable(
            "--baseline",
            help="Another system's spans {doc_id: [[start, end, ...]]} to attack beside the sweep (repeatable; named by file name). Needs --attack.",
        ),
    ] = None,
    privacy_table: Annotated[
        Optional[Path],
        typer.Option(
            "--privacy-table",
            parser=output_path,
            help="Write TRIR, information and words kept per setting and reference as CSV (or JSON if it ends in .json). Needs --attack.",
        ),
    ] = None,
    privacy_plot: Annotated[
        Optional[Path],
        typer.Option(
            "--privacy-plot",
            parser=output_path,
            help="Write TRIR against information kept and words kept as PNG. Needs --attack.",
        ),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Sweep the policy's dial β (and w, where S2 runs) over an annotated collection, and recommend the `sanitize` command to run."""
    options = EngineOptions.of(context)
    with reported_errors():
        check_outputs(
            [
                RunPath("--gold", gold),
                RunPath("--texts", texts),
                RunPath("--protected-names", protected_names),
                RunPath("--attack", attack),
                *(RunPath("--baseline", path) for path in baselines or []),
                *engine_reads(options.params),
            ],
            [
                RunPath("--table", table),
                RunPath("--plot", plot_path),
                RunPath("--fit-policy", fit_policy),
                RunPath("--privacy-table", privacy_table),
                RunPath("--privacy-plot", privacy_plot),
            ],
        )
        _require_plots(plot_path, privacy_plot)
        if learned and fit_policy is None:
            usage_error("--learned is a way to fit a policy: it needs --fit-policy FILE")
        background, systems = sweep_attack_inputs(attack, baselines, privacy_table, privacy_plot)
        ws = _checked_ws(ws, betas, target_recall)
        settings = _settings(betas, beta_terms, protected_names)
        gold_standard, documents = collection(gold, texts, gold_format)
        if fit_policy is not None:
            write_fitted_policy(
                fit_policy, gold_standard, documents, target_recall, json_output, _fitting(options), learned
            )
            return
        rows, points, backend_name = _sweep(
            options.settings(), documents, gold_standard, settings, ws, background, systems, options.given
        )
        best, reached = recommend(rows, target_recall)
        command = None if best is None else reproducing_command(best, options)
        write_outputs(
            rows,
            points,
            SweepOutputs(table, plot_path, privacy_table, privacy_plot),
            f"{len(documents)} documents",
            backend_name,
            attack,
        )
        print_sweep(rows, best, reached, target_recall, points, attack, json_output, command)


def _require_plots(plot_path: Optional[Path], privacy_plot: Optional[Path]) -> None:
    """A plot asked for without the plots extra is refused before any work."""
    for flag, path in (("--plot", plot_path), ("--privacy-plot", privacy_plot)):
        if path is not None:
            require("plots", flag)


def _fitting(options: EngineOptions) -> Settings:
    """The settings a policy is fitted under: every kind (--kinds does not apply), from the
    default policy unless another is given (tune's own default, paper, fixes no kind's rule)."""
    policy = options["policy"]
    return options.settings(kinds=None, policy="default" if policy == "paper" else policy)


def _sweep(
    asked: Settings,
    documents: dict[str, str],
    gold_standard: GoldStandard,
    settings: list[BetaSetting],
    ws: list[float],
    background: Optional[dict[str, str]],
    systems: Systems,
    given: frozenset[str],
) -> tuple[list[SweepRow], Optional[list[PrivacyPoint]], str]:
    """Open the engine and sweep (with background knowledge, attack every point too):
    the rows, the privacy points, and the back-end's name."""
    if settings and asked.beta is None and asked.beta_term is None:
        # the engine opens at the first β swept: on a back-end of another IC scale than the
        # policy's, a β is what places its thresholds (thresholds.resolve)
        asked = replace(asked, beta=settings[0].bits, beta_term=settings[0].term)
    with Sanitizer(asked) as sanitizer:
        announce_backends(sanitizer)
        announce_inert_settings(sanitizer, given)
        # No β given: sweep the dial around the policy's own β.
        settings = settings or dial_settings(sanitizer.thresholds.beta)
        with bar_progress("sweeping") as progress:
            task = progress.add_task("sweep")
            rows = sweep(
                sanitizer,
                documents,
                gold_standard,
                settings,
                ws,
                progress=lambda done, total: progress.update(task, completed=done, total=total),
                keep_spans=background is not None,
            )
        points = attack_sweep(background, sanitizer, documents, gold_standard, rows, systems)
    return rows, points, sanitizer.backend.name
