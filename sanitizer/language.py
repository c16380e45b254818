"""Which language a document is written in, so that none is sanitized as English when it is not.

The engine reads the SUPPORTED languages (English, Spanish, German, Japanese), each with its
own rules, lexicons and policy (language_routing.py sends each document to its language's
engine). A document read in another language loses almost every word (Spanish read as
English, measured on MEDDOCAN: token precision 0.129; Japanese, 98% of its characters), so a
document detected in a language not supported is refused in one line, by name, unless the
caller names a language.

The detector is this module's own, measured (benchmarks/language_detection.py): Japanese by
its script (kana among its kanji; kanji alone is Chinese), the other scripts by their letters,
English, Spanish and German by the share of their commonest function words (as written, in
lower case) among a text's words, when they are at least three and twice the next language's;
then French, Italian, Portuguese and Dutch, which share many of those words, by the function
words of one language only (DISTINCTIVE). A text too short to tell (under ``MIN_WORDS``
words, as a record's field often is) is read, under auto, in the language most texts of its
batch are told in, English when none is (language_routing.languages_of).
"""

from __future__ import annotations

from collections import Counter
from typing import Optional

from .compiled_patterns import compiled_pattern
from .errors import ConfigurationError
from .lang import READ, others, packs

SUPPORTED = READ
#: languages told apart (those not SUPPORTED are refused, by name): the supported ones, Japanese, the commonest
#: other languages written in Latin letters, and the other scripts, each named by its script
NAMES = {**{pack.code: pack.name for pack in packs()}, **others.NAMES}
KNOWN = tuple(NAMES)
#: the letters of each other script a text may be written in
_SCRIPTS = {
    "cyrl": "\u0400-\u04ff",
    "grek": "\u0370-\u03ff",
    "arab": "\u0600-\u06ff",
    "hebr": "\u0590-\u05ff",
    "deva": "\u0900-\u097f",
    "hang": "\uac00-\ud7af",
}
#: fewer words than this: too short to tell. Measured (benchmarks/language_detection.py): of
#: TAB's 5,382 English sentences none is told another language; 81% of LER's German
#: sentences are told German, the rest left undetermined
MIN_WORDS = 8
#: the different words of a language not supported that must be found to tell it (language.detect)
_RIVAL_DISTINCT_WORDS = 3

