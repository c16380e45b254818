"""One error tree for API users (issue 24): bad settings and bad inputs given to the
public API raise a SanitizerError whose message is one line and names the parameter at
fault as the API spells it (`beta_term`), never a command-line flag (--beta-term)."""

from __future__ import annotations

import re

import pytest

from ic_sanitizer import Sanitizer, SanitizerError, Settings

FLAG = re.compile(r"(?<![\w-])--[a-z]")


def _settings_cases(tmp_path):
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    (tmp_path / "theirs").mkdir()
    (tmp_path / "theirs" / "cache.db").write_bytes(b"not ours")
    (tmp_path / "bad-policy.json").write_text(
        '{"schema": "ic-sanitizer/policy", "schema_version": 2, "kinds": 5}', encoding="utf-8"
    )
    table = tmp_path / "t.json"
    table.write_text('{"total": 10, "counts": {"a": -1}}', encoding="utf-8")
    return [
        ("beta", {"beta": -1}),
        ("beta", {"beta": float("nan")}),
        ("beta", {"beta": float("inf")}),
        ("beta", {"beta": "high"}),
        ("w", {"w": 1.5}),
        ("w", {"w": -0.1}),
        ("w", {"w": float("nan")}),
        ("beta_s2", {"beta_s2": -2}),
        ("beta_s2", {"beta_s2": float("inf")}),
        ("beta_term", {"beta_term": " "}),
        ("beta", {"beta": 9, "beta_term": "court"}),
        ("kinds", {"kinds": "bogus"}),
        ("kinds", {"kinds": ","}),
        ("mode", {"mode": "bogus"}),
        ("zero_count", {"zero_count": "bogus"}),
        ("relatedness", {"relatedness": "x"}),
        ("s3_k", {"s3_k": 0}),
        ("parallel", {"parallel": 0}),
        ("rate_limit", {"rate_limit": 0}),
        ("rate_limit", {"rate_limit": -1.0}),
        ("hide", {"hide": ["bogus"]}),
        ("policy", {"policy": "nosuch"}),
        ("policy", {"policy": str(tmp_path / "absent.json")}),
        ("policy", {"policy": str(tmp_path / "bad-policy.json")}),
        ("backend", {"backend": "nosuch"}),
        ("backend", {"backend": f"table:{tmp_path / 'absent.json'}"}),
        ("backend", {"backend": f"table:{table}"}),
        ("backend", {"backend": "table"}),
        ("backend", {"backend": f"local:{tmp_path / 'absent'}"}),
        ("backend", {"backend": "wordfreq:x"}),
        ("allow_web", {"backend": "es:http://192.0.2.7:9200/x"}),
        ("allow_web", {"backend": "infinigram"}),
        ("backend", {"backend": "infinigram:window=0", "allow_web": True}),
        ("s2_backend", {"s2_backend": "nosuch"}),
        ("s2_backend", {"s2_backend": f"table:{tmp_path / 'absent.json'}"}),
        ("extractor", {"extractor": "bogus"}),
        ("cache_dir", {"cache_dir": tmp_path / "a-file"}),
        ("cache_dir", {"cache_dir": tmp_path / "theirs"}),
    ]


def test_bad_settings_raise_one_line_sanitizer_errors_naming_the_parameter(tmp_path):
    cases = _settings_cases(tmp_path)
    assert len(cases) >= 38
    wrong = []
    for parameter, keywords in cases:
        try:
            with Sanitizer(Settings(**keywords)):
                pass
        except SanitizerError as error:
            message = str(error)
            if "\n" in message or FLAG.search(message) or f"`{parameter}`" not in message:
                wrong.append(f"{keywords}: {message!r}")
        except Exception as error:  # noqa: BLE001 - the very thing this test looks for
            wrong.append(f"{keywords}: {type(error).__name__} is not a SanitizerError")
        else:
            wrong.append(f"{keywords}: accepted")
    assert wrong == []


BAD_INPUTS = [
    ("sanitize", (None,)),
    ("sanitize", (b"bytes",)),
    ("sanitize", (42,)),
    ("sanitize_many", (["fine", 5],)),
    ("sanitize_many", ("not a list of texts",)),
    ("sanitize_many", ([None],)),
    ("candidates", (3.5,)),
    ("information_content_of", ("",)),
    ("information_content_of", (None,)),
    ("sanitize", ("\ud800 lone",)),
    ("sanitize_many", ([b"bytes"],)),
    ("sanitize_many", (["ok"], None, [["name"], ["one too many"]])),
]


@pytest.mark.parametrize("method, arguments", BAD_INPUTS, ids=[f"{m}-{i}" for i, (m, _) in enumerate(BAD_INPUTS)])
def test_bad_inputs_raise_one_line_sanitizer_errors_naming_the_parameter(method, arguments):
    with Sanitizer(Settings(workers=1, use_cache=False)) as sanitizer:
        with pytest.raises(SanitizerError) as raised:
            getattr(sanitizer, method)(*arguments)  # sanitize_many checks before it returns its iterator
    message = str(raised.value)
    assert "\n" not in message and not FLAG.search(message) and "`" in message, message
