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

RECORD = (
    "Datos del paciente.\nNombre: Lucía.\nApellidos: Ferrándiz Olmo.\nNHC: 5521907.\n"
    "Domicilio: Calle de los Almendros, 14, 3º B.\nLocalidad/ Provincia: Teruel.\nCP: 44002.\n"
    "Fecha de nacimiento: 02/11/1958.\nEdad: 66 años Sexo: M.\n"
    "Médico: Andrés Quiroga Peña  NºCol: 44 12 34567.\n"
    "Informe: Mujer de 66 años, de raza caucásica, viuda, que acude con su hija por dolor torácico de "
    "3 días de evolución. Fue intervenida en marzo de 2009 en el Hospital Comarcal de Alcañiz.\n"
    "Remitido por: Dra. Elena Sanz Prieto, Servicio de Cardiología. Tel.: 978 654 321.\n"
)


def spans_of(text: str) -> dict[str, TermKind]:
    return {text[s.start : s.end]: s.kind for s in identifier_spans(text, recognizers_for("es"))}


def test_a_record_s_fields_are_found_by_their_labels_and_the_labels_stay():
    found = spans_of(RECORD)
    for value, kind in [
        ("Lucía", TermKind.PERSON),
        ("Ferrándiz Olmo", TermKind.PERSON),
        ("Teruel", TermKind.LOCATION),
        ("02/11/1958", TermKind.DATE),
        ("66 años", TermKind.AGE),
        ("M", TermKind.SEX),
        ("Andrés Quiroga Peña", TermKind.PERSON),
        ("44 12 34567", TermKind.CODE),
        ("5521907", TermKind.CODE),
        ("44002", TermKind.LOCATION),
    ]:
        assert found.get(value) is kind, value
    assert not any(label in found for label in ("Nombre", "Edad", "Sexo", "NHC"))


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Ingresó el 7 de enero de 2011.", "7 de enero de 2011"),
        ("Operado en febrero de 1999 sin secuelas.", "febrero de 1999"),
        ("Vive en la ciudad desde 2003.", "2003"),
        ("Fue en el año 1987.", "el año 1987"),
    ],
)
def test_dates_written_in_spanish(text, expected):
    assert spans_of(text).get(expected) is TermKind.DATE


def test_a_bare_year_needs_a_word_that_makes_it_a_date():
    assert "1500" not in spans_of("Se contaron 1500 células por campo.")


@pytest.mark.parametrize(
    "text, age",
    [
        ("Niña de cuatro años con fiebre.", "cuatro años"),
        ("A los 12 años sufrió una fractura.", "12 años"),
        ("Lactante de 9 meses.", "9 meses"),
    ],
)
def test_ages(text, age):
    assert spans_of(text).get(age) is TermKind.AGE


@pytest.mark.parametrize(
    "text", ["Tos desde hace 3 años.", "Cuadro de 2 meses de evolución.", "Tratado durante 6 meses con hierro."]
)
def test_a_duration_is_no_age(text):
    assert TermKind.AGE not in spans_of(text).values()


def test_dni_and_nie_need_their_check_letter():
    found = spans_of("DNI 12345678Z y NIE X1234567L; no 12345678A.")
    assert found.get("12345678Z") is TermKind.CODE and found.get("X1234567L") is TermKind.CODE
    assert "12345678A" not in found


def test_spanish_phone_numbers_are_valid_ones():
    found = spans_of("Llamar al 978 654 321 o al 612345678; el lote 123 456 789 no.")
    assert found.get("978 654 321") is TermKind.PHONE and found.get("612345678") is TermKind.PHONE
    assert "123 456 789" not in found


def test_a_spanish_phone_number_with_the_country_code():
    found = spans_of("Tfno.+34612345678 o Tel: 0034 91 123 45 67.")
    assert found.get("+34612345678") is TermKind.PHONE and found.get("0034 91 123 45 67") is TermKind.PHONE


@pytest.mark.parametrize(
    "address",
    ["Calle de los Almendros, 14, 3º B", "Avda. de la Constitución, s/n", "C/ Mayor 7", "Paseo del Prado, 20"],
)
def test_street_addresses(address):
    assert spans_of(f"Vive en {address}. Sin más.").get(address) is TermKind.LOCATION


def test_sex_kin_marital_status_and_origin_are_kinds_of_their_own():
    found = spans_of("Varón de raza gitana, casado, que vive con dos hermanas y su tío materno.")
    assert found["Varón"] is TermKind.SEX and found["casado"] is TermKind.RELATION
    assert found["dos hermanas"] is TermKind.RELATION and found["tío materno"] is TermKind.RELATION
    assert found["raza gitana"] is TermKind.DEMONYM
    assert TermKind.DEMONYM not in spans_of("Cirrosis de origen enólico.").values()


@pytest.mark.parametrize(
    "text, phrase",
    [
        ("Es la segunda de cinco hermanas y vive sola.", "la segunda de cinco hermanas"),
        ("Se trata del menor de 3 hermanos.", "menor de 3 hermanos"),
        ("Hija única de padres separados.", "Hija única"),
        ("Es el primer hijo de la pareja.", "primer hijo"),
        ("Soltera y sin hijos, vive en una residencia.", "sin hijos"),
        ("Varón adoptado a los tres años.", "adoptado"),
    ],
)
def test_a_place_among_siblings_children_and_adoption_are_relations(text, phrase):
    assert spans_of(text).get(phrase) is TermKind.RELATION


def test_nationality_skin_colour_and_orientation_are_said_of_a_person():
    found = spans_of("Mujer ecuatoriana de 30 años. Varón negro, bisexual, con una lesión en la sustancia blanca.")
    assert found["ecuatoriana"] is TermKind.DEMONYM and found["negro"] is TermKind.DEMONYM
    assert found["bisexual"] is TermKind.SEX
    assert "blanca" not in found


@pytest.mark.parametrize(
    "text, phrase",
    [
        ("Varón de 41 años, camionero de profesión.", "camionero"),
        ("Trabajó como profesora de matemáticas hasta 2010.", "profesora de matemáticas"),
        ("Es ex futbolista y entrenador.", "ex futbolista"),
        ("Empleada en limpieza industrial desde hace años.", "Empleada en limpieza industrial"),
        ("Firma el informe la médica residente de 3º año.", "médica residente de 3º año"),
    ],
)
def test_trades_are_professions_with_what_they_are_of(text, phrase):
    assert spans_of(text).get(phrase) is TermKind.PROFESSION


def test_a_trade_s_complement_stops_at_a_determiner_and_the_clinical_staff_is_no_trade():
    found = spans_of("Pintor en su casa. El médico y la enfermera de guardia.")
    assert found.get("Pintor") is TermKind.PROFESSION
    assert TermKind.PROFESSION not in {kind for phrase, kind in found.items() if phrase != "Pintor"}


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
