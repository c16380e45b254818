"""The engine's options, declared once, with the API's defaults.

Every command that runs the engine (sanitize, review, eval, tune, terms, spark, serve,
proxy) declares its own arguments and options in its signature, as typer reads them, and
names the engine options it offers: ``@engine_options("backend", "policy", ...)`` adds
them after its own. Each is declared here once, with its flag, help and type (options.py)
and its default, which is Settings' (the Python API's): a run that gives no option runs
what ``Settings()`` runs. A command reads them as it reads any option, through
``EngineOptions.of(context)`` (engine_options.py), which makes the Settings.
"""

from __future__ import annotations

import functools
import inspect
from dataclasses import fields
from typing import Any, Callable, TypeVar

from ..settings import Settings
from .engine_options import LanguageChoice, LanguageOption, OperatorOption
from .operator_options import KeyFileOption
from .options import (
    AllowOption,
    AllowRegexOption,
    AllowWebOption,
    BackendOption,
    BetaOption,
    BetaS2Option,
    BetaTermOption,
    CacheDirOption,
    CountriesOption,
    DenyOption,
    ExtractorOption,
    HideOption,
    KindsOption,
    ModeOption,
    NoCacheOption,
    ParallelOption,
    PolicyOption,
    ProtectOption,
    RateOption,
    ReferenceOption,
    RelatednessOption,
    S2BackendOption,
    S3KOption,
    WOption,
    WorkersOption,
    ZeroCountOption,
)

F = TypeVar("F", bound=Callable[..., Any])

_API = {field.name: field.default for field in fields(Settings)}

#: option -> (its annotated type: flag, help, parser; its default, the API's)
ENGINE_OPTIONS: dict[str, tuple[Any, Any]] = {
    "backend": (BackendOption, _API["backend"]),
    "beta": (BetaOption, _API["beta"]),
    "beta_term": (BetaTermOption, _API["beta_term"]),
    "s2_backend": (S2BackendOption, _API["s2_backend"]),
    "beta_s2": (BetaS2Option, _API["beta_s2"]),
    "w": (WOption, _API["w"]),
    "policy": (PolicyOption, _API["policy"]),
    "allow": (AllowOption, None),  # a file of phrases (the API takes the phrases)
    "allow_regex": (AllowRegexOption, None),
    "deny": (DenyOption, None),
    "mode": (ModeOption, _API["mode"]),
    "operator": (OperatorOption, None),
    "language": (LanguageOption, LanguageChoice(_API["language"])),
    "zero_count": (ZeroCountOption, _API["zero_count"]),
    "kinds": (KindsOption, _API["kinds"]),
    "hide": (HideOption, None),
    "countries": (CountriesOption, _API["countries"]),
    "reference": (ReferenceOption, _API["reference"]),
    "relatedness": (RelatednessOption, _API["relatedness"]),
    "protect": (ProtectOption, None),
    "s3_k": (S3KOption, _API["s3_k"]),
    "extractor": (ExtractorOption, _API["extractor"]),
    "cache_dir": (CacheDirOption, _API["cache_dir"]),
    "no_cache": (NoCacheOption, not _API["use_cache"]),
    "workers": (WorkersOption, _API["workers"]),
    "allow_web": (AllowWebOption, _API["allow_web"]),
    "parallel": (ParallelOption, _API["parallel"]),
    "rate": (RateOption, _API["rate_limit"]),
    "pseudonym_key_file": (KeyFileOption, None),
}

#: the corpora: S1's back-end, S2's and S2's β there
CORPORA = ("backend", "s2_backend", "beta_s2")
#: the dial: β (or the term that sets it) and S2's w
DIAL = ("beta", "beta_term", "w")
#: the policy and the user's lists over it
POLICY = ("policy", "allow", "allow_regex", "deny")
#: which terms are candidates and what else decides them
CHOOSING = ("zero_count", "kinds", "hide", "countries", "reference")
#: the stages beyond S1 and S2, and the user's own terms
PROTECTING = ("relatedness", "protect", "s3_k")
#: what a removed term becomes
WRITING = ("mode", "operator", "pseudonym_key_file")
#: what is opened, and how
OPENING = ("extractor", "language", "cache_dir", "no_cache", "workers", "allow_web", "parallel", "rate")


#: the options that say where and how fast a run goes, not what it writes
HOW_IT_RUNS = frozenset({"cache_dir", "no_cache", "workers", "parallel", "rate"})


def flag_of(name: str) -> str:
    """An engine option's long flag: its name with dashes ("beta_s2" → "--beta-s2"; a test holds every option to it)."""
    return "--" + name.replace("_", "-")


def engine_options(*names: str) -> Callable[[F], F]:
    """Add the engine options ``names`` (ENGINE_OPTIONS) to a command's signature, after
    its own parameters; the command reads them through EngineOptions.of(context)."""
    unknown = [name for name in names if name not in ENGINE_OPTIONS]
    if unknown:
        raise ValueError(f"no engine option {', '.join(unknown)}")

    def decorate(command: F) -> F:
        own = inspect.signature(command, eval_str=True)
        added = [
            inspect.Parameter(
                name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=ENGINE_OPTIONS[name][0],
                default=ENGINE_OPTIONS[name][1],
            )
            for name in names
        ]
        parameters = [*own.parameters.values(), *added]

        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            return command(*args, **{name: value for name, value in kwargs.items() if name in own.parameters})

        run.__signature__ = own.replace(parameters=parameters)  # type: ignore[attr-defined]
        run.__annotations__ = {parameter.name: parameter.annotation for parameter in parameters}
        return run  # type: ignore[return-value]

    return decorate
