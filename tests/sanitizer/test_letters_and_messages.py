"""Rules read off letters and customer messages: references, labels, account numbers and
the writer's "I". Each case is a rule's own example, not a document of any annotated set."""

from __future__ import annotations

import pytest

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.extraction.candidates import find_candidate_spans
from ic_sanitizer.terms import TermKind

from .conftest import names_by_text


@pytest.fixture(scope="module")
def sanitizer():
    with Sanitizer(Settings(use_cache=False, workers=1)) as engine:
        yield engine


def _masked(sanitizer, text: str) -> list[str]:
    return [text[r.start : r.end] for r in sanitizer.sanitize(text).replacements]


@pytest.mark.parametrize(
    "text, name",
    [
        ("Dear Mr Smith I am writing about my order.", "Mr Smith"),
        ("Thanks Tom I will call you tomorrow.", "Tom"),
        ("Hi Sarah I'm outside the station.", "Sarah"),
        ("Under UK261 I believe I am owed money.", "UK261"),
    ],
)
def test_the_writers_i_after_a_name_is_not_part_of_it(extractor, text, name):
    assert name in names_by_text(text, extractor)


@pytest.mark.parametrize(
    "text, name",
    [("Queen Elizabeth I died in 1603.", "Queen Elizabeth I"), ("Mr I. Kowalski was heard.", "Mr I. Kowalski")],
)
def test_a_monarchs_number_or_an_initial_stays_in_the_name(extractor, text, name):
    assert name in names_by_text(text, extractor)


@pytest.mark.parametrize("word", ["X-ray", "T-shirt", "E-mail"])
def test_a_letter_joined_to_a_common_noun_is_no_name(extractor, word):
    assert word not in names_by_text(f"He had a chest {word} on Monday and left.", extractor)


@pytest.mark.parametrize("code", ["QX7TRN", "BA2491", "AB12CD"])
def test_a_reference_of_capitals_and_digits_is_a_code(extractor, code):
    assert names_by_text(f"My booking is {code} and I paid.", extractor)[code] is TermKind.CODE


@pytest.mark.parametrize("word", ["A4", "MP3"])
def test_a_short_word_of_a_letter_and_digits_is_no_code(extractor, word):
    assert names_by_text(f"Print it on {word} paper now.", extractor).get(word) is not TermKind.CODE


@pytest.mark.parametrize(
    "text, value, label",
    [
        ("I was booked on the late flight (booking ref. QX7TRN) and it was cancelled.\n", "QX7TRN", "booking ref"),
        ("Please reset my login. My employee ID is EMP-20457.\n", "EMP-20457", "employee ID"),
        ("Yours sincerely,\nMarek Nowicki\nEmployee number 55102\n", "55102", "Employee number"),
    ],
)
def test_a_label_and_the_words_that_qualify_it_stay_in_clear_before_its_value(sanitizer, text, value, label):
    result = sanitizer.sanitize(text)
    assert value in [text[r.start : r.end] for r in result.replacements] and label in result.text


def test_a_number_that_ends_a_noun_phrase_is_masked_without_its_words(sanitizer):
    text = "A payment appeared on my current account ending 4417 on Monday.\n"
    result = sanitizer.sanitize(text)
    assert "4417" in [text[r.start : r.end] for r in result.replacements]
    assert "current account ending" in result.text


def test_a_quantity_keeps_its_number_and_unit_together(sanitizer):
    text = "The court awarded her 61,000 zlotys in damages.\n"
    assert "61,000 zlotys" in _masked(sanitizer, text)


@pytest.mark.parametrize(
    "text, phrase", [("He has type 2 diabetes.", "type 2"), ("He parked in loading bay 4.", "bay 4")]
)
def test_a_short_number_stays_with_its_noun(extractor, text, phrase):
    spans = find_candidate_spans(text, extractor.analyze(text))
    assert any(phrase in text[s.start : s.end] for s in spans)


