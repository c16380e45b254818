"""Issue 12 on TAB: S2's measure of relatedness chosen by measurement, and S3 (k-anonymity).

    python benchmarks/relationships.py [--terms-cache /tmp/tab-terms.pickle] [--part s2|s3|both]

Part s2: S2 under each measure (the paper's PMI; PMI with at least 2 or 3 co-occurrences;
NPMI; PMI's 95% lower bound) at w in {0.2, 0.4, 0.6, 0.8}, with the paper policy and the
default policy with S2 on, S2 counting in the embedded starter index. Per setting: token
P/R of S1 and S1+S2, S2's precision (the share of the words S2 removes that an expert
masks) and its removals. A measure is chosen on documents 1-64 (S2 precision ≥ 0.5 and a
recall gain at every w < 1 under both policies; among those, the largest mean gain) and
every figure is shown for 1-64 (tuning) and 65-127 (reporting).

Part s3: with the cross-fitted local archive index (TAB's other half plus the starter
summaries, as in tab_experiment.py) for S2's and S3's counts and IC from wordfreq (the
default policy's scale), the default policy with S2 on (the chosen measure, w 0.6):
S1, S1+S2, S1+S2+S3 (k in 2, 5, 10) on the reporting half: token P/R, words kept, S2's
removals and their precision (the share an expert masks) with these archive counts, TRIR
under the attack of benchmarks/attack.py (public50 background knowledge, 127 people,
the 63 reporting documents attacked), S3's share of end-to-end time, its queries; and
how many gold words S1 leaves in candidate terms in clear (``clear_residue``: the most
that a stage removing candidate terms can add).
"""

from __future__ import annotations

import argparse
import pickle
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import TAB_DIR, load_tab, load_tab_gold, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.corpus_stats.backends.starter import starter_texts  # noqa: E402
from ic_sanitizer.corpus_stats.building.corpus_build import build_index_from  # noqa: E402
from ic_sanitizer.corpus_stats.building.sources import SourceTally  # noqa: E402
from ic_sanitizer.evaluation import evaluate  # noqa: E402
from ic_sanitizer.evaluation.scores import Mask  # noqa: E402
from ic_sanitizer.evaluation.system import from_results  # noqa: E402
from ic_sanitizer.extraction.candidates import group_into_terms  # noqa: E402
from ic_sanitizer.policy import DEFAULT_S3_KINDS, Policy, load_policy  # noqa: E402
from ic_sanitizer.scoring import Relatedness  # noqa: E402
from ic_sanitizer.spans import WORD  # noqa: E402
from ic_sanitizer.stages import Decision  # noqa: E402
from ic_sanitizer.terms import TermKind  # noqa: E402

WS = [0.2, 0.4, 0.6, 0.8]
#: (label, measure, minimum co-occurrence count)
MEASURES = [
    ("pmi (paper)", Relatedness.PMI, 1),
    ("pmi, ≥2 co-occurrences", Relatedness.PMI, 2),
    ("pmi, ≥3 co-occurrences", Relatedness.PMI, 3),
    ("npmi", Relatedness.NPMI, 1),
    ("pmi-lower-bound", Relatedness.PMI_LOWER_BOUND, 1),
]
HALVES = {"1-64": "tune", "65-127": "report"}


def extracted_terms(texts: dict[str, str], cache: Path | None) -> tuple[dict, float]:
    """Candidate terms of every document (extracted once; the slow part), and the seconds it took."""
    if cache is not None and cache.exists():
        return pickle.loads(cache.read_bytes())
    started = time.perf_counter()
    with Sanitizer("wordfreq", use_cache=False) as sanitizer:
        ids = sorted(texts)
        spans = sanitizer.extract([texts[i] for i in ids])
    terms = {i: group_into_terms(texts[i], s) for i, s in zip(ids, spans)}
    found = (terms, time.perf_counter() - started)
    if cache is not None:
        cache.write_bytes(pickle.dumps(found))
    return found


def decide(sanitizer: Sanitizer, texts, terms, ids, **options) -> tuple[dict, float]:
    started = time.perf_counter()
    results = {i: sanitizer.decide_terms(texts[i], terms[i], **options) for i in ids}
    return results, time.perf_counter() - started


def s2_words(texts, gold, results) -> tuple[int, int]:
    """(words S2 removes, of which an expert masks)."""
    removed = masked = 0
    for doc_id, result in results.items():
        mask = _gold_mask(gold, doc_id)
        for term in result.terms:
            if term.decision is not Decision.RELATED:
                continue
            for mention in term.term.mentions:
                for word in WORD.finditer(texts[doc_id], mention.start, mention.end):
                    removed += 1
                    masked += mask.covers(word.start(), word.end())
    return removed, masked


