"""The review page without a browser: its data, its HTML, the decisions file and the commands.
(tests/sanitizer/test_review_browser.py drives the page in Chromium.)"""

from __future__ import annotations

import json
import random
import re
import stat
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ic_sanitizer.review
from ic_sanitizer import Sanitizer
from ic_sanitizer.cli.app import app
from ic_sanitizer.errors import InputError
from ic_sanitizer.evaluation.gold import load_gold
from ic_sanitizer.policy import Rule, load_policy
from ic_sanitizer.review import review_document, review_page, reviewed_text
from ic_sanitizer.review.decisions import decided_text, decisions_file, document_decisions, parse_decisions
from ic_sanitizer.review.page import content_security_policy, script_json
from ic_sanitizer.terms import TermKind

from ..conftest import REPO

runner = CliRunner()
JUDGMENT = REPO / "examples" / "judgment.txt"
HOSTILE = (
    "Mr John Smith wrote </script><script>alert(1)</script> and <!-- a comment --> & "
    "\u2028 on 3 May 2001 \U0001f600 to Mr Smith in Leeds.\n"
)


@pytest.fixture(scope="module")
def sanitizer():
    with Sanitizer(use_cache=False) as opened:
        yield opened


def _review(sanitizer, text, name="doc.txt"):
    return review_document(name, text, sanitizer.sanitize(text))


def _one_line_error(result, code):
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in result.stderr, result.stderr
    return lines[0]


@pytest.mark.parametrize("mode", ["tag", "redact", "suppress", "generalize"])
def test_the_sanitizers_own_decisions_give_exactly_its_output(mode):
    with Sanitizer(use_cache=False, mode=mode) as sanitizer:
        for text in (JUDGMENT.read_text(encoding="utf-8"), HOSTILE):
            result = sanitizer.sanitize(text)
            document = review_document("doc.txt", text, result)
            assert reviewed_text(document, [s.masked for s in document.spans]) == result.text
            assert all(a.end <= b.start for a, b in zip(document.spans, document.spans[1:]))
            assert any(not s.masked for s in document.spans), "kept candidates are shown too"


def test_a_generalization_naming_what_the_reviewer_masks_gives_way_to_the_placeholder():
    text = "She was born in Leeds in 1961. The city was cold and the city was dark.\n"
    with Sanitizer(use_cache=False, mode="generalize") as sanitizer:
        document = review_document("doc.txt", text, sanitizer.sanitize(text))
    leeds = next(s for s in document.spans if text[s.start : s.end] == "Leeds")
    city = next(s for s in document.spans if text[s.start : s.end] == "city")
    assert leeds.value.startswith("a city") and not city.masked  # "a city in England", or "... the United Kingdom"
    as_is = [s.masked for s in document.spans]
    assert f"born in {leeds.value}" in reviewed_text(document, as_is)
    more = [m or s is city for s, m in zip(document.spans, as_is)]
    assert "born in [LOCATION-1]" in reviewed_text(document, more)


def test_every_kept_occurrence_outside_the_masked_spans_is_a_span(sanitizer):
    document = _review(sanitizer, JUDGMENT.read_text(encoding="utf-8"))
    shown = {(s.start, s.end) for s in document.spans}
    for span in document.spans:
        term = document.terms[span.term]
        assert term.removed == span.masked
    for term in (t for t in document.terms if not t.removed):
        for mention in term.term.mentions:
            inside = any(s.start <= mention.start and mention.end <= s.end for s in document.spans)
            assert inside or (mention.start, mention.end) in shown


def test_a_declined_name_stays_in_clear_and_placeholders_are_renumbered_in_order(sanitizer):
    text = "Mr John Smith met Ms Mary Jones in Leeds on 3 May 2001. Later Mr Smith left.\n"
    document = _review(sanitizer, text)
    masked = [s.masked for s in document.spans]
    smith = [i for i, s in enumerate(document.spans) if document.entity_of(s) == "mr john smith"]
    assert smith and all(masked[i] for i in smith)
    for i in smith:
        masked[i] = False
    out = reviewed_text(document, masked)
    assert "Mr John Smith" in out and "Mr Smith" in out and "[PERSON-1]" in out and "[PERSON-2]" not in out


