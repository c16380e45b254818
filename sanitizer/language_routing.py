"""Documents in several languages, each read by an engine of its own language (``language`` auto).

Under auto an engine's own pipeline is English (language.engine_language); a document
detected in another supported language goes to an engine opened for that language on the
same settings (its extractor, its words' frequencies, its policy), opened at its first
document and closed with the engine that opened it. Results come back in input order: a
batch in one language streams; a mixed batch is decided language by language, then
returned in order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from .errors import ConfigurationError, DocumentRefused
from .language import NAMES, SUPPORTED, detect, evidence, refusal
from .result import SanitizationResult

if TYPE_CHECKING:
    from .pipeline import Sanitizer


def languages_of(texts: Sequence[str]) -> list[str | DocumentRefused]:
    """Each text's language among SUPPORTED, each text detected once (language.detect). A text
    too short to tell is read in the language most texts of the batch are told in (a record's
    short field, a decision's one-line heading), English when none is told. A text in a
    language not supported is, in its place, a DocumentRefused naming its position and the
    language, never its content."""
    detected = [detect(text) for text in texts]
    told = Counter(language for language in detected if language in SUPPORTED)
    fallback = told.most_common(1)[0][0] if told else "en"
    return [
        DocumentRefused(index, NAMES[language], refusal(f"{NAMES[language]} ({evidence(texts[index], language)})"))
        if language is not None and language not in SUPPORTED
        else language or fallback
        for index, language in enumerate(detected)
    ]


def refused_first(languages: Sequence[str | DocumentRefused]) -> None:
    """Raise the first refusal of ``languages`` (for the callers that take a batch whole)."""
    refused = next((each for each in languages if isinstance(each, DocumentRefused)), None)
    if refused is not None:
        raise refused


class LanguageEngines:
    """The engines of one auto-language Sanitizer, one per language met."""

    def __init__(self, english: "Sanitizer", opener: Callable[..., "Sanitizer"]) -> None:
        self._engines = {"en": english}
        self._opener = opener

    def engine(self, language: str) -> "Sanitizer":
        if language not in self._engines:
            english = self._engines["en"]
            self._engines[language] = self._opener(replace(english.settings, language=language))
        return self._engines[language]

    def sanitize(
        self,
        texts: Sequence[str],
        languages: Sequence[str | DocumentRefused],
        decide: Callable[..., Iterator[SanitizationResult]],
        protected: Sequence[Sequence[str]],
        external: Sequence[list],
        owners: Sequence[object],
    ) -> Iterator[SanitizationResult | DocumentRefused]:
        """``decide(engine, texts, protected, external, owners)`` per language, the results
        in input order; a refused text's DocumentRefused in its place."""
        if all(each == languages[0] for each in languages) and isinstance(languages[0], str):
            yield from decide(self.engine(languages[0]), texts, protected, external, owners)
            return
        results: dict[int, SanitizationResult | DocumentRefused] = {
            index: each for index, each in enumerate(languages) if isinstance(each, DocumentRefused)
        }
        for language in dict.fromkeys(each for each in languages if isinstance(each, str)):
            indices = [i for i, each in enumerate(languages) if each == language]
            decided = decide(
                self.engine(language),
                [texts[i] for i in indices],
                [protected[i] for i in indices],
                [external[i] for i in indices],
                [owners[i] for i in indices],
            )
            results.update(zip(indices, decided))
        for index in range(len(texts)):
            yield results.pop(index)

    def close(self) -> None:
        for language, engine in self._engines.items():
            if language != "en":
                engine.close()


def refuse_mixed(texts: Sequence[str]) -> None:
    """For the paths that read one language at a time (Sanitizer.extract: tune, terms, eval's
    information measure): under auto, a document detected in another language than English is
    refused, naming the language (never the text)."""
    languages = languages_of(texts)
    refused_first(languages)
    for index, language in enumerate(languages):
        if language != "en":
            raise ConfigurationError(
                f"text {index + 1} looks {NAMES[str(language)]}: give `language` {language} "
                "to read it (this reads one language at a time)"
            )
