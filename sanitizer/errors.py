"""Errors raised by the sanitizer.

    SanitizerError
    ├── InputError                 a document cannot be read as text (missing, not a regular file,
    │                              binary, not UTF-8, empty, too large), or a gold/span file is wrong
    ├── ConfigurationError         an option is out of range or inconsistent (w, β, mode)
    ├── ExtractorUnavailableError  an extractor's model or dependency is missing
    ├── OutputError                a result cannot be written
    ├── WorkerError                an extraction worker process died (killed, out of memory)
    └── BatchFailure               some documents of a folder failed; the others were written

Errors of corpus_stats (back-ends, the output guard, the egress guard) and cache pass
through unchanged; the CLI turns all of them into one line on stderr. No message
quotes document text.
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


class WorkerError(SanitizerError):
    pass


class BatchFailure(SanitizerError):
    """``failures`` maps each failed input to its reason; the message lists them all on one line."""

    def __init__(self, failures: dict[str, str], total: int,
                 outcome: str = "inputs failed and were not written; the others were") -> None:
        self.failures = dict(failures)
        self.total = total
        listed = "; ".join(f"{name}: {reason}" for name, reason in self.failures.items())
        super().__init__(f"{len(self.failures)} of {total} {outcome} ({listed})")
