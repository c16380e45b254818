"""Pseudonyms and masks, operators of the engine: same entity -> same surrogate within a
document and, with a key, across documents; different keys -> unrelated surrogates; no
surrogate equals its original; the same from Python as from the CLI; the mapping file only
on request, owner-only."""

from __future__ import annotations

import json
import re
import stat

import pytest
from typer.testing import CliRunner

from ic_sanitizer import ConfigurationError, Sanitizer, Settings, TermKind
from ic_sanitizer.cli.app import app
from ic_sanitizer.operators import Pseudonymizer, mask

from ..conftest import NEEDS_FAKER, every_mode

runner = CliRunner()
PERSON = TermKind.PERSON
PEOPLE = ["John Harding Brown", "Anna Kowalska", "Peter Smith", "Maria Garcia", "Li Wei"]


@NEEDS_FAKER
def test_same_entity_same_surrogate_and_keys_unrelated():
    first, again, other = (Pseudonymizer(key).for_text() for key in (b"k" * 32, b"k" * 32, b"z" * 32))
    names = [first.surrogate(PERSON, p, p, "[PERSON-1]") for p in PEOPLE]
    assert names == [again.surrogate(PERSON, p, p, "[PERSON-1]") for p in PEOPLE]
    assert len(set(names)) == len(PEOPLE) and not set(names) & set(PEOPLE)
    others = [other.surrogate(PERSON, p, p, "[PERSON-1]") for p in PEOPLE]
    assert sum(a == b for a, b in zip(names, others)) == 0
    code = first.surrogate(TermKind.CODE, "41234/09", "no. 41234/09", "[CODE-1]")
    assert code.startswith("no. ") and len(code) == len("no. 41234/09") and code != "no. 41234/09"


def test_mask_keeps_the_form():
    assert mask(TermKind.DATE, "16 March 2009", "[DATE-1]") == "2009"
    assert mask(TermKind.AMOUNT, "EUR 7,360", "[AMOUNT-1]") == "[~1,000]"
    assert mask(PERSON, "Mr Brown", "[PERSON-1]") == "[PERSON-1]"


