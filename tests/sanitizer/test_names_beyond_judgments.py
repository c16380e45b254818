"""Names as other genres write them: in another script, as initials written apart, and in
lower case. Each case is a rule's own example, not a document of any annotated set."""

from __future__ import annotations

import pytest

from ic_sanitizer import Sanitizer, Settings

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
        ("The audit was reviewed by A. B. C. Okafor on Monday.\n", "A. B. C. Okafor"),
        ("According to E. M. Forster, only connect.\n", "E. M. Forster"),
        ("The report was written by J. R. Lindqvist and filed.\n", "J. R. Lindqvist"),
    ],
)
def test_initials_written_apart_belong_to_the_name_they_precede(sanitizer, text, name):
    result = sanitizer.sanitize(text)
    assert name in [text[r.start : r.end] for r in result.replacements]
    assert not any(f" {initial}." in result.text for initial in "ABCEJMR")


def test_names_in_lower_case_text_are_found_with_their_initials_and_surname(sanitizer):
    text = "maria g. lopez wrote to say the parcel never came. thanks, maria\nhi tom, the invoice is attached.\n"
    result = sanitizer.sanitize(text)
    masked = [text[r.start : r.end] for r in result.replacements]
    assert {"maria g. lopez", "maria", "tom"} <= set(masked)
    assert "maria" not in result.text and "lopez" not in result.text and "hi [PERSON" in result.text


def test_ordinary_words_that_are_also_given_names_stay_in_lower_case_text(sanitizer):
    text = "it was a joy to see everyone. will you come back? mark the date and bring grace notes.\n"
    result = sanitizer.sanitize(text)
    assert not _persons(text, result)


@pytest.mark.parametrize(
    "text, name",
    [
        ("my wife sarah ordered from you before with no problem.", "sarah"),
        ("the cashier, a woman called priya, refused to help.", "priya"),
        ("i spoke to a guy named kevin about the refund.", "kevin"),
        ("my name is will and i am writing about my order.", "will"),  # an ordinary word, but named
        ("Her elder brother, Per, coached the junior team.", "Per"),  # "per" is a word too
        ("The parcel went to his daughter, Ama, in the end.", "Ama"),
        ("my mate jess had the same problem with them.", "jess"),
        ("our neighbour dave took the parcel in.", "dave"),
    ],
)
def test_a_name_after_a_relative_or_called_or_named_is_a_person(sanitizer, text, name):
    result = sanitizer.sanitize(text)
    persons = _persons(text, result)
    assert persons == [name]


def test_after_called_a_function_word_stays_a_word(sanitizer):
    for text in ("called to bedside by rn for low bp.", "pt called back at 2200, no new issues."):
        assert not _persons(text, sanitizer.sanitize(text)), text


@pytest.mark.parametrize(
    "text, name",
    [("also tom said he cant make it tonight.", "tom"), ("ok so priya told me the flat is free.", "priya")],
)
def test_a_given_name_before_a_verb_of_saying_is_a_person(sanitizer, text, name):
    assert _persons(text, sanitizer.sanitize(text)) == [name]


def test_a_street_s_type_and_a_time_adverb_are_no_surname_in_lower_case(sanitizer):
    text = "the party is at 14 willow crescent tonight, bring a towel."
    assert not _persons(text, sanitizer.sanitize(text))


def test_after_a_relative_a_function_word_stays_a_word(sanitizer):
    # the word after a relative is often a modal verb: a given name it is not
    for text in ("my son will call you back tomorrow.", "My wife may ring the shop.", "my mate will ring."):
        result = sanitizer.sanitize(text)
        assert not _persons(text, result), text


@pytest.mark.parametrize(
    "text, name",
    [("her son mark visited this evening.", "mark"), ("SEEN WITH DAUGHTER GRACE, UPDATED.", "GRACE")],
)
def test_after_a_relative_a_given_name_that_is_also_a_word_is_a_name(sanitizer, text, name):
    result = sanitizer.sanitize(text)
    assert name in _persons(text, result)


