"""The service writes what the CLI writes: the same bytes for a document of every format
sanitized alone, in every mode (with one key), through `POST /sanitize`."""

from __future__ import annotations

import base64

import pytest
from typer.testing import CliRunner

from ic_sanitizer import Mode, Sanitizer, Settings
from ic_sanitizer.cli.app import app

from ..conftest import every_mode
from .mixed_documents import content, members, write_mixed_folder

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

runner = CliRunner()
KEY = b"a secret key of 32 bytes or so.."
#: what the CLI writes for each input: a PDF's text as text
OUTPUTS = {"note.txt": "note.txt", "rows.jsonl": "rows.jsonl", "table.csv": "table.csv",
           "letter.docx": "letter.docx", "letter.pdf": "letter.pdf.txt"}  # fmt: skip


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    return write_mixed_folder(tmp_path_factory.mktemp("mixed"))


@pytest.mark.parametrize("mode", every_mode())
def test_the_service_and_the_cli_write_the_same_bytes_for_every_format(mixed, mode, tmp_path):
    import requests

    from ic_sanitizer.service.app import create_app

    from .loopback import serving_app

    key = tmp_path / "key"
    key.write_bytes(KEY)
    cli = {}
    for name, output in OUTPUTS.items():
        out = tmp_path / "cli" / output
        result = runner.invoke(
            app,
            ["sanitize", str(mixed / name), "-o", str(out), "--mode", Mode(mode).value,
             "--pseudonym-key-file", str(key), "--cache-dir", str(tmp_path / "cache")],
        )  # fmt: skip
        assert result.exit_code == 0, (name, result.stderr)
        cli[name] = content(out)
    settings = Settings(cache_dir=tmp_path / "cache", workers=1, mode=mode, pseudonym_key=KEY)
    with Sanitizer(settings) as engine, serving_app(create_app(engine)) as url:
        for name in OUTPUTS:
            encoded = base64.b64encode((mixed / name).read_bytes()).decode("ascii")
            answer = requests.post(f"{url}/sanitize", json={"document": encoded, "filename": name}, timeout=60)
            assert answer.status_code == 200, (name, answer.text)
            data = base64.b64decode(answer.json()["document"])
            served = members(data) if name.endswith(".docx") else data
            assert served == cli[name], name
    assert b"Smith" not in cli["note.txt"]


def test_the_service_refuses_a_record_whose_other_field_holds_what_the_text_lost(tmp_path):
    import json

    import requests

    from ic_sanitizer.service.app import create_app

    from .loopback import serving_app

    records = [
        {"doc_id": "x", "text": "Mr Jan Kowalski lives in Warsaw.", "note": "about jan kowalski"},
        {"doc_id": "y", "text": "The hearing was adjourned.", "note": "routine"},
    ]
    encoded = base64.b64encode("".join(json.dumps(r) + "\n" for r in records).encode("utf-8")).decode("ascii")
    with Sanitizer(Settings(cache_dir=tmp_path / "cache", workers=1)) as engine, serving_app(create_app(engine)) as url:
        answer = requests.post(f"{url}/sanitize", json={"document": encoded, "filename": "rows.jsonl"}, timeout=60)
    assert answer.status_code in (400, 422) and "text the sanitizer removed" in answer.text
    assert "kowalski" not in answer.text.lower()
