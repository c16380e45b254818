"""Sanitize free-text documents by information content (S1) and PMI (S2).

After Sánchez, Batet & Viejo (MDAI 2012; PACIS 2013). Public API::

    from ic_sanitizer import Sanitizer, Settings
    result = Sanitizer(Settings("wordfreq", beta=14.5)).sanitize(text)
    result = Sanitizer("wordfreq", beta=14.5).sanitize(text)    # the same, in short
"""

from .errors import (
    ConfigurationError,
    ExtractorUnavailableError,
    InputError,
    OutputError,
    SanitizerError,
    UnknownExtractorError,
)
from .pipeline import SanitizationResult, Sanitizer
from .settings import DEFAULT_W, Settings
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
    "Settings",
    "Span",
    "TermKind",
    "Thresholds",
    "UnknownExtractorError",
    "ZeroCountPolicy",
]
