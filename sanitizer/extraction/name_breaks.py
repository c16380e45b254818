"""Punkt's false sentence breaks inside a name: after a title ("Fr." | "Tom Whelan"), after
a person's initials ("Mr J." | "Crow", "E." | "M. Forster") and inside a county ("Patrickswell, Co." | "Limerick").
sentence_repair joins them back, so that the name rule sees the whole name."""

from __future__ import annotations

import re

from ..lang.en.common_words import common_lowercase_words, is_function_word
from ..lang.en.lexicon import TITLES
from ..lang.en.name_words import is_initial
from ..lang.name_lexicons import fold

# Punkt ends a sentence after initials it does not know as an abbreviation ("Mr S.K." |
# "Martens", "Mr J." | "A. Frowein", "Mr J." | "Crow"): a sentence that ends with
# initials after a title or other initials is one sentence with the next, unless that
# opens with a function word ("The", "He", "On": common_words.function_words).
_ENDS_WITH_TITLED_INITIALS = re.compile(
    r"(?:^|\s)(?P<before>[^\W\d_]+\.?|(?:[^\W\d_]\.)+)\s+(?:[^\W\d_]\.(?:-[^\W\d_]\.)?){1,3}$"
)
_FIRST_WORD = re.compile(r"\s*(\w+)(\.?)")


_ENDS_WITH_COUNTY = re.compile(r",\s*Co\.$")
# A person's initials written apart, which Punkt may break after the first: "E." | "M. Forster",
# "A." | "B. C. Okafor": a sentence ending in one capital and its period, and the next opening
# with more initials and then a capitalized word, are one name.
_ENDS_WITH_INITIAL = re.compile(r"(?:^|\s)([^\W\d_])\.$")
_OPENS_WITH_INITIALS_AND_NAME = re.compile(r"\s*((?:[^\W\d_]\.[ \t]*){1,3})([^\W\d_])")


# Initials written together, before the surname: "under the name K.L." | "Holm" (not "the
# U.K." | "Later, ...": the next word is an ordinary one).
_ENDS_WITH_JOINED_INITIALS = re.compile(r"(?:^|\s)(?:[A-Z]\.){2,3}$")
# A title Punkt does not know as an abbreviation: "her brother Fr." | "Tom Whelan".
_ENDS_WITH_TITLE = re.compile(r"(?:^|\s)([^\W\d_]+)\.$")


def continues_name(before: str, after: str) -> bool:
    """Whether Punkt's break between ``before`` and ``after`` falls inside a name: after a
    title ("Fr." | "Tom Whelan", "fr." | "doyle" in lower case), a person's initials (together, after a title, or written
    apart), or a county ("Patrickswell, Co." | "Limerick")."""
    ending = before.rstrip()
    if _ENDS_WITH_COUNTY.search(ending) and after.lstrip()[:1].isupper():
        return True
    first = _FIRST_WORD.match(after)
    # The next sentence's first word and whether a period follows it ("" when it opens with none).
    word, period = (first.group(1), first.group(2)) if first else ("", "")
    capitalized = word[:1].isupper()
    title = _ENDS_WITH_TITLE.search(ending)
    if capitalized and title and title.group(1)[:1].isupper() and fold(title.group(1)) in TITLES:
        return not is_function_word(word)
    if title and title.group(1).islower() and fold(title.group(1)) in TITLES and word.isalpha() and word.islower():
        return word not in common_lowercase_words()  # "fr. doyle" in a note written in lower case
    if capitalized and _ENDS_WITH_JOINED_INITIALS.search(ending) and fold(word) not in common_lowercase_words():
        return True
    initial, rest = _ENDS_WITH_INITIAL.search(ending), _OPENS_WITH_INITIALS_AND_NAME.match(after)
    if (
        initial
        and rest
        and initial.group(1).isupper()
        and rest.group(1).upper() == rest.group(1)
        and rest.group(2).isupper()
    ):
        return True
    match = _ENDS_WITH_TITLED_INITIALS.search(before)
    if match is None or not capitalized:
        return False
    previous = match.group("before")
    after_initials = fold(previous).rstrip(".") in TITLES and previous[:1].isupper() or is_initial(previous)
    return after_initials and (is_initial(word + period) or not is_function_word(word))
