"""The originals put back in a model's answer, whole or as it streams.

A streamed answer comes in pieces that may cut a pseudonym ("Anna Ko" | "walska"): what
could be the start of one is held back until the next piece says whether it is, and a
pseudonym is never cut where the answer is let out.
"""

from __future__ import annotations

import re
from typing import Mapping

from ..redaction import Mode

#: the modes whose values stand each for one entity, which restoring an answer needs
RESTORABLE_MODES = (Mode.PSEUDONYM, Mode.TAG, Mode.HASH)


class Restorer:
    """Puts ``originals`` (value written in the request -> what it replaced) back in text."""

    def __init__(self, originals: Mapping[str, str]) -> None:
        self._originals = dict(originals)
        values = sorted(self._originals, key=len, reverse=True)
        self._pattern = re.compile("|".join(map(re.escape, values))) if values else None
        self._prefixes = {value[:end] for value in values for end in range(1, len(value))}
        self._longest = max(map(len, values), default=0)
        self._held = ""

    def restored(self, text: str) -> str:
        """``text`` whole, with every value replaced by its original."""
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda match: self._originals[match.group()], text)

    def feed(self, piece: str) -> str:
        """The next piece of a streamed answer in; what can be let out of it, restored."""
        held = self._held + piece
        cut = len(held)
        for length in range(min(len(held), self._longest - 1), 0, -1):
            if held[-length:] in self._prefixes:  # may be the start of a value: wait for the rest
                cut = len(held) - length
                break
        if self._pattern is not None:
            for match in self._pattern.finditer(held):
                if match.start() < cut < match.end():  # never cut a value in two
                    cut = match.start()
        self._held = held[cut:]
        return self.restored(held[:cut])

    def flush(self) -> str:
        """The end of a streamed answer: what was held back, restored."""
        held, self._held = self._held, ""
        return self.restored(held)
