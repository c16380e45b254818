"""The egress guard's rules (corpus_stats.net.egress) and the HTTP layer that applies them."""

from __future__ import annotations

import pytest

from ic_sanitizer.corpus_stats import open_backend
from ic_sanitizer.corpus_stats.backends.elasticsearch import ElasticsearchBackend
from ic_sanitizer.corpus_stats.errors import EgressRefusedError
from ic_sanitizer.corpus_stats.net.egress import destination, outbound_url
from ic_sanitizer.corpus_stats.net.http import JsonService, RetryPolicy, ServiceError
from ic_sanitizer.corpus_stats.testing.web_fakes import FakeWebService

from ..conftest import write_table


@pytest.mark.parametrize("window", ["0", "1001", "x"])
def test_infinigram_window_is_checked_when_opened(window):
    with pytest.raises(Exception, match="option window must be a whole number in 1..1000"):
        open_backend(f"infinigram:window={window}")


def test_a_redirect_is_never_followed(tmp_path, monkeypatch):
    corpus = open_backend(f"table:{write_table(tmp_path / 'c.json', 10**6, {'warsaw': 400})}")
    with FakeWebService("infinigram", corpus) as service, FakeWebService("infinigram", corpus) as elsewhere:
        monkeypatch.setenv("SANITIZER_INFINIGRAM_URL", service.url)
        service.redirect_to = elsewhere.url
        service.faults = ["redirect"]
        backend = open_backend("infinigram")
        backend._service.policy = RetryPolicy(attempts=2, base_delay=0.01, total_seconds=2)
        with pytest.raises(ServiceError, match="redirect"):
            backend.count("warsaw")
        assert elsewhere.requests == 0


@pytest.mark.parametrize(
    "url",
    [
        "http://192.0.2.1/x",
        "http://search.example.org/x",
        "http://127.0.0.1.example.org/x",
        "http://2130706433/",
        "http://[2001:db8::1]:9200/",
        "http://0x7f000001/",
    ],
)
def test_a_loopback_only_service_refuses_other_hosts_without_resolving_them(url, no_sockets):
    with pytest.raises(EgressRefusedError, match="not on this machine"):
        outbound_url(url, may_leave_machine=False, service="test")
    assert no_sockets == []


@pytest.mark.parametrize(
    "url", ["http://a\\@127.0.0.1/", "http://127.0.0.1 /x", "http://127.0.0.1/\x00", "ftp://127.0.0.1/"]
)
def test_urls_that_do_not_say_plainly_where_they_go_are_refused(url, no_sockets):
    with pytest.raises(EgressRefusedError):
        destination(url)
    assert no_sockets == []


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:9200/x",
        "http://127.8.9.10/",
        "http://[::1]:80/",
        "http://[::ffff:127.0.0.1]/",
        "http://user:pw@127.0.0.1:9200/x",
    ],
)
def test_loopback_addresses_are_on_this_machine(url):
    assert destination(url).on_this_machine
    assert outbound_url(url, may_leave_machine=False, service="test") == url


def test_localhost_is_resolved_here_checked_and_pinned(no_sockets):
    sent = outbound_url("http://localhost:9200/docs/_count", may_leave_machine=False, service="test")
    assert sent.split("//")[1].split(":")[0] in ("127.0.0.1", "[::1]")
    assert [call[0] for call in no_sockets] == ["getaddrinfo"]


def test_credentials_in_a_cluster_url_stay_out_of_messages():
    backend = ElasticsearchBackend("http://user:s3cret@127.0.0.1:9/docs")
    backend._client.policy = RetryPolicy(attempts=1, total_seconds=1)
    assert not backend.sends_terms_off_machine
    with pytest.raises(ServiceError) as caught:
        backend.count("kowalski")
    assert "s3cret" not in str(caught.value) and "s3cret" not in backend.describe()


def test_the_http_layer_refuses_off_machine_requests_of_a_loopback_service(no_sockets):
    service = JsonService("test", "http://192.0.2.9:9200", policy=RetryPolicy(attempts=1))
    with pytest.raises(EgressRefusedError):
        service.request("GET", "/x")
    assert no_sockets == []
