"""A person's role named by a noun: a relative ("wife", "half-brother") or a trade or
position ("hockey coach", "bassist", "Prime Minister"). A noun phrase headed by one says
who someone is once their name is gone, so it has a kind of its own (TermKind.RELATION,
TermKind.PROFESSION) that a policy decides apart from other noun phrases. On TAB's
tuning half the experts masked 18% of the characters of relation phrases and 8% of
profession phrases, against 4% of the other noun phrases.

A phrase is a trade too, whatever its head, after the words that introduce one: "worked
as a barista", "was appointed chief executive", "trained as a sommelier" (WordNet 3.0
knows neither word as a trade), and after a form's label for one: "Occupation: bus
driver". And a word after a relative, or after "called" or "named", is a person's name
even when it is also an ordinary word or written in lower case: "her brother, Per,
coached", "my wife sarah ordered", "a woman called priya".

The list comes from WordNet 3.0 (a noun whose first sense is a person below a relative or
a trade: scripts/build_person_roles.py writes lang/en/wordnet/person_roles.txt.gz, WordNet's
license beside it). A head is looked up as written, lower-cased; plurals are listed.
"""

from __future__ import annotations

import functools
import gzip
from typing import Sequence

from ...terms import TermKind
from . import data_file
from .common_words import DETERMINERS
from .role_words import APPOINTING_VERBS, COMPANIONS, RELATIVES_IN_SHORTHAND, TRADE_VERBS_BEFORE_AS


@functools.lru_cache(maxsize=1)
def _roles() -> dict[str, TermKind]:
    data = data_file("wordnet/person_roles.txt.gz").read_bytes()
    rows = (line.split("\t") for line in gzip.decompress(data).decode("utf-8").splitlines() if line)
    return {form: TermKind(kind) for form, kind in rows}


def role_kind(word: str) -> TermKind | None:
    """RELATION or PROFESSION when ``word`` names a person's relative or trade, else None; a
    relative's "-in-law", written short too, is a relative ("dtr-in-law", "bro-in-law")."""
    folded = word.lower()
    by_marriage = folded.removesuffix("-in-law")
    if by_marriage != folded and role_kind(by_marriage) is TermKind.RELATION:
        return TermKind.RELATION
    return TermKind.RELATION if folded in RELATIVES_IN_SHORTHAND else _roles().get(folded)


#: a form's labels whose value is a trade: "Occupation: bus driver", "Job title: cashier"
_TRADE_LABELS = (["occupation"], ["profession"], ["job"], ["job", "title"])


def follows_trade_cue(words_before: list[str]) -> bool:
    """Whether the words before a noun phrase (its determiner included) introduce a trade."""
    words = [word.lower() for word in words_before[-4:]]
    while words and words[-1] in DETERMINERS:
        words.pop()
    if words[-1:] and words[-1] in APPOINTING_VERBS:
        return True
    if words[-1:] == [":"] and any(words[-1 - len(label) : -1] == label for label in _TRADE_LABELS):
        return True
    return len(words) >= 2 and words[-1] == "as" and words[-2] in TRADE_VERBS_BEFORE_AS


def is_companion(word: str) -> bool:
    """A person in one's life other than kin: a friend, a neighbour, a landlord."""
    return word.lower() in COMPANIONS


#: people called by their age, which WordNet files under neither kin nor trade
_PEOPLE_BY_AGE = frozenset("child kid boy girl toddler teenager teen".split())


def names_a_person(word: str) -> bool:
    """A noun for a person in one's life: kin, a trade, a companion, a child ("my daughter",
    "her boss", "our neighbour", "my kid")."""
    word = word.lower()
    return role_kind(word) is not None or word in COMPANIONS or word in _PEOPLE_BY_AGE


#: words right before a person's name: "a woman called Priya", "a boy named kevin"
_NAMING_VERBS = frozenset({"called", "named", "nicknamed"})
#: how a newborn's record names them before a name is given: "baby boy okonkwo", "Baby Girl Smith"
_NEWBORN = (["baby", "boy"], ["baby", "girl"])


def introduces_a_name(words: Sequence[str], end: int | None = None, relatives: bool = True) -> bool:
    """Whether the words right before ``words[end]`` (the end of ``words`` by default)
    introduce a person's name: "called" or "named", "my name is", a form's "Name:", and with
    ``relatives`` a relative or companion ("my wife Sarah", "her brother, Per,": an
    apposition's comma is passed over; "my mate jess"), "under the name" or "the name of"
    ("booked under the name okafor"), or a trade before an apposition's comma ("an
    engineer, Mark,").
    After a relative the next word is often a verb ("my son will call"), so only the naming
    words vouch for an ordinary word as a name. Only the last three words are read, so a
    caller walking a sentence passes the sentence and the index, not a copy of its start."""
    end = len(words) if end is None else end
    before = [word.lower() for word in words[max(0, end - 3) : end]]
    apposition = before[-1:] == [","]
    if apposition:
        before.pop()
    if not before:
        return False
    if before[-1] in _NAMING_VERBS or before[-2:] in (["name", "is"], ["name", ":"]) or before[-2:] in _NEWBORN:
        return True  # and a form's label: "Name: Amara Okonkwo-Bell", "PATIENT NAME: ..."
    # a trade in lower case in apposition too: "an engineer, Mark, visited" (not "the
    # engineer will", nor a list of titles: "Ambassador, Under-Secretary for ...")
    role = role_kind(before[-1])
    trade = apposition and role is TermKind.PROFESSION and words[end - 2].islower()
    # "booked under the name okafor", "in the name of okafor" read as a relative does (not
    # "the name badge")
    naming_noun = before[-3:] == ["under", "the", "name"] or before[-2:] == ["name", "of"]
    return relatives and (role is TermKind.RELATION or trade or is_companion(before[-1]) or naming_noun)