@pytest.mark.parametrize(
    "text, names",
    [
        ("My name is Tom Becker and I'm a nurse. I live in Leeds.", ["Tom Becker"]),
        ("Smith and I went to the market.", ["Smith"]),
        ("At noon Priya, Tom and I met the landlord.", ["Priya", "Tom"]),
        ("I. Nowak wrote to Anna Berg and I replied.", ["I. Nowak", "Anna Berg"]),
    ],
)
def test_the_pronoun_i_is_never_a_name_but_the_initial_i_is(sanitizer, text, names):
    # a letter writer lists themselves after the people they name ("Tom and I"), who are persons
    result = sanitizer.sanitize(text)
    persons = _persons(text, result)
    assert persons == names


@pytest.mark.parametrize(
    "text",
    [
        "the parcel is late again. cheers, rob\n",  # "rob" is a verb too: the sign-off vouches for it
        "my IBAN is DE89 3704 0044 0532 0130 00. cheers, rob\n",  # a code's capitals are not the writer's
        "see you soon\nthanks,\nrob\n",
    ],
)
def test_a_sign_off_name_that_ends_its_line_is_a_person_even_when_an_ordinary_word(sanitizer, text):
    result = sanitizer.sanitize(text)
    assert ["rob"] == _persons(text, result)


def test_after_a_sign_off_an_ordinary_word_that_goes_on_stays_a_word(sanitizer):
    result = sanitizer.sanitize("ok thanks, will do that tomorrow.\n")
    assert not [r for r in result.replacements if r.kind.value == "person"]


@pytest.mark.parametrize(
    "text, name",
    [
        ("Please refund me. - Jessica\n", "Jessica"),  # a sign-off after a dash
        ("Best wishes,\nPriya\n", "Priya"),  # a name alone on the last line
    ],
)
def test_a_given_name_the_tagger_reads_as_a_noun_at_a_line_start_is_a_person(sanitizer, text, name):
    result = sanitizer.sanitize(text)
    assert [name] == _persons(text, result)


def test_a_sentence_initial_ordinary_word_that_is_also_a_given_name_stays_a_word(sanitizer):
    result = sanitizer.sanitize("Will you call me back? Grace was given.\n")
    assert not [r for r in result.replacements if r.kind.value == "person"]


@pytest.mark.parametrize(
    "text, award",
    [
        ("He won the Calder Cup twice.", "Calder Cup"),
        ("She won the Lewis Prize.", "Lewis Prize"),
        ("They reached the Kelly Cup Finals.", "Kelly Cup Finals"),
    ],
)
def test_a_trophy_named_after_a_person_is_a_name_not_a_person(sanitizer, text, award):
    result = sanitizer.sanitize(text)
    kinds = {text[r.start : r.end]: r.kind.value for r in result.replacements}
    assert kinds.get(award) == "name"
    assert "person" not in kinds.values()


def test_the_discourse_words_of_a_message_stay_out_of_its_noun_phrases(sanitizer):
    result = sanitizer.sanitize("Please refund asap, ok? Thanks\n")
    assert not [t for t in result.terms if {"please", "asap", "ok", "thanks"} & set(t.term.text.lower().split())]


def test_a_chat_s_shorthand_inside_a_phrase_cuts_it(sanitizer):
    result = sanitizer.sanitize("are u coming sat? bring ur swimsuit lol.")
    assert not [t for t in result.terms if "ur" in t.term.text.split()]


@pytest.mark.parametrize(
    "text, name",
    [
        ("my name is darnell whitaker-rhys and my order is late.", "darnell whitaker-rhys"),
        ("i spoke to maria o'brien on the phone.", "maria o'brien"),
        ("hi jean-luc, the parcel came.", "jean-luc"),
    ],
)
def test_a_compound_name_in_lower_case_text_is_found_whole(sanitizer, text, name):
    result = sanitizer.sanitize(text)
    assert name in _persons(text, result)


