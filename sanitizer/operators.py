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

from .redaction import Replacement, apply_replacements

_LABEL = re.compile(r"\[([A-Z_]+)-\d+\]")
_TITLES = {"mr", "mrs", "ms", "miss", "dr", "judge", "prof", "sir", "lady"}
_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
_NUMBER = re.compile(r"\d[\d,.]*")


class Operator(str, Enum):
    PSEUDONYM = "pseudonym"
    MASK = "mask"


def _same(a: str, b: str) -> bool:
    return a.casefold().split() == b.casefold().split()


def _shape(mention: str, rng: random.Random) -> str:
    """A code of the same shape: every digit and letter drawn anew, the rest kept."""
    def draw(c: str) -> str:
        if c.isdigit():
            return str(rng.randrange(10))
        if c.isalpha() and c.isascii() and c.isupper():  # "no." and other lower-case words stay
            letter = chr(ord("a") + rng.randrange(26))
            return letter.upper()
        return c
    return "".join(draw(c) for c in mention)


class Pseudonymizer:
    """Surrogates seeded by a secret key."""

    def __init__(self, key: bytes) -> None:
        # Faker takes a tenth of a second to import: only runs that ask for surrogates pay it.
        from faker import Faker

        self._key = key
        self._faker = Faker("en_GB")

    def _rng(self, label: str, entity: str, attempt: int) -> random.Random:
        digest = hmac.new(self._key, f"{label}\x00{entity}\x00{attempt}".encode(), hashlib.sha256).digest()
        seed = int.from_bytes(digest[:8], "big")
        self._faker.seed_instance(seed)
        return random.Random(seed)

    def surrogate(self, label: str, entity: str, mention: str, placeholder: str) -> str:
        for attempt in range(20):
            value = self._draw(label, mention, self._rng(label, entity, attempt))
            if value is None:
                return placeholder
            if not _same(value, mention) and not _same(value, entity):
                return value
        return placeholder

    def _draw(self, label: str, mention: str, rng: random.Random) -> str | None:
        fake = self._faker
        if label == "PERSON":
            name = f"{fake.first_name()} {fake.last_name()}"
            words = mention.split()
            title = words[0] if words and words[0].rstrip(".").casefold() in _TITLES else None
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
