"""Errors raised by the sanitizer.

    SanitizerError
    ├── InputError                 a document cannot be read as text (missing, binary, not UTF-8, empty, too large)
    ├── ConfigurationError         an option is out of range or inconsistent (w, β, mode)
    ├── ExtractorUnavailableError  an extractor's model or dependency is missing
    └── OutputError                a result cannot be written

Errors of corpus_stats (back-ends) and cache pass through unchanged; the CLI turns
all of them into one line on stderr. No message quotes document text. Messages name
the API's parameters in backticks (`beta_term`); the CLI shows its flags instead
(--beta-term).
"""

from __future__ import annotations


class SanitizerError(Exception):
    """Base class of the sanitizer's own errors."""


class InputError(SanitizerError):
    pass


class ConfigurationError(SanitizerError):
    pass


class ExtractorUnavailableError(SanitizerError):
    pass


class OutputError(SanitizerError):
    pass
