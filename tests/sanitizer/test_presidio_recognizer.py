"""This engine inside Presidio's AnalyzerEngine, with Presidio's anonymizer applying its operators."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("presidio_analyzer")
pytest.importorskip("presidio_anonymizer")

from presidio_analyzer import AnalyzerEngine, RecognizerRegistry  # noqa: E402
from presidio_analyzer.nlp_engine import NlpEngineProvider  # noqa: E402
from presidio_anonymizer import AnonymizerEngine  # noqa: E402
from presidio_anonymizer.entities import OperatorConfig  # noqa: E402

from ic_sanitizer import Sanitizer, Settings  # noqa: E402
from ic_sanitizer.extraction import spacy_extractor  # noqa: E402
from ic_sanitizer.integrations.presidio_recognizer import SanitizerRecognizer  # noqa: E402
from ic_sanitizer.service.presidio import analyzer_results  # noqa: E402

from ..conftest import TAB_DIR, shared_data  # noqa: E402

pytestmark = pytest.mark.skipif(
    spacy_extractor.missing() is not None,
    reason=f"Presidio's NLP engine needs the spacy extra's model: {spacy_extractor.missing()}",
)


@pytest.fixture(scope="module")
def analyzer(tmp_path_factory):
    configuration = {
        "nlp_engine_name": "spacy",
        "models": [{"lang_code": "en", "model_name": str(spacy_extractor.model_folder())}],
    }
    registry = RecognizerRegistry(supported_languages=["en"])
    recognizer = SanitizerRecognizer(Settings(cache_dir=tmp_path_factory.mktemp("presidio-cache"), workers=1))
    registry.add_recognizer(recognizer)
    yield AnalyzerEngine(
        registry=registry,
        nlp_engine=NlpEngineProvider(nlp_configuration=configuration).create_engine(),
        supported_languages=["en"],
    )
    recognizer.close()


def test_inside_presidio_the_results_are_the_engines_and_presidios_anonymizer_applies_them(analyzer, tmp_path):
    shared_data(TAB_DIR)
    texts = json.loads((TAB_DIR / "texts.json").read_text(encoding="utf-8"))
    with Sanitizer(Settings(cache_dir=tmp_path / "cache", workers=1)) as engine:
        for doc_id in sorted(texts)[64:70]:
            text = texts[doc_id]
            ours = [(r["entity_type"], r["start"], r["end"]) for r in analyzer_results(engine.sanitize(text))]
            found = analyzer.analyze(text, language="en")
            assert sorted((r.entity_type, r.start, r.end) for r in found) == sorted(ours)
            anonymized = AnonymizerEngine().anonymize(text, found, {"DEFAULT": OperatorConfig("replace")})
            for entity_type, _, _ in ours:
                assert f"<{entity_type}>" in anonymized.text
            assert len(anonymized.items) == len(ours)
