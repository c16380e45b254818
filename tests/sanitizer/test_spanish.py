"""Spanish: its recognizers, candidate rules, tagger and policy, and documents routed to it under auto.

Every example is written for these tests (none is taken from MEDDOCAN or another corpus)."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from ic_sanitizer import ConfigurationError, Sanitizer, Settings
from ic_sanitizer.extraction import open_extractor
from ic_sanitizer.extraction.upos_tagger import tagger_for
from ic_sanitizer.policy import load_policy
from ic_sanitizer.recognizers import identifier_spans, recognizers_for
from ic_sanitizer.terms import TermKind

from ..conftest import NEEDS_FAKER
from .conftest import review_page
from .spanish_record import RECORD


def spans_of(text: str) -> dict[str, TermKind]:
    return {text[s.start : s.end]: s.kind for s in identifier_spans(text, recognizers_for("es"))}


def candidates(text: str) -> dict[str, TermKind]:
    spans = open_extractor("nltk", "es").candidate_spans(text)
    return {text[s.start : s.end]: s.kind for s in spans}


def test_names_titles_organisations_and_departments():
    found = candidates(
        "Lo atendió la Dra. Elena Sanz Prieto en el Hospital Comarcal de Alcañiz, "
        "Servicio de Cardiología, y luego viajó a Santiago de Compostela."
    )
    assert found["Elena Sanz Prieto"] is TermKind.PERSON  # the title outside
    assert found["Hospital Comarcal de Alcañiz"] is TermKind.ORGANISATION
    assert found["Servicio de Cardiología"] is TermKind.NOUN_PHRASE  # a function, no one's name
    assert found["Santiago de Compostela"] is TermKind.NAME


def test_a_label_and_a_lone_letter_or_numeral_are_no_names():
    found = candidates("Correo Electrónico: nadie.\nLesión de tipo B y grado III.")
    assert "Correo Electrónico" not in found and "B" not in found and "III" not in found


def test_the_spanish_tagger_tells_proper_from_common_nouns():
    tags = tagger_for("es").tag("La casa de Teresa está en Zaragoza .".split())
    assert tags[1] == "NOUN" and tags[3] == "PROPN" and tags[6] == "PROPN"


def test_training_reads_a_multiword_token_as_one_word_with_its_first_part_s_tag(tmp_path):
    from scripts.train_upos_tagger import read_conllu  # type: ignore[import-not-found]

    conllu = tmp_path / "t.conllu"
    conllu.write_text(
        "1\tVino\tvenir\tVERB\t_\t_\t0\troot\t_\t_\n2-3\tdel\t_\t_\t_\t_\t_\t_\t_\t_\n"
        "2\tde\tde\tADP\t_\t_\t4\tcase\t_\t_\n3\tel\tel\tDET\t_\t_\t4\tdet\t_\t_\n"
        "4\tcampo\tcampo\tNOUN\t_\t_\t1\tobl\t_\t_\n\n",
        encoding="utf-8",
    )
    assert read_conllu(conllu) == [(["Vino", "del", "campo"], ["VERB", "ADP", "NOUN"])]


def test_the_spanish_default_policy_is_fitted_on_wordfreq_s_spanish_and_others_are_named():
    policy = load_policy("default", "es")
    assert policy.backend is not None and policy.backend[1].endswith("-es-best")
    assert {TermKind.SEX, TermKind.RELATION} <= policy.kinds
    with pytest.raises(ConfigurationError, match="built-in policies for Spanish texts are default, paper"):
        load_policy("readable", "es")


def test_a_spanish_record_sanitized_whole():
    with Sanitizer(Settings(language="es", use_cache=False, workers=1)) as sanitizer:
        text = sanitizer.sanitize(RECORD).text
    for secret in (
        "Lucía",
        "Ferrándiz",
        "5521907",
        "Almendros",
        "Teruel",
        "44002",
        "1958",
        "Quiroga",
        "34567",
        "viuda",
        "hija",
        "2009",
        "Alcañiz",
        "Elena",
        "978 654 321",
    ):
        assert secret not in text, secret
    for kept in ("Nombre:", "dolor torácico", "Servicio de Cardiología", "Informe:"):
        assert kept in text, kept


def test_under_auto_each_document_goes_to_its_language_s_engine_in_order():
    english = "The applicant, Mr John Smith, lives in Leeds and was arrested on 3 March 2001 by the police.\n"
    with Sanitizer(Settings(use_cache=False, workers=1)) as auto:
        results = [r.text for r in auto.sanitize_many([english, RECORD, english])]
        with pytest.raises(ConfigurationError, match="text 1 looks Spanish: give `language` es"):
            auto.candidates(RECORD)  # a path that reads one language at a time refuses, never reads it as English
    with Sanitizer(Settings(language="es", use_cache=False, workers=1)) as spanish:
        assert results[1] == spanish.sanitize(RECORD).text
    with Sanitizer(Settings(language="en", use_cache=False, workers=1)) as plain:
        assert results[0] == results[2] == plain.sanitize(english).text


def test_wordfreq_counts_in_the_language_asked():
    from ic_sanitizer.corpus_stats import open_backend

    assert open_backend("wordfreq:es").count("hospital") != open_backend("wordfreq").count("hospital")
    assert open_backend("wordfreq:es").count("ayer") > open_backend("wordfreq").count("ayer")


def test_the_shipped_model_is_the_one_the_script_writes():
    from importlib import resources

    model = json.loads(
        gzip.decompress(resources.files("ic_sanitizer.extraction").joinpath("upos_models/es.json.gz").read_bytes())
    )
    assert {"NOUN", "PROPN", "ADP", "DET"} <= set(model["tags"]) and model["weights"]


@NEEDS_FAKER
def test_pseudonyms_of_a_spanish_record_are_spanish_and_written_as_spanish_writes():
    from faker.providers.person.es_ES import Provider

    settings = Settings(language="es", use_cache=False, workers=1, mode="pseudonym", pseudonym_key=b"k" * 32)
    with Sanitizer(settings) as sanitizer:
        result = sanitizer.sanitize(RECORD)
    persons = [r.replacement for r in result.replacements if r.kind is TermKind.PERSON]
    assert len(persons) >= 3 and all(name.split()[-1] in Provider.last_names for name in persons)
    assert not any(name in result.text for name in ("Lucía", "Ferrándiz", "Quiroga", "Elena", "1958", "2009"))
    assert re.search(r"Fecha de nacimiento: \d\d/\d\d/\d{4}\.", result.text)  # a numeric date stays numeric
    assert re.search(r"intervenida en \d{1,2} de [a-z]+ de \d{4}", result.text)  # a written one in Spanish


def test_tune_fits_a_spanish_policy_when_given_the_language_and_refuses_under_auto(tmp_path):
    from typer.testing import CliRunner

    from ic_sanitizer.cli.app import app

    texts = {"a": RECORD, "b": RECORD.replace("Lucía", "Marta").replace("Teruel", "Huesca")}
    gold = {
        doc: [[m.start(), m.end(), "NOMBRE"] for m in re.finditer(r"Lucía|Marta|Ferrándiz Olmo", text)]
        for doc, text in texts.items()
    }
    (tmp_path / "texts.json").write_text(json.dumps(texts), encoding="utf-8")
    (tmp_path / "gold.json").write_text(json.dumps(gold), encoding="utf-8")
    command = [
        "tune",
        "--gold",
        str(tmp_path / "gold.json"),
        "--texts",
        str(tmp_path / "texts.json"),
        "--no-cache",
        "--workers",
        "1",
        "--fit-policy",
    ]
    refused = CliRunner().invoke(app, [*command, str(tmp_path / "auto.json")])
    assert refused.exit_code != 0 and "es" in refused.output and not (tmp_path / "auto.json").exists()
    fitted = CliRunner().invoke(app, [*command, str(tmp_path / "mine.json"), "--language", "es"])
    assert fitted.exit_code == 0, fitted.output
    assert json.loads((tmp_path / "mine.json").read_text(encoding="utf-8"))["backend"]["fingerprint"].endswith(
        "-es-best"
    )


def test_review_reads_a_spanish_record_as_spanish_under_auto(tmp_path):
    page = review_page(tmp_path, RECORD)
    assert "Ferrándiz Olmo" in page and "es_" in page
