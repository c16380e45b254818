"""Fitting the learned decision on annotated documents.

The rows are the terms the policy decides by IC, with their features in their document;
as the token scores count them, a term weighs as many words as its mentions hold and its
label is the share of those words inside the experts' masks. The model is a logistic
regression by Newton's method with an L2 penalty, chosen among a few by cross-validation
over documents (a document's terms are never split between folds): the penalty whose
out-of-fold ranking is most precise beyond the IC rule's recall (tail_precision). The
kinds the policy never masks are held behind the others by an offset chosen on the
out-of-fold scores (bits_behind). A first threshold is set on out-of-fold scores so that
it masks as many of these terms' gold words as the IC rule it replaces; the fit reports
both, out of fold, on these words.
(training.py then places the threshold the policy keeps: where the whole policy reaches
the fitted rules' token recall on the documents.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Iterable, Sequence

import numpy as np

from ..errors import SanitizerError
from ..evaluation.scores import Mask
from ..spans import WORD
from ..stages import Decision, Reason, ScoredTerm
from ..terms import TermKind
from .features import (
    CONTEXT_WORDS,
    CUE_WORDS,
    SOURCES,
    TERM_WORDS,
    context_words,
    most_common,
    person_offsets,
    term_features,
    term_words,
    word_before,
)
from .model import LearnedModel

PENALTIES = (1.0, 10.0, 100.0, 300.0, 1000.0, 3000.0)
#: the offsets tried for the kinds a policy never masks (bits behind the others; bits_behind)
BEHIND_BITS = (0.0, 2.0, 4.0, 6.0, 8.0, 12.0)
#: offsets whose rankings are this close to the best one's (relatively) rank as well: on TAB
#: 1-64 those of 4 to 12 bits differ by 0.0004 of 0.317, and which wins turns on a few
#: terms; of them the fewest bits are taken, since every bit behind is one the dial must
#: go down to reach those kinds at all
BEHIND_TOLERANCE = 0.005
#: how many recalls, evenly from the IC rule's to all, average a ranking's precision
TAIL_LEVELS = 20
FOLDS = 4
#: fewer terms than this, or all of one label, leave nothing to learn (the penalty keeps a
#: small fit tame; the fit says how many it had)
MIN_TERMS = 20
_NEWTON_STEPS = 25


@dataclass(frozen=True)
class Document:
    text: str
    scored: Sequence[ScoredTerm]
    gold: Mask


@dataclass(frozen=True)
class LearnedFit:
    model: LearnedModel
    terms: int
    positives: int
    penalty: float
    #: over the model's terms' words, out of fold: (recall, precision) of the IC rule and the model
    ic_rule: tuple[float, float]
    learned: tuple[float, float]
    #: bits by which the kinds the policy never masks are held behind the others
    behind: float = 0.0


def _rows(documents: Sequence[Document], kinds: Sequence[TermKind]) -> list[tuple[int, str, ScoredTerm, int, int]]:
    """(document index, text, term, gold words, other words) of every term the model decides."""
    rows = []
    for index, document in enumerate(documents):
        for s in document.scored:
            if s.reason is Reason.IC and s.term.kind in kinds:
                words = [w for m in s.term.mentions for w in WORD.finditer(document.text, m.start, m.end)]
                gold = sum(document.gold.covers(w.start(), w.end()) for w in words)
                rows.append((index, document.text, s, gold, len(words) - gold))
    return rows


def _newton(x: np.ndarray, y: np.ndarray, weight: np.ndarray, penalty: float) -> np.ndarray:
    """Logistic regression weights for labels ``y`` in [0, 1] and rows weighted by ``weight``
    (the last column of ``x`` is the intercept, unpenalized)."""
    w = np.zeros(x.shape[1])
    ridge = penalty * np.eye(x.shape[1])
    ridge[-1, -1] = 0.0
    for _ in range(_NEWTON_STEPS):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        hessian = (x * (weight * p * (1 - p))[:, None]).T @ x + ridge + 1e-9 * np.eye(x.shape[1])
        w -= np.linalg.solve(hessian, x.T @ (weight * (p - y)) + ridge @ w)
    return w


def _out_of_fold(x: np.ndarray, y: np.ndarray, weight: np.ndarray, folds: np.ndarray, penalty: float) -> np.ndarray:
    logits = np.zeros(len(y))
    for fold in range(FOLDS):
        held = folds == fold
        logits[held] = x[held] @ _newton(x[~held], y[~held], weight[~held], penalty)
    return logits


def _recall_precision(masked: np.ndarray, gold: np.ndarray, other: np.ndarray) -> tuple[float, float]:
    found = float(gold[masked].sum())
    return found / max(1.0, float(gold.sum())), found / max(1.0, found + float(other[masked].sum()))


def fit_learned(
    documents: Sequence[Document], kinds: Sequence[TermKind], provenance: str, last: Collection[TermKind] = ()
) -> LearnedFit:
    """The model for the terms of ``kinds`` that the documents' policy decided by IC;
    ``last``: those of them the policy never masks, which the model masks behind the others
    (LearnedFit.behind, bits_behind)."""
    rows = _rows(documents, kinds)
    if not kinds:
        raise SanitizerError("the fitted policy decides no kind by IC: there is nothing for a model to decide")
    if len(rows) < MIN_TERMS or len({r[0] for r in rows}) < FOLDS:
        raise SanitizerError(
            f"too few terms decided by IC to learn from ({len(rows)} in {len(documents)} documents; "
            f"at least {MIN_TERMS} in {FOLDS} documents)"
        )
    cues, context, sources, words_inside, raw = _features(documents, rows, kinds)
    gold = np.array([g for *_, g, _ in rows], dtype=float)
    other = np.array([o for *_, o in rows], dtype=float)
    # as the token scores count (module docstring)
    words = gold + other
    weight = words / max(1.0, float(words.mean()))
    y = gold / np.maximum(words, 1.0)
    positives = int((y > 0.5).sum())
    if positives in (0, len(rows)):
        raise SanitizerError("the experts masked all or none of the terms decided by IC: nothing to learn")
    means, scales = raw.mean(axis=0), raw.std(axis=0)
    scales[scales == 0] = 1.0
    x = np.hstack([(raw - means) / scales, np.ones((len(rows), 1))])
    folds = np.array([i % FOLDS for i, *_ in rows])
    out_of_fold = {p: _out_of_fold(x, y, weight, folds, p) for p in PENALTIES}
    ic_rule = ic_rule_scores(rows, gold, other)
    penalty = tail_penalty(out_of_fold, gold, other, ic_rule[0])
    weights = _newton(x, y, weight, penalty)
    # The logit on IC's scale: as spread out over these terms as their IC (feature 0 is
    # IC / 10), so that the dial crosses the model's scores at the pace it crosses IC's.
    slope = float(np.std(x @ weights) / max(np.std(raw[:, 0] * 10), 1e-9))
    if not slope > 0:
        raise SanitizerError("the learned model gives every term the same score on these documents: nothing learnt")
    is_last = np.array([s.term.kind in last for _, _, s, _, _ in rows])
    behind = bits_behind(out_of_fold[penalty], is_last, slope, gold, other, ic_rule[0])
    scores = out_of_fold[penalty] - is_last * behind * slope
    threshold = _threshold_for(scores, gold, ic_rule[0])
    model = LearnedModel(
        tuple(kinds),
        cues,
        context,
        sources,
        tuple(float(v) for v in means),
        tuple(float(v) for v in scales),
        tuple(float(v) for v in weights[:-1]),
        float(weights[-1]),
        round(threshold, 6),
        round(slope, 6),
        words=words_inside,
        provenance=f"{provenance}; {len(rows)} terms ({positives} mostly masked by the experts), L2 penalty "
        f"{penalty:g} chosen by {FOLDS}-fold cross-validation over documents",
    )
    learned = _recall_precision(scores >= threshold, gold, other)
    return LearnedFit(model, len(rows), positives, penalty, ic_rule, learned, behind)


def ic_rule_scores(
    rows: Sequence[tuple[int, str, ScoredTerm, int, int]], gold: np.ndarray, other: np.ndarray
) -> tuple[float, float]:
    """(recall, precision) on the rows' words of the IC rule the model replaces."""
    masked = np.array([s.decision is Decision.SENSITIVE for _, _, s, _, _ in rows])
    return _recall_precision(masked, gold, other)


