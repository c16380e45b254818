"""Encodings (issue 16): a cp1252 or UTF-16 document is sanitized like its UTF-8 twin;
a file whose encoding cannot be told is refused with one line; outputs are UTF-8."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.errors import InputError
from ic_sanitizer.formats.encoding import decode_text

from ..conftest import REPO

runner = CliRunner()
# The example judgment with the letters and signs a Western legacy file holds.
JUDGMENT = (REPO / "examples" / "judgment.txt").read_text(encoding="utf-8").replace("Brown", "Brówn").replace(
    "York", "Köln"
) + "\nCosts: €5,000 – “in full” to Señor Muñoz of Café Zoë.\n"


def _sanitized(path, tmp_path) -> str:
    output = tmp_path / f"out-{path.name}"
    result = runner.invoke(app, ["sanitize", str(path), "-o", str(output), "--workers", "1"])
    assert result.exit_code == 0, result.stderr
    return output.read_bytes().decode("utf-8")  # outputs are UTF-8 whatever the input's encoding


@pytest.mark.parametrize("encoding", ["cp1252", "utf-16"])
def test_a_legacy_or_utf16_judgment_is_sanitized_like_its_utf8_twin(tmp_path, encoding):
    twin = tmp_path / "utf8.txt"
    twin.write_bytes(JUDGMENT.encode("utf-8"))
    other = tmp_path / f"{encoding}.txt"
    other.write_bytes(JUDGMENT.encode(encoding))
    expected = _sanitized(twin, tmp_path)
    assert "Brówn" not in expected and "[PERSON-1]" in expected
    assert _sanitized(other, tmp_path) == expected


@pytest.mark.parametrize(
    "raw, encoding",
    [
        ("Der Kläger wohnt in München, Straße 5.".encode("latin-1"), "cp1252"),
        ("Mr Brówn 東京".encode("utf-16"), "utf-16"),
        ("Mr Brówn".encode("utf-8-sig"), "utf-8-sig"),
        ("Привет, мир, как дела у Иванова".encode("cp1251"), "cp1251"),
        # Polish read without mess as cp1252 ("œwiêtego") or ISO-8859-10 ("Ģodzi"): read right, by its words
        (
            "Pan Jan Kowalski mieszka w Łodzi przy ulicy Świętego Marcina, a jego żona pracuje w szpitalu.".encode(
                "cp1250"
            ),
            "cp1250",
        ),
        ("Pan Jan Kowalski mieszka w Łodzi przy ulicy świętego Marcina.".encode("iso8859_2"), "iso8859_2"),
        ("Příliš žluťoučký kůň úpěl ďábelské ódy v Praze.".encode("cp1250"), "cp1250"),
        ("El niño comió con la señora García en Málaga.".encode("cp1252"), "cp1252"),
    ],
)
def test_encodings_told_with_confidence(raw, encoding):
    decoded = decode_text(raw, "doc.txt")
    assert decoded.encoding == encoding and decoded.text == raw.decode(encoding)


@pytest.mark.parametrize(
    "raw, message",
    [
        (b"\xff\xfe not UTF-16", "byte-order mark"),
        (b"Mr Kowalski \x81\x8d\x90\x9d caf\xe9", "cannot be told"),
        (
            "Zażółć gęślą jaźń".encode("cp1250"),
            "cannot be told",
        ),  # cp1250 read as cp1252 is a mess: refused, not guessed
    ],
)
def test_an_unclear_encoding_is_refused(raw, message):
    with pytest.raises(InputError, match=message) as caught:
        decode_text(raw, "doc.txt")
    assert str(caught.value).startswith("doc.txt: ") and "\n" not in str(caught.value)
