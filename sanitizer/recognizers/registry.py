"""The recognizers that run: this project's, in ``BUILTIN`` order, then other packages'.

Another package adds one through an entry point in the group ``ic_sanitizer.recognizers``
naming an object with the attributes of ``base.Recognizer`` (a ``PatternRecognizer``
is simplest); `sanitizer recognizers` lists them all.
"""

from __future__ import annotations

import functools
from typing import Iterable, Optional

from ic_sanitizer.corpus_stats.registry import Registry

from ..errors import ConfigurationError, RecognizerUnavailableError
from ..packs import EVERY_PACK, pack_recognizers
from ..terms import CandidateSpan, merge_overlapping
from .base import Recognizer, recognized_spans
from .pattern_tools import PAD

#: this project's recognizers, module by module (filled on first use)
BUILTIN: list[Recognizer] = []


def _builtins() -> None:
    """The project's recognizers, in the order they are tried: the national identifiers of
    every country first (a number found by one and by the generic code pattern is reported
    as the nation's: "us_ssn"), those of every language, then each language pack's (lang/)."""
    from ..lang import packs
    from .national import national_recognizers

    BUILTIN.extend([*national_recognizers(), *_universal(), *(r for pack in packs() for r in pack.recognizers())])
    for recognizer in BUILTIN:
        RECOGNIZERS.register(recognizer)


def _universal() -> list[Recognizer]:
    from .universal.accounts import CARD, CARD_ENDING, IBAN
    from .universal.addresses import ADDRESS, COORDINATES, POSTCODE
    from .universal.codes import CODE
    from .universal.contact import EMAIL, PHONE, PHONE_EXTENSION, URL
    from .universal.credentials import ACCOUNT_HANDLE, CREDENTIAL, MAC_ADDRESS, PASSWORD, VEHICLE_REGISTRATION
    from .universal.dates import DATE, TIME_OF_DAY
    from .universal.measurements import DOSE_OR_LAB_VALUE, LABELLED_VALUE
    from .universal.network import IPV4, IPV6
    from .universal.quantities import AGE, AGE_AFTER_NAME, AGE_OF_A_PERSON, AMOUNT, DURATION, MEASURE, PERCENTAGE
    from .universal.ranks import RANK
    from .universal.scripts import OTHER_SCRIPT
    from .universal.speakers import SPEAKER
    from .universal.works import WORK_AFTER_ITS_NOUN, WORK_IN_LIST

    return [
        EMAIL,
        URL,
        PHONE,
        PHONE_EXTENSION,
        IBAN,
        CARD,
        CARD_ENDING,
        CODE,
        DATE,
        TIME_OF_DAY,
        AGE,
        AGE_AFTER_NAME,
        AGE_OF_A_PERSON,
        AMOUNT,
        DURATION,
        MEASURE,
        PERCENTAGE,
        LABELLED_VALUE,
        DOSE_OR_LAB_VALUE,
        RANK,
        ADDRESS,
        POSTCODE,
        COORDINATES,
        IPV4,
        IPV6,
        MAC_ADDRESS,
        CREDENTIAL,
        ACCOUNT_HANDLE,
        PASSWORD,
        VEHICLE_REGISTRATION,
        OTHER_SCRIPT,
        WORK_IN_LIST,
        WORK_AFTER_ITS_NOUN,
        SPEAKER,
    ]


def _unknown(name: str, known: list[str]) -> Exception:
    return ConfigurationError(f"unknown recognizer {name!r}; known: {', '.join(known)}")


RECOGNIZERS: Registry[Recognizer] = Registry(
    "recognizer",
    "ic_sanitizer.recognizers",
    Recognizer,  # type: ignore[type-abstract]
    unknown=_unknown,
    unavailable=RecognizerUnavailableError,
    builtins=_builtins,
)


@functools.cache
def recognizers_for(language: Optional[str] = None, packs: frozenset[str] = EVERY_PACK) -> tuple[Recognizer, ...]:
    """Every recognizer that reads texts in ``language`` (None: every one), this project's
    first in their order, then the plug-ins' by name; a genre pack's recognizer in place of
    the universal one it extends (packs.pack_recognizers). Found once per process: listing
    the entry points reads every installed package's metadata (it took a tenth of a run's
    time when asked per document)."""
    names = RECOGNIZERS.names()  # loads the built-ins
    ordered = [*BUILTIN, *(RECOGNIZERS.get(name) for name in names if name not in {r.name for r in BUILTIN})]
    extended = pack_recognizers(packs)
    return tuple(
        extended.get(r.name, r) for r in ordered if language is None or r.languages is None or language in r.languages
    )


def identifier_spans(text: str, recognizers: Optional[Iterable[Recognizer]] = None) -> list[CandidateSpan]:
    """Every identifier of ``text`` found by its form, trimmed and merged, in text order."""
    padded = PAD + text
    found = (
        CandidateSpan(start, end, recognizer.kind, recognizer.name)
        for recognizer in (recognizers_for("en") if recognizers is None else recognizers)
        for start, end in recognized_spans(recognizer, text, padded)
    )
    return merge_overlapping(found)
