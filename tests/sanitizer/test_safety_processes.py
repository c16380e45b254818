"""Issue 13 with real processes: workers that die with their parent (item 21), a killed worker
(item 12), a damaged index and a closed pipe seen on the real stderr (items 10, 12)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ..conftest import TAB_DIR, shared_data
from .conftest import tab_document

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
COMMAND = [sys.executable, "-m", "ic_sanitizer"]


def _children(pid: int) -> list[int]:
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines() if ":\t" in line)
        except OSError:
            continue
        if fields.get("PPid", "").strip() == str(pid):
            found.append(int(status.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def busy_folder(tmp_path_factory):
    """Enough text to keep two extraction workers busy for several seconds."""
    folder = tmp_path_factory.mktemp("busy")
    texts = list(json.loads(shared_data(TAB_DIR / "texts.json").read_text(encoding="utf-8")).values())
    for index in range(240):
        (folder / f"{index:03d}.txt").write_text(texts[index % len(texts)], encoding="utf-8")
    return folder


def _start_with_workers(busy_folder, output, tmp_path):
    environment = {**os.environ, "SANITIZER_CACHE_DIR": str(tmp_path / "cache")}
    process = subprocess.Popen(
        [*COMMAND, "sanitize", str(busy_folder), "-o", str(output), "--workers", "2", "--s2-backend", "none"],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while time.monotonic() < deadline and process.poll() is None:
        # Forked workers share their parent's command line; a spawned pool also has a
        # resource tracker, which is not a worker.
        workers = [
            pid
            for pid in _children(process.pid)
            if "resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        ]
        if len(workers) == 2:
            time.sleep(0.5)  # let them start extracting
            break
        time.sleep(0.1)
    assert len(workers) == 2, "the workers never started"
    return process, workers


def test_workers_die_within_5_s_of_a_killed_parent(busy_folder, tmp_path):
    # Issue 13, item 21.
    process, workers = _start_with_workers(busy_folder, tmp_path / "out", tmp_path)
    helpers = _children(process.pid)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    time.sleep(5)
    survivors = [pid for pid in helpers if _alive(pid)]
    for pid in survivors:  # never leave them behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert survivors == []
    # Documents decided before the kill may be written, each whole (atomic writes; a
    # killed writer's temporary file is hidden and removed by the next run).
    written = (
        [p for p in (tmp_path / "out").rglob("*") if not p.name.startswith(".")] if (tmp_path / "out").exists() else []
    )
    assert all(path.suffix == ".txt" and path.stat().st_size > 0 for path in written), written
    assert len(written) < 240


def test_a_killed_worker_is_one_line_and_nothing_is_written(busy_folder, tmp_path):
    # Issue 13, item 12 (BrokenProcessPool).
    process, workers = _start_with_workers(busy_folder, tmp_path / "out", tmp_path)
    os.kill(workers[0], signal.SIGKILL)
    _, stderr = process.communicate(timeout=120)
    lines = [line for line in stderr.decode().strip().splitlines() if not line.startswith("note: ")]
    assert process.returncode == 1 and len(lines) == 1, stderr
    assert "worker process died" in lines[0] and "internal error" not in lines[0]
    # Documents decided before the worker died may be written (each whole: atomic
    # writes); nothing half-written, and not the whole folder.
    written = list((tmp_path / "out").rglob("*")) if (tmp_path / "out").exists() else []
    assert all(path.suffix == ".txt" and path.stat().st_size > 0 for path in written), written
    assert len(written) < 240


def test_a_damaged_index_is_one_line_on_the_real_stderr(tmp_path, damaged_index):
    # Issue 13, item 10: tantivy's panic report (66 lines) never reaches the terminal.
    source = tab_document(tmp_path)
    try:
        completed = subprocess.run(
            [
                *COMMAND,
                "sanitize",
                str(source),
                "--backend",
                f"local:{damaged_index}",
                "--beta",
                "5",
                "--no-cache",
                "--workers",
                "1",
            ],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "RUST_BACKTRACE": "1"},
        )
    except subprocess.TimeoutExpired:
        pytest.xfail("tantivy hung on the damaged index instead of failing (known, rare)")
    assert completed.returncode == 1
    assert completed.stderr.count("\n") == 1 and completed.stderr.startswith("error: "), completed.stderr
    assert str(damaged_index) in completed.stderr


def test_a_closed_pipe_is_one_line(tmp_path):
    # Issue 13, item 12 (`terms doc.txt | head -1`).
    texts = list(json.loads(shared_data(TAB_DIR / "texts.json").read_text(encoding="utf-8")).values())
    document = tmp_path / "long.txt"
    document.write_text("\n".join(texts[:20]), encoding="utf-8")
    reader_end, writer_end = os.pipe()
    os.close(reader_end)  # the reader is gone before anything is written
    completed = subprocess.run(
        [*COMMAND, "terms", str(document), "--no-cache"],
        stdout=writer_end,
        stderr=subprocess.PIPE,
        text=True,
        timeout=300,
    )
    os.close(writer_end)
    assert completed.returncode == 1
    assert completed.stderr.count("\n") == 1 and "broken pipe" in completed.stderr, completed.stderr
