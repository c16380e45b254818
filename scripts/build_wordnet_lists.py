"""Build the word lists drawn from WordNet 3.0 into sanitizer/lang/en/wordnet/.

    python scripts/build_wordnet_lists.py [--wordnet /usr/share/wordnet]

WordNet's database files come from Debian's ``wordnet-base`` package (``apt-get install
wordnet-base``; only this script reads them, the package ships what it writes).

- abstract_nouns.txt.gz: a noun is *abstract* when the first (most frequent) sense of its
  lemma is filed under one of ABSTRACT_FILES, WordNet's lexicographer files for acts,
  communication, cognition, attributes, events, feelings, motives, relations,
  processes and times. The file lists every lower-case surface form that resolves to such a lemma:
  the lemma itself, and its plurals (regular ones, and WordNet's irregular ones in
  noun.exc), resolved as ``abstract_nouns.is_abstract_noun`` documents (a surface that is
  a lemma of its own is that lemma, then an irregular plural, then -ies, -es, -s).
- common_acronyms.txt: acronyms that WordNet knows only as common nouns ("MRI", "ECG",
  "GP", "DNA"): written in capitals, none of their senses a named instance (NATO's
  treaty, the IRA), a group (an organisation: "FBI", "ICU") or a place, and not a Roman
  numeral (``common_acronyms.is_common_acronym``).
- special_categories.txt.gz: ``form<TAB>category`` for terms of the GDPR's special
  categories of data (art. 9) and criminal data (art. 10), ``special_categories.category_of``.
  A category holds every synset below its SPECIAL_CATEGORY_ROOTS (hyponyms and instances:
  WordNet's ``@``/``@i`` pointers followed downward) but the subtrees of PRUNED, named
  persons (instances in noun.person: "Jesus", "Pearl Buck") and nationalities (glossed "a
  native or inhabitant of": "Saudi", filed under Arab). A multi-word lemma is kept when any
  of its senses is in a category. A single word is kept when its senses in a category (but
  those WordNet writes as an acronym: lower-cased, "MS", "ED", "ADD" are words) are its usual
  reading, as SemCor tells it (cntlist.rev: how often each sense was tagged in the SemCor
  corpus). Either
  (a) they hold at least TAGGED_SHARE (40%) of the word's noun tags ("agony", 4 of 9,
      "believer", 1 of 2; not "operation", 4 of 51, "speed", 0 of 38, "grass", 0 of 41),
  (b) the word was never tagged as a noun (SemCor is small: "hospice", "cannabis", "forgery"
      never were) and they are at least TAGGED_SHARE of its senses, each counting one
      ("hospice", 1 of 2; not "dip", a pickpocket 1 of 9, nor "gore", "snatch", "dressing",
      "shrinkage": a minor sense of a common word), or
  (c) its first sense is one of them (WordNet's order, the most frequent first, decides where
      SemCor tagged too little: "suffering", 11 of 28 tags; "fracture", never tagged, 1 of 3
      senses).
  A sense glossed as a street name or slang ("superman", "goop", "go": street names of LSD,
  GHB, ecstasy) counts for (c) only: it is not the usual reading of a word that has another.
  A first sense of medical science (a branch of it, or a sense WordNet files under the
  topic of one: "transplant", "(surgery) tissue transplanted") counts for health's (c) when
  another sense is in health ("surgery", "psychotherapy", "pathology", "transplant": the
  operation, the treatment, the disease); the branches alone stay out ("cardiology",
  "hygienics", "diagnostics": fields of study or work, which say nothing of anyone's
  health). A word in two categories takes the one of its earliest sense ("flagellant": the
  sexual sense first), then the first in CATEGORY_ORDER.
  A word is then dropped when it is
  - also the plural of a noun that is not a term ("spots", "piles"),
  - tagged in SemCor (cntlist.rev) more often as an adjective than as a noun, unless its
    first adjective sense derives from a noun of the category ("Christian" stays; "cold",
    "white", "straight", "prior" go),
  - a people named like a place ("Miami", "Ottawa", "Dakota").
  A multi-word form under two categories keeps the first in CATEGORY_ORDER; EXCLUDE drops
  words that disclose nothing alone. Plurals are added (regular ones and noun.exc's; a plural that is
  a lemma of its own is that lemma; names have none). special_categories_curated.txt, the
  hand-made supplement the module reads beside it, is checked here, not merged.
- care_terms.txt.gz: the one-word lemmas (and their plurals) of the language of care, the
  synsets below CARE_ROOTS: symptoms, drugs, procedures, tests, instruments, vital signs and
  medicine's specialties ("dyspnea", "metoprolol", "echocardiography", "stethoscope",
  "cardiology"); not diseases nor disorders, which may single a patient out. Read as the
  ``medical`` vocabulary (vocabularies.py), everyday words aside.
- verb_forms.txt.gz: the irregular forms of verbs (the first column of verb.exc: "slept",
  "drank", "went"), which open a note's sentence with a capital ("Slept well") and are no
  name (``common_words.verb_forms``).
- lower_case_lemmas.txt.gz: every one-word lemma (hyphens allowed) that some synset of any
  part of speech writes in lower case: an ordinary word ("bath", "orange", "reading"), which
  WordNet writes apart from a name ("London", "Bristol"). The index files lower-case every
  lemma; the data files keep the case (``common_words.is_lower_case_lemma``).
"""

