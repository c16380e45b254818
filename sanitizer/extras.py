"""Optional features and the extra that installs each: one place for the refusal's words.

A plain install sanitizes text; plots, pseudonyms and the OpenNLP route need more, which
the extras of pyproject.toml install. A feature asked for without its extra is refused
in one line naming the extra, before any work.
"""

from __future__ import annotations

import importlib.util
from typing import Optional

from .errors import ConfigurationError

#: feature -> (the module it needs, the distribution that has it, the extra that installs it)
EXTRAS = {
    "plots": ("matplotlib", "matplotlib", "plots"),
    "pseudonyms": ("faker", "faker", "pseudonyms"),
    "opennlp": ("py4j", "py4j", "opennlp"),
    "attack": ("sklearn", "scikit-learn", "attack"),
    "encryption": ("cryptography", "cryptography", "encryption"),
}


def missing(feature: str, what: str) -> Optional[str]:
    """None when ``feature`` can run, else what to install (``what``: how the user asked for it)."""
    module, distribution, extra = EXTRAS[feature]
    if importlib.util.find_spec(module) is not None:  # found without importing it
        return None
    return f"{what} needs {distribution}: pip install 'ic-sanitizer[{extra}]'"


def require(feature: str, what: str) -> None:
    reason = missing(feature, what)
    if reason is not None:
        raise ConfigurationError(reason)
