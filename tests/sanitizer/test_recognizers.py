from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.extraction.candidates import find_candidate_spans
from ic_sanitizer.recognizers import identifier_spans
from ic_sanitizer.recognizers.span_cleaning import clean_span, is_clean_span
from ic_sanitizer.terms import TermKind


def _found(text: str) -> list[tuple[str, TermKind]]:
    return [(text[span.start : span.end], span.kind) for span in identifier_spans(text)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Write to john.brown@example.com.", "john.brown@example.com"),
        ("(a.b-c+tag@mail.example.co.uk)", "a.b-c+tag@mail.example.co.uk"),
    ],
    ids=["issue-example", "subdomains-in-brackets"],
)
def test_email_addresses_are_emails(text, expected):
    assert _found(text) == [(expected, TermKind.EMAIL)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("See https://example.org/judgments?id=12 (online).", "https://example.org/judgments?id=12"),
        ("Published at www.example.org.", "www.example.org"),
        ("(see http://en.wikipedia.org/wiki/Court_(law))", "http://en.wikipedia.org/wiki/Court_(law)"),
        ("LinkedIn: linkedin.com/in/priya-r-84b2", "linkedin.com/in/priya-r-84b2"),
        ("My blog is at priya-cooks.co.uk.", "priya-cooks.co.uk"),
    ],
    ids=[
        "query-then-bracket",
        "www-then-full-stop",
        "balanced-brackets-inside",
        "bare-host-and-path",
        "bare-host-then-full-stop",
    ],
)
def test_urls_are_urls_without_trailing_punctuation(text, expected):
    assert _found(text) == [(expected, TermKind.URL)]


def test_a_word_joined_to_another_by_a_full_stop_is_no_web_address():
    text = "See Fig.2, file.txt and Node.js; she wrote to priya@example.com, e.g. Mr.Smith."
    assert not [kind for _, kind in _found(text) if kind is TermKind.URL]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Call +44 20 7946 0958 today.", "+44 20 7946 0958"),
        ("Call 020 7946 0958 today.", "020 7946 0958"),
        ("Tel. 0044 20 7946 0958.", "0044 20 7946 0958"),
        ("His number was +33 1 42 68 53 00.", "+33 1 42 68 53 00"),
        ("Her mobile: 06 12 34 56 78.", "06 12 34 56 78"),
        ("Ring 01.42.68.53.00 now.", "01.42.68.53.00"),
        ("Call (212) 555-0123 now.", "(212) 555-0123"),
        ("Call 212-555-0123 now.", "212-555-0123"),
        ("Ring +44 (0)20 7946 0958.", "+44 (0)20 7946 0958"),
        ("Call me at (555) 123-4567 after six.", "(555) 123-4567"),
        ("Or text 555-123-4567 instead.", "555-123-4567"),
        ("Contact: +44 7700 900456, any time.", "+44 7700 900456"),
    ],
    ids=[
        "issue-example",
        "uk-national",
        "uk-with-00",
        "france-international",
        "france-mobile",
        "france-dotted",
        "us-brackets",
        "us-dashes",
        "uk-trunk-in-brackets",
        "us-fictional-brackets",
        "us-fictional-dashes",
        "uk-fictional-international",
    ],
)
def test_phone_numbers_are_phones_and_never_dates(text, expected):
    assert _found(text) == [(expected, TermKind.PHONE)]


@pytest.mark.parametrize(
    "text",
    [
        "Call +999 12 3456 7890 today.",  # no country has the code
        "The score went +44 7700 in a year.",  # too short for the UK's plan
        "The ratio was 0 12 34.",  # too short
        "In 1997 1998 1999 2000 nothing.",  # years, no leading 0 or +
    ],
    ids=["no-such-country", "too-short-for-its-plan", "too-short", "years-in-a-row"],
)
def test_digit_groups_that_are_not_valid_numbers_are_not_phones(text):
    assert TermKind.PHONE not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Paid to GB82 WEST 1234 5698 7654 32 on time.", "GB82 WEST 1234 5698 7654 32"),
        ("Paid to DE89370400440532013000.", "DE89370400440532013000"),
        ("Card 4111 1111 1111 1111 was used.", "4111 1111 1111 1111"),
        ("Card 5500-0000-0000-0004 was used.", "5500-0000-0000-0004"),
        ("Card 3782 822463 10005 was used.", "3782 822463 10005"),
    ],
    ids=["iban-grouped", "iban-compact", "visa", "mastercard-dashes", "amex"],
)
def test_ibans_and_card_numbers_with_valid_checksums_are_accounts(text, expected):
    assert _found(text) == [(expected, TermKind.ACCOUNT)]


