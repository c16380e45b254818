"""Every recognizer runs in linear time, on inputs built to make a pattern backtrack.

Not a speed test: the time for a text four times as long must stay under ten times the
time for the short one (a quadratic recognizer takes sixteen times, an exponential one
never ends). Each input repeats a fragment that starts many matches a recognizer must
then give up: digits and separators, labels without numbers, half addresses.
"""

from __future__ import annotations

import time

import pytest

from ic_sanitizer.lang.de.legal_references import citation_spans
from ic_sanitizer.recognizers import recognizers_for
from ic_sanitizer.recognizers.base import recognized_spans
from ic_sanitizer.recognizers.national import NationalRecognizer
from ic_sanitizer.recognizers.national.scan import identifiers_in
from ic_sanitizer.recognizers.pattern_tools import PAD

FRAGMENTS = (
    "1",
    "1 ",
    "1/",
    "1-",
    "1.",
    "a@",
    "a.",
    "A-1/",
    "no. 1 ",
    "12 March ",
    "Flat 1, ",
    "+4 ",
    "EUR 1,",
    "DE12 ",
    "Steuer-ID 1 ",
    "www.",
    "(1) ",
    "aged ",
    "between 19",
    "1. März ",
    "Aa",
    "Hauptstraße ",
    "令和1年",
    "〒1",
    "東京都千代田区",
    "03-1",
    "個人番号 1",
    "Works\n- Aa Bb (2011)\n- Aa (",
    "SSN 1 ",
    "VAT number 12 ",
)
SHORT, LONG = 100_000, 400_000
#: shorter runs are timed as this long: a few milliseconds are the machine's noise (memory, cache)
#: and a ratio of two such timings says nothing, while a quadratic recognizer takes seconds here
FLOOR_SECONDS = 0.02


def _best_seconds(run) -> float:
    """The fastest of three runs: a busy machine slows a run, never speeds it up."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def _seconds(recognizer, text: str) -> float:
    return _best_seconds(lambda: list(recognized_spans(recognizer, text, PAD + text)))


class _NationalScan:
    """Every national format at once, as their one reading of a text finds them, uncached
    (their recognizers answer from the last text's reading: a repeated run would time nothing)."""

    name = "national_identifiers"

    def find(self, text: str) -> list[tuple[int, int]]:
        return [span for spans in identifiers_in.__wrapped__(text).values() for span in spans]


TIMED = [*(r for r in recognizers_for(None) if not isinstance(r, NationalRecognizer)), _NationalScan()]


@pytest.mark.parametrize("recognizer", TIMED, ids=lambda r: r.name)
def test_time_grows_linearly_with_the_text(recognizer):
    slow = []
    for fragment in FRAGMENTS:
        short = fragment * (SHORT // len(fragment))
        long = fragment * (LONG // len(fragment))
        ratio = _seconds(recognizer, long) / max(_seconds(recognizer, short), FLOOR_SECONDS)
        if ratio > 10:
            slow.append(f"{fragment!r}: x{ratio:.1f}")
    assert slow == []


#: fragments that start German citations a pattern must give up: runs of capitals, provisions
#: without their law, decisions without their file number, reports without their page
CITATION_FRAGMENTS = (
    "A",
    "AaB ",
    "§ 1 Abs. ",
    "BGH 1. 1. 2000 - ",
    "NJW 2010 , ",
    " ",
    "( vgl. x ",
    "1",
    "A-",
    "Aagesetz",
    "BGH, Urteil vom ",
)


def test_german_legal_references_run_in_linear_time():
    slow = []
    for fragment in CITATION_FRAGMENTS:
        texts = [fragment * (size // len(fragment)) for size in (SHORT // 4, LONG // 4)]
        timings = [_best_seconds(lambda text=text: citation_spans(text)) for text in texts]
        ratio = timings[1] / max(timings[0], FLOOR_SECONDS)
        if ratio > 10:
            slow.append(f"{fragment!r}: x{ratio:.1f}")
    assert slow == []