def test_a_compound_of_ordinary_words_after_a_given_name_stays_a_word(sanitizer):
    text = "i told maria well-known things about e-mail."
    result = sanitizer.sanitize(text)
    assert "well-known" in result.text and "e-mail" in result.text


@pytest.mark.parametrize(
    "text",
    ["Hello Support Team, my order is late.", "Dear Sir or Madam, my order is late.", "Hi All, my order is late."],
)
def test_a_greeting_to_a_role_names_no_one(sanitizer, text):
    result = sanitizer.sanitize(text)
    assert not [r for r in result.replacements if r.start < text.index(",")]


@pytest.mark.parametrize(
    "text, name",
    [("Dear Professor Brown, my order is late.", "Professor Brown"), ("Hi Will, my order is late.", "Will")],
)
def test_a_greeting_to_a_person_still_names_them(sanitizer, text, name):
    result = sanitizer.sanitize(text)
    assert name in _persons(text, result)


def test_a_verb_the_tagger_never_saw_stays_a_verb_between_to_and_its_object(sanitizer):
    result = sanitizer.sanitize("Should you need to verify my identity, call me.")
    assert "verify" in result.text


def test_a_writer_introducing_themselves_is_a_person_and_signs_as_one(sanitizer):
    text = "I'm Kwame Asante and my card was charged twice. I am Canadian.\n\nThanks,\nKwame\n"
    result = sanitizer.sanitize(text)
    persons = {text[r.start : r.end]: r.replacement for r in result.replacements if r.kind.value == "person"}
    assert set(persons) == {"Kwame Asante", "Kwame"}
    assert persons["Kwame"] == persons["Kwame Asante"]  # one placeholder: the same person


def test_a_middle_initial_that_is_also_an_honorific_stays_in_the_name(sanitizer):
    text = "She wrote it with the historian James M. Smith. Minister M. Dupont replied."
    result = sanitizer.sanitize(text)
    persons = _persons(text, result)
    assert "James M. Smith" in persons and "Minister M. Dupont" in persons


def test_a_writer_introducing_themselves_in_lower_case_is_a_person(sanitizer):
    text = "hey, it's priya again. it's rose here, i'm sure.\n\ncheers\npriya raman\n"
    result = sanitizer.sanitize(text)
    persons = {text[r.start : r.end]: r.replacement for r in result.replacements if r.kind.value == "person"}
    assert set(persons) == {"priya", "priya raman"} and len(set(persons.values())) == 1


def test_a_nickname_in_quotes_is_inside_the_name_and_the_surname_joins_it(sanitizer):
    text = 'Margarethe "Grete" Vollmer-Okafor is a glaciologist. Vollmer-Okafor lives in Lucerne. He said "Yes" Tom.'
    result = sanitizer.sanitize(text)
    persons = {text[r.start : r.end]: r.replacement for r in result.replacements if r.kind.value == "person"}
    assert persons['Margarethe "Grete" Vollmer-Okafor'] == persons["Vollmer-Okafor"]
    assert '"Yes"' in result.text  # a quoted word after a verb is no nickname


def test_a_maiden_name_after_nee_is_a_person_and_nee_stays(sanitizer):
    text = "Dame Eleanor Vance (née Harrow; born 9 May 1952) is an engineer."
    result = sanitizer.sanitize(text)
    kinds = {text[r.start : r.end]: r.kind.value for r in result.replacements}
    assert kinds.get("Harrow") == "person" and "(née [PERSON-" in result.text


def test_a_chat_line_s_speaker_label_does_not_hide_that_the_writer_uses_no_capitals(sanitizer):
    text = "[09:15] Customer: my card got blocked, this is maria lopez from leeds\n"
    result = sanitizer.sanitize(text)
    assert "maria lopez" in _persons(text, result)
    assert "Customer:" in result.text


def test_a_lower_case_given_name_that_labels_a_chat_line_is_the_person_who_speaks(sanitizer):
    text = "hi its tamsin k. oduya, my parcel never came\n\ntamsin: its 4 days late now\nnote: will call back\n"
    result = sanitizer.sanitize(text)
    assert "tamsin" not in result.text
    assert "note: will call back" in result.text  # an ordinary word before a colon stays


