"""A masked person's name standing inside a code, a handle, a file name or a path.

"The file kowalski-1970/ab was sent by Mr Jan Kowalski. Case no. kowalski/12/2001." A
reader who sees "[PERSON-1]" twice and "kowalski" twice learns the surname. So once a
person is masked, each part of the name (a given name or a surname of three letters or
more; titles and month names aside) is looked for, in any case, inside the document's other tokens that
join letters to figures or separators ("kowalski-1970/ab", "jkowalski_2019",
"anna.wisniewska", "Kowalski2001"), where it stands as a part of the token: after its
start, a separator, a figure or a lone initial ("j" in "jkowalski"), and before a
non-letter or the token's end ("bookmark" holds no "mark"). Each such part is a mention
of the person, masked as the person is: the same placeholder, pseudonym or hash
(redaction by entity). What another rule masked already is left as it is.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from ic_sanitizer.corpus_stats import normalize_phrase

from .lang.en.lexicon import MONTH_ABBREVIATIONS, MONTHS, TITLES, WEEKDAYS
from .stages import Decision, Reason, ScoredTerm
from .terms import CandidateTerm, Span, TermKind

#: a token, and what makes it a code, a handle or a path: a figure or a separator inside
#: it ("kowalski-1970/ab", "jan.kowalski"), not a sentence's full stop after a word
_TOKEN = re.compile(r"[^\s,;:!?()\[\]{}<>\"']+")
_JOINED = re.compile(r"[\d_/\\@]|\w[.-]\w")
#: a name's part in Latin letters: a text written without spaces (Japanese) has no tokens to
#: find a code by, and its names are read by its own rules
_NAME_PART = re.compile(r"[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]{3,}")
#: the words of a name that a code writes for another reason: titles, and months ("Jan"
#: Kowalski's given name is January's abbreviation in "report-jan-2019.pdf")
_NOT_NAME_PARTS = TITLES | frozenset(MONTHS) | frozenset(MONTH_ABBREVIATIONS) | frozenset(WEEKDAYS)
#: what a name part stands after inside a token: its start, a non-letter, or a lone initial
_PART_START = r"(?:(?<![^\W\d_])|(?<=(?<![^\W\d_])[^\W\d_]))"


def _name_parts(scored: Sequence[ScoredTerm]) -> dict[str, str]:
    """Each part of a masked person's name (folded) -> the entity it names."""
    parts: dict[str, str] = {}
    for s in scored:
        if s.removed and s.term.kind is TermKind.PERSON:
            for word in _NAME_PART.findall(s.term.text):
                if word.lower() not in _NOT_NAME_PARTS:
                    parts.setdefault(word.lower(), s.entity or s.term.key)
    return parts


def with_names_in_codes(text: str, scored: Sequence[ScoredTerm]) -> list[ScoredTerm]:
    """``scored`` with each masked person's name parts found inside codes as mentions of
    that person (module docstring): added to the term of the same key, or as a term of
    their own of the person's entity."""
    parts = _name_parts(scored)
    if not parts:
        return list(scored)
    masked = [(m.start, m.end) for s in scored if s.removed for m in s.term.mentions]
    pattern = re.compile(
        _PART_START + "(" + "|".join(sorted(map(re.escape, parts), key=len, reverse=True)) + r")(?![^\W\d_])",
        re.IGNORECASE,
    )
    found: dict[str, list[Span]] = {}
    for token in _TOKEN.finditer(text):
        if not _JOINED.search(token.group()) or not any(ch.isalpha() for ch in token.group()):
            continue
        for match in pattern.finditer(text, token.start(), token.end()):
            if not any(start < match.end() and match.start() < end for start, end in masked):
                found.setdefault(match.group(1).lower(), []).append(Span(match.start(1), match.end(1)))
    if not found:
        return list(scored)
    by_key = {s.term.key: index for index, s in enumerate(scored)}
    decided = list(scored)
    for part, mentions in found.items():
        key = normalize_phrase(part)
        index = by_key.get(key)
        if index is None:
            term = CandidateTerm(key, text[mentions[0].start : mentions[0].end], TermKind.PERSON, tuple(mentions))
            term = replace(term, source="name_in_code")
            decided.append(ScoredTerm(term, 0, None, Decision.SENSITIVE, reason=Reason.ENTITY, entity=parts[part]))
            continue
        known = decided[index]
        term = replace(known.term, mentions=tuple(sorted({*known.term.mentions, *mentions})))
        if known.removed:
            decided[index] = replace(known, term=term)
        else:  # a term of the same words left in clear is the person's name too
            decided[index] = replace(
                known, term=term, decision=Decision.SENSITIVE, reason=Reason.ENTITY, entity=parts[part]
            )
    return decided
