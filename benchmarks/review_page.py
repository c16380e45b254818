"""The review page on a 100,000-character document in headless Chromium: render, then
the first keyboard moves.

    python benchmarks/review_page.py [--runs 5] [--characters 100000] [--keys nnnnd]

The document is TAB test's judgments concatenated in doc_id order and cut at exactly
``--characters`` characters (no fitting or choice depends on it). The page is written
once by the sanitizer (its time is printed apart: it is the sanitizer's run, not the
page's). Each run opens the page in a fresh tab of Debian's headless Chromium (the
browser tests' driver, tests/sanitizer/browser.py) and measures, inside the page:

- render: navigation start to the first frame after the page is built (its
  "review-painted" mark: HTML and JSON parsed, every candidate and the preview built,
  styled, laid out and painted);
- each key of ``--keys`` (n: next candidate, d: decline it): keydown to the next frame
  (the handler, the preview rebuilt, style and layout), keys pressed one after another;
- total: render plus the keys, the bar ("renders and is navigable in under 2 s");
- wall: the same seen from Python through WebDriver (its round trips included), an
  upper bound.

Medians over the runs (the machine is shared and noisy).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from _tab import load_tab  # noqa: E402

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.review import review_document, review_page, review_settings, write_review_page  # noqa: E402
from tests.sanitizer.browser import missing_reason, open_chromium  # noqa: E402

#: records keydown -> next frame for every key, from a capture listener that runs before
#: the page's own handler and a frame callback queued after it
_PROBE = """
window.__keys = [];
window.addEventListener('keydown', (event) => {
  const start = performance.now();
  requestAnimationFrame(() => setTimeout(() => window.__keys.push([event.key, performance.now() - start]), 0));
}, true);
"""


def _document(characters: int) -> str:
    texts, _ = load_tab()
    joined = "\n\n".join(texts[doc_id] for doc_id in sorted(texts))
    if len(joined) < characters:
        raise SystemExit(f"TAB test holds only {len(joined)} characters")
    return joined[:characters]


def _write_page(text: str, folder: Path) -> tuple[Path, float, int]:
    started = time.perf_counter()
    with Sanitizer() as sanitizer:
        result = sanitizer.sanitize(text)
        document = review_document("tab-100k.txt", text, result)
        page = folder / "review.html"
        write_review_page(page, review_page([document], review_settings(sanitizer), sanitizer.thresholds.tau))
    return page, time.perf_counter() - started, len(document.spans)


def _one_run(driver, page: Path, keys: str) -> dict[str, float]:
    from selenium.webdriver.common.action_chains import ActionChains

    started = time.perf_counter()
    driver.get(page.as_uri())
    driver.execute_script(_PROBE)
    render = None
    while render is None:
        render = driver.execute_script(
            "const m = performance.getEntriesByName('review-painted'); return m.length ? m[0].startTime : null"
        )
    for key in keys:
        ActionChains(driver).send_keys(key).perform()
    while driver.execute_script("return window.__keys.length") < len(keys):
        time.sleep(0.005)
    wall = time.perf_counter() - started
    moves = [duration for _, duration in driver.execute_script("return window.__keys")]
    if driver.execute_script("return document.activeElement.dataset.s") is None:
        raise SystemExit("the keys did not reach a candidate")
    return {
        "render": render,
        "keys": sum(moves),
        "slowest key": max(moves),
        "total": render + sum(moves),
        "wall": wall * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--characters", type=int, default=100_000)
    parser.add_argument("--keys", default="nnnnd")
    options = parser.parse_args()
    reason = missing_reason()
    if reason:
        raise SystemExit(f"cannot run: {reason}")
    text = _document(options.characters)
    with tempfile.TemporaryDirectory() as scratch:
        page, writing, spans = _write_page(text, Path(scratch))
        print(
            f"document: {len(text):,} characters (TAB test judgments in doc_id order), {spans:,} candidate spans; "
            f"page {page.stat().st_size / 1e6:.2f} MB, written by `sanitizer review` in {writing:.1f} s"
        )
        driver = open_chromium(Path(scratch))
        try:
            _one_run(driver, page, options.keys)  # warm-up: the browser's own start-up is not the page's
            runs = [_one_run(driver, page, options.keys) for _ in range(options.runs)]
        finally:
            driver.quit()
    print(f"headless Chromium, {options.runs} runs after one warm-up, keys {options.keys!r}; medians in ms:")
    for measure in runs[0]:
        values = [run[measure] for run in runs]
        print(f"  {measure:<12} {statistics.median(values):8.1f}   (runs: {', '.join(f'{v:.0f}' for v in values)})")
    total = statistics.median(run["total"] for run in runs) / 1000
    print(f"bar: renders and is navigable in under 2 s: {total:.2f} s -> {'met' if total < 2 else 'NOT met'}")


if __name__ == "__main__":
    main()
