"""Token-level scores of masked spans against expert spans, as TAB's README defines them.

A token is a match of ``\\w+``; a set of spans masks a token when every character of
the token lies inside some span of the set. Precision and recall are summed over all
documents; mention recall is the share of gold spans (with at least one token) all
of whose tokens the system masks.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

_TOKEN = re.compile(r"\w+")


def merge_spans(spans: Iterable[Sequence[int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted((int(s[0]), int(s[1])) for s in spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


class _Mask:
    def __init__(self, spans: Iterable[Sequence[int]]) -> None:
        self._spans = merge_spans(spans)
        self._starts = [s for s, _ in self._spans]

    def covers(self, start: int, end: int) -> bool:
        index = bisect.bisect_right(self._starts, start) - 1
        return index >= 0 and self._spans[index][1] >= end


@dataclass(frozen=True)
class TokenScores:
    system_tokens: int
    gold_tokens: int
    both_tokens: int
    gold_mentions: int
    gold_mentions_masked: int
    all_tokens: int

    @property
    def precision(self) -> float:
        return self.both_tokens / self.system_tokens if self.system_tokens else 0.0

    @property
    def recall(self) -> float:
        return self.both_tokens / self.gold_tokens if self.gold_tokens else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def mention_recall(self) -> float:
        return self.gold_mentions_masked / self.gold_mentions if self.gold_mentions else 0.0

    @property
    def tokens_kept(self) -> float:
        """Utility: share of all tokens the system leaves in clear."""
        return 1 - self.system_tokens / self.all_tokens if self.all_tokens else 1.0


def token_scores(texts: Mapping[str, str], gold: Mapping[str, Sequence[Sequence[int]]],
                 system: Mapping[str, Sequence[Sequence[int]]]) -> TokenScores:
    system_tokens = gold_tokens = both_tokens = mentions = masked_mentions = all_tokens = 0
    for doc_id, text in texts.items():
        gold_mask = _Mask(gold.get(doc_id, ()))
        system_mask = _Mask(system.get(doc_id, ()))
        tokens = [(m.start(), m.end()) for m in _TOKEN.finditer(text)]
        all_tokens += len(tokens)
        for start, end in tokens:
            in_gold = gold_mask.covers(start, end)
            in_system = system_mask.covers(start, end)
            gold_tokens += in_gold
            system_tokens += in_system
            both_tokens += in_gold and in_system
        for span in gold.get(doc_id, ()):
            span_tokens = [(m.start() + span[0], m.end() + span[0]) for m in _TOKEN.finditer(text[span[0]:span[1]])]
            if span_tokens:
                mentions += 1
                masked_mentions += all(system_mask.covers(s, e) for s, e in span_tokens)
    return TokenScores(system_tokens, gold_tokens, both_tokens, mentions, masked_mentions, all_tokens)
