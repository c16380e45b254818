"""What a command's user asked of the engine: one ``EngineOptions`` per run, and the
``Settings`` it makes. Here the CLI's names meet the API's.

Every command that runs the engine (sanitize, review, eval, tune, terms, spark, serve,
proxy) names the engine options it offers (engine_params.py: each declared once, with
the API's default) and makes its options object the same way: ``EngineOptions.of(context)``.
The object reads click's parsed parameters (``context.params``: values already typed, as
enums, paths and numbers) and which of them the user gave. This class is the one place
that knows how a flag becomes a setting: a phrase-list file becomes its phrases,
``--no-cache`` becomes ``use_cache``, ``--rate`` becomes ``rate_limit``,
``--pseudonym-key-file`` becomes the key's bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Mapping, Optional

import typer

from ..errors import ConfigurationError
from ..option_files import read_phrase_list
from ..settings import Settings
from .operator_options import pseudonym_key
from .options import repeatable

#: options whose CLI parameter has the API's name and value
_SAME = (
    "backend",
    "policy",
    "beta",
    "beta_term",
    "w",
    "s2_backend",
    "beta_s2",
    "extractor",
    "zero_count",
    "relatedness",
    "s3_k",
    "cache_dir",
    "reference",
    "workers",
    "allow_web",
    "parallel",
    "mode",
    "language",
)


@dataclass(frozen=True)
class EngineOptions:
    """A command's parameters as parsed, by name, and the names of those the user gave
    (on the command line, through the environment or in the --config file: a default is
    not the user's doing)."""

    params: Mapping[str, Any]
    given: frozenset[str]

    @classmethod
    def of(cls, context: typer.Context) -> "EngineOptions":
        sources = {p.name: context.get_parameter_source(p.name) for p in context.command.params if p.name}
        given = frozenset(
            name
            for name, source in sources.items()
            if source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT", "DEFAULT_MAP")
        )
        return cls(dict(context.params), given)

    def __getitem__(self, name: str) -> Any:
        return self.params[name]

    def get(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)

    def settings(self, **overrides: Any) -> Settings:
        """The Settings these options ask for. Options the command does not offer keep
        Settings' defaults; ``overrides`` (API names and values) replace what they say."""
        options = self.params
        asked = {name: options[name] for name in _SAME if name in options}
        for name in ("allow", "deny"):
            if options.get(name) is not None:
                asked[name] = read_phrase_list(options[name], name)
        if "kinds" in options:
            asked["kinds"] = _split_kinds(options["kinds"])
        if options.get("hide") is not None:
            asked["hide"] = _split_kinds(options["hide"])
        if options.get("allow_regex"):
            asked["allow_regex"] = options["allow_regex"]
        if options.get("countries") is not None:
            asked["countries"] = _split_kinds(options["countries"])
        if "pseudonym_key_file" in options:
            asked["pseudonym_key"] = pseudonym_key(options["pseudonym_key_file"])
        if options.get("operator"):
            asked["operators"] = _kind_modes(options["operator"])
        if "protect" in options:
            asked["protect"] = options["protect"] or ()
        if "no_cache" in options:
            asked["use_cache"] = not options["no_cache"]
        if "rate" in options:
            asked["rate_limit"] = options["rate"]
        return Settings(**{**asked, **overrides})


def _kind_modes(pairs: list[str]) -> dict[str, str]:
    """--operator KIND=MODE, repeated."""
    modes = {}
    for pair in pairs:
        kind, equals, mode = pair.partition("=")
        if not equals or not kind.strip() or not mode.strip():
            raise ConfigurationError(f"--operator wants KIND=MODE (such as date=shift), not {pair!r}")
        modes[kind.strip()] = mode.strip()
    return modes


def _split_kinds(kinds: Optional[str]) -> Optional[list[str]]:
    """A comma-separated list of kinds (or of categories) as given."""
    return None if kinds is None else [k.strip() for k in kinds.split(",") if k.strip()]


class LanguageChoice(str, Enum):
    AUTO = "auto"
    EN = "en"
    ES = "es"
    DE = "de"
    JA = "ja"


LanguageOption = Annotated[
    LanguageChoice,
    typer.Option(
        "--language",
        help="The documents' language: auto detects each one, reads English, Spanish, German and "
        "Japanese each with its own pipeline and refuses a document in a language not supported in "
        "one line; en, es, de or ja reads every document in that language.",
    ),
]


OperatorOption = Annotated[
    Optional[list[str]],
    repeatable(
        "--operator",
        metavar="KIND=MODE",
        help="A mode for one kind of term, over --mode (repeatable): date=shift "
        "(dates moved by one keyed offset, intervals kept), person=hash (a keyed "
        "digest), phone=redact, number=mask, or any mode.",
    ),
]
