"""`sanitizer serve` on loopback: Presidio's shapes answered as the engine decides in
process, Presidio's operators, the token, the body limit, overload, and no echo of a text."""

from __future__ import annotations

import json
import socket
import threading
import time
from contextlib import contextmanager

import pytest
import requests
from typer.testing import CliRunner

pytest.importorskip("fastapi")
uvicorn = pytest.importorskip("uvicorn")

from ic_sanitizer import Sanitizer, Settings  # noqa: E402
from ic_sanitizer.cli.app import app as cli  # noqa: E402
from ic_sanitizer.cli.serve_cmd import uvicorn_limit  # noqa: E402
from ic_sanitizer.service.app import HEALTH_MESSAGE, create_app  # noqa: E402
from ic_sanitizer.service.presidio import analyzer_results, anonymize  # noqa: E402
from tests.conftest import needs  # noqa: E402
from tests.sanitizer.loopback import serving_app  # noqa: E402

TEXTS = [
    "Mr John Smith, born on 12 March 1961 in Leeds, wrote to anna.kowalska@example.org.\n",
    "The applicant, Ms Maria Lopez, was treated at St Mary's Hospital for acquired immunodeficiency syndrome.\n",
    "Call 020 7946 0958 or write to 14 Baker Street, London NW1 6XE before 3 May 2010.\n",
]


@contextmanager
def serving(sanitizer, concurrency=32, **options):
    """The service on a free loopback port, in a thread; yields its base URL."""
    with serving_app(create_app(sanitizer, **options), limit_concurrency=uvicorn_limit(concurrency)) as base:
        yield base


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    with Sanitizer(Settings(cache_dir=tmp_path_factory.mktemp("service-cache"), workers=1)) as sanitizer:
        yield sanitizer


@pytest.fixture(scope="module")
def url(engine):
    with serving(engine) as base:
        yield base


def test_a_presidio_client_gets_what_the_engine_decides_in_process(engine, url):
    assert requests.get(f"{url}/health", timeout=10).text == HEALTH_MESSAGE
    for text in TEXTS:
        answer = requests.post(f"{url}/analyze", json={"text": text, "language": "en"}, timeout=60)
        assert answer.status_code == 200
        assert answer.json() == analyzer_results(engine.sanitize(text))
        assert {r["entity_type"] for r in answer.json()} & {"PERSON", "DATE_TIME", "EMAIL_ADDRESS", "PHONE_NUMBER"}
    batch = requests.post(f"{url}/analyze", json={"text": TEXTS, "language": "en"}, timeout=60).json()
    assert batch == [analyzer_results(engine.sanitize(text)) for text in TEXTS]


def test_analyze_filters_by_entity_type_and_allow_list_and_explains_on_request(url):
    text = TEXTS[0]
    people = requests.post(
        f"{url}/analyze", json={"text": text, "language": "en", "entities": ["PERSON"]}, timeout=60
    ).json()
    assert [text[r["start"] : r["end"]] for r in people] == ["Mr John Smith"]
    allowed = requests.post(
        f"{url}/analyze",
        json={"text": text, "language": "en", "allow_list": ["Leeds"], "return_decision_process": True},
        timeout=60,
    ).json()
    assert "Leeds" not in [text[r["start"] : r["end"]] for r in allowed]
    assert all(r["analysis_explanation"]["textual_explanation"] for r in allowed)
    refused = requests.post(f"{url}/analyze", json={"text": text, "language": "xx"}, timeout=60)
    assert refused.status_code == 422 and "supported: en, es" in refused.json()["error"]
    spanish = "Dra. Elena Sanz"  # too short to detect: the request's language decides
    found = requests.post(f"{url}/analyze", json={"text": spanish, "language": "es"}, timeout=60).json()
    assert [spanish[r["start"] : r["end"]] for r in found] == ["Elena Sanz"]


def test_sanitize_answers_the_text_and_its_replacements(engine, url):
    answer = requests.post(f"{url}/sanitize", json={"text": TEXTS[1], "report": True}, timeout=60).json()
    assert answer["text"] == engine.sanitize(TEXTS[1]).text and "Lopez" not in answer["text"]
    assert {r["kind"] for r in answer["replacements"]} >= {"person"} and answer["report"]["terms"]


