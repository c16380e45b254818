"""What the learned decision knows of a term: its IC, kind, form, place and company in
the document. Every feature is a number; names say what each is, and the model keeps
them with its weights so that a report can say which weighed most."""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter
from typing import TYPE_CHECKING, Iterable, Sequence

from ..lang.en.common_words import ARTICLES, function_words
from ..terms import TermKind

if TYPE_CHECKING:
    from ..stages import ScoredTerm

#: the IC given to a term the corpus never saw (bits): above any IC a count can give
UNSEEN_IC = 40.0
#: a mention this close to a person's name (characters) is "near" them: about a sentence
NEAR_PERSON = 150
#: how many of the words seen before terms the model keeps as features of their own
CUE_WORDS = 30
#: and how many of the content words seen around them (WINDOW words either side)
CONTEXT_WORDS = 40
WINDOW = 6
#: and how many of the rules that found them (CandidateTerm.source: the name rule, a
#: recognizer, the noun-phrase rule...)
SOURCES = 20
#: and how many of the words inside terms (the documents holding them in a term decide)
TERM_WORDS = 20
_WORDS = re.compile(r"[\w’']+")

#: IC's effect bends: a term's chance of being masked does not grow with its bits at one
#: pace, so the model also reads the bits above these knots (a piecewise-linear response;
#: by two-fold cross-validation inside TAB 1-64 it ranks the terms better from recall 0.91
#: to 0.95: benchmarks/learned_experiment.py --cv)
IC_KNOTS = (10, 13, 16, 20)

FORM_FEATURES = (
    "information content (bits / 10)",
    *(f"information content above {knot} bits" for knot in IC_KNOTS),
    "words",
    "length (log characters)",
    "share of capitalized words",
    "holds a digit",
    "mentions (log)",
    "first mention's place in the document",
    "near a person's name",
)


def _folded(word: str) -> str:
    """A word as the features name it: lower case, one apostrophe ("Court’s": "court's")."""
    return word.lower().replace("’", "'")


def word_before(text: str, start: int) -> str:
    """The word before a mention, articles passed over, lower-cased ("" at the start of a text)."""
    words = [_folded(w) for w in _WORDS.findall(text[max(0, start - 40) : start])]
    while words and words[-1] in ARTICLES:  # "worked as a coach" is after "as"
        words.pop()
    return words[-1] if words else ""


def context_words(text: str, start: int, end: int) -> set[str]:
    """The content words within WINDOW words of a mention, lower-cased (function words aside)."""
    left = _WORDS.findall(text[max(0, start - 12 * WINDOW) : start])[-WINDOW:]
    right = _WORDS.findall(text[end : end + 12 * WINDOW])[:WINDOW]
    skip = function_words()
    return {_folded(w) for w in (*left, *right) if w.isalpha() and w.lower() not in skip}


def term_words(term: str) -> set[str]:
    """The words of a term, lower-cased ("Court of Appeal": court, of, appeal)."""
    return {_folded(w) for w in _WORDS.findall(term) if w.isalpha()}


def feature_names(
    kinds: Sequence[TermKind],
    cues: Sequence[str],
    context: Sequence[str],
    sources: Sequence[str],
    words: Sequence[str] = (),
) -> tuple[str, ...]:
    return (
        *FORM_FEATURES,
        *(f"kind {kind.value}" for kind in kinds),
        *(f"information content of a {kind.value} term" for kind in kinds),
        *(f"after {cue!r}" for cue in cues),
        *(f"near {word!r}" for word in context),
        *(f"found by {source}" for source in sources),
        *(f"holds {word!r}" for word in words),
    )


def person_offsets(scored: Iterable["ScoredTerm"]) -> list[int]:
    """Where the document's persons are named (start offsets, sorted)."""
    return sorted(m.start for s in scored if s.term.kind is TermKind.PERSON for m in s.term.mentions)


def term_features(
    text: str,
    scored: "ScoredTerm",
    persons: Sequence[int],
    kinds: Sequence[TermKind],
    cues: Sequence[str],
    context: Sequence[str],
    sources: Sequence[str],
    words_inside: Sequence[str] = (),
) -> list[float]:
    """The raw features of one term, in feature_names' order."""
    term = scored.term
    words = term.text.split() or [""]
    first = min((m.start for m in term.mentions), default=0)
    information = UNSEEN_IC if scored.information_content is None else min(scored.information_content, UNSEEN_IC)
    near = any(_near(m.start, persons) for m in term.mentions)
    before = {word_before(text, m.start) for m in term.mentions}
    inside = term_words(term.text) if words_inside else set()
    around = set().union(*(context_words(text, m.start, m.end) for m in term.mentions)) if context else set()
    return [
        information / 10,
        *(max(0.0, information - knot) / 10 for knot in IC_KNOTS),
        float(len(words)),
        math.log(len(term.text) + 1),
        sum(w[:1].isupper() for w in words) / len(words),
        float(any(c.isdigit() for c in term.text)),
        math.log(1 + len(term.mentions)),
        first / max(1, len(text)),
        float(near),
        *(float(term.kind is kind) for kind in kinds),
        *(information / 10 * (term.kind is kind) for kind in kinds),
        *(float(cue in before) for cue in cues),
        *(float(word in around) for word in context),
        *(float(term.source == source) for source in sources),
        *(float(word in inside) for word in words_inside),
    ]


def _near(offset: int, persons: Sequence[int]) -> bool:
    """Whether a person is named within NEAR_PERSON characters (``persons`` sorted)."""
    index = bisect.bisect_left(persons, offset - NEAR_PERSON + 1)
    return index < len(persons) and persons[index] < offset + NEAR_PERSON


def most_common(words: Iterable[str], size: int, at_least: int = 1) -> tuple[str, ...]:
    """The words seen most often (ties by the word), each seen ``at_least`` times: the
    vocabulary of a model's cues."""
    counts = Counter(w for w in words if w)
    return tuple(sorted((w for w in counts if counts[w] >= at_least), key=lambda w: (-counts[w], w))[:size])
