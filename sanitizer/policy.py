"""What to do with each kind of candidate: the policy around the IC/PMI heart.

A policy gives every kind of term a rule:

- ``always``: masked whatever its IC (direct identifiers: names of persons, codes,
  e-mail addresses, phone numbers, URLs, account numbers);
- ``ic``: masked when its information content reaches the kind's β (the paper's S1);
- ``never``: never masked by S1 (S2 may still relate it to a sensitive term when the
  policy lets S2 remove that kind).

The kinds decided by IC share one dial: the run's β (``--beta``, ``--beta-term``, or the
policy's own ``beta`` when the user gives neither), and each such kind states its
threshold as an ``offset`` in bits from it: the kind's β is β + offset. Turning the dial
moves every IC-decided kind together, so a lower β never masks less; a fitted policy
keeps its fitted operating point as its own β (in the shipped policies, the noun-phrase
β, the paper's β, with offset 0: ``reference_kind``).

It also says whether S2 runs (which kinds it may remove, by which measure of
relatedness, and the fewest co-occurrences that count), whether S3 runs (masking the
quasi-identifiers left in clear until at least k documents of S3's corpus hold them all
together; see k_anonymity.py), whether mentions are grouped into entities (every mention of a masked entity is masked, and a
translation in brackets is decided as the term it follows: glosses.py), and lists of
phrases always allowed (never masked) or denied (always masked).

Built in: ``default`` (fitted per language on annotated documents: English's in
``lang/en/policies/default.json``, on judgments; see the README), ``readable``, and
``paper``: Sánchez, Batet & Viejo's method exactly (every noun phrase a candidate,
one β for all, S1+S2, no entities). A policy file is JSON with a schema name and
version, written by ``sanitizer tune --fit-policy`` or by hand. Version 1 files (a fixed
β per kind) still load: each fixed β becomes its offset from the file's β (or
DEFAULT_BETA), which gives the same thresholds when the user gives no β.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional

from ic_sanitizer.corpus_stats import normalize_phrase

from .errors import ConfigurationError, InputError, SanitizerError, about
from .genres import GenrePart
from .lang import language_pack
from .language import NAMES, engine_language
from .operators import kind_modes
from .option_files import read_option_json
from .packs import EVERY_PACK
from .policy_fields import (
    DEFAULT_COLLECTION_K,
    DEFAULT_S3_K,
    DEFAULT_S3_KINDS,
    allow_patterns,
    backend_from,
    beta_value,
    categories,
    collection_settings,
    countries_field,
    everyday_settings,
    genre_parts,
    kinds_in,
    kinds_of,
    mode_from,
    offset_value,
    packs_setting,
    patterns_of_every_kind,
    s2_settings,
    s3_settings,
    true_or_false,
    vocabulary_names,
)
from .redaction import Mode
from .scoring import Relatedness
from .terms import REFINEMENTS, TermKind, parse_kinds

if TYPE_CHECKING:
    from .learned.model import LearnedModel
    from .settings import Settings

POLICY_SCHEMA = "ic-sanitizer/policy"
POLICY_SCHEMA_VERSION = 2  # 2: IC kinds as offsets from the policy's β (1: a fixed β per kind)
#: The run's β when neither the user nor the policy gives one (bits, wordfreq's scale).
DEFAULT_BETA = 14.5
#: The kind whose β a fitted policy's own β is (offset 0), the first of these decided by IC.
REFERENCE_KINDS = ("noun_phrase", "name", "number")
#: "paper" is built in code; the others are files in each language pack's policies/ (fitted, see the README)
BUILTIN_POLICIES = ("default", "readable", "learned", "hipaa", "paper")


class Rule(str, Enum):
    ALWAYS = "always"
    IC = "ic"
    NEVER = "never"


@dataclass(frozen=True)
class KindRule:
    rule: Rule
    #: for Rule.IC: the kind's β is the run's β plus this many bits
    offset: float = 0.0


@dataclass(frozen=True)
class Policy:
    name: str
    rules: Mapping[TermKind, KindRule]
    #: S2 runs (relates clear terms to sensitive ones by PMI)
    s2: bool = True
    #: the kinds S2 may remove (all by default)
    s2_kinds: frozenset[TermKind] = frozenset(TermKind)
    #: S2's measure (the paper's PMI unless a policy says otherwise)
    relatedness: Relatedness = Relatedness.PMI
    #: S2 relates no pair that co-occurs fewer times than this
    min_cooccurrence: int = 1
    #: S3 runs: quasi-identifiers masked until k documents hold the rest together
    s3: bool = False
    s3_k: int = DEFAULT_S3_K
    s3_kinds: frozenset[TermKind] = DEFAULT_S3_KINDS
    #: group mentions into entities; a masked entity is masked everywhere, and a gloss is
    #: decided as the term it translates (glosses.py)
    entities: bool = False
    #: normalized phrases never masked / always masked
    allow: frozenset[str] = frozenset()
    deny: frozenset[str] = frozenset()
    #: per kind, patterns a term's whole text may match to be kept: HIPAA's ages up to 89
    #: ({"age": ["\\D*(?:[0-9]|[1-8][0-9])(?!\\d)\\D*"]})
    allow_patterns: tuple[tuple[TermKind, re.Pattern], ...] = ()
    #: (name, fingerprint) of the back-end whose IC scale the fixed βs are on; with
    #: another back-end they give way to the run's β (None: the βs are the run's)
    backend: Optional[tuple[str, str]] = None
    #: free text: what the policy was fitted on, and how
    provenance: str = ""
    #: the redaction mode this policy is meant for, unless the user gives one
    mode: str = "tag"
    #: a mode per kind over ``mode`` ({"date": "shift"}), unless the user gives one for the kind
    operators: tuple[tuple[TermKind, Mode], ...] = ()
    #: the run's β when the user gives none (bits, on ``backend``'s scale; None: DEFAULT_BETA)
    beta: Optional[float] = None
    #: the kinds that are candidates at all (others are not extracted into terms)
    kinds: frozenset[TermKind] = field(default_factory=lambda: frozenset(TermKind))
    #: special categories of data (GDPR art. 9 and 10: "health", "religion", ...) whose
    #: terms are hidden wherever they occur and protected in S2 (special_categories.py)
    hide: frozenset[str] = frozenset()
    #: the countries whose national identifiers are recognized (recognizers/national), None: every one
    countries: Optional[frozenset[str]] = None
    #: a learned decision over the kinds decided by IC (learned/model.py), None: the IC rule
    learned: Optional["LearnedModel"] = None
    #: in a run over many documents, a term decided by IC that the documents of at least
    #: ``collection_k`` subjects hold is kept (collection.py)
    collection: bool = True
    collection_k: int = DEFAULT_COLLECTION_K
    #: genre -> what the policy decides otherwise for that genre's documents (genres.py)
    genres: Mapping[str, GenrePart] = field(default_factory=dict)
    #: domain vocabularies (vocabularies.py: "clinical"): a term decided by IC whose every
    #: word is of one or an ordinary word is the language of its domain, and kept
    vocabularies: tuple[str, ...] = ()
    #: a noun phrase decided by IC whose every word is ordinary English (or of the
    #: vocabularies) is kept: where ordinary words are the genre's language (every genre
    #: but judgments in the English policies)
    everyday_words: bool = False
    #: the special categories whose everyday phrases are kept too ("health" in a clinical
    #: record: its language); a phrase of another ("his kidney transplant" in a biography)
    #: is decided by its IC
    everyday_categories: frozenset[str] = frozenset()
    #: the genre packs read (packs/__init__.py: "judgments"), every one unless the policy names them
    packs: frozenset[str] = EVERY_PACK
    #: a person's title stays in clear before the placeholder ("Dr. [PERSON-1]"): HIPAA's
    #: identifier is the name; TAB's experts masked "Mr Kowalski" whole (person_titles.py)
    keep_titles: bool = False

    def for_genre(self, genre: Optional[str]) -> "Policy":
        """The policy a document of ``genre`` is decided by: this one with that genre's part
        (genres.GenrePart.over)."""
        part = self.genres.get(genre) if genre is not None else None
        return self if part is None else part.over(self)

    def allows(self, kind: TermKind, text: str) -> bool:
        """Whether a term of ``kind`` written ``text`` matches one of the kind's allow patterns whole."""
        return any(each is kind and pattern.fullmatch(text) for each, pattern in self.allow_patterns)

    def rule_for(self, kind: TermKind) -> KindRule:
        """The kind's rule; a refined kind without one of its own follows the kind it
        refines; a kind the policy does not name is never masked by S1 (every shipped
        policy names every kind: tests/test_architecture.py)."""
        rule = self.rules.get(kind)
        if rule is None and kind in REFINEMENTS:
            rule = self.rules.get(REFINEMENTS[kind])
        return rule if rule is not None else KindRule(Rule.NEVER)

    def offsets(self) -> dict[TermKind, float]:
        """Every kind decided by IC, with its offset in bits from the run's β."""
        return {kind: rule.offset for kind in TermKind if (rule := self.rule_for(kind)).rule is Rule.IC}

    def betas_at(self, beta: float) -> dict[TermKind, float]:
        """Each IC-decided kind's β when the run's β is ``beta`` (never below 0 bits)."""
        return {kind: max(0.0, round(beta + offset, 6)) for kind, offset in self.offsets().items()}

    def rebased(self, beta: float) -> "Policy":
        """The same thresholds stated from another β: the policy's own β becomes ``beta``
        and every offset moves to keep each kind's β where it was."""
        shift = (self.beta if self.beta is not None else DEFAULT_BETA) - beta
        rules = {
            kind: replace(rule, offset=round(rule.offset + shift, 6)) if rule.rule is Rule.IC else rule
            for kind, rule in self.rules.items()
        }
        return replace(self, rules=rules, beta=beta)

    def reference_kind(self) -> Optional[TermKind]:
        """The kind whose β the policy's own β is: the first IC-decided of REFERENCE_KINDS."""
        offsets = self.offsets()
        return next((TermKind(name) for name in REFERENCE_KINDS if TermKind(name) in offsets), None)

    def with_lists(self, allow: Iterable[str] = (), deny: Iterable[str] = ()) -> "Policy":
        """This policy with more allowed and denied phrases (normalized). The caller's lists
        win over the policy's own: a phrase the caller denies leaves the policy's allow list."""
        allow_keys = {k for k in (normalize_phrase(p) for p in allow) if k}
        deny_keys = {k for k in (normalize_phrase(p) for p in deny) if k}
        both = allow_keys & deny_keys
        if both:
            raise ConfigurationError(f"{len(both)} phrase(s) are both allowed and denied; give each one list")
        return replace(self, allow=(self.allow - deny_keys) | allow_keys, deny=(self.deny - allow_keys) | deny_keys)

    def allowing_patterns(self, patterns: Iterable[str]) -> "Policy":
        """This policy keeping, of every kind, a term whose whole text one of ``patterns`` matches."""
        every = patterns_of_every_kind(patterns)
        return replace(self, allow_patterns=self.allow_patterns + every) if every else self

    def in_countries(self, countries: Optional[Iterable[str]]) -> "Policy":
        """This policy recognizing the national identifiers of ``countries`` only (None: as it says)."""
        from .recognizers.national.countries import checked_countries  # the formats are listed on first use

        return self if countries is None else replace(self, countries=checked_countries(countries))

    def hiding(self, categories: Iterable[str]) -> "Policy":
        """This policy also hiding ``categories``; no allow list keeps a term of a hidden category."""
        from .extraction.special_categories import categories_from, phrase_category

        hidden = self.hide | {category.value for category in categories_from(categories)}
        if not hidden:
            return self
        return replace(self, hide=hidden, allow=frozenset(k for k in self.allow if phrase_category(k) not in hidden))

    def restricted_to(self, kinds: frozenset[TermKind]) -> "Policy":
        return replace(self, kinds=self.kinds & kinds)

    def with_stages(self, relatedness: Optional[str] = None, s3_k: Optional[int] = None) -> "Policy":
        """This policy with S2's measure and S3's k given by the caller (S3 on when k is given)."""
        measure, s3_k = checked_stages(relatedness, s3_k)
        policy = self if measure is None else replace(self, relatedness=measure)
        return policy if s3_k is None else replace(policy, s3=True, s3_k=s3_k)


