"""The shift operator and a mode per kind: dates moved by one keyed offset, intervals kept."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest

from ic_sanitizer import ConfigurationError, Sanitizer, Settings, TermKind
from ic_sanitizer.date_shift import offset_days, shift_mention

from ..conftest import TAB_DIR, shared_data

KEY = b"a secret key of 32 bytes or so.."


@pytest.mark.parametrize(
    "mention, days, shifted",
    [
        ("12 March 1961", 410, "26 April 1962"),
        ("March 2004", 410, "April 2005"),
        ("2004", 410, "2005"),
        ("2004", -400, "2003"),
        ("12 and 14 May 2010", 410, "26 and 28 June 2011"),
        ("between 9.30 p.m. and 10.15 p.m. on 12 March 2004", 410, "between 9.30 p.m. and 10.15 p.m. on 26 April 2005"),
        ("Tuesday 12 March 2002", 410, "Saturday 26 April 2003"),
        ("12.03.2005", 410, "26.04.2006"),
        ("1961-03-12", 410, "1962-04-26"),
        ("1st July 2001", 410, "15th August 2002"),
        ("Sept. 2001", 410, "Oct. 2002"),
        ("05 May 2001", 410, "19 June 2002"),
        ("the 99th day of March 2004", 410, None),  # a number it cannot place: the placeholder, never in clear
    ],
)
def test_a_mention_is_shifted_in_its_own_form(mention, days, shifted):
    assert shift_mention(mention, days) == shifted


def test_offsets_are_keyed_and_at_least_a_year():
    offsets = {offset_days(KEY, f"document {n}") for n in range(200)}
    assert all(395 <= abs(days) <= 1065 and 30 <= abs(days) % 365 <= 335 for days in offsets) and len(offsets) > 150
    assert (
        offset_days(KEY, "jane roe") == offset_days(KEY, "jane roe") != offset_days(b"another key....." * 2, "jane roe")
    )


def test_each_kind_takes_its_own_mode_and_bad_ones_are_refused():
    text = "Mr John Smith was admitted on 3 May 2010 and left on 17 May 2010. Smith paid EUR 7,360.\n"
    settings = Settings(
        use_cache=False, pseudonym_key=KEY, operators={"date": "shift", "person": "hash", "amount": "mask"}
    )
    with Sanitizer(settings) as sanitizer:
        first, again = (sanitizer.sanitize(text).text for _ in range(2))
    assert first == again and "May 2010" not in first and "[~1,000]" in first
    assert len(set(re.findall(r"\[PERSON:[0-9a-f]{12}\]", first))) == 1  # one person, one digest
    for operators, message in [
        ({"person": "shift"}, "shift moves dates"),
        ({"date": "nope"}, "`operators`"),
        ({"nokind": "tag"}, "`operators`"),
    ]:
        with pytest.raises(ConfigurationError, match=message):
            Settings(operators=operators)


_FULL_DATE = re.compile(
    r"\b(\d{1,2}) (January|February|March|April|May|June|July|August|September|October|"
    r"November|December) (\d{4})\b"
)


def _days(match: re.Match) -> int | None:
    try:
        return dt.datetime.strptime(" ".join(match.groups()), "%d %B %Y").toordinal()
    except ValueError:  # a date no calendar has ("31 September"), as some judgments write
        return None


def test_every_tab_date_is_shifted_and_every_interval_kept(tmp_path):
    shared_data(TAB_DIR)
    texts = json.loads((TAB_DIR / "texts.json").read_text(encoding="utf-8"))
    settings = Settings(cache_dir=tmp_path / "cache", pseudonym_key=KEY, operators={"date": "shift"})
    with Sanitizer(settings) as sanitizer:
        ids = sorted(texts)
        results = dict(zip(ids, sanitizer.sanitize_many([texts[i] for i in ids])))
    unshifted, broken, dates = [], [], 0
    for doc_id, result in results.items():
        pairs = []  # (original day, shifted day) of each full date
        for r in result.replacements:
            if r.kind is not TermKind.DATE:
                continue
            dates += 1
            original = texts[doc_id][r.start : r.end]
            if r.replacement == original:
                unshifted.append(original)
            before, after = list(_FULL_DATE.finditer(original)), list(_FULL_DATE.finditer(r.replacement))
            if len(before) == len(after):
                pairs += [(_days(b), _days(a)) for b, a in zip(before, after) if _days(b) is not None]
        if len({shifted - original for original, shifted in pairs if shifted is not None}) > 1:
            broken.append(doc_id)
    assert dates > 1000 and unshifted == [] and broken == []


def test_a_policy_gives_kinds_their_modes_and_the_user_overrides_them(tmp_path):
    from ic_sanitizer.policy import load_policy, policy_to_dict

    data = policy_to_dict(load_policy("default"))
    data["operators"] = {"date": "shift", "person": "redact"}
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    text = "Mr John Smith was admitted on 3 May 2010.\n"
    with Sanitizer(Settings(policy=str(path), use_cache=False, pseudonym_key=KEY)) as sanitizer:
        shifted = sanitizer.sanitize(text).text
    assert "[REDACTED]" in shifted and "May 2010" not in shifted and "[DATE-1]" not in shifted
    with Sanitizer(Settings(policy=str(path), use_cache=False, operators={"person": "tag"})) as sanitizer:
        assert "[PERSON-1]" in sanitizer.sanitize(text).text
    data["operators"] = {"person": "shift"}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ConfigurationError, match="'operators': shift moves dates"):
        Sanitizer(Settings(policy=str(path), use_cache=False))
