"""A learned policy from a fitted one: run the fitted policy's S1 on the annotated
documents, fit the model on the terms it decided by IC (fit.py), and give the policy
the model (`sanitizer tune --fit-policy FILE --learned`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from ..evaluation import GoldStandard
from ..evaluation.scores import Mask
from ..extraction.candidates import group_into_terms
from ..pipeline import Sanitizer
from ..policy import KindRule, Policy, Rule
from .fit import Document, LearnedFit, fit_learned


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
    return replace(policy, rules=rules, learned=fitted.model), fitted
