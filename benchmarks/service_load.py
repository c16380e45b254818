"""`sanitizer serve` as a Presidio client meets it: answers on TAB, then load.

    python benchmarks/service_load.py [--seconds 60] [--clients 1 4 16]

Starts `sanitizer serve` on a free loopback port (default policy, a fresh count cache
warmed by the first phase), then:
1. Parity: each of the 127 TAB texts is posted to /analyze in Presidio's request shape,
   and the answer is compared with what this process's own engine (same settings) gives
   as analyzer results (ic_sanitizer.service.presidio.analyzer_results).
2. Load: for each number of clients, that many threads post TAB texts to /analyze for
   --seconds; printed: requests, errors (any status but 200, or a broken connection),
   throughput, latency p50/p99, and the server's resident memory at the start and the end
   of the level and its peak (read from /proc every half second).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _tab import load_tab  # noqa: E402

from ic_sanitizer import Sanitizer, Settings  # noqa: E402
from ic_sanitizer.service.presidio import analyzer_results  # noqa: E402


def _start(cache: Path) -> tuple[subprocess.Popen, str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "ic_sanitizer", "serve", "--port", "0", "--cache-dir", str(cache)],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert server.stderr is not None
    for line in server.stderr:
        if line.startswith("serving on "):
            return server, line.split()[2]
    raise SystemExit(f"the service did not start (exit {server.wait()})")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def parity(url: str, texts: dict[str, str], cache: Path) -> None:
    started = time.perf_counter()
    with Sanitizer(Settings(cache_dir=cache)) as engine:
        expected = {
            doc_id: analyzer_results(result)
            for doc_id, result in zip(sorted(texts), engine.sanitize_many([texts[d] for d in sorted(texts)]))
        }
    same = sum(
        requests.post(f"{url}/analyze", json={"text": texts[doc_id], "language": "en"}, timeout=300).json()
        == expected[doc_id]
        for doc_id in sorted(texts)
    )
    print(
        f"parity: {same} of {len(texts)} TAB texts answered by /analyze exactly as the in-process engine "
        f"({time.perf_counter() - started:.0f} s)"
    )


def load(url: str, pid: int, texts: list[str], clients: int, seconds: float) -> None:
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(seed: int) -> None:
        rng = random.Random(seed)
        with requests.Session() as session:
            while time.monotonic() < stop:
                started = time.perf_counter()
                try:
                    ok = (
                        session.post(
                            f"{url}/analyze", json={"text": rng.choice(texts), "language": "en"}, timeout=120
                        ).status_code
                        == 200
                    )
                except requests.RequestException:
                    ok = False
                with lock:
                    latencies.append(time.perf_counter() - started)
                    errors[0] += not ok

    memory = [_rss_mb(pid)]
    threads = [threading.Thread(target=client, args=(seed,)) for seed in range(clients)]
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        time.sleep(0.5)
        memory.append(_rss_mb(pid))
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    print(
        f"{clients:>3} clients, {seconds:.0f} s: {len(latencies)} requests, {errors[0]} errors, "
        f"{len(latencies) / seconds:.2f} requests/s, latency p50 {statistics.median(ordered):.2f} s "
        f"p99 {p99:.2f} s; server memory {memory[0]:.0f} -> {memory[-1]:.0f} MB (peak {max(memory):.0f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 4, 16])
    args = parser.parse_args()
    texts, _ = load_tab()
    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder) / "cache"
        server, url = _start(cache)
        try:
            parity(url, texts, cache)
            for clients in args.clients:
                load(url, server.pid, list(texts.values()), clients, args.seconds)
        finally:
            server.terminate()
            server.wait(30)
    print(json.dumps({"seconds": args.seconds, "clients": args.clients}))


if __name__ == "__main__":
    main()
