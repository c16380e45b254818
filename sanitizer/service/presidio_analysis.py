"""What Presidio's /analyze asks beyond the engine's decisions: a score for each, its
explanation in Presidio's shape, the caller's ad-hoc recognizers, context words and allow
list by regular expression.

Scores are graded from the engine's own figures, so that ``score_threshold`` means
something:

| decided by | score |
|---|---|
| the user (deny list, a protected name, a hidden category) | 1.0 |
| a recognizer whose check digits validated (a national identifier, an IBAN, a card) | 1.0 |
| a recognizer or a rule that masks its kind whatever its IC | 0.85 |
| another name of an entity that is masked, a translation of a masked term | 0.85 |
| IC (or the learned score) against β: 0.5 at β, rising with the margin to 1.0 at 2β | 0.5–1.0 |
| S2's relatedness, S3's k-anonymity | 0.6 |

A context word of the request within 40 characters before a span adds 0.35 (at most 1.0),
as Presidio's context enhancer does; the explanation says which word.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping, Optional, Sequence

from ..errors import InputError
from ..recognizers.national import format_named, national_names
from ..stages import Reason, ScoredTerm

#: the score a context word adds, and how far before a span it is looked for
CONTEXT_BOOST, CONTEXT_WINDOW = 0.35, 40
#: Presidio's default flags for regular expressions: DOTALL, MULTILINE, IGNORECASE
PRESIDIO_REGEX_FLAGS = re.DOTALL | re.MULTILINE | re.IGNORECASE
#: what one request may bring: ad-hoc recognizers, patterns each, a pattern's length
_MOST_RECOGNIZERS, _MOST_PATTERNS, _LONGEST_PATTERN = 50, 50, 1000
_CHECKED_SOURCES = frozenset({"iban", "payment_card"})
_USERS = frozenset({Reason.DENY, Reason.REQUESTED, Reason.HIDDEN_CATEGORY})


def decision_score(scored: Optional[ScoredTerm]) -> tuple[float, str]:
    """A removed term's score and the sentence that explains it."""
    if scored is None:
        return 0.85, "masked with the entity it names"
    reason, source = scored.reason, scored.term.source
    if reason in _USERS:
        return 1.0, f"masked as the user asked ({reason.value})"
    if reason in (Reason.IC, Reason.LEARNED) and scored.beta:
        bits = scored.learned_bits if reason is Reason.LEARNED else scored.information_content
        if bits is not None:
            margin = max(0.0, (bits - scored.beta) / scored.beta)
            return round(0.5 + 0.5 * min(1.0, margin), 3), f"{reason.value} {bits:.1f} bits ≥ β {scored.beta:.1f}"
    if reason in (Reason.PMI, Reason.K_ANONYMITY):
        return 0.6, f"masked by {reason.value} with a sensitive term"
    checked = source in _CHECKED_SOURCES or (source in national_names() and format_named(source).checked)
    if checked:
        return 1.0, f"found by {source}, its check digits valid"
    return 0.85, f"masked by its kind's rule ({reason.value}), found by {source or 'the extractor'}"


def with_context(results: list[dict[str, Any]], text: str, context: Sequence[str]) -> None:
    """Raise the score of each result with a context word before it (in place)."""
    words = [(w, re.compile(rf"(?<!\w){re.escape(w)}(?!\w)")) for w in (c.casefold() for c in context) if w.strip()]
    if not words:
        return
    for result in results:
        before = text[max(0, result["start"] - CONTEXT_WINDOW) : result["start"]].casefold()
        word = next((w for w, pattern in words if pattern.search(before)), None)
        if word is None:
            continue
        raised = min(1.0, result["score"] + CONTEXT_BOOST)
        explanation = result.get("analysis_explanation")
        if isinstance(explanation, dict):
            explanation.update(score=raised, score_context_improvement=round(raised - result["score"], 3))
            explanation["supportive_context_word"] = word
        result["score"] = raised