def policy_of(settings: "Settings") -> Policy:
    """The policy a run's settings ask for: the built-in or file policy (or the Policy
    given), with the user's lists, hidden categories, kinds and stages."""
    try:
        base = (
            settings.policy
            if isinstance(settings.policy, Policy)
            else load_policy(settings.policy, engine_language(settings.language))
        )
    except SanitizerError as exc:
        raise about("policy", exc) from None
    return (
        base.with_lists(settings.allow, settings.deny)
        .hiding(settings.hide)
        .restricted_to(parse_kinds(settings.kinds))
        .in_countries(settings.countries)
        .allowing_patterns(settings.allow_regex)
        .with_stages(settings.relatedness, settings.s3_k)
    )


def checked_stages(relatedness: Optional[str], s3_k: Optional[int]) -> tuple[Optional[Relatedness], Optional[int]]:
    """S2's measure and S3's k as a caller gives them (None: the policy's), refused when out of range."""
    if relatedness is not None and relatedness not in Relatedness._value2member_map_:
        raise ConfigurationError(f"`relatedness` must be one of {', '.join(r.value for r in Relatedness)}")
    if s3_k is not None and s3_k < 1:
        raise ConfigurationError("`s3_k` must be a whole number ≥ 1")
    return (None if relatedness is None else Relatedness(relatedness)), s3_k