def _persons(text, result) -> list[str]:
    """What ``result`` masked as persons in ``text``, in text order."""
    return [text[r.start : r.end] for r in result.replacements if r.kind.value == "person"]


def _kinds(sanitizer, text):
    result = sanitizer.sanitize(text)
    return {text[r.start : r.end]: r.kind.value for r in result.replacements}


def _term_kinds(sanitizer, text):
    """Every candidate term's kind, masked or kept (a relative is kept outside judgments)."""
    return {scored.term.text: scored.term.kind.value for scored in sanitizer.sanitize(text).terms}


def test_places_in_lower_case_text_are_read_by_the_place_lexicon(sanitizer):
    text = "hi, i'm flying from new york to leeds on friday, can i change my seat?"
    assert _kinds(sanitizer, text).get("new york") == "location" and _kinds(sanitizer, text).get("leeds") == "location"
    sources = {s.term.text: s.term.source for s in sanitizer.sanitize(text).terms}
    assert sources["new york"] == sources["leeds"] == "informal_place"


def test_towns_that_are_ordinary_words_stay_words_in_lower_case_text(sanitizer):
    text = "we had a bath and then went reading in the garden with the orange cat"
    assert not {"bath", "reading", "orange"} & set(_kinds(sanitizer, text))


def test_a_place_that_is_also_a_given_name_is_a_place_only_after_a_preposition(sanitizer):
    # after "ask", the one asked: a person, no place
    assert _kinds(sanitizer, "ask austin if the order shipped, it is late").get("austin") == "person"
    assert _kinds(sanitizer, "my sister lives in austin now, so send it there").get("austin") == "location"


def test_a_place_whose_words_are_a_given_name_and_a_surname_is_the_place(sanitizer):
    text = "the parcel went to milton keynes instead of the depot, so it is late"
    assert _kinds(sanitizer, text).get("milton keynes") == "location"


def test_interjections_in_lower_case_text_are_no_names(sanitizer):
    text = "ha ha that is funny. oh ok thanks, that works for me"
    assert "person" not in _kinds(sanitizer, text).values()


def test_the_lines_of_a_chat_written_in_lower_case_are_apart(sanitizer):
    text = "then back to the depot\nparcel tracking is down again\nok bye now, talk later\n"
    result = sanitizer.sanitize(text)
    assert not [t for t in result.terms if "\n" in text[t.term.mentions[0].start : t.term.mentions[0].end]]


def test_a_works_subtitle_after_its_colon_is_inside_its_title(sanitizer):
    text = "Her 1998 book, Cold Currents: A Life Among Fish, won a prize. The report: A Summary was late."
    kinds = _kinds(sanitizer, text)
    assert kinds.get("Cold Currents: A Life Among Fish") == "work"
    assert "The report" not in " ".join(kinds)  # no work's noun before it: no title


@pytest.mark.parametrize(
    "text, title",
    [
        ("His memoir, An African in Whitehall, was published in 1998.", "An African in Whitehall"),
        ("Her novel Gone with the Wind sold well.", "Gone with the Wind"),
    ],
)
def test_a_works_title_takes_the_small_words_title_case_leaves_in_lower_case(sanitizer, text, title):
    assert _kinds(sanitizer, text).get(title) == "work"


def test_a_name_before_its_birth_in_brackets_is_a_person_and_its_surname_too(sanitizer):
    text = "Kalani Makoa-Reyes (born June 3, 1991) is a volleyball player. Makoa-Reyes grew up in Hilo."
    result = sanitizer.sanitize(text)
    persons = {text[r.start : r.end]: r.replacement for r in result.replacements if r.kind.value == "person"}
    assert persons.get("Kalani Makoa-Reyes") == persons.get("Makoa-Reyes") is not None