def test_anonymize_applies_presidios_operators_per_entity_type(url):
    text = "Call 555-0100 or Bob at bob@example.org"
    results = [
        {"start": 5, "end": 13, "entity_type": "PHONE_NUMBER", "score": 1.0},
        {"start": 17, "end": 20, "entity_type": "PERSON", "score": 1.0},
        {"start": 24, "end": 39, "entity_type": "EMAIL_ADDRESS", "score": 1.0},
        {"start": 17, "end": 19, "entity_type": "NAME", "score": 0.5},
    ]  # overlaps PERSON: dropped
    operators = {
        "PHONE_NUMBER": {"type": "mask", "masking_char": "*", "chars_to_mask": 4, "from_end": True},
        "EMAIL_ADDRESS": {"type": "hash"},
    }
    answer = requests.post(
        f"{url}/anonymize", json={"text": text, "analyzer_results": results, "anonymizers": operators}, timeout=10
    ).json()
    assert answer["text"].startswith("Call 555-**** or <PERSON> at ") and "bob@" not in answer["text"]
    assert answer == anonymize(text, results, operators)
    for item in answer["items"]:
        assert answer["text"][item["start"] : item["end"]] == item["text"]
    bad = requests.post(
        f"{url}/anonymize",
        json={"text": text, "analyzer_results": [{"start": 5, "end": 99, "entity_type": "X"}]},
        timeout=10,
    )
    assert bad.status_code == 422 and "not inside the text" in bad.json()["error"]


def test_a_malformed_request_is_refused_without_echoing_its_text(url):
    secret = "Mrs Ottoline Featherstonehaugh"
    answer = requests.post(f"{url}/analyze", json={"text": {"nested": secret}, "language": "en"}, timeout=10)
    assert answer.status_code == 422 and secret not in answer.text and "text" in answer.text


def test_the_body_limit_and_the_token(engine):
    with serving(engine, token="s3cret-token-value", max_body=1000) as base:
        assert requests.get(f"{base}/health", timeout=10).status_code == 200  # a probe needs no token
        assert requests.post(f"{base}/sanitize", json={"text": "x"}, timeout=10).status_code == 401
        wrong = {"Authorization": "Bearer nope"}
        refused = requests.post(f"{base}/sanitize", json={"text": "x"}, headers=wrong, timeout=10)
        assert refused.status_code == 401 and refused.json() == {"error": "a bearer token is needed"}
        accented = {"Authorization": "Bearer s3cret-tökén".encode("utf-8")}
        assert requests.post(f"{base}/sanitize", json={"text": "x"}, headers=accented, timeout=10).status_code == 401
        assert requests.get(f"{base}/nosuch", timeout=10).json() == {"error": "Not Found"}
        good = {"Authorization": "Bearer s3cret-token-value"}
        assert (
            requests.post(f"{base}/sanitize", json={"text": "Mr Smith wrote."}, headers=good, timeout=60).status_code
            == 200
        )
        big = requests.post(f"{base}/sanitize", json={"text": "word " * 400}, headers=good, timeout=10)
        assert big.status_code == 413
        chunked = requests.post(f"{base}/sanitize", data=iter([b'{"text": "a"}']), headers=good, timeout=10)
        assert chunked.status_code == 411


def test_overload_is_answered_503_never_a_crash(engine):
    release = threading.Event()

    class Slow:
        """The engine, held until released, so that a request stays in flight."""

        def sanitize_many(self, texts, protect=None, **options):
            release.wait(20)
            return engine.sanitize_many(texts, protect=protect, **options)

    with serving(Slow(), concurrency=1) as base:  # type: ignore[arg-type]
        first = threading.Thread(
            target=requests.post,
            args=(f"{base}/sanitize",),
            kwargs={"json": {"text": "Mr Smith wrote."}, "timeout": 30},
        )
        first.start()
        time.sleep(0.5)
        try:
            assert requests.post(f"{base}/sanitize", json={"text": "x"}, timeout=10).status_code == 503
        finally:
            release.set()
            first.join(30)
        deadline = time.monotonic() + 10  # once the first request's connection closes, the service answers again
        while requests.get(f"{base}/health", timeout=10).status_code != 200 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert requests.get(f"{base}/health", timeout=10).status_code == 200


def test_the_command_refuses_another_host_without_a_token_and_a_busy_port_in_one_line(monkeypatch):
    monkeypatch.delenv("SANITIZER_SERVICE_TOKEN", raising=False)
    runner = CliRunner()
    public = runner.invoke(cli, ["serve", "--host", "0.0.0.0", "--no-cache"])
    assert public.exit_code == 2 and "SANITIZER_SERVICE_TOKEN" in public.stderr
    assert len(public.stderr.strip().splitlines()) == 1
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        busy = runner.invoke(cli, ["serve", "--port", str(taken.getsockname()[1]), "--no-cache"])
    assert busy.exit_code == 1 and "cannot listen on" in busy.stderr
    assert len(busy.stderr.strip().splitlines()) == 1, json.dumps(busy.stderr)


