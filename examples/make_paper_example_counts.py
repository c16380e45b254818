"""Write paper_example_counts.json: counts that reproduce the paper's Tables 1 and 2.

    python examples/make_paper_example_counts.py [PAPER_EXAMPLE_JSON]

The paper reports bits, not counts (PACIS 2013, section 2.3). With N = TotalWebs,
count(t) = N * 2^-IC(t) and count(a AND b) = count(a) * count(b) / N * 2^PMI(a, b),
rounded to whole pages.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_SOURCE = HERE.parents[1] / "shared" / "data" / "paper_example" / "paper_example.json"


def counts_table(example: dict) -> dict:
    total = example["total_webs"]
    counts = {term: round(total * 2**-bits) for term, bits in example["ic_bits"].items()}
    sensitive = example["beta_term"]
    conjunctions = [
        {"terms": [sensitive, term], "count": round(counts[sensitive] * counts[term] / total * 2**pmi)}
        for term, pmi in example["pmi_bits_with_sensitive_term"].items()
    ]
    return {"total": total, "unit": "document", "counts": counts, "conjunctions": conjunctions}


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SOURCE
    example = json.loads(source.read_text(encoding="utf-8"))
    table = counts_table(example)
    (HERE / "paper_example_counts.json").write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")
    (HERE / "paper_example.txt").write_text(example["text"] + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
