"""A PDF file from its objects, for the benchmarks that build PDFs of their own."""

from __future__ import annotations


def pdf_bytes(objects: list[bytes], version: str = "1.4") -> bytes:
    """A PDF of the given objects (numbered from 1; the first the catalog), with its
    cross-reference table."""
    out, offsets = bytearray(f"%PDF-{version}\n".encode()), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    start = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{start}\n%%EOF\n".encode()
    return bytes(out)
