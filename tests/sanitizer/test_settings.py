"""Settings: what a run was asked, checked once; the engine opened from it; sweeps on open resources."""

from __future__ import annotations

import json
import pickle
from dataclasses import fields, replace
from pathlib import Path

import pytest

from ic_sanitizer import ConfigurationError, Mode, Sanitizer, Settings, TermKind, ZeroCountPolicy
from ic_sanitizer.cli.engine_options import EngineOptions
from ic_sanitizer.corpus_stats import open_backend
from ic_sanitizer.evaluation import GoldStandard
from ic_sanitizer.policy import load_policy
from ic_sanitizer.resources import Resources
from ic_sanitizer.scoring import Relatedness
from ic_sanitizer.terms import KIND_FAMILIES, with_refinements
from ic_sanitizer.tuning import BetaSetting, sweep

from ..conftest import PAPER_COUNTS, PAPER_TEXT, write_table

PAPER_TERM = "acquired immunodeficiency syndrome"


def _paper(**options) -> Settings:
    return Settings(
        f"table:{PAPER_COUNTS}",
        **{"policy": "paper", "beta_term": PAPER_TERM, "use_cache": False, "workers": 1, **options},
    )


def test_settings_store_what_strings_and_lists_stand_for():
    settings = Settings(
        mode="redact",
        zero_count="keep",
        kinds=["name", "date"],
        allow=["Warsaw"],
        deny=iter(["x"]),
        relatedness="npmi",
        protect=["Jan Kowalski", "  "],
        cache_dir="counts",
    )
    assert settings.mode is Mode.REDACT and settings.zero_count is ZeroCountPolicy.KEEP
    assert settings.kinds == with_refinements(KIND_FAMILIES["name"] | KIND_FAMILIES["date"])  # "work" is a name
    assert (settings.allow, settings.deny, settings.protect) == (("Warsaw",), ("x",), ("Jan Kowalski",))
    assert settings.relatedness is Relatedness.NPMI and settings.cache_dir == Path("counts")
    assert settings == Settings(
        mode=Mode.REDACT,
        zero_count=ZeroCountPolicy.KEEP,
        relatedness="npmi",
        kinds=sorted(settings.kinds, key=lambda k: k.value),
        allow=("Warsaw",),
        deny=["x"],
        protect=("Jan Kowalski",),
        cache_dir=Path("counts"),
    )


@pytest.mark.parametrize(
    "options, message",
    [
        ({"w": 1.5}, "`w` must lie in [0, 1]"),
        ({"beta": 3.0, "beta_term": "x"}, "give either `beta` or `beta_term`, not both"),
        ({"beta": -1.0}, "`beta` must be a finite positive number of bits"),
        ({"beta_s2": float("inf")}, "`beta_s2` must be a finite positive number of bits"),
        ({"beta_term": "  "}, "`beta_term` is empty"),
        ({"parallel": 0}, "`parallel` must be at least 1 and `rate_limit` positive"),
        ({"rate_limit": 0.0}, "`parallel` must be at least 1 and `rate_limit` positive"),
        ({"kinds": ["nothing"]}, "`kinds`: unknown term kind"),
        ({"kinds": []}, "`kinds` names no kind"),
        ({"relatedness": "dice"}, "`relatedness` must be one of pmi, npmi, pmi-lower-bound"),
        ({"s3_k": 0}, "`s3_k` must be a whole number ≥ 1"),
    ],
    ids=[
        "w",
        "beta-and-term",
        "beta-negative",
        "beta-s2-infinite",
        "term-empty",
        "parallel",
        "rate",
        "kind-unknown",
        "kinds-empty",
        "relatedness",
        "s3-k",
    ],
)
def test_settings_refuse_a_bad_option_naming_it(options, message):
    with pytest.raises(ConfigurationError) as raised:
        Settings(**options)
    assert message in str(raised.value)


def test_an_unknown_mode_or_zero_count_rule_is_a_configuration_error_naming_the_parameter():
    with pytest.raises(ConfigurationError, match="`mode` must be one of suppress, redact, tag"):
        Settings(mode="loud")
    with pytest.raises(ConfigurationError, match="`zero_count` must be one of"):
        Settings(zero_count="maybe")


def test_settings_pickle_and_read_back_from_their_json_form():
    fitted = replace(load_policy("default"), name="fitted")
    settings = Settings(
        "wordfreq",
        policy=fitted,
        beta=12.0,
        kinds=["name"],
        allow=["Warsaw"],
        protect=["Jan"],
        cache_dir="/tmp/counts",
        rate_limit=2.0,
        parallel=4,
    )
    assert pickle.loads(pickle.dumps(settings)) == settings
    written = json.loads(json.dumps(settings.to_json()))
    assert written["policy"]["name"] == "fitted" and written["kinds"] == sorted(
        k.value for k in with_refinements(KIND_FAMILIES["name"])
    )
    assert Settings.from_json(written) == settings
    assert set(written) == {f.name for f in fields(Settings)} - {"pseudonym_key"}  # a secret: never written


