"""Without an optional extra, its format is refused in one line naming what to install,
and `sanitizer backends` says which formats are available."""

from __future__ import annotations

import json
import sys

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize(
    "module, name, content, options, code, extra",
    [
        ("docx", "memo.docx", b"PK\x03\x04", ["-o", "out.docx"], 1, "ic-sanitizer[docx]"),
        ("pypdf", "letter.pdf", b"%PDF-1.4\n", [], 1, "ic-sanitizer[pdf]"),
        (
            "cryptography",
            "letter.txt",
            b"Mr John Brown wrote.\n",
            ["--mapping", "m.json", "--mapping-key-file", "k"],
            2,
            "ic-sanitizer[encryption]",
        ),
    ],
    ids=["docx", "pdf", "encryption"],
)
def test_a_missing_extra_is_named_in_one_line(tmp_path, monkeypatch, module, name, content, options, code, extra):
    for loaded in [m for m in sys.modules if m == module or m.startswith(module + ".")]:
        monkeypatch.delitem(sys.modules, loaded)
    monkeypatch.setitem(sys.modules, module, None)  # import now raises ImportError
    monkeypatch.setitem(sys.modules, module + ".fernet", None)
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_bytes(content)
    (tmp_path / "k").write_text("x" * 44, encoding="utf-8")
    result = runner.invoke(app, ["sanitize", name, *options, "--no-cache"])
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == code and len(lines) == 1 and extra in lines[0], result.stderr
    listed = json.loads(runner.invoke(app, ["backends", "--json"]).stdout)["formats"]
    assert extra.split("[")[1].rstrip("]") in [f["name"] for f in listed if f["missing"]]
    assert not (tmp_path / "m.json").exists()
