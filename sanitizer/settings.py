"""What a run was asked to do: one frozen ``Settings``, checked in one place.

The command line, the Python API, ``tune`` and the report share it. The engine opens
from a Settings (``Sanitizer(settings)``, pipeline.py); a sweep builds new Settings with
``dataclasses.replace`` and runs each on the resources already open (resources.py); the
run report writes its JSON form. It holds what was asked, not what that resolves to: β
from a term, the policy's rules and the worker count are worked out when the engine
opens (thresholds.py, policy.py, resources.py), because they need a back-end or a file.

Checks that need nothing opened are made here, when a Settings is built, with the
library's messages (parameters named in backticks; the CLI shows them as its flags).
A Settings holds only plain values, enums, a ``Policy`` or an open back-end, so it
pickles (a cluster ships it to its workers) unless it holds an open back-end that does not.

``beta_term``, ``protect`` and the allow and deny lists may be document terms: the JSON
form is written into the report (readable by its owner only), never into a message.
"""

from __future__ import annotations

import os
from dataclasses import KW_ONLY, dataclass, field, fields
from enum import Enum
from pathlib import Path, PurePath
from typing import Any, Iterable, Mapping, Optional, TypeVar

from ic_sanitizer.corpus_stats import CountBackend

from .errors import ConfigurationError
from .extraction.special_categories import categories_from
from .language import checked_language
from .operators import MIN_PSEUDONYM_KEY_BYTES, kind_modes
from .policy import Policy, checked_stages, policy_from_dict, policy_to_dict
from .redaction import Mode
from .scoring import ZeroCountPolicy
from .terms import TermKind, parse_kinds
from .thresholds import validate_numbers

DEFAULT_BACKEND = "wordfreq"
DEFAULT_W = 0.6
DEFAULT_POLICY = "default"
DEFAULT_ZERO_COUNT = ZeroCountPolicy.SENSITIVE
#: requests in flight at once to a network back-end (the CLI's --parallel and the API's alike)
DEFAULT_PARALLEL = 8


E = TypeVar("E", bound=Enum)

#: The mark of a field that says what is opened (a back-end, the extractor, the cache, workers,
#: the network's pace); the others only say what is decided, and a sweep may change them on
#: resources already open (resources.py).
_OPENS = {"opens": True}