def tail_penalty(out_of_fold: dict[float, np.ndarray], gold: np.ndarray, other: np.ndarray, start: float) -> float:
    """The penalty whose out-of-fold ranking is most precise beyond the IC rule's recall
    ``start``, where the model must beat the dial: log loss weighs every term alike, and
    the bulk that any penalty ranks well outweighs that tail (by two-fold cross-validation
    inside TAB 1-64 this ranks better at recall 0.94: benchmarks/learned_experiment.py --cv)."""
    return max(PENALTIES, key=lambda p: tail_precision(out_of_fold[p], gold, other, start))


def _features(
    documents: Sequence[Document], rows: Sequence[tuple[int, str, ScoredTerm, int, int]], kinds: Sequence[TermKind]
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...], np.ndarray]:
    """The cue words, context words, sources and words inside terms the rows share most,
    and the rows' raw features."""
    mentions = [(text, m) for _, text, s, _, _ in rows for m in s.term.mentions]
    cues = most_common((word_before(text, m.start) for text, m in mentions), CUE_WORDS)
    context = most_common((w for text, m in mentions for w in context_words(text, m.start, m.end)), CONTEXT_WORDS)
    sources = most_common((s.term.source for _, _, s, _, _ in rows), SOURCES)
    words_inside = shared_term_words(((index, s.term.text) for index, _, s, _, _ in rows), TERM_WORDS)
    persons = {i: person_offsets(d.scored) for i, d in enumerate(documents)}
    raw = np.array(
        [term_features(text, s, persons[i], kinds, cues, context, sources, words_inside) for i, text, s, _, _ in rows]
    )
    return cues, context, sources, words_inside, raw


