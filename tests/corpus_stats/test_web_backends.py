"""Web back-ends against loopback stand-ins: formats, faults, the privacy guard, keys, the cache."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ic_sanitizer import ConfigurationError, Sanitizer
from ic_sanitizer.cache import CachedCounter, CountCache, QueryRunInterrupted
from ic_sanitizer.cli.app import app
from ic_sanitizer.corpus_stats import BackendUnavailableError, open_backend
from ic_sanitizer.corpus_stats.backends.infinigram import case_variants
from ic_sanitizer.corpus_stats.net.http import QuotaExhaustedError, RetryPolicy, ServiceError
from ic_sanitizer.corpus_stats.testing.web_fakes import FakeWebService

from ..conftest import write_table

KEY = "KEY-5ec7e7-never-shown"
FAST = RetryPolicy(attempts=8, base_delay=0.01, max_delay=0.05, total_seconds=10, timeout=1.0)
URL_VARIABLES = {
    "infinigram": "SANITIZER_INFINIGRAM_URL",
    "serpapi": "SANITIZER_SERPAPI_URL",
    "mojeek": "SANITIZER_MOJEEK_URL",
}


@pytest.fixture
def corpus(tmp_path):
    counts = {"kowalski": 40, "warsaw": 400, "doctor": 4000, "court": 9000}
    conjunctions = [(["kowalski", "warsaw"], 30), (["kowalski", "doctor"], 2), (["court", "kowalski"], 5)]
    return open_backend(f"table:{write_table(tmp_path / 'corpus.json', 10**6, counts, conjunctions)}")


@pytest.fixture(params=["infinigram", "serpapi", "mojeek"])
def service(request, corpus, monkeypatch):
    monkeypatch.setenv("SERPAPI_API_KEY", KEY)
    monkeypatch.setenv("MOJEEK_API_KEY", KEY)
    with FakeWebService(request.param, corpus) as fake:
        monkeypatch.setenv(URL_VARIABLES[request.param], fake.url)
        yield fake


def _backend(fake):
    backend = open_backend(fake.kind)
    backend._service.policy = FAST
    return backend


def test_counts_and_conjunctions_come_through_each_format(service, corpus):
    backend = _backend(service)
    assert backend.count("kowalski") == 40
    assert backend.count_all(["warsaw", "kowalski"]) == 30
    assert backend.count("absent phrase") == 0
    if service.kind == "infinigram":
        assert backend.total() == 10**6
        assert backend.unit.value == "occurrence"
        asked = [query for query in service.answered if "AND" in query]
        assert asked == ["warsaw OR Warsaw OR WARSAW AND kowalski OR Kowalski OR KOWALSKI"]


@pytest.mark.parametrize("fault", ["429", "503", "reset", "malformed", "truncated", "error200", "slow"])
def test_each_transient_fault_is_retried(service, fault):
    backend = _backend(service)
    if fault == "slow":
        service.slow_seconds = 1.5  # longer than the 1 s read timeout
    service.faults = [fault, fault]
    if fault == "error200" and service.kind == "mojeek":
        # Mojeek's ERROR status other than the daily limit is a refusal: not retried.
        with pytest.raises(ServiceError, match="Mojeek: refused"):
            backend.count("kowalski")
        assert service.requests == 1
        return
    assert backend.count("kowalski") == 40
    assert service.requests == 3


def test_a_spent_quota_stops_at_once_naming_the_service_not_the_term(service):
    backend = _backend(service)
    service.faults = ["quota"] * 5
    with pytest.raises(QuotaExhaustedError) as caught:
        backend.count("kowalski")
    assert service.requests == 1
    message = str(caught.value)
    assert "kowalski" not in message.lower() and KEY not in message


def test_retries_stop_within_the_bounded_time(service):
    backend = _backend(service)
    backend._service.policy = RetryPolicy(attempts=3, base_delay=0.01, total_seconds=5, timeout=1.0)
    service.faults = ["503"] * 10
    with pytest.raises(ServiceError, match="gave up after 3 attempt"):
        backend.count("kowalski")


def test_keys_come_only_from_the_environment(monkeypatch):
    monkeypatch.delenv("SERPAPI_API_KEY", raising=False)
    with pytest.raises(BackendUnavailableError, match="SERPAPI_API_KEY"):
        open_backend("serpapi")


def test_without_opt_in_a_web_backend_is_refused(service):
    with pytest.raises(ConfigurationError, match="`allow_web`"):
        Sanitizer(service.kind, beta=10)
    assert service.requests == 0


def test_cli_refuses_without_allow_web_and_warns_once_with_it(service, tmp_path):
    document = tmp_path / "doc.txt"
    document.write_text("Kowalski lives in Warsaw with his doctor.\n", encoding="utf-8")
    runner = CliRunner()
    refused = runner.invoke(app, ["sanitize", str(document), "--backend", service.kind, "--beta", "10"])
    assert refused.exit_code == 2 and "--allow-web" in refused.stderr and service.requests == 0
    report = tmp_path / "report.json"
    allowed = runner.invoke(
        app,
        [
            "sanitize",
            str(document),
            "--backend",
            service.kind,
            "--beta",
            "10",
            "--s2-backend",
            "none",
            "--allow-web",
            "--report",
            str(report),
        ],
    )
    assert allowed.exit_code == 0, allowed.stderr
    warnings = [line for line in allowed.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "Kowalski" not in allowed.stderr
    assert KEY not in allowed.stderr and KEY not in report.read_text(encoding="utf-8")


def test_a_crashed_run_loses_nothing_and_the_rerun_asks_nothing_twice(service, tmp_path):
    phrases = [f"term {i}" for i in range(30)]
    folder = tmp_path / "cache"
    backend = _backend(service)
    service.faults = ["ok"] * 12 + ["quota"] * 100
    with pytest.raises(QueryRunInterrupted, match="are answered and cached"):
        CachedCounter(backend, CountCache(folder)).prefetch([("count", [p]) for p in phrases], workers=4)
    service.faults = []
    rerun = CachedCounter(_backend(service), CountCache(folder))
    stats = rerun.prefetch([("count", [p]) for p in phrases], workers=4)
    assert stats.cached >= 1 and stats.cached + stats.issued == 30
    assert max(service.answered.values()) == 1
    for path in folder.rglob("*"):
        if path.is_file():
            assert KEY.encode() not in path.read_bytes() and b"term 1" not in path.read_bytes()


def test_prefetch_deduplicates_across_documents_and_gives_the_same_decisions(service, tmp_path):
    texts = ["Kowalski met the doctor in Warsaw.", "Warsaw: Kowalski and the court.", "The doctor left Warsaw."]
    options = dict(beta=10, w=0.5, allow_web=True, cache_dir=tmp_path / "c1", workers=1, policy="paper")
    sequential = list(Sanitizer(service.kind, parallel=1, **options).sanitize_many(texts))
    asked_sequentially = sum(service.answered.values())
    service.answered.clear()
    parallel_sanitizer = Sanitizer(service.kind, parallel=8, **{**options, "cache_dir": tmp_path / "c2"})
    parallel = list(parallel_sanitizer.sanitize_many(texts))
    assert [r.text for r in parallel] == [r.text for r in sequential]
    assert max(service.answered.values()) == 1
    report = parallel_sanitizer.prefetch_report
    assert report["counts"].deduplicated >= 3  # "warsaw" and others appear in several documents
    assert sum(service.answered.values()) <= asked_sequentially + report["conjunctions"].issued


def test_case_variants_cover_the_usual_surface_forms():
    assert case_variants("court of cassation") == [
        "court of cassation",
        "Court of cassation",
        "Court of Cassation",
        "COURT OF CASSATION",
    ]