@pytest.mark.parametrize(
    "text",
    [
        "Paid to GB82 WEST 1234 5698 7654 33 on time.",
        "Card 4111 1111 1111 1112 was used.",
        "Serial 1234 5678 9012 3456 was printed.",
    ],
    ids=["iban-bad-mod-97", "card-bad-luhn", "card-bad-issuer"],
)
def test_numbers_failing_their_checksum_are_not_accounts(text):
    assert TermKind.ACCOUNT not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He acted pursuant to 36110/97. They requested it.", "36110/97"),
        ("She lodged application no. 36244/06 against Poland.", "36244/06"),
        ("The plot was on sheet 11/23W1E (no. 2).", "11/23W1E"),
        ("Case K-12/2001 was heard.", "K-12/2001"),
        ("See Boner v. the United Kingdom (no. 30/1993/425/504).", "30/1993/425/504"),
        ("See R (Smith) v. Secretary [2008] EWHC 860 (QB), at 12.", "[2008] EWHC 860 (QB)"),
        ("Her passport no. AB1234567 was seized.", "AB1234567"),
        ("His passport AB1234567 was seized.", "AB1234567"),
        ("His SSN is 078-05-1120.", "078-05-1120"),
        ("National insurance number AB 12 34 56 C.", "AB 12 34 56 C"),
        ("My NI number is QQ 12 34 56 C.", "QQ 12 34 56 C"),
        ("Order #A-77812 never arrived.", "A-77812"),  # "Order" cites a law only with "No."
        ("Ticket #55120 is open.", "55120"),
        ("It was registered as plot no. 165.", "165"),
        ("The judgment in case Mål nr 1234-96 was final.", "1234-96"),
        ("Sag nr. 123/1997 was heard.", "123/1997"),
        ("The dossier n° 96/12345 was closed.", "96/12345"),
        ("The file (ref. 1234-98) was lost.", "1234-98"),
        ("Case number 95-1234 was struck out.", "95-1234"),
        ("The case № 2-123/05 was heard.", "2-123/05"),
        ("Case № 12345 was opened.", "12345"),
        ("He was given No 12345 at the prison.", "12345"),
        ("He was held in remand centre IZ-77/1 in Moscow.", "IZ-77/1"),
    ],
    ids=[
        "issue-example-full-stop-outside",
        "application-no",
        "sheet-number",
        "letter-dash-slash",
        "old-case-number",
        "neutral-citation",
        "passport-with-no",
        "passport-alone",
        "us-ssn",
        "uk-national-insurance",
        "uk-national-insurance-with-a-prefix-never-issued",
        "number-sign-after-order",
        "number-sign-digits",
        "plot-no",
        "nordic-nr",
        "nr-with-full-stop",
        "french-n-degree",
        "ref",
        "number-word-then-two-digits",
        "numero-sign-slash",
        "numero-sign-digits",
        "no-without-full-stop",
        "register-hyphen-slash-three-digits",
    ],
)
def test_reference_numbers_are_codes_without_a_sentence_full_stop(text, expected):
    assert (expected, TermKind.CODE) in _found(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Judgment no. Rev-123/05 was final.", "Rev-123/05"),
        ("The County Court (Kž-123/05) refused.", "Kž-123/05"),
        ("It was decided (Bfv.I.123/2005) in May.", "Bfv.I.123/2005"),
        ("The Federal Court (6B_123/2005) agreed.", "6B_123/2005"),
        ("The Court of Appeal (Ö 1234-05) refused.", "Ö 1234-05"),
        ("The judgment ECLI:NL:HR:2005:AB1234.", "ECLI:NL:HR:2005:AB1234"),
        ("See LJN AB1234 of that year.", "LJN AB1234"),
        ("The appeal (recurso nº 1234-2005) failed.", "1234-2005"),
    ],
    ids=[
        "register-joined-by-hyphen",
        "register-with-diacritic",
        "register-with-full-stops",
        "underscore",
        "swedish-register-letter",
        "ecli",
        "dutch-ljn",
        "spanish-number-sign",
    ],
)
def test_national_case_numbers_are_codes(text, expected):
    assert (expected, TermKind.CODE) in _found(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Patient: M. Smith, MRN 00482913, seen today.", "00482913"),
        ("NHS number 943 476 5919.", "943 476 5919"),
        ("Hospital ID: 4471923.", "4471923"),
        ("Ref: 12345 (closed).", "12345"),
        ("His passport no. 12 34 56 78 was seized.", "12 34 56 78"),
        ("Blue Shield, member ID XJH448120573.", "XJH448120573"),
        ("Your tracking number is JX 4471 2290 GB and it ships today.", "JX 4471 2290 GB"),
        ("i sent it back, ref JX 4471 2290 GB. thanks", "JX 4471 2290 GB"),
        ("Policy ref: HX 229 0043 K", "HX 229 0043 K"),
    ],
    ids=[
        "mrn",
        "nhs-number-in-groups",
        "id-with-colon",
        "ref-with-colon",
        "passport-in-groups",
        "id-before-letters-and-digits",
        "tracking-number-after-is",
        "tracking-number-in-lower-case-text",
        "groups-with-a-check-letter",
    ],
)
def test_a_number_after_a_form_label_is_a_code_and_the_label_stays_in_clear(text, expected):
    assert (expected, TermKind.CODE) in _found(text)


def test_a_label_before_is_and_its_value_stays_in_clear():
    with Sanitizer(Settings(use_cache=False, workers=1)) as sanitizer:
        assert sanitizer.sanitize("My ref is AB 1234 5678, thanks.").text.startswith("My ref is [CODE-1]")
        assert sanitizer.sanitize("so my dob is 12/03/88 if you need it").text.startswith("so my dob is [DATE-1]")


@pytest.mark.parametrize("text", ["In 1999 12 34 56 people voted.", "He paid 12 34 56 to the clerk."])
def test_digit_groups_without_a_label_are_not_codes(text):
    assert not any(kind is TermKind.CODE for _, kind in _found(text))


@pytest.mark.parametrize(
    "text",
    [
        "She lodged application no. 36244/06.",
        "See applications nos. 1/99 and 2/99.",
        "Passport number AB1234567 was seized.",
    ],
)
def test_the_number_word_before_a_code_stays_in_clear(text):
    assert not any(
        kind is TermKind.CODE and phrase.lower().startswith(("no", "number")) for phrase, kind in _found(text)
    )