@pytest.mark.parametrize(
    "text, name, kind",
    [
        ("The Morgan card ending in 4242 was declined.", "Morgan", TermKind.NAME),
        ("I met the Jack who lives next door.", "Jack", TermKind.PERSON),
        ("Then my Jack said hello.", "Jack", TermKind.PERSON),
    ],
)
def test_a_given_name_between_an_article_and_a_noun_is_no_person(extractor, text, name, kind):
    assert names_by_text(text, extractor)[name] is kind


def test_a_person_s_role_before_a_colon_labels_a_form_s_field(sanitizer):
    text = "Pupil: Amelia Chowdhury    Form: 9RH    Tutor: Mr R. Hargreaves\nAmelia did well.\n"
    result = sanitizer.sanitize(text)
    assert result.text.startswith("Pupil: [PERSON-1]") and "Tutor: [PERSON-2]" in result.text


def test_a_surname_that_is_a_trade_before_a_colon_is_still_a_name(sanitizer):
    # WordNet's "fletcher" makes arrows; as a speaker it is a surname
    assert "Fletcher" in _masked(sanitizer, "Fletcher: I told him to leave the keys.\n")


@pytest.mark.parametrize(
    "text, name",
    [
        ("She is survived by her brother Fr. Tom Whelan. He was ordained in 1970.", "Fr. Tom Whelan"),
        ("He has released two albums under the name K.L. Holm. He lives in Aarhus.", "K.L. Holm"),
        # a surname that is an ordinary word, after a title and joined initials
        ("It was lodged by Ms S.D. Burden (the applicant) in 2005.", "Ms S.D. Burden"),
    ],
)
def test_a_title_or_joined_initials_punkt_ends_a_sentence_after_stay_with_the_name(sanitizer, text, name):
    assert name in _masked(sanitizer, text)


def test_joined_initials_at_a_sentence_s_end_stay_apart_from_the_next_sentence(sanitizer):
    assert "He lives in the U.S. He then left." in sanitizer.sanitize("He lives in the U.S. He then left.").text


@pytest.mark.parametrize(
    "text, organisation",
    [
        ("Regards,\nLeanne\nHR Partner, Brightwell Logistics", "Brightwell Logistics"),
        ("She joined Halden Pharmaceuticals in 2010.", "Halden Pharmaceuticals"),
    ],
)
def test_a_company_named_by_its_trade_is_an_organisation(sanitizer, text, organisation):
    replacements = sanitizer.sanitize(text).replacements
    assert {text[r.start : r.end]: r.kind for r in replacements}.get(organisation) is TermKind.ORGANISATION


def test_a_care_home_named_by_ordinary_words_is_an_organisation_unless_an_article_says_it_is_any(sanitizer):
    text = "transferred from royal view nursing home today. she had lived in a nursing home and her care home."
    masked = _masked(sanitizer, text)
    assert "royal view nursing home" in masked and not any("care home" in m or m == "nursing home" for m in masked)


def test_a_hospital_named_by_ordinary_words_in_lower_case_is_an_organisation(sanitizer):
    text = (
        "we're both nurses at the royal infirmary and my dad was in mercy hospital last month. "
        "before that he was at the local general hospital, then an outside hospital for a week."
    )
    kinds = {text[r.start : r.end]: r.kind for r in sanitizer.sanitize(text).replacements}
    assert kinds.get("royal infirmary") is TermKind.ORGANISATION  # not a person named Royal Infirmary
    assert kinds.get("mercy hospital") is TermKind.ORGANISATION
    assert not any("general hospital" in m or "outside hospital" in m for m in kinds)  # what kind, not which


@pytest.mark.parametrize("text", ["my son lives in phoenix and calls every sunday", "pt's son lives in phoenix."])
def test_after_a_verb_of_residence_a_place_that_is_also_a_word_is_the_place(sanitizer, text):
    assert _masked(sanitizer, text).count("phoenix") == 1


