"""How each field of a policy file is read: kinds, βs, offsets, the back-end, S2's and
S3's settings; a field out of range is a ConfigurationError naming the file and field."""

from __future__ import annotations

import math
import re
from typing import Any, Callable, Iterable, Mapping, Optional

from ic_sanitizer.corpus_stats import normalize_phrase

from .errors import ConfigurationError
from .genres import GENRES, GenrePart
from .packs import PACKS, unknown_packs
from .redaction import Mode
from .scoring import Relatedness
from .terms import KIND_FAMILIES, TermKind, with_refinements

#: What S3 treats as quasi-identifiers unless the policy says otherwise: the kinds that
#: describe a person without naming them (names and codes are direct identifiers).
DEFAULT_S3_KINDS = frozenset(
    {
        TermKind.DATE,
        TermKind.LOCATION,
        TermKind.ORGANISATION,
        TermKind.DEMONYM,
        TermKind.NUMBER,
        TermKind.QUANTITY,
        TermKind.AGE,
        TermKind.AMOUNT,
        TermKind.NAME,
    }
)
DEFAULT_S3_K = 5
#: the fewest distinct subjects whose documents must hold a term for a run's collection to keep it (collection.py)
DEFAULT_COLLECTION_K = 5


def kinds_of(name: str, where: str) -> frozenset[TermKind]:
    # In a policy file a kind's own name means that kind ("name": names of unknown type);
    # family names that are not kinds ("names"? none yet) would stand for their members.
    if name in TermKind._value2member_map_:
        return frozenset({TermKind(name)})
    if name in KIND_FAMILIES:
        return KIND_FAMILIES[name]
    raise ConfigurationError(f"{where}: unknown kind {name!r}; known kinds: {', '.join(k.value for k in TermKind)}")


def kinds_in(names: Iterable[str], where: str) -> frozenset[TermKind]:
    """The kinds a policy's list names, with the kinds that refine them."""
    return with_refinements(frozenset().union(*(kinds_of(name, where) for name in names)))


def beta_value(value: Any, where: str) -> Optional[float]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ConfigurationError(f"{where}: beta must be a finite number of bits ≥ 0 or null")
    return float(value)


def backend_from(value: Any, where: str) -> Optional[tuple[str, str]]:
    if value is None:
        return None
    if not isinstance(value, Mapping) or not all(isinstance(value.get(k), str) for k in ("name", "fingerprint")):
        raise ConfigurationError(f"{where}: 'backend' must be null or {{name, fingerprint}}")
    return value["name"], value["fingerprint"]