def paper_policy() -> Policy:
    """Sánchez, Batet & Viejo's method: every candidate under one β, S1+S2, suppression."""
    return Policy(
        name="paper",
        rules={kind: KindRule(Rule.IC) for kind in TermKind},
        s2=True,
        entities=False,
        provenance="Sánchez, Batet & Viejo (PACIS 2013): one β for every noun phrase, S1+S2",
        mode="suppress",
        collection=False,
    )


def _rules_from(data: Mapping[str, Any], where: str, version: int, beta: Optional[float]) -> dict[TermKind, KindRule]:
    """The kinds' rules; a version-1 kind's fixed β becomes its offset from ``beta``."""
    reference = beta if beta is not None else DEFAULT_BETA
    rules: dict[TermKind, KindRule] = {}
    for name, entry in data.items():
        if not isinstance(entry, Mapping) or entry.get("rule") not in Rule._value2member_map_:
            raise ConfigurationError(f"{where}: kind {name!r} needs a rule: always, ic or never")
        if version == 1:
            fixed = beta_value(entry.get("beta"), f"{where}: kind {name!r}")
            offset = 0.0 if fixed is None else fixed - reference
        else:
            offset = offset_value(entry.get("offset", 0.0), f"{where}: kind {name!r}")
        rule = KindRule(Rule(entry["rule"]), offset if entry["rule"] == Rule.IC.value else 0.0)
        for kind in kinds_of(name, where):
            rules[kind] = rule
    # A refined kind the file does not name follows its parent's rule (rule_for).
    return rules