class _Scripts(HTMLParser):
    def __init__(self):
        super().__init__()
        self.scripts, self.styles, self.current, self.tags = [], [], None, []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag in ("script", "style"):
            self.current = (tag, dict(attrs), [])

    def handle_data(self, data):
        if self.current is not None:
            self.current[2].append(data)

    def handle_endtag(self, tag):
        if self.current is not None and tag == self.current[0]:
            target = self.scripts if tag == "script" else self.styles
            target.append((self.current[1], "".join(self.current[2])))
            self.current = None


def test_document_text_cannot_break_out_of_the_embedded_json(sanitizer):
    html = review_page([_review(sanitizer, HOSTILE)], {"policy": "default"}, 6.0)
    parsed = _Scripts()
    parsed.feed(html)
    assert [attrs.get("type") for attrs, _ in parsed.scripts] == ["application/json", None, None]
    data_source = parsed.scripts[0][1]
    assert "<" not in data_source and "\u2028" not in data_source
    assert json.loads(data_source)["documents"][0]["text"] == HOSTILE
    assert html.count("</script>") == 3 and "alert(1)</script>" not in html and "<!-- a comment" not in html
    assert json.loads(script_json({"a": "</script><!--&"})) == {"a": "</script><!--&"}


def test_the_page_is_self_contained_and_its_policy_allows_only_its_own_style_and_script(sanitizer):
    html = review_page([_review(sanitizer, JUDGMENT.read_text(encoding="utf-8"))], {"policy": "default"}, 6.0)
    parsed = _Scripts()
    parsed.feed(html)
    ((_, style),) = parsed.styles
    scripts = [source for _, source in parsed.scripts[1:]]
    script = "".join(scripts)
    policies = [
        attrs["content"]
        for tag, attrs in parsed.tags
        if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy"
    ]
    assert policies == [content_security_policy(style, scripts)]
    assert "default-src 'none'" in policies[0] and "connect-src 'none'" in policies[0]
    for tag, attrs in parsed.tags:
        assert tag not in ("link", "img", "iframe", "object", "embed")
        assert "src" not in attrs and "href" not in attrs, tag
    assert not re.search(r"url\(|@import|https?://", style + script)
    assert "innerHTML" not in script and "fetch(" not in script and "XMLHttpRequest" not in script


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_review_writes_an_owner_only_page_with_the_banner(tmp_path):
    source = _write(tmp_path / "judgment.txt", JUDGMENT.read_text(encoding="utf-8"))
    page = tmp_path / "private" / "review.html"
    result = runner.invoke(app, ["review", str(source), "-o", str(page), "--no-cache"])
    assert result.exit_code == 0, result.stderr
    assert stat.S_IMODE(page.stat().st_mode) == 0o600
    html = page.read_text(encoding="utf-8")
    assert "PRIVATE: this page shows the sensitive terms in clear" in html
    assert not [p for p in page.parent.iterdir() if p.name.startswith(".review.html.")], "temporary file left"
    assert "Brown" not in result.stderr and "Brown" not in result.stdout


@pytest.mark.parametrize(
    "where, message",
    [
        ("input", "is the input"),
        ("inside", "lies inside the input"),
        ("folder", "is a folder"),
    ],
    ids=["input", "inside-input-folder", "folder"],
)
def test_review_refuses_an_output_over_an_input_or_inside_the_input_folder(tmp_path, where, message):
    folder = tmp_path / "docs"
    folder.mkdir()
    source = _write(folder / "a.txt", "Mr John Smith lives in Leeds.\n")
    content = source.read_bytes()
    argument, output = (str(source), source) if where == "input" else (str(folder), folder / "review.html")
    if where == "folder":
        argument, output = str(source), tmp_path
    result = runner.invoke(app, ["review", argument, "-o", str(output), "--no-cache"])
    assert message in _one_line_error(result, 2)
    assert source.read_bytes() == content and not (folder / "review.html").exists()


def test_review_needs_an_output():
    result = runner.invoke(app, ["review", str(JUDGMENT)])
    assert result.exit_code == 2 and "--output" in result.stderr


