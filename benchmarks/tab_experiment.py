"""The TAB experiment: tune on the first 64 documents, report on the other 63, beside the baselines.

    python benchmarks/tab_experiment.py [--target-recall 0.9] [--output benchmarks/RESULTS.md]

Configurations (S1 alone and S1+S2 at w in {0.2, 0.4, 0.6, 0.8, 1.0}):

- embedded default: IC from wordfreq, co-occurrence from the starter index;
- local archive: IC and co-occurrence from a local index of the *other* half of TAB plus
  the starter's 10,033 Wikipedia summaries (a court indexing its archive). Cross-fitted:
  tuning on documents 1-64 counts in an index of 65-127, reporting on 65-127 counts in
  an index of 1-64, so no document is scored with counts from its own text;
- each of the two again with `--kinds code,date,number,name`: only identifier-like terms
  are candidates (an extension beyond the paper, whose candidates are all noun phrases).

β is chosen on the tuning half: the best token precision among settings reaching the
target token recall (else the best recall); the chosen β is then reported with every w
on the reporting half. Writes RESULTS.md with the command that produced it.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import TAB_DIR, load_tab, load_tab_gold, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.corpus_stats.backends.starter import starter_texts  # noqa: E402
from ic_sanitizer.corpus_stats.building.corpus_build import build_index_from  # noqa: E402
from ic_sanitizer.corpus_stats.building.sources import SourceTally  # noqa: E402
from ic_sanitizer.evaluation import evaluate, load_system_spans  # noqa: E402
from ic_sanitizer.tuning import BetaSetting, recommend, sweep  # noqa: E402

WS = [0.2, 0.4, 0.6, 0.8, 1.0]
#: `--kinds code,date,number,name`: identifiers only, no generic noun phrases or pronouns
IDENTIFIER_KINDS = ["code", "date", "number", "name"]
BASELINES = {"Presidio": "presidio", "spaCy NER": "spacy_ner", "Stanford NER 7-class": "stanford_ner_7class"}


def _local_index(texts: dict[str, str], folder: Path) -> Path:
    collections = [
        (SourceTally("TAB half", "json"), list(texts.values())),
        (SourceTally("starter", "wikipedia summaries"), starter_texts()),
    ]
    build_index_from(collections, folder)
    return folder


def _row(label: str, stage: str, beta: str, w, s) -> str:
    w_text = "—" if w is None else f"{w:g}"
    return (
        f"| {label} | {stage} | {beta} | {w_text} | {s.token_precision:.3f} | {s.token_recall:.3f} | "
        f"{s.token_f1:.3f} | {s.mention_recall:.3f} | {s.tokens_kept:.3f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target-recall", type=float, default=0.9)
    parser.add_argument("--output", type=Path, default=Path(__file__).resolve().parent / "RESULTS.md")
    args = parser.parse_args()
    command = "python benchmarks/tab_experiment.py" + "".join(f" {shlex.quote(a)}" for a in sys.argv[1:])
    texts, _ = load_tab()
    gold = load_tab_gold()
    tune, report = split_tab(texts, "tune"), split_tab(texts, "report")
    started = time.perf_counter()
    lines: list[str] = []
    best_rows = []
    with tempfile.TemporaryDirectory() as work:
        index_of_report_half = _local_index(report, Path(work) / "index-65-127")
        index_of_tune_half = _local_index(tune, Path(work) / "index-1-64")

        def archive(half: str, **options) -> Sanitizer:
            return Sanitizer(f"local:{index_of_report_half if half == 'tune' else index_of_tune_half}", **options)

        configurations = [
            ("embedded default", lambda half: Sanitizer("wordfreq"), [11, 12, 12.5, 13, 13.5, 14, 14.5, 15]),
            (
                "embedded default, identifier kinds",
                lambda half: Sanitizer("wordfreq", kinds=IDENTIFIER_KINDS),
                [8, 10, 12, 13, 14, 15, 16, 18, 20],
            ),
            ("local archive", archive, [8, 9, 10, 11, 12, 12.5, 13, 13.5, 14]),
            (
                "local archive, identifier kinds",
                lambda half: archive(half, kinds=IDENTIFIER_KINDS),
                [4, 6, 8, 9, 10, 11, 12, 12.5, 13, 13.5, 14],
            ),
        ]
        for label, make, betas in configurations:
            with make("tune") as sanitizer:
                tuned = sweep(sanitizer, tune, gold, [BetaSetting(f"{b:g}", bits=b) for b in betas], WS)
            chosen, reached = recommend(tuned, args.target_recall)
            beta = float(chosen.beta)
            with make("report") as sanitizer:
                reported = sweep(sanitizer, report, gold, [BetaSetting(f"{beta:g}", bits=beta)], WS)
                beta_s2 = (
                    f"β_S2 = {sanitizer.thresholds.beta_s2:g}"
                    if sanitizer.s2_has_own_corpus
                    else "β_S2 = β (one corpus)"
                )
                describe = f"S1 {sanitizer.backend.describe()}; S2 {sanitizer.s2_backend.describe()}; {beta_s2}"
            lines.append(
                f"- **{label}**: {describe}. Tuning half: {chosen.stage}"
                + (f", w = {chosen.w:g}" if chosen.w is not None else "")
                + f", β = {beta:g} {'reaches' if reached else 'is the best recall, short of'} "
                f"token recall {args.target_recall:g} (P {chosen.scores.token_precision:.3f}, "
                f"R {chosen.scores.token_recall:.3f})."
            )
            best_rows.append((label, chosen, reported))
    elapsed = time.perf_counter() - started

    out = [
        "# TAB experiment: tune on documents 1-64, report on 65-127",
        "",
        f"Produced by `{command}` ({elapsed:.0f} s on a 2-core machine). Token scores as defined in",
        f"{TAB_DIR.relative_to(TAB_DIR.parents[2])}/README.md; β chosen on the tuning half as the best precision",
        f"reaching token recall {args.target_recall:g}.",
        "",
        *lines,
        "",
        "## Reporting half (63 documents)",
        "",
        "| system | stage | β | w | token P | token R | token F1 | mention R | tokens kept |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for label, _, reported in best_rows:
        for row in reported:
            out.append(_row(label, row.stage, row.beta, row.w, row.scores))
    for name, file in BASELINES.items():
        scores = evaluate(report, gold, load_system_spans(TAB_DIR / "baselines" / f"{file}.json"))
        out.append(_row(name, "—", "—", None, scores))

    out += [
        "",
        "## Bars",
        "",
        "Each configuration is judged by the setting chosen on the tuning half (stage, β, w), "
        "scored on the reporting half:",
        "",
    ]
    judged = []
    for label, chosen, reported in best_rows:
        row = next(r for r in reported if r.stage == chosen.stage and r.w == chosen.w)
        met = row.scores.token_recall >= 0.90 and row.scores.token_precision >= 0.60
        judged.append((met, row.scores.token_f1, label, row))
        setting = f"{row.stage}, β {row.beta}" + (f", w {row.w:g}" if row.w is not None else "")
        out.append(
            f"- {label} ({setting}): P {row.scores.token_precision:.3f}, R {row.scores.token_recall:.3f} — "
            f"recall ≥ 0.90 with precision ≥ 0.60 **{'met' if met else 'not met'}**."
        )
    for label, _, reported in best_rows:
        s1 = next(r for r in reported if r.stage == "S1")
        higher = [
            r.w for r in reported if r.stage == "S1+S2" and r.w < 1 and r.scores.token_recall > s1.scores.token_recall
        ]
        below_one = [r.w for r in reported if r.stage == "S1+S2" and r.w < 1]
        out.append(
            f"- {label}: S1+S2 recall > S1 recall at {len(higher)} of {len(below_one)} values of w < 1 "
            f"({', '.join(f'{w:g}' for w in higher) or 'none'})."
        )
    for _met, _, label, row in sorted(judged, key=lambda j: (j[0], j[1]), reverse=True)[:1] + [
        j for j in judged if j[2] == "embedded default"
    ]:
        out += [
            "",
            f"## Recall by gold entity type: {label} ({row.stage}, β {row.beta}"
            + (f", w {row.w:g}" if row.w is not None else "")
            + "), reporting half",
            "",
            "| type | token recall |",
            "|---|---|",
        ]
        out += [f"| {t} | {r:.3f} |" for t, r in row.scores.recall_by_type.items()]
    out += [
        "",
        "## What is missed, and why",
        "",
        '- DEM in TAB is demographic attributes: professions, family relations, ages ("teacher", '
        '"sister", "taxi driver"). They are generic noun phrases, so `--kinds` without '
        "`noun_phrase` cannot remove them, and with all kinds their IC is low, since they are common words.",
        '- QUANTITY misses are numbers in words ("fifteen", "thirteen hearings"), common enough '
        'to stay below β, and words around amounts that the experts included ("approximately").',
        '- MISC misses are legal and social concepts written as common noun phrases ("widows\' benefits", '
        '"social security", "separatist propaganda"): not identifier kinds, and common words.',
        "- With all kinds, precision is lost on informative noun phrases that the experts did not mask "
        "(legal vocabulary is rare in a general corpus); limiting the candidates to identifier kinds "
        "raises precision from about 0.43-0.51 to about 0.69 at the same recall.",
        "(From the missed spans of the first 40 reporting documents, looked at in this session.)",
    ]
    args.output.write_text("\n".join(out) + "\n", encoding="utf-8")
    print("\n".join(out))


if __name__ == "__main__":
    main()