@pytest.mark.parametrize(
    "text, code",
    [
        ("i placed an order (order no. 88213-AB) last week", "88213-AB"),
        ("the act number 55127 on my ticket was wrong", "55127"),
    ],
)
def test_a_citing_word_in_lower_case_is_an_ordinary_word(text, code):
    # legislation is cited capitalized ("Law no. 466", "ORDER No. 3"); "my order no." is a code
    assert (code, TermKind.CODE) in _found(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The Regional Court (case no. IV Ka 123/99) dismissed it.", "IV Ka 123/99"),
        ("The Supreme Court (2 KK 123/02) quashed it.", "2 KK 123/02"),
        ("It decided (E. 1996/123, K. 1997/45) to convict him.", "E. 1996/123"),
        ("The complaint (AZ 2 BvR 123/99) was refused.", "AZ 2 BvR 123/99"),
        ("In 123/99 it was refused.", "123/99"),
        ("The Court 123/99 refused.", "123/99"),
        ("The 123/2005 decision stands.", "123/2005"),
        ("The Court of Appeal (II AKa 123/99) upheld it.", "II AKa 123/99"),
        ("The Supreme Court (5 Tdo 123/2005) dismissed it.", "5 Tdo 123/2005"),
        ("The Constitutional Court (III. ÚS 123/05) agreed.", "III. ÚS 123/05"),
        ("The Supreme Court (OGH 1 Ob 12/05k) refused.", "OGH 1 Ob 12/05k"),
    ],
    ids=[
        "roman-and-register",
        "chamber-and-register",
        "letter-with-full-stop",
        "three-tokens",
        "english-word-is-no-register",
        "long-word-is-no-register",
        "three-letter-word-is-no-register",
        "polish-appeal-register",
        "czech-register",
        "czech-constitutional-register",
        "austrian-check-letter",
    ],
)
def test_a_case_number_takes_in_its_court_register(text, expected):
    assert (expected, TermKind.CODE) in _found(text)


@pytest.mark.parametrize(
    "text",
    [
        "A violation of Article 6 § 1 of the Convention.",
        "Article 1 of Protocol No. 11 applies.",
        "He acted pursuant to Law no. 466. They requested it.",
        "Directive 95/46/EC applies.",
        "Reports of Judgments and Decisions 1997-I, and ECHR 2000-XI.",
        "See the old reference (art. P1-1).",
        "A 1/2 share and COVID-19 and F-16 jets.",
        "Judgment of (Series A no. 192).",
        "It transposed 83/189/EEC and 88/182/EEC late.",
        "Regulation (EEC) No 1408/71 applies, and No 10 Downing Street replied.",
    ],
    ids=[
        "article-paragraph",
        "protocol-number",
        "law-number",
        "directive-number",
        "report-volumes",
        "old-article-reference",
        "fraction-and-short-names",
        "series-a",
        "eu-legislation-number",
        "no-without-full-stop-in-a-citation-or-before-two-digits",
    ],
)
def test_public_references_and_short_numbers_are_not_codes(text):
    assert TermKind.CODE not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The hearing took place on 12 March 2005 in Ankara.", ["12 March 2005"]),
        ("On 7 January 2021 Bagbin was elected.", ["7 January 2021"]),
        ("In 2010 he moved. In 2012 he left.", ["2010", "2012"]),
        ("He was born 1957 in Leeds.", ["1957"]),
        ("It happened in the 1990s.", ["1990s"]),
        ("Hearings were held on 16 and 17 April 1997.", ["16 and 17 April 1997"]),
        ("They met in March, April and June 1989.", ["March, April and June 1989"]),
        ("He was detained between 1982 and 1984 without trial.", ["between 1982 and 1984"]),
        ("The trial ran from 1 to 5 May 2003.", ["from 1 to 5 May 2003"]),
        ("Letters of 17 May, 3 June and 10 September 1999 followed.", ["17 May, 3 June and 10 September 1999"]),
        ("On 5 May 2001, 6 June 2002 they wrote.", ["5 May 2001", "6 June 2002"]),
        ("It lasted 31 January to 6 March 2001.", ["31 January to 6 March 2001"]),
        ("It was held 12\u201313 November 1992.", ["12\u201313 November 1992"]),
        ("Signed on 12.03.2005 and 2005-03-12.", ["12.03.2005 and 2005-03-12"]),
        ("Signed on 12/03/2005.", ["12/03/2005"]),
        ("On March 12, 2005 he left.", ["March 12, 2005"]),
        ("On the 27th day of September 1996 it ended.", ["27th day of September 1996"]),
        ("In early October 1997 the court sat.", ["early October 1997"]),
        ("From the end of 1981 he worked.", ["end of 1981"]),
        ("It began in the mid-1980s.", ["mid-1980s"]),
        ("He stayed until February.", ["February"]),
        (
            "He was seen between 1.28 p.m. and 2.00 p.m. on 20 July 1996, alone.",
            ["between 1.28 p.m. and 2.00 p.m. on 20 July 1996"],
        ),
        ("On 19 July 1996 at 9.30 a.m., he left.", ["19 July 1996 at 9.30 a.m."]),
        ("I rang on the 15th and again by the 3rd, from the 17th.", ["15th", "3rd", "17th"]),
        ("It is on the 15th floor, in the 3rd round, on the 15th-century wall.", []),
        ("It was taken on 12/09 and due by 3/10.", ["12/09", "3/10"]),
        ("Add 3/4 of the flour, not 1/3, from 2 to 3.", []),
        ("She was named to the team (2006, 2010) and wrote Salt Roads (2019).", ["2006, 2010", "2019"]),
    ],
    ids=[
        "day-month-year",
        "name-after-date-stays-out",
        "issue-years-in-context",
        "born",
        "decade",
        "coordinated-days",
        "coordinated-months",
        "year-range",
        "day-range-with-from",
        "list-sharing-a-year",
        "comma-list-of-full-dates",
        "range-across-months",
        "en-dash-range",
        "numeric-and-iso",
        "slashed",
        "month-first",
        "ordinal-day-of",
        "early",
        "end-of",
        "mid-decade",
        "month-after-until",
        "time-range-on-date",
        "date-at-time",
        "day-of-the-month-alone-after-on-the",
        "a-rank-is-no-day",
        "day-and-month-in-figures-after-on",
        "a-fraction-is-no-day-and-month",
        "years-in-brackets",
    ],
)
def test_dates_are_one_span_each_without_adjacent_words(text, expected):
    assert _found(text) == [(date, TermKind.DATE) for date in expected]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("They left at 14:30.", ["14:30"]),
        ("At approximately 23:40 hrs I saw him; at 09:30h he left.", ["23:40 hrs", "09:30h"]),
        ("Pain relief given at 10 a.m. and again at 4pm.", ["10 a.m.", "4pm"]),
        ("Visiting from 10:00 to 11:30 only.", ["10:00 to 11:30"]),
    ],
    ids=["clock", "clock-with-hours-mark", "morning-and-afternoon", "range"],
)
def test_a_time_of_day_alone_is_a_time(text, expected):
    assert _found(text) == [(time, TermKind.TIME) for time in expected]


