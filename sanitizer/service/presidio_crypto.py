"""Presidio's reversible operator: ``encrypt`` in /anonymize, ``decrypt`` in /deanonymize.

The format is Presidio's, so that a value encrypted by either is decrypted by the other:
AES in CBC mode under the caller's key (16, 24 or 32 bytes of its UTF-8), PKCS7 padding,
a random 16-byte IV before the ciphertext, URL-safe base64. It carries no authentication
tag (Presidio's choice): it hides a value; it does not prove that nobody changed it.
Needs ``cryptography`` (the encryption extra).
"""

from __future__ import annotations

import base64
import binascii
import os
from typing import Any, Mapping

from ..errors import InputError
from ..extras import missing


def _key(operator: Mapping[str, Any]) -> bytes:
    key = str(operator.get("key", "")).encode("utf-8")
    if len(key) * 8 not in (128, 192, 256):
        raise InputError("encrypt and decrypt need a key of 128, 192 or 256 bits (16, 24 or 32 bytes)")
    return key


def _cipher(key: bytes, iv: bytes) -> Any:
    reason = missing("encryption", "encrypt and decrypt")
    if reason is not None:
        raise InputError(reason)
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    return Cipher(algorithms.AES(key), modes.CBC(iv))


def encrypt(original: str, operator: Mapping[str, Any]) -> str:
    key = _key(operator)
    iv = os.urandom(16)
    encryptor = _cipher(key, iv).encryptor()
    from cryptography.hazmat.primitives import padding

    padder = padding.PKCS7(128).padder()
    padded = padder.update(original.encode("utf-8")) + padder.finalize()
    return base64.urlsafe_b64encode(iv + encryptor.update(padded) + encryptor.finalize()).decode("ascii")


def decrypt(value: str, operator: Mapping[str, Any]) -> str:
    key = _key(operator)
    try:
        raw = base64.urlsafe_b64decode(value.encode("ascii"))
        decryptor = _cipher(key, raw[:16]).decryptor()
        from cryptography.hazmat.primitives import padding

        unpadder = padding.PKCS7(128).unpadder()
        plain = decryptor.update(raw[16:]) + decryptor.finalize()
        return (unpadder.update(plain) + unpadder.finalize()).decode("utf-8")
    except (ValueError, UnicodeError, binascii.Error):
        raise InputError("a value does not decrypt with this key (not encrypted by it, or changed)") from None