from __future__ import annotations

import argparse
import collections
import gzip
import re
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "sanitizer" / "lang" / "en" / "wordnet"
ABSTRACT_OUT = FOLDER / "abstract_nouns.txt.gz"
ACRONYMS_OUT = FOLDER / "common_acronyms.txt"
#: WordNet's lexicographer file numbers (lexnames): noun.act 04, noun.attribute 07,
#: noun.cognition 09, noun.communication 10, noun.event 11, noun.feeling 12,
#: noun.motive 16, noun.process 22, noun.relation 24, noun.time 28 (a time says when, not
#: who: "the night", "on Mondays", "his childhood"; dates are the recognizers').
ABSTRACT_FILES = frozenset({4, 7, 9, 10, 11, 12, 16, 22, 24, 28})
SUFFIXES = (("ies", "y"), ("es", ""), ("s", ""))
#: noun.group (organisations, units) and noun.location
NAMING_FILES = frozenset({14, 15})
#: noun.person: its instances are named people
PERSON_FILE = 18
#: noun.location: its instances are named places
LOCATION_FILE = 15
#: a nationality's gloss ("a native or inhabitant of Yemen")
DEMONYM_GLOSS = re.compile(r"an? (?:native|inhabitant|resident|citizen)\b")
ROMAN_NUMERAL = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
SPECIAL_OUT = FOLDER / "special_categories.txt.gz"
LOWER_CASE_OUT = FOLDER / "lower_case_lemmas.txt.gz"
CARE_OUT = FOLDER / "care_terms.txt.gz"
VERB_FORMS_OUT = FOLDER / "verb_forms.txt.gz"
#: the roots of the language of care (offset in data.noun, one of its lemmas): what a
#: clinical record writes of any patient, where a disease or a disorder may single one out
CARE_ROOTS = (
    ("14299637", "symptom"),  # dyspnea, diuresis, fever
    ("03247620", "drug"),  # metoprolol, furosemide, lisinopril
    ("06043075", "medical_specialty"),  # cardiology, oncology
    ("01024392", "medical_procedure"),  # dialysis, appendectomy, injection
    ("00177127", "diagnostic_procedure"),  # echocardiography, biopsy
    ("00657604", "medical_care"),  # physiotherapy, chemotherapy
    ("03739693", "medical_instrument"),  # stethoscope, catheter's kin
    ("14302005", "vital_sign"),  # pulse, blood pressure
)
SPECIAL_CURATED = FOLDER / "special_categories_curated.txt"
#: The roots of each category, (synset offset in WordNet 3.0's data.noun, one of its lemmas);
#: the lemma is checked, so a wrong offset fails loudly. In priority order.
SPECIAL_CATEGORY_ROOTS: dict[str, tuple[tuple[str, str], ...]] = {
    "health": (
        ("14052046", "ill_health"),  # illness, disease, infection, injury, disability, pathology
        ("14052403", "disorder"),  # physical disorders, incl. mental_disorder, eating/sleep disorders
        ("14380140", "mental_illness"),  # psychological_state: insanity, psychosis, neurosis
        ("14062725", "addiction"),  # drug addiction, alcoholism, nicotine addiction
        ("14299637", "symptom"),  # pain, fever, syndromes, swelling, bleeding
        ("14081375", "attack"),  # sudden attacks: seizures, strokes, heart attacks, fits, embolisms
        ("14465048", "birth_defect"),  # congenital disorders: spina bifida, cleft palate, clubfoot
        ("14504103", "chromosomal_aberration"),  # Down's syndrome (trisomy 21), Turner's syndrome
        ("14046202", "pregnancy"),  # pregnancy and its kinds (ectopic, multiple)
        ("14045507", "sterility"),  # infertility, impotence
        ("00230324", "abortion"),  # induced and spontaneous abortion (miscarriage)
        ("00852181", "contraception"),  # birth control: the pill, condoms, IUDs
        ("01024392", "medical_procedure"),  # surgery (operation), transplants, injections, dialysis
        ("00177127", "diagnostic_procedure"),  # biopsy, blood test, scans, autopsy
        ("00324056", "transfusion"),  # blood transfusion (filed under insertion)
        ("00657604", "medical_care"),  # therapy, chemotherapy, psychotherapy, hospitalization
        ("03247620", "drug"),  # medicines, narcotics, drugs of abuse (PRUNED: alcohol, tobacco)
        ("09312843", "infectious_agent"),  # viruses and pathogens
        ("10595647", "sick_person"),  # patients, diabetics, epileptics, invalids, psychotics
        ("10158756", "handicapped_person"),  # paraplegics, paralytics, aphasics
        ("09978889", "cripple"),  # a person disabled in the legs or back
        ("09789566", "amputee"),  # someone who has had a limb removed
        ("10036266", "drug_user"),  # addicts, junkies (the drug user's first sense only)
        ("09782167", "alcoholic"),  # a person who drinks to excess habitually
    ),
    "religion": (
        ("05946687", "religion"),  # religious belief: Christianity, Islam, Buddhism, theism
        ("08081668", "religion"),  # organized religion: churches, sects, religious orders
        ("08146782", "denomination"),  # groups of congregations: Anglican, Baptist, Methodist
        ("06222336", "religious_orientation"),  # atheism, agnosticism as beliefs
        ("09628382", "religious_person"),  # Christians, Muslims, Buddhists, believers, monks, nuns
        ("09625789", "nonreligious_person"),  # atheists, unbelievers, pagans
        ("09681351", "Jew"),  # a Jew (religion or descent: religion first, by CATEGORY_ORDER)
        ("10016103", "disciple"),  # adherents of religions and philosophies (art. 9): Sikh, Taoist, Lutheran
        ("08095647", "Islam"),  # Islam's first sense: the civilization of Muslims
        ("09505153", "spiritual_leader"),  # clergy: priests, rabbis, bishops, pastors
        ("01028655", "worship"),  # prayer, liturgy, devotion
        ("01028082", "religious_ceremony"),  # rites: baptism, communion, mass, bar mitzvah
        ("03953416", "place_of_worship"),  # mosques, synagogues, temples, chapels
    ),
    "politics": (
        ("06212839", "political_orientation"),  # ideologies: communism, fascism, socialism
        ("08256968", "political_party"),  # parties and named parties (Labour Party)
        ("08472335", "political_movement"),  # Sinn Fein, PLO, terrorist organisations
        ("10618848", "socialist"),  # socialists, communists, leftists
        ("09945603", "Communist"),  # a member of the communist party (communist's first sense)
        ("10503452", "radical"),  # anarchists, revolutionaries, Marxists, extremists
        ("10346015", "nationalist"),  # advocates of national independence
        ("10580030", "separatist"),  # advocates of secession
        ("10531227", "rightist"),  # right-wingers, fascists, Nazis, Tories
        ("10508475", "reactionary"),  # ultraconservatives
        ("10352663", "neoconservative"),  # neocons
        ("09957523", "Conservative"),  # a member of a Conservative Party
        ("10002151", "Democrat"),  # a member of the Democratic Party
        ("10522633", "Republican"),  # a member of the Republican Party
        ("10242328", "Labourite"),  # a member of the British Labour Party
        ("10084635", "feminist"),  # supporters of feminism
    ),
    "trade_union": (
        ("08233056", "labor_union"),  # trade unions, craft and industrial unions
        ("10720964", "trade_unionist"),  # union members
        ("10738515", "union_representative"),  # shop stewards, union officials
        ("08473482", "unionism"),  # trade unionism
    ),
    "sex_life": (
        ("00844254", "sexual_activity"),  # intercourse, homosexuality, masturbation (PRUNED: mating)
        ("10182913", "homosexual"),  # gays, lesbians
        ("09857007", "bisexual"),  # bisexual persons
        ("10173895", "heterosexual"),  # straight persons
        ("10725893", "transsexual"),  # a person who has undergone a sex change operation
        ("10725734", "transsexual"),  # a person whose sexual identification is with the other sex
        ("10726031", "transvestite"),  # cross-dressers
        ("13931765", "sexual_relationship"),  # affairs, liaisons
        ("13931436", "love_affair"),  # romances
        ("10323752", "mistress"),  # a woman in an extramarital sexual relationship
        ("10485440", "prostitute"),  # prostitutes (a sex life, not necessarily an offence)
        ("10419047", "pervert"),  # sexual deviants: fetishists, masochists, paedophiles
    ),
    "ethnic_origin": (
        ("07967382", "ethnic_group"),  # ethnic groups and minorities: Kurds, Maori, Berbers
        ("07967982", "race"),  # races: Black race, people of color, Slavic people
        ("09636339", "Black"),  # Black persons (incl. slurs)
        ("09638875", "White"),  # Caucasians, Semites, Arabs, WASPs
        ("09644820", "Amerindian"),  # Native Americans and their peoples (Cherokee, Inuit)
        ("10154186", "Gypsy"),  # the Roma
    ),
    "criminal": (
        ("00766234", "crime"),  # offences: felonies, fraud, theft, rape, assault, treason
        ("00220522", "murder"),  # murder, assassination, contract killing
        ("00220409", "manslaughter"),  # homicide without malice aforethought
        ("00378296", "arson"),  # malicious burning
        ("01051221", "money_laundering"),  # concealing the source of illegal money
        ("09977660", "criminal"),  # offenders: murderers, thieves, fraudsters, smugglers
        ("09963159", "convict"),  # someone proved guilty
        ("09962966", "convict"),  # a person serving a prison sentence (convict's first sense), inmates
        ("00759694", "terrorism"),  # acts of terrorism (filed under coercion)
        ("01114055", "drug_traffic"),  # drug trafficking (filed under commerce)
        ("10417168", "perpetrator"),  # culprits
        ("09821253", "attacker"),  # assailants, muggers
        ("09758643", "abuser"),  # maltreaters
        ("10327333", "molester"),  # child molesters
        ("10000945", "delinquent"),  # juvenile delinquents
        ("10511239", "recidivist"),  # repeat offenders
        ("10766899", "war_criminal"),  # war criminals
        ("10433737", "pimp"),  # procurers
        ("01189282", "conviction"),  # judgments of conviction
        ("06490173", "criminal_record"),  # a list of previous convictions
    ),
}
CATEGORY_ORDER = tuple(SPECIAL_CATEGORY_ROOTS)
#: The share of a single word's SemCor noun tags (rule (a)) or, never tagged, of its senses
#: (rule (b)) that its senses in a category must hold.
TAGGED_SHARE = 0.4
#: A sense glossed so is slang (a drug's street name) and counts for rule (c) only.
SLANG_GLOSS = re.compile(r"(?:street names?|slang(?: term)?) for ")
#: A first sense below it (a branch: "surgery", "medicine" as a study) or filed under the topic
#: of one of its branches ("transplant": "(surgery) tissue transplanted") counts for health's
#: rule (c) when the word has a sense in health too.
MEDICAL_SCIENCE = ("06045562", "medical_science")
#: Subtrees cut from the categories: a drink or a smoke discloses nothing about health.
PRUNED = {
    ("07884567", "alcohol"),  # under drug_of_abuse: beer, wine, whisky, cocktails
    ("04442831", "tobacco"),  # under drug_of_abuse: cigarettes, cigars, snuff
    ("00847340", "mating"),  # under sexual_activity: animal breeding, hybridization
    ("00849523", "reproduction"),  # under sexual_activity: breeding, propagation, generation
}
#: Forms the rules keep that disclose nothing about a person alone, each with its reason.
EXCLUDE = {
    "religion",
    "faith",
    "party",
    "union",
    "crime",
    "sex",  # the topic, not what someone believes or did
    "harm",  # damage of any kind: "serious harm to his reputation"
    "complaint",  # the legal one: "the applicant's complaint under Article 6"
    "collapse",  # of a building, a bank, the negotiations
    "invalid",  # mostly the adjective: "an invalid contract"
    "scratch",  # "from scratch"
    "founder",  # who founds something (WordNet's first sense is a hoof disease of horses)
    "flooding",  # of rivers (WordNet's first sense is a behaviour therapy)
    "versed",  # "well versed" (WordNet's first sense is a brand of midazolam)
    "congestion",  # of traffic, of networks
    "max",
    "elvis",  # given names (WordNet's first senses are street names of GHB and LSD)
    "rick",  # a given name (WordNet's first sense is a crick in the neck)
    "tom",
    "ted",  # given names (WordNet's first senses are an ethnic slur and a Teddy boy)
    "minister",  # of a government (WordNet's first sense is a clergyman)
    "primate",  # the apes and monkeys (WordNet's first sense is an archbishop)
    "shepherd",  # a herder and a surname (WordNet's first sense is a clergyman)
    "democracy",  # a form of government, nobody's opinion
    "violation",  # "a violation of Article 8" (WordNet's first sense is a misdemeanour)
    "runner",  # in a race (WordNet's first sense is a smuggler)
    "collaborator",  # a co-worker (WordNet's first sense is an accomplice)
    "hood",  # a garment, a car's bonnet (WordNet's first sense is a hoodlum)
    "petty",  # the adjective: "petty cash" (WordNet's noun is petty larceny)
    "organiser",  # of an event (WordNet's first sense is a labour organiser)
    "third party",  # to a contract or proceedings (a sense of it is a political party)
    "working girl",  # a young woman in work (a sense of it is a prostitute)
    # kept by a sense other than the first (rules (a), (b), health's medical first sense):
    "medicine",  # the field: "a doctor of medicine", "the faculty of medicine"
    "none",  # the pronoun: "none of the applicants" (a sense of it is a service at the ninth hour)
    "viewing",  # of a film, of a flat (a sense of it is a wake)
    "weirdo",  # an eccentric (a sense of it is a deranged person)
    "bummer",  # "what a bummer" (a sense of it is a bad reaction to a hallucinogen)
    "hash",  # a dish, a password hash, the # sign (a sense of it is hashish)
    "blocker",  # an ad blocker, a football player (a sense of it is a class of drugs)
    "capsule",  # a time capsule, a coffee capsule, a space capsule (a sense of it is a pill)
    "panacea",  # "no panacea for unemployment" (a sense of it is a cure-all drug)
    "miscarriage",  # "a miscarriage of justice" (its first sense: the failure of a plan)
    "chlorination",  # of drinking water (the health sense is the water's disinfection)
    "fenestration",  # a building's windows (a sense of it is an ear operation)
    "apotheosis",  # "the apotheosis of the genre" (a sense of it is a deification)
    "veneration",
    "idolization",
    "idolisation",  # respect, admiration (a sense of each is worship)
    "orgy",  # "an orgy of violence" (a sense of it is a rite of a Greek or Roman cult)
    "peripatetic",  # mostly the adjective: "a peripatetic career" (a sense of it is an Aristotelian)
    "rainmaker",  # who brings in business (a sense of it is a medicine man)
    "cavalier",  # mostly the adjective: "a cavalier attitude" (a sense of it is a Royalist)
    "autocracy",
    "theocracy",
    "meritocracy",  # forms of government, as "democracy"
    "immodesty",  # vanity (a sense of it is indecent exposure)
    "talcum",
    "menthol",  # a toilet powder, a flavour: "menthol cigarettes" (a sense of each is a lotion)
    "iconoclast",  # a critic of received ideas (filed under attacker)
    "infringement",  # "an infringement of Article 8", of copyright (as "violation")
    "misapplication",  # "a misapplication of the law" (a sense of it is embezzlement)
}


