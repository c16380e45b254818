"""What the Python API accepts as texts, checked where they come in: a wrong type, a lone
surrogate (not valid Unicode: no UTF-8 output could hold it) or a list of names per
document that does not match the texts is one InputError naming the parameter."""

from __future__ import annotations

import re
from typing import Any, Optional, Sequence

from .errors import InputError

#: a lone surrogate: a str may hold one (from a JSON escape, "\\ud800"), no UTF-8 text can
SURROGATE = re.compile("[\ud800-\udfff]")


def checked_text(text: Any, parameter: str = "text") -> str:
    if not isinstance(text, str):
        raise InputError(f"`{parameter}` must be text (str), not {type(text).__name__}")
    surrogate = SURROGATE.search(text)
    if surrogate is not None:
        raise InputError(f"`{parameter}` is not valid Unicode: a lone surrogate at offset {surrogate.start()}")
    return text


def checked_texts(texts: Any, parameter: str = "texts") -> list[str]:
    """The texts, each checked (their language is language_routing's to check)."""
    if isinstance(texts, (str, bytes)) or not isinstance(texts, Sequence):
        raise InputError(f"`{parameter}` must be a sequence of texts (a list of str), not {type(texts).__name__}")
    checked = [checked_text(text, f"{parameter}[{index}]") for index, text in enumerate(texts)]
    return checked


def checked_protect(protect: Optional[Sequence[Sequence[str]]], count: int) -> list[Sequence[str]]:
    """Per document, the names S2 protects (none when ``protect`` is None)."""
    if protect is None:
        return [() for _ in range(count)]
    names = list(protect)
    if len(names) != count:
        raise InputError(f"`protect` gives names for {len(names)} documents; `texts` has {count}")
    return names
