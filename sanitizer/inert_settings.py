"""Settings that would change nothing under the run's policy and options, each with what would make it act.

No option may be a silent no-op: a user who turns ``w`` while S2 does not run, or gives
``parallel`` to a back-end on this machine, must be told, or they will believe the
output reflects what they asked. The engine knows which settings act (this module);
the CLI prints each one named here in one line (cli/notices.py), the Python API caller
can ask ``inert_settings(sanitizer, given)``.

Messages name settings in backticks, as every library message does (the CLI shows its
flags), and never quote a document or a term.
"""

from __future__ import annotations

from typing import Iterable

from .pipeline import Sanitizer
from .policy import Rule
from .redaction import Mode
from .terms import REFINEMENTS

#: the settings that act only through S2
_S2_SETTINGS = ("w", "beta_s2", "relatedness")


def _s2_message(name: str, sanitizer: Sanitizer) -> str:
    why = sanitizer.s2_unavailable_reason or "S2 does not run"
    return (
        f"`{name}` has no effect: {why}. S2 runs for the terms named by `beta_term` or `protect`, "
        "or under a `policy` with S2 on (paper)"
    )


def _decides_by_ic(sanitizer: Sanitizer) -> bool:
    return any(kind in sanitizer.policy.kinds for kind in sanitizer.policy.offsets())


def inert_settings(sanitizer: Sanitizer, given: Iterable[str], names_per_document: bool = False) -> list[str]:
    """One message per setting in ``given`` (the API names the caller set) that changes nothing here.
    ``names_per_document``: the run protects names per document, so S2 may run on those."""
    given = set(given)
    policy = sanitizer.policy
    s2_runs = sanitizer.s2_runs or (names_per_document and not sanitizer.resources.s2_off)
    messages = [_s2_message(name, sanitizer) for name in _S2_SETTINGS if name in given and not s2_runs]
    s2_wanted = policy.s2 or bool(sanitizer.protect) or names_per_document
    if "s2_backend" in given and not s2_wanted and not policy.s3:
        messages.append(
            f"`s2_backend` has no effect: policy {policy.name!r} runs neither S2 nor S3; they run "
            "for the terms named by `beta_term` or `protect`, with `s3_k`, or under a `policy` with S2 on"
        )
    for name in ("beta", "zero_count"):
        if name in given and not _decides_by_ic(sanitizer):
            messages.append(
                f"`{name}` has no effect: policy {policy.name!r} decides no kind of term by IC "
                "(among the `kinds` asked); give a `policy` that does"
            )
    if "kinds" in given and not s2_runs:
        never = sorted(
            kind.value for kind in policy.kinds if policy.rule_for(kind).rule is Rule.NEVER and kind not in REFINEMENTS
        )
        if never:
            messages.append(
                f"`kinds`: policy {policy.name!r} never masks {', '.join(never)}; "
                "naming them changes nothing unless S2 runs"
            )
    backends = {id(b): b for b in (sanitizer.backend, sanitizer.s2_backend)}.values()
    if not any(b.over_network for b in backends):
        messages += [
            f"`{name}` has no effect: no back-end of this run is asked over the network"
            for name in ("parallel", "rate_limit")
            if name in given
        ]
    if "pseudonym_key" in given and not any(mode.keyed for mode in (sanitizer.mode, *sanitizer.operators.values())):
        messages.append(
            f"`pseudonym_key` has no effect: it keys the modes pseudonym, hash and shift (this run's "
            f"mode is {sanitizer.mode.value})"
        )
    if "allow_web" in given and not any(b.sends_terms_off_machine for b in backends):
        messages.append("`allow_web` has no effect: no back-end of this run sends terms off this machine")
    generalizing = Mode.GENERALIZE in (sanitizer.mode, *sanitizer.operators.values())
    if generalizing and sanitizer.settings.language not in ("auto", "en"):
        messages.append(
            f"`mode` generalize: its generalizations are English; texts in {sanitizer.settings.language} "
            "keep their placeholders, as in tag mode"
        )
    return messages
