"""The collection without a subject map: how much it helps an attacker (issue 52).

    python benchmarks/collection_risk.py [--parts 8] [--split tune]

A run over many documents keeps a term decided by IC when enough of the collection's
subjects hold it (collection.py). Without a subject map the engine cannot tell one person's
many documents from many persons' documents, so it asks more: a term must be held by
max(k, 5%) of the documents. This script measures what that rule protects against, with
the project's re-identification attack (evaluation/attack.py: TF-IDF, nearest neighbour)
and TAB's public background files.

Each TAB judgment of the split (TAB documents 1-64 by default: rules are chosen there) is
cut at paragraph breaks into ``--parts`` documents of the same person, so that one person
has many documents, as one patient has many notes. The parts are sanitized under the
default policy with its collection read for judgments too (the shipped policy reads none
there), four ways:

- alone: each part decided alone, no collection;
- mapped: one collection, the subject map given (each judgment's parts, one subject);
- unmapped: one collection, no subject map (the engine's rule: max(k, 5%) documents);
- naive: one collection in which each document is taken for a different person with the
  plain k, the risk the rule guards against.

Each person's parts, as published (masked spans removed), are joined again and attacked;
printed: TRIR top-1 with its 95% interval, words kept, and the terms the collection kept.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import TAB_DIR, load_tab, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer, Settings  # noqa: E402
from ic_sanitizer.collection import DEFAULT_K, CollectionCounts  # noqa: E402
from ic_sanitizer.evaluation.privacy import PrivacyMeasure  # noqa: E402
from ic_sanitizer.policy import policy_from_dict, policy_of, policy_to_dict  # noqa: E402
from ic_sanitizer.stages import Reason  # noqa: E402

_PARAGRAPH = re.compile(r"\n+")


def parts_of(text: str, parts: int) -> list[tuple[int, str]]:
    """``text`` cut at paragraph breaks into ``parts`` pieces of about equal length, with
    each piece's offset."""
    breaks = [m.end() for m in _PARAGRAPH.finditer(text)]
    cuts = [0]
    for part in range(1, parts):
        wanted = len(text) * part // parts
        after = [b for b in breaks if b > cuts[-1] and b >= wanted]
        if after:
            cuts.append(after[0])
    cuts.append(len(text))
    return [(start, text[start:end]) for start, end in zip(cuts, cuts[1:]) if end > start]


def judgment_collection_policy():
    """The default policy, reading the collection in judgments too."""
    data = policy_to_dict(policy_of(Settings()))
    for part in data.get("genres", {}).values():
        part["collection"] = True
    return policy_from_dict(data, "the default with a collection in judgments")


def run(sanitizer: Sanitizer, pieces: list[tuple[str, int, str]], how: str) -> tuple[dict, int]:
    """Masked spans per person, and the terms the collection kept."""
    texts = [text for _, _, text in pieces]
    if how == "alone":
        results = [sanitizer.sanitize(text) for text in texts]
    elif how == "mapped":
        results = sanitizer.sanitize_many(texts, subjects=[person for person, _, _ in pieces])
    elif how == "unmapped":
        results = sanitizer.sanitize_many(texts)
    else:  # naive: every document a subject of its own, under the plain k
        counts = CollectionCounts(mapped=True, k=DEFAULT_K)
        for number, text in enumerate(texts):
            counts.add(text, number)
        results = sanitizer.sanitize_many(texts, collection=counts.collection())
    spans: dict[str, list[tuple[int, int]]] = {}
    kept = 0
    for (person, offset, _), result in zip(pieces, results):
        spans.setdefault(person, []).extend((offset + r.start, offset + r.end) for r in result.replacements)
        kept += sum(term.reason is Reason.COLLECTION for term in result.terms)
    return spans, kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", type=int, default=8, help="documents each judgment is cut into")
    parser.add_argument("--split", default="tune", choices=["tune", "report", "all"])
    args = parser.parse_args()
    texts = split_tab(load_tab()[0], args.split)
    pieces = [(doc_id, offset, part) for doc_id, text in texts.items() for offset, part in parts_of(text, args.parts)]
    print(f"{len(texts)} TAB judgments ({args.split}) cut into {len(pieces)} documents ({args.parts} a person)")
    policy = judgment_collection_policy()
    with Sanitizer(Settings(policy=policy)) as sanitizer:
        runs = {}
        for how in ("alone", "mapped", "unmapped", "naive"):
            started = time.perf_counter()
            runs[how] = run(sanitizer, pieces, how)
            print(f"  {how}: sanitized in {time.perf_counter() - started:.1f} s")
        for background in ("public50", "public10"):
            people = json.loads((TAB_DIR / "bk" / f"{background}.json").read_text(encoding="utf-8"))
            measure = PrivacyMeasure(people, sanitizer, texts)
            print(f"\n{background}:\n| run | TRIR top-1 (95% CI) | words kept | terms kept by the collection |")
            print("|---|---|---|---|")
            for how, (spans, kept) in runs.items():
                point = measure.measure(how, spans)
                low, high = point.attack.top1_interval
                print(
                    f"| {how} | {point.attack.top1:.3f} ({low:.3f}-{high:.3f}) | {point.kept.words_kept:.3f} | {kept} |"
                )


if __name__ == "__main__":
    main()
