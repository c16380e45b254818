"""German legal references, which a published decision keeps readable: they cite the law,
published decisions and the literature, whoever the decision is about.

- Provisions: "§ 14 Abs. 2 Satz 2 TzBfG", "§§ 43 Abs. 1 Nr. 7c, 43a EStG", "Art. 3 GG",
  "Art. 2 Abs. 1 der Richtlinie 2008/94/EG", "§ 240 Abs 1 S 2 SGB V", "Nr. 156 Abs. 2 RiStBV".
- Laws by name: a word ending in a law's word ("Grunderwerbsteuergesetz",
  "Soldatenarbeitszeitverordnung"), European acts by number ("VO (EG) 881/2002").
- Decisions: a court, a date and a file number ("BGH, Urteil vom 2. Februar 2017 - 4 StR
  481/16", "BAG 22. Februar 2017 - 4 AZR 514/16 - Rn. 34"), a report's volume and page
  ("BVerfGE 129, 78 <107>; 135, 155", "NJW 2010, 123", "GRUR 2011, 230 Rn. 12 – SUPERgirl").
- The literature: a citation that names an edition, a margin number or "a. a. O."
  ("Ströbele/Hacker, MarkenG, 11. Aufl., § 9 Rn. 495", "BT-Drucks. 18/7584, S. 147"),
  from the bracket, semicolon or "vgl." that opens it to the one that closes it.

A date or a number inside one is part of the citation (candidates.py), so a
cited decision's date stays. Written for the German federal courts' style, with or without
spaces around punctuation (LER's texts are tokenized).
"""

from __future__ import annotations

import re

from ...spans import keep_first, merge_intervals
from ...terms import CandidateSpan, TermKind
from .lexicon import MONTHS

