"""PDF files: their text layer, extracted by pypdf (the ``pdf`` extra), is sanitized and
written as plain text (UTF-8), pages separated by a form feed ("\\f") on a line of its
own. The PDF itself is never rewritten: its pages, fonts and images keep every
identifier, so it must not be published in place of the text. A PDF with no text layer
(a scan) or one that cannot be opened without a password is refused in one line.
"""

from __future__ import annotations

import io
import logging
import warnings
from contextlib import contextmanager
from typing import Iterator, Sequence

from ..errors import InputError
from .layout import Layout

PAGE_BREAK = "\n\f\n"
#: said once per run on stderr, and in the README
NOT_REWRITTEN = "the PDF itself is not rewritten: only its text layer is sanitized, written as text"


def pdf_available() -> str | None:
    """None when pypdf is installed, else what to install."""
    try:
        import pypdf  # noqa: F401
    except ImportError:
        return "reading .pdf files needs pypdf: pip install 'ic-sanitizer[pdf]'"
    return None


@contextmanager
def _quiet() -> Iterator[None]:
    """pypdf reports damaged structures through logging and warnings; they would reach
    stderr, and a message about a damaged object could quote its content."""
    logger = logging.getLogger("pypdf")
    level, propagate = logger.level, logger.propagate
    logger.setLevel(logging.CRITICAL + 1)
    logger.propagate = False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        logger.setLevel(level)
        logger.propagate = propagate


def pdf_text(raw: bytes, name: str, max_bytes: int) -> str:
    """The text layer of a PDF, page after page; refused when it is larger than the input
    limit (compressed streams can hold far more text than the file's size)."""
    missing = pdf_available()
    if missing is not None:
        raise InputError(f"{name}: {missing}")
    from pypdf import PdfReader
    from pypdf.errors import DependencyError, FileNotDecryptedError, PyPdfError
    with _quiet():
        try:
            reader = PdfReader(io.BytesIO(raw))
            if reader.is_encrypted and not reader.decrypt(""):
                raise InputError(f"{name}: the PDF is encrypted with a password; decrypt it first")
            pages = [page.extract_text() or "" for page in reader.pages]
        except InputError:
            raise
        except (FileNotDecryptedError, DependencyError):
            raise InputError(f"{name}: the PDF is encrypted and cannot be opened here; decrypt it first") from None
        except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError,
                ZeroDivisionError, AssertionError, OSError):
            # a damaged file makes pypdf fail in many ways; none of its messages is shown,
            # as they could quote the file's content
            raise InputError(f"{name}: not a readable PDF") from None
    if not any(page.strip() for page in pages):
        raise InputError(f"{name}: the PDF has no text layer (a scan?); run OCR on it first")
    text = PAGE_BREAK.join(page.strip("\n") for page in pages) + "\n"
    if len(text.encode("utf-8")) > max_bytes:
        raise InputError(f"{name}: its text is above the input limit of {max_bytes / 1e6:.1f} MB "
                         "(raise it with --max-input-mb)")
    return text


def pdf_layout(text: str) -> Layout:
    """The text layer as one piece, written out as text."""
    def assemble(sanitized: Sequence[str]) -> str:
        return sanitized[0]
    return Layout((text,), ("text layer",), assemble, "pdf")