def explanation(recognizer: str, score: float, text: str, pattern: Optional[tuple[str, str]] = None) -> dict[str, Any]:
    """Presidio's AnalysisExplanation, as its JSON has it."""
    return {
        "recognizer": recognizer,
        "pattern_name": pattern[0] if pattern else None,
        "pattern": pattern[1] if pattern else None,
        "original_score": score,
        "score": score,
        "textual_explanation": text,
        "score_context_improvement": 0,
        "supportive_context_word": "",
        "validation_result": None,
        "regex_flags": None,
    }


def ad_hoc_results(
    text: str, recognizers: Sequence[Mapping[str, Any]], entities: Optional[Iterable[str]], explain: bool
) -> list[dict[str, Any]]:
    """What the request's own recognizers find (Presidio's pattern and deny-list
    recognizers, as JSON): each match of a pattern at its score, each deny-list word at
    ``deny_list_score`` (1.0); their own context words raise their scores."""
    if len(recognizers) > _MOST_RECOGNIZERS:
        raise InputError(f"at most {_MOST_RECOGNIZERS} ad_hoc_recognizers")
    wanted = None if entities is None else set(entities)
    found: list[dict[str, Any]] = []
    for recognizer in recognizers:
        entity, name = str(recognizer.get("supported_entity", "")), str(recognizer.get("name", "ad hoc"))
        if not entity or (wanted is not None and entity not in wanted):
            continue
        own = []
        for pattern_name, regex, score in _patterns(recognizer):
            for match in regex.finditer(text):
                if match.end() > match.start():
                    record = {"entity_type": entity, "start": match.start(), "end": match.end(), "score": score}
                    record["analysis_explanation"] = (
                        explanation(name, score, f"matched {pattern_name}", (pattern_name, regex.pattern))
                        if explain
                        else None
                    )
                    own.append(record)
        with_context(own, text, [str(word) for word in recognizer.get("context") or []])
        found += own
    return found


def _patterns(recognizer: Mapping[str, Any]) -> list[tuple[str, re.Pattern[str], float]]:
    """A recognizer's patterns compiled, and its deny list as one pattern of whole words."""
    patterns = list(recognizer.get("patterns") or [])
    deny = [str(word) for word in recognizer.get("deny_list") or []]
    if len(patterns) > _MOST_PATTERNS or len(deny) > 10_000:
        raise InputError(f"an ad-hoc recognizer has at most {_MOST_PATTERNS} patterns and 10,000 deny-list words")
    compiled = []
    for pattern in patterns:
        regex, score = str(pattern.get("regex", "")), pattern.get("score", 0.5)
        if not regex or len(regex) > _LONGEST_PATTERN or not isinstance(score, (int, float)) or not 0 <= score <= 1:
            raise InputError("an ad-hoc pattern needs a regex (up to 1,000 characters) and a score from 0 to 1")
        compiled.append((str(pattern.get("name", "pattern")), _compiled(regex), float(score)))
    if deny:
        words = "|".join(re.escape(word) for word in sorted(deny, key=len, reverse=True))
        score = float(recognizer.get("deny_list_score", 1.0))
        compiled.append(("deny_list", _compiled(rf"(?:^|(?<=\W))(?:{words})(?:(?=\W)|$)"), score))
    return compiled


def _compiled(regex: str, flags: int = PRESIDIO_REGEX_FLAGS) -> re.Pattern[str]:
    try:
        return re.compile(regex, flags)
    except re.error as exc:
        raise InputError(f"not a regular expression ({exc})") from None


def allowed_by(allow_list: Sequence[str], match: str, flags: Optional[int]) -> Any:
    """A test of a span's text against the request's allow list: Presidio's ``exact``
    (the whole text is a phrase of the list) or ``regex`` (a pattern of the list matches
    the whole text, with ``regex_flags``)."""
    if match == "exact":
        phrases = set(allow_list)
        return lambda text: text in phrases
    if match != "regex":
        raise InputError("allow_list_match must be exact or regex")
    patterns = [_compiled(p, PRESIDIO_REGEX_FLAGS if flags is None else flags) for p in allow_list]
    return lambda text: any(pattern.fullmatch(text) for pattern in patterns)
