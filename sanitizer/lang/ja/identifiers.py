"""Japanese identifiers and addresses by their form.

- Dates: "2024年3月1日", "二〇二四年三月一日", era dates "令和6年", "平成元年5月", "3月1日",
  a year written with its 年 ("2019年").
- Phone numbers: "03-1234-5678", "090-1234-5678", "+81-3-1234-5678", valid Japanese numbers
  (phonenumbers).
- Postcodes "〒100-0001", and addresses from the prefecture to the block number
  ("東京都千代田区丸の内1丁目2番3号", "大阪府大阪市北区梅田3-1-1").
- The Individual Number (マイナンバー, 個人番号): twelve digits after its label, with their check
  digit (python-stdnum); the label stays.
"""

from __future__ import annotations

import re

from stdnum.jp import in_ as individual_number

from ...recognizers.base import Bounds, PatternRecognizer, body
from ...recognizers.pattern_tools import anchored
from ...recognizers.phone_numbers import is_phone_number
from ...terms import TermKind

_JAPANESE = frozenset({"ja"})
_DIGIT = "[0-9０-９]"
_KANJI_DIGIT = "[〇一二三四五六七八九十]"
_ERA = "(?:令和|平成|昭和|大正|明治)"
_COUNT = rf"(?:{_DIGIT}{{1,2}}|{_KANJI_DIGIT}{{1,3}})"
_YEAR = rf"(?:{_ERA}(?:{_DIGIT}{{1,2}}|{_KANJI_DIGIT}{{1,3}}|元)|{_DIGIT}{{4}}|{_KANJI_DIGIT}{{4}})"
_DATE = anchored(
    r"[^0-9０-９〇一二三四五六七八九十]",
    r"[0-9０-９〇一二三四五六七八九十令平昭大明]",
    rf"{_YEAR}年(?:{_COUNT}月(?:{_COUNT}日)?)?|{_COUNT}月{_COUNT}日",
)
_PHONE = anchored(r"[^\d+\-]", r"[0+]", r"(?:\+81[- ]?|0)\d{1,4}[-‐－ ]\d{1,4}[-‐－ ]\d{3,4}(?!\d)")
_POSTCODE = anchored(r"[\s\S]", "〒", r"〒[ \u3000]?\d{3}[-‐－]\d{4}(?!\d)")
_PREFECTURE = r"(?:東京都|北海道|京都府|大阪府|[\u4e00-\u9fff]{2,3}県)"
_ADDRESS = anchored(
    r"[\s\S]",
    r"[\u4e00-\u9fff]",
    rf"{_PREFECTURE}[\u4e00-\u9fff\u3040-\u30ffヶケ]{{1,20}}?{_DIGIT}{{1,4}}(?:丁目|[-‐－])"
    rf"{_DIGIT}{{1,4}}(?:(?:番地?|[-‐－]){_DIGIT}{{1,4}}号?)?",
)
_INDIVIDUAL_NUMBER = anchored(
    r"[\s\S]", r"[マ個]", r"(?:マイナンバー|個人番号)[:：は\s]*(?P<number>\d{4}[ -]?\d{4}[ -]?\d{4})(?!\d)"
)


def _valid_phone(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    return (start, end) if is_phone_number(text[start:end], "JP") else None


def _valid_individual_number(text: str, match: re.Match) -> Bounds:
    start, end = body(match, "number")
    return (start, end) if individual_number.is_valid(text[start:end]) else None


DATE = PatternRecognizer(
    "ja_date",
    TermKind.DATE,
    _DATE,
    languages=_JAPANESE,
    summary="2024年3月1日, 二〇二四年三月一日, 令和6年, 平成元年5月, 3月1日, 2019年",
)
PHONE = PatternRecognizer(
    "ja_phone",
    TermKind.PHONE,
    _PHONE,
    _valid_phone,
    languages=_JAPANESE,
    country="JP",
    summary="03-1234-5678, 090-1234-5678, +81-3-1234-5678 (valid numbers, phonenumbers)",
)
POSTCODE = PatternRecognizer("ja_postcode", TermKind.LOCATION, _POSTCODE, languages=_JAPANESE, summary="〒100-0001")
ADDRESS = PatternRecognizer(
    "ja_address",
    TermKind.LOCATION,
    _ADDRESS,
    languages=_JAPANESE,
    summary="東京都千代田区丸の内1丁目2番3号, 大阪府大阪市北区梅田3-1-1",
)
INDIVIDUAL_NUMBER = PatternRecognizer(
    "ja_individual_number",
    TermKind.CODE,
    _INDIVIDUAL_NUMBER,
    _valid_individual_number,
    languages=_JAPANESE,
    country="JP",
    summary="マイナンバー: 6214 9832 0257 (check digit by python-stdnum)",
)
