"""Write the built-in ``hipaa`` policy (sanitizer/policies/hipaa.json): HIPAA's Safe Harbor
method (45 CFR § 164.514(b)(2)), its eighteen identifiers exactly, and nothing else.

    python scripts/build_hipaa_policy.py

What each identifier becomes in the engine's kinds is written once, in RULES below, with
the law's own words beside it. Geographic units smaller than a state are identifiers, so
states and countries are allowed: their names (pycountry: every country and every US
state and territory) are the policy's allow list. Of a date only the year may stay: dates
are masked in ``mask`` mode, which keeps a date's year. An age over 89 is an identifier:
ages up to 89 are allowed by pattern. No term is decided by its information content, and
a run's collection decides nothing (HIPAA lists what to remove; it weighs no rarity).
"""

from __future__ import annotations

import json
from pathlib import Path

import pycountry

from ic_sanitizer.corpus_stats import normalize_phrase
from ic_sanitizer.terms import TermKind

OUT = Path(__file__).resolve().parents[1] / "sanitizer" / "lang" / "en" / "policies" / "hipaa.json"

#: kind -> (rule, the Safe Harbor identifiers it stands for)
RULES: dict[TermKind, tuple[str, str]] = {
    TermKind.PERSON: ("always", "(A) names"),
    TermKind.NAME: ("always", "(A) names: a name of unknown type may be a person's"),
    TermKind.LOCATION: ("always", "(B) geographic subdivisions smaller than a state (states and countries allowed)"),
    TermKind.ORGANISATION: ("always", "(B) a hospital, a ward, a practice: where the patient is"),
    TermKind.DATE: ("always", "(C) all elements of dates except the year (mask mode keeps the year)"),
    TermKind.TIME: ("never", "not listed: a time of day alone is no element of a date"),
    TermKind.AGE: ("always", "(C) ages over 89 (ages up to 89 allowed by pattern)"),
    TermKind.PHONE: ("always", "(D) telephone numbers, (E) fax numbers"),
    TermKind.EMAIL: ("always", "(F) electronic mail addresses"),
    TermKind.CODE: (
        "always",
        "(G) social security, (H) medical record, (I) health plan beneficiary, (K) certificate or "
        "licence, (L) vehicle, (M) device numbers, (N) URLs' and (O) IP addresses' kin, (R) any other "
        "unique identifying number or code",
    ),
    TermKind.ACCOUNT: ("always", "(J) account numbers"),
    TermKind.URL: ("always", "(N) web universal resource locators"),
    TermKind.NUMBER: ("never", "not listed: a number is an identifier only by its form (a code)"),
    TermKind.AMOUNT: ("never", "not listed"),
    TermKind.QUANTITY: ("never", "not listed"),
    TermKind.MEASUREMENT: ("never", "not listed: vital signs, doses, laboratory values"),
    TermKind.DEMONYM: ("never", "not listed"),
    TermKind.SEX: ("never", "not listed"),
    TermKind.RELATION: ("never", "not listed"),
    TermKind.PROFESSION: ("never", "not listed"),
    TermKind.RANK: ("never", "not listed"),
    TermKind.WORK: ("never", "not listed"),
    TermKind.PUBLIC_REFERENCE: ("never", "not listed"),
    TermKind.NOUN_PHRASE: ("never", "not listed"),
    TermKind.ABSTRACT_PHRASE: ("never", "not listed"),
    TermKind.PRONOUN: ("never", "not listed"),
}
#: an age whose only number is below 90: "45 years old", "aged 89", "62 y/o"
AGE_UP_TO_89 = r"\D*(?<!\d)(?:[0-9]|[1-8][0-9])(?!\d)\D*"


def _state_and_country_names() -> list[str]:
    names: set[str] = set()
    for country in pycountry.countries:
        for attribute in ("name", "official_name", "common_name"):
            if hasattr(country, attribute):
                names.add(getattr(country, attribute))
    for state in pycountry.subdivisions.get(country_code="US"):
        names.add(state.name)
    return sorted({key for key in map(normalize_phrase, names) if key})


def main() -> None:
    missing = set(TermKind) - set(RULES)
    assert not missing, f"every kind needs a rule: {missing}"
    policy = {
        "schema": "ic-sanitizer/policy",
        "schema_version": 2,
        "name": "hipaa",
        "provenance": "HIPAA Safe Harbor (45 CFR 164.514(b)(2)) by scripts/build_hipaa_policy.py: the eighteen "
        "identifiers and nothing else; not fitted",
        "backend": None,
        "beta": None,
        "mode": "tag",
        "operators": {"date": "mask"},
        "entities": True,
        "kinds": {kind.value: {"rule": rule} for kind, (rule, _) in RULES.items()},
        "why": {kind.value: why for kind, (_, why) in RULES.items()},
        "s2": {"enabled": False},
        "s3": {"enabled": False},
        "collection": {"enabled": False},
        "allow_patterns": {"age": [AGE_UP_TO_89]},
        "allow": _state_and_country_names(),
        "deny": [],
        # a note's acronyms are its shorthand, not organisations (packs/clinical)
        "packs": ["clinical"],
        # the identifier is the name: "Dr. [PERSON-1]" (person_titles.py)
        "keep_titles": True,
    }
    OUT.write_text(json.dumps(policy, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(policy['allow'])} state and country names allowed)")


if __name__ == "__main__":
    main()
