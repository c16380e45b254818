"""Which language a document is written in, so that none is sanitized as English when it is not.

The engine reads the SUPPORTED languages, each with its own rules, lexicons and policy
(language_routing.py sends each document to its language's engine). A document read in
another language loses almost every word (Spanish read as English, measured on MEDDOCAN:
token precision 0.129; Japanese, 98% of its characters), so a document detected in a
language not supported is refused in one line, unless the caller names a language.

The detector is this module's own, measured (benchmarks/language_detection.py): Japanese
by its script (kana and kanji among the letters), the others by the share of their
commonest function words (as written, in lower case) among a text's words, when they are
at least three and twice the next language's. A text too short to tell (under
``MIN_WORDS`` words, as a record's field often is) is taken to be in the language asked
for, English by default.
"""

from __future__ import annotations

import re
from typing import Optional

from .errors import ConfigurationError

SUPPORTED = ("en", "es")
#: languages told apart (those not SUPPORTED are refused)
KNOWN = ("en", "es", "de", "ja")
NAMES = {"en": "English", "es": "Spanish", "de": "German", "ja": "Japanese"}
#: the Faker locale of each language's surrogates (operators.Pseudonymizer)
FAKER_LOCALES = {"en": "en_GB", "es": "es_ES", "de": "de_DE", "ja": "ja_JP"}
#: fewer words than this: too short to tell. Measured (benchmarks/language_detection.py): of
#: TAB's 5,382 English sentences none is told another language; 81% of LER's German
#: sentences are told German, the rest left undetermined
MIN_WORDS = 8

#: each language's commonest function words (closed classes: articles, prepositions,
#: conjunctions, pronouns, auxiliaries), the evidence the detector counts
FUNCTION_WORDS = {
    "en": frozenset("the of and to in is that was for with as on by he it his at which from this be are were "
                    "not or an had have has their".split()),
    "es": frozenset("de la que el en y los del se las por un para con una su al lo como más pero sus le ya "
                    "fue este ha porque esta entre".split()),
    "de": frozenset("der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch es "
                    "an werden aus er hat dass sie nach".split()),
}
_WORD = re.compile(r"[^\W\d_]+")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")


def detect(text: str) -> Optional[str]:
    """The language of ``text`` among KNOWN, or None when it is too short or unlike any."""
    sample = text[:200_000]  # enough to tell; a long document is not read twice over
    words = [m.group() for m in _WORD.finditer(sample)]
    japanese = len(_JAPANESE.findall(sample))
    if japanese >= 10 and japanese >= 0.3 * sum(len(word) for word in words):
        return "ja"
    if len(words) < MIN_WORDS:
        return None
    # Function words as written in lower case: inside names they are capitalized ("Al-Rashid",
    # "De Miguel", "Van Dyke"), and a name must not make an English text look Spanish.
    hits = {language: sum(word in listed for word in words) for language, listed in FUNCTION_WORDS.items()}
    best, runner_up = sorted(hits, key=hits.__getitem__, reverse=True)[:2]
    if hits[best] < 3 or hits[best] < 2 * hits[runner_up] or hits[best] < 0.08 * len(words):
        return None
    return best


def checked_language(language: str) -> str:
    """``language`` as a setting: "auto" or a supported language (a known one not yet
    supported is refused, saying so)."""
    if language == "auto" or language in SUPPORTED:
        return language
    if language in KNOWN:
        raise ConfigurationError(f"`language` {language} ({NAMES[language]}) is not supported yet; supported: "
                                 f"{', '.join(SUPPORTED)}")
    raise ConfigurationError(f"`language` must be auto or one of {', '.join(SUPPORTED)}, not {language!r}")


def unsupported(text: str) -> Optional[str]:
    """The name of the language ``text`` is detected in, when that is not supported."""
    detected = detect(text)
    return NAMES[detected] if detected is not None and detected not in SUPPORTED else None


def refusal(name: str) -> str:
    supported = ", ".join(NAMES[code] for code in SUPPORTED)
    return (f"looks {name}, which is not supported yet (supported: {supported}); a document is never "
            "sanitized in a language it is not written in (give `language` en to sanitize it as English anyway)")


def engine_language(language: str) -> str:
    """The language an engine's own pipeline reads: the one asked for, English under auto
    (a document detected in another supported language goes to an engine of its own)."""
    return "en" if language == "auto" else language