# Every run is matched possessively (*+, ++: Python 3.11) and a word of two capitals is told by a
# lookahead, so that no pattern backtracks into a run it has read: the time stays linear in the
# text's length (tests/sanitizer/test_german.py times long runs of capitals, digits and spaces).
_S = r"[ \u00a0]*+"
_NUMBER = r"\d++[a-z]?(?![\w/])"
#: a word of two capitals at least: "BGH", "EStG", "MarkenG", "BVerfGE"
_ACRONYM = r"(?=[A-ZÄÖÜ][a-zäöüß]*+[A-ZÄÖÜ])[A-Za-zÄÖÜäöüß]++"
#: the parts of a provision: "Abs. 2", "Satz 1", "Nr. 7c", "Buchst. a", "lit. b", "Halbs. 2", "Alt. 1"
_PART = (
    r"(?:Abs\.?|Absatz|Satz|S\.?|Nrn?\.?|Ziff\.?|Ziffer|Buchst\.?|Buchstabe|lit\.?|Halbs\.?|Halbsatz|Hs\.?|"
    r"Alt\.?|Alternative|Var\.?|Unterabs\.?|UAbs\.?|Unterabsatz|Punkt|Rn\.?|Rdnr\.?|RdNr\.?|Rz\.?|Tz\.?|"
    r"Spiegelstrich|Teil|Abschn\.?|Kap\.?|Anh\.?|Anlage)"
)
_LINK = rf"(?:{_S}(?:,|und|bis|oder|sowie|i\.{_S}V\.{_S}m\.|iVm|ff\.|f\.|-|\u2013|/){_S})"
_PIECE = (
    rf"(?:{_PART}{_S}{_NUMBER}|{_PART}{_S}[a-z]\b|{_NUMBER}|\({_S}[a-z0-9]{{1,3}}{_S}\)|[a-z]{_S}\)|[IVX]{{1,4}}\b)"
)
#: a law's abbreviation: two capitals at least ("BGB", "EStG", "MarkenG", "TVÜ-Länder"), a book's number after
#: it ("SGB V"), the old or new version ("aF", "n. F.")
_LAW_ABBREVIATION = (
    rf"{_ACRONYM}(?:-[A-Za-zÄÖÜäöüß]++)*+"
    rf"(?:{_S}[IVX]{{1,4}}\b)?(?:{_S}(?:aF|nF|a\.{_S}F\.|n\.{_S}F\.|\d{{4}}\b))?"
)
_LAW_WORD = (
    r"(?:gesetz|gesetzes|gesetzbuch|gesetzbuchs|gesetzbuches|ordnung|verordnung|vertrag|vertrags|vertrages|"
    r"vereinbarung|richtlinie|richtlinien|abkommen|abkommens|konvention|vorschrift|erlass|erlasses|satzung|"
    r"statut|tarifvertrag)"
)
#: a law by its name: one word that ends in a law's word
LAW_NAME = rf"[A-ZÄÖÜ][a-zäöüß]+(?:-[A-Za-zÄÖÜäöüß]+)*{_LAW_WORD}\b"
_EUROPEAN_ACT = (
    rf"(?:Richtlinie|Verordnung|VO|RL){_S}(?:\({_S}(?:EU|EG|EWG){_S}\){_S})?(?:Nr\.{_S})?"
    rf"\d++{_S}/{_S}\d++(?:{_S}/{_S}(?:EU|EG|EWG))?"
)
_ACT = rf"(?:(?:der|des|dieses|zum|zur){_S})?(?:{_EUROPEAN_ACT}|{LAW_NAME}|{_LAW_ABBREVIATION})"
PROVISION = re.compile(
    rf"(?<![\w§])(?:§§?|Artt?\.?|Artikel|Nrn?\.)(?={_S}\d){_S}{_NUMBER}"
    rf"(?:{_LINK}?{_S}{_PIECE})*(?:{_S}{_ACT})?"
)
#: a file number: "4 StR 537/06", "1 BvR 1853/11", "IV R 112/92", "GSSt 1/68", "1 WB 4.16", "7 C 9.89",
#: "25 W (pat) 14/14", "B 6 KA 7/17 R". German courts publish their decisions with their file numbers.
FILE_NUMBER = (
    rf"(?:B{_S})?(?:(?:\d{{1,2}}|[IVX]{{1,4}}){_S})?[A-Z][A-Za-z]*+(?:-[A-Za-z]++)*(?:{_S}\({_S}[a-z]++{_S}\))?"
    rf"{_S}\d++{_S}(?:/{_S}\d{{2}}|\.\d{{2}})(?![\d/])(?:{_S}R\b)?"
)
_MONTH = f"(?:{'|'.join(month.capitalize() for month in MONTHS)})"
_DATE = rf"\d{{1,2}}\.{_S}(?:{_MONTH}|\d{{1,2}}\.){_S}\d{{4}}"
_COURT = (
    rf"{_ACRONYM}(?:{_S}<{_S}\w++{_S}>)?"
    rf"(?:{_S}[A-ZÄÖÜ][a-zäöüß]++(?:-[A-ZÄÖÜ][a-zäöüß]++)*)?"
)
#: a decision by its form: "Urteil", "BFH-Beschlüsse", "Senatsurteil", "Urteilen"
_DECISION = (
    r"(?:[A-Z][A-Za-z]*+-|Senats)?(?:Urteil(?:e|en|s)?|Beschl(?:uss|üsse|üssen|usses)|Urt\.|Beschl\.|"
    r"Entscheidung(?:en)?|Gerichtsbescheid|Vorlagebeschluss)"
)
_LOCATOR = (
    rf"(?:{_S}(?:,|-|\u2013){_S}|{_S})(?:Rn\.?|Rdnr\.?|RdNr\.?|Rz\.?|Tz\.?){_S}\d++(?:{_S}(?:ff?\.|bis{_S}\d++))?"
)
#: a report's volume and page, chained: "BVerfGE 129, 78 <107>; 135, 155", "NJW 2010, 123, 124", "BStBl II 1996, 367",
#: "BFH/NV 2002, 943"
_PAGE = rf"\d++(?:{_S}(?:,{_S}\d++(?!{_S}/)|ff?\.|<[^<>\n]{{1,40}}>|\[{_S}\d++{_S}\]|Rn\.?{_S}\d++|Rdnr\.?{_S}\d++))*"
REPORT = (
    rf"{_ACRONYM}(?:-[A-Z]++|{_S}/{_S}[A-Z]++)?(?:{_S}(?:I{{1,3}}|Int\.|RR))?"
    rf"{_S}\d++{_S},{_S}{_PAGE}(?:{_S};{_S}\d++{_S},{_S}{_PAGE})*"
)
#: ... and the decision's short name after a dash ("– SUPERgirl", "- Marlene-Dietrich-Bildnis II")
_SHORT_NAME = rf"(?:{_S}[\u2013-]{_S}[A-ZÄÖÜ][\w\u00c0-\u024f-]*+(?:{_S}(?:[\w\u00c0-\u024f-]++|/)){{0,4}})"
_TAIL = rf"(?:{_LOCATOR})?(?:{_S}[-\u2013,]{_S}(?:{_COURT}{_S})?{REPORT})?"
DECISION = re.compile(
    # a date and a file number, the court and the decision before them: "BFH-Urteil vom 26. Januar 1970 IV R 144/66"
    rf"(?<![\w-])(?:(?:{_COURT}{_S},?{_S})?{_DECISION}{_S})?(?:vom{_S}|v\.{_S})?{_DATE}{_S}[-\u2013,]?{_S}{FILE_NUMBER}{_TAIL}"
    # a decision and its date: "Beschluss vom 19. Dezember 2006"; a court and a date: "BAG 22. Februar 2017"
    rf"|(?<![\w-])(?:(?:{_COURT}{_S},?{_S})?{_DECISION}{_S}(?:vom|v\.)|{_COURT}{_S},?{_S}(?:vom{_S})?){_S}{_DATE}{_TAIL}"
    rf"|(?<![\w/-]){FILE_NUMBER}{_TAIL}"
    rf"|(?<![\w-])(?:{_COURT}{_S})?{REPORT}{_SHORT_NAME}?"
)
LAWS = re.compile(rf"(?<![\w-])(?:{_EUROPEAN_ACT}|{LAW_NAME})")
#: what marks a citation of the literature: an edition, a margin number, "a. a. O.", printed papers
_LITERATURE_MARK = re.compile(
    rf"\d++\.{_S}Aufl\.|\ba\.{_S}a\.{_S}O\.|\baaO\b|\b(?:Rn|Rdnr|RdNr|Rz|Rdn)\b|Drucks|"
    rf"\bKomm\b|Kommentar|Festschrift|\bHrsg\.|\bin:|\bStand\b"
)
#: what opens and closes a citation of the literature
_CITATION_SEGMENT = re.compile(r"(?:(?<=\()|(?<=;)|(?<=\bvgl\.)|(?<=\bs\.)|(?<=\bsiehe))[^();\n]{3,300}?(?=[);\n]|$)")


