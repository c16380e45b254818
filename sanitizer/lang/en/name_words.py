"""The closed classes of English words that type a name, and predicates on one token.

Titles, organisation and place head words, judges' post-nominals and the contexts
that announce a person or a place are written here (they are few and stable); the
open classes (given names, places, demonyms) come from ``name_lexicons``.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from ..name_lexicons import fold
from .lexicon import CLINICIAN_TITLES, HONORIFICS, MONTH_ABBREVIATIONS, MONTHS, TITLES, WEEKDAY_ABBREVIATIONS, WEEKDAYS
from .rank_words import AWARD_NOUNS

ROLE_WORDS = frozenset(
    """
chief advocate clerk general chancellor deputy acting vice mayor ordinary privy registrar secretary
minister attorney solicitor
""".split()
)
# Letters after a name: judges' in English law reports ("Tugendhat J", "Laws LJ"), counsel's
# rank ("QC"), honours and degrees ("OBE", "PhD"), generations ("Jr").
POST_NOMINALS = (
    frozenset(
        {
            "j",
            "lj",
            "jj",
            "ljj",
            "cj",
            "ja",
            "qc",
            "kc",
            "mp",
            "mep",
            "phd",
            "md",
            "obe",
            "mbe",
            "cbe",
            "kbe",
            "dbe",
            "gbe",
            # orders of knighthood and decorations
            "kcb",
            "gcb",
            "cb",
            "kcmg",
            "gcmg",
            "cmg",
            "kcvo",
            "gcvo",
            "cvo",
            "lvo",
            "mvo",
            "dso",
            "om",
            "ch",
            "kt",
            "jr",
            "jnr",
            "sr",
            "snr",
            "esq",
            # degrees ("BA", "MA" left out: "Jack Ma")
            "bsc",
            "msc",
            "llb",
            "llm",
            "mba",
            "dphil",
            "mphil",
            "beng",
            "meng",
            "frcs",
            "frcp",
            "mrcp",
            "frs",
            "frse",
            "fba",
            "freng",
            # a clinician's degrees after a name ("Kate O'Brien BSN"); titles: CLINICIAN_TITLES
            "bsn",
            "msn",
            "dnp",
            "pharmd",
            "dds",
            "mph",
            "facs",
            "facp",
        }
    )
    | CLINICIAN_TITLES
)  # "Kate O'Brien RN"

#: organisations' heads that are English surnames too: "Mary Church Terrell", "Margaret Court"
SURNAME_ORGANISATION_HEADS = frozenset({"bank", "chapel", "church", "court", "crown", "parish"})
ORGANISATION_HEADS = SURNAME_ORGANISATION_HEADS | frozenset(
    """
courts tribunal ministry council office university college school academy institute hospital
clinic police gendarmerie prosecutor prosecutors prosecution party company corporation
government commission committee parliament assembly senate congress service services department
agency association union federation foundation society board authority authorities directorate
inspectorate administration bureau chamber army forces navy trust fund organisation
organization movement league club registry secretariat cabinet presidency municipality group
division unit branch command headquarters solicitors practice chambers partners associates firm
institution centre center laboratories constabulary force legion embassy consulate prison
prisons hotel railway railways airlines airways network ombudsman infirmary hospice uni surgery
cathedral mosque synagogue team logistics holdings solutions consulting enterprises industries
pharmaceuticals technologies partnership rescue library libraries museum
""".split()
)
LEGAL_FORMS = frozenset(
    """
ltd limited inc plc llp llc gmbh ag sa as ab bv nv spa srl sarl co corp oy kft doo
a/s k/s i/s p/s aps asa oyj kg sas pty
""".split()
)
# "House of Lords", "House of Commons": a house of something is an institution.
ORGANISATION_HEADS_BEFORE_OF = ORGANISATION_HEADS | {"house"}
#: What a record says of a finding, never of an organisation: an acronym after one is the
#: finding ("moderate MR", "severe AS", "trace TR", "a small PFO"), not a body.
FINDING_DEGREES = frozenset(
    "mild moderate severe trace trivial minimal small large significant worsening chronic acute known "
    "possible probable suspected likely recurrent persistent resolved resolving".split()
)
#: the heads of a hospital's name, whose name may be ordinary words ("the royal infirmary",
#: "mercy hospital", "the western general hospital")
HOSPITAL_HEADS = frozenset({"hospital", "infirmary", "hospice"})
#: the words before a hospital's head that say what kind of hospital, or which one, it is for
#: the writer ("the local general hospital", "a children's hospital", "a busy teaching
#: hospital", "the outside hospital"), not what it is called
HOSPITAL_KINDS = frozenset(
    """
