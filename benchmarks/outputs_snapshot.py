"""Write, or compare against, the 127 TAB outputs of the built-in policies.

    python benchmarks/outputs_snapshot.py write DIR     # DIR/<policy>/<doc_id>.txt
    python benchmarks/outputs_snapshot.py compare DIR   # the same outputs now; exit 1 on any difference

A refactor that must not change behaviour is checked this way: write a snapshot before
it, compare after. Each policy runs with no option (the command a user runs), so the
comparison covers the default, readable and paper policies as shipped. The snapshot
holds sanitized text only, but of real judgments: keep it outside the repository.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _tab import load_tab  # noqa: E402

from ic_sanitizer import Sanitizer  # noqa: E402

POLICIES = ("default", "readable", "paper")


def outputs(policy: str, texts: dict[str, str]) -> dict[str, str]:
    ids = sorted(texts)
    with Sanitizer(policy=policy) as sanitizer:
        return {doc_id: result.text for doc_id, result in zip(ids, sanitizer.sanitize_many([texts[i] for i in ids]))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("write", "compare"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--policy", action="append", choices=POLICIES, help="(repeatable) [default: all three]")
    args = parser.parse_args()
    texts, _ = load_tab()
    differences = 0
    for policy in args.policy or POLICIES:
        folder = args.folder / policy
        now = outputs(policy, texts)
        if args.action == "write":
            folder.mkdir(parents=True, exist_ok=True)
            for doc_id, text in now.items():
                (folder / f"{doc_id}.txt").write_text(text, encoding="utf-8")
            print(f"{policy}: {len(now)} outputs written to {folder}")
            continue
        changed = [
            doc_id
            for doc_id, text in now.items()
            if not (folder / f"{doc_id}.txt").is_file()
            or (folder / f"{doc_id}.txt").read_text(encoding="utf-8") != text
        ]
        differences += len(changed)
        print(
            f"{policy}: {len(now) - len(changed)} of {len(now)} outputs identical"
            + (f"; differ: {', '.join(changed[:10])}{' ...' if len(changed) > 10 else ''}" if changed else "")
        )
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
