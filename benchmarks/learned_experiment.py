"""Would a learned decision beat the IC threshold on the terms the default decides by IC?

    python benchmarks/learned_experiment.py

The default policy decides noun phrases, names of unknown type and numbers by their IC
against β; every other kind by rule. This experiment keeps every rule and replaces only
those IC decisions by a logistic regression over each term's features (its IC, kind,
length, casing, digits, mentions, first position, nearness to a person's name, the words
before it), fitted on TAB documents 1-64 (labels: the term's mentions are mostly inside
the experts' masks), and scored on 65-127. Both decisions are swept along their own
threshold (the IC one is the dial β), and the token precision at each recall from 0.90
to 0.97 is printed side by side: the learned decision is worth building only if it is
above the dial's curve there.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab, load_tab_gold, split_tab  # noqa: E402

from ic_sanitizer import Sanitizer, TermKind  # noqa: E402
from ic_sanitizer.evaluation import evaluate  # noqa: E402
from ic_sanitizer.evaluation.scores import Mask  # noqa: E402
from ic_sanitizer.redaction import Mode, Removal, plan_replacements  # noqa: E402
from ic_sanitizer.spans import WORD  # noqa: E402
from ic_sanitizer.stages import Reason  # noqa: E402

LEARNED = (TermKind.NOUN_PHRASE, TermKind.NAME, TermKind.NUMBER)
CUES = ("his", "her", "their", "applicant's", "applicant", "born", "in", "at", "of", "the", "a", "as", "mr", "mrs")
MAX_IC = 41.0


def features(text: str, scored, persons: list[tuple[int, int]]) -> list[float]:
    term = scored.term
    words = term.text.split()
    first = term.mentions[0].start if term.mentions else 0
    before = re.findall(r"[\w']+", text[max(0, first - 30) : first].lower())[-1:] or [""]
    near = any(abs(m.start - p) < 150 for m in term.mentions for p, _ in persons)
    ic = MAX_IC if scored.information_content is None else scored.information_content
    return [
        ic / 10,
        *(float(term.kind is kind) for kind in LEARNED),
        len(words),
        math.log(len(term.text) + 1),
        sum(w[:1].isupper() for w in words) / len(words),
        float(any(c.isdigit() for c in term.text)),
        math.log(1 + len(term.mentions)),
        first / max(1, len(text)),
        float(near),
        *(float(before[0] == cue) for cue in CUES),
        1.0,
    ]


def label(text: str, term, gold_mask: Mask) -> float:
    tokens = [
        (m.start() + s.start, m.end() + s.start) for s in term.mentions for m in WORD.finditer(text[s.start : s.end])
    ]
    return float(bool(tokens) and sum(gold_mask.covers(a, b) for a, b in tokens) >= len(tokens) / 2)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0) -> np.ndarray:
    """Logistic regression by Newton's method (IRLS) with an L2 penalty."""
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + l2 * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        w -= np.linalg.solve(hessian, gradient)
    return w


def spans_with(text: str, result, removed_keys: set[str]) -> list[tuple[int, int]]:
    entity_of = {s.term.key: s.entity or s.term.key for s in result.terms}
    entities = {entity_of[k] for k in removed_keys}
    removals = [
        Removal(s.term, entity_of[s.term.key], s.term.kind)
        for s in result.terms
        if s.term.key in removed_keys or (entity_of[s.term.key] in entities and s.reason is not Reason.ALLOW)
    ]
    return [(r.start, r.end) for r in plan_replacements(text, removals, Mode.TAG)]


def main() -> None:
    texts, _ = load_tab()
    gold = load_tab_gold()
    with Sanitizer() as sanitizer:
        ids = sorted(texts)
        results = dict(zip(ids, sanitizer.sanitize_many([texts[i] for i in ids])))
        thresholds = sanitizer.thresholds
    rows: dict[str, list] = {}
    for doc_id, result in results.items():
        text = texts[doc_id]
        persons = [(m.start, m.end) for s in result.terms if s.term.kind is TermKind.PERSON for m in s.term.mentions]
        gold_mask = Mask([(s.start, s.end) for spans in gold.spans.get(doc_id, {}).values() for s in spans])
        fixed, learned = set(), []
        for s in result.terms:
            if s.term.kind in LEARNED and s.reason is Reason.IC:
                ic = MAX_IC if s.information_content is None else s.information_content
                learned.append(
                    (
                        s.term.key,
                        features(text, s, persons),
                        label(text, s.term, gold_mask),
                        ic - thresholds.beta_for(s.term.kind),
                    )
                )
            elif s.removed:
                fixed.add(s.term.key)
        rows[doc_id] = [fixed, learned]
    tune, report = split_tab(texts, "tune"), split_tab(texts, "report")
    x = np.array([f for d in tune for _, f, _, _ in rows[d][1]])
    y = np.array([lab for d in tune for _, _, lab, _ in rows[d][1]])
    mean, std = x.mean(axis=0), x.std(axis=0) + 1e-9
    std[-1], mean[-1] = 1.0, 0.0
    w = fit((x - mean) / std, y)
    print(f"fitted on {len(y)} terms of documents 1-64 ({int(y.sum())} inside the experts' masks)")

    def curve(score_of) -> list[tuple[float, float, float]]:
        points = []
        for threshold in np.linspace(-6, 6, 49):
            spans = {}
            for d in report:
                fixed, learned = rows[d]
                keep = {key for key, f, _, margin in learned if score_of(f, margin) >= threshold}
                spans[d] = spans_with(texts[d], results[d], fixed | keep)
            s = evaluate(report, gold, spans)
            points.append((s.token_recall or 0.0, s.token_precision or 0.0, s.tokens_kept or 0.0))
        return points

    ours = curve(lambda f, margin: float(((np.array(f) - mean) / std) @ w))
    dial = curve(lambda f, margin: margin / 2)  # the IC rule: IC - β, in units of 2 bits
    print(f"{'recall':>7} {'P dial':>7} {'P learned':>9} {'kept dial':>9} {'kept learned':>12}")
    for target in (0.90, 0.92, 0.94, 0.95, 0.96, 0.97):
        (_, p_dial, k_dial), (_, p_ours, k_ours) = _best(dial, target), _best(ours, target)
        print(f"{target:>7.2f} {p_dial:>7.3f} {p_ours:>9.3f} {k_dial:>9.3f} {k_ours:>12.3f}")


def _best(points: list[tuple[float, float, float]], target: float) -> tuple[float, float, float]:
    """The most precise point reaching ``target`` recall."""
    reaching = [p for p in points if p[0] >= target]
    return max(reaching, key=lambda p: p[1]) if reaching else (0.0, 0.0, 0.0)


if __name__ == "__main__":
    main()
