"""The ``wordfreq`` back-end: embedded, offline word frequencies; IC only.

wordfreq gives per-token probabilities (Wikipedia, subtitles, news, books, web,
Twitter, Reddit; floor 1e-8 for words, lower for digit strings). A multi-word phrase
is estimated from its words (1/f = Σ 1/f_i), which overestimates names and rare
collocations. There is no co-occurrence data, so stage S2 cannot run on it.

wordfreq cuts Japanese into words with MeCab, which this project does not install; a
Japanese phrase is cut here instead, by the longest words of wordfreq's own Japanese list
(``_SegmentingFrequency``), and its words' frequencies combined as wordfreq combines them.

Counts are expressed against a nominal corpus of N = 10^12 tokens so that they stay
integers; IC = -log2(count / N) is then -log2 of wordfreq's frequency.
"""

from __future__ import annotations

import importlib.metadata
from typing import Callable, Optional, Sequence

from ..errors import BackendUnavailableError, ConjunctionUnsupportedError
from ..normalize import normalize_phrase
from ..protocol import CountUnit, NoNetwork
from ..registry import BackendEntry, register

NOMINAL_TOTAL = 10**12
#: languages written without spaces, whose phrases are cut into words here (wordfreq would need MeCab)
SEGMENTED = frozenset({"ja"})


class _SegmentingFrequency:
    """wordfreq's frequency of a phrase written without spaces: cut greedily into the longest
    words of its word list, combined as wordfreq combines the words of a phrase (1/f = Σ 1/f_i,
    then divided by 10 for each boundary it had to infer). A character in no word counts as
    wordfreq's floor."""

    LONGEST = 12
    FLOOR = 1e-9
    INFERRED_BOUNDARY = 10.0

    def __init__(self, language: str) -> None:
        import wordfreq

        self._table: dict[str, float] = wordfreq.get_frequency_dict(language)

    def __call__(self, phrase: str, language: str) -> float:
        text, start, inverse, words = "".join(phrase.split()), 0, 0.0, 0
        while start < len(text):
            for end in range(min(len(text), start + self.LONGEST), start, -1):
                if text[start:end] in self._table or end == start + 1:
                    inverse += 1 / self._table.get(text[start:end], self.FLOOR)
                    words += 1
                    start = end
                    break
        # a negative power underflows to 0.0 for a phrase of hundreds of words, where a positive one overflowed
        return 0.0 if not words else 1 / inverse * self.INFERRED_BOUNDARY ** -(words - 1)


class WordfreqBackend(NoNetwork):
    name = "wordfreq"
    unit = CountUnit.OCCURRENCE
    supports_conjunction = False
    sends_terms_off_machine = False

    def __init__(self, language: str = "en") -> None:
        self.language = language
        self._version = importlib.metadata.version("wordfreq")
        # wordfreq is imported at the first count, not here: importing it is a quarter
        # of a second, which a run then spends while its workers extract (or never,
        # when the count cache answers every term).
        self._frequency: Optional[Callable[[str, str], float]] = None

    def fingerprint(self) -> str:
        return f"wordfreq-{self._version}-{self.language}-best"

    def total(self) -> int:
        return NOMINAL_TOTAL

    def count(self, phrase: str) -> int:
        if self._frequency is None:
            import wordfreq

            self._frequency = (
                _SegmentingFrequency(self.language) if self.language in SEGMENTED else wordfreq.word_frequency
            )
        return round(self._frequency(normalize_phrase(phrase), self.language) * NOMINAL_TOTAL)

    def count_all(self, phrases: Sequence[str]) -> int:
        raise ConjunctionUnsupportedError(self.name)

    def describe(self) -> str:
        return f"wordfreq {self._version} word frequencies ({self.language}); no co-occurrence counts"


def _opened(language: str) -> WordfreqBackend:
    if language == "en":
        return WordfreqBackend()  # wordfreq itself is imported at the first count (see __init__)
    import wordfreq

    if language not in wordfreq.available_languages():
        raise BackendUnavailableError(
            f"wordfreq has no word list for language {language!r}; it has "
            f"{', '.join(sorted(wordfreq.available_languages()))}"
        )
    return WordfreqBackend(language)


def _missing() -> str | None:
    try:
        importlib.metadata.version("wordfreq")
    except importlib.metadata.PackageNotFoundError:
        return "the wordfreq package is not installed (pip install wordfreq)"
    return None


register(
    BackendEntry(
        name="wordfreq",
        factory=lambda argument: _opened(argument or "en"),
        summary="embedded offline word frequencies (IC only; S2 cannot run); wordfreq:es for Spanish, and so on",
        argument=None,
        optional_argument="LANGUAGE",
        missing=_missing,
    )
)
