"""The engine as a spaCy pipeline component, for users who already run spaCy.

    import spacy
    nlp = spacy.blank("en")                    # or any pipeline
    nlp.add_pipe("ic_sanitizer", config={"policy": "default"})
    doc = nlp("Mr John Smith was born in Leeds.")
    [(span.text, span.label_) for span in doc.spans["ic_sanitizer"]]   # what the engine removes

The factory is registered through the ``spacy_factories`` entry point, so ``add_pipe``
finds it without an import. The component runs this engine on ``doc.text`` (its own
extraction, not the pipeline's), and writes two span groups: ``spans_key`` (default
"ic_sanitizer"), the spans the engine removes, labelled by kind (PERSON, DATE, TERM ...);
and ``candidates_key`` (default "ic_sanitizer_candidates"), every candidate's mentions,
labelled by kind, with the decision of each in the group's attrs["decisions"] (one per
span, in order). Spans are aligned to the doc's tokens, widened to whole tokens.
"""

from __future__ import annotations

from typing import Any

from spacy.language import Language
from spacy.tokens import Doc, Span

from ..pipeline import Sanitizer
from ..redaction import placeholder_label
from ..settings import Settings


class SanitizerComponent:
    def __init__(self, settings: Settings, spans_key: str, candidates_key: str) -> None:
        self.sanitizer = Sanitizer(settings)
        self.spans_key = spans_key
        self.candidates_key = candidates_key

    def __call__(self, doc: Doc) -> Doc:
        result = self.sanitizer.sanitize(doc.text) if doc.text.strip() else None
        removed: list[Span] = []
        candidates: list[Span] = []
        decisions: list[str] = []
        if result is not None:
            for r in result.replacements:
                span = doc.char_span(r.start, r.end, label=placeholder_label(r.kind), alignment_mode="expand")
                if span is not None:
                    removed.append(span)
            for scored in result.terms:
                for mention in scored.term.mentions:
                    span = doc.char_span(
                        mention.start, mention.end, label=placeholder_label(scored.term.kind), alignment_mode="expand"
                    )
                    if span is not None:
                        candidates.append(span)
                        decisions.append(scored.decision.value)
        doc.spans[self.spans_key] = removed
        doc.spans[self.candidates_key] = candidates
        doc.spans[self.candidates_key].attrs["decisions"] = decisions
        return doc


@Language.factory(
    "ic_sanitizer",
    default_config={
        "policy": "default",
        "backend": "wordfreq",
        "beta": None,
        "mode": None,
        "spans_key": "ic_sanitizer",
        "candidates_key": "ic_sanitizer_candidates",
    },
)
def make_component(
    nlp: Language, name: str, policy: str, backend: str, beta: Any, mode: Any, spans_key: str, candidates_key: str
) -> SanitizerComponent:
    """The component's settings are the engine's (one process: spaCy runs it in the caller's)."""
    settings = Settings(backend, policy=policy, beta=beta, mode=mode, workers=1)
    return SanitizerComponent(settings, spans_key, candidates_key)
