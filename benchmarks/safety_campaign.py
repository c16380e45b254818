"""The safety campaign of issue 13: the bad-input table and the fault injections, as a tester runs them.

    python benchmarks/safety_campaign.py [--short] [--only TEXT] [--skip-faults | --faults-only] [--verbose]

Every case is a real `sanitizer` process (``python -m ic_sanitizer``) in a fresh
workspace. Nothing can leave the machine: each process gets an audit hook
(sitecustomize) that refuses and records any connection to, or DNS look-up of, an
address that is not loopback; HTTP_PROXY, HTTPS_PROXY and ALL_PROXY point at a
loopback proxy that records what reaches it; the web services (infini-gram, SerpApi,
Mojeek) and Elasticsearch are loopback stand-ins that count their requests. A request
seen by any of them in a case without --allow-web counts as sent off the machine.

Printed at the end, one total per defect class (each bar of issues 13 and 28: 0):
tracebacks, generic "internal error" messages, multi-line usage errors, outputs over or
inside an input or option file (everything a case reads lives under ``in``, which must
not change), published outputs carrying a planted name, e-mail or phone (``out/pub``,
Word files part by part), outputs of the wrong kind (a file for "-o dir/", a file named
"-"), requests off the machine without --allow-web, cases over 20 s (hangs), worker
processes alive 5 s after the parent was killed, signal faults that struck after the run
had finished; and failures that were not exactly one line.

--short runs every fourth case of the table and no fault: the form CI runs (.ci/run).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _safety_cases import bad_input_cases, build_workspace, snapshot  # noqa: E402
from _safety_documents import planted_in  # noqa: E402
from _safety_faults import FAULTS  # noqa: E402
from _tab import TAB_DIR  # noqa: E402

from ic_sanitizer.corpus_stats import open_backend  # noqa: E402
from ic_sanitizer.corpus_stats.testing.es_fake import FakeElasticsearch  # noqa: E402
from ic_sanitizer.corpus_stats.testing.web_fakes import FakeWebService, RecordingProxy  # noqa: E402

#: a case still running after this many seconds is killed and counted as a hang (issue 28's bar)
TIMEOUT = 20
AUDIT_HOOK = """
import ipaddress, os, socket, sys
_LOG = os.environ.get("CAMPAIGN_EGRESS_LOG")
def _loopback(host):
    if host in (None, "", "localhost"):
        return True
    try:
        address = ipaddress.ip_address(str(host).split("%")[0])
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_loopback or bool(mapped and mapped.is_loopback)
def _record(what):
    if _LOG:
        with open(_LOG, "a") as log:
            log.write(what + "\\n")
def _hook(event, args):
    if event == "socket.connect":
        sock, address = args
        if sock.family in (socket.AF_INET, socket.AF_INET6) and not _loopback(address[0]):
            _record("connect " + str(address[0]))
            raise ConnectionRefusedError("the safety campaign never lets a connection leave the machine")
    elif event == "socket.getaddrinfo" and not _loopback(args[0]):
        _record("getaddrinfo " + str(args[0]))
        raise socket.gaierror("the safety campaign never looks up a name off the machine")
