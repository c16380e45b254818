"""A privacy proxy in front of a language model (`sanitizer proxy`, the serve extra).

It listens on loopback and takes OpenAI-compatible requests (``/v1/chat/completions``,
``/v1/completions``). Every message of a request is sanitized, as one text so that one
person is one pseudonym in all of them (conversation.py); the request goes to the
upstream the user named with those texts only; the answer comes back with the originals
put in place of the pseudonyms, streamed answers too (restoring.py). The mapping lives
in memory for the request and is never written. An upstream's error is passed on as it
came (it can only quote the sanitized request); an upstream that cannot be reached is
one error of the proxy's own.
"""

from __future__ import annotations

from .app import create_proxy

__all__ = ["create_proxy"]
