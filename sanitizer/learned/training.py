"""A learned policy from a fitted one: run the fitted policy's S1 on the annotated
documents, fit the model on the terms of every kind it does not mask always (fit.py), and give the policy
the model (`sanitizer tune --fit-policy FILE --learned`). The model's threshold is then
placed so that, at the policy's own β, the learned policy reaches on these documents the
token recall the fitted policy reaches there: the same point of the trade-off, which the
dial moves from."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Mapping, Sequence

from ..evaluation import GoldStandard
from ..evaluation.scores import Mask
from ..extraction.candidates import group_into_terms
from ..pipeline import Sanitizer
from ..policy import DEFAULT_BETA, KindRule, Policy, Rule
from ..terms import CandidateTerm, TermKind
from ..tuning import BetaSetting, sweep
from .fit import Document, LearnedFit, fit_learned
from .model import LearnedModel


def learned_policy(
    sanitizer: Sanitizer, policy: Policy, texts: Mapping[str, str], gold: GoldStandard, provenance: str
) -> tuple[Policy, LearnedFit]:
    """``policy`` with a model over every kind it does not mask always, fitted on
    ``texts``: the kinds it decides by IC, and those it never masks (public references,
    abstract phrases), which the model masks last (their offset from β is the fit's
    ``behind``), so that the dial reaches the recall no threshold on IC reaches. The kinds
    it decides by IC lose their offsets: the model tells them apart by features of its
    own. The texts are extracted once, for the fit and for placing the threshold."""
    kinds = tuple(kind for kind in TermKind if kind in policy.kinds and policy.rule_for(kind).rule is not Rule.ALWAYS)
    rules = {**policy.rules, **{kind: KindRule(Rule.IC) for kind in kinds}}
    settings = replace(sanitizer.settings, beta=None, beta_term=None)
    fitted_engine = Sanitizer(replace(settings, policy=policy), resources=sanitizer.resources)
    # every kind the model decides is decided by IC here, so that its terms are the model's rows
    # (and no phrase of everyday words kept before the model sees it, as the model will decide them)
    by_ic = replace(policy, rules=rules, everyday_words=False)
    every_kind_by_ic = Sanitizer(replace(settings, policy=by_ic), resources=sanitizer.resources)
    ids = list(texts)
    terms = {i: group_into_terms(texts[i], spans) for i, spans in zip(ids, sanitizer.extract([texts[i] for i in ids]))}
    documents = []
    for doc_id in ids:
        result = every_kind_by_ic.decide_terms(texts[doc_id], terms[doc_id], run_s2=False, run_s3=False)
        mask = Mask([(s.start, s.end) for per in gold.spans.get(doc_id, {}).values() for s in per])
        documents.append(Document(texts[doc_id], result.terms, mask))
    never = frozenset(kind for kind in kinds if policy.rule_for(kind).rule is Rule.NEVER)
    fitted = fit_learned(documents, kinds, provenance, last=never)
    rules = {**rules, **{kind: KindRule(Rule.IC, offset=fitted.behind) for kind in never}}
    learned = replace(policy, rules=rules, learned=fitted.model)
    learned_engine = Sanitizer(replace(settings, policy=learned), resources=sanitizer.resources)
    model = _at_the_same_recall(fitted_engine, learned_engine, texts, gold, terms)
    return replace(learned, learned=model), replace(fitted, model=model)


#: the dial points tried around the policy's own β when placing the threshold (bits)
_STEPS = [step / 2 for step in range(-16, 49)]


def _at_the_same_recall(
    fitted: Sanitizer,
    learned: Sanitizer,
    texts: Mapping[str, str],
    gold: GoldStandard,
    terms: Mapping[str, Sequence[CandidateTerm]],
) -> LearnedModel:
    """The model with its threshold moved to the highest dial point whose token recall on
    ``texts`` is at least the fitted policy's at its own β."""
    model = learned.policy.learned
    assert model is not None
    own = fitted.policy.beta if fitted.policy.beta is not None else DEFAULT_BETA
    ceiling = math.log2(2 * fitted.counter.total())  # no β above the IC of an unseen term
    target = sweep(fitted, texts, gold, [BetaSetting("own", bits=own)], [], terms=terms)[0].scores.token_recall or 0.0
    betas = [own + step for step in _STEPS if 0 < own + step < ceiling]
    rows = sweep(learned, texts, gold, [BetaSetting(f"{b:g}", bits=b) for b in betas], [], terms=terms)
    reaching = [b for b, row in zip(betas, rows) if (row.scores.token_recall or 0.0) >= target]
    chosen = max(reaching) if reaching else min(betas)
    return replace(model, threshold=round(model.threshold + model.slope * (chosen - own), 6))