def test_after_a_verb_of_residence_a_word_no_place_is_named_by_stays_a_word(sanitizer):
    masked = _masked(sanitizer, "since the layoffs he lives in fear of the post and in hope of a call.")
    assert not any(word in m for m in masked for word in ("fear", "hope"))


def test_a_possessive_is_no_part_of_an_organisation_s_name_in_lower_case(sanitizer):
    text = "i asked her at my son's birthday party but she laughed. we go to the burley park surgery."
    masked = _masked(sanitizer, text)
    assert "burley park surgery" in masked and not any("party" in m for m in masked)


@pytest.mark.parametrize(
    "text, genre",
    [
        ("Please wire the refund to my account, thanks.", "message"),
        ("hi, i ordered a jacket three weeks ago", "message"),
        ("Our office will be closed for the holiday.", "message"),
        ("Margit Solberg is a Norwegian marine biologist. She studied at the University of Bergen.", None),
    ],
)
def test_a_message_is_told_by_its_writer_speaking_to_its_reader(text, genre):
    from ic_sanitizer.genres import genre_of

    assert genre_of(text) == genre


JUDGMENT_OPENING = (
    "PROCEDURE\nThe case originated in an application against the Republic. The applicant "
    "complained under Article 6 of the Convention. THE FACTS\n"
)


def test_a_message_and_a_story_keep_a_phrase_of_everyday_words_a_judgment_decides_it_by_its_rarity(sanitizer):
    errand = "wire the refund to the account"
    assert not _masked(sanitizer, f"Please {errand}, thanks.")
    assert not [m for m in _masked(sanitizer, f"The clerk had to {errand} at once.") if "refund" in m]
    assert "refund" in _masked(sanitizer, f"{JUDGMENT_OPENING}The clerk had to {errand} at once.")


def test_an_everyday_phrase_of_a_special_category_is_decided_by_its_ic_but_in_a_clinical_record(sanitizer):
    story = "Anna ran a small bakery and plays chess. In 2004 she had a kidney transplant."
    masked = _masked(sanitizer, story)
    assert "kidney transplant" in masked and not {"small bakery", "chess"} & set(masked)
    note = "Pt s/p kidney transplant, on prograf. Abd soft, BS+. Wife at bedside, updated on plan."
    assert not [m for m in _masked(sanitizer, note) if "transplant" in m]


def test_a_message_keeps_a_frequent_dictionary_word_punkt_never_saw_but_not_a_rare_one(sanitizer):
    # "backpack" and "voucher" are WordNet lemmas general English writes more than once in a
    # million words; "porphyria" (a rare condition) is a lemma it writes far less often.
    assert not _masked(sanitizer, "Hi, my backpack never arrived and the voucher did not work.")
    assert any("porphyria" in m for m in _masked(sanitizer, "Hi, my porphyria got worse this week."))


def test_a_given_name_or_a_place_is_never_an_everyday_word_though_wordnet_writes_it_in_lower_case():
    from ic_sanitizer.vocabularies import frequent_dictionary_words

    words = frequent_dictionary_words()
    assert "backpack" in words and not {"john", "berlin", "maria"} & words


def test_a_cv_s_period_stays_a_date_when_a_trade_s_words_go_to_a_name(sanitizer):
    text = "Experience\n2015-2019  Developer, Northern Rail Data Team, Leeds\n"
    kinds = {text[r.start : r.end]: r.kind for r in sanitizer.sanitize(text).replacements}
    assert kinds.get("2015-2019") is TermKind.DATE and kinds.get("Developer") is not TermKind.LOCATION


def test_a_letter_s_gp_is_a_doctor_and_the_surgery_is_named(sanitizer):
    text = "His GP at Church Street Surgery has his full history, and my GP agrees with me about it."
    masked = _masked(sanitizer, text)
    assert "Church Street Surgery" in masked and "GP" not in masked


