"""Sanitize free-text documents by information content (S1) and PMI (S2).

After Sánchez, Batet & Viejo (MDAI 2012; PACIS 2013). Public API::

    from ic_sanitizer import Sanitizer, Settings
    result = Sanitizer(Settings("wordfreq", beta=14.5)).sanitize(text)
    result = Sanitizer("wordfreq", beta=14.5).sanitize(text)    # the same, in short

    sanitizer = Sanitizer(Settings("wordfreq"))                   # or in two halves:
    analysis = sanitizer.analyze(text)                            # what goes, and why
    result = sanitizer.anonymizer.apply(text, analysis, mode="redact")

Log records go to the standard ``logging`` module under "ic_sanitizer" (one logger per
module: ic_sanitizer.pipeline, ic_sanitizer.corpus_stats.net.http, ...). They hold
settings, counts and timings, never a document's text or a term.
"""

import importlib
import logging
from typing import TYPE_CHECKING, Any

# A library configures no handler: the application decides where records go.
logging.getLogger(__name__).addHandler(logging.NullHandler())

if TYPE_CHECKING:
    from ic_sanitizer.cache import CacheError, QueryStats
    from ic_sanitizer.corpus_stats import CorpusStatsError, CountBackend

    from .analysis import Analysis, AnalyzedSpan
    from .anonymizer import Anonymizer
    from .errors import (
        BatchFailure,
        ConfigurationError,
        DocumentRefused,
        ExtractorUnavailableError,
        InputError,
        OutputError,
        SanitizerError,
        SparkRunError,
        SparkUnavailableError,
        UnknownExtractorError,
        WorkerError,
    )
    from .k_anonymity import S3Outcome
    from .pipeline import SanitizationResult, Sanitizer
    from .policy import KindRule, Policy, Rule
    from .redaction import Mode, Replacement
    from .scoring import Relatedness, ZeroCountPolicy
    from .settings import DEFAULT_W, Settings
    from .stages import Decision, PairScore, Reason, S2Outcome, ScoredTerm
    from .terms import CandidateTerm, Span, TermKind
    from .thresholds import DEFAULT_BETA, Thresholds

#: where each public name lives. Imported on first use (PEP 562), so that a worker
#: process, which needs only the extractor, does not import the whole engine.
_HOME = {
    "Analysis": ".analysis",
    "AnalyzedSpan": ".analysis",
    "Anonymizer": ".anonymizer",
    "CandidateTerm": ".terms",
    "Span": ".terms",
    "TermKind": ".terms",
    "ConfigurationError": ".errors",
    "DocumentRefused": ".errors",
    "ExtractorUnavailableError": ".errors",
    "InputError": ".errors",
    "OutputError": ".errors",
    "SanitizerError": ".errors",
    "UnknownExtractorError": ".errors",
    "DEFAULT_BETA": ".thresholds",
    "Thresholds": ".thresholds",
    "DEFAULT_W": ".settings",
    "Settings": ".settings",
    "Decision": ".stages",
    "PairScore": ".stages",
    "S2Outcome": ".stages",
    "ScoredTerm": ".stages",
    "Mode": ".redaction",
    "Replacement": ".redaction",
    "SanitizationResult": ".pipeline",
    "Sanitizer": ".pipeline",
    "ZeroCountPolicy": ".scoring",
    "Policy": ".policy",
    "KindRule": ".policy",
    "Rule": ".policy",
    "S3Outcome": ".k_anonymity",
    "Reason": ".stages",
    "Relatedness": ".scoring",
    "WorkerError": ".errors",
    "BatchFailure": ".errors",
    "SparkUnavailableError": ".errors",
    "SparkRunError": ".errors",
    "QueryStats": "ic_sanitizer.cache",
    "CountBackend": "ic_sanitizer.corpus_stats",
    "CorpusStatsError": "ic_sanitizer.corpus_stats",
    "CacheError": "ic_sanitizer.cache",
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value  # found directly next time
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "Analysis",
    "AnalyzedSpan",
    "Anonymizer",
    "BatchFailure",
    "CacheError",
    "CandidateTerm",
    "ConfigurationError",
    "CorpusStatsError",
    "CountBackend",
    "Decision",
    "DEFAULT_BETA",
    "DEFAULT_W",
    "DocumentRefused",
    "ExtractorUnavailableError",
    "InputError",
    "KindRule",
    "Mode",
    "OutputError",
    "PairScore",
    "Policy",
    "QueryStats",
    "Reason",
    "Relatedness",
    "Replacement",
    "Rule",
    "S2Outcome",
    "S3Outcome",
    "SanitizationResult",
    "Sanitizer",
    "SanitizerError",
    "ScoredTerm",
    "Settings",
    "Span",
    "SparkRunError",
    "SparkUnavailableError",
    "TermKind",
    "Thresholds",
    "UnknownExtractorError",
    "WorkerError",
    "ZeroCountPolicy",
]