def _flip(document, seed, share=0.3):
    chooser = random.Random(seed)
    masked = [s.masked for s in document.spans]
    reviewed = [False] * len(masked)
    for index in range(len(masked)):
        if chooser.random() < share:
            masked[index], reviewed[index] = not masked[index], True
    return masked, reviewed


def _decisions(tmp_path, settings, documents_and_flags, name="decisions.json"):
    entries = [document_decisions(document, masked, reviewed) for document, masked, reviewed in documents_and_flags]
    path = tmp_path / name
    path.write_text(json.dumps(decisions_file(settings, entries)), encoding="utf-8")
    return path


def _settings_of(tmp_path, source, options=()):
    """The settings the CLI records for these options, read from the page it writes."""
    page = tmp_path / "settings-probe.html"
    result = runner.invoke(app, ["review", str(source), "-o", str(page), "--no-cache", *options])
    assert result.exit_code == 0, result.stderr
    data = re.search(
        r'<script type="application/json" id="review-data">(.*?)</script>', page.read_text(encoding="utf-8"), re.S
    ).group(1)
    return json.loads(data)["settings"]


@pytest.mark.parametrize("mode", ["tag", "suppress", "generalize"])
def test_sanitize_applies_decisions_exactly(tmp_path, mode):
    folder = tmp_path / "docs"
    (folder / "sub").mkdir(parents=True)
    texts = {"a.txt": JUDGMENT.read_text(encoding="utf-8"), "sub/b.txt": HOSTILE}
    for name, text in texts.items():
        _write(folder / name, text)
    settings = _settings_of(tmp_path, folder, ["--mode", mode])
    with Sanitizer(use_cache=False, mode=mode) as sanitizer:
        documents = [_review(sanitizer, text, name) for name, text in texts.items()]
    flagged = [(d, *_flip(d, seed)) for seed, d in enumerate(documents)]
    decisions = _decisions(tmp_path, settings, flagged)
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["sanitize", str(folder), "-o", str(out), "--decisions", str(decisions), "--mode", mode, "--no-cache"]
    )
    assert result.exit_code == 0, result.stderr
    for document, masked, _ in flagged:
        expected = reviewed_text(document, masked)
        assert expected != reviewed_text(document, [s.masked for s in document.spans])
        assert (out / document.input).read_text(encoding="utf-8") == expected


def test_decisions_for_another_text_or_other_settings_are_refused(tmp_path):
    source = _write(tmp_path / "doc.txt", "Mr John Smith met Mr Kowalski in Leeds on 3 May 2001.\n")
    settings = _settings_of(tmp_path, source)
    with Sanitizer(use_cache=False) as sanitizer:
        document = _review(sanitizer, source.read_text(encoding="utf-8"))
    decisions = _decisions(tmp_path, settings, [(document, *_flip(document, 1))])
    out = tmp_path / "out.txt"

    other_mode = runner.invoke(
        app, ["sanitize", str(source), "--decisions", str(decisions), "--mode", "redact", "-o", str(out), "--no-cache"]
    )
    assert "other settings (mode)" in _one_line_error(other_mode, 2) and not out.exists()

    allow = _write(tmp_path / "allow.txt", "leeds\n")
    other_lists = runner.invoke(
        app,
        ["sanitize", str(source), "--decisions", str(decisions), "--allow", str(allow), "-o", str(out), "--no-cache"],
    )
    assert "other settings (allow_deny_lists)" in _one_line_error(other_lists, 2) and not out.exists()

    with_report = runner.invoke(
        app,
        ["sanitize", str(source), "--decisions", str(decisions), "--report", str(tmp_path / "r.json"), "--no-cache"],
    )
    assert "--report" in _one_line_error(with_report, 2)

    source.write_text("Mr John Smith met Mr Kowalski in York on 3 May 2001.\n", encoding="utf-8")
    changed = runner.invoke(app, ["sanitize", str(source), "--decisions", str(decisions), "-o", str(out), "--no-cache"])
    line = _one_line_error(changed, 1)
    assert "doc.txt: its SHA-256 differs" in line and "Kowalski" not in line and not out.exists()

    renamed = _write(tmp_path / "other.txt", "Mr John Smith met Mr Kowalski in Leeds on 3 May 2001.\n")
    missing = runner.invoke(app, ["sanitize", str(renamed), "--decisions", str(decisions), "--no-cache"])
    assert "has no decisions for this document" in _one_line_error(missing, 1)