@pytest.mark.parametrize(
    "text, date",
    [
        ("On 19 July 1996 at 9.30 a.m., he left.", "19 July 1996 at 9.30 a.m."),
        ("At 10.00 a.m. on 3 May 2001 he left.", "10.00 a.m. on 3 May 2001"),
    ],
    ids=["date-then-time", "time-then-date"],
)
def test_a_time_with_its_date_is_the_date(text, date):
    assert _found(text) == [(date, TermKind.DATE)]


def test_a_shift_written_as_two_clock_times_is_no_phone_number():
    assert all(kind is not TermKind.PHONE for _, kind in _found("Night shift 1900-0700, day shift 0700-1900."))


@pytest.mark.parametrize(
    "text",
    [
        "The 1998 Act applies.",
        "Under the Human Rights Act 1998 it applies.",
        "May I ask the court?",
        "The march of the Queen of May.",
        "He paid 2000 of them.",
        "See report CPT/Inf (2002)8 of the committee.",
    ],
    ids=[
        "year-as-part-of-a-name",
        "act-year",
        "may-the-verb",
        "month-names-without-context",
        "count",
        "a-reference-s-bracketed-year",
    ],
)
def test_numbers_and_month_names_without_context_are_not_dates(text):
    assert TermKind.DATE not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Seen 3rd of march in the clinic.", "3rd of march"),
        ("i returned it on 12th oct, thanks", "12th oct"),
        ("we met on 14 october 2023 at the shop", "14 october 2023"),
    ],
)
def test_a_month_in_lower_case_after_a_day_is_a_date(text, expected):
    assert (expected, TermKind.DATE) in _found(text)


