"""What around a given name written in lower case says it names a person (informal_names
reads a name in lower case by the name lexicons and these cues): a greeting before it
("thanks, maria"), the end of its line after a sign-off, a chat's speaker label ("maria:"),
a self-introduction ("i'm priya"), "my name is", whom it is, in brackets or in apposition
("ann (wife)", "pt's daughter (jen)", "pt's wife of 52 yrs, dorothy,"), a verb whose
object it is ("the manager sacked dave", "tell dan"), and what persons do after it ("mark said")."""

from __future__ import annotations

import itertools
from typing import Sequence

from ..lang.en.common_words import DETERMINERS, is_regular_past, verb_forms
from ..lang.en.name_words import SALUTATIONS, SELF_INTRODUCTIONS
from ..lang.en.person_roles import role_kind
from ..lang.en.role_words import VERBS_BEFORE_A_PERSON, WHAT_PERSONS_DO
from ..terms import TermKind
from .tokenizer import Token

#: what may stand between a greeting and the name: "thanks, maria"
_PAUSES = frozenset({",", ":", "-"})
#: what ends the clause a relative is read back to: "wife of 52 yrs, dorothy" but not "son; dorothy"
_CLAUSE_ENDS = frozenset({",", ";", ".", ":", "(", ")"})


def greeted(texts: Sequence[str], index: int) -> bool:
    j = index - 1
    while j >= 0 and texts[j] in _PAUSES:
        j -= 1
    return j >= 0 and texts[j] in SALUTATIONS


def ends_its_line(text: str, tokens: Sequence[Token], index: int) -> bool:
    """Whether only punctuation follows the word at ``index`` on its line ("cheers, rob")."""
    for token in tokens[index + 1 :]:
        if "\n" in text[tokens[index].end : token.start]:
            return True
        if any(ch.isalnum() for ch in token.text):
            return False
    return True


def labels_a_line(text: str, tokens: Sequence[Token], first: int, last: int) -> bool:
    """Whether the name from ``first`` to ``last`` opens its line before a colon, as a chat
    names who speaks: "maria: no thats it"."""
    line_start = text.rfind("\n", 0, tokens[first].start) + 1
    return not text[line_start : tokens[first].start].strip() and [t.text for t in tokens[last + 1 : last + 2]] == [":"]


def introduces_themselves(texts: Sequence[str], index: int) -> bool:
    """ "i'm priya", "it's priya again", "this is priya" (name_words.SELF_INTRODUCTIONS)."""
    return tuple(text.lower() for text in texts[max(0, index - 2) : index]) in SELF_INTRODUCTIONS


def after_name_is(texts: Sequence[str], index: int) -> bool:
    return [word.lower() for word in texts[max(0, index - 2) : index]] == ["name", "is"]


def described(texts: Sequence[str], index: int) -> bool:
    """A given name followed by whom it is, in brackets ("ann (wife) at bedside"), or in
    apposition to a relative a few words before ("pt's wife of 52 yrs, dorothy, passed")."""
    inside = texts[index + 1 : index + 4]
    if len(inside) == 3 and inside[0] == "(" and inside[2] == ")" and role_kind(inside[1]) is not None:
        return True
    clause = list(
        itertools.takewhile(lambda word: word not in _CLAUSE_ENDS, reversed(texts[max(0, index - 6) : index - 1]))
    )
    set_off = texts[index - 1 : index] == [","] and texts[index + 1 : index + 2] in ([","], [")"], ["."])
    return set_off and any(role_kind(word) is TermKind.RELATION for word in clause)


def named_in_brackets(texts: Sequence[str], index: int) -> bool:
    """A given name in brackets after whom it is: "pt's daughter (jen) called"."""
    return (
        index >= 2
        and texts[index - 1] == "("
        and texts[index + 1 : index + 2] == [")"]
        and role_kind(texts[index - 2]) is not None
    )


def object_of_a_verb(texts: Sequence[str], index: int) -> bool:
    """A given name right after a verb, as its object: a verb's past ("the manager sacked
    dave", "met priya", "told jess") or a verb a message asks with ("tell dan i'll be late",
    "ask priya"); a given name that is also a word is asked of by the caller."""
    before = texts[index - 1].lower() if index else ""
    return is_regular_past(before) or before in verb_forms() or before in VERBS_BEFORE_A_PERSON


def does_what_persons_do(texts: Sequence[str], index: int) -> bool:
    """A given name that is an ordinary word too, right before what persons do and after no
    determiner: "mark said he'd drive", "dawn called"; not "the mark said"."""
    before = texts[index - 1].lower() if index else ""
    return index + 1 < len(texts) and texts[index + 1] in WHAT_PERSONS_DO and before not in DETERMINERS
