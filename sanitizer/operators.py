"""Operators beside tag/redact/suppress: ``pseudonym`` and ``mask``.

Both rewrite a result of the tag mode: every replaced span is known with its entity
(through the result's terms) and its kind (the placeholder's label), so that one
entity gets one surrogate. ``pseudonym`` writes a natural surrogate, seeded by
HMAC-SHA256(key, kind + entity): the same person gets the same fake name within a run
and, with the same key, across runs; without the key the surrogate cannot be tied to
its original (short of trying candidate names with the key); another key gives an
unrelated surrogate. A surrogate never equals its original. ``mask`` keeps the form:
a date its year, a number its order of magnitude ("[~1,000]"); other kinds get the
placeholder.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import random
import re
from enum import Enum
from typing import Callable

from .lexicon import TITLES
from .redaction import Replacement, apply_replacements

_LABEL = re.compile(r"\[([A-Z_]+)-\d+\]")
_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
_NUMBER = re.compile(r"\d[\d,.]*")


class Operator(str, Enum):
    PSEUDONYM = "pseudonym"
    MASK = "mask"


#: the kinds whose surrogate must share no word with the original (the others: not equal it)
_NAMED = frozenset({"PERSON", "EMAIL", "URL", "ORGANISATION", "LOCATION"})
#: words a surrogate may share with its original: titles and the parts of every address
_SHAREABLE = frozenset(TITLES | {"www", "com", "org", "net", "co", "uk", "http", "https", "html", "mail"})


def _words(text: str) -> set[str]:
    """The words of a name, an e-mail address or a URL, case-folded, that would tie a
    surrogate to its original ("mary", "smith" of "Mrs Mary Smith" or mary.smith@...)."""
    return {word for word in re.findall(r"[^\W\d_]+", text.casefold()) if word not in _SHAREABLE}


def _shape(mention: str, rng: random.Random) -> str:
    """A code of the same shape: every digit and letter of a token that holds a digit or a
    capital drawn anew (in its case), the rest kept ("no." and other lower-case words stay)."""
    def draw(c: str) -> str:
        if c.isdigit():
            return str(rng.randrange(10))
        if c.isalpha() and c.isascii():
            letter = chr(ord("a") + rng.randrange(26))
            return letter.upper() if c.isupper() else letter
        return c

    def token(part: str) -> str:
        coded = any(c.isdigit() or c.isupper() for c in part)
        return "".join(draw(c) for c in part) if coded else part
    return "".join(token(part) for part in re.split(r"(\s+)", mention))


class Pseudonymizer:
    """Surrogates seeded by a secret key."""

    def __init__(self, key: bytes) -> None:
        # Faker takes a tenth of a second to import: only runs that ask for surrogates pay it.
        from faker import Faker

        self._key = key
        self._faker = Faker("en_GB")
        #: (label, entity) -> the attempt whose draw it keeps: one entity, one surrogate
        self._attempt: dict[tuple[str, str], int] = {}
        #: the surrogate words given to each entity so far, so that no two entities share one
        self._taken: dict[str, tuple[str, ...]] = {}

    def _rng(self, label: str, entity: str, attempt: int) -> random.Random:
        digest = hmac.new(self._key, f"{label}\x00{entity}\x00{attempt}".encode(), hashlib.sha256).digest()
        seed = int.from_bytes(digest[:8], "big")
        self._faker.seed_instance(seed)
        return random.Random(seed)

    def surrogate(self, label: str, entity: str, mention: str, placeholder: str) -> str:
        """The entity's surrogate, in the form of this mention ("Mr Perry", "Perry"). The
        first mention of an entity fixes which draw it keeps: the first whose words share
        none with the entity's or the mention's (a surname, a given name, an address's local
        part or host) nor with another entity's surrogate; every later mention reuses it."""
        known = self._attempt.get((label, entity))
        if known is not None:
            value = self._draw(label, mention, self._rng(label, entity, known))
            return placeholder if value is None or self._ties(label, value, mention) else value
        for attempt in range(40):
            rng = self._rng(label, entity, attempt)
            whole = self._draw(label, entity, rng)  # the full surrogate, whatever the mention's form
            if whole is None:
                return placeholder
            words = _words(whole)
            if self._ties(label, whole, entity) or self._ties(label, whole, mention) or (
                    label == "PERSON" and any(words & set(other) for key, other in self._taken.items() if key != entity)):
                continue
            self._attempt[(label, entity)] = attempt
            if label == "PERSON":
                self._taken[entity] = tuple(words)
            value = self._draw(label, mention, self._rng(label, entity, attempt))
            return placeholder if value is None else value
        return placeholder

    @staticmethod
    def _ties(label: str, value: str, original: str) -> bool:
        """Whether a surrogate would tie to its original: a name, address or place sharing
        any word with it; a code, date or number equal to it."""
        if label in _NAMED:
            return bool(_words(value) & _words(original))
        return value.casefold().split() == original.casefold().split()

    def _draw(self, label: str, mention: str, rng: random.Random) -> str | None:
        fake = self._faker
        if label == "PERSON":
            name = f"{fake.first_name()} {fake.last_name()}"
            words = mention.split()
            title = words[0] if words and words[0].rstrip(".").casefold() in TITLES else None
            if title or len(words) == 1:  # "Mr Brown", "Brown": the surrogate's surname
                return " ".join(filter(None, [title, name.split()[-1]]))
            return name
        if label == "DATE":
            if _YEAR.fullmatch(mention.strip()):
                return str(int(mention) + rng.choice([-3, -2, -1, 1, 2, 3]))
            day = fake.date_between(start_date="-60y", end_date="-1y")
            return f"{day.day} {day:%B %Y}"
        if label in ("CODE", "PHONE", "ACCOUNT"):
            return _shape(mention, rng)
        drawers: dict[str, Callable[[], str]] = {
            "EMAIL": fake.email, "URL": fake.url, "ORGANISATION": fake.company, "LOCATION": fake.city}
        return drawers[label]() if label in drawers else None


def mask(label: str, mention: str, placeholder: str) -> str:
    if label == "DATE":
        years = _YEAR.findall(mention)
        return "–".join(dict.fromkeys(years)) if years else placeholder
    if label in ("NUMBER", "AMOUNT", "QUANTITY", "AGE"):
        number = _NUMBER.search(mention)
        digits = number.group().replace(",", "").rstrip(".") if number else ""
        try:
            value = float(digits)
        except ValueError:
            return placeholder
        magnitude = 10 ** int(math.floor(math.log10(value))) if value >= 1 else 0
        return f"[~{magnitude:,}]"
    return placeholder


def rewrite(text: str, replacements: tuple[Replacement, ...], entity_of: dict[str, str],
            operator: Operator, pseudonymizer: Pseudonymizer) -> tuple[str, dict[str, str]]:
    """``text`` (the input) with every span of a tag-mode result replaced by the operator,
    and what each inserted value stands for (value -> original mention)."""
    rewritten: list[Replacement] = []
    mapping: dict[str, str] = {}
    for r in replacements:
        label_match = _LABEL.fullmatch(r.replacement)
        label = label_match.group(1) if label_match else ""
        mention = text[r.start:r.end]
        if operator is Operator.PSEUDONYM:
            value = pseudonymizer.surrogate(label, entity_of.get(r.term, r.term), mention, r.replacement)
        else:
            value = mask(label, mention, r.replacement)
        mapping.setdefault(value, mention)
        rewritten.append(Replacement(r.start, r.end, r.term, value))
    return apply_replacements(text, rewritten), mapping
