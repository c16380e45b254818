"""Genre packs: the rules and words that hold for one genre of documents only.

A recognizer under ``recognizers/universal`` fires on any text. What only a genre's
documents write lives in a pack named for that genre, and a policy says which packs it
reads (``packs``, at its top level and in a genre's part, genres.py): the shipped English
policies read ``judgments`` in judgments only, so a court's register or a law report's
volume never decides a nurse's note or a chat. A policy that names no packs reads every
pack, as every policy did before packs existed. A pack changes the recognizers and the
public references of the documents that read it (pack_recognizers, through
registry.recognizers_for; pack_reference_spans, beside public_references.py's); the
extraction of each document is given the packs its policy reads (extraction_pool.py).
``tests/test_architecture.py`` fails on a pack's words written outside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator

from . import clinical, judgments

if TYPE_CHECKING:
    from ..recognizers.base import Recognizer
    from ..terms import CandidateSpan

JUDGMENTS = "judgments"
CLINICAL = "clinical"
#: every pack, with what it holds (its own module says it)
PACKS = {JUDGMENTS: judgments.SUMMARY, CLINICAL: clinical.SUMMARY}
EVERY_PACK = frozenset(PACKS)


def unknown_packs(names: Iterable[str]) -> list[str]:
    """The names in ``names`` that are no pack, in their order."""
    return [name for name in names if name not in PACKS]


def pack_recognizers(packs: frozenset[str]) -> dict[str, "Recognizer"]:
    """The recognizers ``packs`` put in place of the universal ones of the same name (a
    pack's recognizer is the universal one with its genre's forms: it takes its place, so
    that the order recognizers are tried in, and the names spans are reported by, stay)."""
    found: dict[str, Recognizer] = {}
    if JUDGMENTS in packs:
        from .judgments.case_numbers import CODE

        found[CODE.name] = CODE
    return found


def pack_reference_spans(text: str, packs: frozenset[str]) -> Iterator[tuple[int, int]]:
    """(start, end) of the public references ``packs`` know in ``text`` (public_references.py
    finds those of any legal text)."""
    if JUDGMENTS in packs:
        from .judgments.reports import report_spans

        yield from report_spans(text)


def pack_name_spans(text: str, names: list["CandidateSpan"], packs: frozenset[str]) -> list["CandidateSpan"]:
    """The name spans of ``text`` as ``packs`` read them (the clinical pack's in a text
    written in a note's shorthand only: a policy reading every pack reads judgments too)."""
    if CLINICAL in packs:
        from ..genres import is_clinical_form
        from .clinical.acronyms import with_acronyms_as_shorthand

        if is_clinical_form(text):
            return list(with_acronyms_as_shorthand(text, names))
    return names
