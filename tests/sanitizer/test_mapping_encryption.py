"""The encrypted mapping file (issue 16): with a key, the file holds no original; with the
key it reads back, by the CLI and by Python; a wrong key, a missing key or an altered
file is refused in one line that never shows the key."""

from __future__ import annotations

import json
import stat

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.errors import InputError
from ic_sanitizer.mapping_file import read_mapping

pytest.importorskip("cryptography", reason="the encryption extra (cryptography) is not installed")

runner = CliRunner()
TEXT = "Mr John Harding Brown wrote from john.brown@example.org in Leeds on 16 March 2009.\n"


def _one_line(result, code):
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == code and len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


@pytest.fixture()
def encrypted(tmp_path):
    source = tmp_path / "letter.txt"
    source.write_text(TEXT, encoding="utf-8")
    key = tmp_path / "private" / "mapping.key"
    made = runner.invoke(app, ["mapping", "key", "-o", str(key)])
    assert made.exit_code == 0, made.stderr
    mapping = tmp_path / "private" / "mapping.json"
    result = runner.invoke(
        app,
        [
            "sanitize",
            str(source),
            "-o",
            str(tmp_path / "out.txt"),
            "--workers",
            "1",
            "--no-cache",
            "--mapping",
            str(mapping),
            "--mapping-key-file",
            str(key),
        ],
    )
    assert result.exit_code == 0, result.stderr
    return mapping, key


def test_without_the_key_the_mapping_holds_no_original_and_with_it_reads_back(encrypted, tmp_path):
    mapping, key = encrypted
    assert stat.S_IMODE(mapping.stat().st_mode) == 0o600 and stat.S_IMODE(key.stat().st_mode) == 0o600
    raw = mapping.read_text(encoding="utf-8")
    assert json.loads(raw)["schema"] == "ic-sanitizer/mapping-encrypted"
    for fragment in (
        "Brown",
        "Harding",
        "john.brown",
        "Leeds",
        "March",
        "PERSON",
    ):  # 5+ letters: never by chance in base64
        assert fragment not in raw
    shown = runner.invoke(app, ["mapping", "show", str(mapping), "--key-file", str(key)])
    assert shown.exit_code == 0, shown.stderr
    originals = json.loads(shown.stdout)["documents"][str(tmp_path / "letter.txt")]
    assert "Mr John Harding Brown" in originals.values() and "john.brown@example.org" in originals.values()
    assert read_mapping(mapping, key.read_bytes())["documents"] == json.loads(shown.stdout)["documents"]


def test_a_missing_or_wrong_key_or_an_altered_file_is_refused(encrypted, tmp_path, monkeypatch):
    mapping, key = encrypted
    monkeypatch.delenv("SANITIZER_MAPPING_KEY", raising=False)
    assert "the mapping is encrypted" in _one_line(runner.invoke(app, ["mapping", "show", str(mapping)]), 2)
    other = tmp_path / "other.key"
    assert runner.invoke(app, ["mapping", "key", "-o", str(other)]).exit_code == 0
    wrong = _one_line(runner.invoke(app, ["mapping", "show", str(mapping), "--key-file", str(other)]), 1)
    assert "cannot be decrypted with this key" in wrong and other.read_text().strip() not in wrong
    envelope = json.loads(mapping.read_text(encoding="utf-8"))
    envelope["token"] = envelope["token"][:-8] + "AAAAAAAA"
    mapping.write_text(json.dumps(envelope), encoding="utf-8")
    with pytest.raises(InputError, match="cannot be decrypted"):
        read_mapping(mapping, key.read_bytes())


def test_a_bad_key_or_a_key_without_a_mapping_is_a_usage_error(tmp_path):
    source = tmp_path / "letter.txt"
    source.write_text(TEXT, encoding="utf-8")
    bad = tmp_path / "bad.key"
    bad.write_text("correct horse battery staple\n", encoding="utf-8")
    base = ["sanitize", str(source), "-o", str(tmp_path / "out.txt"), "--no-cache"]
    line = _one_line(
        runner.invoke(app, [*base, "--mapping", str(tmp_path / "m.json"), "--mapping-key-file", str(bad)]), 2
    )
    assert "not a mapping key" in line and "horse" not in line
    assert "give --mapping too" in _one_line(runner.invoke(app, [*base, "--mapping-key-file", str(bad)]), 2)
    assert not (tmp_path / "m.json").exists() and not (tmp_path / "out.txt").exists()
    existing = _one_line(runner.invoke(app, ["mapping", "key", "-o", str(bad)]), 2)
    assert "never overwritten" in existing and bad.read_text(encoding="utf-8") == "correct horse battery staple\n"


def test_the_key_may_come_from_the_environment(tmp_path, monkeypatch):
    from cryptography.fernet import Fernet

    monkeypatch.setenv("SANITIZER_MAPPING_KEY", Fernet.generate_key().decode("ascii"))
    source = tmp_path / "letter.txt"
    source.write_text(TEXT, encoding="utf-8")
    mapping = tmp_path / "m.json"
    result = runner.invoke(
        app,
        [
            "sanitize",
            str(source),
            "-o",
            str(tmp_path / "out.txt"),
            "--workers",
            "1",
            "--no-cache",
            "--mapping",
            str(mapping),
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert "Brown" not in mapping.read_text(encoding="utf-8")
    shown = runner.invoke(app, ["mapping", "show", str(mapping)])
    assert shown.exit_code == 0 and "Mr John Harding Brown" in shown.stdout