@pytest.mark.parametrize("text", ["all 12 may come to the party", "the 3 march together", "give 2 jan a call"])
def test_a_month_in_lower_case_that_is_also_a_word_needs_an_ordinal_day(text):
    assert TermKind.DATE not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He is 34 years old.", "34 years old"),
        ("She was twenty-two years old then.", "twenty-two years old"),
        ("Her 9-year-old daughter testified.", "9-year-old"),
        ("He was aged 34 at the time.", "aged 34"),
        ("He retired at the age of 65.", "age of 65"),
        ("The child was two years of age.", "two years of age"),
        ("He arrived at the age of three.", "age of three"),
        ("A 62 y/o male veteran.", "62 y/o"),
        ("A 47yo woman.", "47yo"),
    ],
    ids=[
        "issue-example",
        "words",
        "hyphenated",
        "aged",
        "age-of",
        "years-of-age",
        "age-of-in-words",
        "clinical-y/o",
        "clinical-yo",
    ],
)
def test_ages_are_ages(text, expected):
    assert _found(text) == [(expected, TermKind.AGE)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He claimed EUR 736,000 in damages.", ["EUR 736,000"]),
        ("He was fined \u00a35,000.", ["\u00a35,000"]),
        ("She paid 5,000 euros.", ["5,000 euros"]),
        ("The bank held SEK 6,850,000 for him.", ["SEK 6,850,000"]),
        ("A loss of 1.5 million dollars ensued.", ["1.5 million dollars"]),
        ("He received 68,000 Danish kroner (DKK).", ["68,000 Danish kroner (DKK)"]),
        ("She claimed 61,000 zlotys and GBP 1.27 million.", ["61,000 zlotys", "GBP 1.27 million"]),
        ("Taxes of 401, 515 and 397 kronor were due.", ["401, 515 and 397 kronor"]),
        ("He owed DKK 900,000 and DKK 200,000.", ["DKK 900,000", "DKK 200,000"]),
        ("Tax of 1,717 kronor for 1980 and 1,325 kronor for 1981.", ["1,717 kronor", "1,325 kronor"]),
        ("He paid five thousand euros.", ["five thousand euros"]),
    ],
    ids=[
        "code-first",
        "symbol",
        "word-after",
        "millions",
        "scale-word",
        "adjective-and-code",
        "two-amounts",
        "list-sharing-a-currency",
        "and-joins-two-amounts",
        "years-stay-out-of-lists",
        "in-words",
    ],
)
def test_sums_of_money_are_amounts(text, expected):
    assert [(found, kind) for found, kind in _found(text) if kind is not TermKind.DATE] == [
        (amount, TermKind.AMOUNT) for amount in expected
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He got twelve years and six months' imprisonment.", "twelve years and six months"),
        ("He was sentenced to three years.", "three years"),
        ("A fifteen-year sentence was imposed.", "fifteen-year"),
        ("It took two to four years.", "two to four years"),
        ("He served 9 years 9 months\u2019 imprisonment.", "9 years 9 months"),
        ("The flat measures 219.41 sq. m in all.", "219.41 sq. m"),
        ("The plot is 220 square metres.", "220 square metres"),
        ("He carried 0.5 grams of heroin.", "0.5 grams"),
        ("He spent three hundred days in custody.", "three hundred days"),
        ("Over 160 hours of tapes.", "160 hours"),
        ("He is 5'7\" tall.", "5'7\""),
        ("She is 5' 4'' tall.", "5' 4''"),
        ("She weighed 160 lbs then.", "160 lbs"),
    ],
    ids=[
        "issue-sentence",
        "duration",
        "adjectival",
        "range",
        "no-and",
        "square-metres-abbreviated",
        "square-metres",
        "grams",
        "hundreds-in-words",
        "hours",
        "feet-and-inches",
        "feet-and-inches-in-apostrophes",
        "pounds-weight",
    ],
)
def test_durations_and_measures_are_quantities(text, expected):
    assert _found(text) == [(expected, TermKind.QUANTITY)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Rheumatoid factor was 86 IU/mL on admission.", "86 IU/mL"),
        ("His ESR was 48 mm/hr today.", "48 mm/hr"),
        ("Glucose 5.2 mmol/L fasting.", "Glucose 5.2 mmol/L"),
        ("Given 40MEQ KCL and lasix 20mg iv.", "40MEQ"),
        ("Foley to gravity, uo 50cc/hr.", "uo 50cc/hr"),
        ("CV: HR 80S NSR WITH NO ECTOPY.", "HR 80S"),
        ("Seen at 10:00, BP 130/85, stable.", "BP 130/85"),
        ("Afebrile, temp: 37.1 overnight.", "temp: 37.1"),
        ("Repleted for K 3.8 this morning.", "K 3.8"),
        ("Sats 96% on room air.", "Sats 96%"),
        ("GCS 15, pupils equal.", "GCS 15"),
        ("HR 90s-100s, occ PVCs.", "HR 90s-100s"),
        ("BP 98-110/50-60 on neo.", "BP 98-110/50-60"),
        ("ABG 7.38/42/98 on these settings.", "ABG 7.38/42/98"),
        ("Intubated on AC 500x14, PEEP 5.", "AC 500x14"),
        ("PUPILS 3MM PERRL.", "PUPILS 3MM"),
        ("ZOSYN 4.5G IV Q8H.", "4.5G"),
    ],
    ids=[
        "laboratory-unit-per-volume",
        "per-hour",
        "millimoles-per-litre",
        "dose-in-capitals",
        "label-and-rate",
        "heart-rate-decade",
        "blood-pressure-ratio",
        "label-with-colon",
        "one-letter-label-with-decimals",
        "percentage-after-label",
        "score",
        "range-of-decades",
        "ratio-of-ranges",
        "readings-over-slashes",
        "volume-times-rate",
        "size-in-millimetres",
        "grams-given-by-a-route",
    ],
)
def test_values_with_their_unit_or_label_are_measurements(text, expected):
    assert (expected, TermKind.MEASUREMENT) in _found(text)


@pytest.mark.parametrize(
    "text",
    [
        "The judgment ECLI:NL:HR:2005:AB1234.",
        "See Annex K 3 of the treaty.",
        "He will be 18 in May.",
        "The patient, pt 1234567, was admitted.",
        "Interest at a rate of 5% a year.",
    ],
    ids=["code-part", "one-letter-label-whole-number", "verb-before-number", "record-number-after-label", "no-label"],
)
def test_numbers_without_a_measurement_label_are_no_measurements(text):
    assert all(kind is not TermKind.MEASUREMENT for _, kind in _found(text))


def test_an_em_dash_between_spaces_opens_an_aside_not_a_range():
    assert _found("It was 12 \u2014 3 weeks ago, not 5\u20147 weeks.") == [
        ("3 weeks", TermKind.QUANTITY),
        ("5\u20147 weeks", TermKind.QUANTITY),
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Inflation reached 40% that year.", "40%"),
        ("It rose by 35 percent.", "35 percent"),
        ("Some 70-80 per cent agreed.", "70-80 per cent"),
        ("Only forty per cent agreed.", "forty per cent"),
    ],
    ids=["sign", "percent", "range", "in-words"],
)
def test_percentages_are_numbers(text, expected):
    assert _found(text) == [(expected, TermKind.NUMBER)]


