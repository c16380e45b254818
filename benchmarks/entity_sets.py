"""Score the default pipeline of a language on a set annotated with entity types, not masks.

    python benchmarks/entity_sets.py de [--limit N] [--show LABEL]   # LER dev, by tokens
    python benchmarks/entity_sets.py ja [--limit N] [--show LABEL]   # the shared Japanese set, by characters

These sets mark entities, not what a publisher masks, so the figures are per group of
labels: the share of each group's units masked (a unit is a whitespace token in LER, whose
texts are tokenized; a character in Japanese, which has no spaces), and the share of units
outside every entity masked (the words a reader loses for nothing).

- German, LER dev (../shared/data/ler): persons (PER, RR, AN) should be masked; public legal
  references (GS, VO, EUN, VS, VT, RS, LIT) should stay; places and firms are reported.
- Japanese (../shared/data/ja_wiki_ner): person names (人名) should be masked; the other
  types are reported.

The default policy of each language was not fitted on these sets. --show LABEL prints the
units of that label left in clear (or, for a kept group, masked), to read the errors.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.corpus_stats.files.safe_files import parse_json
from ic_sanitizer.evaluation.gold import load_texts
from ic_sanitizer.language import unsupported

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
#: set: (folder, split, unit pattern, {group: labels}, the groups that should be masked)
SETS = {
    "de": (
        "ler",
        "dev",
        r"\S*\w\S*",
        {
            "persons": ("PER", "RR", "AN"),
            "public references": ("GS", "VO", "EUN", "VS", "VT", "RS", "LIT"),
            "places": ("LD", "ST", "STR", "LDS"),
            "companies and organisations": ("UN", "ORG", "INN", "MRK"),
            "courts": ("GRT",),
        },
        ("persons",),
    ),
    "ja": (
        "ja_wiki_ner",
        "shared",
        r"\S",
        {
            "persons": ("人名",),
            "companies": ("法人名",),
            "organisations": ("政治的組織名", "その他の組織名"),
            "places": ("地名",),
            "facilities": ("施設名",),
            "products": ("製品名",),
            "events": ("イベント名",),
        },
        ("persons",),
    ),
}


def covered(spans, start: int, end: int) -> bool:
    return any(s < end and start < e for s, e in spans)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("language", choices=sorted(SETS))
    parser.add_argument("--limit", type=int, default=0, help="the first N texts only")
    parser.add_argument("--show", default="", help="print the errors of one label")
    parser.add_argument("--policy", default="default", help="a built-in policy's name or a policy file")
    parser.add_argument("--auto", action="store_true", help="language auto (each text detected) instead of the set's")
    args = parser.parse_args()
    folder, split, unit, groups, masked_groups = SETS[args.language]
    texts = load_texts(DATA / folder / f"{split}_texts.json")
    gold = parse_json((DATA / folder / f"{split}_gold.json").read_text(encoding="utf-8"))
    ids = list(texts)[: args.limit or None]
    if args.auto:  # a text told a language not supported is refused: leave it out, and say so
        refused = [i for i in ids if unsupported(texts[i]) is not None]
        ids = [i for i in ids if i not in set(refused)]
        print(f"language auto: {len(refused)} texts told a language not supported, left out: {', '.join(refused)}")
    started = time.perf_counter()
    asked = "auto" if args.auto else args.language
    with Sanitizer(Settings(language=asked, policy=args.policy, use_cache=False)) as sanitizer:
        results = list(sanitizer.sanitize_many([texts[i] for i in ids]))
    seconds = time.perf_counter() - started
    group_of = {label: group for group, labels in groups.items() for label in labels}
    counts = {group: [0, 0] for group in [*groups, "outside every entity"]}
    by_label: dict[str, list[int]] = {}
    for doc_id, result in zip(ids, results):
        text, masked = texts[doc_id], [(r.start, r.end) for r in result.replacements]
        entities = [(s, e, label) for s, e, label in gold.get(doc_id, [])]
        for match in re.finditer(unit, text):
            start, end = match.span()
            labels = [label for s, e, label in entities if s < end and start < e]
            hit = covered(masked, start, end)
            group = group_of.get(labels[0], "other") if labels else "outside every entity"
            counts.setdefault(group, [0, 0])
            counts[group][0] += hit
            counts[group][1] += 1
            for label in labels[:1]:
                tally = by_label.setdefault(label, [0, 0])
                tally[0] += hit
                tally[1] += 1
                wanted = group in masked_groups
                if args.show == label and hit != wanted:
                    print(
                        f"  {'clear ' if wanted else 'masked'} {doc_id}: {text[max(0, start - 40) : start]}"
                        f"[[{match.group()}]]{text[end : end + 30]}".replace("\n", " ")
                    )
    units = "tokens" if "*" in unit else "characters"
    characters = sum(len(texts[i]) for i in ids)
    print(f"{folder} {split}, {len(ids)} texts, language {asked}, policy {args.policy}: share of {units} masked")
    for group, (hit, total) in counts.items():
        aim = (
            "should be masked"
            if group in masked_groups
            else ("should stay" if group == "public references" or group == "outside every entity" else "reported")
        )
        print(f"  {group:<30} {hit / max(total, 1):.3f}  ({hit} of {total}; {aim})")
    print(
        "  by label: "
        + ", ".join(
            f"{label} {hit / total:.3f} of {total}"
            for label, (hit, total) in sorted(by_label.items(), key=lambda kv: -kv[1][1])
        )
    )
    print(f"  {characters / seconds:,.0f} characters/s ({seconds:.1f} s, one process, no cache)")


if __name__ == "__main__":
    sys.exit(main())
