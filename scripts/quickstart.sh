#!/usr/bin/env bash
# The README's first command: install into .venv (once) and sanitize the paper's
# example with the embedded default (wordfreq back-end, offline), then with the
# paper's own figures (table back-end, β-term, w = 0.6) and a report.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
echo "== embedded default (wordfreq, β = 14.5 bits):" >&2
.venv/bin/sanitizer sanitize examples/paper_example.txt
echo "== the paper's counts (table back-end, β = IC(acquired immunodeficiency syndrome), w = 0.6):" >&2
.venv/bin/sanitizer sanitize examples/paper_example.txt \
    --backend table:examples/paper_example_counts.json \
    --beta-term "acquired immunodeficiency syndrome" --w 0.6 --policy paper --report paper_example.report.json
echo "== decisions are in paper_example.report.json (it contains the sensitive terms: do not publish it)" >&2
