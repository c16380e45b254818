#!/usr/bin/env bash
# Build the documentation site (mkdocs.yml) into site/, or into the folder given, strictly:
# a warning (a broken link or anchor, a page out of the nav, a docstring the API reference
# cannot read) fails the build. Offline: nothing is downloaded at build time. Sets up .venv
# with the project and its docs extra when they are missing (that step needs PyPI).
set -euo pipefail
site_dir=site
if [ $# -gt 0 ]; then
    site_dir=$(realpath -m -- "$1")  # as the caller named it, before the cd below
fi
cd "$(dirname "$0")/.."
if ! { [ -x .venv/bin/python ] && .venv/bin/python -c "import mkdocs, material, mkdocstrings_handlers.python" 2>/dev/null; }; then
    ./scripts/setup.sh
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[docs]'
fi
# Material prints a notice about MkDocs 2.0 on every build; the versions are pinned below 2.
export NO_MKDOCS_2_WARNING=1
exec .venv/bin/python -m mkdocs build --strict --site-dir "$site_dir"
