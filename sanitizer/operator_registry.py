"""Operators other packages add: a mode of their own for the kinds a user gives it.

A plug-in declares an ``OperatorEntry`` under the entry-point group ``ic_sanitizer.operators``::

    [project.entry-points."ic_sanitizer.operators"]
    initials = "my_package.operators:ENTRY"      # OperatorEntry(name="initials", ...)

and a user gives it per kind, as any mode: ``--operator person=initials``,
``Settings(operators={"person": "initials"})``, a policy's ``operators``. Its name is then
a ``Mode`` (``Mode("initials")``), in every process that reads the settings. It is given
each removed span after the tag plan is made: its mention, kind, entity (a term key standing
for all the entity's names: one value per entity is the operator's to keep) and the
placeholder tag mode would write, and returns what the text gets. A plug-in cannot take
the name of one of this project's modes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ic_sanitizer.corpus_stats.registry import Registry

from .errors import ConfigurationError
from .terms import TermKind

#: (mention, kind, entity, placeholder) -> the value written in the mention's place
Operate = Callable[[str, TermKind, str, str], str]


@dataclass(frozen=True)
class OperatorEntry:
    name: str
    operate: Operate
    #: one line for `sanitizer operators`
    summary: str = ""


def _unknown(name: str, known: list[str]) -> Exception:
    return ConfigurationError(f"unknown operator {name!r}; plug-in operators: {', '.join(known) or 'none installed'}")


OPERATORS: Registry[OperatorEntry] = Registry(
    "operator", "ic_sanitizer.operators", OperatorEntry, unknown=_unknown, unavailable=ConfigurationError
)


def plugin_operator(name: str) -> OperatorEntry:
    """The plug-in operator called ``name`` (loaded on first use)."""
    return OPERATORS.get(name)
