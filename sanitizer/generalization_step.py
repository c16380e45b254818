"""One step of a generalization chain (generalization_chains.py), apart so that the
chains of each kind can be written in their own modules."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Step:
    """One generalization: as written (with its article, which ``written`` adapts) and
    what it discloses, whose IC decides it ("" discloses nothing: a kind alone). A step
    that stands for a class also names the class's members it knows (a decade's ten
    years, a continent's countries): the class is as frequent as they are together, and
    a surface form the corpus rarely writes ("the 1990s") must not read as more
    identifying than the year it generalizes (generalization.step_bits)."""

    text: str
    key: str
    members: tuple[str, ...] = field(default=(), compare=False)
