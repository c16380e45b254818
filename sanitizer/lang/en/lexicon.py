"""Closed classes of English words that more than one rule needs: months, weekdays,
titles. Each is written here once (tests/test_architecture.py holds that month names
are spelled out nowhere else); the rules import them."""

from __future__ import annotations

MONTHS = tuple("january february march april may june july august september october november december".split())
MONTH_ABBREVIATIONS = tuple("jan feb mar apr jun jul aug sep sept oct nov dec".split())
WEEKDAYS = tuple("monday tuesday wednesday thursday friday saturday sunday".split())
#: weekdays written short, those no name or word is written like ("Sun" is a surname, "Sat" a verb)
WEEKDAY_ABBREVIATIONS = tuple("tue tues weds thu thur thurs fri".split())

# Honorifics always stand before a person's name ...
HONORIFICS = frozenset(
    """
mr mrs ms miss mx messrs mme mmes mlle m dr prof sir dame herr frau monsieur madame mademoiselle
señor senor señora senora sr sra signor signora dott rev reverend fr
""".split()
)
# A clinician's title before a surname in a note: "updated by np mccarthy", "RN KOWALSKI",
# "SW KATHY" (a social worker; "rt" a respiratory therapist, "ot" an occupational one, "slp"
# a speech therapist, "cm" a case manager).
CLINICIAN_TITLES = frozenset({"np", "rn", "lpn", "crna", "pa", "sw", "rt", "ot", "slp", "cm"})
# ... office titles also before a role: "Lord Justice Kennedy" but "Lord Chief Justice",
# "Lord Advocate", "Lord Justice Clerk" (the first word after them is a role word); British
# police ranks are written short ("PC Daniel Hughes", "DCI Smith").
OFFICE_TITLES = frozenset(
    """
doctor professor lord lady judge judges justice president imam rabbi sheikh sergeant sgt constable
inspector detective superintendent captain capt colonel col lieutenant lt commander corporal
pc wpc pcso dc ds di dci supt
""".split()
)
TITLES = HONORIFICS | OFFICE_TITLES
# A street's type as informal writing gives it, in lower case ("17 cranbrook rd", "12 orchard
# close, didsbury"): the address recognizer and the lower-case place rule read it.
INFORMAL_STREET_TYPES = frozenset("street st road rd avenue ave lane ln drive blvd boulevard crescent close".split())

#: the numbers in words, each list in the order of its values (one..nine, ten..nineteen,
#: twenty..ninety, hundred..billion)
UNIT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

TEEN_WORDS = (
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
)

TENS_WORDS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")

SCALE_WORDS = ("hundred", "thousand", "million", "billion")
#: the decades of a life: "her mid-twenties", "his early forties"
DECADES_OF_LIFE = (
    "teens",
    "twenties",
    "thirties",
    "forties",
    "fifties",
    "sixties",
    "seventies",
    "eighties",
    "nineties",
)

#: the peoples of regions that countryinfo's countries and pycountry's languages leave out,
#: written for this project: "a Scottish marine biologist" says where someone is from
REGIONAL_DEMONYMS = (
    "Scottish Scots Flemish Walloon Bavarian Prussian Texan Californian Floridian Quebecois Québécois "
    "Sicilian Sardinian Andalusian Tyrolean Cossack Uyghur Uighur Punjabi Kashmiri"
).split()

#: What stands before a number that cites legislation or a report, not a person's
#: reference: "Law no. 466", "Protocol No. 11", "Regulation (EEC) No 1408/71", "Series A
#: no. 192". Capitalized, as legislation is cited ("ORDER No. 3" too): in lower case these
#: are ordinary words ("my order no. 88213-AB", "the rule number 4 they gave me").
#: the words of a treaty or a supranational law, beside a state's laws ("Protocol No. 11")
TREATY_WORDS = ("Protocol", "Convention", "Treaty", "Directive", "Regulation")
CITING_NAMES = (
    "Protocol Law Act Decree Decree-Law Series Article Rule Regulation Directive Resolution Recommendation Convention "
    "Code Ordinance Order Statute Bill"
).split()

#: words whose period is part of the word: titles, "no.", "St.", "sq." (span_cleaning.py
#: keeps the period; the months' abbreviations are added there)
DOTTED_ABBREVIATIONS = frozenset(
    """
mr mrs ms mme mlle dr prof messrs st jr sr gen col lt sgt capt rev hon no nos art arts para paras
pp vs cf co ltd inc corp approx ca app sq ave rd
blvd apt tel fax ref vol op ed eds fig etc
""".split()
)

#: a form's labels, folded (lower case, no full stops: "D.O.B." is "dob"), the code labels
#: aside (recognizers/field_labels.py)
FORM_LABELS = frozenset(
    """
dob tel fax mob mobile phone email e-mail ref iban bic swift vat tin ein passport postcode zip
name surname forename address date dated signed signature occupation age sex gender nationality
ip mac vin imei username login password reg
""".split()
)

