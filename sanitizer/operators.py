"""The operators ``pseudonym`` and ``mask``: they rewrite the values of a tag plan.

A tag plan knows, for every replaced span, its entity and its kind (redaction.Replacement),
so one entity gets one surrogate. ``pseudonym`` writes a natural surrogate, seeded by
HMAC-SHA256(key, kind + entity): the same person gets the same fake name throughout a
text and, with the same key, in every text and every run; without the key a surrogate
cannot be tied to its original (short of trying candidate names with the key); another
key gives unrelated surrogates. A surrogate never equals its original, and no two persons
of one text share a surrogate word. What a text's surrogates are depends only on the key
and that text, never on the texts sanitized before it, so the CLI, the Python API and
Spark (whatever process takes which text) write the same bytes. ``mask`` keeps the form:
a date its year, a number its order of magnitude ("[~1,000]"); other kinds keep the
placeholder. ``hash`` writes a keyed digest per entity ("[PERSON:3fa9c2d41b7e]": the same
entity, the same digest, in every text with the same key; unlike an unkeyed hash, not
open to trying candidate names). ``shift`` moves dates (date_shift.py). A policy or the
settings may give each kind its own mode (``Settings.operators``).
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import hmac
import math
import random
import re
import secrets
from dataclasses import dataclass
from typing import Any, Callable, Collection, Mapping, Optional, Sequence

from .date_shift import offset_days, shift_mention
from .errors import ConfigurationError
from .extras import require
from .generalization import Generalizer
from .lang import language_pack
from .lang.en.lexicon import TITLES
from .operator_registry import OPERATORS, plugin_operator
from .redaction import REDACTED_MARKER, Mode, Removal, Replacement, placeholder_label, plan_replacements
from .terms import TermKind

_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
_NUMBER = re.compile(r"\d[\d,.]*")

#: The shortest pseudonym key accepted: a shorter one could be guessed from the surrogates.
MIN_PSEUDONYM_KEY_BYTES = 16

#: the kinds whose surrogate must share no word with the original (the others: not equal it)
_NAMED = frozenset({TermKind.PERSON, TermKind.EMAIL, TermKind.URL, TermKind.ORGANISATION, TermKind.LOCATION})
#: words a surrogate may share with its original: titles and the parts of every address
_SHAREABLE = frozenset(TITLES | {"www", "com", "org", "net", "co", "uk", "http", "https", "html", "mail"})
#: the kinds whose mask is their order of magnitude
_MAGNITUDES = frozenset({TermKind.NUMBER, TermKind.AMOUNT, TermKind.QUANTITY, TermKind.AGE})
#: draws beyond which an entity keeps its placeholder
_ATTEMPTS = 40


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


def _ties(kind: TermKind, value: str, original: str) -> bool:
    """Whether a surrogate would tie to its original: a name, address or place sharing any
    word with it; a code, date or number equal to it."""
    if kind in _NAMED:
        return bool(_words(value) & _words(original))
    return value.casefold().split() == original.casefold().split()


_NUMERIC_DATE = re.compile(r"\d{1,2}([./-])\d{1,2}\1(\d{2,4})")


def _date_like(mention: str, day: datetime.date, language: str) -> str:
    """``day`` written as ``mention`` is: "02/11/1958" as digits with its separator, else in words of the language."""
    numeric = _NUMERIC_DATE.fullmatch(mention.strip())
    if numeric is not None:
        separator, year = numeric.group(1), f"{day.year}" if len(numeric.group(2)) == 4 else f"{day.year % 100:02d}"
        return separator.join((f"{day.day:02d}", f"{day.month:02d}", year))
    if language == "es":
        from .lang.es.lexicon import MONTHS

        return f"{day.day} de {MONTHS[day.month - 1]} de {day.year}"
    if language == "de":
        from .lang.de.lexicon import MONTHS as GERMAN_MONTHS

        return f"{day.day}. {GERMAN_MONTHS[day.month - 1].capitalize()} {day.year}"
    if language == "ja":
        return f"{day.year}年{day.month}月{day.day}日"
    return f"{day.day} {day:%B %Y}"


class Pseudonymizer:
    """Surrogates seeded by a secret key; ``for_text()`` gives one text's choices."""

    def __init__(self, key: bytes, language: str = "en") -> None:
        # Faker takes a tenth of a second to import: only runs that ask for surrogates pay it.
        from faker import Faker

        self._key, self._language = key, language
        self._faker = Faker(language_pack(language).faker_locale)  # names and places of the text's language

    def for_text(self) -> "TextPseudonyms":
        return TextPseudonyms(self)

    def rng(self, kind: TermKind, entity: str, attempt: int) -> random.Random:
        """The draw ``attempt`` of an entity, Faker seeded alike. The seed reads the kind's
        placeholder label, as it did when operators read placeholders: a key keeps its surrogates."""
        message = f"{placeholder_label(kind)}\x00{entity}\x00{attempt}".encode()
        seed = int.from_bytes(hmac.new(self._key, message, hashlib.sha256).digest()[:8], "big")
        self._faker.seed_instance(seed)
        return random.Random(seed)

    def draw(self, kind: TermKind, mention: str, rng: random.Random) -> Optional[str]:
        """A surrogate in the form of ``mention`` (None: the kind has none), from the draw just seeded."""
        fake = self._faker
        if kind is TermKind.PERSON:
            name = f"{fake.first_name()} {fake.last_name()}"
            words = mention.split()
            title = words[0] if words and words[0].rstrip(".").casefold() in TITLES else None
            if title or len(words) == 1:  # "Mr Brown", "Brown": the surrogate's surname
                return " ".join(filter(None, [title, name.split()[-1]]))
            return name
        if kind is TermKind.DATE:
            if _YEAR.fullmatch(mention.strip()):
                return str(int(mention) + rng.choice([-3, -2, -1, 1, 2, 3]))
            return _date_like(mention, fake.date_between(start_date="-60y", end_date="-1y"), self._language)
        if kind in (TermKind.CODE, TermKind.PHONE, TermKind.ACCOUNT):
            return _shape(mention, rng)
        drawers: dict[TermKind, Callable[[], str]] = {
            TermKind.EMAIL: fake.email,
            TermKind.URL: fake.url,
            TermKind.ORGANISATION: fake.company,
            TermKind.LOCATION: fake.city,
        }
        return drawers[kind]() if kind in drawers else None


