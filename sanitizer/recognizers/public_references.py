"""Public references: the parts of a legal text that cite the law or case-law reports, not
a person (TermKind.PUBLIC_REFERENCE, a refinement of numbers).

- Provisions: "Article 6 § 1 (c)", "(art. 6-3-c)", "section 70", "sections 12 and 13",
  "paragraph 3(a)", "Rule 39", "Schedule 2", "Part III", "s. 15(1)", "§ 2".
- The year in a statute's title: "the Army Act 1955", "the Code of 1960", "the 1861 Act";
  and a statute's whole title with its year: "the Fair Employment (Northern Ireland) Act 1976".
- The date in a general law's title: "the Law of 17 June 2004", "Act no. 90 of 5 April 1989"
  (not a decree's: an individual act's date is its addressee's).
- A statute's title in its own language, in brackets after its English one: "the Civil Code
  (Kodeks cywilny)", "the Law of 17 June 2004 on complaints about ... (Ustawa o skardze ...)".
- In judgments (the judgments pack, packs/judgments/reports.py): volumes of the Court's
  reports and their pages: "1997-I", "ECHR 2000-XI", "1998-IV, p. 1633".
- The number a law or a report is cited by: "Law no. 466", "Regulation (EEC) No 1408/71",
  "Series A no. 176-A, p. 20" (not an order's or a bill's number, nor a decree's).

Legislation and reports are published; the numbers in these citations say which text of
the law a judgment applies, whoever it is about. On TAB's tuning half (documents 1-64) the
experts mask 4 of 751 provision numbers written this way and 3 of 50 years of a statute
(the README's "Publishable by default"). The fitted default policy never masks them and a
name or a noun phrase never runs into one; the paper's method scores them by IC like every
other candidate. A person's own reference ("application no. 36244/06", "case no. 3 K
123/00") is a code, found by the recognizers, which take precedence (span_layers); the
recognizers ask this module which strings of a code's form are citations instead
(``is_citation``: "95/46/EC"; ``is_cited_after``: "Law no. 466"), so that
what is a public reference is said in one place.
"""

from __future__ import annotations

import re
from typing import Iterator

from ..compiled_patterns import compiled_pattern
from ..lang.en.common_words import LETTER_RUNS, reads_as_another_language
from ..lang.en.lexicon import CITING_NAMES, TREATY_WORDS
from ..lang.en.name_words import QUOTATION_MARKS, STATUTE_HEADS
from .pattern_tools import PAD, anchored

