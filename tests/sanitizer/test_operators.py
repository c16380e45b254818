"""Pseudonyms and masks (issue 16): same entity -> same surrogate within a document and,
with a key, across documents; different keys -> unrelated surrogates; no surrogate
equals its original; the mapping file only on request, owner-only."""

from __future__ import annotations

import json
import re
import stat

from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.operators import Pseudonymizer, mask

runner = CliRunner()
PEOPLE = ["John Harding Brown", "Anna Kowalska", "Peter Smith", "Maria Garcia", "Li Wei"]


def test_same_entity_same_surrogate_and_keys_unrelated():
    first, again, other = Pseudonymizer(b"k" * 32), Pseudonymizer(b"k" * 32), Pseudonymizer(b"z" * 32)
    names = [first.surrogate("PERSON", p, p, "[PERSON-1]") for p in PEOPLE]
    assert names == [again.surrogate("PERSON", p, p, "[PERSON-1]") for p in PEOPLE]
    assert len(set(names)) == len(PEOPLE) and not set(names) & set(PEOPLE)
    others = [other.surrogate("PERSON", p, p, "[PERSON-1]") for p in PEOPLE]
    assert sum(a == b for a, b in zip(names, others)) == 0
    code = first.surrogate("CODE", "41234/09", "no. 41234/09", "[CODE-1]")
    assert code.startswith("no. ") and len(code) == len("no. 41234/09") and code != "no. 41234/09"


def test_mask_keeps_the_form():
    assert mask("DATE", "16 March 2009", "[DATE-1]") == "2009"
    assert mask("AMOUNT", "EUR 7,360", "[AMOUNT-1]") == "[~1,000]"
    assert mask("PERSON", "Mr Brown", "[PERSON-1]") == "[PERSON-1]"


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
        result = runner.invoke(app, ["sanitize", str(folder), "-o", str(out), "--mode", "pseudonym", "--workers", "1",
                                     "--pseudonym-key-file", str(key), "--mapping", str(mapping)])
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


COMMON_NAMES = ["Mrs Mary Smith", "Dr Alan Jones", "Mr Tom Williams", "Ms Sarah Brown", "Mr David Taylor",
                "Mrs Linda Davies", "Mr James Evans", "Ms Emma Wilson", "Mr John Thomas", "Mrs Susan Johnson",
                "Mr Paul Roberts", "Ms Claire Walker", "Mr Peter Wright", "Mrs Karen Robinson", "Mr Mark Thompson",
                "Ms Helen White", "Mr Steven Hughes", "Mrs Ann Edwards", "Mr Andrew Green", "Ms Laura Hall"]


def test_no_surrogate_shares_a_word_with_its_original_and_each_entity_keeps_one():
    import random as random_module

    keys = random_module.Random(7)
    for _ in range(2000):
        pseudonymizer = Pseudonymizer(keys.randbytes(32))
        surnames = {}
        for name in COMMON_NAMES:
            entity = name.split(" ", 1)[1].lower()  # the grouped entity's key: "mary smith"
            surname = name.split()[-1]
            full = pseudonymizer.surrogate("PERSON", entity, name, "[PERSON-1]")
            alone = pseudonymizer.surrogate("PERSON", entity, surname, "[PERSON-1]")
            titled = pseudonymizer.surrogate("PERSON", entity, f"{name.split()[0]} {surname}", "[PERSON-1]")
            originals = {word.lower() for word in name.split()[1:]}
            for value in (full, alone, titled):
                assert not {w.lower() for w in value.split()} & originals, (name, value)
            assert full.split()[-1] == alone == titled.split()[-1], (name, full, alone, titled)  # one surrogate
            surnames[alone] = surnames.get(alone, 0) + 1
        assert max(surnames.values()) == 1  # no two people of one document share a surrogate surname
        email = pseudonymizer.surrogate("EMAIL", "mary.smith@example.org", "mary.smith@example.org", "[EMAIL-1]")
        assert not {"mary", "smith", "example"} & set(re.findall(r"[a-z]+", email.lower())), email


def test_a_lower_case_code_is_redrawn_and_a_label_word_is_kept():
    pseudonymizer = Pseudonymizer(b"k" * 32)
    value = pseudonymizer.surrogate("CODE", "ab12cd", "ab12cd", "[CODE-1]")
    assert value != "ab12cd" and len(value) == 6 and value[2:4].isdigit()
    assert pseudonymizer.surrogate("CODE", "no. 41234/09", "no. 41234/09", "[CODE-1]").startswith("no. ")
