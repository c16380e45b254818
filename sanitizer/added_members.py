"""Members that plug-ins add to this project's closed enums: a kind of term
(terms.new_kind) and an operator's mode (redaction.Mode). Such a member is ``Enum(value)``
from then on, one object per value, and is not listed by iterating the enum (the project's
own members are)."""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

E = TypeVar("E", bound=Enum)


def add_member(enum: type[E], value: str) -> E:
    """The member of ``enum`` (a str enum) named ``value`` that a plug-in adds; the one made
    before when there is one."""
    member = str.__new__(enum, value)  # type: ignore[type-var]
    member._name_, member._value_ = value.upper(), value
    return enum._value2member_map_.setdefault(value, member)  # type: ignore[return-value]


def is_added(member: Enum) -> bool:
    """Whether a plug-in added ``member`` rather than this project."""
    return member._name_ not in type(member).__members__
