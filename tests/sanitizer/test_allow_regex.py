"""`allow_regex` (`--allow-regex`, the API's setting): a term of any kind whose whole text
a pattern matches is kept; a bad pattern is refused in one line."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.cli.app import app
from ic_sanitizer.errors import ConfigurationError

TEXT = "Mr Jan Kowalski was born on 3 May 1970 in Warsaw; case no. 12345/01 was heard."


def test_a_pattern_keeps_the_terms_it_matches_whole_of_any_kind():
    with Sanitizer(Settings(workers=1, language="en", allow_regex=[r"\d+ May \d{4}", "Wars.w"])) as sanitizer:
        text = sanitizer.sanitize(TEXT).text
    assert "3 May 1970" in text and "Warsaw" in text and "Kowalski" not in text and "12345/01" not in text


def test_a_pattern_must_match_the_whole_term():
    with Sanitizer(Settings(workers=1, language="en", allow_regex=["Warsa"])) as sanitizer:
        assert "Warsaw" not in sanitizer.sanitize(TEXT).text


def test_a_bad_pattern_is_one_line(tmp_path):
    with pytest.raises(ConfigurationError, match="is not a regular expression"):
        Sanitizer(Settings(allow_regex=["("]))
    source = tmp_path / "a.txt"
    source.write_text(TEXT, encoding="utf-8")
    result = CliRunner().invoke(app, ["sanitize", str(source), "--allow-regex", "("])
    assert result.exit_code != 0 and len(result.stderr.strip().splitlines()) == 1 and "--allow-regex" in result.stderr
