"""The text of Word XML: atoms (a run's text, a tab, a break), and writing a sanitized text
back into them so that every run keeps its properties (word.py reads and writes the
document around them)."""

from __future__ import annotations

import bisect
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


#: Tokens that must agree after a change for the two texts to be back in step.
_RESYNC = 8
#: The most tokens a replacement is searched for (a placeholder or surrogate is a few).
_LONGEST_REPLACEMENT = 64
#: Below this many tokens left (on both sides), difflib aligns the rest: exact, and fast there.
_SHORT = 2000
#: Where changes stand too close together to resync, difflib aligns windows of this many
#: tokens: its time is quadratic in a window's tokens when they repeat (a form, a template)
_WINDOW = 160


def changes(original: str, sanitized: str) -> list[tuple[int, int, str]]:
    """The spans of ``original`` (start, end) that ``sanitized`` replaces, and by what:
    aligned word by word, so a change never splits inside a word.

    difflib's matcher aligns a paragraph in time quadratic in its length (minutes for one
    long paragraph), so it aligns only what is short. In a long paragraph the texts are
    walked together: a sanitized text is its original with spans replaced by short
    strings, so after each difference they come back in step where the next _RESYNC
    tokens agree, a point looked up in an index of the original's token runs (the
    nearest one ahead, trying replacements of up to _LONGEST_REPLACEMENT tokens).
    Whatever the alignment, the edits give ``sanitized`` exactly."""
    before, after = _TOKEN.findall(original), _TOKEN.findall(sanitized)
    starts, ends = [0], [0]
    for token in before:
        starts.append(starts[-1] + len(token))
    for token in after:
        ends.append(ends[-1] + len(token))
    runs: dict[tuple[str, ...], list[int]] = {}
    if len(before) + len(after) > _SHORT:
        for index in range(len(before) - _RESYNC + 1):
            runs.setdefault(tuple(before[index : index + _RESYNC]), []).append(index)
    edits: list[tuple[int, int, str]] = []

    def aligned(i: int, j: int, i_end: int, j_end: int, firm: bool = False) -> tuple[int, int]:
        """difflib's edits of before[i:i_end] into after[j:j_end]; with ``firm``, only up to
        the last run of _RESYNC equal tokens, where the walk goes on. Where it goes on."""
        opcodes = difflib.SequenceMatcher(None, before[i:i_end], after[j:j_end], autojunk=False).get_opcodes()
        stop = len(opcodes)
        if firm:
            # go on from the last run of _RESYNC equal tokens in the window, else from its
            # last equal token: changes close together (a form, a repeated sentence) leave
            # no long run, and aligning all that is left would be quadratic
            equal = [k for k, (tag, i1, i2, _, _) in enumerate(opcodes) if tag == "equal" and k > 0]
            stop = max((k for k in equal if opcodes[k][2] - opcodes[k][1] >= _RESYNC), default=max(equal, default=0))
            if stop == 0:  # the whole window differs: align all that is left
                return aligned(i, j, len(before), len(after))
        edits.extend(
            (starts[i + i1], starts[i + i2], sanitized[ends[j + j1] : ends[j + j2]])
            for tag, i1, i2, j1, j2 in opcodes[:stop]
            if tag != "equal"
        )
        if stop == len(opcodes):
            return min(i_end, len(before)), min(j_end, len(after))
        return i + opcodes[stop][1], j + opcodes[stop][3]

    i = j = 0
    while i < len(before) or j < len(after):
        if i < len(before) and j < len(after) and before[i] == after[j]:
            i, j = i + 1, j + 1
            continue
        if len(before) - i + len(after) - j <= _SHORT:
            i, j = aligned(i, j, len(before), len(after))
            continue
        resync = _resync(runs, after, i, j)
        if resync is not None:  # the stretch up to it is short: difflib splits it where it can
            i, j = aligned(i, j, *resync)
            continue
        # changes too close together to find a clean run nearby: difflib over a window
        i, j = aligned(i, j, i + _WINDOW, j + _WINDOW, firm=True)
    return edits


def _resync(runs: dict[tuple[str, ...], list[int]], after: list[str], i: int, j: int) -> tuple[int, int] | None:
    """Where the texts agree again after differing at tokens i (original) and j
    (sanitized): the pair of positions with the fewest tokens skipped on both sides."""
    best: tuple[int, int] | None = None
    for skip in range(min(_LONGEST_REPLACEMENT, len(after) - j) + 1):
        positions = runs.get(tuple(after[j + skip : j + skip + _RESYNC]))
        if not positions:
            continue
        ahead = bisect.bisect_right(positions, i)  # at least one token of the original replaced
        if ahead == len(positions):
            continue
        candidate = (positions[ahead], j + skip)
        if best is None or (candidate[0] - i) + skip < (best[0] - i) + (best[1] - j):
            best = candidate
    return best


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