#: titles that say a person is a man or a woman (entities.py); the others ("Dr", "Judge") say neither
TITLES_OF_MEN = ("mr", "sir", "lord", "herr", "father", "brother")
TITLES_OF_WOMEN = ("mrs", "ms", "miss", "lady", "dame", "mme", "mlle", "frau", "sister")

#: how one is of a people, after it and a hyphen: "Polish-born", "Spanish-speaking" (a
#: demonym, extraction/name_types.py); folded
ORIGIN_PARTICIPLES = frozenset({"born", "speaking", "bred", "raised", "descended"})

#: ordinary words that end a town's name, written in lower case after its first word
#: ("hebden bridge", "haywards heath", "tunbridge wells", "stoke on trent": the informal
#: place rule joins them to a town after a street's type)
TOWN_ENDINGS = frozenset("bridge heath wells green hill end cross park bay vale common spa on upon".split())

#: a street's type after its name, as an address writes it ("12 Baker Street"), and the
#: abbreviations that may take a full stop ("14 Elm Rd."): the address pattern's alternation
#: (recognizers/identifier_patterns.py) is built from them
STREET_TYPES = (
    "Street Road Avenue Lane Drive Boulevard Place Square Terrace Way Crescent Close Gardens "
    "Row Walk Grove Mews Parade Highway Quay Embankment Parkway Circle Trail"
).split()
STREET_TYPE_ABBREVIATIONS = ("Rd", "Ave", "Blvd", "Pkwy")
#: street types that also name an institution: a street only after a name ("22 Elm Court";
#: "12 The Court found" is a judgment's paragraph)
INSTITUTION_STREET_TYPES = ("Court",)
#: the particles inside a street's name, in the languages of the addresses English texts
#: quote: "rue de la Paix", "Via dei Mille", "Rua das Flores"
STREET_PARTICLES = "de du des la le l' del della dei degli delle dello di da do dos das los las".split()

#: the words before a bare year or month that make it a date ("in 2010", "until February"),
#: beside "prior to", "as of" and "year(s)" (recognizers/date_patterns.py)
WORDS_BEFORE_A_YEAR = (
    "in since until till from between during throughout before after by of around circa born"
).split()
#: the part of a period before "of" ("the end of 2010") and the seasons ("spring 2019")
PARTS_OF_A_PERIOD = ("end", "beginning", "middle", "start")
#: the words that end a period still open: "2019-present", "2015–now"
OPEN_PERIOD_ENDS = ("present", "now", "date", "today", "current")
#: the words before a day of the month alone that make it a date ("on the 15th", "by the 3rd")
WORDS_BEFORE_A_DAY = ("on", "by", "until", "till", "since", "from", "before", "after")
#: the words that point at a month alone from now: "since last June", "next March" (not
#: before a year: "the next 2000 years" counts)
WORDS_BEFORE_A_MONTH = ("last", "next", "this")
SEASONS = ("spring", "summer", "autumn", "winter")
#: the events a record dates, in any case: "admitted 2/14", "DISCHARGED 3/1", "ED 1/3",
#: "extubated 11/4", "appt 8/2" (none of them writes a fraction or a score after it)
DATED_EVENTS = (
    "admitted admission discharged transferred presented arrived seen dated born dob scheduled expires ed "
    "readmitted intubated extubated operated transfused diagnosed delivered died expired placed inserted "
    "removed surgery appt appointment"
).split()
#: the endings of a procedure's name, dated by the figures after it: "splenectomy 11/3",
#: "colonoscopy 2/14", "CABG" aside (a procedure's name is no fraction's label)
PROCEDURE_ENDINGS = ("ectomy", "otomy", "ostomy", "plasty", "scopy", "graphy")
#: the words before a phone number: "tel", "mobile", "call me on"
PHONE_WORDS = "tel phone cell mobile mob fax call ph home work contact text".split()

#: the parties of a case, after "the": a judgment's mark (genres.py), singular
PARTIES_TO_A_CASE = "applicant appellant respondent claimant plaintiff defendant petitioner".split()
#: the words a writer speaks of themselves or to the reader with, in any case: a message's
#: mark (genres.py), beside "I"
WORDS_TO_A_READER = ("my", "me", "we", "our", "you", "your", "please", "thanks", "thank you", "hi", "hello", "dear")
#: what numbers a part of a text or a law, before which a number is no house number
#: ("Article 8 Place", "section 12 High Street"), beside "p.", "pp." and "no."
NUMBERED_PARTS = (
    "Article Art section sections paragraph para Rule Protocol Chapter Part Schedule Annex page point item count "
    "Law Act"
).split()

#: the titles an institution is named after with a possessive: "Queen's Medical Centre", "King's College"
PATRON_TITLES = frozenset("queen king prince princess duke duchess".split())
#: the networks of payment cards and the wallets a message pays with: alone, a common noun,
#: no name ("my Visa ending 4412", "refund it to my PayPal"); "Visa Europe" is a company's name
PAYMENT_BRANDS = frozenset("visa mastercard amex maestro paypal venmo zelle".split())
