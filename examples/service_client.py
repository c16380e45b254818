"""A client of `sanitizer serve`, in Python (start the service first: `sanitizer serve`).

    python examples/service_client.py "Mr John Smith was admitted on 3 May 2010."

It asks Presidio's /analyze for what the engine would remove, then /sanitize for the
sanitized text; with $SANITIZER_SERVICE_TOKEN set, it sends the token.
"""

from __future__ import annotations

import os
import sys

import requests

URL = os.environ.get("SANITIZER_URL", "http://127.0.0.1:8000")


def main() -> None:
    text = sys.argv[1] if len(sys.argv) > 1 else "Mr John Smith was admitted on 3 May 2010."
    token = os.environ.get("SANITIZER_SERVICE_TOKEN")
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    found = requests.post(f"{URL}/analyze", json={"text": text, "language": "en"}, headers=headers, timeout=60)
    found.raise_for_status()
    for result in found.json():
        print(
            f"{result['entity_type']:>12} {result['start']:>4}-{result['end']:<4} {text[result['start'] : result['end']]}"
        )
    sanitized = requests.post(f"{URL}/sanitize", json={"text": text}, headers=headers, timeout=60)
    sanitized.raise_for_status()
    print(sanitized.json()["text"])


if __name__ == "__main__":
    main()
