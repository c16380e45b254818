"""A person's role named by a noun: a relative ("wife", "half-brother") or a trade or
position ("hockey coach", "bassist", "Prime Minister"). A noun phrase headed by one says
who someone is once their name is gone, so it has a kind of its own (TermKind.RELATION,
TermKind.PROFESSION) that a policy decides apart from other noun phrases. On TAB's
tuning half the experts masked 18% of the characters of relation phrases and 8% of
profession phrases, against 4% of the other noun phrases.

The list comes from WordNet 3.0 (a noun whose first sense is a person below a relative or
a trade: scripts/build_person_roles.py writes wordnet/person_roles.txt.gz, WordNet's
license beside it). A head is looked up as written, lower-cased; plurals are listed.
"""

from __future__ import annotations

import functools
import gzip
from importlib import resources

from ..terms import TermKind


@functools.lru_cache(maxsize=1)
def _roles() -> dict[str, TermKind]:
    data = resources.files("ic_sanitizer.extraction").joinpath("wordnet/person_roles.txt.gz").read_bytes()
    rows = (line.split("\t") for line in gzip.decompress(data).decode("utf-8").splitlines() if line)
    return {form: TermKind(kind) for form, kind in rows}


def role_kind(word: str) -> TermKind | None:
    """RELATION or PROFESSION when ``word`` names a person's relative or trade, else None."""
    return _roles().get(word.lower())
