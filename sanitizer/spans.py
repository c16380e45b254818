"""Character spans: the one merge of overlapping intervals, and the one word pattern.

``WORD`` is the token of record wherever words are counted or matched (TAB's token,
a match of ``\\w+``): the scores, the policy fit and redaction's search all use it, so
a word masked by redaction is a word counted by the scores. (The extractors' own
tokenizer, which keeps "Mr." and "36244/06" whole for the tagger, is another job.)
"""

from __future__ import annotations

import re
from typing import Callable, Iterable, TypeVar

WORD = re.compile(r"\w+")

Payload = TypeVar("Payload")


def merge_intervals(
    intervals: Iterable[tuple[int, int, Payload]],
    combine: Callable[[Payload, Payload], Payload],
    *,
    touching: bool = False,
) -> list[tuple[int, int, Payload]]:
    """Union of overlapping (start, end, payload) intervals, in order of start; the
    payloads of merged intervals are folded with ``combine(earlier, later)``. With
    ``touching``, intervals that only meet (end == start) merge too."""
    merged: list[tuple[int, int, Payload]] = []
    for start, end, payload in sorted(intervals, key=lambda i: (i[0], -i[1])):
        if merged and (start < merged[-1][1] or (touching and start == merged[-1][1])):
            first, last, kept = merged[-1]
            merged[-1] = (first, max(last, end), combine(kept, payload))
        else:
            merged.append((start, end, payload))
    return merged


def keep_first(earlier: Payload, later: Payload) -> Payload:
    return earlier
