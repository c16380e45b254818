from __future__ import annotations

import importlib.util
import ipaddress
import json
import socket
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
PAPER_EXAMPLE = SHARED / "paper_example" / "paper_example.json"
TAB_DIR = SHARED / "tab_test"
PAPER_COUNTS = REPO / "examples" / "paper_example_counts.json"
PAPER_TEXT = REPO / "examples" / "paper_example.txt"
#: three TAB judgments and their expert masks, vendored (MIT): real text for unit tests
ECHR_FIXTURE = REPO / "tests" / "data" / "echr"


def shared_data(path: Path) -> Path:
    """``path`` under ../shared/data, or the test is skipped saying so: the suite stands
    in a clone without the shared data (CI has it beside the checkout)."""
    if not path.exists():
        pytest.skip(f"{path.relative_to(SHARED.parent.parent)} is not beside the checkout")
    return path


def needs(module: str, extra: str) -> pytest.MarkDecorator:
    """Skip the test unless ``module`` is installed (it comes with ``extra``), saying so:
    the core tier runs with the base install alone."""
    return pytest.mark.skipif(
        importlib.util.find_spec(module) is None, reason=f"the {extra} extra ({module}) is not installed"
    )


#: surrogates (--mode pseudonym) are drawn by Faker
NEEDS_FAKER = needs("faker", "pseudonyms")


def every_mode() -> list:
    """Every redaction mode as a test parameter; pseudonym skipped without Faker."""
    from ic_sanitizer.redaction import Mode

    return [pytest.param(mode, marks=NEEDS_FAKER) if mode is Mode.PSEUDONYM else mode for mode in Mode]


@pytest.fixture(scope="session")
def shared_data_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("data")


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch, shared_data_dir):
    """Every test gets its own count cache, never the user's; the starter index is
    built once per session, in a folder of the session's."""
    monkeypatch.setenv("SANITIZER_CACHE_DIR", str(tmp_path / "count-cache"))
    monkeypatch.setenv("SANITIZER_DATA_DIR", str(shared_data_dir))


@pytest.fixture(scope="session")
def paper_example() -> dict:
    return json.loads(shared_data(PAPER_EXAMPLE).read_text(encoding="utf-8"))


def write_table(
    path: Path, total: int, counts: dict[str, int], conjunctions: list[tuple[list[str], int]] | None = None
) -> Path:
    table = {"total": total, "counts": counts}
    if conjunctions is not None:
        table["conjunctions"] = [{"terms": terms, "count": count} for terms, count in conjunctions]
    path.write_text(json.dumps(table), encoding="utf-8")
    return path


def install_plugin(
    site: Path, monkeypatch: pytest.MonkeyPatch, module: str, source: str, entry_points: dict[str, dict[str, str]]
) -> None:
    """Install a third-party package the way pip would, as far as importlib.metadata sees:
    ``module``.py with ``source`` and a dist-info declaring ``entry_points`` ({group: {name:
    "module:ATTRIBUTE"}}), in ``site``, which goes on sys.path for the test."""
    site.mkdir(parents=True, exist_ok=True)
    (site / f"{module}.py").write_text(source, encoding="utf-8")
    dist_info = site / f"{module}-1.0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n", encoding="utf-8")
    (dist_info / "entry_points.txt").write_text(
        "".join(
            f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in points.items()) + "\n"
            for group, points in entry_points.items()
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(site))


# -- No test sends anything off this machine --------------------------------------------
# An audit hook refuses, and records, every connection to an address that is not
# loopback and every DNS look-up of a name that is not loopback, in this process. Tests
# of the egress guard assert that nothing was even attempted (EGRESS_ATTEMPTS stays empty).
EGRESS_ATTEMPTS: list[str] = []


def _is_loopback(host) -> bool:
    if host in (None, "", "localhost"):
        return True
    try:
        address = ipaddress.ip_address(str(host).split("%")[0])
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_loopback or bool(mapped and mapped.is_loopback)


def _refuse_off_machine(event: str, args: tuple) -> None:
    if event == "socket.connect":
        sock, address = args
        if sock.family in (socket.AF_INET, socket.AF_INET6) and not _is_loopback(address[0]):
            EGRESS_ATTEMPTS.append(f"connect {address[0]}")
            raise ConnectionRefusedError("tests never connect off this machine")
    elif event == "socket.getaddrinfo" and not _is_loopback(args[0]):
        EGRESS_ATTEMPTS.append(f"getaddrinfo {args[0]}")
        raise socket.gaierror("tests never look up a name off this machine")


sys.addaudithook(_refuse_off_machine)


@pytest.fixture
def egress_attempts():
    """The off-machine connections and look-ups attempted during the test (refused)."""
    EGRESS_ATTEMPTS.clear()
    yield EGRESS_ATTEMPTS


@pytest.fixture
def no_sockets(monkeypatch):
    """Record every socket-level call (a look-up, a connection) made during the test."""
    calls = []
    real_getaddrinfo, real_connect = socket.getaddrinfo, socket.socket.connect

    def getaddrinfo(host, *args, **kwargs):
        calls.append(("getaddrinfo", host))
        return real_getaddrinfo(host, *args, **kwargs)

    def connect(self, address):
        calls.append(("connect", address))
        return real_connect(self, address)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(socket.socket, "connect", connect)
    return calls


#: test modules that need more than the core install, by tier (pyproject's markers)
TIERS = {
    "test_spark": "spark",
    "test_opennlp": "java",
    "test_review_browser": "browser",
    "test_spacy_extractor": "models",
    "test_spacy_component": "models",
    "test_presidio_recognizer": "models",
    "test_docs": "docs",
}


def pytest_collection_modifyitems(items):
    for item in items:
        tier = TIERS.get(item.module.__name__.rsplit(".", 1)[-1]) if item.module is not None else None
        if tier is not None:
            item.add_marker(getattr(pytest.mark, tier))
