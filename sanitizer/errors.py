"""Errors raised by the sanitizer.

    SanitizerError                 base of the sanitizer's own errors
    ├── InputError                 an input cannot be read as expected: a document (missing, not a
    │   │                          regular file, binary, not UTF-8, empty, too large), a gold file,
    │   │                          a report, a spans file, a policy or phrase-list file, a folder
    │   └── DocumentRefused        one document of a batch is in a language not supported: given in
    │                              its place by ``sanitize_many`` (the others are sanitized)
    ├── ConfigurationError         an option is out of range or inconsistent (w, β, β_S2, kinds, mode,
    │   │                          policy, parallel, rate, web use without allow_web)
    │   └── UnknownExtractorError  an extractor name nobody registered (lists the known names)
    ├── ExtractorUnavailableError  an extractor's model or dependency is missing, or a plug-in
    │                              extractor cannot be loaded
    ├── RecognizerUnavailableError a plug-in recognizer cannot be loaded
    ├── OutputError                a result cannot be written
    ├── WorkerError                an extraction worker process died (killed, out of memory)
    ├── SparkUnavailableError      the spark extra (pyspark) or Java is missing, or Spark cannot start
    ├── SparkRunError              Spark failed while it ran (a Java error), named by kind only
    ├── ServiceUnavailableError    the serve extra (FastAPI, uvicorn) is missing, or the service cannot listen
    └── BatchFailure               some documents of a folder failed; the others were written

Every error the public API raises is a SanitizerError: the trees of the packages
beneath, back-ends' ``corpus_stats.CorpusStatsError`` (corpus_stats/errors.py: also the
output and egress guards) and the count cache's ``cache.CacheError`` (cache/errors.py),
are rooted here too. An error about one setting names it (``about``). The CLI
turns every one of them into one line on stderr: a ConfigurationError or an unknown
back-end is a usage error (exit 2), the others failures (exit 1). Built-in exceptions
raised inside a module for control flow are caught in that module. No message quotes
document text. Messages name the API's parameters in backticks (`beta_term`); the CLI
shows its flags instead (--beta-term).
"""

from __future__ import annotations


class SanitizerError(Exception):
    """Base class of the sanitizer's own errors."""


class InputError(SanitizerError):
    pass


class DocumentRefused(InputError):
    """One document of a batch, refused alone: ``index`` (from 0) in the batch, ``language``
    the name of the language it was detected in. ``Sanitizer.sanitize_many`` gives it in the
    document's place instead of a result, and sanitizes the others."""

    def __init__(self, index: int, language: str, message: str) -> None:
        self.index = index
        self.language = language
        super().__init__(f"text {index + 1} {message}")


class ConfigurationError(SanitizerError):
    pass


class UnknownExtractorError(ConfigurationError):
    def __init__(self, name: str, known: list[str]) -> None:
        self.name = name
        self.known = known
        super().__init__(f"unknown extractor {name!r}; known extractors: {', '.join(known)}")


class ExtractorUnavailableError(SanitizerError):
    pass


class RecognizerUnavailableError(SanitizerError):
    pass


class OutputError(SanitizerError):
    pass


class WorkerError(SanitizerError):
    pass


class SparkUnavailableError(SanitizerError):
    pass


class ServiceUnavailableError(SanitizerError):
    pass


class SparkRunError(SanitizerError):
    """Spark failed while it ran (a Java error, a lost executor); said in one line, by kind."""


class BatchFailure(SanitizerError):
    """``failures`` maps each failed input to its reason; the message lists them all on one line."""

    def __init__(
        self, failures: dict[str, str], total: int, outcome: str = "inputs failed and were not written; the others were"
    ) -> None:
        self.failures = dict(failures)
        self.total = total
        listed = "; ".join(f"{name}: {reason}" for name, reason in self.failures.items())
        super().__init__(f"{len(self.failures)} of {total} {outcome} ({listed})")


def about(parameter: str, error: SanitizerError) -> SanitizerError:
    """``error`` (the same object and type) with its message led by the parameter it is
    about: "`backend`: unknown back-end 'nosuch' ..."; the CLI shows the flag instead."""
    if not str(error).startswith(f"`{parameter}`"):
        error.args = (f"`{parameter}`: {error}",)
    return error