def test_the_report_in_presidios_shape_holds_what_analyze_answers(engine, url, tmp_path):
    doc = tmp_path / "doc.txt"
    doc.write_text(TEXTS[0], encoding="utf-8")
    result = CliRunner().invoke(
        cli, ["sanitize", str(doc), "--report", str(tmp_path / "r.json"), "--report-format", "presidio", "--no-cache"]
    )
    assert result.exit_code == 0, result.stderr
    written = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    answer = requests.post(f"{url}/analyze", json={"text": TEXTS[0], "language": "en"}, timeout=60).json()
    assert written == {str(doc): answer}


def test_a_whole_document_comes_back_sanitized_in_its_format(url, tmp_path):
    import base64

    docx = pytest.importorskip("docx")
    document = docx.Document()
    document.add_paragraph(TEXTS[0].strip())
    document.save(str(tmp_path / "letter.docx"))
    encoded = base64.b64encode((tmp_path / "letter.docx").read_bytes()).decode("ascii")
    answer = requests.post(f"{url}/sanitize", json={"document": encoded, "filename": "letter.docx"}, timeout=60).json()
    assert answer["kind"] == "docx" and answer["replaced_spans"] > 0
    (tmp_path / "out.docx").write_bytes(base64.b64decode(answer["document"]))
    text = docx.Document(str(tmp_path / "out.docx")).paragraphs[0].text
    assert "Smith" not in text and "[PERSON-1]" in text
    records = base64.b64encode(json.dumps({"id": 1, "text": TEXTS[1].strip()}).encode() + b"\n").decode("ascii")
    answer = requests.post(f"{url}/sanitize", json={"document": records, "filename": "notes.jsonl"}, timeout=60).json()
    assert answer["kind"] == "jsonl" and "Lopez" not in base64.b64decode(answer["document"]).decode("utf-8")
    both = requests.post(f"{url}/sanitize", json={"text": "x", "document": records}, timeout=10)
    assert both.status_code == 422 and "one of them" in both.json()["error"]
    assert (
        requests.post(f"{url}/sanitize", json={"document": "%%%"}, timeout=10).json()["error"]
        == "`document` must be base64"
    )


def test_the_python_client_example_runs_against_the_service(url, monkeypatch, capsys):
    import runpy

    from ..conftest import REPO

    monkeypatch.setenv("SANITIZER_URL", url)
    monkeypatch.setattr("sys.argv", ["service_client.py", "Mr John Smith was admitted on 3 May 2010."])
    runpy.run_path(str(REPO / "examples" / "service_client.py"), run_name="__main__")
    printed = capsys.readouterr().out
    assert "PERSON" in printed and "Mr John Smith" in printed and "[PERSON-1] was admitted on [DATE-1]." in printed


# Presidio's documented REST examples (its analyzer and anonymizer API pages), unchanged.
PRESIDIO_KEY = "WmZq4t7w!z%C&F)J"


def test_presidios_ad_hoc_recognizer_example_with_its_context_words(url):
    body = {
        "text": "John Smith drivers license is AC432223. Zip code: 10023",
        "language": "en",
        "ad_hoc_recognizers": [
            {
                "name": "Zip code Recognizer",
                "supported_language": "en",
                "patterns": [{"name": "zip code (weak)", "regex": "(\\b\\d{5}(?:\\-\\d{4})?\\b)", "score": 0.01}],
                "context": ["zip", "code"],
                "supported_entity": "ZIP",
            }
        ],
        "return_decision_process": True,
    }
    found = requests.post(f"{url}/analyze", json=body, timeout=60).json()
    (zip_code,) = [r for r in found if r["entity_type"] == "ZIP"]
    assert body["text"][zip_code["start"] : zip_code["end"]] == "10023" and zip_code["score"] == pytest.approx(0.36)
    explained = zip_code["analysis_explanation"]
    assert explained["supportive_context_word"] in ("zip", "code") and explained["pattern_name"] == "zip code (weak)"
    assert {"recognizer", "original_score", "score", "textual_explanation", "score_context_improvement"} <= set(
        explained
    )
    high = requests.post(f"{url}/analyze", json={**body, "score_threshold": 0.5}, timeout=60).json()
    assert "ZIP" not in {r["entity_type"] for r in high} and all(r["score"] >= 0.5 for r in high)


