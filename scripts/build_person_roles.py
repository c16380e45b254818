"""Build sanitizer/lang/en/wordnet/person_roles.txt.gz from WordNet 3.0.

    python scripts/build_person_roles.py [--wordnet /usr/share/wordnet]

Each line is ``form<TAB>kind``: a noun whose first (most frequent) sense is a person
filed below one of KIN_ROOTS is a ``relation`` ("wife", "half-brother", "stepmother"),
one below one of TRADE_ROOTS a ``profession`` ("coach", "guitarist", "prosecutor",
"captain"). Other persons ("applicant", "victim", "neighbour", "man") are neither: they
say what part someone plays in the text, not who they are. A form is a single-word lemma
of three letters or more (hyphens allowed) or one of its plurals, as build_wordnet_lists.py
makes them, and the forms of INFORMAL_KIN ("mum"), relatives in running text whose first sense
is something else. Left out: a lemma SemCor tags more often as an adjective ("extra",
"domestic"), one of the special categories ("republican": a belief, not a trade), and
EXCLUDE, forms whose usual reading in running text is another, each with its reason.
``lang/en/person_roles.py`` reads the file.
"""

from __future__ import annotations

import argparse
import collections
import gzip
from pathlib import Path

from build_wordnet_lists import (
    FOLDER,
    PERSON_FILE,
    ROOT,
    SPECIAL_OUT,
    all_senses,
    check_roots,
    closure,
    hyponyms_of,
    irregular_singulars,
    plurals,
    plurals_by_lemma,
    read_synsets,
    semcor_counts,
)

OUT = FOLDER / "person_roles.txt.gz"
#: (synset offset in WordNet 3.0's data.noun, one of its lemmas): checked, so a wrong offset fails loudly
KIN_ROOTS = (
    ("10235549", "relative"),  # kin, spouses, in-laws, step-relatives
    ("10024362", "domestic_partner"),  # partner, girlfriend, common-law spouse
    ("09918248", "child"),  # a son or daughter of any age ("a human offspring")
    ("10399491", "parent"),  # mother, father, foster parents
    ("09851575", "betrothed"),  # fiancé, fiancée (filed under lover)
    ("10130877", "girlfriend"),  # filed under woman, as boyfriend under man
    ("09871364", "boyfriend"),
)
#: Forms whose first sense is no person but which running text uses as a relative, each with
#: its reason: a relation when one of their senses is below KIN_ROOTS.
INFORMAL_KIN = {
    "mum": "a mother in British English (WordNet's first sense is a chrysanthemum)",
}
TRADE_ROOTS = (
    ("09632518", "worker"),  # trades, officers, officials, employees, servicemen
    ("10480253", "professional"),  # lawyers, doctors, teachers, engineers
    ("09623038", "leader"),  # heads, ministers, captains, coaches, presidents
    ("09613191", "contestant"),  # players, athletes, competitors
    ("09616922", "entertainer"),  # performers, musicians, actors, singers
    ("09614315", "creator"),  # artists, writers, composers, designers
    ("10372373", "official"),  # holders of an office: mayors, registrars, governors
    ("09617867", "expert"),  # authorities, specialists, consultants
    ("09621545", "intellectual"),  # scholars, academics, scientists
    ("10665698", "student"),  # pupils, undergraduates, graduate students
    ("10225219", "judge"),  # judges of a court (filed under adjudicator)
    ("10249459", "lawman"),  # police officers, sheriffs
    ("10451263", "politician"),  # politicians, statesmen, legislators
    ("10759151", "volunteer"),  # unpaid workers
    ("10794014", "writer"),  # authors, novelists, poets, journalists (filed under communicator)
    ("09875786", "broadcaster"),  # sportscasters, newscasters
    ("09795334", "announcer"),
    ("10466387", "presenter"),
    ("10521662", "reporter"),
    ("09761403", "accountant"),  # bookkeepers, auditors (filed under businessperson)
    ("09882007", "businessman"),
    ("09882615", "businesswoman"),
    ("10060352", "entrepreneur"),
    ("10309896", "merchant"),  # shopkeepers, grocers, bakers, jewellers
    ("10090020", "financier"),  # bankers, cashiers
    ("09984298", "custodian"),  # caretakers, janitors, curators (filed under defender)
    ("10091651", "firefighter"),
    ("10378412", "operator"),  # chauffeurs, cab drivers, truckers, telephonists
    ("09615807", "engineer"),  # engineers, programmers (filed under person itself)
    ("10560637", "scientist"),  # researchers, physicists, biologists, geologists (the same)
    ("09826204", "aviator"),  # pilots, airmen
)
#: Forms whose usual reading in running text is not a person's role, each with its reason.
EXCLUDE = {
    "master",  # a master copy, a master's degree
    "monitor",  # a screen (WordNet's first sense is a supervising pupil)
    "server",  # a computer (WordNet's first sense is a waiter)
    "screw",  # a fastener (WordNet's first sense is slang for a prison guard)
    "hire",  # the act of hiring: "car hire"
    "tackle",  # equipment: "fishing tackle"
    "cooky",  # its plural is biscuits (WordNet's first sense is a cook)
    # given names and characters (WordNet's first sense is a slang word for a trade):
    "dick",
    "johnny",
    "bobby",
    "batman",
    "superman",
    "sherlock",
    "joker",
    "bunny",
    "fed",  # the Federal Reserve more often than an agent
    "subsidiary",
    "auxiliary",  # a company, a verb
    "controller",  # a device; a data controller is an organisation
    # a party to a contract or a sale, as "buyer" and "tenant" are: a part in the case
    "seller",
    "vendor",
    "vender",
    "owner",
    "lessor",
    "licensee",
    "transactor",
    "compiler",  # a program
    "polemic",  # an argument
    "gazetteer",  # a geographical dictionary
    # someone at the wheel in the event told, not a trade ("the driver fled"; a trade is
    # "bus driver", which the trade cue "worked as" finds):
    "driver",
    "motorist",
    "automobilist",
    "speeder",
    "tailgater",
    "roadhog",
    "honker",
    "manipulator",
    "hoister",
}


