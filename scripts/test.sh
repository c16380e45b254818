#!/usr/bin/env bash
# The README's test command: set up .venv (once) with the project and its test
# extras, then run the test suite. Arguments are passed to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test,spacy,attack,docx,pdf,encryption,spark,serve,presidio,plots,pseudonyms,opennlp,ja,docs]'
exec .venv/bin/python -m pytest "$@"
