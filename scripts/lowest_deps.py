"""Check the dependency floors: install the lowest version that pyproject.toml allows for
every direct dependency, then run the core test tier against that installation.

A floor such as ``numpy>=1.24`` is a claim that the project works with numpy 1.24; this
script is how CI keeps the claim true. Only the direct dependencies are pinned to their
floors (what ``uv --resolution lowest-direct`` does); what they need in turn resolves as
pip resolves it. The test tools come from the test extra at their usual resolution.

    python scripts/lowest_deps.py [--venv DIR] [-- PYTEST ARGUMENTS]

The virtual environment is made fresh in DIR (default build/lowest-deps). The project is
installed from a built wheel, without its dependencies, so that nothing lifts a floor.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import venv
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

sys.path.insert(0, str(Path(__file__).resolve().parent))
from wheel_smoke import clean_source  # noqa: E402

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
#: the core tier: every test that needs only the base install (pyproject's markers)
CORE_TIER = "not spark and not java and not browser and not models and not docs"
_FLOOR_OPERATORS = (">=", "==", "~=")


def floor_pins(requirements: list[str]) -> list[str]:
    """``name==floor`` for each requirement that applies here; one without a floor is an error."""
    pins = []
    for text in requirements:
        if not _applies(text):
            continue
        requirement = Requirement(text)
        floors = [spec.version for spec in requirement.specifier if spec.operator in _FLOOR_OPERATORS]
        if not floors:
            raise SystemExit(f"error: {requirement.name} has no floor in pyproject.toml (give it >=VERSION)")
        lowest = max(floors, key=Version)  # with >=A,>=B the floor is the higher one
        extras = f"[{','.join(sorted(requirement.extras))}]" if requirement.extras else ""
        pins.append(f"{requirement.name}{extras}=={lowest}")
    return pins


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--venv", type=Path, default=ROOT / "build" / "lowest-deps")
    parser.add_argument("pytest_args", nargs="*")
    args = parser.parse_args()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = floor_pins(project["dependencies"])
    test_tools = [r for r in project["optional-dependencies"]["test"] if _applies(r)]
    shutil.rmtree(args.venv, ignore_errors=True)
    venv.create(args.venv, with_pip=True)
    python = str(args.venv / "bin" / "python")
    pip = [python, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    print("direct dependencies at their floors:", " ".join(pins), flush=True)
    subprocess.run([*pip, "install", *pins, *test_tools], check=True)
    wheels = args.venv / "wheel"
    # built from the files a fresh clone has: setuptools' build/ in the work tree keeps the
    # modules of an earlier build, which a wheel built there would carry
    source = clean_source(args.venv / "source")
    subprocess.run([*pip, "wheel", "--no-deps", "--wheel-dir", str(wheels), str(source)], check=True)
    subprocess.run([*pip, "install", "--no-deps", *map(str, wheels.glob("*.whl"))], check=True)
    subprocess.run([*pip, "check"], check=True)  # the floors are consistent with each other
    command = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", CORE_TIER, *args.pytest_args]
    return subprocess.run(command, cwd=ROOT).returncode


def _applies(text: str) -> bool:
    """Whether a requirement's environment marker holds here (one without a marker does)."""
    marker = Requirement(text).marker
    return marker is None or marker.evaluate()


if __name__ == "__main__":
    sys.exit(main())
