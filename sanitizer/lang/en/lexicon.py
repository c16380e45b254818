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
