"""Regular expressions compiled from the code an earlier process kept on disk (compiled_patterns.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from ic_sanitizer import compiled_patterns

pytestmark = pytest.mark.skipif(compiled_patterns._sre is None, reason="re's internals of Python 3.11 and later")

TEXTS = [
    "Seen on 12 March 2005, 10.00 a.m.; born 3/4/1961. Call 617-555-0199.",
    "Application no. 36244/06 was lodged on 1 June 2005 by Mr Jan Kowalski.",
    "no dates here, just words",
]

#: a process that finds what the date recognizer finds in TEXTS and says whether it compiled
#: the pattern (re's parser called) or took it from the file
_FIND_DATES = textwrap.dedent(
    """
    import json, sys
    from re import _parser
    parsed = []
    original = _parser.parse
    _parser.parse = lambda *args: parsed.append(args[0]) or original(*args)
    from ic_sanitizer.recognizers.universal.dates import DATE
    from ic_sanitizer.recognizers.pattern_tools import PAD
    found = [list(DATE.find_padded(PAD + text)) for text in json.loads(sys.argv[1])]
    print(json.dumps({"found": found, "parsed": any(DATE.pattern.pattern == p for p in parsed)}))
    """
)


def _run(data_dir, code: str, *args: str) -> dict:
    environment = {**os.environ, "SANITIZER_DATA_DIR": str(data_dir)}
    done = subprocess.run([sys.executable, "-c", code, *args], env=environment, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_pattern_is_compiled_once_then_read_back_and_finds_the_same(tmp_path):
    first = _run(tmp_path, _FIND_DATES, json.dumps(TEXTS))
    (kept,) = (tmp_path / "derived").glob("patterns-*.marshal")
    second = _run(tmp_path, _FIND_DATES, json.dumps(TEXTS))
    assert first["parsed"] and not second["parsed"]
    assert second["found"] == first["found"] and any(first["found"])
    assert kept.exists()


def test_a_plug_ins_pattern_is_never_written(tmp_path):
    # built outside this package: it may spell out a person's name
    plug_in = textwrap.dedent(
        """
        import json
        from ic_sanitizer.recognizers.pattern_tools import anchored
        from ic_sanitizer.recognizers.universal.dates import DATE
        DATE.pattern.search("\\n12 March 2005")  # one of the package's own, so that the file is written
        mine = anchored(r"\\W", "K", r"Kowalski(?!\\w)")
        print(json.dumps({"found": bool(mine.search(" Mr Kowalski"))}))
        """
    )
    assert _run(tmp_path, plug_in)["found"]
    (kept,) = (tmp_path / "derived").glob("patterns-*.marshal")
    patterns = compiled_patterns.kept_patterns(kept)
    assert patterns and not any("Kowalski" in pattern for pattern in patterns)


def test_a_damaged_file_or_entry_costs_only_the_compilation(tmp_path, monkeypatch):
    monkeypatch.setenv("SANITIZER_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(compiled_patterns, "_entries", None)
    path = compiled_patterns._path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not marshal data")
    assert compiled_patterns.compiled_pattern(r"\d+").findall("a 12 b 3") == ["12", "3"]
    flags, code, groups, group_index, index_group = compiled_patterns._code(r"(?P<n>\d+)", 0)
    # an entry whose code re's engine rejects is compiled again
    compiled_patterns._entries[(r"(?P<n>\d+)", 0)] = (flags, [9999, *code], groups, group_index, index_group)
    assert compiled_patterns.compiled_pattern(r"(?P<n>\d+)").search("x 42").group("n") == "42"
    compiled_patterns._entries[(r"(?P<m>\d+)", 0)] = b"not marshal data"  # an entry as the file holds it
    assert compiled_patterns.compiled_pattern(r"(?P<m>\d+)").search("x 42").group("m") == "42"


def test_what_a_pool_s_workers_compiled_is_kept_too(tmp_path):
    # with two workers the main process extracts nothing: the workers write what they compiled
    pooled = textwrap.dedent(
        """
        import json, marshal, pathlib, sys
        from ic_sanitizer import Sanitizer, Settings
        texts = ["Seen on 12 March 2005 by Dr Okafor.", "Born 3 May 1961 in Leeds, she called on 2 June 2020."]
        with Sanitizer(Settings(workers=2, use_cache=False)) as engine:
            list(engine.sanitize_many(texts))
        from ic_sanitizer.recognizers.universal.dates import DATE
        print(json.dumps({"compiled_here": DATE.pattern._compiled is not None}))
        """
    )
    assert not _run(tmp_path, pooled)["compiled_here"]
    (kept,) = (tmp_path / "derived").glob("patterns-*.marshal")
    from ic_sanitizer.recognizers.universal.dates import DATE

    assert DATE.pattern.pattern in compiled_patterns.kept_patterns(kept)