def policy_from_dict(data: Any, where: str) -> Policy:
    """A policy from its JSON form; ``where`` names the file in messages."""
    if not isinstance(data, Mapping) or data.get("schema") != POLICY_SCHEMA:
        raise ConfigurationError(f"{where}: not a policy file (schema {POLICY_SCHEMA!r} expected)")
    version = data.get("schema_version")
    if version not in (1, POLICY_SCHEMA_VERSION) or isinstance(version, bool):
        raise ConfigurationError(
            f"{where}: policy schema version {version!r} is not supported "
            f"(this version reads 1 and {POLICY_SCHEMA_VERSION})"
        )
    s2 = data.get("s2", {})
    if not isinstance(s2, Mapping) or not isinstance(data.get("kinds", {}), Mapping):
        raise ConfigurationError(f"{where}: 's2' and 'kinds' must be objects")
    candidates = data.get("candidates")
    kinds = kinds_in(candidates, where) if candidates else frozenset(TermKind)
    for key in ("allow", "deny"):
        if not isinstance(data.get(key, []), list) or not all(isinstance(p, str) for p in data.get(key, [])):
            raise ConfigurationError(f"{where}: {key!r} must be a list of phrases")
    beta = beta_value(data.get("beta"), f"{where}: beta")
    policy = Policy(
        name=str(data.get("name", Path(where).stem)),
        rules=_rules_from(data.get("kinds", {}), where, version, beta),
        **s2_settings(s2, where),
        **s3_settings(data.get("s3", {}), where),
        entities=bool(data.get("entities", True)),
        backend=backend_from(data.get("backend"), where),
        provenance=str(data.get("provenance", "")),
        mode=mode_from(data.get("mode", "tag"), where),
        operators=kind_modes(data.get("operators", {}), f"{where}: 'operators'"),
        beta=beta,
        kinds=kinds,
        learned=_learned_from(data.get("learned"), where),
        **collection_settings(data.get("collection", {}), where),
        genres=genre_parts(data.get("genres", {}), where, lambda kinds, at: _rules_from(kinds, at, version, beta)),
        allow_patterns=allow_patterns(data.get("allow_patterns", {}), where),
        vocabularies=vocabulary_names(data.get("vocabularies", []), where),
        countries=countries_field(data.get("countries"), where),
        **everyday_settings(data, where),
        **packs_setting(data, where),
        keep_titles=true_or_false(data, "keep_titles", where),
    )
    return policy.with_lists(data.get("allow", []), data.get("deny", [])).hiding(
        categories(data.get("hide", []), where)
    )


