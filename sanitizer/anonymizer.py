"""The second half of the engine: an ``Analysis`` written out in a mode, with operators per kind.

``Anonymizer.apply(text, analysis)`` replaces what the analysis removes (analysis.py):
every occurrence of each removed term, in the anonymizer's mode (a placeholder per entity,
the marker, nothing) or with each kind's operator (a surrogate, a digest, a shifted date, a
generalization: operators.py). One analysis can be applied in several modes; the key, and
so every keyed value, is the anonymizer's, the same for every text it writes.

    >>> analysis = sanitizer.analyze(text)                            # doctest: +SKIP
    >>> sanitizer.anonymizer.apply(text, analysis).text              # doctest: +SKIP
    >>> sanitizer.anonymizer.apply(text, analysis, mode="redact").text  # doctest: +SKIP
"""

from __future__ import annotations

import secrets
from typing import Any, Mapping, Optional

from .analysis import Analysis
from .errors import ConfigurationError
from .operators import OperatorKit, kind_modes, replaced
from .redaction import Mode, apply_replacements
from .result import SanitizationResult
from .terms import TermKind


class Anonymizer:
    """Writes analyses out: ``mode`` for every kind, ``operators`` (kind → mode) over it.

    ``key``: the operators' secret (pseudonyms, digests, date shifts); None draws one for
    this anonymizer alone. ``language``: the language of the surrogates and of generalization.
    ``engine``: the sanitizer whose counts and β a generalization is measured by (the
    generalize mode needs one)."""

    def __init__(
        self,
        mode: Mode | str = Mode.TAG,
        operators: Mapping[Any, Any] = {},
        key: Optional[bytes] = None,
        language: str = "en",
        engine: Any = None,
    ) -> None:
        self.mode = Mode(mode)
        self.operators: dict[TermKind, Mode] = dict(kind_modes(operators, "`operators`"))
        self.key = key or secrets.token_bytes(32)
        self.language = language
        self._engine = engine
        #: the operators' tools for each set of modes asked: its own made now, so that a
        #: missing extra (Faker for pseudonyms) is said before any document is read
        self._kits: dict[frozenset[Mode], Optional[OperatorKit]] = {}
        self._kit(frozenset({self.mode, *self.operators.values()}))

    def _kit(self, modes: frozenset[Mode]) -> Optional[OperatorKit]:
        if Mode.GENERALIZE in modes and self._engine is None:
            raise ConfigurationError(
                "mode generalize measures each step's IC with an engine's counts: use a Sanitizer's anonymizer"
            )
        if modes not in self._kits:
            self._kits[modes] = OperatorKit.for_modes(modes, self.key, self.language, self._engine)
        return self._kits[modes]

    def apply(
        self,
        text: str,
        analysis: Analysis,
        mode: Optional[Mode | str] = None,
        operators: Optional[Mapping[Any, Any]] = None,
    ) -> SanitizationResult:
        """``text`` (the analysed text) with what ``analysis`` removes replaced; ``mode`` and
        ``operators`` (kind → mode) stand for the anonymizer's own in this call."""
        chosen = self.mode if mode is None else Mode(mode)
        per_kind = self.operators if operators is None else dict(kind_modes(operators, "`operators`"))
        kit = self._kit(frozenset({chosen, *per_kind.values()}))
        anchor = analysis.date_anchor if analysis.date_anchor is not None else text
        replacements = replaced(text, analysis.removals, chosen, per_kind, kit, anchor)
        return SanitizationResult(
            text=apply_replacements(text, replacements),
            terms=analysis.terms,
            thresholds=analysis.thresholds,
            s2=analysis.s2,
            replacements=tuple(replacements),
            queries=analysis.queries,
            mode=chosen,
            s3=analysis.s3,
            protected=analysis.protected,
        )
