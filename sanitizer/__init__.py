"""Sanitize free-text documents by information content (S1) and PMI (S2).

After Sánchez, Batet & Viejo (MDAI 2012; PACIS 2013). Public API::

    from ic_sanitizer import Sanitizer
    result = Sanitizer(backend="wordfreq", beta=14.5).sanitize(text)
"""

from .errors import (
    ConfigurationError,
    ExtractorUnavailableError,
    InputError,
    OutputError,
    SanitizerError,
    UnknownExtractorError,
)
from .pipeline import DEFAULT_W, SanitizationResult, Sanitizer
from .thresholds import DEFAULT_BETA, Thresholds
from .redaction import RedactionMode, Replacement
from .scoring import ZeroCountPolicy
from .stages import Decision, PairScore, S2Outcome, ScoredTerm
from .terms import CandidateTerm, Span, TermKind

__all__ = [
    "CandidateTerm",
    "ConfigurationError",
    "DEFAULT_BETA",
    "DEFAULT_W",
    "Decision",
    "ExtractorUnavailableError",
    "InputError",
    "OutputError",
    "PairScore",
    "RedactionMode",
    "Replacement",
    "S2Outcome",
    "SanitizationResult",
    "Sanitizer",
    "SanitizerError",
    "ScoredTerm",
    "Span",
    "TermKind",
    "Thresholds",
    "UnknownExtractorError",
    "ZeroCountPolicy",
]