def test_an_honorific_in_lower_case_opens_a_name_before_a_surname(sanitizer):
    kinds = _kinds(sanitizer, "hiya, my gp is dr patel at the surgery and mrs. o'brien is nice")
    assert kinds.get("dr patel") == "person" and kinds.get("mrs. o'brien") == "person"
    assert "hiya" not in kinds  # a greeting


def test_a_relative_as_messages_name_them_introduces_a_name(sanitizer):
    text = "my mum maureen is my emergency contact and my boyfriend jake will collect it"
    masked, kinds = _kinds(sanitizer, text), _term_kinds(sanitizer, text)
    assert masked == {"maureen": "person", "jake": "person"}  # the relatives' words are kept, by IC
    assert kinds.get("mum") == kinds.get("boyfriend") == "relation"


def test_a_noun_phrase_run_across_a_lower_case_name_is_typed_by_its_own_parts(sanitizer):
    kinds = _term_kinds(sanitizer, "my mum is my contact and my boyfriend jake drives")  # "drives" tagged a noun
    assert kinds.get("boyfriend") == "relation" and kinds.get("jake") == "person"


@pytest.mark.parametrize("text", ["hiya, im trying to get a refund", "ty so much, cos it was late tho"])
def test_informal_spellings_in_lower_case_text_are_no_names(sanitizer, text):
    assert "person" not in _kinds(sanitizer, text).values()


@pytest.mark.parametrize(
    "text, place",
    [
        ("The firm designed the footbridge over the River Wandle at Morden.", "River Wandle"),
        ("They spent the summer by Lake Bled with friends.", "Lake Bled"),
    ],
)
def test_a_river_or_lake_named_after_its_head_is_a_place(sanitizer, text, place):
    assert _kinds(sanitizer, text).get(place) == "location"


@pytest.mark.parametrize(
    "text, name",
    [
        ("He met Osama bin Laden twice.", "Osama bin Laden"),
        ("The school of Ahmad ibn Hanbal spread.", "Ahmad ibn Hanbal"),
        ("Yusuf al-Qaradawi Haddad wrote novels.", "Yusuf al-Qaradawi Haddad"),
        ("Then Ahmed el-Sayed spoke to the press.", "Ahmed el-Sayed"),
    ],
)
def test_an_arabic_name_is_whole_with_its_particles(sanitizer, text, name):
    assert _kinds(sanitizer, text).get(name) == "person"


def test_a_relative_called_by_their_kin_is_a_relative_and_a_kin_before_a_name_is_a_title(sanitizer):
    kinds = _term_kinds(sanitizer, "Mum is staying with us, and Grandma said Auntie Sue would call.")
    assert (kinds.get("Mum"), kinds.get("Grandma"), kinds.get("Auntie Sue")) == ("relation", "relation", "person")


def test_a_kin_word_that_is_also_a_given_name_alone_stays_a_name(sanitizer):
    assert _kinds(sanitizer, "Then Nan called the office about the form.").get("Nan") not in (None, "relation")


@pytest.mark.parametrize(
    "text, letters",
    [
        ("She completed a PhD at the University of Bristol in 2009.", "PhD"),
        ("He holds an MSc from a college in Leeds.", "MSc"),
    ],
)
def test_a_degree_written_alone_is_no_name(sanitizer, text, letters):
    assert _kinds(sanitizer, text).get(letters) not in ("person", "name")


def test_letters_after_a_name_are_no_person_s_name_elsewhere(sanitizer):
    kinds = _kinds(sanitizer, "Counsel was John Smith QC. The QC said no.")
    assert kinds.get("John Smith QC") == "person" and kinds.get("QC") != "person"


@pytest.mark.parametrize(
    "text, organisation",
    [
        ("hi so i study at leeds beckett uni and my loan hasnt come through yet, can you help", "leeds beckett uni"),
        ("i work part time at the burley park surgery as a receptionist, so mornings are hard", "burley park surgery"),
    ],
)
def test_an_organisation_in_lower_case_text_is_found_whole(sanitizer, text, organisation):
    assert _kinds(sanitizer, text).get(organisation) == "organisation"