class TextPseudonyms:
    """The surrogates of one text: which draw each entity keeps, and the words its persons took."""

    def __init__(self, pseudonymizer: Pseudonymizer) -> None:
        self._pseudonymizer = pseudonymizer
        #: (kind, entity) -> the attempt whose draw it keeps: one entity, one surrogate
        self._attempt: dict[tuple[TermKind, str], int] = {}
        #: the surrogate words given to each person so far, so that no two persons share one
        self._taken: dict[str, tuple[str, ...]] = {}

    def surrogate(self, kind: TermKind, entity: str, mention: str, placeholder: str) -> str:
        """The entity's surrogate, in the form of this mention ("Mr Perry", "Perry"). The
        first mention of an entity fixes which draw it keeps: the first whose words share
        none with the entity's or the mention's (a surname, a given name, an address's local
        part or host) nor with another person's surrogate; every later mention reuses it."""
        own = self._pseudonymizer
        known = self._attempt.get((kind, entity))
        if known is not None:
            value = own.draw(kind, mention, own.rng(kind, entity, known))
            return placeholder if value is None or _ties(kind, value, mention) else value
        for attempt in range(_ATTEMPTS):
            whole = own.draw(kind, entity, own.rng(kind, entity, attempt))  # whatever the mention's form
            if whole is None:
                return placeholder
            words = _words(whole)
            if (
                _ties(kind, whole, entity)
                or _ties(kind, whole, mention)
                or (
                    kind is TermKind.PERSON
                    and any(words & set(other) for key, other in self._taken.items() if key != entity)
                )
            ):
                continue
            self._attempt[(kind, entity)] = attempt
            if kind is TermKind.PERSON:
                self._taken[entity] = tuple(words)
            value = own.draw(kind, mention, own.rng(kind, entity, attempt))
            return placeholder if value is None else value
        return placeholder


def mask(kind: TermKind, mention: str, placeholder: str) -> str:
    """A date's years, a number's order of magnitude; any other kind its placeholder."""
    if kind is TermKind.DATE:
        years = _YEAR.findall(mention)
        return "–".join(dict.fromkeys(years)) if years else placeholder
    if kind in _MAGNITUDES:
        number = _NUMBER.search(mention)
        digits = number.group().replace(",", "").rstrip(".") if number else ""
        try:
            value = float(digits)
        except ValueError:
            return placeholder
        magnitude = 10 ** int(math.floor(math.log10(value))) if value >= 1 else 0
        return f"[~{magnitude:,}]"
    return placeholder


@dataclass(frozen=True)
class OperatorKit:
    """What the operators of one sanitizer draw with: its key (given, or random for this
    sanitizer alone), when pseudonyms are asked the pseudonymizer, and when generalizations
    are asked the generalizer (the engine's IC and β: generalization.py)."""

    key: bytes
    pseudonymizer: Optional[Pseudonymizer]
    generalizer: Optional[Generalizer] = None

    @classmethod
    def for_modes(
        cls, modes: Collection[Mode], key: Optional[bytes], language: str = "en", engine: Any = None
    ) -> Optional["OperatorKit"]:
        """The kit for ``modes`` (None when no mode operates); ``engine``: the Sanitizer
        whose counts and β a generalization is measured by."""
        if not any(mode.operates for mode in modes):
            return None
        key = key or secrets.token_bytes(32)
        if Mode.PSEUDONYM in modes:
            require("pseudonyms", "`mode` pseudonym")
        generalizer = Generalizer(engine, language) if Mode.GENERALIZE in modes and engine is not None else None
        return cls(key, Pseudonymizer(key, language) if Mode.PSEUDONYM in modes else None, generalizer)

    def digest(self, kind: TermKind, entity: str) -> str:
        """An entity's keyed digest: the same for the same entity with the same key, in every text."""
        mac = hmac.new(self.key, f"hash\x00{placeholder_label(kind)}\x00{entity}".encode(), hashlib.sha256)
        return f"[{placeholder_label(kind)}:{mac.hexdigest()[:12]}]"