def test_decisions_made_on_other_spans_are_refused_without_quoting_a_term(sanitizer, tmp_path):
    text = "Mr John Kowalski met Mr Nowak in Leeds on 3 May 2001.\n"
    document = _review(sanitizer, text)
    entry = document_decisions(document, [s.masked for s in document.spans], [False] * len(document.spans))
    entry["spans"] = entry["spans"][1:]
    decisions = parse_decisions(decisions_file({}, [entry]), tmp_path / "d.json")
    with pytest.raises(InputError) as caught:
        decided_text(document, decisions.documents["doc.txt"], tmp_path / "d.json")
    assert "other candidates" in str(caught.value) and "Kowalski" not in str(caught.value)


@pytest.mark.parametrize(
    "content, message",
    [
        (b"{not json", "not a readable JSON file"),
        (b'{"schema": "other"}', "not a decisions file"),
        (b'{"schema": "ic-sanitizer/review-decisions", "schema_version": 9}', "version 9"),
        (
            b'{"schema": "ic-sanitizer/review-decisions", "schema_version": 1, "settings": {}, '
            b'"documents": [{"input": "doc.txt", "sha256": "x", "spans": [{"start": 0}]}]}',
            "malformed",
        ),
    ],
    ids=["json", "schema", "version", "fields"],
)
def test_a_bad_decisions_file_is_one_line(tmp_path, content, message):
    source = _write(tmp_path / "doc.txt", "Mr John Smith lives in Leeds.\n")
    decisions = tmp_path / "decisions.json"
    decisions.write_bytes(content)
    result = runner.invoke(app, ["sanitize", str(source), "--decisions", str(decisions), "--no-cache"])
    assert message in _one_line_error(result, 1)
    converted = runner.invoke(app, ["decisions", str(decisions), "--to", "gold", "-o", str(tmp_path / "g.json")])
    assert message in _one_line_error(converted, 1)


