"""This engine as a recognizer inside Presidio's AnalyzerEngine (the `presidio` extra).

    from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
    from ic_sanitizer.integrations.presidio_recognizer import SanitizerRecognizer

    registry = RecognizerRegistry(supported_languages=["en"])
    registry.add_recognizer(SanitizerRecognizer())
    analyzer = AnalyzerEngine(registry=registry, nlp_engine=..., supported_languages=["en"])
    results = analyzer.analyze(text, language="en")        # the spans this engine removes

It answers what the engine decides on the whole text (its own extraction: Presidio's NLP
artifacts are not read), as ``service.presidio.analyzer_results`` does for the service,
so Presidio's anonymizer, operators and batch tools apply unchanged. Presidio's other
recognizers may sit beside it; their spans are then merged by Presidio, not by this engine.
"""

from __future__ import annotations

from typing import Any, Optional

from presidio_analyzer import AnalysisExplanation, EntityRecognizer, RecognizerResult

from ..pipeline import Sanitizer
from ..service.presidio import analyzer_results, supported_entities
from ..settings import Settings

NAME = "IcSanitizerRecognizer"


class SanitizerRecognizer(EntityRecognizer):
    def __init__(self, settings: Optional[Settings] = None, supported_language: str = "en") -> None:
        self.sanitizer = Sanitizer(settings or Settings(workers=1))
        super().__init__(supported_entities=supported_entities(), name=NAME, supported_language=supported_language)

    def load(self) -> None:
        """The engine is opened in __init__."""

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        if not text.strip():
            return []
        results = analyzer_results(self.sanitizer.sanitize(text), entities or None, explain=True)
        return [
            RecognizerResult(
                r["entity_type"],
                r["start"],
                r["end"],
                r["score"],
                AnalysisExplanation(
                    recognizer=NAME,
                    original_score=r["score"],
                    textual_explanation=str((r["analysis_explanation"] or {}).get("textual_explanation", "")),
                ),
            )
            for r in results
        ]

    def close(self) -> None:
        self.sanitizer.close()
