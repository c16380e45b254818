#!/usr/bin/env bash
# Create .venv with the project (editable) and its test extras. Safe to re-run.
set -euo pipefail
# setuptools warns of every editable install in a block of ten lines that reads like a
# failure (issue 57); the install itself reports its errors whatever this says
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
PYTHONWARNINGS=ignore .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
PYTHONWARNINGS=ignore .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