@pytest.mark.parametrize(
    "text",
    [
        "The file ran to 1,000 pages.",
        "The applicant has three children.",
        "He had twenty-one cousins.",
        "A violation of Article 6 \u00a7 1.",
    ],
    ids=["count-of-pages", "count-of-children", "count-in-words", "article-paragraph"],
)
def test_counts_of_things_that_are_not_units_are_left_to_the_tagger(text):
    assert _found(text) == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He lives at 12 Baker Street, London.", ["12 Baker Street"]),
        ("Send it to Flat 3, 14 High Road.", ["Flat 3, 14 High Road"]),
        ("Police went to 19 New Henderson Street.", ["19 New Henderson Street"]),
        ("The office is at 12 St. Mary's Road in Leeds.", ["12 St. Mary's Road"]),
        ("London SW1A 1AA is the postcode.", ["SW1A 1AA"]),
        ("The office at 12 rue de la Paix, 75008 Paris closed.", ["12 rue de la Paix", "75008 Paris"]),
        ("He lived at ul. Marsza\u0142kowska 12 in Warsaw.", ["ul. Marsza\u0142kowska 12"]),
        ("He lived at Hauptstra\u00dfe 5, D-10115 Berlin.", ["Hauptstra\u00dfe 5", "D-10115 Berlin"]),
        ("Write to Via delle Rose 8, please.", ["Via delle Rose 8"]),
        ("She lives at Rua das Flores 12 now.", ["Rua das Flores 12"]),
        ("my address is 17 Cranbrook rd, thanks", ["17 Cranbrook rd"]),
        ("Ship to 12 Baker St. before noon.", ["12 Baker St."]),
        ("Ship to: 123 Main St, Apt 4B, Austin.", ["123 Main St, Apt 4B"]),
        ("The shop at 4 High St Albans Road closed.", ["4 High St Albans Road"]),
        ("Water escaped at 5 The Paddocks, Little Haywood, last night.", ["5 The Paddocks"]),
        ("Deliver to Apt 7C, 415 East 86th Street today.", ["Apt 7C, 415 East 86th Street"]),
        ("The claim for 9 Rue Victor Hugo was paid.", ["9 Rue Victor Hugo"]),
    ],
    ids=[
        "street",
        "flat",
        "three-word-street",
        "saint-in-street",
        "uk-postcode",
        "french-street-and-postcode",
        "polish-street",
        "german-street-and-postcode",
        "italian-street-with-plural-particle",
        "portuguese-street",
        "street-type-in-lower-case",
        "st-abbreviated",
        "st-without-its-stop-and-a-unit-after",
        "st-before-a-capital-is-a-saint",
        "a-street-named-with-the-before-its-town",
        "a-unit-before-a-numbered-street",
        "french-street-capitalized",
    ],
)
def test_street_addresses_and_postcodes_are_locations(text, expected):
    assert _found(text) == [(location, TermKind.LOCATION) for location in expected]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The phone was last seen at 51.5074, -0.1278 near the office.", "51.5074, -0.1278"),
        ("Pinned at (40.712776,-74.005974) on the map.", "40.712776,-74.005974"),
    ],
)
def test_coordinates_in_decimal_degrees_are_a_location(text, expected):
    assert (expected, TermKind.LOCATION) in _found(text)


@pytest.mark.parametrize(
    "text",
    ["He paid 12.500, 13.750 and 9.000 in all.", "The readings were 95.12345, 10.12345 at noon."],
    ids=["sums-with-thousands-groups", "no-latitude-above-90"],
)
def test_decimals_that_are_no_coordinates_are_no_location(text):
    assert "coordinates" not in [span.source for span in identifier_spans(text)]


@pytest.mark.parametrize(
    "text",
    [
        "The Court of Appeal sat in London.",
        "Article 8 Place of residence.",
        "In 1990 Oxford Road was closed.",
        "Under section 12 High Street trading rules apply.",
        "She planted 4 rows and 2 close to the fence.",
        "12 The Court, however, found no breach.",
    ],
    ids=[
        "place-name-without-number",
        "article-heading",
        "year-before-a-street",
        "section-number",
        "lower-case-street-type-without-a-name",
        "a-numbered-paragraph-opening-with-the",
    ],
)
def test_places_without_an_address_form_are_not_locations(text):
    assert TermKind.LOCATION not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("we moved to 14 elm close, swindon last month and the premium went up", "14 elm close"),
        ("can you send it to flat 2, 9 fox lane please, thanks a lot", "flat 2, 9 fox lane"),
        (
            "[09:15] Agent: Thanks Hannah. I can see it was left with a neighbour at the door.\n"
            "[09:16] Customer: there is no number 42 on our road lol. i live at 18 beech avenue\n",
            "18 beech avenue",
        ),
    ],
    ids=["before-a-comma", "after-a-preposition-with-a-flat", "a-chat-line-under-another-writer-s"],
)
def test_a_street_address_in_lower_case_is_a_location_where_the_writer_writes_so(text, expected):
    assert (expected, TermKind.LOCATION) in _found(text)