def operate(
    text: str,
    replacements: Sequence[Replacement],
    mode_of: Callable[[TermKind], Mode],
    kit: Optional[OperatorKit],
    anchor: str,
    beta_of: Mapping[str, Optional[float]] = {},
    masked: frozenset[str] = frozenset(),
    related: Mapping[str, str] = {},
) -> list[Replacement]:
    """The tag plan ``replacements`` of ``text`` with each value made by its kind's mode:
    a placeholder kept (tag), the marker (redact), nothing (suppress), or an operator's
    value. ``anchor`` says whose dates shift alike (date_shift.py); ``beta_of``: each
    entity's β, below which its generalization must stay; ``masked``: the keys of what the
    text loses, which no generalization may name; ``related``: the entities S2 removed, each
    with the sensitive term it discloses, which its generalization may not."""
    chosen = kit.pseudonymizer.for_text() if kit is not None and kit.pseudonymizer is not None else None
    days = offset_days(kit.key, anchor) if kit is not None else 0
    generalizer = kit.generalizer if kit is not None else None
    generalized = generalizer.for_text(beta_of, masked, related) if generalizer is not None else None

    def value(r: Replacement) -> str:
        mode, mention = mode_of(r.kind), text[r.start : r.end]
        if mode is Mode.REDACT:
            return REDACTED_MARKER
        if mode is Mode.SUPPRESS:
            return ""
        if mode is Mode.MASK:
            return mask(r.kind, mention, r.replacement)
        if mode is Mode.PSEUDONYM and chosen is not None:
            return chosen.surrogate(r.kind, r.entity, mention, r.replacement)
        if mode is Mode.HASH and kit is not None:
            return kit.digest(r.kind, r.entity)
        if mode is Mode.SHIFT and kit is not None and r.kind is TermKind.DATE:
            return shift_mention(mention, days) or r.replacement
        if mode.added:
            return plugin_operator(mode.value).operate(mention, r.kind, r.entity, r.replacement)
        return r.replacement  # tag, and shift for what is not a date

    operated = [dataclasses.replace(r, replacement=value(r)) for r in replacements]
    if generalized is not None:
        operated = [generalized.apply(text, r) if mode_of(r.kind) is Mode.GENERALIZE else r for r in operated]
    # a value that is the mention itself removes nothing ("2009" masked to its year): no replacement
    return [r for r in operated if r.replacement != text[r.start : r.end]]


def kind_modes(given: Any, where: str) -> tuple[tuple[TermKind, Mode], ...]:
    """A mode per kind ({"date": "shift"} or its pairs), checked: known kinds and modes, and
    shift for dates only; ``where`` names the setting or file in messages."""
    pairs = given.items() if isinstance(given, Mapping) else given
    try:
        modes = {TermKind(kind): Mode(mode) for kind, mode in pairs}
    except (TypeError, ValueError):
        raise ConfigurationError(
            f"{where} must map kinds to modes, e.g. {{'date': 'shift'}}; kinds: "
            f"{', '.join(k.value for k in TermKind)}; modes: {', '.join([*(m.value for m in Mode), *OPERATORS.names()])}"
        ) from None
    if any(mode is Mode.SHIFT and kind is not TermKind.DATE for kind, mode in modes.items()):
        raise ConfigurationError(f"{where}: shift moves dates; give it to the kind date only")
    return tuple(sorted(modes.items(), key=lambda pair: pair[0].value))


def replaced(
    text: str,
    removals: Sequence[Removal],
    mode: Mode,
    operators: Mapping[TermKind, Mode],
    kit: Optional[OperatorKit],
    anchor: str,
) -> list[Replacement]:
    """What replaces each removal's occurrences: the plan in ``mode``, or, when an operator
    is in use, the tag plan with each kind's mode (``operators`` over ``mode``) applied."""
    if not operators and not mode.operates:
        return plan_replacements(text, removals, mode)
    masked = frozenset(key for removal in removals for key in (removal.term.key, removal.entity))
    related = {removal.entity: removal.related_to for removal in removals if removal.related_to is not None}
    plan = plan_replacements(text, removals, Mode.TAG)
    return operate(
        text, plan, lambda kind: operators.get(kind, mode), kit, anchor, _entity_betas(removals), masked, related
    )


def _entity_betas(removals: Sequence[Removal]) -> dict[str, Optional[float]]:
    """Each entity's β for its generalization: the lowest of its names', or None (the
    cautious β) when one of them was masked whatever its IC."""
    betas: dict[str, Optional[float]] = {}
    for removal in removals:
        known = betas.get(removal.entity, removal.beta)
        betas[removal.entity] = None if known is None or removal.beta is None else min(known, removal.beta)
    return betas