def test_an_organisation_s_head_after_ordinary_words_names_none(sanitizer):
    kinds = _kinds(sanitizer, "i went to the local bank and then my high school, it was a long day for me")
    assert "organisation" not in kinds.values()


def test_a_chat_s_spellings_stay_out_of_its_noun_phrases_but_acronyms_in_capitals_do_not(sanitizer):
    result = sanitizer.sanitize("[21:17] mel: haha amazing. text me on 07911 123456 when ur outside x\n")
    assert not [t for t in result.terms if "ur" in t.term.text.lower().split()]
    terms = [t.term.text for t in sanitizer.sanitize("A procedure under circular HM (61) 112 was instituted.").terms]
    assert any("HM" in term.split() for term in terms)


@pytest.mark.parametrize(
    "text, name",
    [
        ("Yesterday Kieran Doyle pulled her from the fire.", "Kieran Doyle"),
        ("Tonight Tom Baker opens the show.", "Tom Baker"),  # a trade as surname: still a person
        ("Luckily Priya Shah was at home.", "Priya Shah"),
    ],
)
def test_an_adverb_that_opens_a_sentence_is_outside_the_name_after_it(sanitizer, text, name):
    kinds = _kinds(sanitizer, text)
    assert kinds.get(name) == "person"
    assert text.split()[0] not in " ".join(kinds)


@pytest.mark.parametrize(
    "text, name",
    [("Sally Brown runs the shop.", "Sally Brown"), ("Daily Mail readers wrote in.", "Daily Mail")],
)
def test_a_name_that_opens_with_a_word_tagged_as_an_adverb_keeps_it(sanitizer, text, name):
    assert name in _kinds(sanitizer, text)


def test_inside_a_sentence_a_capitalized_time_word_stays_a_name(sanitizer):
    result = sanitizer.sanitize("She was heard on the Today programme.")
    assert {s.term.text: s.term.kind.value for s in result.terms}.get("Today") == "name"


def test_a_heading_in_title_case_is_no_name_but_a_line_of_given_names_is(sanitizer):
    text = "Nursing Progress Note 0700-1900\nPt comfortable overnight.\n\nDischarge Summary\nStable.\n\nMark Rose\n"
    masked = {text[r.start : r.end] for r in sanitizer.sanitize(text).replacements}
    assert "Mark Rose" in masked
    assert not any(word in m for m in masked for word in ("Nursing", "Note", "Discharge", "Summary"))


def test_a_heading_of_a_frequent_dictionary_word_punkt_never_saw_is_no_name(sanitizer):
    # "honours" (British spelling) is no word of Punkt's list but a WordNet lemma general
    # English writes often; as a name it was linked to "first-class honours" in the text.
    text = "Okonkwo graduated with first-class honours in 1971.\n\nHonours\nHe received a medal in 2004.\n"
    masked = {text[r.start : r.end] for r in sanitizer.sanitize(text).replacements}
    assert "Okonkwo" in masked and not any("onours" in m for m in masked)


@pytest.mark.parametrize(
    "text, word",
    [("He is a Senior lecturer at the college.", "Senior"), ("She was the Chief executive then.", "Chief")],
)
def test_a_capitalized_word_qualifying_a_trade_after_an_article_is_no_name(sanitizer, text, word):
    kinds = {s.term.text: s.term.kind for s in sanitizer.sanitize(text).terms}
    assert kinds.get(word) is None


def test_a_surname_that_is_an_ordinary_word_before_another_noun_stays_a_name(sanitizer):
    kinds = {s.term.text: s.term.kind.value for s in sanitizer.sanitize("The Khan family moved in 2004.").terms}
    assert kinds.get("Khan") in ("name", "person")


def test_a_surname_that_is_a_frequent_dictionary_word_opening_a_sentence_is_still_a_name(extractor):
    # wordfreq counts "smith" and "fletcher" often for their surnames: no ordinary word there
    assert "Fletcher" in names_by_text("Fletcher replied at once.", extractor)