@NEEDS_FAKER
def test_pseudonyms_across_documents_with_a_key_file(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("a.txt", "b.txt"):
        (folder / name).write_text("Mr John Harding Brown wrote to the court. Brown signed.\n", encoding="utf-8")
    key = tmp_path / "key"
    key.write_bytes(b"a secret key of 32 bytes or so..")
    outputs = []
    for run, key_bytes in enumerate([None, None, b"another secret key, 32 bytes...."]):
        if key_bytes:
            key.write_bytes(key_bytes)
        out, mapping = tmp_path / f"out{run}", tmp_path / f"map{run}.json"
        result = runner.invoke(
            app,
            [
                "sanitize",
                str(folder),
                "-o",
                str(out),
                "--mode",
                "pseudonym",
                "--workers",
                "1",
                "--pseudonym-key-file",
                str(key),
                "--mapping",
                str(mapping),
            ],
        )
        assert result.exit_code == 0, result.stderr
        outputs.append([(out / n).read_text(encoding="utf-8") for n in ("a.txt", "b.txt")])
        assert stat.S_IMODE(mapping.stat().st_mode) == 0o600
        originals = json.loads(mapping.read_text(encoding="utf-8"))["documents"][str(folder / "a.txt")]
        assert "Mr John Harding Brown" in originals.values()
    first, second, rekeyed = outputs
    assert "Brown" not in first[0] and first[0] == first[1] == second[0]  # across documents and runs
    assert rekeyed[0] != first[0]


def test_the_mapping_never_lands_on_an_input(tmp_path):
    source = tmp_path / "doc.txt"
    source.write_text("Mr John Harding Brown wrote.\n", encoding="utf-8")
    result = runner.invoke(app, ["sanitize", str(source), "--mode", "mask", "--mapping", str(source)])
    assert result.exit_code == 2 and "--mapping" in result.stderr
    assert source.read_text(encoding="utf-8") == "Mr John Harding Brown wrote.\n"


COMMON_NAMES = [
    "Mrs Mary Smith",
    "Dr Alan Jones",
    "Mr Tom Williams",
    "Ms Sarah Brown",
    "Mr David Taylor",
    "Mrs Linda Davies",
    "Mr James Evans",
    "Ms Emma Wilson",
    "Mr John Thomas",
    "Mrs Susan Johnson",
    "Mr Paul Roberts",
    "Ms Claire Walker",
    "Mr Peter Wright",
    "Mrs Karen Robinson",
    "Mr Mark Thompson",
    "Ms Helen White",
    "Mr Steven Hughes",
    "Mrs Ann Edwards",
    "Mr Andrew Green",
    "Ms Laura Hall",
]


@NEEDS_FAKER
def test_no_surrogate_shares_a_word_with_its_original_and_each_entity_keeps_one():
    import random as random_module

    keys = random_module.Random(7)
    for _ in range(2000):
        pseudonymizer = Pseudonymizer(keys.randbytes(32)).for_text()
        surnames = {}
        for name in COMMON_NAMES:
            entity = name.split(" ", 1)[1].lower()  # the grouped entity's key: "mary smith"
            surname = name.split()[-1]
            full = pseudonymizer.surrogate(PERSON, entity, name, "[PERSON-1]")
            alone = pseudonymizer.surrogate(PERSON, entity, surname, "[PERSON-1]")
            titled = pseudonymizer.surrogate(PERSON, entity, f"{name.split()[0]} {surname}", "[PERSON-1]")
            originals = {word.lower() for word in name.split()[1:]}
            for value in (full, alone, titled):
                assert not {w.lower() for w in value.split()} & originals, (name, value)
            assert full.split()[-1] == alone == titled.split()[-1], (name, full, alone, titled)  # one surrogate
            surnames[alone] = surnames.get(alone, 0) + 1
        assert max(surnames.values()) == 1  # no two people of one document share a surrogate surname
        email = pseudonymizer.surrogate(TermKind.EMAIL, "mary.smith@example.org", "mary.smith@example.org", "[EMAIL-1]")
        assert not {"mary", "smith", "example"} & set(re.findall(r"[a-z]+", email.lower())), email


@NEEDS_FAKER
def test_a_lower_case_code_is_redrawn_and_a_label_word_is_kept():
    pseudonymizer = Pseudonymizer(b"k" * 32).for_text()
    value = pseudonymizer.surrogate(TermKind.CODE, "ab12cd", "ab12cd", "[CODE-1]")
    assert value != "ab12cd" and len(value) == 6 and value[2:4].isdigit()
    assert pseudonymizer.surrogate(TermKind.CODE, "no. 41234/09", "no. 41234/09", "[CODE-1]").startswith("no. ")


LETTER = (
    "Mr John Harding Brown, born on 12 March 1961 in Leeds, paid EUR 7,360 to Anna Kowalska. "
    "Brown wrote to the court on 3 May 2010.\n"
)


@pytest.mark.parametrize("mode", every_mode())
def test_every_mode_runs_from_python_as_the_cli_writes_it(mode, tmp_path):
    key = b"a secret key of 32 bytes or so.."
    (tmp_path / "key").write_bytes(key)
    (tmp_path / "letter.txt").write_text(LETTER, encoding="utf-8")
    with Sanitizer(Settings(mode=mode, pseudonym_key=key, cache_dir=tmp_path / "cache")) as sanitizer:
        result = sanitizer.sanitize(LETTER)
    assert result.mode is mode and "Kowalska" not in result.text
    assert all(r.kind in TermKind and r.entity for r in result.replacements)
    cli = runner.invoke(
        app,
        [
            "sanitize",
            str(tmp_path / "letter.txt"),
            "--mode",
            mode.value,
            "--pseudonym-key-file",
            str(tmp_path / "key"),
            "--cache-dir",
            str(tmp_path / "cache"),
        ],
    )
    assert cli.exit_code == 0, cli.stderr
    assert cli.stdout == result.text


@NEEDS_FAKER
def test_a_pseudonym_keeps_the_title_and_the_person_across_mentions():
    with Sanitizer(Settings(mode="pseudonym", pseudonym_key=b"k" * 32, use_cache=False)) as sanitizer:
        result = sanitizer.sanitize(LETTER)
    person = [r for r in result.replacements if r.kind is PERSON and "Brown" in LETTER[r.start : r.end]]
    full, alone = person[0].replacement, person[-1].replacement
    assert full.startswith("Mr ") and full.split()[-1] == alone and len({r.entity for r in person}) == 1
    masked = Sanitizer(Settings(mode="mask", use_cache=False)).sanitize(LETTER).text
    assert "1961" in masked and "March" not in masked and "[~1,000]" in masked


@NEEDS_FAKER
def test_a_texts_surrogates_do_not_depend_on_the_texts_before_it():
    """Spark hands texts to processes in any order: each text's output is its own."""
    other = "Dr Alan Jones and Mrs Linda Brown met Anna Kowalska in Leeds.\n"
    with Sanitizer(Settings(mode="pseudonym", pseudonym_key=b"k" * 32, use_cache=False)) as sanitizer:
        alone = sanitizer.sanitize(LETTER).text
        after = [r.text for r in sanitizer.sanitize_many([other, LETTER])][1]
    assert alone == after


@pytest.mark.parametrize("key", [b"short", "a text, not bytes, of 32 characters"])
def test_a_pseudonym_key_that_is_too_short_or_not_bytes_is_refused_naming_the_parameter(key):
    with pytest.raises(ConfigurationError, match="`pseudonym_key` must be bytes, at least 16"):
        Settings(mode="pseudonym", pseudonym_key=key)


def test_the_key_is_shown_nowhere():
    key = b"a-secret-pseudonym-key-0123456789"
    settings = Settings(mode="pseudonym", pseudonym_key=key)
    assert key.decode() not in repr(settings) and "pseudonym_key" not in settings.to_json()
    from ic_sanitizer.spark._engine import as_engine_settings

    assert key.decode() not in repr(as_engine_settings(settings))


def test_spark_settings_carry_one_key_made_on_the_driver_when_none_is_given():
    from ic_sanitizer.spark._engine import engine_settings

    settings = engine_settings("wordfreq", mode="pseudonym")
    key = settings.pseudonym_key
    assert isinstance(key, bytes) and len(key) >= 16
    assert engine_settings("wordfreq", mode="tag").pseudonym_key is None