sys.addaudithook(_hook)
"""


@dataclass
class Tally:
    cases: int = 0
    tracebacks: list = field(default_factory=list)
    internal_errors: list = field(default_factory=list)
    multiline_usage: list = field(default_factory=list)
    outputs_over_inputs: list = field(default_factory=list)
    off_machine: list = field(default_factory=list)
    workers_alive: int = 0
    hangs: list = field(default_factory=list)
    leaks: list = field(default_factory=list)
    wrong_outputs: list = field(default_factory=list)
    late_signals: list = field(default_factory=list)
    not_one_line: list = field(default_factory=list)
    exit_codes: Counter = field(default_factory=Counter)

    def defects(self) -> int:
        """Every case in a defect class (the bars' classes; failures of more than one line are shown, not counted)."""
        return (
            len(self.tracebacks)
            + len(self.internal_errors)
            + len(self.multiline_usage)
            + len(self.outputs_over_inputs)
            + len(self.leaks)
            + len(self.wrong_outputs)
            + len(self.off_machine)
            + self.workers_alive
            + len(self.late_signals)
            + len(self.hangs)
        )


@dataclass
class Services:
    proxy: RecordingProxy
    es: FakeElasticsearch
    web: dict

    def requests(self) -> int:
        return len(self.proxy.seen) + sum(service.requests for service in self.web.values())


class Campaign:
    def __init__(self, workdir: Path, services: Services, verbose: bool) -> None:
        self.workdir = workdir
        self.services = services
        self.verbose = verbose
        self.tally = Tally()
        hook_dir = workdir / "hook"
        hook_dir.mkdir()
        (hook_dir / "sitecustomize.py").write_text(AUDIT_HOOK, encoding="utf-8")
        self.egress_log = workdir / "egress.log"
        self.environment = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(filter(None, [str(hook_dir), os.environ.get("PYTHONPATH")])),
            "CAMPAIGN_EGRESS_LOG": str(self.egress_log),
            "HTTP_PROXY": services.proxy.url,
            "HTTPS_PROXY": services.proxy.url,
            "ALL_PROXY": services.proxy.url,
            "http_proxy": services.proxy.url,
            "https_proxy": services.proxy.url,
            "NO_PROXY": "",
            "no_proxy": "",
            "SANITIZER_CACHE_DIR": str(workdir / "cache"),
            "SANITIZER_DATA_DIR": str(workdir / "data"),
            "SERPAPI_API_KEY": "campaign-key",
            "SANITIZER_SERPAPI_URL": services.web["serpapi"].url,
            "SANITIZER_MOJEEK_URL": services.web["mojeek"].url,
            "SANITIZER_INFINIGRAM_URL": services.web["infinigram"].url,
            "RUST_BACKTRACE": "1",
        }
        self.environment.pop("MOJEEK_API_KEY", None)

    # -- one process ---------------------------------------------------------------------

    def command(self, arguments: list[str]) -> list[str]:
        replacements = {
            "IN": str(self.workdir / "in"),
            "OUT": str(self.workdir / "out"),
            "ES": f"{self.services.es.url}",
            "TAB": str(TAB_DIR),
            "CACHE": str(self.workdir / "case-cache"),
            "DAMAGED_CACHE": str(self.workdir / "damaged-cache"),
        }
        resolved = []
        for argument in arguments:
            for placeholder, value in replacements.items():
                if (
                    argument == placeholder
                    or argument.startswith(placeholder + "/")
                    or argument.startswith(f"table:{placeholder}/")
                    or argument.startswith(f"local:{placeholder}/")
                    or argument.startswith(f"es:{placeholder}/")
                ):
                    argument = argument.replace(placeholder, value, 1)
                    break
            resolved.append(argument)
        return [sys.executable, "-m", "ic_sanitizer", *resolved]

    def run(
        self, name: str, arguments: list[str], *, stdin: bytes = b"", stdout=subprocess.PIPE
    ) -> subprocess.CompletedProcess:
        if "STDIN_BINARY" in arguments:
            arguments, stdin = [a for a in arguments if a != "STDIN_BINARY"], b"\x00\x01binary" * 10
        closed_stdout = "CLOSED_STDOUT" in arguments
        arguments = [a for a in arguments if a != "CLOSED_STDOUT"]
        if closed_stdout:
            reader, stdout = os.pipe()
            os.close(reader)
        try:
            return subprocess.run(
                self.command(arguments),
                input=stdin,
                stdout=stdout,
                stderr=subprocess.PIPE,
                env=self.environment,
                timeout=TIMEOUT,
                check=False,
                cwd=self.workdir / "out",
            )
        finally:
            if closed_stdout:
                os.close(stdout)

    def judge(
        self,
        name: str,
        arguments: list[str],
        completed,
        *,
        requests_before: int,
        inputs_before: dict,
        expect_failure: bool = True,
    ) -> None:
        tally = self.tally
        tally.cases += 1
        stderr = completed.stderr.decode("utf-8", errors="replace")
        error_lines = [
            line
            for line in stderr.strip().splitlines()
            if line.strip() and not line.startswith(("warning: ", "note: "))
        ]
        tally.exit_codes[completed.returncode] += 1
        if "Traceback (most recent call last)" in stderr or "panicked at" in stderr or "Exception ignored" in stderr:
            tally.tracebacks.append(name)
        if "internal error" in stderr:
            tally.internal_errors.append(name)
        if completed.returncode == 2 and (len(error_lines) != 1 or "╭" in stderr or "Usage:" in stderr):
            tally.multiline_usage.append(name)
        if completed.returncode != 0 and len(error_lines) != 1:
            tally.not_one_line.append(name)
        if snapshot(self.workdir / "in") != inputs_before:
            tally.outputs_over_inputs.append(name)
        published = self.workdir / "out" / "pub"
        if planted_in(published):
            tally.leaks.append(f"{name} ({', '.join(planted_in(published))})")
        for path in published.iterdir():
            path.unlink()
        for wrong in ("newdir", "-"):
            if (self.workdir / "out" / wrong).is_file():
                tally.wrong_outputs.append(f"{name} (a file named {wrong})")
                (self.workdir / "out" / wrong).unlink()
        sent = self.services.requests() - requests_before
        refused = self.egress_log.read_text().splitlines() if self.egress_log.exists() else []
        if "--allow-web" not in arguments and (sent or refused):
            tally.off_machine.append(f"{name} ({sent} request(s), {len(refused)} refused by the hook)")
        self.egress_log.unlink(missing_ok=True)
        if self.verbose or (completed.returncode == 0 and expect_failure):
            first = error_lines[0] if error_lines else ""
            print(f"  [{completed.returncode}] {name}: {first[:150]}")

    def bad_input(self, name: str, arguments: list[str]) -> None:
        self._fresh_caches()
        before, requests = snapshot(self.workdir / "in"), self.services.requests()
        try:
            completed = self.run(name, arguments)
        except subprocess.TimeoutExpired:
            self.tally.cases += 1
            self.tally.hangs.append(name)
            print(f"  [hang] {name}")
            return
        self.judge(
            name,
            arguments,
            completed,
            requests_before=requests,
            inputs_before=before,
            expect_failure=not name.endswith(
                (
                    "unknown doc_ids",
                    "cache info missing",
                    "cache clear damaged",
                    "proxies set",
                    "malformed records",
                    "skip",
                    "text",
                    "body",
                    "people",
                    "docvars",
                    "picture-text",
                    "template-path",
                )
            )
            and not any(good in name for good in ("bidi.txt", "polish-cp1250.txt")),
        )

    def _fresh_caches(self) -> None:
        damaged = self.workdir / "damaged-cache"
        if damaged.exists():
            subprocess.run(["rm", "-rf", str(damaged)], check=True)
        damaged.mkdir()
        (damaged / "cache.db").write_bytes(b"not SQLite at all " * 64)


