"""`sanitizer restore`: every mode's output and its mapping give back the text as read."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app

from ..conftest import NEEDS_FAKER, TAB_DIR, every_mode, shared_data

runner = CliRunner()
LETTER = (
    "Mr John Harding Brown, born on 12 March 1961 in Leeds, paid EUR 7,360 to Anna Kowalska "
    "(anna.kowalska@example.org). Brown wrote to the court on 3 May 2010 , and Kowalska replied.\n"
    "Smith left.\n"
)


@pytest.mark.parametrize("mode", every_mode())
def test_every_mode_restores_byte_for_byte(mode, tmp_path):
    source, out, mapping = tmp_path / "letter.txt", tmp_path / "out.txt", tmp_path / "map.json"
    source.write_text(LETTER, encoding="utf-8")
    result = runner.invoke(
        app,
        [
            "sanitize",
            str(source),
            "-o",
            str(out),
            "--mode",
            mode.value,
            "--mapping",
            str(mapping),
            "--cache-dir",
            str(tmp_path / "cache"),
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert "Kowalska" not in out.read_text(encoding="utf-8")
    back = runner.invoke(app, ["restore", str(out), "--mapping", str(mapping), "-o", str(tmp_path / "back.txt")])
    assert back.exit_code == 0, back.stderr
    assert (tmp_path / "back.txt").read_bytes() == source.read_bytes()


def test_an_altered_text_or_another_mapping_is_refused_in_one_line(tmp_path):
    source, out, mapping = tmp_path / "letter.txt", tmp_path / "out.txt", tmp_path / "map.json"
    source.write_text(LETTER, encoding="utf-8")
    assert (
        runner.invoke(app, ["sanitize", str(source), "-o", str(out), "--mapping", str(mapping), "--no-cache"]).exit_code
        == 0
    )
    out.write_text(out.read_text(encoding="utf-8").replace("wrote", "said"), encoding="utf-8")
    altered = runner.invoke(app, ["restore", str(out), "--mapping", str(mapping)])
    assert altered.exit_code == 1 and "no document whose sanitized text" in altered.stderr
    assert len(altered.stderr.strip().splitlines()) == 1 and "Kowalska" not in altered.stderr
    data = json.loads(mapping.read_text(encoding="utf-8"))
    record = next(iter(data["restore"].values()))
    record["edits"][0][2] = "Mr Someone Else"
    out.write_text(out.read_text(encoding="utf-8").replace("said", "wrote"), encoding="utf-8")
    mapping.write_text(json.dumps(data), encoding="utf-8")
    tampered = runner.invoke(app, ["restore", str(out), "--mapping", str(mapping)])
    assert tampered.exit_code == 1 and "does not match the original's digest" in tampered.stderr


@pytest.mark.parametrize("mode", ["tag", "generalize", pytest.param("pseudonym", marks=NEEDS_FAKER)])
def test_the_tab_judgments_come_back_byte_for_byte(mode, tmp_path):
    shared_data(TAB_DIR)
    texts = json.loads((TAB_DIR / "texts.json").read_text(encoding="utf-8"))
    folder, out, mapping = tmp_path / "in", tmp_path / "out", tmp_path / "map.json"
    folder.mkdir()
    for doc_id, text in texts.items():
        (folder / f"{doc_id}.txt").write_text(text, encoding="utf-8", newline="")
    result = runner.invoke(
        app,
        [
            "sanitize",
            str(folder),
            "-o",
            str(out),
            "--mode",
            mode,
            "--mapping",
            str(mapping),
            "--cache-dir",
            str(tmp_path / "cache"),
        ],
    )
    assert result.exit_code == 0, result.stderr
    differing = []
    for doc_id in texts:
        back = runner.invoke(app, ["restore", str(out / f"{doc_id}.txt"), "--mapping", str(mapping)])
        if back.exit_code != 0 or back.stdout_bytes != (folder / f"{doc_id}.txt").read_bytes():
            differing.append(doc_id)
    assert differing == []
