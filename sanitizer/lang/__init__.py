"""Language packs: what the engine knows of one language, in one folder (spaCy's habit).

Each language the engine reads is a package ``lang/<code>/`` whose ``__init__`` declares
its ``PACK``: its name, the words that tell it (language.detect), the locale of its
surrogates, its extractor, its recognizers and its fitted policies (``policies/*.json``).
Beside the declaration the pack holds the modules it names: its tokenizer, its candidate
rules, its lexicon, one module per kind of recognizer. ``extraction/`` and
``recognizers/`` hold the machinery the packs share.

A pack's ``__init__`` imports nothing heavy: the declaration is read by language
detection and the CLI's help; the extractor and the recognizers are loaded when a text
in the language is first read. Adding a language is adding a pack and its code in
``READ`` (docs/extending.md shows one with a toy language).
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

if TYPE_CHECKING:
    from ..recognizers.base import Recognizer

#: the languages the engine reads, each a pack here; English's rules are the shared ones
READ = ("en", "es", "de", "ja")


def _none() -> Sequence[Recognizer]:
    return ()


@dataclass(frozen=True)
class LanguagePack:
    #: ISO 639-1
    code: str
    #: in English, as messages name it ("Spanish")
    name: str
    #: the Faker locale of the surrogates (operators.Pseudonymizer)
    faker_locale: str
    #: the commonest function words, with the first and second persons' pronouns and
    #: possessives: the evidence language detection counts (language.py)
    function_words: frozenset[str]
    #: the language's own recognizers, in the order they are tried after the universal ones
    recognizers: Callable[[], Sequence[Recognizer]] = _none
    #: the extractor of the language (None: NLTK's English one)
    extractor: Optional[Callable[[], Any]] = None

    @property
    def policies(self) -> Traversable:
        """The folder of the policies fitted on the language (``<name>.json``)."""
        return resources.files(f"{__name__}.{self.code}").joinpath("policies")


def perceptron_extractor(code: str) -> Any:
    """The extractor of a pack whose words the project's perceptron tags (Spanish, German):
    the pack's ``tokenizer`` (``tokenize``, ``ENDS_WITH_ABBREVIATION``) and ``candidates``
    (``find_candidate_spans``) over the shared tagger of universal tags."""
    from ..extraction.perceptron_extractor import PerceptronExtractor

    words = importlib.import_module(f"{__name__}.{code}.tokenizer")
    rules = importlib.import_module(f"{__name__}.{code}.candidates")
    return PerceptronExtractor(code, words.tokenize, words.ENDS_WITH_ABBREVIATION, rules.find_candidate_spans)


@functools.cache
def language_pack(code: str) -> LanguagePack:
    """The pack of a language in READ."""
    return importlib.import_module(f"{__name__}.{code}").PACK


def packs() -> tuple[LanguagePack, ...]:
    return tuple(language_pack(code) for code in READ)