def _report(tally: Tally, fault_count: int, bad_input_count: int) -> None:
    print()
    print(f"bad inputs: {bad_input_count} cases; fault injections: {fault_count}; processes judged: {tally.cases}")
    print(f"exit codes: {dict(sorted(tally.exit_codes.items()))}")
    rows = [
        ("tracebacks", len(tally.tracebacks), tally.tracebacks),
        ("generic 'internal error' messages", len(tally.internal_errors), tally.internal_errors),
        ("multi-line usage errors", len(tally.multiline_usage), tally.multiline_usage),
        ("outputs over or inside an input or option file", len(tally.outputs_over_inputs), tally.outputs_over_inputs),
        ("published outputs carrying a planted name, e-mail or phone", len(tally.leaks), tally.leaks),
        ("outputs of the wrong kind", len(tally.wrong_outputs), tally.wrong_outputs),
        ("requests off the machine without --allow-web", len(tally.off_machine), tally.off_machine),
        ("worker processes alive 5 s after the parent was killed", tally.workers_alive, []),
        ("signal faults that struck after the run had finished", len(tally.late_signals), tally.late_signals),
        (f"hangs (no exit within {TIMEOUT} s)", len(tally.hangs), tally.hangs),
        ("failures that were not exactly one line", len(tally.not_one_line), tally.not_one_line),
    ]
    for label, count, names in rows:
        print(f"{label + ':':<58} {count}" + (f"   ({'; '.join(names[:8])})" if names else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--short", action="store_true", help="every fourth case, no fault (CI's form)")
    parser.add_argument("--only", help="run the cases whose name holds this text")
    parser.add_argument("--skip-faults", action="store_true")
    parser.add_argument("--faults-only", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    corpus = open_backend(f"table:{Path(__file__).resolve().parents[1] / 'examples' / 'paper_example_counts.json'}")
    with (
        tempfile.TemporaryDirectory(prefix="safety-campaign-") as temporary,
        RecordingProxy() as proxy,
        FakeElasticsearch() as es,
        FakeWebService("infinigram", corpus) as infinigram,
        FakeWebService("serpapi", corpus) as serpapi,
        FakeWebService("mojeek", corpus) as mojeek,
    ):
        workdir = Path(temporary)
        print("building the workspace ...", flush=True)
        build_workspace(workdir)
        services = Services(proxy, es, {"infinigram": infinigram, "serpapi": serpapi, "mojeek": mojeek})
        campaign = Campaign(workdir, services, args.verbose)
        from ic_sanitizer.corpus_stats.backends.elasticsearch import push_documents

        push_documents(f"{es.url}/j", ["Kowalski lives in Warsaw.", "The doctor lives in Warsaw.", "A court."])
        cases = [c for c in bad_input_cases() if (not args.only or args.only in c[0]) and not args.faults_only]
        if args.short:
            cases = cases[::4]
        print(f"bad-input table: {len(cases)} cases", flush=True)
        started = time.perf_counter()
        for name, arguments in cases:
            campaign.bad_input(name, arguments)
        print(f"  ... done in {time.perf_counter() - started:.0f} s", flush=True)
        faults = (
            [] if args.skip_faults or args.short else [f for f in FAULTS if not args.only or args.only in f.__name__]
        )
        for fault in faults:
            print(f"fault: {fault.__doc__.strip().splitlines()[0]}", flush=True)
            fault(campaign)
        _report(campaign.tally, len(faults), len(cases))
        sys.exit(1 if campaign.tally.defects() else 0)


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.default_int_handler)
    main()