def shared_term_words(terms: Iterable[tuple[int, str]], size: int) -> tuple[str, ...]:
    """Of (document index, term) pairs, the ``size`` words in the terms of most documents,
    counted once per document and only when two documents or more hold them: a word the
    model names (and its policy file keeps) is never one document's, as a name would be."""
    per_document: dict[int, set[str]] = {}
    for index, term in terms:
        per_document.setdefault(index, set()).update(term_words(term))
    return most_common((w for words in per_document.values() for w in words), size, at_least=2)


def bits_behind(
    logits: np.ndarray, is_last: np.ndarray, slope: float, gold: np.ndarray, other: np.ndarray, start: float
) -> float:
    """How many bits the kinds a policy never masks (public references, abstract phrases)
    are held behind the others: of BEHIND_BITS, the fewest whose out-of-fold ranking is as
    precise as the best (BEHIND_TOLERANCE), on average, over the recalls from the IC rule's
    (``start``) up, where those kinds come in. The fitted policy found them not worth
    masking at its recall; the model masks them as a last resort, in its own order."""
    if not is_last.any():
        return 0.0
    precision = {bits: tail_precision(logits - is_last * bits * slope, gold, other, start) for bits in BEHIND_BITS}
    best = max(precision.values())
    return min(bits for bits in BEHIND_BITS if precision[bits] >= best * (1 - BEHIND_TOLERANCE))


def tail_precision(scores: np.ndarray, gold: np.ndarray, other: np.ndarray, start: float) -> float:
    """How precise a ranking of the terms by ``scores`` is beyond the recall ``start`` (the
    IC rule's): its precision averaged over TAIL_LEVELS recalls evenly from there to all."""
    levels = start + (1 - start) * np.arange(TAIL_LEVELS) / TAIL_LEVELS
    order = np.argsort(-scores, kind="stable")
    found, lost = np.cumsum(gold[order]), np.cumsum(other[order])
    recall, precision = found / max(1.0, float(gold.sum())), found / np.maximum(1.0, found + lost)
    # the precision at a recall: the best of the points reaching it (interpolated, as a sweep picks)
    best_from = np.maximum.accumulate(precision[::-1])[::-1]
    at = np.searchsorted(recall, levels - 1e-12)
    return float(np.mean([best_from[i] if i < len(order) else 0.0 for i in at]))


def _threshold_for(scores: np.ndarray, gold: np.ndarray, recall: float) -> float:
    """The highest score threshold whose masked terms hold ``recall`` of the gold words."""
    order = np.argsort(-scores)
    reached = np.cumsum(gold[order]) >= recall * gold.sum() - 1e-9
    index = int(np.argmax(reached)) if reached.any() else len(order) - 1
    return float(scores[order][index])