def _special_category_forms() -> set[str]:
    with gzip.open(SPECIAL_OUT, "rt", encoding="utf-8") as lines:
        return {line.split("\t")[0] for line in lines if line.strip()}


def person_roles(folder: Path) -> dict[str, str]:
    synsets, senses = read_synsets(folder, "noun"), all_senses(folder, "noun")
    check_roots(synsets, KIN_ROOTS + TRADE_ROOTS)
    hyponyms = hyponyms_of(synsets)
    kin = closure((int(o) for o, _ in KIN_ROOTS), hyponyms, synsets)
    trades = closure((int(o) for o, _ in TRADE_ROOTS), hyponyms, synsets)
    semcor, special = semcor_counts(folder), _special_category_forms()
    roles = {}
    for lemma, offsets in senses.items():
        first = synsets[offsets[0]]
        if (
            not lemma.replace("-", "").isalpha()
            or len(lemma) < 3
            or first.lexicographer_file != PERSON_FILE
            or first.is_instance
        ):
            continue  # phrases (their head is looked up), "dr.", "pa", "mp"; a named person: "Newton"
        if semcor[lemma, "n"] < semcor[lemma, "a"] or lemma in special:
            continue  # mostly an adjective ("extra", "domestic"); a belief ("republican")
        kind = "relation" if offsets[0] in kin else "profession" if offsets[0] in trades else None
        if kind:
            roles[lemma] = kind
    for lemma in INFORMAL_KIN:
        if not any(offset in kin for offset in senses.get(lemma, ())):
            raise SystemExit(f"INFORMAL_KIN names a form with no sense below KIN_ROOTS: {lemma}")
        roles[lemma] = "relation"
    unused = sorted(EXCLUDE - set(roles))
    if unused:
        raise SystemExit(f"EXCLUDE names forms no kind holds: {unused}")
    roles = {lemma: kind for lemma, kind in roles.items() if lemma not in EXCLUDE}
    irregular_plurals = plurals_by_lemma(irregular_singulars(folder))
    for form, kind in list(roles.items()):
        for plural in plurals(form, irregular_plurals, senses):
            if plural not in senses and plural not in EXCLUDE:
                roles.setdefault(plural, kind)
    return roles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    roles = person_roles(parser.parse_args().wordnet)
    lines = sorted(f"{form}\t{kind}" for form, kind in roles.items())
    with gzip.GzipFile(OUT, "wb", mtime=0) as out:  # mtime 0: the same WordNet gives the same bytes
        out.write(("\n".join(lines) + "\n").encode("utf-8"))
    counts = collections.Counter(roles.values())
    print(
        f"{len(roles)} forms written to {OUT.relative_to(ROOT)}: relation {counts['relation']}, profession {counts['profession']}"
    )


if __name__ == "__main__":
    main()