def clear_residue(texts, gold, results) -> tuple[int, int, dict[str, int]]:
    """What S2 and S3 could still find after S1: (gold words, words of candidate terms left
    in clear, gold words among those by kind). A stage that removes only candidate terms
    adds at most (gold words in clear candidates) / (gold words) to the recall."""
    gold_words = clear_words = 0
    gold_in_clear: dict[str, int] = {}
    for doc_id, result in results.items():
        mask = _gold_mask(gold, doc_id)
        gold_words += sum(mask.covers(w.start(), w.end()) for w in WORD.finditer(texts[doc_id]))
        replaced = Mask((r.start, r.end) for r in result.replacements)
        for term in result.terms:
            if term.removed:
                continue
            for mention in term.term.mentions:
                for word in WORD.finditer(texts[doc_id], mention.start, mention.end):
                    if replaced.covers(word.start(), word.end()):
                        continue
                    clear_words += 1
                    if mask.covers(word.start(), word.end()):
                        kind = term.term.kind.value
                        gold_in_clear[kind] = gold_in_clear.get(kind, 0) + 1
    return gold_words, clear_words, gold_in_clear


def _gold_mask(gold, doc_id) -> Mask:
    return Mask(s for spans in gold.spans.get(doc_id, {}).values() for s in ((g.start, g.end) for g in spans))


def scores(texts, gold, results, ids):
    chosen = {i: results[i] for i in ids}
    output = from_results(chosen)
    return evaluate({i: texts[i] for i in ids}, gold, output.spans, output.terms)


def _with_policy(base: Sanitizer, policy: Policy, **changes) -> Sanitizer:
    """Another policy at ``base``'s β and β_S2, on base's open resources."""
    t = base.thresholds
    asked = replace(
        base.settings, policy=policy, beta=t.beta, beta_s2=t.beta_s2 if base.s2_has_own_corpus else None, **changes
    )
    return Sanitizer(asked, resources=base.resources)


