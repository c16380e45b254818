"""The text of Word XML: atoms (a run's text, a tab, a break), and writing a sanitized text
back into them so that every run keeps its properties (word.py reads and writes the
document around them)."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

_TOKEN = re.compile(r"\w+|\s|[^\w\s]")


# --- text atoms: what a piece's characters are made of -------------------------------


@dataclass
class Atom:
    """A part of a piece's text: the text of an element or attribute (editable), or a
    character standing for an element (a tab, a break: kept or removed whole)."""

    text: str
    editable: bool
    element: Any
    #: for an attribute's value: its qualified name
    attribute: str | None = None

    def write(self, value: str) -> None:
        if self.attribute is not None:
            self.element.set(self.attribute, value)
            return
        self.element.text = value
        space = "{http://www.w3.org/XML/1998/namespace}space"
        if value != value.strip():  # Word drops leading and trailing spaces unless told to keep them
            self.element.set(space, "preserve")


def run_atoms(paragraph: Any, qn: Callable[[str], str]) -> Iterator[Atom]:
    """The text atoms of a paragraph, run by run, without those of paragraphs nested in it (text boxes)."""
    text, tab, ptab, br, cr, hyphen = (qn(t) for t in ("w:t", "w:tab", "w:ptab", "w:br", "w:cr", "w:noBreakHyphen"))
    run, p = qn("w:r"), qn("w:p")
    for element in paragraph.iter(text, tab, ptab, br, cr, hyphen):
        if element.getparent().tag != run or next(element.iterancestors(p), None) is not paragraph:
            continue
        if element.tag == text:
            yield Atom(element.text or "", True, element)
        elif element.tag in (tab, ptab):
            yield Atom("\t", False, element)
        elif element.tag == hyphen:
            yield Atom("-", False, element)
        elif element.tag == cr or element.get(qn("w:type"), "textWrapping") == "textWrapping":
            yield Atom("\n", False, element)  # a page or column break is no character: left alone


def instructions(paragraph: Any, qn: Callable[[str], str]) -> list[list[Atom]]:
    """The instruction texts of the paragraph's fields, one list of atoms per field (a field
    opens with a begin mark, its instruction may run over several runs, fields nest)."""
    run, p, mark, instruction = qn("w:r"), qn("w:p"), qn("w:fldChar"), qn("w:instrText")
    kind = qn("w:fldCharType")
    fields: list[list[Atom]] = []
    open_fields: list[list[Atom]] = []
    for element in paragraph.iter(mark, instruction):
        if element.getparent().tag != run or next(element.iterancestors(p), None) is not paragraph:
            continue
        if element.tag == mark:
            if element.get(kind) == "begin":
                open_fields.append([])
                fields.append(open_fields[-1])
            elif element.get(kind) == "end" and open_fields:
                open_fields.pop()
        elif open_fields:
            open_fields[-1].append(Atom(element.text or "", True, element))
        else:  # the field began in an earlier paragraph
            fields.append([Atom(element.text or "", True, element)])
    return [atoms for atoms in fields if atoms]


# --- writing a sanitized text back into its atoms ---------------------------------------


def changes(original: str, sanitized: str) -> list[tuple[int, int, str]]:
    """The spans of ``original`` (start, end) that ``sanitized`` replaces, and by what:
    aligned word by word, so a change never splits inside a word."""
    before, after = _TOKEN.findall(original), _TOKEN.findall(sanitized)
    starts, ends = [0], [0]
    for token in before:
        starts.append(starts[-1] + len(token))
    for token in after:
        ends.append(ends[-1] + len(token))
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    return [(starts[i1], starts[i2], sanitized[ends[j1]:ends[j2]])
            for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def rewrite(atoms: list[Atom], edits: Sequence[tuple[int, int, str]], qn: Callable[[str], str]) -> None:
    """Apply ``edits`` (spans of the atoms' joined text) to the atoms: a change goes into
    the first editable atom it touches, or the one before it, or after it; what else it
    covers is trimmed; a fixed atom inside it is removed."""
    owner: list[int] = [index for index, atom in enumerate(atoms) for _ in atom.text]
    text = "".join(atom.text for atom in atoms)
    written: list[list[str]] = [[] for _ in atoms]
    removed: set[int] = set()
    created: list[tuple[Atom, str]] = []
    cursor = 0
    for start, end, replacement in [*edits, (len(text), len(text), "")]:
        for position in range(cursor, start):
            written[owner[position]].append(text[position])
        covered = [owner[position] for position in range(start, end)]
        removed.update(index for index in covered if not atoms[index].editable)
        targets = [index for index in covered if atoms[index].editable]
        if start > 0 and atoms[owner[start - 1]].editable:
            targets.append(owner[start - 1])
        if end < len(text) and atoms[owner[end]].editable:
            targets.append(owner[end])
        if replacement:
            if targets:
                written[targets[0]].append(replacement)
            else:  # only tabs or breaks around it: a text element of its own beside them
                created.append((atoms[owner[start - 1] if start > 0 else owner[end]], replacement))
        cursor = end
    for index, atom in enumerate(atoms):
        if atom.editable:
            value = "".join(written[index])
            if value != atom.text:
                atom.write(value)
        elif index in removed:
            atom.element.getparent().remove(atom.element)
    for neighbour, replacement in created:
        element = neighbour.element.makeelement(qn("w:t"), {})
        neighbour.element.addnext(element)
        Atom("", True, element).write(replacement)
