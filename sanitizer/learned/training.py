"""A learned policy from a fitted one: run the fitted policy's S1 on the annotated
documents, fit the model on the terms it decided by IC (fit.py), and give the policy
the model (`sanitizer tune --fit-policy FILE --learned`). The model's threshold is then
placed so that, at the policy's own β, the learned policy reaches on these documents the
token recall the fitted policy reaches there: the same point of the trade-off, which the
dial moves from."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Mapping

from ..evaluation import GoldStandard
from ..evaluation.scores import Mask
from ..extraction.candidates import group_into_terms
from ..pipeline import Sanitizer
from ..policy import DEFAULT_BETA, KindRule, Policy, Rule
from ..tuning import BetaSetting, sweep
from .fit import Document, LearnedFit, fit_learned
from .model import LearnedModel


def learned_policy(
    sanitizer: Sanitizer, policy: Policy, texts: Mapping[str, str], gold: GoldStandard, provenance: str
) -> tuple[Policy, LearnedFit]:
    """``policy`` with a model over the kinds it decides by IC, fitted on ``texts``. Those
    kinds lose their offsets from β: the model tells them apart by a feature of its own."""
    kinds = tuple(policy.offsets())
    point = Sanitizer(
        replace(sanitizer.settings, policy=policy, beta=None, beta_term=None), resources=sanitizer.resources
    )
    ids = list(texts)
    documents = []
    for doc_id, spans in zip(ids, sanitizer.extract([texts[i] for i in ids])):
        text = texts[doc_id]
        result = point.decide_terms(text, group_into_terms(text, spans), run_s2=False, run_s3=False)
        mask = Mask([(s.start, s.end) for per in gold.spans.get(doc_id, {}).values() for s in per])
        documents.append(Document(text, result.terms, mask))
    fitted = fit_learned(documents, kinds, provenance)
    rules = {kind: KindRule(Rule.IC) if kind in kinds else rule for kind, rule in policy.rules.items()}
    learned = replace(policy, rules=rules, learned=fitted.model)
    model = _at_the_same_recall(sanitizer, policy, learned, texts, gold)
    return replace(learned, learned=model), replace(fitted, model=model)


#: the dial points tried around the policy's own β when placing the threshold (bits)
_STEPS = [step / 2 for step in range(-16, 49)]


def _at_the_same_recall(
    sanitizer: Sanitizer, policy: Policy, learned: Policy, texts: Mapping[str, str], gold: GoldStandard
) -> LearnedModel:
    """The model with its threshold moved to the highest dial point whose token recall on
    ``texts`` is at least the fitted policy's at its own β."""
    model = learned.learned
    assert model is not None
    own = policy.beta if policy.beta is not None else DEFAULT_BETA
    ceiling = math.log2(2 * sanitizer.counter.total())  # no β above the IC of an unseen term
    settings = replace(sanitizer.settings, beta=None, beta_term=None)
    base = Sanitizer(replace(settings, policy=policy), resources=sanitizer.resources)
    target = sweep(base, texts, gold, [BetaSetting("own", bits=own)], [])[0].scores.token_recall or 0.0
    betas = [own + step for step in _STEPS if 0 < own + step < ceiling]
    points = Sanitizer(replace(settings, policy=learned), resources=sanitizer.resources)
    rows = sweep(points, texts, gold, [BetaSetting(f"{b:g}", bits=b) for b in betas], [])
    reaching = [b for b, row in zip(betas, rows) if (row.scores.token_recall or 0.0) >= target]
    chosen = max(reaching) if reaching else min(betas)
    return replace(model, threshold=round(model.threshold + model.slope * (chosen - own), 6))
