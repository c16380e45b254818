"""The mapping file of `sanitize --mapping`: what each placeholder or surrogate stands for,
per document. It holds the originals, so it is written only on request, owner-only
(0600), atomically, and, given a key, encrypted.

Encryption is Fernet (the ``encryption`` extra, ``cryptography``): AES-128-CBC with an
HMAC-SHA256 tag, so a file altered or read with another key is refused, never misread.
The key is a Fernet key (44 characters of URL-safe base64), from a file or from
``$SANITIZER_MAPPING_KEY``; ``sanitizer mapping key -o FILE`` makes one. An encrypted
file is a JSON envelope naming its cipher; its token holds the mapping, so the file
holds no original in clear. Read back with ``sanitizer mapping show FILE --key-file K``
or, from Python::

    from ic_sanitizer.mapping_file import read_mapping
    mapping = read_mapping(Path("map.json"), Path("map.key").read_bytes())
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

from ic_sanitizer.corpus_stats.errors import UnreadableFileError
from ic_sanitizer.corpus_stats.files.safe_files import read_regular_file

from .documents import atomic_write_text
from .errors import ConfigurationError, InputError

MAPPING_SCHEMA = "ic-sanitizer/mapping"
ENCRYPTED_SCHEMA = "ic-sanitizer/mapping-encrypted"
KEY_VARIABLE = "SANITIZER_MAPPING_KEY"
#: a mapping file is small (one entry per replaced entity); anything larger is not one
MAX_MAPPING_BYTES = 256 * 1024 * 1024


def encryption_available() -> Optional[str]:
    """None when cryptography is installed, else what to install."""
    try:
        import cryptography.fernet  # noqa: F401
    except ImportError:
        return "encrypting the mapping needs cryptography: pip install 'ic-sanitizer[encryption]'"
    return None


def _fernet(key: bytes, where: str) -> Any:
    missing = encryption_available()
    if missing is not None:
        raise ConfigurationError(missing)
    from cryptography.fernet import Fernet

    try:
        return Fernet(key.strip())
    except (ValueError, TypeError):
        # the message never shows the key
        raise ConfigurationError(
            f"{where}: not a mapping key (44 characters of URL-safe base64; "
            "make one with `sanitizer mapping key -o FILE`)"
        ) from None


def validate_key(key: bytes, key_source: str) -> None:
    """ConfigurationError unless ``key`` is a Fernet key (and cryptography is installed)."""
    _fernet(key, key_source)


def new_key() -> bytes:
    """A fresh random Fernet key."""
    missing = encryption_available()
    if missing is not None:
        raise ConfigurationError(missing)
    from cryptography.fernet import Fernet

    return Fernet.generate_key()


def mapping_payload(
    mappings: dict[str, dict[str, str]], restores: Optional[dict[str, dict[str, Any]]] = None
) -> dict[str, Any]:
    """Version 2 adds "restore": per document written as one text, what `sanitizer restore`
    needs (restore.py); version 1 files, without it, are still read."""
    return {"schema": MAPPING_SCHEMA, "version": 2, "documents": mappings, "restore": restores or {}}


def write_mapping(
    path: Path,
    mappings: dict[str, dict[str, str]],
    key: Optional[bytes] = None,
    key_source: str = "the mapping key",
    restores: Optional[dict[str, dict[str, Any]]] = None,
) -> None:
    """Per document: value written -> the original it replaced (and, for a document written
    as one text, where each original goes back); owner-only, atomic; encrypted with ``key``
    (a Fernet key) when one is given."""
    plain = json.dumps(mapping_payload(mappings, restores), ensure_ascii=False, indent=1)
    if key is None:
        atomic_write_text(path, plain, private=True)
        return
    token = _fernet(key, key_source).encrypt(plain.encode("utf-8")).decode("ascii")
    envelope = {"schema": ENCRYPTED_SCHEMA, "version": 1, "cipher": "fernet", "token": token}
    atomic_write_text(path, json.dumps(envelope, indent=1) + "\n", private=True)


def read_mapping(path: Path, key: Optional[bytes] = None, key_source: str = "the mapping key") -> dict[str, Any]:
    """A mapping file read back (decrypted with ``key`` when it is encrypted): the
    payload ``{"schema", "version", "documents": {document: {value: original}}}``."""
    try:
        raw = read_regular_file(path, MAX_MAPPING_BYTES)
    except UnreadableFileError as exc:
        raise InputError(str(exc)) from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise InputError(f"{path}: not a mapping file (not UTF-8 JSON)") from None
    if isinstance(data, dict) and data.get("schema") == ENCRYPTED_SCHEMA:
        if key is None:
            raise ConfigurationError(
                f"{path}: the mapping is encrypted; give its key with `key_file` (or ${KEY_VARIABLE})"
            )
        if data.get("cipher") != "fernet" or not isinstance(data.get("token"), str):
            raise InputError(f"{path}: an encrypted mapping of an unknown cipher")
        from cryptography.fernet import InvalidToken

        try:
            plain = _fernet(key, key_source).decrypt(data["token"].encode("ascii"))
        except (InvalidToken, UnicodeEncodeError):
            raise InputError(
                f"{path}: cannot be decrypted with this key (another key, or the file was altered)"
            ) from None
        data = json.loads(plain.decode("utf-8"))
    if (
        not isinstance(data, dict)
        or data.get("schema") != MAPPING_SCHEMA
        or not isinstance(data.get("documents"), dict)
    ):
        raise InputError(f"{path}: not a mapping file (schema {MAPPING_SCHEMA})")
    return data