# A provision's number: 6, 15(1), 3(a)(ii), 1(1A), 2A, 12-1, 1.2, 6-3-c (the Court's old
# "art. 6-3-c"); the first may be Roman: Part III
_NUMBER = r"\d{1,4}[A-Za-z]?(?:[.\-](?:\d{1,4}|[a-z]\b))*(?:[ \u00a0]?\([0-9A-Za-z]{1,4}\))*"
_FIRST_NUMBER = rf"(?:{_NUMBER}|[IVXL]{{1,6}}\b)"
# ... and more of them: "12 and 13", "5, 6 or 8", "3 to 5", "6 § 1", "6 §§ 1 and 3"
_LINK = r"(?:[ \u00a0]*(?:,|and|or|to|-|\u2013)[ \u00a0]*|[ \u00a0]*§§?[ \u00a0]*)"
_PROVISION_WORD = (
    r"(?:Articles?|[Aa]rts?\.|[Ss]ections?|[Ss]ubsections?|ss?\.|[Pp]aragraphs?|[Ss]ub-paragraphs?"
    r"|paras?\.|[Rr]ules?|[Rr]egulations?|[Ss]chedules?|[Cc]hapters?|Parts?|[Cc]lauses?|Annex(?:es)?"
    r"|Protocol[ \u00a0]+No\.?)"
)
PROVISION = anchored(
    r"[^\w.]", r"[A-Za-z§]", (rf"(?:{_PROVISION_WORD}[ \u00a0]*|§§?[ \u00a0]*){_FIRST_NUMBER}(?:{_LINK}{_NUMBER})*")
)
_STATUTE_WORD = rf"(?:{'|'.join(sorted(head.capitalize() for head in STATUTE_HEADS))})"
#: the year in a statute's title, after it or before it ("the 1861 Act"); group 1 or 2 is the year
STATUTE_YEAR = compiled_pattern(
    rf"\b{_STATUTE_WORD}(?:[ \u00a0]+of)?[ \u00a0]+((?:1[5-9]|20)\d\d)\b(?![./\-]\d)"
    rf"|(?<![\d./\-])\b((?:1[5-9]|20)\d\d)[ \u00a0]+{_STATUTE_WORD}\b"
)
_TITLE_WORD = r"[A-Z][\w'\u2019-]*"
# Lower-case words inside a statute's title ("Offences Against the State", "Criminal Justice
# and Public Order"); never "and the", which joins two names ("the Court of Appeal and the
# Immigration Act 1971" is not one title).
_TITLE_LINK = r"(?:of|the|for|on|in|to|&|and(?![ \u00a0]+the\b))"
#: a statute's whole title with its year: "the Fair Employment (Northern Ireland) Act 1976",
#: "the Criminal Justice and Public Order Act 1994" (up to eight words before the statute's
#: word, the first capitalized and not an article or a preposition)
STATUTE_TITLE = compiled_pattern(
    rf"(?<![\w.'\u2019-])(?!(?:The|A|An|In|Under|By|Of|To|For|On|And|Section|Sections|Article|Part)\b){_TITLE_WORD}"
    rf"(?:[ \u00a0]+(?:{_TITLE_WORD}|{_TITLE_LINK}|\({_TITLE_WORD}(?:[ \u00a0]+{_TITLE_WORD}){{0,3}}\))){{0,7}}?"
    rf"[ \u00a0]+{_STATUTE_WORD}[ \u00a0]+(?:1[5-9]|20)\d\d\b(?![./\-]\d)"
)
# The words that may stand between a statute's word and its date: "Law of", "Act no. 90 of".
# Only the words of general laws: a decree, an ordinance or rules may be an act about one
# person ("by a Decree of 3 May 1999 the President pardoned him"), whose date is his.
_GENERAL_LAWS = sorted(head.capitalize() for head in STATUTE_HEADS - {"ordinance", "regulations", "rules", "decree"})
_GENERAL_LAW_WORD = rf"(?:{'|'.join(_GENERAL_LAWS)})"
#: and, for the day a law came into force, in lower case too ("the new law"), with the
#: treaties' words ("Protocol No. 11")
_IN_FORCE_LAW_WORD = (
    rf"(?:{'|'.join(f'[{w[0]}{w[0].lower()}]{w[1:]}' for w in _GENERAL_LAWS)}|{'|'.join(TREATY_WORDS)})"
)
_BEFORE_A_STATUTE_DATE = (
    rf"\b{_GENERAL_LAW_WORD}(?:[ \u00a0]+[Nn]o\.?[ \u00a0]*[\w/\-]+)?[ \u00a0]+(?:of|dated)[ \u00a0]+"
)
_STATUTE_DATE_BEFORE = re.compile(_BEFORE_A_STATUTE_DATE + r"$")
#: the date in a statute's title: "the Law of 17 June 2004" (group 1), as the date recognizer's
#: pattern would take it; a statute is dated by the day it was passed, not by anyone's life
_WRITTEN_DATE = r"((?:[12]\d|3[01]|0?[1-9])[ \u00a0]+[A-Z][a-z]{2,8}[ \u00a0]+(?:1[5-9]|20)\d\d)\b(?![./\-]\d)"
STATUTE_DATE = re.compile(_BEFORE_A_STATUTE_DATE + _WRITTEN_DATE)
_INTO_FORCE = r"(?:came|comes|entered|enters)[ \u00a0]+into[ \u00a0]+(?:force|effect)"
# A law as the subject of coming into force: its name's capitalized words, numbers and
# joining words before its word, then its number, year, title or a bracket ("the Criminal
# Justice Act 1988 (“the 1988 Act”)", "Protocol No. 11 to the Convention", "the new Code").
# No other lower-case word: "his licence under the Act came into force" is the licence's.
_LAW_SUBJECT = (
    rf"(?:(?:[A-Z][\w’'\-]*\.?|\d+|the|new|amended|revised|to|of)[ \u00a0]+){{0,8}}?{_IN_FORCE_LAW_WORD}\b"
    r"(?:[ \u00a0]+(?:[Nn]o\.?[ \u00a0]*[\w/\-]+|\d{4}|of(?:[ \u00a0]+[A-Z][\w’'\-]*)+)|[ \u00a0]*\([^()\n]{1,80}\))*"
)
#: the day a law came into force (group 1 or 2), a public fact of the law, not anyone's
#: date: "on 1 November 1998, when Protocol No. 11 came into force", "On 3 April 1989 the
#: Criminal Justice Act 1988 entered into force", "the entry into force of the Act on 1
#: May 2004", "the Code came into force on 1 June 2005". Not an order's or a sentence's.
IN_FORCE_DATE = compiled_pattern(
    rf"{_WRITTEN_DATE},?[ \u00a0]+(?:when[ \u00a0]+)?{_LAW_SUBJECT}[ \u00a0]+{_INTO_FORCE}"
    rf"|(?:(?:entry|coming)[ \u00a0]+into[ \u00a0]+force[ \u00a0]+of[ \u00a0]+{_LAW_SUBJECT}"
    rf"|{_LAW_SUBJECT}[ \u00a0]+{_INTO_FORCE})[ \u00a0]+on[ \u00a0]+{_WRITTEN_DATE}"
)
#: what every IN_FORCE_DATE match holds ("came into force", "entry into force", "into effect")
_INTO_FORCE_WORDS = re.compile(r"into[ \u00a0]+(?:force|effect)")
# A statute's title in English up to an opening bracket: its word, then words of its title
# on the same clause (no comma, full stop, semicolon or bracket between).
_STATUTE_THEN_BRACKET = re.compile(rf"\b{_STATUTE_WORD}\b[^.,;:()\n]{{0,200}}?[ \u00a0]\(([^()\n]{{3,200}})\)")