_ABBREVIATION = re.compile(rf"(?<![\w-]){_ACRONYM}(?![\w-])")


def _cited_abbreviations(text: str, found: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every occurrence of an abbreviation that the text itself uses inside a citation ("BFH" of
    "BFH-Urteil vom ...", "AO" of "§ 39 AO"): it names a court or a law wherever it stands."""
    cited = {m.group() for start, end in found for m in _ABBREVIATION.finditer(text[start:end].replace("-", " "))}
    return [m.span() for m in _ABBREVIATION.finditer(text) if m.group() in cited]


def citation_spans(text: str) -> list[CandidateSpan]:
    """Every legal reference of ``text``, as public references."""
    found = [(m.start(), m.end()) for pattern in (PROVISION, DECISION, LAWS) for m in pattern.finditer(text)]
    for segment in _CITATION_SEGMENT.finditer(text):
        if _LITERATURE_MARK.search(segment.group()):
            piece = segment.group()
            start = segment.start() + len(piece) - len(piece.lstrip())
            found.append((start, segment.start() + len(piece.rstrip())))
    found.extend(_cited_abbreviations(text, found))
    merged = merge_intervals(((start, end, None) for start, end in found), keep_first, touching=True)
    return [CandidateSpan(start, end, TermKind.PUBLIC_REFERENCE, "public_reference") for start, end, _ in merged]