def first_senses(folder: Path) -> dict[str, int]:
    """Each single-word noun lemma with the synset offset of its first sense."""
    lemmas = {}
    for line in (folder / "index.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue  # the licence header
        fields = line.split()
        lemma, pointers = fields[0], int(fields[3])
        if "_" not in lemma:
            lemmas[lemma] = int(fields[4 + pointers + 2])
    return lemmas


def lexicographer_files(folder: Path, offsets: set[int]) -> dict[int, int]:
    files = {}
    with open(folder / "data.noun", "rb") as data:
        for offset in offsets:
            data.seek(offset)
            files[offset] = int(data.readline().split()[1])
    return files


def irregular_singulars(folder: Path) -> dict[str, str]:
    """WordNet's irregular noun plurals (noun.exc), each with its lemma: "crises" -> "crisis"."""
    return dict(line.split()[:2] for line in (folder / "noun.exc").read_text().splitlines() if line.strip())


def plurals_by_lemma(irregular: dict[str, str]) -> dict[str, list[str]]:
    """Each lemma (spaces for underscores) with its irregular plurals."""
    by_lemma: dict[str, list[str]] = collections.defaultdict(list)
    for plural, lemma in irregular.items():
        by_lemma[lemma.replace("_", " ")].append(plural.replace("_", " "))
    return by_lemma


def resolve(surface: str, lemmas: dict[str, int], irregular: dict[str, str]) -> str | None:
    if surface in lemmas:
        return surface
    if irregular.get(surface) in lemmas:
        return irregular[surface]
    for suffix, replacement in SUFFIXES:
        if surface.endswith(suffix) and surface[: -len(suffix)] + replacement in lemmas:
            return surface[: -len(suffix)] + replacement
    return None


def common_acronyms(folder: Path) -> list[str]:
    """Acronyms whose every sense is a common noun outside NAMING_FILES."""
    senses: dict[str, set[object]] = collections.defaultdict(set)
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue  # the licence header
        fields = line.split()
        lexicographer_file, word_count = int(fields[1]), int(fields[3], 16)
        is_instance = " @i " in line.split("|")[0]
        for index in range(word_count):
            word = re.sub(r"\(.*\)$", "", fields[4 + 2 * index])  # "NATO(a)": an adjective marker
            if len(word) >= 2 and word.isalpha() and word.isupper() and not ROMAN_NUMERAL.fullmatch(word):
                senses[word].add("instance" if is_instance else lexicographer_file)
    return sorted(word for word, files in senses.items() if not files & (NAMING_FILES | {"instance"}))


def write_abstract_nouns(folder: Path) -> None:
    lemmas = first_senses(folder)
    files = lexicographer_files(folder, set(lemmas.values()))
    irregular = irregular_singulars(folder)
    surfaces = set(lemmas) | set(irregular)
    surfaces |= {lemma[:-1] + "ies" for lemma in lemmas if lemma.endswith("y")}
    surfaces |= {lemma + suffix for lemma in lemmas for suffix in ("s", "es")}
    abstract = sorted(
        s
        for s in surfaces
        if (lemma := resolve(s, lemmas, irregular)) is not None and files[lemmas[lemma]] in ABSTRACT_FILES
    )
    # mtime 0: the same WordNet gives the same bytes
    with gzip.GzipFile(ABSTRACT_OUT, "wb", mtime=0) as out:
        out.write(("\n".join(abstract) + "\n").encode("utf-8"))
    print(
        f"{len(abstract)} abstract noun forms of {len(lemmas)} lemmas written to "
        f"{ABSTRACT_OUT.relative_to(ROOT)} ({ABSTRACT_OUT.stat().st_size:,} bytes)"
    )


def write_common_acronyms(folder: Path) -> None:
    acronyms = common_acronyms(folder)
    ACRONYMS_OUT.write_text("\n".join(acronyms) + "\n", encoding="utf-8")
    print(f"{len(acronyms)} common acronyms written to {ACRONYMS_OUT.relative_to(ROOT)}")


class Synset(NamedTuple):
    lexicographer_file: int
    words: tuple[str, ...]
    hypernyms: tuple[int, ...]  # @ and @i pointers
    is_instance: bool
    nouns: tuple[int, ...]  # derivation (+) and pertainym (\) pointers to nouns
    gloss: str
    topics: tuple[int, ...] = ()  # topic domain (;c) pointers: "(surgery) tissue transplanted"


def read_synsets(folder: Path, pos: str) -> dict[int, Synset]:
    """The synsets of data.noun or data.adj by offset."""
    synsets = {}
    for line in (folder / f"data.{pos}").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue  # the licence header
        head, _, gloss = line.partition("|")
        fields = head.split()
        word_count = int(fields[3], 16)
        words = tuple(re.sub(r"\(.*\)$", "", word) for word in fields[4 : 4 + 2 * word_count : 2])
        start = 5 + 2 * word_count
        pointers = [fields[index : index + 4] for index in range(start, start + 4 * int(fields[start - 1]), 4)]
        synsets[int(fields[0])] = Synset(
            int(fields[1]),
            words,
            tuple(int(p[1]) for p in pointers if p[0] in ("@", "@i")),
            any(p[0] == "@i" for p in pointers),
            tuple(int(p[1]) for p in pointers if p[0] in ("+", "\\") and p[2] == "n"),
            gloss.strip(),
            tuple(int(p[1]) for p in pointers if p[0] == ";c"),
        )
    return synsets


def all_senses(folder: Path, pos: str) -> dict[str, list[int]]:
    """Each lemma of index.noun or index.adj (lower-case, underscores) with its synsets, most frequent first."""
    senses = {}
    for line in (folder / f"index.{pos}").read_text(encoding="latin-1").splitlines():
        if not line.startswith(" "):
            fields = line.split()
            senses[fields[0]] = [int(offset) for offset in fields[4 + int(fields[3]) + 2 :]]
    return senses


def semcor_counts(folder: Path) -> collections.Counter[tuple[str, str]]:
    """How often each lemma was tagged as a noun ("n") and as an adjective ("a") in SemCor."""
    counts: collections.Counter[tuple[str, str]] = collections.Counter()
    for line in (folder / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _, count = line.split()
        lemma, _, sense = key.partition("%")
        pos = {"1": "n", "3": "a", "5": "a"}.get(sense[:1])
        if pos:
            counts[lemma, pos] += int(count)
    return counts


def noun_tag_counts(folder: Path) -> dict[str, dict[int, int]]:
    """How often SemCor tagged each sense of a noun lemma, by sense number (0: index.noun's first)."""
    counts: dict[str, dict[int, int]] = collections.defaultdict(dict)
    for line in (folder / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, number, count = line.split()
        lemma, _, sense = key.partition("%")
        if sense.startswith("1:"):
            counts[lemma][int(number) - 1] = int(count)
    return counts


def check_roots(synsets: dict[int, Synset], roots: Iterable[tuple[str, str]]) -> None:
    """Fail loudly when a root's offset is not the synset of the lemma written beside it."""
    for written, lemma in roots:
        if lemma not in synsets[int(written)].words:
            raise SystemExit(f"synset {written} is {synsets[int(written)].words}, not {lemma!r}")


def hyponyms_of(synsets: dict[int, Synset]) -> dict[int, list[int]]:
    """Each synset with the synsets right below it (its hyponyms and instances)."""
    hyponyms: dict[int, list[int]] = collections.defaultdict(list)
    for offset, synset in synsets.items():
        for hypernym in synset.hypernyms:
            hyponyms[hypernym].append(offset)
    return hyponyms


def closure(roots: Iterable[int], hyponyms: dict[int, list[int]], synsets: dict[int, Synset]) -> set[int]:
    """The roots and everything below them, less PRUNED subtrees, named persons and nationalities."""
    pruned = {int(offset) for offset, _ in PRUNED}
    found: set[int] = set()
    stack = list(roots)
    while stack:
        offset = stack.pop()
        if offset in found or offset in pruned:
            continue
        synset = synsets[offset]
        if synset.is_instance and synset.lexicographer_file == PERSON_FILE:
            continue  # "Jesus", "Pearl Buck": a named person, not a kind of one
        if DEMONYM_GLOSS.match(synset.gloss):
            continue  # "Saudi", "Yemeni" (filed under Arab): a nationality, not an ethnic origin
        found.add(offset)
        stack.extend(hyponyms[offset])
    return found


def plurals(form: str, irregular_plurals: dict[str, list[str]], senses: dict[str, list[int]]) -> set[str]:
    """A form's plurals: "diseases", "crises" (noun.exc), "heart attacks", "ladies of pleasure"."""
    if form in irregular_plurals:
        return set(irregular_plurals[form])
    head, of, tail = form.partition(" of ")
    before, _, last = head.rpartition(" ")
    prefix, suffix = before + " " if before else "", of + tail
    if last in irregular_plurals:
        return {prefix + plural + suffix for plural in irregular_plurals[last]}
    if any(last.endswith(ending) and last[: -len(ending)] + singular in senses for ending, singular in SUFFIXES):
        return set()  # "workers", "salts": a plural already
    if last.endswith("man"):
        return {prefix + last[:-3] + "men" + suffix}  # "gunmen", "clergymen", "gay women"
    if re.search(r"[^aeiou]y$", last):
        return {prefix + last[:-1] + "ies" + suffix}
    if re.search(r"(?:s|x|z|ch|sh)$", last):
        return {prefix + last + "es" + suffix}
    return {prefix + last + "s" + suffix} if last[-1:].isalpha() else set()


def special_categories(folder: Path) -> dict[str, str]:
    """Each surface form (lemmas and plurals) with its category."""
    synsets = read_synsets(folder, "noun")
    check_roots(
        synsets, [*(root for roots in SPECIAL_CATEGORY_ROOTS.values() for root in roots), *PRUNED, MEDICAL_SCIENCE]
    )
    hyponyms = hyponyms_of(synsets)
    closures = {
        category: closure((int(offset) for offset, _ in roots), hyponyms, synsets)
        for category, roots in SPECIAL_CATEGORY_ROOTS.items()
    }
    branches = closure([int(MEDICAL_SCIENCE[0])], hyponyms, synsets)
    senses, adjective_senses = all_senses(folder, "noun"), all_senses(folder, "adj")
    adjectives, semcor, tags = read_synsets(folder, "adj"), semcor_counts(folder), noun_tag_counts(folder)
    irregular = irregular_singulars(folder)

    def earliest(lemma: str, category: str) -> int | None:
        """The number of a single word's earliest sense in a category (0: the first) when its senses
        there are its usual reading (rules (a), (b), (c) of the module's docstring), else None."""
        inside = [
            number
            for number, offset in enumerate(senses[lemma])
            if offset in closures[category]
            # an acronym: lower-cased, "MS", "ED", "ADD", "LET" are ordinary words
            and not all(word.isupper() for word in synsets[offset].words if word.lower() == lemma)
        ]
        if not inside:
            return None
        first = senses[lemma][0]
        if inside[0] == 0 or (category == "health" and (first in branches or set(synsets[first].topics) & branches)):
            return 0  # (c) the first sense; or a sense in health, the first of medical science
        usual = [number for number in inside if not SLANG_GLOSS.match(synsets[senses[lemma][number]].gloss)]
        total = sum(tags[lemma].values())
        if total:  # (a) a share of the tags
            held = sum(tags[lemma].get(number, 0) for number in usual) >= TAGGED_SHARE * total
        else:  # (b) never tagged: a share of the senses
            held = len(usual) >= TAGGED_SHARE * len(senses[lemma])
        return inside[0] if held else None

    def category_of(lemma: str) -> str | None:
        """The first category holding any sense of a multi-word lemma, the usual reading of a word."""
        if "_" in lemma:
            return next((c for c in CATEGORY_ORDER if any(offset in closures[c] for offset in senses[lemma])), None)
        # the category of the earliest sense held, then the first in CATEGORY_ORDER
        held = [
            (number, order, c) for order, c in enumerate(CATEGORY_ORDER) if (number := earliest(lemma, c)) is not None
        ]
        if not held:
            return None
        category = min(held)[2]
        singulars = [
            irregular.get(lemma, ""),
            *(lemma[: -len(suffix)] + replacement for suffix, replacement in SUFFIXES if lemma.endswith(suffix)),
        ]
        singular = next((word for word in singulars if word in senses and "_" not in word), None)
        if singular is not None and category_of(singular) != category:
            return None  # "spots", "piles": also the plural of a noun ("spot") that is not a term
        if (
            lemma in adjective_senses
            and semcor[lemma, "a"] > semcor[lemma, "n"]
            and not set(adjectives[adjective_senses[lemma][0]].nouns) & closures[category]
        ):
            return None  # "cold", "white", "straight", "prior": mostly an adjective, in another sense
        if any(
            synsets[offset].lexicographer_file == PERSON_FILE
            for offset in senses[lemma]
            if offset in closures[category]
        ) and any(
            synsets[offset].is_instance and synsets[offset].lexicographer_file == LOCATION_FILE
            for offset in senses[lemma]
        ):
            return None  # "Miami", "Ottawa", "Dakota": a people named like a place
        return category

    lemmas = {word.lower() for c in CATEGORY_ORDER for offset in closures[c] for word in synsets[offset].words}
    forms = {lemma.replace("_", " "): category for lemma in lemmas if (category := category_of(lemma))}
    unused = sorted(EXCLUDE - set(forms))
    if unused:
        raise SystemExit(f"EXCLUDE names forms no category holds: {unused}")
    forms = {form: category for form, category in forms.items() if form not in EXCLUDE}
    irregular_plurals = plurals_by_lemma(irregular)
    for form, category in sorted(forms.items(), key=lambda item: (CATEGORY_ORDER.index(item[1]), item[0])):
        if all(synsets[offset].is_instance for offset in senses[form.replace(" ", "_")]):
            continue  # a name ("Labour Party", "Hamas") has no plural
        for plural in plurals(form, irregular_plurals, senses):
            if plural.replace(" ", "_") not in senses:  # a plural that is a lemma of its own is that lemma
                forms.setdefault(plural, category)
    return forms


def check_curated(forms: dict[str, str]) -> dict[str, str]:
    curated: dict[str, str] = {}
    for number, line in enumerate(SPECIAL_CURATED.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        form, category = line.split("\t")
        if category not in CATEGORY_ORDER or form != form.lower() or form in curated or "  " in form:
            raise SystemExit(f"{SPECIAL_CURATED.name}:{number}: bad or repeated line {line!r}")
        if forms.get(form) == category:
            print(f"  {SPECIAL_CURATED.name}:{number}: {form!r} is already in WordNet's list")
        curated[form] = category
    return curated


def write_special_categories(folder: Path) -> None:
    forms = special_categories(folder)
    lines = sorted(f"{form}\t{category}" for form, category in forms.items())
    with gzip.GzipFile(SPECIAL_OUT, "wb", mtime=0) as out:
        out.write(("\n".join(lines) + "\n").encode("utf-8"))
    counts = collections.Counter(forms.values())
    print(
        f"{len(forms)} special-category forms written to {SPECIAL_OUT.relative_to(ROOT)} "
        f"({SPECIAL_OUT.stat().st_size:,} bytes): " + ", ".join(f"{c} {counts[c]}" for c in CATEGORY_ORDER)
    )
    if SPECIAL_CURATED.exists():
        curated = collections.Counter(check_curated(forms).values())
        print(
            f"{sum(curated.values())} curated forms in {SPECIAL_CURATED.relative_to(ROOT)}: "
            + ", ".join(f"{c} {curated[c]}" for c in CATEGORY_ORDER)
        )


def care_terms(folder: Path) -> set[str]:
    """The one-word lemmas below CARE_ROOTS (instances aside: a named drug's maker is no
    term of care), lower-cased, with their plurals."""
    synsets = read_synsets(folder, "noun")
    check_roots(synsets, CARE_ROOTS)
    hyponyms = hyponyms_of(synsets)
    found: set[int] = set()
    stack = [int(offset) for offset, _ in CARE_ROOTS]
    while stack:
        offset = stack.pop()
        if offset not in found and not synsets[offset].is_instance:
            found.add(offset)
            stack.extend(hyponyms[offset])
    words = {
        word.lower()
        for offset in found
        for word in synsets[offset].words
        if "_" not in word and len(word) > 2 and re.fullmatch(r"[A-Za-z][A-Za-z-]*", word)
    }
    irregular = plurals_by_lemma(irregular_singulars(folder))
    senses = all_senses(folder, "noun")
    return words | {plural for word in words for plural in plurals(word, irregular, senses)}


def write_care_terms(folder: Path) -> None:
    terms = sorted(care_terms(folder))
    with gzip.GzipFile(CARE_OUT, "wb", mtime=0) as out:
        out.write(("\n".join(terms) + "\n").encode("utf-8"))
    print(f"{len(terms)} terms of care written to {CARE_OUT.relative_to(ROOT)} ({CARE_OUT.stat().st_size:,} bytes)")


def write_lower_case_lemmas(folder: Path) -> None:
    lemmas = sorted(
        {
            word
            for pos in ("noun", "verb", "adj", "adv")
            for synset in read_synsets(folder, pos).values()
            for word in synset.words
            if "_" not in word and word.islower()
        }
    )
    with gzip.GzipFile(LOWER_CASE_OUT, "wb", mtime=0) as out:
        out.write(("\n".join(lemmas) + "\n").encode("utf-8"))
    print(
        f"{len(lemmas)} lower-case lemmas written to {LOWER_CASE_OUT.relative_to(ROOT)} "
        f"({LOWER_CASE_OUT.stat().st_size:,} bytes)"
    )


def write_verb_forms(folder: Path) -> None:
    """The irregular forms of WordNet's verbs (verb.exc: "slept", "drank", "went"), which
    a sentence opens with its capital and the name rule must not take for a name."""
    lines = (folder / "verb.exc").read_text(encoding="utf-8").splitlines()
    forms = sorted({line.split()[0] for line in lines if line.split() and line.split()[0].isalpha()})
    with gzip.GzipFile(VERB_FORMS_OUT, "wb", mtime=0) as out:
        out.write(("\n".join(forms) + "\n").encode("utf-8"))
    print(f"{len(forms)} verb forms written to {VERB_FORMS_OUT.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    folder = parser.parse_args().wordnet
    FOLDER.mkdir(parents=True, exist_ok=True)
    write_abstract_nouns(folder)
    write_common_acronyms(folder)
    write_special_categories(folder)
    write_lower_case_lemmas(folder)
    write_care_terms(folder)
    write_verb_forms(folder)


if __name__ == "__main__":
    main()
