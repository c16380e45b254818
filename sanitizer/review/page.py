"""The review page: one self-contained HTML file, written owner-only.

Everything is inline (style, script, data): no server, no network, no external
script or font, so it works from a file:// URL offline. A Content-Security-Policy
allows only this page's own style and script (by their SHA-256) and forbids every
fetch, so even a bug cannot make the page send anything. The documents travel as JSON
inside ``<script type="application/json">``, with ``<``, ``>`` and ``&`` escaped, so
that no document text ("</script>", "<!--") can end that element or be read as markup;
the script puts text into the page as text nodes only.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any, Mapping, Sequence

from ..documents import atomic_write_text
from ..redaction import REDACTED_MARKER
from ..terms import TermKind
from .data import ReviewDocument, document_data
from .decisions import DECISIONS_SCHEMA, DECISIONS_SCHEMA_VERSION, DECISIONS_WARNING

PAGE_SCHEMA = "ic-sanitizer/review-page"
PAGE_SCHEMA_VERSION = 1
_MARKER = re.compile(r"@@(CSP|STYLE|PREVIEW|SCRIPT|DATA)@@")
#: characters that could end the data's <script> element or open a comment in it
_SCRIPT_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath("assets").joinpath(name).read_text(encoding="utf-8")


def script_json(payload: Any) -> str:
    """JSON that is safe inside a <script> element whatever strings it holds."""
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return re.sub("[<>&\u2028\u2029]", lambda m: _SCRIPT_ESCAPES[m.group()], text)


def _source_hash(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode("utf-8")).digest()).decode("ascii") + "'"


def content_security_policy(style: str, scripts: Sequence[str]) -> str:
    script_hashes = " ".join(_source_hash(script) for script in scripts)
    return (
        f"default-src 'none'; script-src {script_hashes}; style-src {_source_hash(style)}; "
        "img-src 'none'; font-src 'none'; connect-src 'none'; media-src 'none'; object-src 'none'; "
        "frame-src 'none'; worker-src 'none'; base-uri 'none'; form-action 'none'"
    )


def page_data(documents: Sequence[ReviewDocument], settings: Mapping[str, Any], tau: float) -> dict[str, Any]:
    mode = documents[0].mode.value if documents else "tag"
    return {
        "schema": PAGE_SCHEMA,
        "schema_version": PAGE_SCHEMA_VERSION,
        "mode": mode,
        "marker": REDACTED_MARKER,
        "tau": tau,
        "settings": dict(settings),
        "kinds": [kind.value for kind in TermKind],
        "decisions_schema": DECISIONS_SCHEMA,
        "decisions_schema_version": DECISIONS_SCHEMA_VERSION,
        "decisions_warning": DECISIONS_WARNING,
        "documents": [document_data(document) for document in documents],
    }


def review_page(documents: Sequence[ReviewDocument], settings: Mapping[str, Any], tau: float) -> str:
    """The page's HTML."""
    style, preview, script = _asset("review.css"), _asset("preview.js"), _asset("review.js")
    parts = {
        "CSP": content_security_policy(style, [preview, script]),
        "STYLE": style,
        "PREVIEW": preview,
        "SCRIPT": script,
        "DATA": script_json(page_data(documents, settings, tau)),
    }
    # One pass, so that nothing inserted is searched for markers again.
    return _MARKER.sub(lambda m: parts[m.group(1)], _asset("review.html"))


def write_review_page(path: Path, html: str) -> None:
    """Atomically, readable by its owner only: the page holds the sensitive terms in clear."""
    atomic_write_text(path, html, private=True)
