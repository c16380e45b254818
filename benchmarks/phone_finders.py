"""Finding phone numbers: the project's recognizer against phonenumbers' PhoneNumberMatcher.

    python benchmarks/phone_finders.py

Both run over the 127 TAB texts and over a megabyte of digits and separators (the
adversarial input of tests/sanitizer/test_recognizers_linear.py's kind). Printed: the
numbers each finds on TAB, and the seconds each takes on both inputs. The recognizer finds
candidates with an anchored, linear-time pattern and keeps those phonenumbers validates.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import phonenumbers

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab  # noqa: E402

from ic_sanitizer.recognizers.universal.contact import PHONE  # noqa: E402

REGIONS = ("GB", "US", "DE", "FR", "TR", "PL", "RU")


def matcher(text: str) -> list[tuple[int, int]]:
    found = set()
    for region in REGIONS:
        found |= {(m.start, m.end) for m in phonenumbers.PhoneNumberMatcher(text, region)}
    return sorted(found)


def main() -> None:
    texts, _ = load_tab()
    adversarial = "0 1-2 (3) 4.5 6/7 8 " * 55_000
    for name, find in (("recognizer", lambda text: list(PHONE.find(text))), ("PhoneNumberMatcher", matcher)):
        started = time.perf_counter()
        found = sum(len(find(text)) for text in texts.values())
        tab_seconds = time.perf_counter() - started
        started = time.perf_counter()
        find(adversarial)
        print(
            f"{name:>18}: {found} numbers in the 127 TAB texts in {tab_seconds:.2f} s; "
            f"{len(adversarial) / 1e6:.1f} MB of digits and separators in {time.perf_counter() - started:.2f} s"
        )


if __name__ == "__main__":
    main()