def policy_to_dict(policy: Policy) -> dict[str, Any]:
    """The JSON form of a policy (the lists sorted, so files diff well)."""
    return {
        "schema": POLICY_SCHEMA,
        "schema_version": POLICY_SCHEMA_VERSION,
        "name": policy.name,
        "provenance": policy.provenance,
        "backend": None if policy.backend is None else {"name": policy.backend[0], "fingerprint": policy.backend[1]},
        "beta": policy.beta,
        "mode": policy.mode,
        "operators": {kind.value: mode.value for kind, mode in policy.operators},
        "entities": policy.entities,
        "candidates": sorted(k.value for k in policy.kinds),
        "kinds": _rules_to_dict(policy.rules),
        "s2": {
            "enabled": policy.s2,
            "kinds": sorted(k.value for k in policy.s2_kinds),
            "relatedness": policy.relatedness.value,
            "min_cooccurrence": policy.min_cooccurrence,
        },
        "s3": {"enabled": policy.s3, "k": policy.s3_k, "kinds": sorted(k.value for k in policy.s3_kinds)},
        "collection": {"enabled": policy.collection, "k": policy.collection_k},
        "genres": {genre: part.to_dict(_rules_to_dict, _patterns_to_dict) for genre, part in policy.genres.items()},
        "hide": sorted(policy.hide),
        "countries": None if policy.countries is None else sorted(policy.countries),
        "allow_patterns": _patterns_to_dict(policy.allow_patterns),
        "vocabularies": list(policy.vocabularies),
        "everyday_words": policy.everyday_words,
        "everyday_categories": sorted(policy.everyday_categories),
        "packs": sorted(policy.packs),
        "keep_titles": policy.keep_titles,
        "allow": sorted(policy.allow),
        "deny": sorted(policy.deny),
        **({} if policy.learned is None else {"learned": _learned_to_dict(policy.learned)}),
    }


def _rules_to_dict(rules: Mapping[TermKind, KindRule]) -> dict[str, dict[str, Any]]:
    return {
        kind.value: {"rule": r.rule.value, **({"offset": r.offset} if r.rule is Rule.IC else {})}
        for kind, r in rules.items()
    }


def _patterns_to_dict(patterns: Iterable[tuple[TermKind, re.Pattern]]) -> dict[str, list[str]]:
    by_kind: dict[str, list[str]] = {}
    for kind, pattern in patterns:
        by_kind.setdefault(kind.value, []).append(pattern.pattern)
    return by_kind


def _learned_from(data: Any, where: str) -> Optional["LearnedModel"]:
    if data is None:  # imported only when needed: `sanitizer --help` reads the policies
        return None
    from .learned.model import model_from_dict

    return model_from_dict(data, where)


def _learned_to_dict(model: "LearnedModel") -> dict[str, Any]:
    from .learned.model import model_to_dict

    return model_to_dict(model)


def load_policy(name_or_path: str | Path, language: str = "en") -> Policy:
    """A built-in policy by name for texts in ``language`` (the paper's serves every language, the
    others are fitted per language: lang/LANGUAGE/policies/NAME.json), or a file."""
    if name_or_path == "paper":
        return paper_policy()
    if name_or_path in BUILTIN_POLICIES:
        folder = language_pack(language).policies
        if not folder.joinpath(f"{name_or_path}.json").is_file():
            fitted = sorted(n for n in BUILTIN_POLICIES if n == "paper" or folder.joinpath(f"{n}.json").is_file())
            raise ConfigurationError(
                f"`policy` {name_or_path}: the built-in policies for {NAMES[language]} texts are {', '.join(fitted)}"
            )
        text = folder.joinpath(f"{name_or_path}.json").read_text(encoding="utf-8")
        return policy_from_dict(json.loads(text), f"the built-in {name_or_path} policy")
    path = Path(name_or_path)
    if not path.exists() and not path.is_symlink():
        raise InputError(f"`policy` {path}: no such policy file (built-in policies: {', '.join(BUILTIN_POLICIES)})")
    return policy_from_dict(read_option_json(path, "policy"), str(path))
