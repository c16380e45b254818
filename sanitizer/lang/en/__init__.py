"""English: what tells it, the locale of its surrogates, the policies fitted on it (default,
readable and learned on TAB's documents 1-64; hipaa from the Safe Harbor list), its word
modules (lexicon.py, name_words.py, phrase_words.py, role_words.py, rank_words.py) and
its data files (README.md). The shared rules (extraction/, recognizers/universal/) read
them: they were written for English first."""

from __future__ import annotations

from importlib import resources
from importlib.abc import Traversable

from .. import LanguagePack


def data_file(name: str) -> Traversable:
    """A data file of the pack, by its path in it: ``word_lists/`` (written for this project)
    and ``wordnet/`` (derived from WordNet 3.0); README.md lists each with its licence and
    how it was built."""
    return resources.files(__name__).joinpath(name)


PACK = LanguagePack(
    code="en",
    name="English",
    faker_locale="en_GB",
    function_words=frozenset(
        "the of and to in is that was for with as on by he it his at which from this be are were "
        "not or an had have has their my you your we our".split()
    ),
)
