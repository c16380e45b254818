"""This engine as a recognizer inside Presidio's AnalyzerEngine, on TAB documents 65-127.

    python benchmarks/presidio_inside.py

Presidio's AnalyzerEngine (spaCy's small model as its NLP engine, as in peers.py) holds
only this engine's recognizer; its results go through Presidio's AnonymizerEngine with
the replace operator, and the spans it replaced are scored against the experts' masks.
Printed beside it: the engine's own spans, scored the same way. The bar: the same recall
within 0.005.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tab import load_tab, load_tab_gold, split_tab  # noqa: E402
from presidio_analyzer import AnalyzerEngine, RecognizerRegistry  # noqa: E402
from presidio_analyzer.nlp_engine import NlpEngineProvider  # noqa: E402
from presidio_anonymizer import AnonymizerEngine  # noqa: E402
from presidio_anonymizer.entities import OperatorConfig  # noqa: E402

from ic_sanitizer import Sanitizer  # noqa: E402
from ic_sanitizer.evaluation import evaluate  # noqa: E402
from ic_sanitizer.extraction.spacy_extractor import model_folder  # noqa: E402
from ic_sanitizer.integrations.presidio_recognizer import SanitizerRecognizer  # noqa: E402


def main() -> None:
    texts, _ = load_tab()
    gold = load_tab_gold()
    report = split_tab(texts, "report")
    configuration = {"nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": str(model_folder())}]}
    registry = RecognizerRegistry(supported_languages=["en"])
    registry.add_recognizer(SanitizerRecognizer())
    analyzer = AnalyzerEngine(
        registry=registry,
        nlp_engine=NlpEngineProvider(nlp_configuration=configuration).create_engine(),
        supported_languages=["en"],
    )
    anonymizer = AnonymizerEngine()
    through_presidio = {}
    for doc_id, text in report.items():
        results = analyzer.analyze(text, language="en")
        anonymizer.anonymize(text, results, {"DEFAULT": OperatorConfig("replace")})
        through_presidio[doc_id] = [(r.start, r.end) for r in results]
    with Sanitizer() as engine:
        own = {
            doc_id: [(r.start, r.end) for r in result.replacements]
            for doc_id, result in zip(report, engine.sanitize_many(list(report.values())))
        }
    for name, spans in (("inside Presidio", through_presidio), ("the engine alone", own)):
        s = evaluate(report, gold, spans)
        print(f"{name:>17}: documents 65-127, token recall {s.token_recall:.4f}, precision {s.token_precision:.4f}")


if __name__ == "__main__":
    main()