def _is_title_in_another_language(bracketed: str) -> bool:
    """Whether a bracket's text reads as a statute's title in another language: it opens
    with a capital and has a lower-case word after it ("Kodeks cywilny"; never all
    capitalized, which a person's name is), no figure or quotation mark (the "(“the 2004
    Act”)" that names it for the rest of a judgment is English), and most of its words are
    no English words."""
    words = LETTER_RUNS.findall(bracketed)
    if len(words) < 2 or not words[0][:1].isupper() or all(w[:1].isupper() for w in words):
        return False
    return not any(ch.isdigit() or ch in QUOTATION_MARKS for ch in bracketed) and reads_as_another_language(bracketed)


def is_law_date(text: str, start: int, end: int) -> bool:
    """Whether the date at ``text[start:end]`` is a law's, not anyone's: a statute's date
    ("the Law of 17 June 2004") or the day a law came into force (IN_FORCE_DATE, read in
    the sentence's reach around it). The date recognizer's veto."""
    if _STATUTE_DATE_BEFORE.search(text, max(0, start - 40), start) is not None:
        return True
    window = _in_force_dates(text, max(0, start - 400), min(len(text), end + 400))
    return any(_in_force_day(match) == (start, end) for match in window)


def _in_force_dates(text: str, low: int = 0, high: int | None = None) -> Iterator[re.Match]:
    """IN_FORCE_DATE's matches in ``text[low:high]``, searched only where its words stand:
    every way of coming into force says so, and most texts and dates are read no further."""
    high = len(text) if high is None else high
    if _INTO_FORCE_WORDS.search(text, low, high) is None:
        return iter(())
    return IN_FORCE_DATE.finditer(text, low, high)


def _in_force_day(match: re.Match) -> tuple[int, int]:
    """(start, end) of the day in an IN_FORCE_DATE match (its group 1 or 2)."""
    day = 1 if match.group(1) else 2
    return match.start(day), match.end(day)


