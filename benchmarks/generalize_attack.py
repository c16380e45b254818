"""Generalize against tag mode, attacked on the text as published (issue 53).

    python benchmarks/generalize_attack.py [--split tune] [--runs 3]

TAB's judgments of the split (1-64 by default: the generalizations were written looking at
those only) are sanitized by the default policy in tag mode and in generalize mode, the
same β. Each output is attacked as it is published (placeholders and generalizations in
it: evaluation/attack.py, TF-IDF with a nearest neighbour, fitted on each public
background file), so a generalization that helps the attacker shows. Printed: TRIR top-1
with its 95% interval per background; information kept, where a generalized mention keeps
its generalization's IC (at most its own) and a tagged one none (evaluation/information.py);
words kept (the same in both modes: the same spans are replaced); the replaced spans that
read as a generalization; and the wall time of each mode (median of ``--runs``,
alternating, warm count cache).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import TAB_DIR, load_tab, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer, Settings  # noqa: E402
from ic_sanitizer.evaluation.attack import LinkageAttack  # noqa: E402
from ic_sanitizer.evaluation.information import InformationMeasure  # noqa: E402
from ic_sanitizer.evaluation.system import from_results  # noqa: E402


def sanitized(texts: dict[str, str], mode: str) -> tuple[list, float]:
    """Each text's result in ``mode``, and the run's seconds."""
    started = time.perf_counter()
    with Sanitizer(Settings(mode=mode)) as sanitizer:
        results = list(sanitizer.sanitize_many(list(texts.values())))
    return results, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="tune", choices=["tune", "report", "all"])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    texts = split_tab(load_tab()[0], args.split)
    times: dict[str, list[float]] = {"tag": [], "generalize": []}
    outputs: dict[str, list] = {}
    for _ in range(args.runs):
        for mode in times:
            outputs[mode], seconds = sanitized(texts, mode)
            times[mode].append(seconds)
    ids = list(texts)
    with Sanitizer() as sanitizer:
        information = InformationMeasure(sanitizer, texts)
    print(f"{len(texts)} TAB judgments ({args.split}), default policy")
    for background in ("public50", "public10"):
        people = json.loads((TAB_DIR / "bk" / f"{background}.json").read_text(encoding="utf-8"))
        attack = LinkageAttack(people)
        print(f"\n{background}:")
        print("| mode | TRIR top-1 (95% CI) | information kept | words kept | spans generalized | seconds (median) |")
        print("|---|---|---|---|---|---|")
        for mode, results in outputs.items():
            linked = attack.link({doc_id: result.text for doc_id, result in zip(ids, results)})
            output = from_results(dict(zip(ids, results)))
            replaced, generalized = (sum(map(len, spans.values())) for spans in (output.spans, output.credits))
            kept = information.kept(output.spans, output.credits)
            low, high = linked.top1_interval
            print(
                f"| {mode} | {linked.top1:.3f} ({low:.3f}-{high:.3f}) | {kept.information_kept:.3f} "
                f"| {kept.words_kept:.3f} | {generalized} of {replaced} | {statistics.median(times[mode]):.1f} |"
            )
    ratio = statistics.median(times["generalize"]) / statistics.median(times["tag"])
    print(f"\ngeneralize / tag time: {ratio:.2f}")


if __name__ == "__main__":
    main()
