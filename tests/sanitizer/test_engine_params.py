"""The engine's options are declared once (cli/engine_params.py), and a command's defaults are the API's."""

from __future__ import annotations

import pytest

from ic_sanitizer.cli.app import command_tree
from ic_sanitizer.cli.engine_options import EngineOptions
from ic_sanitizer.cli.engine_params import ENGINE_OPTIONS, engine_options
from ic_sanitizer.settings import Settings

#: the Settings field an option sets, where its name is not the field's
_FIELD = {"no_cache": "use_cache", "rate": "rate_limit", "pseudonym_key_file": "pseudonym_key", "operator": "operators"}
ENGINE_COMMANDS = ("sanitize", "terms", "eval", "tune", "review", "serve", "proxy", "spark")


def _options(name: str) -> dict:
    command = command_tree().commands[name]
    return {param.name: param for param in command.params if param.param_type_name == "option"}


@pytest.mark.parametrize("name", ENGINE_COMMANDS)
def test_a_commands_engine_options_default_to_the_apis(name):
    options = _options(name)
    offered = [option for option in ENGINE_OPTIONS if option in options]
    assert offered, name
    settings = EngineOptions({option: param.default for option, param in options.items()}, frozenset()).settings()
    api = Settings()
    for option in offered:
        if name == "proxy" and option == "mode":
            continue  # the proxy offers only the modes whose values can be put back (its own option)
        field = _FIELD.get(option, option)
        assert getattr(settings, field) == getattr(api, field), (name, option)


@pytest.mark.parametrize("name", ENGINE_COMMANDS)
def test_an_engine_option_has_one_flag_and_help_in_every_command(name):
    reference = _options("sanitize")
    for option, param in _options(name).items():
        if (
            option in ENGINE_OPTIONS
            and option in reference
            and not (name in ("proxy", "spark") and option in ("mode", "rate"))
        ):
            assert (param.opts, param.help) == (reference[option].opts, reference[option].help), (name, option)


def test_an_unknown_engine_option_is_refused_where_it_is_named():
    with pytest.raises(ValueError, match="no engine option nosuch"):
        engine_options("backend", "nosuch")


@pytest.mark.parametrize("name", ENGINE_COMMANDS)
def test_every_engine_options_flag_is_its_name_with_dashes(name):
    from ic_sanitizer.cli.engine_params import flag_of

    for option, param in _options(name).items():
        if option in ENGINE_OPTIONS:
            assert flag_of(option) == max(param.opts, key=len), (name, option)