def test_in_lower_case_a_country_after_a_place_and_a_comma_is_a_place(sanitizer):
    text = "i was born in tbilisi, georgia and moved to paris, france in 2001 with my mum."
    masked = _masked(sanitizer, text)
    assert {"tbilisi", "georgia", "paris", "france"} <= set(masked)


def test_in_lower_case_a_place_after_someone_s_trade_or_kin_and_from_is_the_place(sanitizer):
    masked = _masked(sanitizer, "pt is a retired firefighter from revere and my cousin from reading came over.")
    assert {"revere", "reading"} <= set(masked)
    assert _masked(sanitizer, "we had a message from bath about the leak in the kitchen today.") == []


def test_in_lower_case_the_word_after_a_street_and_a_comma_is_the_address_s_town(sanitizer):
    text = "my parcel never arrived, i live at 12 orchard close, didsbury and nobody answered the door"
    assert "didsbury" in _masked(sanitizer, text)


@pytest.mark.parametrize(
    ("text", "label", "code"),
    [
        ("The PO number is 7781-A, please quote it.", "PO", "7781-A"),
        ("Please add my VAT no. GB123456789 to the invoice.", "VAT", "GB123456789"),
    ],
)
def test_an_acronym_that_labels_a_code_stays_and_the_code_goes(sanitizer, text, label, code):
    masked = _masked(sanitizer, text)
    assert code in masked and label not in " ".join(masked)


def test_an_acronym_before_other_words_is_still_an_organisation(sanitizer):
    assert "BBC" in _masked(sanitizer, "She wrote to the BBC about the number of repeats.")


def test_a_writer_introducing_themselves_by_a_given_name_that_is_a_place_is_a_person(sanitizer):
    text = "Hi, I'm Jordan, a student at the college."
    kinds = {text[r.start : r.end]: r.kind for r in sanitizer.sanitize(text).replacements}
    assert kinds.get("Jordan") is TermKind.PERSON
    assert TermKind.DEMONYM in {r.kind for r in sanitizer.sanitize("I am Canadian, and proud.").replacements}


@pytest.mark.parametrize("text", ["Lactose intolerant and vegan, FYI.", "LOL that was the best night"])
def test_chat_shorthand_in_capitals_is_no_name(sanitizer, text):
    assert not _masked(sanitizer, text)


def test_an_acronym_spelled_like_an_interjection_is_still_a_body(sanitizer):
    text = "The claim went to the Area Health Authority (the AHA) in May."
    assert "AHA" in _masked(sanitizer, text)


@pytest.mark.parametrize(
    ("text", "verb", "name"),
    [
        ("Ask Peter to call me back.", "Ask", "Peter"),
        ("Tell Gran I'll ring her Sunday.", "Tell", "Gran"),
        ("Email Sarah Jones the file.", "Email", "Sarah Jones"),
    ],
)
def test_a_message_s_opening_verb_is_no_part_of_the_name_after_it(sanitizer, text, verb, name):
    masked = _masked(sanitizer, text)
    assert name in masked and not any(verb in span for span in masked)


def test_a_given_name_that_is_also_a_verb_still_opens_a_name(sanitizer):
    assert "Will Jones" in _masked(sanitizer, "Will Jones came to the door.")


@pytest.mark.parametrize("trade", ["dentist", "hairdresser", "vet"])
def test_a_trade_one_visits_is_no_ones_trade_but_a_trade_one_works_as_is(sanitizer, trade):
    assert trade not in _masked(sanitizer, f"sorry I missed ur call, was at the {trade} lol. back now")
    assert trade in _masked(sanitizer, f"sorry I missed ur call, my sister works as a {trade}. back now")


def test_an_awards_name_keeps_its_possessive_inside(extractor):
    names = names_by_text("Her book won the Governor General's Award. Smith's car was red.", extractor)
    assert "Governor General's Award" in names and "Smith" in names