def offset_value(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ConfigurationError(f"{where}: offset must be a finite number of bits")
    return float(value)


def positive_int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigurationError(f"{where} must be a whole number ≥ 1")
    return value


def collection_settings(collection: Any, where: str) -> dict[str, Any]:
    """The policy's use of a run's collection (collection.py): on unless it says otherwise."""
    if not isinstance(collection, Mapping):
        raise ConfigurationError(f"{where}: 'collection' must be an object")
    return {
        "collection": bool(collection.get("enabled", True)),
        "collection_k": positive_int(collection.get("k", DEFAULT_COLLECTION_K), f"{where}: 'collection.k'"),
    }


def allow_patterns(data: Any, where: str) -> tuple[tuple[TermKind, re.Pattern], ...]:
    """A policy's allow patterns: per kind, regular expressions a term's whole text may match."""
    if not isinstance(data, Mapping):
        raise ConfigurationError(f"{where}: 'allow_patterns' must be an object of kinds and lists of patterns")
    patterns = []
    for name, listed in data.items():
        if not isinstance(listed, list) or not all(isinstance(p, str) for p in listed):
            raise ConfigurationError(f"{where}: 'allow_patterns.{name}' must be a list of patterns")
        for kind in sorted(kinds_in([name], where), key=lambda k: k.value):
            for pattern in listed:
                try:
                    patterns.append((kind, re.compile(pattern)))
                except re.error as exc:
                    raise ConfigurationError(f"{where}: 'allow_patterns.{name}': not a pattern ({exc})") from None
    return tuple(patterns)


def patterns_of_every_kind(patterns: Iterable[str]) -> tuple[tuple[TermKind, re.Pattern], ...]:
    """``allow_regex``: each pattern as an allow pattern of every kind."""
    compiled = []
    for pattern in patterns:
        try:
            compiled.append(re.compile(pattern))
        except re.error as exc:
            raise ConfigurationError(f"`allow_regex`: {pattern!r} is not a regular expression ({exc})") from None
    return tuple((kind, each) for each in compiled for kind in TermKind)


def countries_field(value: Any, where: str) -> Optional[frozenset[str]]:
    """A policy's ``countries`` (None: every country)."""
    if value is None:
        return None
    from .recognizers.national.countries import checked_countries  # the formats are listed on first use

    return checked_countries(value, f"{where}: 'countries'")


def vocabulary_names(names: Any, where: str) -> tuple[str, ...]:
    """The domain vocabularies a policy reads (vocabularies.py), each known."""
    from .vocabularies import VOCABULARIES

    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ConfigurationError(f"{where}: 'vocabularies' must be a list of names")
    unknown = [n for n in names if n not in VOCABULARIES]
    if unknown:
        raise ConfigurationError(
            f"{where}: unknown vocabulary {unknown[0]!r}; known vocabularies: {', '.join(VOCABULARIES)}"
        )
    return tuple(names)


def genre_parts(data: Any, where: str, rules_of: Callable[[Any, str], dict]) -> dict[str, GenrePart]:
    """The genre parts of a policy (genres.py): per genre, an allow list, whether the
    collection decides there, the vocabularies read there, kinds' rules (read by
    ``rules_of``, as the policy's own) and whether everyday words are its language."""
    if not isinstance(data, Mapping):
        raise ConfigurationError(f"{where}: 'genres' must be an object")
    parts = {}
    for genre, part in data.items():
        if genre not in GENRES:
            raise ConfigurationError(f"{where}: unknown genre {genre!r} in 'genres'; known genres: {', '.join(GENRES)}")
        allow = part.get("allow", []) if isinstance(part, Mapping) else None
        collection = part.get("collection") if isinstance(part, Mapping) else None
        if not isinstance(allow, list) or not all(isinstance(p, str) for p in allow):
            raise ConfigurationError(f"{where}: 'genres.{genre}.allow' must be a list of phrases")
        if collection is not None and not isinstance(collection, bool):
            raise ConfigurationError(f"{where}: 'genres.{genre}.collection' must be true or false")
        keys = frozenset(k for k in (normalize_phrase(p) for p in allow) if k)
        vocabularies = part.get("vocabularies") if isinstance(part, Mapping) else None
        named = None if vocabularies is None else vocabulary_names(vocabularies, f"{where}: 'genres.{genre}'")
        kinds = part.get("kinds", {})
        if not isinstance(kinds, Mapping):
            raise ConfigurationError(f"{where}: 'genres.{genre}.kinds' must be an object")
        rules = rules_of(kinds, f"{where}: 'genres.{genre}'")
        everyday = everyday_settings(part, f"{where}: 'genres.{genre}'")
        parts[genre] = GenrePart(
            keys,
            collection,
            named,
            rules,
            everyday.get("everyday_words"),
            everyday.get("everyday_categories"),
            packs_setting(part, f"{where}: 'genres.{genre}'").get("packs"),
            allow_patterns(part.get("allow_patterns", {}), f"{where}: 'genres.{genre}'"),
        )
    return parts


def true_or_false(data: Mapping[str, Any], key: str, where: str) -> bool:
    """A policy's yes-or-no setting ``key``, false when not given."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise ConfigurationError(f"{where}: {key!r} must be true or false")
    return value


def everyday_settings(data: Mapping[str, Any], where: str) -> dict[str, Any]:
    """'everyday_words' (true or false) and 'everyday_categories' (special categories) of
    a policy or a genre's part, as given (each left out when not given)."""
    from .extraction.special_categories import categories_from

    settings: dict[str, Any] = {}
    if "everyday_words" in data:
        if not isinstance(data["everyday_words"], bool):
            raise ConfigurationError(f"{where}: 'everyday_words' must be true or false")
        settings["everyday_words"] = data["everyday_words"]
    if "everyday_categories" in data:
        given = data["everyday_categories"]
        if not isinstance(given, list) or not all(isinstance(c, str) for c in given):
            raise ConfigurationError(f"{where}: 'everyday_categories' must be a list of special categories")
        named = categories_from(given, f"{where}: 'everyday_categories'")
        settings["everyday_categories"] = frozenset(category.value for category in named)
    return settings


def packs_setting(data: Mapping[str, Any], where: str) -> dict[str, Any]:
    """'packs' (the genre packs read, packs/__init__.py) of a policy or a genre's part, as
    given (left out when not given)."""
    if "packs" not in data:
        return {}
    given = data["packs"]
    if not isinstance(given, list) or not all(isinstance(name, str) for name in given):
        raise ConfigurationError(f"{where}: 'packs' must be a list of pack names")
    unknown = unknown_packs(given)
    if unknown:
        raise ConfigurationError(f"{where}: unknown pack {unknown[0]!r} in 'packs'; known packs: {', '.join(PACKS)}")
    return {"packs": frozenset(given)}


def s2_settings(s2: Mapping[str, Any], where: str) -> dict[str, Any]:
    measure = s2.get("relatedness", Relatedness.PMI.value)
    if measure not in Relatedness._value2member_map_:
        raise ConfigurationError(f"{where}: 's2.relatedness' must be one of {', '.join(r.value for r in Relatedness)}")
    return {
        "s2": bool(s2.get("enabled", True)),
        "s2_kinds": kinds_in(s2.get("kinds", []), where) or frozenset(TermKind),
        "relatedness": Relatedness(measure),
        "min_cooccurrence": positive_int(s2.get("min_cooccurrence", 1), f"{where}: 's2.min_cooccurrence'"),
    }


def s3_settings(s3: Any, where: str) -> dict[str, Any]:
    if not isinstance(s3, Mapping):
        raise ConfigurationError(f"{where}: 's3' must be an object")
    kinds = s3.get("kinds")
    return {
        "s3": bool(s3.get("enabled", False)),
        "s3_k": positive_int(s3.get("k", DEFAULT_S3_K), f"{where}: 's3.k'"),
        "s3_kinds": kinds_in(kinds, where) if kinds else DEFAULT_S3_KINDS,
    }


def mode_from(value: Any, where: str) -> str:
    if value not in Mode._value2member_map_:
        raise ConfigurationError(f"{where}: 'mode' must be one of {', '.join(m.value for m in Mode)}")
    return str(value)


def categories(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ConfigurationError(f"{where}: 'hide' must be a list of special categories")
    return value
