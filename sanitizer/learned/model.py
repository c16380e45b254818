"""The learned decision as a policy carries it, and how it decides.

The model is a logistic regression: logit = bias + Σ weight·(feature − mean)/scale. Its
score is put on IC's scale in bits:

    bits = β_policy + (logit − threshold) / slope

where ``threshold`` is the logit the fit chose at the policy's own β, and ``slope`` makes
the scores as spread out over the training terms as their IC is (logits per bit). A term
is sensitive when its bits reach the run's β for its kind, exactly as an IC reaches β: at
the policy's β the fit's threshold decides, and moving the dial crosses the model's
scores at the pace it crosses IC's. So `--beta`, `--beta-term` and `tune` work on a
learned policy unchanged, and the report gives every term its score in bits beside its IC.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ..errors import ConfigurationError
from ..terms import TermKind
from .features import feature_names, person_offsets, term_features

if TYPE_CHECKING:
    from ..stages import ScoredTerm
    from ..thresholds import Thresholds

#: how many features the report names for each decision
TOP_FEATURES = 3


@dataclass(frozen=True)
class LearnedModel:
    #: the kinds it decides (those the policy decides by IC)
    kinds: tuple[TermKind, ...]
    #: the words before a term, and the content words around it, that are features of their own
    cues: tuple[str, ...]
    context: tuple[str, ...]
    #: the rules that found terms (CandidateTerm.source) that are features of their own
    sources: tuple[str, ...]
    #: per feature, in feature_names' order
    means: tuple[float, ...]
    scales: tuple[float, ...]
    weights: tuple[float, ...]
    bias: float
    #: the logit at the policy's own β, and logits per bit (module docstring)
    threshold: float
    slope: float
    #: the words inside terms that are features of their own
    words: tuple[str, ...] = ()
    #: the fit's account: documents, terms, penalty, cross-validated figures
    provenance: str = ""

    @functools.cached_property
    def names(self) -> tuple[str, ...]:
        return feature_names(self.kinds, self.cues, self.context, self.sources, self.words)

    @functools.cached_property
    def _arrays(self) -> tuple[Any, Any, Any]:
        import numpy as np  # not at load: a policy file is read by `sanitizer --help`

        return np.array(self.weights), np.array(self.means), np.array(self.scales)

    def score(self, features: Sequence[float], policy_beta: float) -> tuple[float, tuple[tuple[str, float], ...]]:
        """The term's score in bits, and the features that moved it most, with their effect in
        bits (each feature's share of the logit: its weight times its standardized value)."""
        weights, means, scales = self._arrays
        contributions = weights * (features - means) / scales
        bits = policy_beta + (self.bias + float(contributions.sum()) - self.threshold) / self.slope
        top = (-abs(contributions)).argsort(kind="stable")[:TOP_FEATURES]
        return bits, tuple((self.names[i], round(float(contributions[i]) / self.slope, 2)) for i in top)


def decide_learned(
    text: str, scored: Sequence[ScoredTerm], model: LearnedModel, thresholds: Thresholds, policy_beta: float
) -> list[ScoredTerm]:
    """Re-decide the terms the policy decided by IC with the model; others as they were."""
    from ..stages import Decision, Reason

    persons = person_offsets(scored)
    decided = []
    for s in scored:
        if s.reason is not Reason.IC or s.term.kind not in model.kinds:
            decided.append(s)
            continue
        features = term_features(text, s, persons, model.kinds, model.cues, model.context, model.sources, model.words)
        bits, top = model.score(features, policy_beta)
        beta = thresholds.beta_for(s.term.kind)
        decision = Decision.SENSITIVE if bits >= beta else Decision.KEPT
        decided.append(
            replace(
                s,
                decision=decision,
                reason=Reason.LEARNED,
                beta=beta,
                learned_bits=round(bits, 3),
                top_features=top,
            )
        )
    return decided


def model_to_dict(model: LearnedModel) -> dict[str, Any]:
    return {
        "kind": "logistic-regression",
        "kinds": [kind.value for kind in model.kinds],
        "cues": list(model.cues),
        "context": list(model.context),
        "sources": list(model.sources),
        "words": list(model.words),
        "features": [
            {"name": n, "mean": m, "scale": s, "weight": w}
            for n, m, s, w in zip(model.names, model.means, model.scales, model.weights)
        ],
        "bias": model.bias,
        "threshold": model.threshold,
        "slope": model.slope,
        "provenance": model.provenance,
    }


def model_from_dict(data: Any, where: str) -> Optional[LearnedModel]:
    """The model of a policy file's "learned" entry (None when it has none)."""
    if data is None:
        return None
    try:
        kinds = tuple(TermKind(k) for k in data["kinds"])
        cues = tuple(str(c) for c in data["cues"])
        context = tuple(str(c) for c in data["context"])
        sources = tuple(str(c) for c in data["sources"])
        # absent from the policies of versions before the words inside terms were features
        words = tuple(str(c) for c in data.get("words", ()))
        features: list[Mapping[str, Any]] = data["features"]
        model = LearnedModel(
            kinds,
            cues,
            context,
            sources,
            tuple(float(f["mean"]) for f in features),
            tuple(float(f["scale"]) for f in features),
            tuple(float(f["weight"]) for f in features),
            float(data["bias"]),
            float(data["threshold"]),
            float(data["slope"]),
            words,
            str(data.get("provenance", "")),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigurationError(f"{where}: its learned model is not readable ({type(exc).__name__})") from None
    if [f.get("name") for f in features] != list(model.names):
        raise ConfigurationError(f"{where}: its learned model's features are not this version's")
    numbers = [*model.means, *model.scales, *model.weights, model.bias, model.threshold, model.slope]
    if not all(math.isfinite(x) for x in numbers) or model.slope <= 0 or min(model.scales, default=1.0) <= 0:
        raise ConfigurationError(f"{where}: its learned model has a weight that is not a finite number")
    return model
