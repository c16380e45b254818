"""Text that pictures carry besides their pixels, removed: PNG text chunks, JPEG EXIF, XMP and comments.

A photo in a Word document may hold its author's name, a caption, a GPS position or the
camera owner in chunks no reader of the page sees. The sanitizer cannot read them, so it
removes them: a PNG keeps every chunk but tEXt, zTXt, iTXt and eXIf; a JPEG keeps every
segment but APP1 to APP15 (EXIF, XMP, IPTC, vendors' data) and COM (comments). Pixels,
colour profiles (PNG iCCP; JPEG APP2 is ICC too, but may hold FlashPix text: removed as
well) and the JFIF header (APP0) stay. A file that is not what its bytes say is given
back unchanged for the caller to decide (``strip`` returns None).
"""

from __future__ import annotations

import struct
from typing import Optional

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PNG_TEXT_CHUNKS = frozenset({b"tEXt", b"zTXt", b"iTXt", b"eXIf"})
_JPEG_START, _JPEG_SCAN, _JPEG_END = 0xD8, 0xDA, 0xD9
#: markers of JPEG segments that hold no length (restart markers, TEM)
_JPEG_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})


def strip_png(data: bytes) -> Optional[bytes]:
    """The PNG without its text chunks, or None when it is not a well-formed PNG."""
    if not data.startswith(_PNG_SIGNATURE):
        return None
    kept, index = [_PNG_SIGNATURE], len(_PNG_SIGNATURE)
    while index < len(data):
        if index + 8 > len(data):
            return None
        length, kind = struct.unpack(">I4s", data[index : index + 8])
        end = index + 12 + length  # length, type, data, CRC
        if end > len(data):
            return None
        if kind not in _PNG_TEXT_CHUNKS:
            kept.append(data[index:end])
        index = end
        if kind == b"IEND":
            break
    return b"".join(kept)


def strip_jpeg(data: bytes) -> Optional[bytes]:
    """The JPEG without its APP1-APP15 and COM segments, or None when it is not a well-formed JPEG."""
    if data[:2] != bytes((0xFF, _JPEG_START)):
        return None
    kept, index = [data[:2]], 2
    while index < len(data):
        if data[index] != 0xFF or index + 2 > len(data):
            return None
        marker = data[index + 1]
        if marker == 0xFF:  # fill byte
            index += 1
            continue
        if marker in _JPEG_STANDALONE:
            kept.append(data[index : index + 2])
            index += 2
            continue
        if marker == _JPEG_END:
            kept.append(data[index : index + 2])
            break
        if index + 4 > len(data):
            return None
        length = struct.unpack(">H", data[index + 2 : index + 4])[0]
        end = index + 2 + length
        if end > len(data):
            return None
        if marker == _JPEG_SCAN:  # the entropy-coded image follows up to the end: kept whole
            kept.append(data[index:])
            break
        if not (0xE1 <= marker <= 0xEF or marker == 0xFE):
            kept.append(data[index:end])
        index = end
    return b"".join(kept)


def strip(name: str, data: bytes) -> Optional[bytes]:
    """``data`` without its text, by the kind ``name`` ends in; None for another kind or a damaged file."""
    lowered = name.lower()
    if lowered.endswith(".png"):
        return strip_png(data)
    if lowered.endswith((".jpg", ".jpeg", ".jpe", ".jfif")):
        return strip_jpeg(data)
    return None
