#!/usr/bin/env bash
# The README's test command: set up .venv (once) with the project and its test
# extras, then run the test suite. Arguments are passed to pytest.
set -euo pipefail
# setuptools warns of every editable install in a block of ten lines that reads like a
# failure (issue 57); the install itself reports its errors whatever this says
cd "$(dirname "$0")/.."
./scripts/setup.sh
PYTHONWARNINGS=ignore .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test,spacy,attack,docx,pdf,encryption,spark,serve,litellm,presidio,plots,pseudonyms,opennlp,ja,docs]'
exec .venv/bin/python -m pytest "$@"
