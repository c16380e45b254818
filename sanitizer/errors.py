"""Errors raised by the sanitizer.

    SanitizerError
    ├── InputError                 a document cannot be read as text (missing, binary, not UTF-8, empty, too large)
    ├── ConfigurationError         an option is out of range or inconsistent (w, β, mode)
    ├── ExtractorUnavailableError  an extractor's model or dependency is missing
    └── OutputError                a result cannot be written

Errors of corpus_stats (back-ends) and cache pass through unchanged; the CLI turns
all of them into one line on stderr. No message quotes document text.
"""

from __future__ import annotations


class SanitizerError(Exception):
    """Base class of the sanitizer's own errors."""


class InputError(SanitizerError):
    pass


class ConfigurationError(SanitizerError):
    pass


class UnknownExtractorError(ConfigurationError):
    def __init__(self, name: str, known: list[str]) -> None:
        self.name = name
        self.known = known
        super().__init__(f"unknown extractor {name!r}; known extractors: {', '.join(known)}")


class ExtractorUnavailableError(SanitizerError):
    pass


class OutputError(SanitizerError):
    pass
