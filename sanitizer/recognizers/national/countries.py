"""The ``countries`` setting: the national formats of the countries asked are recognized,
those of other countries are not (a format of every country, a passport's, always is)."""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ...errors import ConfigurationError
from ...packs import EVERY_PACK
from ...terms import CandidateSpan
from .formats import national_names


def known_countries() -> frozenset[str]:
    """The countries some national format is of (ISO 3166-1 alpha-2, and "EU")."""
    return frozenset(country for country in national_names().values() if country is not None)


def checked_countries(countries: Optional[Iterable[str]], where: str = "`countries`") -> Optional[frozenset[str]]:
    """Countries as a setting or a policy gives them ("us", "GB"), refused when unknown; None: every country."""
    if countries is None:
        return None
    asked = frozenset(str(country).strip().upper() for country in countries if str(country).strip())
    unknown = sorted(asked - known_countries())
    if unknown:
        raise ConfigurationError(
            f"{where}: no national format of {', '.join(unknown)}; known: {', '.join(sorted(known_countries()))}"
        )
    return asked


def in_countries(
    text: str,
    spans: Sequence[CandidateSpan],
    countries: Optional[frozenset[str]],
    language: str,
    packs: frozenset[str] = EVERY_PACK,
) -> Sequence[CandidateSpan]:
    """``spans`` without those of other countries' formats. Such a span was merged with
    what other recognizers found there (a code's pattern): those are found again in its place."""
    if countries is None:
        return spans
    others = {name for name, country in national_names().items() if country is not None and country not in countries}
    dropped = [span for span in spans if span.source in others]
    if not dropped:
        return spans
    from ..registry import identifier_spans, recognizers_for

    rest = [recognizer for recognizer in recognizers_for(language, packs) if recognizer.name not in others]
    again = [
        span
        for span in identifier_spans(text, rest)
        if any(gone.start <= span.start and span.end <= gone.end for gone in dropped)
    ]
    return sorted([*(span for span in spans if span.source not in others), *again], key=lambda s: (s.start, s.end))