@pytest.mark.parametrize(
    "text, name", [("An engineer, Mark, visited on Monday.", "Mark"), ("The plumber, Will, came.", "Will")]
)
def test_a_given_name_that_is_a_word_is_a_person_in_apposition_to_a_trade(extractor, text, name):
    assert names_by_text(text, extractor).get(name) is TermKind.PERSON


def test_a_name_after_the_is_a_place_not_a_person_by_its_given_name(extractor):
    assert names_by_text("Early shift at the Royal Free tomorrow.", extractor)["Royal Free"] is not TermKind.PERSON
    assert (
        names_by_text("Bought a lamp at the John Lewis on Oxford Street.", extractor)["John Lewis"]
        is not TermKind.PERSON
    )
    assert names_by_text("Bought a lamp with John Lewis on Oxford Street.", extractor)["John Lewis"] is TermKind.PERSON


def test_a_library_or_a_museum_heads_an_organisations_name(extractor):
    names = names_by_text("She worked at the Boston Public Library, then at the Pitt Rivers Museum.", extractor)
    assert names["Boston Public Library"] is names["Pitt Rivers Museum"] is TermKind.ORGANISATION


def test_a_trades_plural_without_a_count_is_no_ones_trade(sanitizer):
    text = "Officers were called and paramedics treated her. She works as a paramedic; 46 nurses went on strike."
    masked = _masked(sanitizer, text)
    assert "paramedic" in masked and "46 nurses" in masked
    assert not {"Officers", "paramedics"} & set(masked)


def test_a_given_name_that_is_a_word_is_a_person_before_what_persons_do(sanitizer):
    text = "hey, mark said he'd drive on sat and hope said she'd bring food.\n"
    assert {"mark", "hope"} <= set(_masked(sanitizer, text))
    assert "mark" not in _masked(sanitizer, "ok. the mark said nothing about the date.\n")


def test_a_cards_network_alone_is_no_name(sanitizer):
    text = "Please refund the duplicate charge to my Visa ending 4412.\n"
    assert "4412" in _masked(sanitizer, text) and "my Visa ending" in sanitizer.sanitize(text).text


def test_a_postcode_in_a_line_of_capitals_is_masked_whole(sanitizer):
    text = "RE: MR HAROLD FINCH\n14 LARKSPUR CLOSE, TEWKESBURY, GL20 5QT\n"
    assert "GL20 5QT" in _masked(sanitizer, text)


@pytest.mark.parametrize(
    "message",
    ["yeah def! what time tho", "ngl i kinda forgot, prob be there rn", "nah im ok, cya there"],
)
def test_a_chats_shorthand_is_no_term_of_its_writer(sanitizer, message):
    assert not _masked(sanitizer, message)


@pytest.mark.parametrize(
    "question", ["Has anyone else had this problem?", "Did you get my message?", "Is there a fix?"]
)
def test_an_auxiliary_opening_a_question_is_no_name(sanitizer, question):
    assert not _masked(sanitizer, question)


def test_a_letters_reading_after_its_label_and_a_verb_is_a_measurement_and_a_bare_number_is_not(sanitizer):
    letter = "On examination her BP was 148/86 and her temperature of 38.2 fell."
    assert not _masked(sanitizer, letter)  # "148/86" was a case number's form
    assert _masked(sanitizer, "The patient is a man whose pt is 67.") == ["67"]


def test_after_a_verb_of_residence_and_an_article_a_place_of_several_words_is_the_place(sanitizer):
    masked = _masked(sanitizer, "her sister rosie lives on the isle of wight. he can drive us to the lake house at 10.")
    assert "isle of wight" in masked and not any("lake" in m for m in masked)


def test_a_practice_named_after_its_street_in_lower_case_is_an_organisation(sanitizer):
    masked = _masked(sanitizer, "gp is at the marsh lane surgery. she banks at a high street bank in town.")
    assert "marsh lane surgery" in masked and not any("high street" in m for m in masked)
