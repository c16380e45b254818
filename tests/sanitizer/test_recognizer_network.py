"""IP addresses: one recognizer module, its own table."""

from __future__ import annotations

import pytest

from ic_sanitizer.recognizers.universal.network import IPV4, IPV6


@pytest.mark.parametrize(
    "text, found",
    [
        ("login from 192.168.10.24 at noon", "192.168.10.24"),
        ("host 10.0.0.1.", "10.0.0.1"),
        ("see paragraph 3.1.2.4 above", None),  # an outline's number: no part of two digits
        ("version 1.20.300.4000", None),  # not an address: a part above 255
        ("1.2.3.4.5 is no address", None),
        ("routed via 2001:db8::8a2e:370:7334 today", "2001:db8::8a2e:370:7334"),
        ("the link-local fe80::1 address", "fe80::1"),
        ("the hearing at 10:30:15 began", None),  # a time: not a valid IPv6 address
    ],
)
def test_an_address_is_found_when_ipaddress_accepts_it(text, found):
    spans = [*IPV4.find(text), *IPV6.find(text)]
    assert [text[start:end] for start, end in spans] == ([found] if found else [])