general local district regional community teaching university psychiatric mental children's childrens
maternity women's womens rehab rehabilitation veterans state county city private public military army
field cottage outside nearest closest nearby previous prior other another same new old main big small
large major huge tiny busy quiet good great bad different referring receiving sending tertiary
specialist acute day cancer eye dental heart cardiac trauma level psych nursing home animal
""".split()
)

LOCATION_HEADS = frozenset(
    """
street road avenue lane square boulevard bridge river lake island islands province region county
district village town oblast canton prefecture voivodeship valley mountains park estate building
gulf bay sea coast peninsula strait
""".split()
)
LOCATION_HEADS_BEFORE_OF = frozenset(
    """
county republic kingdom province region city town village district state island isle islands
principality commonwealth municipality gulf bay sea coast peninsula strait
""".split()
)
#: Heads written before the name: "the River Wandle", "Lake Bled", "Mount Elgon", "Loch
#: Fyne", "County Mayo" ("County Court" is an organisation's: its head decides first).
LOCATION_HEADS_FIRST = frozenset("river lake mount loch county".split())
# A place named by what follows it: "Adare village", "the Düzova village".
PLACE_NOUNS_AFTER = frozenset("village town city district province region county municipality".split())
# Before an unknown name, a preposition of place makes it a place: "in Fjerritslev".
PLACE_PREPOSITIONS = frozenset("in at near".split())
#: Prepositions before a place or an address as messages give it: "moved to swindon",
#: "send it to 9 fox lane", "from leeds".
TO_A_PLACE = PLACE_PREPOSITIONS | {"to", "from"}
#: Verbs of where someone lives or comes from, before TO_A_PLACE: after them a place's name
#: that is an ordinary word too is the place ("lives in phoenix", "moved to reading").
RESIDENCE_VERBS = frozenset(
    """
live lives lived living reside resides resided residing move moves moved moving relocated born raised
settled
""".split()
)
#: the words that open a place or an institution named after a saint: "St Luke's", "Saint James"
SAINT_WORDS = frozenset({"st", "saint"})
#: Verbs of coming and going, before TO_A_PLACE as RESIDENCE_VERBS: "son flying in from
#: phoenix", "transferred from worcester", "visiting from reading"
TRAVEL_VERBS = frozenset(
    """
visit visits visited visiting fly flies flew flying drive drives drove driving came coming arrived arriving
transferred returned returning travelled traveled travelling traveling
""".split()
)
# Religions are peoples too for a sanitizer: demographic attributes, like a nationality.
RELIGIONS = frozenset(
    """
catholic catholics muslim muslims christian christians protestant protestants jewish jew jews orthodox
sunni shia shiite hindu hindus buddhist buddhists sikh sikhs alevi alevis anglican evangelical
""".split()
)
COMPASS = frozenset("north south east west northern southern eastern western central upper lower greater".split())

#: Words before a person's name besides those person_roles.introduces_a_name knows (a
#: relative, "called", "named").
PERSON_CONTEXTS = (
    ("applicant", ","),
    ("applicants", ","),
    ("represented", "by"),
    ("son", "of"),
    ("daughter", "of"),
    ("witness", ","),
    ("dear",),
    ("hi",),
    ("hello",),
    ("hey",),
    ("thanks",),  # "Hello Anna": a person, not the town
    ("nee",),  # "née Harrow": a maiden name, not the town (folded: "née")
)
#: A writer introducing themselves: "I'm Kwame Asante", "it's priya again", "this is Tom".
#: Weaker than PERSON_CONTEXTS: a people or a place the word lists know comes first ("I am
#: Canadian"), and in lower case only a given name no ordinary word is (informal_names).
SELF_INTRODUCTIONS = (
    ("i", "'m"),
    ("i", "\u2019m"),
    ("i", "am"),
    ("it", "'s"),
    ("it", "\u2019s"),
    ("this", "is"),
)
#: A capitalized name right after one of these is the title of a work: "the album The Wall",
#: "her novel Beloved" (a quotation mark between them is passed over). Words that are also
#: common verbs or adjectives before a name ("show", "hit", "play", "single") are left out.
WORK_NOUNS = frozenset(
    """album albums song songs track tracks film films movie movies documentary novel novels novella book books
    poem poems opera operas musical musicals symphony concerto sitcom series episode memoir memoirs autobiography
    painting paintings sculpture videogame sequel anthology""".split()
)
#: What a trophy, prize or contest is called by: "the Calder Cup", "the E. O. Wilson Prize"
#: (its first words are often a person's name, the run is not a person).
AWARD_HEADS = AWARD_NOUNS | frozenset("olympics olympiad games tournament final finals playoffs marathon".split())
#: the words that head a statute's title: "the Criminal Code", "the Lustration Act", "the Code of
#: Criminal Procedure" (public_references finds their years and dates; name_types their names)
STATUTE_HEADS = frozenset("act code law ordinance regulations rules decree statute constitution".split())
#: a possessive as the tokenizer splits it off its word: "Price's", "the Joneses'"
POSSESSIVE_MARKS = frozenset({"'s", "\u2019s", "'", "\u2019"})
QUOTATION_MARKS = frozenset({'"', "'", "“", "”", "‘", "’", "``", "''", "«", "»"})
LOCATION_CONTEXTS = (
    ("born", "in"),
    ("born", "at"),
    ("lives", "in"),
    ("lived", "in"),
    ("living", "in"),
    ("resident", "in"),
    ("resident", "of"),
    ("resides", "in"),
    ("residing", "in"),
    ("practising", "in"),
    ("practicing", "in"),
    ("village", "of"),
    ("town", "of"),
    ("city", "of"),
    ("moved", "to"),
    ("emigrated", "to"),
)
# What follows a name used as the subject of a clause: auxiliaries, modals, a possessive
# (and any verb in the past tense: "K claimed").
SUBJECT_FOLLOWERS = frozenset(
    """