def part_s2(texts, gold, terms) -> Relatedness | None:
    halves = {name: sorted(split_tab(texts, split)) for name, split in HALVES.items()}
    default_s2 = replace(load_policy("default"), s2=True, name="default+S2")
    table, verdicts = [], {}
    for policy in (load_policy("paper"), default_s2):
        with Sanitizer("wordfreq", policy=policy) as base:
            s1, _ = decide(base, texts, terms, sorted(texts), run_s2=False)
            s1_scores = {h: scores(texts, gold, s1, ids) for h, ids in halves.items()}
            for label, measure, min_count in MEASURES:
                tuned = replace(policy, relatedness=measure, min_cooccurrence=min_count)
                for w in WS:
                    sanitizer = _with_policy(base, tuned, w=w)
                    results, _ = decide(sanitizer, texts, terms, sorted(texts))
                    for half, ids in halves.items():
                        s = scores(texts, gold, results, ids)
                        removed, masked = s2_words(texts, gold, {i: results[i] for i in ids})
                        precision = masked / removed if removed else float("nan")
                        gain = s.token_recall - s1_scores[half].token_recall
                        table.append(
                            (
                                half,
                                policy.name,
                                label,
                                w,
                                sanitizer.thresholds.tau,
                                s1_scores[half],
                                s,
                                precision,
                                removed,
                            )
                        )
                        if half == "1-64":
                            verdicts.setdefault(label, []).append((precision >= 0.5 and gain > 0, gain))
    print("| half | policy | measure | w | τ | S1 P | S1 R | S1+S2 P | S1+S2 R | S2 words | S2 precision |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for half, policy, label, w, tau, s1, s, precision, removed in table:
        print(
            f"| {half} | {policy} | {label} | {w:g} | {tau:.2f} | {s1.token_precision:.3f} | {s1.token_recall:.3f} "
            f"| {s.token_precision:.3f} | {s.token_recall:.3f} | {removed} | {precision:.3f} |"
        )
    passing = {label: sum(g for _, g in v) / len(v) for label, v in verdicts.items() if all(ok for ok, _ in v)}
    print(f"\nmeasures meeting both bars at every w < 1 under both policies on 1-64: {passing or 'none'}")
    if not passing:
        return None
    best = max(passing, key=passing.get)
    print(f"chosen on 1-64: {best}")
    return next(m for label, m, _ in MEASURES if label == best)


def _local_index(texts: dict[str, str], folder: Path) -> Path:
    build_index_from(
        [
            (SourceTally("TAB half", "json"), list(texts.values())),
            (SourceTally("starter", "wikipedia summaries"), starter_texts()),
        ],
        folder,
    )
    return folder


def part_s3(texts, gold, terms, extraction_seconds: float, measure: Relatedness) -> None:
    from ic_sanitizer.evaluation.privacy import PrivacyMeasure, load_background

    report = split_tab(texts, "report")
    ids = sorted(report)
    background = load_background(TAB_DIR / "bk" / "public50.json")
    policy = replace(load_policy("default"), s2=True, relatedness=measure, name="default+S2")
    with tempfile.TemporaryDirectory() as work:
        index = _local_index(split_tab(texts, "tune"), Path(work) / "index-1-64")
        with Sanitizer("wordfreq", policy=policy, s2_backend=f"local:{index}", use_cache=False) as base:
            attack = PrivacyMeasure(background, base, report)
            rows = [("S1", base, {"run_s2": False, "run_s3": False}), ("S1+S2", base, {"run_s3": False})]
            # S1+S2 twice: the second, with S2's counts warm, is the baseline S3's time is measured against.
            rows += [("S1+S2 (again, warm)", base, {"run_s3": False})]
            rows += [(f"S1+S2+S3, k {k}", _with_policy(base, replace(policy, s3=True, s3_k=k)), {}) for k in (2, 5, 10)]
            with_phrases = replace(policy, s3=True, s3_k=5, s3_kinds=DEFAULT_S3_KINDS | {TermKind.NOUN_PHRASE})
            rows += [("S1+S2+S3, k 5, noun phrases too", _with_policy(base, with_phrases), {})]
            print(
                f"\nS3, reporting half (65-127), S2/S3 counts in a local index of 1-64 + starter; "
                f"extraction of 127 documents took {extraction_seconds:.0f} s "
                f"({extraction_seconds * len(ids) / len(texts):.1f} s for these {len(ids)})"
            )
            print(
                "| stages | token P | token R | words kept | TRIR top-1 (95% CI) | decide s | S3 share of end-to-end "
                "| S3 masked | S3 conjunctions asked / greedy loop | S2 words | S2 precision |"
            )
            print("|---|---|---|---|---|---|---|---|---|---|---|")
            baseline_seconds = None
            for label, sanitizer, options in rows:
                results, seconds = decide(sanitizer, texts, terms, ids, **options)
                if label.startswith("S1+S2") and "S3" not in label:
                    baseline_seconds = seconds
                s = scores(texts, gold, results, ids)
                point = attack.measure(label, from_results(results).spans)
                low, high = point.attack.top1_interval
                end_to_end = extraction_seconds * len(ids) / len(texts) + seconds
                share = (
                    (seconds - baseline_seconds) / end_to_end if baseline_seconds is not None and "S3" in label else 0.0
                )
                asked = sum(len(r.s3.probes) for r in results.values())
                naive = sum(r.s3.naive_queries for r in results.values())
                masked = sum(r.s3.masked for r in results.values())
                if label == "S1":
                    residue = clear_residue(texts, gold, results)
                related, related_masked = s2_words(texts, gold, results)
                related_precision = related_masked / related if related else float("nan")
                print(
                    f"| {label} | {s.token_precision:.3f} | {s.token_recall:.3f} | {s.tokens_kept:.3f} | "
                    f"{point.attack.top1:.3f} ({low:.3f}-{high:.3f}) | {seconds:.1f} | {share:.1%} | {masked} | "
                    f"{asked} / {naive} | {related} | {related_precision:.3f} |"
                )
            gold_words, clear_words, gold_in_clear = residue
            found = sum(gold_in_clear.values())
            print(
                f"\nAfter S1, candidate terms left in clear hold {found} of the {gold_words} gold words "
                f"({found / gold_words:.1%}; by kind: {gold_in_clear}) among {clear_words} words "
                f"({found / clear_words:.1%} of them gold): what any S2 or S3 that removes candidate terms "
                f"can still find."
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--terms-cache", type=Path, default=None)
    parser.add_argument("--part", choices=["s2", "s3", "both"], default="both")
    parser.add_argument(
        "--measure",
        choices=[r.value for r in Relatedness],
        default=None,
        help="S2's measure for part s3 (default: the one part s2 chooses, else npmi)",
    )
    args = parser.parse_args()
    texts, _ = load_tab()
    gold = load_tab_gold()
    terms, extraction_seconds = extracted_terms(texts, args.terms_cache)
    chosen = part_s2(texts, gold, terms) if args.part in ("s2", "both") else None
    if args.part in ("s3", "both"):
        measure = Relatedness(args.measure) if args.measure else (chosen or Relatedness.NPMI)
        part_s3(texts, gold, terms, extraction_seconds, measure)


if __name__ == "__main__":
    main()