@pytest.mark.parametrize(
    "text",
    [
        "we drove 3 miles down the road. it was a long trip home after that",
        "the bike shop had 2 more road bikes in stock when we came back",
        "The convoy passed 14 elm close, then stopped for the night at the border.",
    ],
    ids=["function-words-inside", "no-clause-end-and-no-preposition", "text-written-with-capitals"],
)
def test_a_number_before_a_lower_case_street_type_is_no_address_otherwise(text):
    assert TermKind.LOCATION not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("i moved to flat 12, 88 eastbury avenue, northwood ha6 3lp last month, thanks", "ha6 3lp"),
        ("Agent: Can you confirm your postcode?\nCustomer: sure, lakshmi, cr0 2rf\nAgent: Thanks.", "cr0 2rf"),
    ],
    ids=["in-a-lower-case-message", "on-a-short-chat-line-among-capitals"],
)
def test_a_postcode_in_lower_case_is_a_location(text, expected):
    assert (expected, TermKind.LOCATION) in _found(text)


@pytest.mark.parametrize(
    "text",
    ["my score went from grade b1 2nd time round, so fine", "the mp3 4ab file was corrupt"],
    ids=["an-ordinal-after", "letters-of-no-postcode-area"],
)
def test_letters_and_digits_in_lower_case_are_no_postcode_otherwise(text):
    assert TermKind.LOCATION not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He played eleven seasons in the league before he retired.", "eleven seasons"),
        ("She coached the side for 3 seasons.", "3 seasons"),
    ],
)
def test_seasons_are_a_duration(text, expected):
    assert (expected, TermKind.QUANTITY) in _found(text)


def test_the_issue_examples_are_recognized_with_their_kinds():
    text = (
        "In 2010 the applicant moved to Leeds. In 2012 he married. He is 34 years old. "
        "Write to john.brown@example.com or call +44 20 7946 0958. On 7 January 2021 Bagbin spoke."
    )
    assert _found(text) == [
        ("2010", TermKind.DATE),
        ("2012", TermKind.DATE),
        ("34 years old", TermKind.AGE),
        ("john.brown@example.com", TermKind.EMAIL),
        ("+44 20 7946 0958", TermKind.PHONE),
        ("7 January 2021", TermKind.DATE),
    ]


def test_overlapping_recognitions_merge_into_the_most_specific_kind():
    # "aged 34" (AGE) and "34 years" (QUANTITY) overlap: one span, the more specific kind.
    assert _found("He was aged 34 years then.") == [("aged 34 years", TermKind.AGE)]


def test_candidates_take_their_identifiers_from_the_recognizers():
    text = "Write to john.brown@example.com about 36110/97."
    assert find_candidate_spans(text, []) == identifier_spans(text)


@pytest.mark.parametrize(
    "text, given, expected",
    [
        ("pursuant to 36110/97. They", "36110/97. ", "36110/97"),
        ("  spaced out  ", "  spaced out  ", "spaced out"),
        (
            "European Commission of Human Rights (",
            "European Commission of Human Rights (",
            "European Commission of Human Rights",
        ),
        ("John Harding Price (“Dr Price”)", "John Harding Price (", "John Harding Price"),
        ("(“the Commission”).", "Commission”).", "Commission"),
        ("the “applicant” said", "“applicant”", "applicant"),
        ("(no. 36244/06)", "(no. 36244/06)", "no. 36244/06"),
        ("[2008] EWHC 860 (QB)", "[2008] EWHC 860 (QB)", "[2008] EWHC 860 (QB)"),
        ("six months’ imprisonment", "six months’ ", "six months"),
        ("12 Baker St., London", "12 Baker St.", "12 Baker St."),
        ("12 Baker St. The", "12 Baker St.", "12 Baker St"),
        ("met Mr S. He", "Mr S.", "Mr S"),
        ("Mr S. said so", "Mr S.", "Mr S."),
        ("at 2 p.m., he", "2 p.m.", "2 p.m."),
        ("- K-12/2001,", "- K-12/2001,", "K-12/2001"),
        ("Smith's car", "Smith's", "Smith's"),
        ("about 5'10\", white", "5'10\"", "5'10\""),
        ('he said "aged 16"', 'aged 16"', "aged 16"),
    ],
    ids=[
        "sentence-full-stop",
        "whitespace",
        "open-bracket",
        "name-and-bracket",
        "closing-quote-and-bracket",
        "enclosing-quotes",
        "enclosing-brackets",
        "balanced-brackets-at-edges",
        "possessive-apostrophe",
        "abbreviation-before-comma",
        "abbreviation-ending-a-sentence",
        "initial-ending-a-sentence",
        "initial-inside-a-sentence",
        "abbreviation-inside-a-sentence",
        "separators",
        "possessive-inside",
        "inch-mark-of-a-height",
        "closing-quote-after-a-figure",
    ],
)
def test_clean_span_trims_edges_to_the_rule(text, given, expected):
    start = text.index(given)
    cleaned = clean_span(text, start, start + len(given))
    assert cleaned is not None and text[cleaned[0] : cleaned[1]] == expected
    assert is_clean_span(text, *cleaned)


@pytest.mark.parametrize(
    "text", ["", "   ", "()", "\u201c\u201d", "., ;"], ids=["empty", "spaces", "brackets", "quotes", "punctuation"]
)
def test_clean_span_of_nothing_but_edges_is_none(text):
    assert clean_span(text, 0, len(text)) is None


