"""English words the noun-phrase, generalization and note rules read: what leaves a
phrase's edge, what links words, what a numeral numbers (extraction/candidates.py,
generalization.py, extraction/note_words.py)."""

from __future__ import annotations

# The last lines hold the discourse words of messages, which a tagger trained on news
# reads as nouns ("Please refund asap" was one noun phrase, masked), and "née" before a
# maiden name (a name of its own).
EDGE_STOP_WORDS = frozenset(
    """
a an the this that these those such other another same said own certain various several
many much more most less least few fewer each every all both either neither any some no
former latter further including concerning regarding following according having being
given relevant particular whole entire first second last next previous present
onwards afterwards thereafter hereinafter herein therein thereof whereby inter alia
please asap fyi thanks cheers
née nee
""".split()
)

#: Participles that work as prepositions: "the complaints concerning Articles 10 and 11".
PREPOSITIONAL_PARTICIPLES = frozenset(
    "concerning regarding following including according pending excluding notwithstanding respecting".split()
)

#: the words a Roman numeral numbers as a stage or a class, not a name's part
#: the Latin and French words that title a document, no name in its heading: "CURRICULUM VITAE", "RÉSUMÉ"
DOCUMENT_TITLE_WORDS = frozenset({"curriculum", "vitae", "resume", "résumé"})
NUMBERED_BY_NUMERALS = frozenset({"stage", "grade", "type", "class", "phase", "level", "zone", "degree"})

#: words that end a noun phrase looking back: "his post as X" is no determiner of X
LINK_WORDS = frozenset("as at in on of for to by with from into than and or but nor was is were be".split())

#: modifiers that stand before a noun only: "former X" takes no article of X's
PRENOMINAL_MODIFIERS = frozenset(
    "former late then future fellow retired acting deputy senior junior chief assistant".split()
)