def test_a_capital_letter_opening_a_sentence_is_still_a_name(extractor):
    # "k" is a WordNet lemma (the letter) that general English writes often: no ordinary word
    assert "K" in names_by_text("K claimed the money back.", extractor)


def test_a_surname_punkt_saw_only_with_a_capital_is_no_ordinary_word_of_a_heading():
    from ic_sanitizer.lang.en.frequent_words import is_ordinary_word

    # "smith" is a frequent WordNet lemma (a metalworker), but wordfreq counts the surname
    assert is_ordinary_word("honours") and not is_ordinary_word("smith")


@pytest.mark.parametrize(
    "tokens, following, kind",
    [
        (["Trinity", "College", "Dublin"], ["from"], "organisation"),  # a given name first, a college after it
        (["Kerry", "Group", "Irish", "Novel"], ["of"], "organisation"),
        (["Mary", "Church", "Terrell"], ["said"], "person"),  # a head that is a surname too
        (["Mr", "John", "College", "Smith"], ["said"], "person"),  # after a title
        (["Anna", "Group", "Kowalczyk"], ["said"], "person"),  # no surname is a place, a people or a word
    ],
)
def test_an_organisations_head_after_a_given_name_makes_an_organisation(tokens, following, kind):
    from ic_sanitizer.extraction.name_types import name_kind

    assert name_kind(tokens, ["at"], following).value == kind


def test_a_clinicians_credentials_after_a_name_make_a_person():
    from ic_sanitizer.extraction.name_types import name_kind

    assert name_kind(["Kate", "O'Brien", "RN"], ["Signed", ":"], []).value == "person"  # not an organisation's acronym


def test_a_capitalized_participle_before_a_proper_noun_opens_the_name(sanitizer):
    text = "In July 2017 he signed a five-year contract with Sporting CP for a reported fee.\n"
    masked = {text[r.start : r.end] for r in sanitizer.sanitize(text).replacements}
    assert "Sporting CP" in masked  # "Sporting" was left in clear, tagged a verb


@pytest.mark.parametrize("text", ["Johnathan O'Reilly ordered two pizzas.", "Yesterday Johnathan O'Reilly ordered."])
def test_a_surname_with_an_apostrophe_is_part_of_the_name_whatever_its_tag(sanitizer, text):
    masked = [text[r.start : r.end] for r in sanitizer.sanitize(text).replacements]
    assert "Johnathan O'Reilly" in masked


def test_in_lower_case_an_initial_before_a_surname_no_list_holds_is_a_person(sanitizer):
    text = "my gp is dr. j. whitfield and the nurse is k. adeyemi at the practice"
    masked = [text[r.start : r.end] for r in sanitizer.sanitize(text).replacements]
    assert "j. whitfield" in masked and "k. adeyemi" in masked
    lettered = "a. apples and b. pears are on the list for the shop today"
    assert not sanitizer.sanitize(lettered).replacements


@pytest.mark.parametrize(
    "text, town",
    [
        ("please send it to 9 mill lane, hebden bridge before friday.", "hebden bridge"),
        ("we moved to 14 elm close, swindon last month.", "swindon"),
    ],
)
def test_a_town_after_a_street_takes_the_words_that_end_a_towns_name(sanitizer, text, town):
    masked = [text[r.start : r.end] for r in sanitizer.sanitize(text).replacements]
    assert town in masked


def test_an_everyday_word_opening_a_line_of_a_list_is_no_name(extractor):
    # the line before ends with no full stop: one sentence, "Honorary" after a bracket
    text = "Awards\nLinnaeus Medal (2007)\nHonorary doctorate, University of Bergen (2013)"
    names = names_by_text(text, extractor)
    assert "Honorary" not in names and "University of Bergen" in names


def test_a_street_s_st_before_a_preposition_opens_no_saint_s_name(sanitizer):
    text = "pt lived alone in an apartment on elm st in somerville prior to admission."
    masked = _masked(sanitizer, text)
    assert any("elm" in span for span in masked) and not any(span.endswith(" in") for span in masked)


