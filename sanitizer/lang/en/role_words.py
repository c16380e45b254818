"""English words around persons and their works: verbs before a trade, companions, what
a person does after their name, the headings of a list of works (person_roles.py,
extraction/informal_names.py, recognizers/universal/works.py)."""

from __future__ import annotations

#: verbs after which "as" introduces a trade: "worked as", "employed as", "trained as"
TRADE_VERBS_BEFORE_AS = frozenset(
    """work works worked working serve serves served serving employ employs employed employment job
    career trained training qualified qualifies practise practised practises practising practice practiced
    hired retired""".split()
)

#: verbs right before a position: "was appointed chief executive", "elected treasurer"
APPOINTING_VERBS = frozenset("appointed elected promoted re-elected".split())

#: people in one's life other than kin, who introduce a name as a relative does: "my mate
#: jess", "our neighbour Dave" (WordNet makes a mate a trade, and a friend neither)
COMPANIONS = frozenset(
    """friend mate pal buddy colleague neighbour neighbor flatmate housemate roommate classmate
    schoolmate teammate coworker co-worker boss landlord landlady""".split()
)

#: what a person does, which a given name before it does: "jane called", "JIM VISITED", "tom said"
WHAT_PERSONS_DO = frozenset(
    "called phoned rang texted emailed visited arrived came said says told asked replied".split()
)

#: words of a heading over a list of works
#: the verbs a message opens with before whom it concerns, no name's first word: "Ask
#: Peter", "Tell Gran", "Call Mum", "Thank Sarah"
VERBS_BEFORE_A_PERSON = frozenset(
    "ask tell call ring phone text email message remind thank meet invite pay send give let help".split()
)
WORKS_HEADINGS = frozenset(
    """works publications bibliography discography filmography books novels albums films
    recordings plays poems poetry writings singles songs""".split()
)

#: relatives as notes and messages write them short, which WordNet lacks: "Dtr Kathy called",
#: "my sis"
RELATIVES_IN_SHORTHAND = frozenset("dtr dau sis bro".split())
#: relatives no one is called by, so never a name's title when they open a capitalized run
#: ("Wife Maureen", "Son Michael", "Dtr Kathy"): unlike "Auntie Sue", "Grandma Rose" or "Sister Mary"
RELATIVES_NEVER_TITLES = (
    frozenset(
        """wife husband son sons daughter daughters niece nephew grandson granddaughter spouse partner
        fiance fiancee boyfriend girlfriend""".split()
    )
    | RELATIVES_IN_SHORTHAND
)
#: the parts people play in a report or a record, never a name's title either: "Witness Sandra
#: Oyelaran stated", "Suspect Darren Mulholland", "Patient John Smith"
PARTIES_NEVER_TITLES = frozenset("witness victim suspect complainant informant caller patient client".split())
