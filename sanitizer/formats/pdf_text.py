"""PDF files: their text layer, extracted by pypdf (the ``pdf`` extra), is sanitized and
written as plain text (UTF-8), pages separated by a form feed ("\\f") on a line of its
own. The PDF itself is never rewritten: its pages, fonts and images keep every
identifier, so it must not be published in place of the text. A PDF with no text layer
(a scan) or one that cannot be opened without a password is refused in one line.

Limits before the work: text extraction costs time in proportion to the page content it
reads, and pages may share one content stream (or one form drawn on every page), so a
small file can make pypdf read gigabytes. The decoded content of every page (its
content streams and the forms it draws, counted once per page that draws them) is
summed before any text is extracted; above ``MAX_CONTENT_RATIO`` times the input limit
the PDF is refused. A single stream may inflate to ``MAX_STREAM_RATIO`` times the input
limit (at most pypdf's own cap, 75 MB); beyond it the PDF is refused, so that a bomb
costs at most that much memory.
"""

from __future__ import annotations

import io
import logging
import warnings
from contextlib import contextmanager
from typing import Any, Iterator, Sequence

from ..documents import megabytes
from ..errors import InputError
from .layout import Layout

PAGE_BREAK = "\n\f\n"
#: the most decoded page content a PDF may hold, as a multiple of the input limit (its
#: drawing operators around the text take several times the text's size)
MAX_CONTENT_RATIO = 8
#: the most one stream may inflate to, as a multiple of the input limit, and in bytes
MAX_STREAM_RATIO = 2
_PYPDF_STREAM_CAP = 75_000_000
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
    from pypdf import PdfReader, apply_configuration
    from pypdf.errors import DependencyError, FileNotDecryptedError, LimitReachedError, PyPdfError

    cap = min(_PYPDF_STREAM_CAP, MAX_STREAM_RATIO * max_bytes)
    with (
        _quiet(),
        apply_configuration(
            zlib_maximum_output_length=cap,
            lzw_maximum_output_length=cap,
            run_length_maximum_output_length=cap,
            array_based_stream_maximum_output_length=cap,
        ),
    ):
        try:
            reader = PdfReader(io.BytesIO(raw))
            if reader.is_encrypted and not reader.decrypt(""):
                raise InputError(f"{name}: the PDF is encrypted with a password; decrypt it first")
            content = sum(_content_bytes(page) for page in reader.pages)
            if content > MAX_CONTENT_RATIO * max_bytes:
                raise InputError(
                    f"{name}: its pages' content unpacks to {megabytes(content)}, above "
                    f"{MAX_CONTENT_RATIO} times the input limit (raise it with `max_input_mb`)"
                )
            pages = [page.extract_text() or "" for page in reader.pages]
        except InputError:
            raise
        except LimitReachedError:
            raise InputError(
                f"{name}: a stream of the PDF unpacks beyond pypdf's limit (a decompression bomb?); refused"
            ) from None
        except (FileNotDecryptedError, DependencyError):
            raise InputError(f"{name}: the PDF is encrypted and cannot be opened here; decrypt it first") from None
        except (
            PyPdfError,
            ValueError,
            KeyError,
            TypeError,
            AttributeError,
            IndexError,
            RecursionError,
            ZeroDivisionError,
            AssertionError,
            OSError,
        ):
            # a damaged file makes pypdf fail in many ways; none of its messages is shown,
            # as they could quote the file's content
            raise InputError(f"{name}: not a readable PDF") from None
    if not any(page.strip() for page in pages):
        raise InputError(f"{name}: the PDF has no text layer (a scan?); run OCR on it first")
    text = PAGE_BREAK.join(page.strip("\n") for page in pages) + "\n"
    if len(text.encode("utf-8")) > max_bytes:
        raise InputError(
            f"{name}: its text is above the input limit of {megabytes(max_bytes)} (raise it with `max_input_mb`)"
        )
    return text


def _content_bytes(page: Any) -> int:
    """The decoded size of what text extraction reads for ``page``: its content streams
    and the forms it draws, nested forms included (each once per page: a cycle of forms
    ends there)."""
    total, seen = 0, set()
    pending = [page.get("/Contents"), *_forms(page.get("/Resources"))]
    while pending:
        item = pending.pop()
        if item is None:
            continue
        resolved = item.get_object()
        if isinstance(resolved, list):
            pending.extend(resolved)
        elif id(resolved) not in seen and hasattr(resolved, "get_data"):
            seen.add(id(resolved))
            total += len(resolved.get_data())
            pending.extend(_forms(resolved.get("/Resources")))
    return total


def _forms(resources: Any) -> list[Any]:
    """The form XObjects a resource dictionary names."""
    if resources is None:
        return []
    xobjects = resources.get_object().get("/XObject")
    if xobjects is None:
        return []
    return [value for value in xobjects.get_object().values() if value.get_object().get("/Subtype") == "/Form"]


def pdf_layout(text: str) -> Layout:
    """The text layer as one piece, written out as text."""

    def assemble(sanitized: Sequence[str]) -> str:
        return sanitized[0]

    return Layout((text,), ("text layer",), assemble, "pdf")
