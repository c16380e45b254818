"""Long texts cut into blocks for the extraction workers, between words.

A text is extracted in blocks of about ``BLOCK_CHARACTERS`` (pipeline) so that one long
document spreads over the worker processes. A cut inside a word would turn a name into
two unknown halves, each kept in clear, so a block ends after a line break when one is
in its second half, else after a sentence end, else at a space.
"""

from __future__ import annotations


def _block_end(text: str, start: int, size: int) -> int:
    """Where a block that starts at ``start`` ends: after a line break when one is near,
    else after a sentence end, else at a space; never inside a word (a name cut in two
    would be two unknown halves, each kept in clear)."""
    end = start + size
    if end >= len(text):
        return len(text)
    floor = start + size // 2
    cut = text.rfind("\n", floor, end)
    if cut != -1:
        return cut + 1
    sentence_end = max(text.rfind(mark, floor, end) for mark in (". ", "? ", "! "))
    if sentence_end != -1:
        return sentence_end + 2
    for position in range(end, floor, -1):
        if text[position - 1].isspace():
            return position
    return end  # no space in half a block: not prose, cut where the block is full


def split_into_blocks(text: str, size: int) -> list[tuple[int, int]]:
    """(start, end) blocks of about ``size`` characters, cut between words (``_block_end``)."""
    bounds, start = [], 0
    while start < len(text):
        end = _block_end(text, start, size)
        bounds.append((start, end))
        start = end
    return bounds
