"""The latency the privacy proxy adds to a request (`sanitizer proxy`, sanitizer/proxy).

    python benchmarks/proxy_latency.py [--requests 40] [--runs 5]

A fake OpenAI-compatible model on loopback answers at once (it echoes the last message),
so what is measured is the proxy's own time: sanitizing the messages, forwarding, and
restoring the answer. For a one-line prompt, a paragraph of a TAB judgment and a
conversation of five such paragraphs, each request is sent straight to the model and
through the proxy, alternating, in one process (the engine open, warm count cache, tag
mode), streamed and not. Printed per prompt: the median of each route over the requests
(the median of --runs medians) and the difference, the added latency.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import requests

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from _tab import load_tab  # noqa: E402

from ic_sanitizer import Sanitizer, Settings  # noqa: E402
from ic_sanitizer.proxy import create_proxy  # noqa: E402
from tests.sanitizer.loopback import serving_app as serving  # noqa: E402
from tests.sanitizer.test_proxy import fake_model  # noqa: E402


def _prompts() -> dict[str, list[str]]:
    texts, _ = load_tab()
    paragraphs = [p.strip() for doc in sorted(texts) for p in texts[doc].split("\n") if 300 <= len(p.strip()) <= 700]
    return {
        "one line": ["Please summarise the letter Mr Jan Kowalski sent on 3 May 1970."],
        "a paragraph": paragraphs[:1],
        "five paragraphs": paragraphs[1:6],
    }


def _ask(base: str, messages: list[str], stream: bool) -> float:
    body = {"model": "fake", "stream": stream, "messages": [{"role": "user", "content": m} for m in messages]}
    start = time.perf_counter()
    answer = requests.post(f"{base}/chat/completions", json=body, stream=stream, timeout=120)
    for _ in answer.iter_lines() if stream else ():
        pass
    answer.close()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    received: list = []
    with tempfile.TemporaryDirectory() as cache, serving(fake_model(received)) as model:
        with Sanitizer(Settings(workers=1, mode="tag", cache_dir=Path(cache))) as engine:
            with serving(create_proxy(engine, f"{model}/v1")) as proxy:
                print("| prompt | streamed | straight to the model | through the proxy | added |")
                print("|---|---|---|---|---|")
                for name, messages in _prompts().items():
                    for stream in (False, True):
                        _ask(f"{proxy}/v1", messages, stream)  # the counts of its terms cached
                        direct, proxied = [], []
                        for _ in range(args.runs):
                            times = {"direct": [], "proxied": []}
                            for _ in range(args.requests):
                                times["direct"].append(_ask(f"{model}/v1", messages, stream))
                                times["proxied"].append(_ask(f"{proxy}/v1", messages, stream))
                            direct.append(statistics.median(times["direct"]))
                            proxied.append(statistics.median(times["proxied"]))
                        a, b = statistics.median(direct) * 1000, statistics.median(proxied) * 1000
                        print(f"| {name} | {'yes' if stream else 'no'} | {a:.1f} ms | {b:.1f} ms | {b - a:.1f} ms |")


if __name__ == "__main__":
    main()