@dataclass(frozen=True)
class Settings:
    """Every option of a run. Values given as strings or lists are stored as the enums
    and tuples they stand for, so that equal settings compare equal.

    ``backend`` is a spec such as "wordfreq" or "table:counts.json", or an open
    back-end. ``policy`` says what to do with each kind of term ("default", "paper", a
    policy file's path, or a ``Policy``). Give ``beta`` (bits) or ``beta_term`` (β = IC
    of that term in the same back-end) for the kinds whose β the policy leaves to the
    run; neither means the policy's β or DEFAULT_BETA.

    ``kinds`` limits the candidates further to some kinds of term; ``allow`` and
    ``deny`` add phrases never / always masked. ``mode`` (tag, redact, suppress,
    pseudonym, mask, hash, shift) defaults to the policy's; ``operators`` gives a kind its
    own ({"date": "shift"}). ``pseudonym_key`` (at least 16 bytes) keys the pseudonyms,
    digests and date shifts: the same key gives the same values in every run; without it
    each Sanitizer draws a random key. The key is never shown: not in repr, not in the JSON form.

    ``s2_backend`` gives S2's co-occurrence counts: "auto" is ``backend`` itself when it
    has conjunction counts, else the embedded starter index; "none" turns S2 off. When
    S2's corpus is not S1's, S2's β is measured there: the IC of ``beta_term``, else
    ``beta_s2`` bits.

    ``relatedness`` ("pmi", "npmi", "pmi-lower-bound") overrides the policy's S2
    measure; ``s3_k`` turns S3 on with that k; ``protect`` names persons or terms hidden
    wherever they occur, which S2 relates clear terms to in every document (S2 then runs
    even where the policy turns it off); ``hide`` names special categories of data
    (health, religion, politics, trade_union, sex_life, ethnic_origin, criminal) whose
    terms are hidden and protected in S2 like them.

    The rest says what is opened and how: the count cache (``cache_dir``,
    ``use_cache``), extraction processes (``workers``; None: up to two), whether terms
    may leave the machine (``allow_web``), and for network back-ends the requests in
    flight (``parallel``) and per second (``rate_limit``).
    """

    backend: str | CountBackend = field(default=DEFAULT_BACKEND, metadata=_OPENS)
    _: KW_ONLY
    policy: str | Policy = DEFAULT_POLICY
    beta: Optional[float] = None
    beta_term: Optional[str] = None
    w: float = DEFAULT_W
    s2_backend: str | CountBackend = field(default="auto", metadata=_OPENS)
    beta_s2: Optional[float] = None
    mode: Mode | str | None = None
    #: a mode per kind, over ``mode``: {"date": "shift", "phone": "mask"}
    operators: Mapping[TermKind | str, Mode | str] | Iterable[tuple[TermKind | str, Mode | str]] = ()
    pseudonym_key: Optional[bytes] = field(default=None, repr=False)
    extractor: str = field(default="nltk", metadata=_OPENS)
    #: "auto": a document detected in a language not supported is refused; "en": read as English
    language: str = "auto"
    zero_count: ZeroCountPolicy | str = DEFAULT_ZERO_COUNT
    #: None: every kind (stored as the set of kinds that the names given stand for)
    kinds: Optional[Iterable[TermKind | str]] = None
    allow: Iterable[str] = ()
    #: regular expressions: a term of any kind whose whole text one matches is kept
    allow_regex: Iterable[str] = ()
    deny: Iterable[str] = ()
    relatedness: Optional[str] = None
    s3_k: Optional[int] = None
    protect: Iterable[str] = ()
    #: special categories to hide besides the policy's ("health", "religion", ...)
    hide: Iterable[str] = ()
    #: the countries whose national identifiers are recognized (ISO 3166-1: "US", "GB"); None: the policy's
    countries: Optional[Iterable[str]] = None
    #: public documents of the genre (a folder, a file, or a `corpus build` index): a term
    #: decided by IC that k of them hold is kept (reference.py)
    reference: Optional[os.PathLike | str] = field(default=None, metadata=_OPENS)
    cache_dir: Optional[os.PathLike | str] = field(default=None, metadata=_OPENS)
    use_cache: bool = field(default=True, metadata=_OPENS)
    workers: Optional[int] = field(default=None, metadata=_OPENS)
    allow_web: bool = field(default=False, metadata=_OPENS)
    parallel: int = field(default=DEFAULT_PARALLEL, metadata=_OPENS)
    rate_limit: Optional[float] = field(default=None, metadata=_OPENS)

    def __post_init__(self) -> None:
        validate_numbers(self.beta, self.beta_term, self.w, self.beta_s2)
        if self.parallel < 1 or (self.rate_limit is not None and not self.rate_limit > 0):
            raise ConfigurationError("`parallel` must be at least 1 and `rate_limit` positive")
        measure, _ = checked_stages(self.relatedness, self.s3_k)
        if self.pseudonym_key is not None and (
            not isinstance(self.pseudonym_key, bytes) or len(self.pseudonym_key) < MIN_PSEUDONYM_KEY_BYTES
        ):
            raise ConfigurationError(f"`pseudonym_key` must be bytes, at least {MIN_PSEUDONYM_KEY_BYTES} of them")
        normalized = {
            "kinds": None if self.kinds is None else parse_kinds(self.kinds),
            "allow": tuple(self.allow),
            "allow_regex": tuple(self.allow_regex),
            "deny": tuple(self.deny),
            "protect": tuple(name for name in self.protect if name.strip()),
            "hide": tuple(sorted(category.value for category in categories_from(self.hide))),
            "countries": _countries(self.countries),
            "relatedness": measure,
            "mode": None if self.mode is None else _member(Mode, self.mode, "mode"),
            "operators": kind_modes(self.operators, "`operators`"),
            "language": checked_language(str(getattr(self.language, "value", self.language))),
            "zero_count": _member(ZeroCountPolicy, self.zero_count, "zero_count"),
            "cache_dir": None if self.cache_dir is None else Path(self.cache_dir),
            "reference": None if self.reference is None else Path(self.reference),
        }
        for name, value in normalized.items():
            object.__setattr__(self, name, value)  # frozen: normalized once, here

    def kind_modes(self) -> dict[TermKind, Mode]:
        """``operators`` as normalized: each kind's own mode."""
        return dict(kind_modes(self.operators, "`operators`"))

    def to_json(self) -> dict[str, Any]:
        """The JSON form, a dict of JSON values (the report writes it as "asked"). A
        back-end passed open is described by its name; a ``Policy`` object in full. The
        pseudonym key is left out: the report must not carry what unlocks its surrogates."""
        return {f.name: _json_value(getattr(self, f.name)) for f in fields(self) if f.name not in _SECRET}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Settings":
        """Settings from their JSON form (a back-end written by name is opened by that name)."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigurationError(f"settings: unknown option(s) {', '.join(unknown)}")
        values = dict(data)
        if isinstance(values.get("policy"), Mapping):
            values["policy"] = policy_from_dict(values["policy"], "the settings' policy")
        return cls(**values)


#: the options of Settings that say what is opened
OPENED_BY = tuple(f.name for f in fields(Settings) if f.metadata.get("opens"))

#: fields the JSON form leaves out
_SECRET = frozenset({"pseudonym_key"})


def _json_value(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value.value if isinstance(value, Enum) else value
    if isinstance(value, Policy):
        return policy_to_dict(value)
    if isinstance(value, frozenset):
        return sorted(kind.value for kind in value)
    if isinstance(value, tuple) and value and all(isinstance(pair, tuple) and len(pair) == 2 for pair in value):
        return {_json_value(k): _json_value(v) for k, v in value}  # operators: {kind: mode}
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, PurePath):
        return str(value)
    return value.name  # an open back-end (CountBackend)


def _member(enum: type[E], value: object, parameter: str) -> E:
    """``value`` as a member of ``enum`` (a member or its value); otherwise a
    ConfigurationError naming the parameter and the values it takes."""
    try:
        return enum(value)
    except ValueError:
        raise ConfigurationError(
            f"`{parameter}` must be one of {', '.join(str(m.value) for m in enum)}, not {value!r}"
        ) from None


def _countries(countries: Optional[Iterable[str]]) -> Optional[tuple[str, ...]]:
    if countries is None:
        return None
    from .recognizers.national.countries import checked_countries  # the formats are listed on first use

    return tuple(sorted(checked_countries(countries) or ()))
