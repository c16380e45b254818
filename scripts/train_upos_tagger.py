"""Train the universal part-of-speech tagger of a language on Universal Dependencies treebanks.

    python scripts/train_upos_tagger.py es ../shared/data/ud/es_gsd-ud-dev.conllu \
        --check ../shared/data/ud/es_gsd-ud-test.conllu        # measure on a split not trained on
    python scripts/train_upos_tagger.py es ../shared/data/ud/es_gsd-ud-{dev,test}.conllu --write

Averaged perceptron (Collins 2002) over ``upos_tagger.features``, greedy, 8 passes over the
sentences in a fixed shuffled order. A treebank's multi-word token ("del" = "de" + "el",
German "zum" = "zu" + "dem") is one surface word, tagged as its first part (ADP for both):
documents are tokenized as written. With --check, the accuracy on the other file is printed
(every token, and the words not seen in training) and the precision and recall of PROPN. With --write the model goes to
sanitizer/extraction/upos_models/LANG.json.gz; it is a derived work of the treebank, under
its licence (CC BY-SA 4.0 for the GSD treebanks), whose attribution sits beside it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sanitizer.extraction.upos_tagger import UposTagger, features, normalized  # noqa: E402

PASSES = 8
SCALE = 1000  # weights are written as integers: the averaged weight times SCALE, rounded
MIN_WEIGHT = 2  # smaller weights (in 1/SCALE) are dropped: they never change a decision measured here


def read_conllu(path: Path) -> list[tuple[list[str], list[str]]]:
    """(surface words, universal tags) per sentence; a multi-word token takes its first part's tag."""
    sentences, words, tags, skip_until = [], [], [], 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            if words:
                sentences.append((words, tags))
            words, tags, skip_until = [], [], 0
            continue
        if line.startswith("#"):
            continue
        cells = line.split("\t")
        if "-" in cells[0]:
            first, last = map(int, cells[0].split("-"))
            words.append(cells[1])
            tags.append("")  # the first part's tag, filled from the next line
            skip_until = last
            continue
        if "." in cells[0]:
            continue  # an empty node of the enhanced graph
        index = int(cells[0])
        if skip_until and index <= skip_until:
            if not tags[-1]:
                tags[-1] = cells[3]
            continue
        words.append(cells[1])
        tags.append(cells[3])
    if words:
        sentences.append((words, tags))
    return sentences


def make_tagdict(sentences, min_count: int = 20, min_share: float = 0.97) -> dict[str, str]:
    counts: dict[str, Counter] = defaultdict(Counter)
    for words, tags in sentences:
        for word, tag in zip(words, tags):
            counts[word][tag] += 1
    tagdict = {}
    for word, tag_counts in counts.items():
        tag, count = tag_counts.most_common(1)[0]
        total = sum(tag_counts.values())
        if total >= min_count and count / total >= min_share:
            tagdict[word] = tag
    return tagdict


def train(sentences, tagdict: dict[str, str]) -> dict:
    tags = sorted({tag for _, sentence_tags in sentences for tag in sentence_tags})
    weights: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    totals: dict[tuple[str, str], float] = defaultdict(float)
    stamps: dict[tuple[str, str], int] = defaultdict(int)
    step = 0
    model = UposTagger({"tags": tags, "weights": weights, "tagdict": tagdict})
    order = list(range(len(sentences)))
    random.Random(0).shuffle(order)
    for _ in range(PASSES):
        for index in order:
            words, gold = sentences[index]
            context = ["-START-", "-START2-", *(normalized(word) for word in words), "-END-", "-END2-"]
            prev, prev2 = "-START-", "-START2-"
            for i, word in enumerate(words):
                guess = tagdict.get(word)
                if guess is None:
                    feats = features(i, word, context, prev, prev2, i == 0)
                    guess = model.best(feats)
                    step += 1
                    if guess != gold[i]:
                        for feature in feats:
                            for tag, delta in ((gold[i], 1.0), (guess, -1.0)):
                                key = (feature, tag)
                                totals[key] += (step - stamps[key]) * weights[feature][tag]
                                stamps[key] = step
                                weights[feature][tag] += delta
                prev2, prev = prev, guess
    averaged: dict[str, dict[str, int]] = {}
    for feature, tag_weights in weights.items():
        for tag, weight in tag_weights.items():
            key = (feature, tag)
            total = totals[key] + (step - stamps[key]) * weight
            value = round(total / max(step, 1) * SCALE)
            if abs(value) >= MIN_WEIGHT:
                averaged.setdefault(feature, {})[tag] = value
    return {"tags": tags, "weights": averaged, "tagdict": tagdict}


def accuracy(model: dict, sentences, seen: set[str]) -> tuple[float, float, float, float]:
    """Accuracy on every word and on words not seen in training; precision and recall of PROPN,
    the tag the name rules read."""
    tagger = UposTagger(model)
    right = total = unseen_right = unseen = proper_right = proper_guessed = proper_gold = 0
    for words, gold in sentences:
        for word, guess, tag in zip(words, tagger.tag(words), gold):
            proper_guessed += guess == "PROPN"
            proper_gold += tag == "PROPN"
            proper_right += guess == tag == "PROPN"
            total += 1
            right += guess == tag
            if word not in seen:
                unseen += 1
                unseen_right += guess == tag
    return (
        right / total,
        unseen_right / max(unseen, 1),
        proper_right / max(proper_guessed, 1),
        proper_right / max(proper_gold, 1),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("language")
    parser.add_argument("treebanks", nargs="+", type=Path)
    parser.add_argument("--check", type=Path, help="a treebank not trained on, to measure accuracy")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    sentences = [sentence for path in args.treebanks for sentence in read_conllu(path)]
    model = train(sentences, make_tagdict(sentences))
    print(
        f"trained on {len(sentences)} sentences, {sum(len(w) for w, _ in sentences)} tokens; "
        f"{len(model['weights'])} features"
    )
    if args.check:
        seen = {word for words, _ in sentences for word in words}
        every, unseen, precision, recall = accuracy(model, read_conllu(args.check), seen)
        print(
            f"accuracy on {args.check.name}: {every:.4f} (words not seen in training: {unseen:.4f}); "
            f"PROPN precision {precision:.3f}, recall {recall:.3f}"
        )
    if args.write:
        target = ROOT / "sanitizer" / "extraction" / "upos_models" / f"{args.language}.json.gz"
        target.parent.mkdir(exist_ok=True)
        payload = json.dumps(model, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
        target.write_bytes(gzip.compress(payload, mtime=0))
        print(f"wrote {target.relative_to(ROOT)} ({target.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
