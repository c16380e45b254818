"""Credentials and device identifiers, by a form no word has: usernames and handles
("kasante_90", "@priya_r"), passwords ("Xk9#mPz!2q"), keys, wallet addresses and vehicle
numbers ("1HGCM82633A004352"), MAC addresses ("3C:52:82:1F:9A:0B"), and British registration
plates ("SK21 LMV": two letters, two digits, three letters), which the name rule took for
an organisation.

Messages carry them, and the name rule and the noun phrases cut them up: a username that
holds the writer's name came out as "[PERSON-1].[TERM-3]", telling the reader that the
login is hers. A word of the text (a run between spaces) is one credential when:

- it joins letters or digits by an underscore, or opens with "@" (a handle);
- it mixes capitals, small letters, digits and one of ``!#$&*?~^`` (a password), eight
  characters or more;
- it has ten letters and digits or more, two capitals and three digits at least, and turns
  from letters to digits or back at least twice: keys and serial numbers do; words and
  names with a number ("COVID-19", "iPhone14", "1990s") turn once, and clinical notation
  has no capitals or is shorter ("21x16x15cm", "pT4aN1M0", "CD20+CD10+", "Sat.O2:89%").
"""

from __future__ import annotations

import re

from ...lang.en.common_words import common_lowercase_words, lower_case_lemmas
from ...terms import TermKind
from ..base import ENGLISH, Bounds, PatternRecognizer, body
from ..pattern_tools import anchored, either_case_initial

#: what may stand before a word: a space, the text's start, an opening bracket or quote
_LEAD = r"[\s(\[<\"'\u201c\u2018]"
#: a word, up to a space or a closing bracket or quote (a trailing full stop or comma is
#: trimmed as every recognizer's span is: span_cleaning)
_WORD_CHARACTER = r"[^\s)\]>\"\u201d\u2019]"
# Only a word holding "_" or "@" (a handle), or eight characters or more with a capital and
# a figure (a password, a code), can be a credential (_is_credential): the look-ahead skips
# the others, years and numbers among them, before any check runs on them (a tenth of the
# recognizers' time on prose).
_WORD = anchored(
    _LEAD,
    r"[@\w!#$%^&*+=?~]",
    rf"(?={_WORD_CHARACTER}*[_@]|(?={_WORD_CHARACTER}*[A-Z])(?={_WORD_CHARACTER}*\d){_WORD_CHARACTER}{{8}})"
    rf"{_WORD_CHARACTER}+",
)
_MAC = anchored(
    r"[^\w:\-]", r"[0-9A-Fa-f]{2}[:\-]", r"[0-9A-Fa-f]{2}([:\-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}(?![\w:\-])"
)
_PASSWORD_SYMBOLS = frozenset("!#$&*?~^")
_HANDLE = re.compile(r"@[A-Za-z0-9_]{3,}|[A-Za-z0-9.]*[A-Za-z0-9]_[A-Za-z0-9][A-Za-z0-9._]*")
_LETTERS_AND_DIGITS = re.compile(r"[A-Za-z0-9]+")
_TURNS = re.compile(r"(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])")


def _is_credential(word: str) -> bool:
    if _HANDLE.fullmatch(word):
        return True
    capitals = sum(ch.isascii() and ch.isupper() for ch in word)
    small = sum(ch.isascii() and ch.islower() for ch in word)
    digits = sum(ch.isdigit() for ch in word)
    # a leading "#" is the number sign of "Order #A-77812", whose code the case numbers take
    if len(word) >= 8 and capitals and small and digits and _PASSWORD_SYMBOLS.intersection(word.removeprefix("#")):
        return "/" not in word
    return (
        _LETTERS_AND_DIGITS.fullmatch(word) is not None
        and len(word) >= 10
        and capitals >= 2
        and digits >= 3
        and len(_TURNS.findall(word)) >= 2
    )


def _credential(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    word = text[start:end].rstrip(".,;:?")  # the sentence's mark: "my account jw_88?"
    return (start, start + len(word)) if _is_credential(word) else None


CREDENTIAL = PatternRecognizer(
    "credential",
    TermKind.CODE,
    _WORD,
    _credential,
    summary="kasante_90, @priya_r, Xk9#mPz!2q, 1HGCM82633A004352 (a word no word's form has)",
)
MAC_ADDRESS = PatternRecognizer("mac_address", TermKind.CODE, _MAC, summary="3C:52:82:1F:9A:0B")
#: a British registration plate since 2001: region, age identifier, three letters
_UK_PLATE = anchored(r"[^\w\-]", r"[A-Z]{2}\d\d", r"[A-Z]{2}\d{2}[ \u00a0]?[A-Z]{3}(?![\w\-])")
VEHICLE_REGISTRATION = PatternRecognizer(
    "vehicle_registration", TermKind.CODE, _UK_PLATE, summary="SK21 LMV, KV19 XPD", languages=ENGLISH
)

#: Networks and logins that name the word after them: "my instagram is jess.walks",
#: "username: jwalker", "on skype: maria.lopez". A handle of plain letters and dots has no
#: form of its own; its label is what says it is one.
ACCOUNT_LABELS = """
instagram twitter tiktok snapchat facebook linkedin skype discord telegram reddit github
gamertag username handle login
""".split()
_LABELLED_HANDLE = anchored(
    r"[^\w]",
    "|".join(either_case_initial(label[:2]) for label in sorted({label[:2] for label in ACCOUNT_LABELS})),
    rf"(?:{either_case_initial('|'.join(ACCOUNT_LABELS))})(?:\s+is|\s*:)?\s+"
    r"(?P<handle>@?[A-Za-z0-9][\w.\-]*[A-Za-z0-9_])",
)


def _labelled_handle(text: str, match: re.Match) -> Bounds:
    """The word after an account's label, unless an ordinary word ("my instagram is private")."""
    start, end = body(match, "handle")
    handle = text[start:end]
    plain = handle.isalpha() and handle.lower() in common_lowercase_words()
    return None if plain else (start, end)


ACCOUNT_HANDLE = PatternRecognizer(
    "account_handle",
    TermKind.CODE,
    _LABELLED_HANDLE,
    _labelled_handle,
    summary="my instagram is jess.walks, username: jwalker",
    languages=ENGLISH,
)


#: The labels of a secret: the word after one is the secret ("password: hunter2!", "my
#: password is sunshine"); without ":", "=" or "is" between them, only a word no ordinary
#: word is ("password hunter2!", not "password reset").
SECRET_LABELS = "password passwd passcode passphrase pwd".split()
_LABELLED_SECRET = anchored(
    r"[^\w]",
    "|".join(sorted({either_case_initial(label[:2]) for label in SECRET_LABELS})),
    rf"(?:{either_case_initial('|'.join(SECRET_LABELS))})(?:(?P<said>\s+is\b|\s*[:=])\s*|\s+)"
    r"(?P<secret>[^\s\"'\u201c\u201d\u2018\u2019)\]>]+)",
)


def _labelled_secret(text: str, match: re.Match) -> Bounds:
    start, end = body(match, "secret")
    secret = text[start:end].rstrip(".,;")
    ordinary = secret.isalpha() and (
        secret.lower() in common_lowercase_words() or secret.lower() in lower_case_lemmas()
    )
    if not secret or (match.group("said") is None and ordinary):
        return None
    return start, start + len(secret)


PASSWORD = PatternRecognizer(
    "password",
    TermKind.CODE,
    _LABELLED_SECRET,
    _labelled_secret,
    summary="password: hunter2!, my password is sunshine, pwd Tr0ub4dor",
    languages=ENGLISH,
)