is was were has had have did does would could should will shall can may might must 's ’s
""".split()
)
# Greetings and forms of address that open a letter or a line before a name ("Dear Mr
# Smith", "Hi Tom", "Thanks Anna"): never part of the name, which they would otherwise
# join as a capitalized word ("[NAME-4] for the file" for "Thanks Tom for the file").
SALUTATIONS = frozenset(
    """
dear hi hiya heya howdy hello hey greetings thanks thank regards cheers congratulations welcome goodbye bye madam
""".split()
)
#: What opens a person's life in brackets after their name, as a biography begins:
#: "Kalani Makoa-Reyes (born June 3, 1991)", "Eleanor Vance (née Harrow; born 1952)" (folded).
BIRTH_WORDS = frozenset({"born", "nee"})
#: Interjections of informal writing, several of them given names in some language ("ha",
#: "oh", "ah", "yo", "ok"): in a chat line they are no name ("ha ha", "oh ok thanks").
INTERJECTIONS = frozenset(
    """
ah aha aw eh er erm ha hah haha hahaha hm hmm huh meh mm oh ok okay ooh oops ouch phew shh
uh ugh um umm wow yay yeah yep yes yo
""".split()
)
#: Informal spellings: contractions written without their apostrophe and chat shorthand.
#: Never a name, though the name lexicon holds some ("im", "cos", "ty", "tho").
INFORMAL_SPELLINGS = frozenset(
    """