def test_decisions_become_allow_and_deny_lists_that_sanitize_applies_everywhere(tmp_path):
    text = "Mr John Smith met the applicant in Leeds on 3 May 2001. The applicant left Leeds.\n"
    source = _write(tmp_path / "doc.txt", text)
    with Sanitizer(use_cache=False) as sanitizer:
        document = _review(sanitizer, text)
    masked = [s.masked for s in document.spans]
    reviewed = [False] * len(masked)
    keys = [document.terms[s.term].term.key for s in document.spans]
    declined = keys.index("leeds")
    accepted = next(i for i, s in enumerate(document.spans) if not s.masked and keys[i] == "applicant")
    for index, value in ((declined, False), (accepted, True)):
        masked[index], reviewed[index] = value, True
    decisions = _decisions(tmp_path, {}, [(document, masked, reviewed)])
    lists = tmp_path / "lists"
    result = runner.invoke(app, ["decisions", str(decisions), "--to", "allow-deny", "-o", str(lists), "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["allow"] == 1 and json.loads(result.stdout)["deny"] == 1
    allow, deny = (lists / "allow.txt").read_text(encoding="utf-8"), (lists / "deny.txt").read_text(encoding="utf-8")
    assert allow.splitlines()[-1] == "leeds" and deny.splitlines()[-1] == "applicant"
    assert stat.S_IMODE((lists / "allow.txt").stat().st_mode) == 0o600
    out = runner.invoke(
        app,
        ["sanitize", str(source), "--allow", str(lists / "allow.txt"), "--deny", str(lists / "deny.txt"), "--no-cache"],
    )
    assert out.exit_code == 0, out.stderr
    assert out.stdout.count("Leeds") == 2 and "applicant" not in out.stdout


def test_decisions_become_gold_that_tune_fits_a_policy_on(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    # ten documents: a kind with fewer terms is not fitted (policy_fit.MIN_TERMS_TO_FIT)
    people = ["Kowalski", "Nowak", "Wiśniewski", "Wójcik", "Kamiński", "Lewandowski", "Zieliński", "Szymański"]
    people += ["Woźniak", "Dąbrowski"]
    with Sanitizer(use_cache=False) as sanitizer:
        entries = []
        for index, name in enumerate(people):
            text = (
                f"The Court heard Mr {name}, an orthopaedic surgeon, on {index + 1} May 2001. "
                "The Court found the surgeon honest.\n"
            )
            _write(folder / f"d{index}.txt", text)
            document = _review(sanitizer, text, f"d{index}.txt")
            # The reviewer keeps every trade in clear and leaves the rest as the tool decided.
            masked = [s.masked and document.terms[s.term].term.kind is not TermKind.PROFESSION for s in document.spans]
            entries.append((document, masked, [a != b.masked for a, b in zip(masked, document.spans)]))
    assert any(any(r) for _, _, r in entries), "the reviewer changed something"
    decisions = _decisions(tmp_path, {}, entries)
    gold = tmp_path / "gold.json"
    result = runner.invoke(app, ["decisions", str(decisions), "--to", "gold", "-o", str(gold)])
    assert result.exit_code == 0, result.stderr
    loaded = load_gold(gold)
    assert sorted(loaded.spans) == [f"d{i}" for i in range(len(people))]
    for (document, masked, _), doc_id in zip(entries, sorted(loaded.spans)):
        spans = loaded.spans[doc_id]["gold"]
        assert [(g.start, g.end) for g in spans] == [(s.start, s.end) for s, m in zip(document.spans, masked) if m]
    # the same decisions, with the documents, in an annotation format: the spans are the gold's
    brat = runner.invoke(
        app, ["decisions", str(decisions), "--to", "brat", "--texts", str(folder), "-o", str(tmp_path / "brat")]
    )
    assert brat.exit_code == 0, brat.stderr
    assert {
        doc_id: [(g.start, g.end) for g in loaded_brat["gold"]]
        for doc_id, loaded_brat in load_gold(tmp_path / "brat").spans.items()
    } == {doc_id: [(g.start, g.end) for g in per["gold"]] for doc_id, per in loaded.spans.items()}
    without = runner.invoke(app, ["decisions", str(decisions), "--to", "doccano", "-o", str(tmp_path / "d.jsonl")])
    assert without.exit_code == 2 and "give them with --texts" in without.stderr
    fitted_path = tmp_path / "fitted.json"
    fitted = runner.invoke(
        app,
        [
            "tune",
            "--gold",
            str(gold),
            "--texts",
            str(folder),
            "--policy",
            "default",
            "--fit-policy",
            str(fitted_path),
            "--target-recall",
            "0.95",
            "--json",
            "--no-cache",
        ],
    )
    assert fitted.exit_code == 0, fitted.stderr
    policy = load_policy(fitted_path)
    assert "orthopaedic surgeon" in policy.allow  # left in clear by the reviewer in every document
    assert policy.rule_for(TermKind.DATE).rule is not Rule.NEVER


def test_every_kind_has_a_colour_on_the_review_page():
    css = (Path(ic_sanitizer.review.__file__).parent / "assets" / "review.css").read_text(encoding="utf-8")
    assert [kind.value for kind in TermKind if f".k-{kind.value}" not in css] == []


@pytest.mark.parametrize(
    "options, refused",
    [
        (["--mode", "generalize"], False),
        (["--mode", "mask"], True),  # (pseudonym needs an extra the lowest-dependency tier lacks)
        (["--mode", "hash"], True),
    ],
)
def test_the_page_previews_one_mode_it_can_show_for_every_kind(tmp_path, options, refused):
    page = tmp_path / "review.html"
    result = runner.invoke(app, ["review", str(JUDGMENT), "-o", str(page), "--no-cache", *options])
    if refused:
        assert "previews the modes tag, redact, suppress, generalize" in _one_line_error(result, 2)
        assert not page.exists()
    else:
        assert result.exit_code == 0, result.stderr
        data = re.search(
            r'<script type="application/json" id="review-data">(.*?)</script>', page.read_text(encoding="utf-8"), re.S
        ).group(1)
        assert json.loads(data)["mode"] == "generalize"
