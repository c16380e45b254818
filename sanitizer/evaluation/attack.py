"""An offline re-identification attack: link each sanitized document to its person.

The attacker holds public background knowledge, one text per person ``{person_id:
text}``, about a population that includes every protected person. It turns each text
into TF-IDF n-gram features (fitted on the background knowledge only, as an attacker
who never saw the documents) and links a sanitized document to the people whose
background knowledge scores highest: cosine similarity (``nearest``), or the decision
function of a linear SVM trained on chunks of the background knowledge (``linear``).
The re-identification risk (TRIR, after TAE) is the share of documents whose own
person comes first (top-1), or among the first five (top-5).

Ties are broken at random in expectation: a document whose person ties with ``e - 1``
others, below ``g`` people, counts (k - g) / e towards top-k (clamped to [0, 1]). A
fully masked document is thus at chance, 1 / people, exactly.

Confidence intervals are Wilson score intervals (95%) on the share of documents.
The design used by default was chosen on TAB's documents 1-64 (benchmarks/attack.py
--variants; README, "Re-identification attack").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Optional, Sequence

import numpy as np

from ..errors import ConfigurationError, InputError
from ..extras import require
from ..redaction import Deletion, apply_replacements
from .scores import merge_spans

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix

#: the two-sided 95% normal quantile
Z_95 = 1.959964


@dataclass(frozen=True)
class AttackDesign:
    """Features and model of the attack. Word and character n-gram ranges are
    inclusive; None leaves that family out."""

    word_ngrams: Optional[tuple[int, int]] = (1, 2)
    char_ngrams: Optional[tuple[int, int]] = None
    #: 0/1 term frequencies instead of sublinear (1 + log tf)
    binary: bool = False
    #: "nearest" (cosine) or "linear" (linear SVM, one class per person)
    model: str = "nearest"
    #: words per training chunk of the linear model
    chunk_words: int = 200

    def describe(self) -> str:
        families = []
        if self.word_ngrams:
            families.append("word {}-{}".format(*self.word_ngrams))
        if self.char_ngrams:
            families.append("char {}-{}".format(*self.char_ngrams))
        model = (
            "cosine nearest neighbour" if self.model == "nearest" else f"linear SVM on {self.chunk_words}-word chunks"
        )
        return f"TF-IDF {' + '.join(families)}-grams{' (binary)' if self.binary else ''}, {model}"


#: Chosen on TAB documents 1-64 with both background files (README, "Re-identification attack").
DEFAULT_DESIGN = AttackDesign()


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval of a proportion (successes may be fractional: tie shares)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def suppressed_texts(texts: Mapping[str, str], spans: Mapping[str, Sequence[Sequence[int]]]) -> dict[str, str]:
    """Each text with its masked spans deleted, as ``--mode suppress`` writes them."""
    return {
        doc_id: apply_replacements(text, [Deletion(s, e) for s, e in merge_spans(spans.get(doc_id, ()))])
        for doc_id, text in texts.items()
    }


@dataclass(frozen=True)
class AttackResult:
    design: str
    #: people in the background knowledge (candidates for every document)
    people: int
    #: documents attacked (those whose person is in the background knowledge)
    documents: int
    top1: float
    top1_interval: tuple[float, float]
    top5: float
    top5_interval: tuple[float, float]
    #: doc_id -> (share of top-1 credit, share of top-5 credit)
    per_document: Mapping[str, tuple[float, float]]

    @property
    def chance(self) -> float:
        return 1 / self.people if self.people else 0.0

    def record(self) -> dict:
        """The figures (no document text, no feature), for --json and tables."""
        return {
            "design": self.design,
            "people": self.people,
            "documents": self.documents,
            "trir_top1": self.top1,
            "trir_top1_ci95": list(self.top1_interval),
            "trir_top5": self.top5,
            "trir_top5_ci95": list(self.top5_interval),
            "chance": self.chance,
            "interval": "Wilson score, 95%",
        }


def require_scikit_learn() -> None:
    """Fail early, before any long work, when the 'attack' extra is not installed."""
    require("attack", "the re-identification attack")


def _chunks(text: str, size: int) -> list[str]:
    words = text.split()
    return [" ".join(words[i : i + size]) for i in range(0, len(words), size)] or [""]


class LinkageAttack:
    """Fitted once on the background knowledge; links any number of sanitizations."""

    def __init__(self, background: Mapping[str, str], design: AttackDesign = DEFAULT_DESIGN) -> None:
        require_scikit_learn()
        if len(background) < 2:
            raise InputError("the background knowledge must describe at least two people")
        if design.model not in ("nearest", "linear") or not (design.word_ngrams or design.char_ngrams):
            raise ConfigurationError("an attack design needs word or character n-grams and a known model")
        self.design = design
        self.people = list(background)
        self._index = {person: i for i, person in enumerate(self.people)}
        texts = [background[p] for p in self.people]
        if design.model == "nearest":
            self._fit_vectorizers(texts)
            self._weights = self._features(texts)
            self._intercepts: Optional[np.ndarray] = None
        else:
            chunks, labels = [], []
            for index, text in enumerate(texts):
                pieces = _chunks(text, design.chunk_words)
                chunks += pieces
                labels += [index] * len(pieces)
            self._fit_vectorizers(chunks)
            from sklearn.svm import LinearSVC

            model = LinearSVC(C=1.0).fit(self._features(chunks), labels)
            self._weights, self._intercepts = model.coef_, model.intercept_

    def _fit_vectorizers(self, texts: list[str]) -> None:
        from sklearn.feature_extraction.text import TfidfVectorizer

        common = {"binary": self.design.binary, "sublinear_tf": not self.design.binary, "dtype": np.float32}
        self._vectorizers = []
        if self.design.word_ngrams:
            self._vectorizers.append(TfidfVectorizer(analyzer="word", ngram_range=self.design.word_ngrams, **common))
        if self.design.char_ngrams:
            self._vectorizers.append(TfidfVectorizer(analyzer="char_wb", ngram_range=self.design.char_ngrams, **common))
        for vectorizer in self._vectorizers:
            vectorizer.fit(texts)

    def _features(self, texts: list[str]) -> csr_matrix:
        from scipy.sparse import hstack
        from sklearn.preprocessing import normalize

        return normalize(hstack([v.transform(texts) for v in self._vectorizers]).tocsr())

    def _scores(self, features: csr_matrix) -> np.ndarray:
        scores = features @ self._weights.T
        scores = scores.toarray() if hasattr(scores, "toarray") else np.asarray(scores)
        return scores + self._intercepts if self._intercepts is not None else scores

    def attacked(self, sanitized: Mapping[str, str]) -> list[str]:
        """The documents the attack can score: those whose person it knows."""
        return [doc_id for doc_id in sanitized if doc_id in self._index]

    def link(self, sanitized: Mapping[str, str]) -> AttackResult:
        """TRIR of ``{doc_id: sanitized text}``; doc_id names the person it protects."""
        ids = self.attacked(sanitized)
        if not ids:
            raise InputError("no document has an entry in the background knowledge (check the doc_ids)")
        scores = self._scores(self._features([sanitized[i] for i in ids]))
        truth = np.array([self._index[i] for i in ids])
        own = scores[np.arange(len(ids)), truth][:, None]
        # Exact float equality is what a tie is: an empty document scores 0 for everyone.
        above = (scores > own).sum(axis=1)
        tied = (scores == own).sum(axis=1)
        credit = {k: np.clip((k - above) / tied, 0.0, 1.0) for k in (1, 5)}
        top1, top5 = float(credit[1].sum()), float(credit[5].sum())
        return AttackResult(
            design=self.design.describe(),
            people=len(self.people),
            documents=len(ids),
            top1=top1 / len(ids),
            top1_interval=wilson_interval(top1, len(ids)),
            top5=top5 / len(ids),
            top5_interval=wilson_interval(top5, len(ids)),
            per_document={i: (float(a), float(b)) for i, a, b in zip(ids, credit[1], credit[5])},
        )

    def explain(self, sanitized: Mapping[str, str], top: int = 10) -> dict[str, dict]:
        """Per document: whom the attack links it to, where its own person ranks, and the
        features (n-grams of the sanitized text, in clear) that weigh most towards its
        own person. Holds document text: for a private file only, never for logs."""
        ids = self.attacked(sanitized)
        features = self._features([sanitized[i] for i in ids])
        scores = self._scores(features)
        names = np.concatenate([v.get_feature_names_out() for v in self._vectorizers])
        explained = {}
        for row, doc_id in enumerate(ids):
            own = self._index[doc_id]
            vector = features.getrow(row)
            weights = self._weights[own]
            weights = weights.toarray().ravel() if hasattr(weights, "toarray") else np.asarray(weights).ravel()
            contributions = vector.data * weights[vector.indices]
            order = np.argsort(-contributions)[:top]
            explained[doc_id] = {
                "linked_to": self.people[int(scores[row].argmax())],
                "rank_of_own_person": int((scores[row] > scores[row, own]).sum()) + 1,
                "top_features": [
                    [str(names[vector.indices[j]]), round(float(contributions[j]), 5)]
                    for j in order
                    if contributions[j] > 0
                ],
            }
        return explained
