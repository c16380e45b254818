#!/usr/bin/env bash
# Lint and type-check (what CI runs besides the tests): ruff's rules (import order
# included) and its formatter's check over the repository, mypy over the package code.
# Sets up .venv (once) with the project and its dev extra.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
.venv/bin/python -m ruff check .
.venv/bin/python -m ruff format --check .
./scripts/typecheck.sh