def test_an_open_backend_is_written_by_its_name():
    settings = Settings(open_backend(f"table:{PAPER_COUNTS}"))
    assert settings.to_json()["backend"] == "table"


def test_settings_from_json_refuse_an_unknown_option():
    with pytest.raises(ConfigurationError, match="unknown option"):
        Settings.from_json({"beta": 12.0, "betta": 1})


def test_keywords_build_the_settings_the_engine_exposes():
    with Sanitizer(
        f"table:{PAPER_COUNTS}", policy="paper", beta_term=PAPER_TERM, use_cache=False, workers=1
    ) as sanitizer:
        assert sanitizer.settings == _paper()
    with Sanitizer(_paper()) as sanitizer:
        assert sanitizer.settings == _paper()


def test_a_sanitizer_takes_settings_or_keywords_not_both():
    with pytest.raises(TypeError):
        Sanitizer(_paper(), w=0.4)


def test_a_new_point_runs_on_the_open_resources_and_asks_nothing_again():
    text = PAPER_TEXT.read_text(encoding="utf-8")
    with Sanitizer(_paper()) as base:
        base.sanitize(text)
        asked_before = base.counter.stats()
        point = Sanitizer(replace(base.settings, w=0.9), resources=base.resources)
        result = point.sanitize(text)
        assert point.counter is base.counter and point.resources is base.resources
        assert result.queries.issued == 0 and base.counter.stats().issued == asked_before.issued
    with Sanitizer(replace(_paper(), w=0.9)) as fresh:
        opened = fresh.sanitize(text)
    assert opened.queries.issued > 0 and opened == replace(result, queries=opened.queries)


class _CountedCloses(Resources):
    closes = 0

    def close(self) -> None:
        self.closes += 1
        super().close()


def test_a_sanitizer_closes_only_the_resources_it_opened(tmp_path):
    resources = _CountedCloses(_paper(cache_dir=tmp_path, use_cache=True))
    with Sanitizer(replace(resources.settings, w=0.2), resources=resources):
        pass
    assert resources.closes == 0
    resources.close()


def test_open_resources_refuse_settings_that_open_other_things(tmp_path):
    other = write_table(tmp_path / "other.json", 10**6, {"x": 1})
    with Sanitizer(_paper()) as base:
        with pytest.raises(ConfigurationError, match="`backend`, `workers`"):
            Sanitizer(replace(base.settings, backend=f"table:{other}", workers=2), resources=base.resources)


def test_a_sweep_point_decides_as_a_sanitizer_opened_for_its_settings():
    text = PAPER_TEXT.read_text(encoding="utf-8")
    gold = GoldStandard(format="terms", terms={"d": {PAPER_TERM}})
    with Sanitizer(_paper()) as base:
        rows = sweep(base, {"d": text}, gold, [BetaSetting("12", bits=12.0)], [0.3], keep_spans=True)
    with Sanitizer(replace(_paper(), beta_term=None, beta=12.0, w=0.3)) as fresh:
        expected = [(r.start, r.end) for r in fresh.sanitize(text).replacements]
    assert (rows[1].stage, rows[1].w) == ("S1+S2", 0.3)
    assert rows[1].spans is not None and rows[1].spans["d"] == expected and expected


def test_cli_options_become_the_api_s_settings(tmp_path):
    allow = tmp_path / "allow.txt"
    allow.write_text("# a comment\nWarsaw\n", encoding="utf-8")
    options = {
        "backend": "wordfreq",
        "allow": allow,
        "deny": None,
        "kinds": "name, date",
        "no_cache": True,
        "rate": 2.0,
        "mode": Mode.PSEUDONYM,
        "protect": None,
        "zero_count": ZeroCountPolicy.KEEP,
        "parallel": 8,
        "workers": 2,
        "json_output": True,
        "source": "-",
    }
    assert EngineOptions(options, frozenset()).settings(workers=1) == Settings(
        "wordfreq",
        allow=["Warsaw"],
        kinds=["name", "date"],
        use_cache=False,
        rate_limit=2.0,
        mode="pseudonym",
        zero_count="keep",
        parallel=8,
        workers=1,
    )
    assert TermKind.PERSON in EngineOptions(options, frozenset()).settings().kinds
