"""The German words the candidate rules and the recognizers read: one place for each list.

Closed classes only, written in lower case with their umlauts. Every German noun is
capitalized, so a capital says nothing of a name: what does is a title or an office before
it (``TITLES``, ``NAME_OFFICES``), the tagger's proper-noun tag, and IC.
"""

from __future__ import annotations

#: titles and forms of address before a name; they stay outside the name's span ("Dr. [PERSON-1]")
TITLES = frozenset("dr prof herr herrn frau hr fr dipl ing".split())
#: offices and roles a name follows ("Richterin Klante", "Rechtsanwalt C. B.", "Zeuge M."): the
#: capitalized word after one is a person's name, whatever the tagger says
NAME_OFFICES = frozenset(
    """
richter richterin richters vorsitzende vorsitzender vorsitzenden rechtsanwalt rechtsanwältin rechtsanwälte
rechtsanwalts patentanwalt patentanwältin patentanwälte notar notarin staatsanwalt staatsanwältin
steuerberater steuerberaterin zeuge zeugin zeugen sachverständige sachverständiger sachverständigen gutachter
gutachterin kandidat kandidatin kandidaten verteidiger verteidigerin betreuer betreuerin
""".split()
)
#: words that number what follows them: a capital letter after one is a label, not a name ("Anlage K", "Teil B")
NUMBERING_WORDS = frozenset("§ abs. nr. art. anlage anl. teil buchst. lit. ziff. gruppe klasse stufe".split())
#: lower-case words inside a name: "von Falckenstein", "van Dyke", "zu Guttenberg" (at most two in a row)
NAME_CONNECTORS = frozenset("von van zu vom zum zur de di da del der den ten ter".split())
#: the months in order (surrogate dates are written with them), and the Austrian variants
MONTHS = (
    "januar",
    "februar",
    "märz",
    "april",
    "mai",
    "juni",
    "juli",
    "august",
    "september",
    "oktober",
    "november",
    "dezember",
)
MONTH_VARIANTS = ("jänner", "feber")
#: the legal forms that end a firm's name ("P GmbH", "E K Co.")
COMPANY_FORMS = (
    "GmbH",
    "gGmbH",
    "mbH",
    "AG",
    "KG",
    "KGaA",
    "OHG",
    "oHG",
    "GbR",
    "UG",
    "eG",
    "SE",
    "Co.",
    "e. V.",
    "e.V.",
    "Ltd.",
    "Inc.",
    "S.A.",
    "B.V.",
    "N.V.",
    "Sp. z o.o.",
)
#: the head words of a public body's name ("Bundesministerium der Verteidigung", "Amtsgericht Neu-Ulm"):
#: a name that begins with one is an organisation's
ORGANISATION_ENDINGS = (
    "gericht",
    "gerichts",
    "gerichtshof",
    "gerichtshofs",
    "ministerium",
    "ministeriums",
    "amt",
    "amts",
    "amtes",
    "behörde",
    "kammer",
    "anstalt",
    "agentur",
    "verband",
    "verbandes",
    "bank",
)
