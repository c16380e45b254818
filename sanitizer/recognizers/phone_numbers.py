"""Whether phonenumbers reads a number as a phone of a country: the one call the phone
recognizers of every language share. phonenumbers is imported on the first number
checked: its import was a fortieth of a one-line run, and most texts hold no phone."""

from __future__ import annotations

from typing import Optional


def is_phone_number(text: str, region: Optional[str], possible: bool = False) -> bool:
    """Whether ``text`` is a valid phone number of ``region`` (ISO 3166 alpha-2; None when
    it starts with "+" and its country code), or with ``possible`` one of a length that
    country's numbers have."""
    import phonenumbers

    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number(number) or possible and phonenumbers.is_possible_number(number)