#: each language's commonest function words (closed classes: articles, prepositions,
#: conjunctions, pronouns, auxiliaries), the evidence the detector counts; with the first
#: and second persons' pronouns and possessives ("je", "votre", "mijn"), which a message
#: writes and prose does not (English's "i" is left out: "i. V. m." of German law). Each
#: language read has its own in its pack (lang/), the others in lang/others.py.
FUNCTION_WORDS = {
    **{pack.code: pack.function_words for pack in packs() if pack.function_words},
    **others.FUNCTION_WORDS,
}
#: the function words of one language only: the evidence counted (a word of two languages tells neither)
DISTINCTIVE = {
    language: listed - frozenset().union(*(other for name, other in FUNCTION_WORDS.items() if name != language))
    for language, listed in FUNCTION_WORDS.items()
}
#: the languages read that are told by their words (Japanese by its script)
_SUPPORTED_LATIN = tuple(code for code in SUPPORTED if code in FUNCTION_WORDS)
_WORD = compiled_pattern(r"[^\W\d_]+")
_JAPANESE = compiled_pattern(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_KANA = compiled_pattern(r"[\u3040-\u30ff]")
_SCRIPT_PATTERNS = {script: compiled_pattern(f"[{letters}]") for script, letters in _SCRIPTS.items()}


def detect(text: str) -> Optional[str]:
    """The language of ``text`` among KNOWN, or None when it is too short or unlike any."""
    sample = text[:200_000]  # enough to tell; a long document is not read twice over
    words = [m.group() for m in _WORD.finditer(sample)]
    letters = sum(len(word) for word in words)
    japanese = len(_JAPANESE.findall(sample))
    if japanese >= 10 and japanese >= 0.3 * letters:
        # Japanese writes kana between its kanji; Chinese has none
        return "ja" if len(_KANA.findall(sample)) >= max(1, 0.02 * japanese) else "zh"
    for script, pattern in _SCRIPT_PATTERNS.items():
        if len(pattern.findall(sample)) >= max(10, 0.5 * letters):
            return script
    if len(words) < MIN_WORDS:
        return None  # too short to tell: a record's name or address ("Rúa da Virxe do Camiño, 55")
    # Function words as written in lower case: inside names they are capitalized ("Al-Rashid",
    # "De Miguel", "Van Dyke"), and a name must not make an English text look Spanish.
    # Told among the supported languages by all their function words; then, by the words of one
    # language only, whether it is another language that shares many of them (French, Portuguese):
    # on at least three different such words (one word repeated, Dutch "met" in "Mr A met Dr B",
    # or a place's "na" in an address, tells nothing), and, against English, more than half
    # as many as English's own (names and places of other languages fill English records;
    # a French text shares Spanish's "de", "la", "en" and is French).
    counts = Counter(words)
    told, told_hits = _contest(counts, {language: FUNCTION_WORDS[language] for language in _SUPPORTED_LATIN}, 0.08)
    rival, rival_hits = _contest(counts, DISTINCTIVE, 0.05, distinct=_RIVAL_DISTINCT_WORDS)
    if rival is None or rival in _SUPPORTED_LATIN or (told == "en" and told_hits >= 2 * rival_hits):
        return told
    return rival


def _contest(
    counts: Counter[str], lists: dict[str, frozenset[str]], share: float, distinct: int = 1
) -> tuple[Optional[str], int]:
    """The language whose listed words (``counts``: each word's number of times) are at least
    three (``distinct`` of them different), twice the next language's and ``share`` of the
    words, with its count; (None, 0) when none is."""
    hits = {language: sum(counts.get(word, 0) for word in listed) for language, listed in lists.items()}
    best, runner_up = sorted(hits, key=hits.__getitem__, reverse=True)[:2]
    if hits[best] < 3 or hits[best] < 2 * hits[runner_up] or hits[best] < share * counts.total():
        return None, 0
    if len(counts.keys() & lists[best]) < distinct:
        return None, 0
    return best, hits[best]


def checked_language(language: str) -> str:
    """``language`` as a setting: "auto" or a supported language (a known one not yet
    supported is refused, saying so)."""
    if language == "auto" or language in SUPPORTED:
        return language
    if language in KNOWN:
        raise ConfigurationError(
            f"`language` {language} ({NAMES[language]}) is not supported yet; supported: {', '.join(SUPPORTED)}"
        )
    raise ConfigurationError(f"`language` must be auto or one of {', '.join(SUPPORTED)}, not {language!r}")


def unsupported(text: str) -> Optional[str]:
    """Why ``text`` is refused, when it is detected in a language not supported: the
    language's name and the share of the text that told it (evidence)."""
    detected = detect(text)
    return (
        f"{NAMES[detected]} ({evidence(text, detected)})"
        if detected is not None and detected not in SUPPORTED
        else None
    )


def evidence(text: str, language: str) -> str:
    """What told ``language`` in ``text``, as a share: of its letters in the language's
    script, or of its words that are the language's own function words (never a word)."""
    sample = text[:200_000]
    letters = sum(len(m.group()) for m in _WORD.finditer(sample)) or 1
    if language in _SCRIPT_PATTERNS:
        return f"{len(_SCRIPT_PATTERNS[language].findall(sample)) / letters:.0%} of its letters in that script"
    if language in ("ja", "zh"):
        return f"{len(_JAPANESE.findall(sample)) / letters:.0%} of its letters in Chinese characters or kana"
    words = [m.group() for m in _WORD.finditer(sample)] or [""]
    own = DISTINCTIVE.get(language, frozenset())
    return f"{sum(word in own for word in words) / len(words):.0%} of its words function words of that language only"


def refusal(name: str) -> str:
    supported = ", ".join(NAMES[code] for code in SUPPORTED)
    return (
        f"looks {name}, which is not supported yet (supported: {supported}); a document is never "
        "sanitized in a language it is not written in (give `language` en to sanitize it as English anyway)"
    )


def engine_language(language: str) -> str:
    """The language an engine's own pipeline reads: the one asked for, English under auto
    (a document detected in another supported language goes to an engine of its own)."""
    return "en" if language == "auto" else language