_PIECES = st.sampled_from(
    [
        " ",
        "  ",
        "\n",
        ".",
        ". ",
        ",",
        ";",
        ":",
        "(",
        ")",
        "[",
        "]",
        "\u201c",
        "\u201d",
        "'",
        "\u2019",
        '"',
        "-",
        "\u2013",
        "/",
        "@",
        "+",
        "%",
        "\u00a3",
        "\u20ac",
        "\u00a7",
        "no.",
        "No.",
        "St.",
        "Mr",
        "S.",
        "p.m.",
        "1",
        "12",
        "2010",
        "1997",
        "36110/97",
        "0",
        "44",
        "7946",
        "0958",
        "000",
        "1,000",
        "5.5",
        "in",
        "between",
        "and",
        "to",
        "from",
        "born",
        "aged",
        "age of",
        "years",
        "old",
        "months",
        "year-old",
        "January",
        "May",
        "March",
        "early",
        "end of",
        "mid-",
        "EUR",
        "euros",
        "million",
        "per cent",
        "sq. m",
        "twenty",
        "-one",
        "three",
        "hundred",
        "Street",
        "Road",
        "Flat",
        "SW1A",
        "1AA",
        "Paris",
        "Law",
        "www.",
        "example",
        ".com",
        "http://",
        "GB82",
        "WEST",
        "K-12",
        "The",
        "applicant",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=40).map("".join))
def test_every_recognized_span_is_clean_and_inside_the_text(text):
    spans = identifier_spans(text)
    for span in spans:
        assert 0 <= span.start < span.end <= len(text)
        assert is_clean_span(text, span.start, span.end), text[span.start : span.end]
    assert all(a.end <= b.start for a, b in zip(spans, spans[1:]))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60), st.data())
def test_clean_span_returns_a_clean_span_inside_the_one_given(text, data):
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    cleaned = clean_span(text, start, end)
    if cleaned is not None:
        assert start <= cleaned[0] < cleaned[1] <= end
        assert is_clean_span(text, *cleaned)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Your login is rosalind.k_92 now.", "rosalind.k_92"),  # a username with the writer's name
        ("Follow @priya_r for news.", "@priya_r"),
        ("The temporary password is Xk9#mPz!2q.", "Xk9#mPz!2q"),
        ("Send it to 1BoatSLRHtKNngkdXEeobR76b53LETtpyT today.", "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"),
        ("VIN 1HGCM82633A004352, registration pending.", "1HGCM82633A004352"),
        ("Seen from MAC 3C:52:82:1F:9A:0B last night.", "3C:52:82:1F:9A:0B"),
        ("Can you unlock my account dkowal_71?", "dkowal_71"),
    ],
    ids=["username", "handle", "password", "wallet", "vin", "mac", "username-before-a-question-mark"],
)
def test_credentials_and_device_identifiers_are_codes_whole(text, expected):
    assert _found(text) == [(expected, TermKind.CODE)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("My twitter is @jess_walker99 and my instagram is jess.walks now.", "jess.walks"),
        ("Username: jwalker, password reset pending.", "jwalker"),
        ("Find me on Skype: maria.lopez after work.", "maria.lopez"),
    ],
    ids=["instagram", "username", "skype"],
)
def test_the_word_after_an_account_s_label_is_its_handle(text, expected):
    assert (expected, TermKind.CODE) in _found(text)


@pytest.mark.parametrize(
    "text",
    ["my instagram is private now, sorry", "The login page failed twice.", "Twitter is a website."],
    ids=["an-ordinary-word", "no-value", "a-one-letter-word"],
)
def test_after_an_account_s_label_an_ordinary_word_is_no_handle(text):
    assert "account_handle" not in [span.source for span in identifier_spans(text)]


@pytest.mark.parametrize(
    "text",
    [
        "The COVID-19 ward reopened.",
        "She bought an iPhone14 and a Win64 licence in the 1990s.",
        "Mail ends at anne@example.com today.",
        "A well-known B2B firm sold 3x more in Q4 2025.",
    ],
    ids=["disease", "products-and-decade", "email", "short-mixes"],
)
def test_words_with_a_number_are_no_credentials(text):
    assert "credential" not in [span.source for span in identifier_spans(text)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Pay to sort code 60-16-13 today.", [("60-16-13", TermKind.CODE)]),  # no day 60, no month 16
        ("Seen on 03/25/2024, then 31.12.2020.", [("03/25/2024", TermKind.DATE), ("31.12.2020", TermKind.DATE)]),
        ("Ref 45-67-89 only.", [("45-67-89", TermKind.CODE)]),
    ],
    ids=["sort-code", "dates-either-order", "numbers-that-are-no-date"],
)
def test_a_numeric_date_needs_a_day_and_a_month(text, expected):
    assert _found(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("It's me and our kids Zara (9) and Tobi (4).", [("9", TermKind.AGE), ("4", TermKind.AGE)]),
        ("The applicant, Mr Ivan Petrov (45), complained.", [("45", TermKind.AGE)]),
        ("Article 8 (2) applies, and The Regulations (3) too.", []),
        ("Mr Brown (2) said so; Zara (300) did not.", []),
    ],
    ids=["children", "a-full-name", "provisions", "no-given-name-or-too-old"],
)
def test_a_number_in_brackets_after_a_given_name_is_an_age(text, expected):
    assert [(found, kind) for found, kind in _found(text) if kind is TermKind.AGE] == expected


@pytest.mark.parametrize(
    "text, expected",
    [("a grey Skoda, reg SK21 LMV, parked", ["SK21 LMV"]), ("Plate KV19XPD was seen.", ["KV19XPD"]), ("SW1A 1AA", [])],
    ids=["with-its-space", "written-together", "a-postcode-is-none"],
)
def test_a_british_registration_plate_is_a_code(text, expected):
    assert [found for found, kind in _found(text) if kind is TermKind.CODE] == expected
