"""The review page in a real browser (Debian's headless Chromium, driven by selenium):
keyboard review, export, the decisions fed back to `sanitize --decisions`, no network.

Skipped, with the reason, when selenium, chromium or chromedriver is missing (.ci/run
installs them). The export is a real download (Chromium's download folder is set to a
folder of the test's), read back from disk. Screenshots at 1280 and 420 px go to
tests/artifacts/ (git-ignored).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app

from ..conftest import REPO, TAB_DIR
from .browser import missing_reason, open_chromium, requested_urls, wait_for_download

pytestmark = pytest.mark.skipif(missing_reason() is not None, reason=missing_reason() or "")

runner = CliRunner()
JUDGMENT = REPO / "examples" / "judgment.txt"
ARTIFACTS = REPO / "tests" / "artifacts"


@pytest.fixture(scope="module")
def downloads(tmp_path_factory):
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(downloads):
    driver = open_chromium(downloads)
    yield driver
    driver.quit()


def _make_page(tmp_path, name, text, options=()):
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    page = tmp_path / "private" / "review.html"
    result = runner.invoke(app, ["review", str(source), "-o", str(page), "--no-cache", *options])
    assert result.exit_code == 0, result.stderr
    return source, page


def _page_data(page):
    source = re.search(
        r'<script type="application/json" id="review-data">(.*?)</script>', page.read_text(encoding="utf-8"), re.S
    ).group(1)
    return json.loads(source)


def _load(browser, page):
    requested_urls(browser)  # empty the log
    browser.get(page.as_uri())
    assert browser.execute_script("return document.documentElement.dataset.ready") == "true"


def _press(browser, keys):
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(browser).send_keys(keys).perform()


def _active(browser):
    """(document index, span index) of the focused candidate."""
    found = browser.execute_script(
        "const a = document.activeElement; return a && a.dataset.s !== undefined ? [+a.dataset.d, +a.dataset.s] : null"
    )
    assert found is not None, "the focus is not on a candidate"
    return tuple(found)


def _go_to(browser, target):
    """Press n until the candidate ``target`` (document, span) has the focus; keyboard only."""
    for _ in range(5000):
        _press(browser, "n")
        if _active(browser) == target:
            return
    raise AssertionError(f"n never reached {target}")


def _classes(browser, target):
    return browser.execute_script(
        "return document.querySelector(`[data-d='${arguments[0]}'][data-s='${arguments[1]}']`).className", *target
    )


def _export_and_feed_back(browser, downloads, tmp_path, source, options=()):
    for old in downloads.iterdir():
        old.unlink()
    _press(browser, "x")
    exported = wait_for_download(downloads, "decisions.json")
    decisions = tmp_path / "decisions.json"
    decisions.write_bytes(exported.read_bytes())
    out = tmp_path / "out.txt"
    result = runner.invoke(
        app, ["sanitize", str(source), "--decisions", str(decisions), "-o", str(out), "--no-cache", *options]
    )
    assert result.exit_code == 0, result.stderr
    return json.loads(decisions.read_text(encoding="utf-8")), out.read_text(encoding="utf-8")


def _assert_no_network(browser, page):
    assert set(requested_urls(browser)) <= {page.as_uri()}
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def _luminance(rgb):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(v) for v in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def _contrast(a, b):
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _rgb(css):
    return tuple(int(v) for v in re.findall(r"\d+", css)[:3])


def _check_colours_and_focus(browser, target):
    styles = browser.execute_script("""
        const out = [];
        for (const el of document.querySelectorAll('#documents .c:not(.is-off)')) {
          const s = getComputedStyle(el);
          out.push({cls: el.className, color: s.color, background: s.backgroundColor,
                    border: el.classList.contains('is-masked') ? s.borderTopColor : s.borderBottomColor,
                    style: el.classList.contains('is-masked') ? s.borderTopStyle : s.borderBottomStyle});
        }
        return out;""")
    assert styles
    for style in styles:
        background = _rgb(style["background"])
        assert _contrast(_rgb(style["color"]), background) >= 4.5, style
        assert _contrast(_rgb(style["border"]), background) >= 3.0, style
        assert style["style"] == ("solid" if "is-masked" in style["cls"] else "dashed"), style
    focus = browser.execute_script(
        "const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth, s.outlineColor]"
    )
    assert focus[0] == "solid" and float(focus[1].rstrip("px")) >= 2 and _contrast(_rgb(focus[2]), (255, 255, 255)) >= 3
    tip = browser.execute_script("const t = document.getElementById('tip'); return [t.hidden, t.textContent]")
    assert tip[0] is False and "Kind" in tip[1] and "Rule" in tip[1] and "IC" in tip[1]


def _screenshots(browser):
    """The page at a desktop and a phone width, the candidate just decided in view."""
    ARTIFACTS.mkdir(exist_ok=True)
    for width in (1280, 420):
        browser.set_window_size(width, 900)
        if width == 1280:
            browser.execute_script("window.scrollTo(0, 0)")
        browser.save_screenshot(str(ARTIFACTS / f"review-{width}.png"))
    browser.set_window_size(1280, 900)


def _first(spans, terms, start, condition):
    return next(i for i in range(start, len(spans)) if condition(spans[i], terms[spans[i][4]]))


def test_keyboard_review_exported_and_fed_back_gives_the_preview(browser, downloads, tmp_path):
    source, page = _make_page(tmp_path, "judgment.txt", JUDGMENT.read_text(encoding="utf-8"))
    document = _page_data(page)["documents"][0]
    spans, terms = document["spans"], document["terms"]
    entity_sizes = {}
    for span in spans:
        entity_sizes[terms[span[4]]["entity"]] = entity_sizes.get(terms[span[4]]["entity"], 0) + 1
    to_decline = _first(spans, terms, 0, lambda s, t: s[5] == 1 and t["kind"] == "date")
    to_accept = _first(spans, terms, to_decline + 1, lambda s, t: s[5] == 0 and t["kind"] == "noun_phrase")
    person = _first(
        spans, terms, to_accept + 1, lambda s, t: s[5] == 1 and t["kind"] == "person" and entity_sizes[t["entity"]] >= 2
    )
    _load(browser, page)
    tool_output = browser.execute_script("return document.getElementById('preview-0').textContent")

    _press(browser, "n")
    assert _active(browser) == (0, 0)
    _check_colours_and_focus(browser, (0, 0))
    _go_to(browser, (0, to_decline))
    _press(browser, "d")
    assert "is-kept" in _classes(browser, (0, to_decline)) and "is-reviewed" in _classes(browser, (0, to_decline))
    _go_to(browser, (0, to_accept))
    _press(browser, "a")
    assert "is-masked" in _classes(browser, (0, to_accept))
    _screenshots(browser)
    _press(browser, "p")
    assert _active(browser) == (0, to_accept - 1)
    _go_to(browser, (0, person))
    _press(browser, "d")
    _press(browser, "e")
    entity = terms[spans[person][4]]["entity"]
    same_entity = [i for i, s in enumerate(spans) if terms[s[4]]["entity"] == entity]
    assert all("is-kept is-reviewed" in _classes(browser, (0, i)) for i in same_entity)

    preview = browser.execute_script("return document.getElementById('preview-0').textContent")
    assert preview != tool_output and "Brown" in preview
    decisions, output = _export_and_feed_back(browser, downloads, tmp_path, source)
    assert output == preview
    reviewed = [s for s in decisions["documents"][0]["spans"] if s["reviewed"]]
    assert len(reviewed) == 2 + len(same_entity)
    _assert_no_network(browser, page)


def test_filters_hide_candidates_from_highlighting_and_navigation(browser, tmp_path):
    _, page = _make_page(tmp_path, "judgment.txt", JUDGMENT.read_text(encoding="utf-8"))
    _load(browser, page)
    browser.find_element("css selector", "#decision-filter input[value=kept]").click()
    browser.find_element("css selector", "#kind-filter input[value=date]").click()
    for _ in range(8):
        _press(browser, "n")
        classes = browser.execute_script("return document.activeElement.className")
        assert "is-masked" in classes and "k-date" not in classes and "is-off" not in classes
    hidden = browser.execute_script("return document.querySelectorAll('#documents .c.is-kept:not(.is-off)').length")
    assert hidden == 0


HOSTILE = (
    "Mr John Smith wrote </script><script>document.title='x'</script> and <!-- c --> & on 3 May 2001 "
    "\U0001f600\U0001f600 to Mr Smith in Leeds.\n \nMr Smith , then Leeds .\n"
    "(seen by Mr Smith) in York; in London: in Leeds! Dr Price?\n 3 May 2001 ended it.\n"
)


@pytest.mark.parametrize("mode", ["tag", "suppress", "generalize"])
def test_the_preview_equals_the_cli_output_for_any_decisions(browser, tmp_path, mode):
    """Random decisions, set through the page's own functions: the script's preview and
    `sanitize --decisions` agree to the character, astral characters and markup in the text included."""
    for name, text in (("judgment.txt", JUDGMENT.read_text(encoding="utf-8")), ("hostile.txt", HOSTILE)):
        source, page = _make_page(tmp_path, name, text, ["--mode", mode])
        count = len(_page_data(page)["documents"][0]["spans"])
        for seed in range(4):
            _load(browser, page)
            assert browser.title.startswith("Review of sanitization decisions")
            assert browser.execute_script("return document.getElementById('text-0').textContent") == text
            chooser = random.Random(seed)
            for index in range(count):
                if chooser.random() < 0.4:
                    browser.execute_script(
                        "window.icReview.decide(0, arguments[0], arguments[1])", index, chooser.random() < 0.5
                    )
            decisions = tmp_path / "decisions.json"
            decisions.write_text(browser.execute_script("return window.icReview.exportText()"), encoding="utf-8")
            out = tmp_path / "out.txt"
            result = runner.invoke(
                app,
                ["sanitize", str(source), "--decisions", str(decisions), "--mode", mode, "-o", str(out), "--no-cache"],
            )
            assert result.exit_code == 0, result.stderr
            preview = browser.execute_script("return document.getElementById('preview-0').textContent")
            assert out.read_text(encoding="utf-8") == preview


def test_a_tab_judgment_reviewed_in_the_page_gives_exactly_the_previewed_output(browser, downloads, tmp_path):
    """The bar: a reviewer's declines and accepts, made with the keyboard in the page,
    exported and fed back, give exactly the output the page previewed."""
    texts_path = TAB_DIR / "texts.json"
    if not texts_path.exists():
        pytest.skip(f"TAB test data absent ({texts_path})")
    texts = json.loads(texts_path.read_text(encoding="utf-8"))
    doc_id = sorted(texts)[0]
    source, page = _make_page(tmp_path, f"{doc_id}.txt", texts[doc_id])
    document = _page_data(page)["documents"][0]
    spans, terms = document["spans"], document["terms"]
    masked = [i for i, s in enumerate(spans) if s[5] == 1]
    kept = [i for i, s in enumerate(spans) if s[5] == 0]
    declines = masked[len(masked) // 5 :: len(masked) // 4][:3]
    accepts = kept[len(kept) // 6 :: len(kept) // 4][:3]
    person = next(i for i in masked if terms[spans[i][4]]["kind"] == "person")
    _load(browser, page)
    _go_to(browser, (0, person))
    _press(browser, "d")
    _press(browser, "e")
    for target, key in sorted([(i, "d") for i in declines] + [(i, "a") for i in accepts]):
        if target > person:
            _go_to(browser, (0, target))
        else:
            while _active(browser) != (0, target):
                _press(browser, "p")
        _press(browser, key)
    preview = browser.execute_script("return document.getElementById('preview-0').textContent")
    decisions, output = _export_and_feed_back(browser, downloads, tmp_path, source)
    assert output == preview
    exported = decisions["documents"][0]["spans"]
    for index in declines:
        assert exported[index]["decision"] == "decline" and exported[index]["reviewed"]
    for index in accepts:
        assert exported[index]["decision"] == "accept" and exported[index]["reviewed"]
    _assert_no_network(browser, page)