# the page or pages cited after a volume or a series' number: ", p. 1633", ", pp. 12-13"
PAGE_CITED = r"(?:,[ \u00a0]*pp?\.[ \u00a0]*\d+(?:[-\u2013]\d+)?)"
#: Another citation that looks like a code: European Union legislation "83/189/EEC", "95/46/EC".
_CITATION_LIKE_A_CODE = re.compile(r"/(?:EEC|EC|EU|Euratom|EURATOM|ECSC)$")
_CITING_WORDS = re.compile(
    rf"\b(?:{'|'.join(CITING_NAMES + [name.upper() for name in CITING_NAMES])})[sS]?(?:\s*\(?[A-Z]{{1,4}}\)?)?\s*"
    r"(?:(?:[Nn][Oo][Ss]?\.?|[Nn]umbers?|NUMBERS?)\s*)?\W*$"
)


# The names among them that are cited by number only as legislation or a report series: not
# "Order" nor "Bill" (a customer's "Order No. 88213"), nor a decree, which may be about one
# person (as with dates above). Capitalized, as _CITING_WORDS.
_NUMBERED_LEGISLATION = [name for name in CITING_NAMES if name not in {"Order", "Bill", "Decree"}]
_CITED_NUMBER = r"\d{1,5}(?:[/\-]\d{1,5})*(?:-[A-Z]\b)?"
#: the number of a law or of a volume of reports cited by it, with the page cited: "Law no.
#: 466", "Act No. 12", "Regulation (EEC) No 1408/71", "Series A no. 176-A, p. 20", "Laws
#: nos. 3 and 4" (group 2 or 3), and the body's acronym in brackets ("EEC", group 1)
NUMBERED_LEGISLATION = compiled_pattern(
    rf"\b(?:{'|'.join(_NUMBERED_LEGISLATION)})s?(?:[ \u00a0]+[A-Z])?(?:[ \u00a0]*\(([A-Z]{{1,8}})\))?[ \u00a0]*"
    # one number, with its page; a list only after the plural ("Act no. 12, 300 workers" is one)
    rf"(?:(?:[Nn][Oo]\.?|[Nn]umber)[ \u00a0]*({_CITED_NUMBER}{PAGE_CITED}?)"
    rf"|(?:[Nn][Oo][Ss]\.?|[Nn]umbers)[ \u00a0]*({_CITED_NUMBER}(?:[ \u00a0]*(?:,|and)[ \u00a0]*{_CITED_NUMBER})*))"
    r"(?![\w/\-])"
)


def is_citation(code: str) -> bool:
    """Whether a string the code patterns took is a citation: a piece of EU legislation
    (the recognizers' veto; the judgments pack adds its reports' volumes)."""
    return _CITATION_LIKE_A_CODE.search(code) is not None


def is_cited_after(text: str, start: int) -> bool:
    """Whether the number at ``start`` follows words that cite legislation or a report
    ("Law no. 466", "Directive 95/46/EC"): then it is not a person's code."""
    if text[start : start + 1] == "#" or text[:start].rstrip().endswith("#"):
        return False  # "Order #A-77812": the number sign marks an order's or a ticket's number, never a law's
    return _CITING_WORDS.search(text, max(0, start - 40), start) is not None


def public_reference_spans(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of every public reference in ``text``, in no particular order."""
    padded = PAD + text
    for match in PROVISION.finditer(padded):
        yield match.start() + 1 - len(PAD), match.end() - len(PAD)
    for match in STATUTE_YEAR.finditer(text):
        year = 1 if match.group(1) else 2
        yield match.start(year), match.end(year)
    for match in STATUTE_TITLE.finditer(text):
        yield match.start(), match.end()
    for match in NUMBERED_LEGISLATION.finditer(text):
        yield from ((match.start(g), match.end(g)) for g in (1, 2, 3) if match.group(g))
    for match in STATUTE_DATE.finditer(text):
        yield match.start(1), match.end(1)
    yield from (_in_force_day(match) for match in _in_force_dates(text))
    for match in _STATUTE_THEN_BRACKET.finditer(text):
        if _is_title_in_another_language(match.group(1)):
            yield match.start(1), match.end(1)
