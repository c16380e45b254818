"""No document is sanitized as English when it is not: detected, and refused in one line."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ic_sanitizer import ConfigurationError, InputError, Sanitizer, Settings
from ic_sanitizer.cli.app import app
from ic_sanitizer.language import detect

ENGLISH = "The applicant was born in 1961 and lives in Leeds. He complained that the proceedings had been unfair.\n"
SPANISH = (
    "La paciente de 45 años ingresó en el hospital por un dolor abdominal que no cedía con la medicación, "
    "y fue atendida por el servicio de urgencias de la ciudad.\n"
)
GERMAN = (
    "Der Kläger wohnt in Berlin und hat gegen die Entscheidung des Gerichts Berufung eingelegt, weil er "
    "die Begründung für nicht ausreichend hält.\n"
)
JAPANESE = "東京都に住む山田太郎さんは、二〇二四年三月一日に病院を受診した。\n"
FRENCH = (
    "Le requérant est né en 1961 et réside à Lyon. Il se plaint de la durée de la procédure devant les "
    "juridictions internes, qui n'ont pas statué dans un délai raisonnable.\n"
)
CHINESE = "这位申请人住在北京，他认为法院的程序不公平，并且拖延了很长时间才作出判决。\n"
RUSSIAN = (
    "Заявитель родился в 1961 году и проживает в Москве. Он жалуется на продолжительность разбирательства в "
    "национальных судах.\n"
)


@pytest.mark.parametrize(
    "text, language",
    [
        (ENGLISH, "en"),
        (SPANISH, "es"),
        (GERMAN, "de"),
        (JAPANESE, "ja"),
        (FRENCH, "fr"),
        (RUSSIAN, "cyrl"),
        (CHINESE, "zh"),
        ("Mr Smith, 12 May.", None),
    ],
)
def test_each_language_is_told_and_a_short_text_is_not(text, language):
    assert detect(text) == language


def test_the_api_refuses_a_text_in_a_language_not_supported_unless_asked_to_read_it_as_english():
    with Sanitizer(Settings(use_cache=False, workers=1)) as sanitizer:
        assert sanitizer.sanitize(ENGLISH).text
        with pytest.raises(
            InputError,
            match=r"looks French \(\d+% of its words function words of that language only\), which is not supported yet",
        ) as refused:
            sanitizer.sanitize(FRENCH)
        assert "Lyon" not in str(refused.value)  # never the text
        with pytest.raises(InputError, match="looks Russian or another Cyrillic-script language"):
            sanitizer.sanitize(RUSSIAN)
    with Sanitizer(Settings(use_cache=False, workers=1, language="en")) as sanitizer:
        assert sanitizer.sanitize(FRENCH).text
    with pytest.raises(ConfigurationError, match="`language` fr \\(French\\) is not supported yet"):
        Settings(language="fr")


def test_a_folder_run_refuses_the_document_in_another_language_and_writes_the_others(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "en.txt").write_text(ENGLISH, encoding="utf-8")
    (tmp_path / "in" / "fr.txt").write_text(FRENCH, encoding="utf-8")
    result = CliRunner().invoke(app, ["sanitize", str(tmp_path / "in"), "-o", str(tmp_path / "out"), "--no-cache"])
    assert result.exit_code == 1 and "looks French" in result.stderr and "--language en" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert (tmp_path / "out" / "en.txt").exists() and not (tmp_path / "out" / "fr.txt").exists()


def test_a_text_too_short_to_tell_is_read_in_the_language_of_its_batch():
    from ic_sanitizer.language_routing import languages_of

    short = "Richterin Oberhuber"
    assert detect(short) is None
    assert languages_of([GERMAN, short, GERMAN]) == ["de", "de", "de"]
    assert languages_of([short]) == ["en"]  # alone, English as before
    with (
        Sanitizer(Settings(use_cache=False, workers=1)) as auto,
        Sanitizer(Settings(use_cache=False, workers=1, language="de")) as german,
    ):
        assert [r.text for r in auto.sanitize_many([GERMAN, short])] == [
            r.text for r in german.sanitize_many([GERMAN, short])
        ]


def test_in_a_batch_a_text_in_another_language_is_refused_alone_and_the_others_are_sanitized():
    from ic_sanitizer import DocumentRefused

    with Sanitizer(Settings(use_cache=False, workers=1)) as sanitizer:
        results = list(sanitizer.sanitize_many([ENGLISH, FRENCH, ENGLISH]))
        with pytest.raises(DocumentRefused, match="text 2 looks French"):
            list(sanitizer.sanitize_many([ENGLISH, FRENCH], refuse_batch=True))
    refused = results[1]
    assert isinstance(refused, DocumentRefused) and (refused.index, refused.language) == (1, "French")
    assert "Lyon" not in str(refused)
    assert all(r.text and "Leeds" not in r.text for r in (results[0], results[2]))


@pytest.mark.parametrize(
    "text",
    [
        "\n".join(f"Paragraph {n}: Mr Kowalski met Dr Wisniewska in Warsaw." for n in range(1, 200)),
        "Curriculum vitae. Leone Mazzi, Cesta na Brdo 12, 4275 Begunje na Gorenjskem, Slovenia. I worked as "
        "a nurse on the surgical ward of the hospital for six years and I am looking for a new post.",
    ],
    ids=["repeated-english-verb-that-is-dutch", "english-cv-with-a-slovenian-address"],
)
def test_english_full_of_foreign_names_is_not_refused(text):
    assert detect(text) in ("en", None)
    with Sanitizer(Settings(use_cache=False, workers=1)) as sanitizer:
        assert "Kowalski" not in sanitizer.sanitize(text).text


@pytest.mark.parametrize(
    "text, language",
    [
        ("Bonjour, je voudrais annuler ma commande et être remboursé, merci pour votre aide.", "fr"),
        ("Ciao, vorrei annullare il mio ordine e ricevere il rimborso, grazie per il vostro aiuto.", "it"),
        ("Olá, eu quero cancelar o meu pedido e receber o reembolso, obrigado pela ajuda.", "pt"),
        ("Hallo, ik wil mijn bestelling annuleren en mijn geld terug, bedankt voor uw hulp.", "nl"),
        ("Hallo, ich möchte meine Bestellung stornieren, bitte schicken Sie mir eine Bestätigung.", "de"),
        ("hi, i ordered a jacket three weeks ago and it never came, can you check my order please", "en"),
    ],
)
def test_a_message_is_told_by_its_writers_pronouns_too(text, language):
    # a customer's message speaks in the first and second person, which formal prose's
    # function words (the third person's) say little of
    assert detect(text) == language
