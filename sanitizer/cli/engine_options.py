"""The engine's ``Settings`` from a command's options: where the CLI's names meet the API's.

Every command that runs the engine (sanitize, review, eval, tune, terms) declares the
options it offers in its signature, as typer needs, and hands them here as they came
(``locals()`` at the top of its body); this module alone knows how a flag becomes a
setting: a phrase-list file becomes its phrases, ``--no-cache`` becomes ``use_cache``,
``--rate`` becomes ``rate_limit``, ``--pseudonym-key-file`` becomes the key's bytes.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ..option_files import read_phrase_list
from ..settings import Settings
from .operator_options import pseudonym_key

#: options whose CLI parameter has the API's name and value
_SAME = ("backend", "policy", "beta", "beta_term", "w", "s2_backend", "beta_s2", "extractor", "zero_count",
         "relatedness", "s3_k", "cache_dir", "workers", "allow_web", "parallel", "mode")


def settings_from_options(options: Mapping[str, Any], **overrides: Any) -> Settings:
    """The Settings that a command's ``options`` (its parameters by name) ask for.

    Options a command does not offer keep Settings' defaults; ``overrides`` (API names
    and values) replace what the options say."""
    asked = {name: options[name] for name in _SAME if name in options}
    for name in ("allow", "deny"):
        if options.get(name) is not None:
            asked[name] = read_phrase_list(options[name], name)
    if "kinds" in options:
        asked["kinds"] = _split_kinds(options["kinds"])
    if options.get("hide") is not None:
        asked["hide"] = _split_kinds(options["hide"])
    if "pseudonym_key_file" in options:
        asked["pseudonym_key"] = pseudonym_key(options["pseudonym_key_file"])
    if "protect" in options:
        asked["protect"] = options["protect"] or ()
    if "no_cache" in options:
        asked["use_cache"] = not options["no_cache"]
    if "rate" in options:
        asked["rate_limit"] = options["rate"]
    return Settings(**{**asked, **overrides})


def _split_kinds(kinds: Optional[str]) -> Optional[list[str]]:
    """A comma-separated list of kinds (or of categories) as given."""
    return None if kinds is None else [k.strip() for k in kinds.split(",") if k.strip()]