def test_a_preposition_in_lower_case_is_no_part_of_an_organisation_s_name(sanitizer):
    text = "pt had vna services through old colony hospice until may."
    masked = _masked(sanitizer, text)
    assert "old colony hospice" in masked and not any("through" in span for span in masked)


def test_a_given_name_after_a_verbs_past_is_its_object_and_a_person(sanitizer):
    kinds = _kinds(sanitizer, "omg the manager sacked dave in front of everyone and i met priya after. we saw grace.")
    assert kinds.get("dave") == kinds.get("priya") == "person"
    assert "grace" not in kinds  # a given name that is a word needs more than a verb before it


def test_a_relatives_in_law_written_short_names_the_person_after_it_and_is_no_title():
    with Sanitizer(Settings(policy="hipaa", use_cache=False, workers=1)) as engine:
        for text, name in [
            ("family mtg held w/ son richard and dtr-in-law anne, dr. feldman.", "anne"),
            ("Dtr-in-law Anne called at 1400.", "Anne"),
        ]:
            masked = {text[r.start : r.end] for r in engine.sanitize(text).replacements}
            assert name in masked, (text, masked)


@pytest.mark.parametrize(
    "text", ["NAME: AMARA OKONKWO-BELL\nADDRESS: FLAT 3", "name: amara okonkwo-bell\naddress: flat 3"]
)
def test_a_forms_name_label_introduces_the_name_after_it_whole(text):
    with Sanitizer(Settings(policy="hipaa", use_cache=False, workers=1)) as engine:
        masked = {text[r.start : r.end].lower() for r in engine.sanitize(text).replacements}
    assert "amara okonkwo-bell" in masked


@pytest.mark.parametrize(
    "text",
    [
        "2016-present  staff nurse, icu, queen's medical centre, nottingham",
        "STAFF NURSE, QUEEN'S MEDICAL CENTRE, NOTTINGHAM\nHEALTHCARE ASSISTANT, SPIRE HOSPITAL, LEICESTER",
    ],
)
def test_an_organisation_named_after_a_patron_in_lower_case_or_capitals_holds_the_possessive(text):
    with Sanitizer(Settings(policy="hipaa", use_cache=False, workers=1)) as engine:
        masked = {text[r.start : r.end].lower() for r in engine.sanitize(text).replacements}
    assert "queen's medical centre" in masked


def test_a_possessive_after_a_relative_opens_no_organisation(sanitizer):
    kinds = _kinds(sanitizer, "my son's school called and the nurse's station team came.")
    assert not any("school" in span or "station" in span for span in kinds)


def test_a_title_before_a_measurements_label_opens_no_name(sanitizer):
    kinds = _kinds(sanitizer, "VS: T 99.1 HR 76 SR BP 142/78 RR 18. SR JONES AWARE OF PAIN 3/10.")
    assert kinds.get("SR") != "person" and kinds.get("SR JONES") == "person"


def test_under_the_name_or_the_name_of_introduces_a_name_and_a_name_badge_is_none(sanitizer):
    text = "i booked under the name okafor, a table in the name of mensah. the name badge was lost."
    kinds = _kinds(sanitizer, text)
    assert kinds.get("okafor") == kinds.get("mensah") == "person" and "badge" not in kinds


def test_a_given_name_after_a_verb_a_message_asks_with_is_a_person(sanitizer):
    kinds = _kinds(sanitizer, "also tell dan i'll be late tmrw, and pls ask priya to call me.")
    assert kinds.get("dan") == kinds.get("priya") == "person"


def test_a_witness_or_a_suspect_opens_no_name():
    with Sanitizer(Settings(use_cache=False, workers=1)) as engine:
        text = "Witness Sandra Oyelaran stated that the suspect left. Suspect Darren Mulholland fled."
        masked = {text[r.start : r.end] for r in engine.sanitize(text).replacements}
    assert {"Sandra Oyelaran", "Darren Mulholland"} <= masked and not any("Witness" in m for m in masked)