im ive id youre youve youd youll hes shes theyre theyve weve dont doesnt didnt cant couldnt
wont wouldnt shouldnt isnt arent wasnt werent hasnt havent hadnt thats whats tho cos coz thx pls
plz ty lmk btw tbh idk imo nvm omw ppl gonna wanna gotta dunno ur fyi asap rsvp aka lol omg
def defo deffo prob probs rn ngl smh tbf jk ikr cuz ttyl cya kinda sorta lemme gimme nah
""".split()
)
# A party to a case: "Maxwell v. the United Kingdom".
VERSUS = frozenset({"v", "v.", "vs", "vs."})
#: Adverbs of time that open a sentence, capitalized there, and that the tagger reads as
#: nouns: "Yesterday John Smith opened the shop" (never the name's first word).
OPENING_TIME_ADVERBS = frozenset("yesterday today tonight tomorrow overnight afterwards afterward meanwhile".split())
# Dotted abbreviations that are not a person's initials.
NOT_INITIALS = frozenset(
    {
        "u.s.",
        "u.s.a.",
        "u.k.",
        "e.u.",
        "u.n.",
        "u.s.s.r.",
        "n.b.",
        "p.s.",
        "a.m.",
        "p.m.",
        "e.g.",
        "i.e.",
        "s.a.",
        "ph.d.",
        "q.c.",
        "k.c.",
        "a.d.",
        "b.c.",
    }
)

_WEEKDAYS = frozenset(WEEKDAYS + WEEKDAY_ABBREVIATIONS)
_MONTHS = frozenset(MONTHS + MONTH_ABBREVIATIONS)

ROMAN_NUMERAL = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_INITIALS = re.compile(r"(?:[^\W\d_]\.)+(?:-[^\W\d_]\.)*")
# Lower-case words inside a name: "Court of Cassation", "Bosnia and Herzegovina"; the
# particles are those a person's name has ("Dean De La Cruz", "Ludwig van Beethoven").
NAME_PARTICLES = frozenset("de du des la le les von van der den da di del y bin ibn bint".split())
#: The Arabic article joined to a name by a hyphen, in lower case: "al-Qaradawi", "el-Sayed".
ARTICLE_PREFIXED_NAME = re.compile(r"(?:al|el|ad|ar|as|at|an|az|ash)-[A-Z][^\W\d_]+(?:-[A-Z][^\W\d_]+)*")
CONNECTORS = NAME_PARTICLES | {"of", "the", "and", "for"}
#: The small words title case leaves in lower case inside a work's title: "An African in
#: Whitehall", "Gone with the Wind", "A Room of One's Own" (articles, conjunctions, short
#: prepositions).
TITLE_CONNECTORS = CONNECTORS | frozenset("a an but or nor in on at to from by with into upon over as".split())


def is_title(token: str) -> bool:
    return token[:1].isupper() and fold(token).rstrip(".") in TITLES


def is_honorific(token: str) -> bool:
    return token[:1].isupper() and fold(token).rstrip(".") in HONORIFICS


def is_saint_word(token: str) -> bool:
    """ "St", "St.", "Saint": what opens a place named after a saint, whose possessive is the
    place's ("St. Luke's": a hospital or a church)."""
    return fold(token).rstrip(".") in SAINT_WORDS


def is_organisation_head(token: str) -> bool:
    return token[:1].isupper() and fold(token) in ORGANISATION_HEADS


#: Legal forms that are also English words: only in capitals ("Statoil AS", not "London as").
LEGAL_FORMS_IN_CAPITALS = frozenset({"as", "kg", "sas"})  # "London as", "10 kg", "sas"


def is_legal_form(token: str) -> bool:
    """A company's legal form, often in lower case ("Ferranti plc", "Serco Ltd")."""
    form = fold(token).replace(".", "")
    return form in LEGAL_FORMS and (form not in LEGAL_FORMS_IN_CAPITALS or token.isupper())


def is_initial(token: str) -> bool:
    """ "J.", "A.B.", "L.-E.": initials with their periods."""
    return token[:1].isupper() and _INITIALS.fullmatch(token) is not None


def is_capital_letter(token: str) -> bool:
    """A lone capital letter that may stand for a name ("K", "X"); not "A" or "I"."""
    return len(token) == 1 and token.isupper() and token not in {"A", "I"}


def is_month(token: str) -> bool:
    return fold(token).rstrip(".") in _MONTHS


def is_date_word(tokens: Sequence[str], index: int) -> bool:
    """A weekday ("Monday", "on Mondays", "until Tues"), or a month name next to a number ("7 January",
    "May 2001"): part of a date, not of a name."""
    word = fold(tokens[index]).rstrip(".")
    if word in _WEEKDAYS or word.endswith("s") and word[:-1] in _WEEKDAYS:
        return True
    if word not in _MONTHS:
        return False
    neighbours = [*tokens[max(0, index - 1) : index], *tokens[index + 1 : index + 2]]
    return any(token[:1].isdigit() for token in neighbours)


def organisations_by_opening(names: Iterable[tuple[str, ...]]) -> dict[tuple[str, ...], set[tuple[str, ...]]]:
    """For organisations' names of more than one word (folded words), each shorter run of
    words one opens with -> the names it opens: a short name ("Stanford", "Leicester
    Tigers") is an organisation's when it opens exactly one ("Stanford University")."""
    opening: dict[tuple[str, ...], set[tuple[str, ...]]] = {}
    for words in names:
        for length in range(1, len(words)):
            opening.setdefault(words[:length], set()).add(words)
    return opening


#: words a writer puts in capitals for emphasis inside a sentence ("remains FULL", "do NOT
#: resuscitate", "NEVER leave unattended"): no name for their capitals (extraction/name_spans.py)
EMPHASIS_WORDS = frozenset("not no never only always all full none must".split())
