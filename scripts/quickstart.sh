#!/usr/bin/env bash
# The README's first command: install into .venv (once), sanitize a short judgment with
# the embedded default (no option), then the paper's example with the paper's own method
# and figures (policy paper, table back-end, β-term, w = 0.6) and a report.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
echo "== a judgment, embedded default (default policy, wordfreq, tag mode):" >&2
.venv/bin/sanitizer sanitize examples/judgment.txt
echo "== the paper's example, the paper's method (policy paper, table back-end, β = IC(acquired immunodeficiency syndrome), w = 0.6):" >&2
.venv/bin/sanitizer sanitize examples/paper_example.txt --policy paper \
    --backend table:examples/paper_example_counts.json \
    --beta-term "acquired immunodeficiency syndrome" --w 0.6 --report paper_example.report.json
echo "== decisions are in paper_example.report.json (it contains the sensitive terms: do not publish it)" >&2
