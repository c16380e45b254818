"""Issue 13, items 1-4: nothing leaves the machine unasked (proxies, URL tricks, remote clusters, options).

Every address off this machine below is a target the guard must refuse before any
socket or DNS call; the session's audit hook (conftest) would refuse and record one.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.corpus_stats import open_backend
from ic_sanitizer.corpus_stats.backends.elasticsearch import push_documents
from ic_sanitizer.corpus_stats.testing.es_fake import FakeElasticsearch
from ic_sanitizer.corpus_stats.testing.web_fakes import FakeWebService, RecordingProxy

from ..conftest import write_table

SECRET = "Kowalski"
runner = CliRunner()


@pytest.fixture
def document(tmp_path):
    path = tmp_path / "doc.txt"
    path.write_text(f"Mr {SECRET} lives in Warsaw with his doctor.\n", encoding="utf-8")
    return path


@pytest.fixture
def cluster():
    with FakeElasticsearch() as fake:
        push_documents(f"{fake.url}/j", [f"{SECRET} lives in Warsaw.", "The doctor lives in Warsaw.", "A court."])
        yield fake


def _one_line(result, code):
    assert result.exit_code == code, (result.exit_code, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and SECRET not in result.stderr, result.stderr


@pytest.mark.parametrize("variable", ["HTTP_PROXY", "http_proxy", "ALL_PROXY"])
def test_proxy_variables_never_carry_terms_to_a_proxy(document, cluster, monkeypatch, variable):
    # Issue 13, item 1.
    with RecordingProxy() as proxy:
        monkeypatch.setenv(variable, proxy.url)
        result = runner.invoke(app, ["sanitize", str(document), "--backend", f"es:{cluster.url}/j", "--beta", "0.5"])
        assert result.exit_code == 0, result.stderr
        assert proxy.seen == []
    assert cluster.requests["_count"] >= 1


def test_url_read_differently_by_two_parsers_is_refused_before_any_socket(
    document, cluster, egress_attempts, no_sockets
):
    # Issue 13, item 2: urlsplit reads 127.0.0.1, the transport 192.0.2.1.
    port = cluster.url.rsplit(":", 1)[1]
    target = f"es:http://192.0.2.1\\@127.0.0.1:{port}/j"
    result = runner.invoke(app, ["sanitize", str(document), "--backend", target, "--beta", "0.5"])
    _one_line(result, 1)
    assert "read differently" in result.stderr
    assert egress_attempts == [] and no_sockets == [] and cluster.requests["_count"] == 0


@pytest.mark.parametrize("host", ["search.example.org", "192.0.2.7", "3221225985", "[2001:db8::1]"])
def test_remote_cluster_without_allow_web_is_refused_before_any_request_or_lookup(
    document, host, egress_attempts, no_sockets
):
    # Issue 13, item 3.
    result = runner.invoke(app, ["sanitize", str(document), "--backend", f"es:http://{host}:9200/j", "--beta", "5"])
    _one_line(result, 2)
    assert "--allow-web" in result.stderr
    assert egress_attempts == [] and no_sockets == []


def test_bad_web_options_are_refused_before_any_paid_query(document, tmp_path, monkeypatch):
    # Issue 13, item 4.
    corpus = open_backend(f"table:{write_table(tmp_path / 'c.json', 10**6, {'warsaw': 400})}")
    monkeypatch.setenv("SERPAPI_API_KEY", "KEY-never-shown")
    with FakeWebService("serpapi", corpus) as service:
        monkeypatch.setenv("SANITIZER_SERPAPI_URL", service.url)
        for option in ("total=0", "total=-5", "total=inf", "total=nan", "total=lots"):
            result = runner.invoke(
                app,
                [
                    "sanitize",
                    str(document),
                    "--backend",
                    f"serpapi:{option}",
                    "--allow-web",
                    "--beta",
                    "10",
                    "--s2-backend",
                    "none",
                ],
            )
            _one_line(result, 1)
            assert "option total must be" in result.stderr
        assert service.requests == 0


@pytest.mark.parametrize(
    "url",
    [
        "http://198.51.100.7:9200/x",
        "http://127.0.0.1:9@198.51.100.7:9200/x",
        "http://3325256711:9200/x",
        "http://localhost.:9/x",
        "http://search.example.org/x",
    ],
    ids=["address", "userinfo", "decimal", "trailing-dot", "name"],
)
def test_corpus_push_to_a_cluster_off_the_machine_needs_allow_web(document, url, egress_attempts, no_sockets):
    # Issue 28: corpus push sent the documents' text to any cluster named.
    result = runner.invoke(app, ["corpus", "push", str(document), "--to", url])
    _one_line(result, 1)
    assert "refused" in result.stderr
    assert egress_attempts == [] and no_sockets == []


def test_corpus_push_to_a_loopback_cluster_needs_nothing(document):
    with FakeElasticsearch() as fake:
        result = runner.invoke(app, ["corpus", "push", str(document), "--to", f"{fake.url}/j"])
        assert result.exit_code == 0, result.stderr


@pytest.mark.parametrize(
    "master",
    [
        "spark://198.51.100.7:7077",
        "yarn",
        "k8s://https://198.51.100.7:6443",
        "spark://127.0.0.1:7077,198.51.100.7:7077",
    ],
    ids=["remote", "yarn", "k8s", "one-remote-of-two"],
)
def test_a_spark_master_off_the_machine_needs_allow_web(tmp_path, master, egress_attempts, no_sockets):
    from ic_sanitizer.corpus_stats.net.egress import spark_master_on_this_machine

    assert not spark_master_on_this_machine(master)
    assert spark_master_on_this_machine("local[2]") and spark_master_on_this_machine("spark://localhost:7077")


def test_sanitizer_spark_refuses_a_remote_master_before_spark_starts(tmp_path, egress_attempts, no_sockets):
    from ic_sanitizer.spark import spark_unavailable_reason

    if spark_unavailable_reason() is not None:
        pytest.skip(f"Spark unavailable: {spark_unavailable_reason()}")
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text(f"Mr {SECRET} lives in Warsaw.\n", encoding="utf-8")
    result = runner.invoke(
        app, ["spark", str(tmp_path / "in"), "-o", str(tmp_path / "out"), "--master", "spark://198.51.100.7:7077"]
    )
    _one_line(result, 1)
    assert "--allow-web" in result.stderr and egress_attempts == [] and no_sockets == []
