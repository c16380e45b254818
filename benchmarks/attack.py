"""The re-identification attack on TAB test: calibration against TAE, and the sanitizer's
default configuration, with both background files.

    python benchmarks/attack.py              # all 127 documents (README, "Re-identification attack")
    python benchmarks/attack.py --variants   # the design grid on documents 1-64: how the attack was chosen
    python benchmarks/attack.py --sanitizer-options "--kinds code,date,number,name"   # another configuration

For each background file (bk/public50.json, bk/public10.json): TRIR top-1 and top-5 with
95% Wilson intervals, words kept and information kept, of the original texts, the three
baselines, the experts' masks (gold_manual_masks.json), and the current default
configuration, run as `sanitizer eval --attack BK.json` with no sanitizer option (so this
one command re-measures whatever the default is); then the calibration against TAE's
published TRIRs, the default-against-experts bar, which kinds of clear words the attack
relies on (shares only: the words themselves stay in a temporary file), the experts' masks
with the default's added (does masking more lower this attack's TRIR?), and wall times.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import TAB_DIR, load_tab, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.evaluation.attack import DEFAULT_DESIGN, AttackDesign, LinkageAttack, suppressed_texts  # noqa: E402
from ic_sanitizer.evaluation.privacy import PrivacyMeasure  # noqa: E402

#: TAE's published TRIR on TAB test (DistilBERT attack, background knowledge anonymized too)
TAE_TRIR = {"spaCy NER": 0.465, "Stanford NER 7-class": 0.433, "Presidio": 0.394, "experts": 0.299}
SYSTEM_FILES = {
    "spaCy NER": "baselines/spacy_ner.json",
    "Stanford NER 7-class": "baselines/stanford_ner_7class.json",
    "Presidio": "baselines/presidio.json",
    "experts": "gold_manual_masks.json",
}
BACKGROUNDS = ["public50", "public10"]
SANITIZER = "sanitizer"


def load_systems() -> dict[str, dict]:
    systems = {"original": {}}
    for name, file in SYSTEM_FILES.items():
        data = json.loads((TAB_DIR / file).read_text(encoding="utf-8"))
        systems[name] = {doc_id: [(int(s[0]), int(s[1])) for s in spans] for doc_id, spans in data.items()}
    return systems


def load_background(name: str) -> dict[str, str]:
    return json.loads((TAB_DIR / "bk" / f"{name}.json").read_text(encoding="utf-8"))


def calibration(results: dict) -> tuple[bool, list[str], int, int]:
    """Originals first?; per TAE pair: as TAE, a tie within CIs, or reversed beyond them."""
    original_first = all(results["original"]["top1"] > results[s]["top1"] for s in TAE_TRIR)
    lines, in_order, reversed_beyond = [], 0, 0
    for a, b in itertools.combinations(sorted(TAE_TRIR, key=TAE_TRIR.get, reverse=True), 2):
        ra, rb = results[a], results[b]
        if ra["top1"] >= rb["top1"]:
            verdict, in_order = "as TAE", in_order + 1
        elif ra["ci"][1] >= rb["ci"][0]:
            verdict = "reversed, within CIs"
        else:
            verdict, reversed_beyond = "REVERSED beyond CIs", reversed_beyond + 1
        lines.append(
            f"  {a} > {b} (TAE {TAE_TRIR[a]:.3f} > {TAE_TRIR[b]:.3f}): {ra['top1']:.3f} vs {rb['top1']:.3f}, {verdict}"
        )
    return original_first, lines, in_order, reversed_beyond


def feature_kinds(features: dict, texts: dict[str, str]) -> dict[str, float]:
    """Shares of the top features' weight (documents linked right) by shape: numbers, dates
    and codes (a digit); names (written capitalized, never lower case, in the document);
    function words only (scikit-learn's English stop words); the case's lower-case vocabulary."""
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    weights = {
        "numbers, dates, codes": 0.0,
        "names (capitalized)": 0.0,
        "function words": 0.0,
        "lower-case vocabulary": 0.0,
    }
    for doc_id, entry in features.items():
        if entry["rank_of_own_person"] != 1:
            continue
        words = set(re.findall(r"\w+", texts[doc_id]))
        for feature, weight in entry["top_features"]:
            tokens = feature.split()
            if any(ch.isdigit() for ch in feature):
                kind = "numbers, dates, codes"
            elif all(t.capitalize() in words and t not in words for t in tokens):
                kind = "names (capitalized)"
            elif all(t in ENGLISH_STOP_WORDS for t in tokens):
                kind = "function words"
            else:
                kind = "lower-case vocabulary"
            weights[kind] += weight
    total = sum(weights.values()) or 1.0
    return {k: v / total for k, v in weights.items()}


def run_default(background: str, texts_path: Path, features: Path, options: list[str]) -> tuple[dict, float]:
    """`sanitizer eval --attack` with the default configuration (or ``options``), as a fresh
    process (warm count cache)."""
    command = [
        sys.executable,
        "-m",
        "ic_sanitizer",
        "eval",
        "--gold",
        str(TAB_DIR / "gold_manual_masks.json"),
        "--texts",
        str(texts_path),
        "--attack",
        str(TAB_DIR / "bk" / f"{background}.json"),
        "--attack-features",
        str(features),
        "--json",
        *options,
    ]
    started = time.perf_counter()
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    elapsed = time.perf_counter() - started
    payload = json.loads(output)
    return payload, elapsed


def _row(name: str, top1: float, ci: tuple, top5: float, ci5: tuple, words: float, information: float) -> str:
    return (
        f"| {name} | {top1:.3f} ({ci[0]:.3f}-{ci[1]:.3f}) | {top5:.3f} ({ci5[0]:.3f}-{ci5[1]:.3f}) "
        f"| {words:.3f} | {information:.3f} |"
    )


def main_table(split: str, options: list[str]) -> None:
    texts, _ = load_tab()
    texts = split_tab(texts, split)
    systems = load_systems()
    with tempfile.TemporaryDirectory() as folder:
        texts_path = Path(folder) / "texts.json"
        texts_path.write_text(json.dumps(texts), encoding="utf-8")
        for background_name in BACKGROUNDS:
            background = load_background(background_name)
            started = time.perf_counter()
            with Sanitizer() as sanitizer:
                measure = PrivacyMeasure(background, sanitizer, texts)
            setup = time.perf_counter() - started
            started = time.perf_counter()
            results, features = {}, {}
            print(
                f"\n{background_name}: {len(texts)} documents ({split}), {len(background)} people, "
                f"attack: {measure.attack.design.describe()}"
            )
            print("| system | TRIR top-1 (95% CI) | TRIR top-5 (95% CI) | words kept | information kept |")
            print("|---|---|---|---|---|")
            for name, spans in systems.items():
                point = measure.measure(name, spans)
                a = point.attack
                results[name] = {"top1": a.top1, "ci": a.top1_interval, "words": point.kept.words_kept}
                print(
                    _row(
                        name,
                        a.top1,
                        a.top1_interval,
                        a.top5,
                        a.top5_interval,
                        point.kept.words_kept,
                        point.kept.information_kept,
                    )
                )
                features[name] = measure.attack.explain(suppressed_texts(texts, spans))
            attack_time = time.perf_counter() - started
            payload, default_time = run_default(background_name, texts_path, Path(folder) / "features.json", options)
            a = payload["attack"]
            results[SANITIZER] = {"top1": a["trir_top1"], "ci": a["trir_top1_ci95"], "words": a["words_kept"]}
            print(
                _row(
                    f"sanitizer {shlex.join(options) if options else 'default'}: {payload['system']}",
                    a["trir_top1"],
                    a["trir_top1_ci95"],
                    a["trir_top5"],
                    a["trir_top5_ci95"],
                    a["words_kept"],
                    a["information_kept"],
                )
            )
            features[SANITIZER] = json.loads((Path(folder) / "features.json").read_text(encoding="utf-8"))["documents"]
            report(results, features, texts)
            if not options:
                more_than_experts(measure, texts, systems["experts"], results["experts"])
            print(
                f"wall time: attack fitted and information measure built {setup:.1f} s (extraction of "
                f"{len(texts)} documents and counts); {len(systems)} maskings attacked and measured {attack_time:.1f} s; "
                f"`sanitizer eval --attack` end to end (sanitizing included) {default_time:.1f} s"
            )


def report(results: dict, features: dict, texts: dict[str, str]) -> None:
    original_first, lines, in_order, reversed_beyond = calibration(results)
    print(
        f"calibration: original texts ranked most re-identifiable: {'yes' if original_first else 'NO'}; "
        f"TAE's pairs in TAE's order {in_order}/6, reversed beyond 95% CIs {reversed_beyond}/6"
    )
    print("\n".join(lines))
    ours, experts = results[SANITIZER], results["experts"]
    print(
        f"bar, sanitizer TRIR <= experts': {ours['top1']:.3f} vs {experts['top1']:.3f} "
        f"({'met' if ours['top1'] <= experts['top1'] else 'NOT met, by %.3f' % (ours['top1'] - experts['top1'])})"
    )
    floor = experts["words"] - 0.03  # issue 29's bar (an earlier issue allowed 5 points)
    print(
        f"bar, sanitizer words kept >= experts' - 3 points: {ours['words']:.3f} vs {floor:.3f} "
        f"({'met' if ours['words'] >= floor else 'NOT met, by %.3f' % (floor - ours['words'])})"
    )
    for name in (SANITIZER, "experts"):
        shares = feature_kinds(features[name], texts)
        print(
            f"what the attack relies on ({name}; top-10 features of documents linked right, share of weight): "
            + ", ".join(f"{k} {v:.2f}" for k, v in shares.items())
        )


def more_than_experts(measure: PrivacyMeasure, texts: dict[str, str], experts: dict, experts_result: dict) -> None:
    """The experts' masks with the default's added: does masking more than the experts
    lower this attack's TRIR, or raise it (the default's extra masks take away words that
    blur the match between a judgment and its own case)?"""
    with Sanitizer() as sanitizer:
        ours = {
            doc_id: [(r.start, r.end) for r in sanitizer.sanitize(text).replacements] for doc_id, text in texts.items()
        }
    union = {doc_id: ours[doc_id] + experts.get(doc_id, []) for doc_id in texts}
    point = measure.measure("experts + default", union)
    print(
        f"experts' masks with the default's added: TRIR {point.attack.top1:.3f} at words kept "
        f"{point.kept.words_kept:.3f} (experts alone {experts_result['top1']:.3f} at {experts_result['words']:.3f})"
    )


VARIANTS = [
    AttackDesign(word_ngrams=w, char_ngrams=c, binary=b)
    for w, c in [((1, 1), None), ((1, 2), None), ((1, 3), None), (None, (3, 5)), (None, (4, 6)), ((1, 2), (3, 5))]
    for b in (False, True)
]
VARIANTS += [
    AttackDesign(model="linear", chunk_words=size, word_ngrams=(1, 2), char_ngrams=c)
    for size in (60, 200)
    for c in (None, (3, 5))
]


def variants() -> None:
    """Every design on documents 1-64 with both background files; the chosen one is first by
    (original first with both files, no TAE pair reversed beyond CIs, most pairs in TAE's order,
    then the highest TRIR on the experts' masks: the stronger attacker)."""
    texts, _ = load_tab()
    texts = split_tab(texts, "tune")
    systems = load_systems()
    sanitized = {name: suppressed_texts(texts, spans) for name, spans in systems.items()}
    backgrounds = {name: load_background(name) for name in BACKGROUNDS}
    print(
        "documents 1-64 (tune), 127 people; TRIR top-1 per background file: "
        "original / spaCy / Stanford / Presidio / experts; pairs in TAE's order; fit+link time"
    )
    ranking = []
    for design in VARIANTS:
        keys, cells = [0, 0, 0, 0.0], []
        for name, background in backgrounds.items():
            started = time.perf_counter()
            attack = LinkageAttack(background, design)
            results = {}
            for system, docs in sanitized.items():
                a = attack.link(docs)
                results[system] = {"top1": a.top1, "ci": a.top1_interval}
            first, _, in_order, reversed_beyond = calibration(results)
            keys = [
                keys[0] + first,
                keys[1] - reversed_beyond,
                keys[2] + in_order,
                keys[3] + results["experts"]["top1"],
            ]
            cells.append(
                f"{name}: "
                + " / ".join(f"{results[s]['top1']:.3f}" for s in systems)
                + f"; {in_order}/6 ({time.perf_counter() - started:.0f} s)"
            )
        ranking.append((tuple(keys), design))
        print(f"{design.describe():<62} " + " | ".join(cells), flush=True)
    best = max(ranking, key=lambda item: item[0])[1]
    print(
        f"chosen by the criterion: {best.describe()}; the package default: {DEFAULT_DESIGN.describe()}"
        f" ({'the same' if best == DEFAULT_DESIGN else 'DIFFERENT'})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", action="store_true", help="the design grid on documents 1-64")
    parser.add_argument("--split", choices=["tune", "report", "all"], default="all")
    parser.add_argument("--sanitizer-options", default="", help="options of `sanitizer eval` for the sanitizer's row")
    args = parser.parse_args()
    if args.variants:
        variants()
    else:
        main_table(args.split, shlex.split(args.sanitizer_options))


if __name__ == "__main__":
    main()
