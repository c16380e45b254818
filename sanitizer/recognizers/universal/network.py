"""IP addresses, IPv4 and IPv6, each checked by the standard library's ``ipaddress``.

An address ties a message to a machine and often to a person. Dotted numbers are also
section numbers ("paragraph 3.1.2.4"): a dotted quad is taken only when one of its parts
has two digits or more, as an address almost always has and an outline almost never.
"""

from __future__ import annotations

import ipaddress
import re

from ...terms import TermKind
from ..base import Bounds, PatternRecognizer, body
from ..pattern_tools import anchored

_IPV4 = anchored(r"[^\w.]", r"\d", r"\d{1,3}(?:\.\d{1,3}){3}(?!\.?\w)")
_IPV6 = anchored(r"[^\w:.]", r"[0-9A-Fa-f:]", r"[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?![\w:])")


def _is_address(candidate: str) -> bool:
    try:
        ipaddress.ip_address(candidate)
    except ValueError:
        return False
    return True


def _ipv4(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    candidate = text[start:end]
    return (start, end) if _is_address(candidate) and any(len(part) > 1 for part in candidate.split(".")) else None


def _ipv6(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    return (start, end) if _is_address(text[start:end]) else None


IPV4 = PatternRecognizer("ipv4", TermKind.CODE, _IPV4, _ipv4, summary="192.168.10.24 (checked by ipaddress)")
IPV6 = PatternRecognizer("ipv6", TermKind.CODE, _IPV6, _ipv6, summary="2001:db8::8a2e:370:7334 (checked by ipaddress)")
