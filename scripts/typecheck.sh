#!/usr/bin/env bash
# Type-check the package code with mypy (settings in pyproject.toml, [tool.mypy]).
#
# The folders sanitizer/, corpus_stats/ and cache/ install as ic_sanitizer,
# ic_sanitizer.corpus_stats and ic_sanitizer.cache (setuptools package-dir). mypy cannot
# follow that mapping, nor the import hook of an editable install, so this script lays
# out a tree of symbolic links named as installed (build/typecheck/ic_sanitizer) and
# checks the package there; paths in mypy's messages are mapped back to the folders.
# Arguments are passed to mypy. Uses .venv (scripts/lint.sh sets it up with the dev extra).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tree=build/typecheck
rm -rf "$tree"
mkdir -p "$tree/ic_sanitizer"
for entry in sanitizer/*; do
    ln -s "$root/$entry" "$tree/ic_sanitizer/"
done
ln -s "$root/corpus_stats" "$tree/ic_sanitizer/corpus_stats"
ln -s "$root/cache" "$tree/ic_sanitizer/cache"
status=0
MYPYPATH="$tree" .venv/bin/python -m mypy --cache-dir build/mypy_cache -p ic_sanitizer "$@" > build/typecheck.out 2>&1 || status=$?
sed -e "s#^$tree/ic_sanitizer/corpus_stats/#corpus_stats/#" \
    -e "s#^$tree/ic_sanitizer/cache/#cache/#" \
    -e "s#^$tree/ic_sanitizer/#sanitizer/#" build/typecheck.out
exit "$status"
