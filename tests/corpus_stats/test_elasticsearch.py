"""The es: back-end and corpus push, against a loopback stand-in answering from a real index."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.corpus_stats import BackendDataError, open_backend
from ic_sanitizer.corpus_stats.backends.elasticsearch import ElasticsearchBackend, push_documents, split_target
from ic_sanitizer.corpus_stats.building.corpus_build import build_index
from ic_sanitizer.corpus_stats.net.http import RetryPolicy, ServiceError
from ic_sanitizer.corpus_stats.testing.es_fake import FakeElasticsearch, sample_queries

from ..conftest import TAB_DIR, shared_data


@pytest.fixture
def server():
    with FakeElasticsearch() as fake:
        yield fake


def test_es_and_local_agree_on_every_count_of_a_1000_query_sample(tmp_path, server):
    texts = list(json.loads(shared_data(TAB_DIR / "texts.json").read_text(encoding="utf-8")).values())
    paragraphs = [p for t in texts for p in t.split("\n") if p.strip()]
    source = tmp_path / "paragraphs.jsonl"
    source.write_text("".join(json.dumps({"text": p}) + "\n" for p in paragraphs), encoding="utf-8")
    build_index([source], tmp_path / "index")
    result = CliRunner().invoke(app, ["corpus", "push", str(source), "--to", f"{server.url}/tab", "--json"])
    assert result.exit_code == 0, result.stderr
    local = open_backend(f"local:{tmp_path / 'index'}")
    remote = open_backend(f"es:{server.url}/tab")
    assert remote.total() == local.total() == len(paragraphs)
    disagreements = [
        q
        for q in sample_queries(paragraphs, 1000)
        if (local.count(q[0]) if len(q) == 1 else local.count_all(q))
        != (remote.count(q[0]) if len(q) == 1 else remote.count_all(q))
    ]
    assert disagreements == []
    assert server.requests["_count"] >= 1000


def test_push_batches_and_counts_empty_documents(server):
    outcome = push_documents(f"{server.url}/docs", ["Blood transfusion.", "!!!", "AIDS and blood"] * 3, batch_size=2)
    assert outcome == {"pushed": 6, "empty": 3}
    assert server.requests["_bulk"] == 3
    backend = ElasticsearchBackend(f"{server.url}/docs")
    assert backend.count("blood") == 6 and backend.count_all(["aids", "blood"]) == 3
    assert not backend.sends_terms_off_machine


def test_fingerprint_changes_when_documents_are_added(server):
    push_documents(f"{server.url}/docs", ["one document"])
    first = ElasticsearchBackend(f"{server.url}/docs").fingerprint()
    push_documents(f"{server.url}/docs", ["another document"])
    assert ElasticsearchBackend(f"{server.url}/docs").fingerprint() != first


def test_unreachable_cluster_is_one_clear_error_without_the_query():
    backend = ElasticsearchBackend("http://127.0.0.1:9/docs")
    backend._client.policy = RetryPolicy(attempts=2, base_delay=0.01, total_seconds=2)
    with pytest.raises(ServiceError, match="Elasticsearch at 127.0.0.1:9: connection failed") as caught:
        backend.count("Kowalski")
    assert "kowalski" not in str(caught.value).lower()


@pytest.mark.parametrize("target", ["localhost:9200/x", "http://localhost:9200", "ftp://h/x", "http://h/_count"])
def test_bad_targets_are_refused(target):
    with pytest.raises(BackendDataError, match="URL/INDEX"):
        split_target(target)


def test_remote_cluster_is_flagged_as_sending_terms_off_the_machine():
    assert ElasticsearchBackend("https://search.example.org:9200/docs").sends_terms_off_machine
