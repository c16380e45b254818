"""Terms of the GDPR's special categories of personal data (art. 9: health, religious or
philosophical beliefs, political opinions, trade-union membership, sex life or sexual
orientation, racial or ethnic origin) and of criminal data (art. 10). "His diabetes", "a
Catholic priest", "the shop steward", "a murderer" say something of that kind about a
person; a policy can hide such phrases wherever they occur.

The lexicon comes from WordNet 3.0 (every noun below chosen root synsets; a single word
only when those senses are its usual reading: its first sense, or 40% of its SemCor tags,
or of its senses if it has none), built by scripts/build_wordnet_lists.py into
wordnet/special_categories.txt.gz: the roots, rules and exclusions are listed there,
WordNet's license is beside it. lang/en/wordnet/special_categories_curated.txt adds, with regular
plurals, what WordNet 3.0 lacks or ranks second ("covid-19", "transgender", "conviction")."""

from __future__ import annotations

import functools
import gzip
import re
from enum import Enum
from typing import Iterable, Optional, Sequence

from ..errors import ConfigurationError
from ..lang.en import data_file
from ..lang.en.common_words import DETERMINERS, plural
from ..terms import CandidateTerm, TermKind


class Category(str, Enum):
    HEALTH = "health"
    RELIGION = "religion"
    POLITICS = "politics"
    TRADE_UNION = "trade_union"
    SEX_LIFE = "sex_life"
    ETHNIC_ORIGIN = "ethnic_origin"
    CRIMINAL = "criminal"


_POSSESSIVE = frozenset({"'s", "'"})
_LONGEST = 4  # words


def _entries(text: str) -> Iterable[tuple[str, Category]]:
    by_name = {category.value: category for category in Category}  # Category(name) is slower, 14,000 times a run
    for line in text.splitlines():
        if line and not line.startswith("#"):
            form, _, name = line.partition("\t")
            yield form, by_name[name]


@functools.lru_cache(maxsize=1)
def _lexicon() -> tuple[dict[str, Category], frozenset[str]]:
    """Each form with its category, and the curated forms (which may hold a digit)."""
    folder = data_file("wordnet")
    forms = dict(_entries(gzip.decompress(folder.joinpath("special_categories.txt.gz").read_bytes()).decode("utf-8")))
    curated = dict(_entries(folder.joinpath("special_categories_curated.txt").read_text("utf-8")))
    for form, category in list(curated.items()):
        curated.setdefault(plural(form), category)
    forms.update(curated)
    for form, category in list(forms.items()):
        if "'s " in form:  # "alzheimer's disease" is also matched without its possessive token
            forms.setdefault(form.replace("'s ", " "), category)
    return forms, frozenset(curated)


def _tokens(words: Sequence[str]) -> list[str]:
    """Lower case, without possessive tokens and leading determiners; "hiv - positive" joined."""
    tokens: list[str] = []
    for word in (word.lower().replace("\u2019", "'") for word in words):
        if word in _POSSESSIVE or (word == "-" and not tokens):
            continue
        if tokens and (word == "-" or tokens[-1].endswith("-")):
            tokens[-1] += word
        else:
            tokens.append(word)
    while tokens and tokens[0] in DETERMINERS:
        tokens.pop(0)
    return [token for token in tokens if token.strip("-")]


def _spellings(gram: list[str]) -> set[str]:
    return {" ".join(gram), "-".join(gram), " ".join(gram).replace("-", " ")}


def category_of(words: Sequence[str]) -> Optional[Category]:
    """The category of the longest special-category term in a phrase given as its tokens
    ("a", "Catholic", "priest": RELIGION); ties go to the leftmost. None if there is none."""
    forms, curated = _lexicon()
    tokens = _tokens(words)
    best: Optional[tuple[int, int, Category]] = None  # length, -start, category
    for end in range(1, len(tokens) + 1):
        for start in range(max(0, end - _LONGEST), end):
            for spelling in _spellings(tokens[start:end]):
                category = forms.get(spelling)
                if category is None or (
                    end - start == 1 and spelling not in curated and any(c.isdigit() for c in spelling)
                ):
                    continue
                if best is None or (end - start, -start) > best[:2]:
                    best = (end - start, -start, category)
    return best[2] if best else None


def phrase_category(text: str) -> Optional[Category]:
    """category_of for a phrase given as text ("the applicant's HIV-positive partner")."""
    return category_of(re.findall(r"[\w'\u2019-]+", text))


def categories_from(names: Iterable[str], where: str = "`hide`") -> frozenset[Category]:
    """The categories named in user input ("health", "religion"); ``where`` names the
    setting or the file's field in messages."""
    known = {category.value: category for category in Category}
    chosen = set()
    for name in names:
        key = name.strip().lower().replace("-", "_")
        if key not in known:
            raise ConfigurationError(f"{where}: unknown category {name!r}; known: {', '.join(known)}")
        chosen.add(known[key])
    return frozenset(chosen)


#: The last word of an organisation's name that says what it is ("the Labour Party", "St
#: Mary's Church"); a name in capitals is not a common noun, so the lexicon, which excludes
#: "party" and "church" for their other senses, does not see it.
_NAME_HEADS = {
    "party": Category.POLITICS,
    "parties": Category.POLITICS,
    "church": Category.RELIGION,
    "mosque": Category.RELIGION,
    "synagogue": Category.RELIGION,
    "temple": Category.RELIGION,
    "diocese": Category.RELIGION,
}
#: ... unless the word before makes it a committee ("the Article 29 Working Party")
_NOT_A_PARTY = frozenset({"working", "third"})


def name_category(text: str) -> Optional[Category]:
    """The category of an organisation's name: by its last word, else as any phrase."""
    words = re.findall(r"[\w'\u2019-]+", text.lower())
    if words and words[-1] in _NAME_HEADS and not (len(words) > 1 and words[-2] in _NOT_A_PARTY):
        return _NAME_HEADS[words[-1]]
    return phrase_category(text)


_WORD = re.compile(r"[\w'\u2019-]+")


def phrases_in(text: str, categories: frozenset[str]) -> list[str]:
    """Every phrase of ``text`` that the lexicon files under one of ``categories``, longest
    first and not overlapping, as written: what a hidden category must catch even where no
    candidate term holds it whole ("a Jehovah's Witness" is a name and a noun)."""
    if not categories:
        return []
    forms, _ = _lexicon()
    words = [(m.group().lower().replace("\u2019", "'"), m.group()) for m in _WORD.finditer(text)]
    found, index = [], 0
    while index < len(words):
        for length in range(min(_LONGEST, len(words) - index), 0, -1):
            gram = [lower for lower, _ in words[index : index + length]]
            category = next((forms[s] for s in _spellings(gram) if s in forms), None)
            if (
                category is not None
                and category.value in categories
                and not (length == 1 and any(c.isdigit() for c in gram[0]))
            ):
                found.append(" ".join(written for _, written in words[index : index + length]))
                index += length
                break
        else:
            index += 1
    return found


def term_category(term: CandidateTerm) -> Optional[str]:
    """The special category a term discloses, by its value ("health"), or None."""
    return _category_value(term.text, term.kind is TermKind.ORGANISATION)


@functools.lru_cache(maxsize=65536)  # a collection repeats its terms ("the applicant")
def _category_value(text: str, organisation: bool) -> Optional[str]:
    category = name_category(text) if organisation else phrase_category(text)
    return None if category is None else category.value


def forget_terms() -> None:
    """Drop the terms kept above: they must not outlive the sanitizer that read them
    (Sanitizer.close calls this)."""
    _category_value.cache_clear()