def test_presidios_deny_list_example(url):
    body = {
        "text": "Mr. John Smith's drivers license is AC432223",
        "language": "en",
        "ad_hoc_recognizers": [
            {
                "name": "Mr. Recognizer",
                "supported_language": "en",
                "deny_list": ["Mr", "Mr.", "Mister"],
                "supported_entity": "MR_TITLE",
            },
            {
                "name": "Ms. Recognizer",
                "supported_language": "en",
                "deny_list": ["Ms", "Ms.", "Miss", "Mrs", "Mrs."],
                "supported_entity": "MS_TITLE",
            },
        ],
    }
    found = requests.post(f"{url}/analyze", json=body, timeout=60).json()
    titles = [(body["text"][r["start"] : r["end"]], r["score"]) for r in found if r["entity_type"] == "MR_TITLE"]
    assert titles == [("Mr.", 1.0)] and "MS_TITLE" not in {r["entity_type"] for r in found}


def test_scores_are_graded_from_the_decision_and_context_raises_them(url):
    text = "Mr John Smith, SSN 536-90-4399, lives at 14 Baker Street."
    found = {
        text[r["start"] : r["end"]]: r for r in requests.post(f"{url}/analyze", json={"text": text}, timeout=60).json()
    }
    assert found["536-90-4399"]["score"] == 1.0 and found["536-90-4399"]["entity_type"] == "US_SSN"
    assert 0.5 <= min(r["score"] for r in found.values()) < 1.0  # not every decision is certain
    raised = requests.post(f"{url}/analyze", json={"text": text, "context": ["lives"]}, timeout=60).json()
    after = {text[r["start"] : r["end"]]: r["score"] for r in raised}
    address = next(span for span in found if "Baker" in span)
    assert after[address] == pytest.approx(min(1.0, found[address]["score"] + 0.35))


def test_an_allow_list_of_regular_expressions_keeps_what_it_matches(url):
    text = "Mr John Smith met Ms Jane Doe in Leeds."
    body = {"text": text, "allow_list": ["Mr John .*"], "allow_list_match": "regex"}
    kept = [text[r["start"] : r["end"]] for r in requests.post(f"{url}/analyze", json=body, timeout=60).json()]
    assert "Mr John Smith" not in kept and "Ms Jane Doe" in kept
    wrong = requests.post(f"{url}/analyze", json={**body, "allow_list_match": "glob"}, timeout=60)
    assert wrong.status_code == 422 and "exact or regex" in wrong.json()["error"]


@needs("cryptography", "encryption")
def test_presidios_encrypt_and_decrypt_examples_round_trip(url):
    text = "hello world, my name is Jane Doe. My number is: 034453334"
    body = {
        "text": text,
        "anonymizers": {"PHONE_NUMBER": {"type": "encrypt", "key": PRESIDIO_KEY}},
        "analyzer_results": [{"start": 48, "end": 57, "score": 0.95, "entity_type": "PHONE_NUMBER"}],
    }
    encrypted = requests.post(f"{url}/anonymize", json=body, timeout=60).json()
    assert "034453334" not in encrypted["text"] and encrypted["items"][0]["operator"] == "encrypt"
    item = encrypted["items"][0]
    back = requests.post(
        f"{url}/deanonymize",
        json={
            "text": encrypted["text"],
            "deanonymizers": {"PHONE_NUMBER": {"type": "decrypt", "key": PRESIDIO_KEY}},
            "anonymizer_results": [{"start": item["start"], "end": item["end"], "entity_type": "PHONE_NUMBER"}],
        },
        timeout=60,
    ).json()
    assert back["text"] == text
    documented = {  # Presidio's own example: a value its anonymizer encrypted
        "text": "My name is S184CMt9Drj7QaKQ21JTrpYzghnboTF9pn/neN8JME0=",
        "deanonymizers": {"PERSON": {"type": "decrypt", "key": PRESIDIO_KEY}},
        "anonymizer_results": [{"start": 11, "end": 55, "entity_type": "PERSON"}],
    }
    answer = requests.post(f"{url}/deanonymize", json=documented, timeout=60)
    assert (
        answer.status_code == 200
        and answer.json()["text"].startswith("My name is ")
        and "=" not in answer.json()["text"]
    )
    wrong = requests.post(
        f"{url}/deanonymize",
        json={**documented, "deanonymizers": {"PERSON": {"type": "decrypt", "key": "A" * 16}}},
        timeout=60,
    )
    assert wrong.status_code == 422 and "does not decrypt" in wrong.json()["error"]
