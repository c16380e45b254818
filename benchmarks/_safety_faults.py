"""The fault injections of the safety campaign (benchmarks/safety_campaign.py).

Each fault runs real `sanitizer` processes through the campaign (same audit hook,
proxy and stand-ins), judges what they print as the bad-input cases are judged, and
adds what it measures to the tally: workers left alive, queries asked twice, files
left half-written or behind.
"""

from __future__ import annotations

import filecmp
import json
import os
import resource
import signal
import subprocess
import time
from pathlib import Path

from _safety_cases import snapshot
from _tab import TAB_DIR


def _children(pid: int) -> list[int]:
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            ppid = next(line.split()[1] for line in status.read_text().splitlines() if line.startswith("PPid:"))
        except (OSError, StopIteration):
            continue
        if ppid == str(pid):
            found.append(int(status.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _busy_folder(campaign, count: int = 60) -> Path:
    folder = campaign.workdir / "in" / f"busy-{count}"
    if not folder.exists():
        texts = list(json.loads((TAB_DIR / "texts.json").read_text(encoding="utf-8")).values())
        folder.mkdir()
        for index in range(count):
            (folder / f"{index:03d}.txt").write_text(texts[index % len(texts)], encoding="utf-8")
    return folder


def _start(campaign, arguments: list[str], **kwargs) -> subprocess.Popen:
    return subprocess.Popen(
        campaign.command(arguments),
        env=campaign.environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        **kwargs,
    )


def _workers(process: subprocess.Popen) -> list[int]:
    """The extraction workers: forked workers share their parent's command line; a
    spawned pool also has a resource tracker, which is not a worker."""
    found = []
    for pid in _children(process.pid):
        try:
            if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:
            continue
    return found


def _wait_for_progress(process: subprocess.Popen, output: Path, count: int = 2) -> list[int]:
    """Wait until ``count`` workers run and the first output is written (the run is
    working: a signal now strikes mid-run); the workers, or [] when the run ended first."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        workers = _workers(process)
        if len(workers) >= count and _written(output):
            return workers
        time.sleep(0.05)
    return []


def _written(output: Path) -> list[Path]:
    return [p for p in output.rglob("*.txt") if not p.name.startswith(".")] if output.exists() else []


def _progress_at_signal(campaign, name: str, process: subprocess.Popen, output: Path, total: int) -> None:
    """Record how far the run was when the signal struck; a run already over is a fault that tested nothing."""
    running = process.poll() is None
    done = len(_written(output))
    print(f"  the signal struck after {done} of {total} outputs, the run {'still working' if running else 'OVER'}")
    if not running or done >= total:
        campaign.tally.late_signals.append(name)


def _judge_process(
    campaign,
    name: str,
    arguments: list[str],
    process: subprocess.Popen,
    before: dict,
    requests: int,
    expect_failure: bool = True,
) -> None:
    _, stderr = process.communicate(timeout=180)
    completed = subprocess.CompletedProcess(process.args, process.returncode, b"", stderr)
    campaign.judge(
        name, arguments, completed, requests_before=requests, inputs_before=before, expect_failure=expect_failure
    )
    print(f"  exit {process.returncode}: {stderr.decode(errors='replace').strip()[:160]}")


def _temporaries(folder: Path) -> list[Path]:
    return (
        [p for p in folder.rglob(".*") if p.name.endswith(".tmp") or ".building-" in p.name] if folder.exists() else []
    )


def kill_parent_with_workers(campaign) -> None:
    """kill -9 of the main process while two workers extract: workers alive 5 s later."""
    output = campaign.workdir / "out" / "killed"
    folder = _busy_folder(campaign)
    process = _start(campaign, ["sanitize", str(folder), "-o", str(output), "--workers", "2"])
    _wait_for_progress(process, output)
    helpers = _children(process.pid)
    _progress_at_signal(campaign, "kill -9 of the parent", process, output, len(list(folder.iterdir())))
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    time.sleep(5)
    survivors = [pid for pid in helpers if _alive(pid)]
    campaign.tally.workers_alive += len(survivors)
    for pid in survivors:
        os.kill(pid, signal.SIGKILL)
    written = list(output.rglob("*.txt")) if output.exists() else []
    print(
        f"  {len(helpers)} child processes, {len(survivors)} alive after 5 s; "
        f"{len(written)} outputs, {len(_temporaries(output))} temporary files left"
    )


def _interrupt_and_rerun(campaign, signal_number: int, label: str) -> None:
    folder = _busy_folder(campaign)
    reference = campaign.workdir / "out" / f"reference-{label}"
    subprocess.run(
        campaign.command(["sanitize", str(folder), "-o", str(reference), "--workers", "2"]),
        env=campaign.environment,
        capture_output=True,
        check=True,
    )
    output = campaign.workdir / "out" / f"interrupted-{label}"
    arguments = ["sanitize", str(folder), "-o", str(output), "--workers", "2"]
    before, requests = snapshot(campaign.workdir / "in"), campaign.services.requests()
    # A terminal's Ctrl-C reaches the whole process group; so does a kill of the group.
    process = _start(campaign, arguments, start_new_session=True)
    _wait_for_progress(process, output)
    _progress_at_signal(campaign, label, process, output, len(list(folder.iterdir())))
    if process.poll() is None:
        os.killpg(process.pid, signal_number) if signal_number == signal.SIGINT else process.send_signal(signal_number)
    _judge_process(campaign, f"{label} during a folder run", arguments, process, before, requests)
    partial = _temporaries(output)
    rerun = subprocess.run(campaign.command(arguments), env=campaign.environment, capture_output=True)
    same = not filecmp.dircmp(reference, output).diff_files and sorted(
        p.relative_to(reference) for p in reference.rglob("*.txt")
    ) == sorted(p.relative_to(output) for p in output.rglob("*.txt"))
    print(
        f"  {len(partial)} partial files left; rerun exit {rerun.returncode}, outputs identical to an "
        f"uninterrupted run: {same}"
    )


def sigterm_mid_run(campaign) -> None:
    """SIGTERM (kill) during a folder run, then a rerun."""
    _interrupt_and_rerun(campaign, signal.SIGTERM, "SIGTERM")


def ctrl_c_mid_run(campaign) -> None:
    """Ctrl-C (SIGINT) during a folder run, then a rerun."""
    _interrupt_and_rerun(campaign, signal.SIGINT, "Ctrl-C")


def dying_worker(campaign) -> None:
    """An extraction worker killed (kill -9) mid-run."""
    output = campaign.workdir / "out" / "dying-worker"
    arguments = ["sanitize", str(_busy_folder(campaign)), "-o", str(output), "--workers", "2"]
    before, requests = snapshot(campaign.workdir / "in"), campaign.services.requests()
    process = _start(campaign, arguments)
    workers = _wait_for_progress(process, output)
    _progress_at_signal(campaign, "a worker killed", process, output, len(list(_busy_folder(campaign).iterdir())))
    for worker in workers:
        try:
            os.kill(worker, signal.SIGKILL)
            break
        except ProcessLookupError:  # that worker had just ended: the next one
            continue
    _judge_process(campaign, "a worker killed", arguments, process, before, requests)
    written = list(output.rglob("*.txt")) if output.exists() else []
    print(f"  {len(written)} outputs written, {len(_temporaries(output))} temporary files left")


def four_processes_one_cache(campaign) -> None:
    """Four processes on one count cache at once."""
    cache = campaign.workdir / "shared-cache"
    folder = _busy_folder(campaign, 8)
    before, requests = snapshot(campaign.workdir / "in"), campaign.services.requests()
    runs = []
    for index in range(4):
        arguments = [
            "sanitize",
            str(folder),
            "-o",
            str(campaign.workdir / "out" / f"shared-{index}"),
            "--workers",
            "1",
            "--cache-dir",
            str(cache),
        ]
        runs.append((arguments, _start(campaign, arguments)))
    for index, (arguments, process) in enumerate(runs):
        _judge_process(
            campaign,
            f"process {index + 1} of 4 on one cache",
            arguments,
            process,
            before,
            requests,
            expect_failure=False,
        )
    outputs = [campaign.workdir / "out" / f"shared-{index}" for index in range(4)]
    same = all(not filecmp.dircmp(outputs[0], other).diff_files for other in outputs[1:])
    info = subprocess.run(
        campaign.command(["cache", "info", "--cache-dir", str(cache), "--json"]),
        env=campaign.environment,
        capture_output=True,
        text=True,
    )
    entries = json.loads(info.stdout)["entries"] if info.returncode == 0 else "unreadable"
    print(f"  outputs identical: {same}; cache afterwards: {entries} entries")


def full_disk(campaign) -> None:
    """A full disk (a 4 KB file-size limit): the output, then the cache, cannot be written."""

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    for label, extra in (("output", ["--no-cache"]), ("cache", ["--cache-dir", str(campaign.workdir / "full-cache")])):
        output = campaign.workdir / "out" / f"full-{label}.txt"
        arguments = [
            "sanitize",
            str(campaign.workdir / "in" / "long.txt"),
            "-o",
            str(output),
            "--workers",
            "1",
            "--max-input-mb",
            "64",
            *extra,
        ]
        before, requests = snapshot(campaign.workdir / "in"), campaign.services.requests()
        process = _start(campaign, arguments, preexec_fn=limited)
        _judge_process(campaign, f"full disk ({label})", arguments, process, before, requests)
        print(f"  output exists: {output.exists()}; temporary files left: {len(_temporaries(output.parent))}")


def kill_during_build(campaign) -> None:
    """kill -9 during `corpus build`, then a new build beside the leftover."""
    destination = campaign.workdir / "out" / "big-index"
    arguments = ["corpus", "build", str(TAB_DIR / "texts.json"), str(_busy_folder(campaign)), "--out", str(destination)]
    process = _start(campaign, arguments)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(destination.parent.glob(".big-index.building-*")):
        time.sleep(0.02)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    left = [p.name for p in destination.parent.glob(".big-index.*")]
    rerun = subprocess.run(campaign.command(arguments), env=campaign.environment, capture_output=True)
    after = [p.name for p in destination.parent.glob(".big-index.*")]
    print(f"  left by the killed build: {len(left)}; rerun exit {rerun.returncode}; left afterwards: {len(after)}")


def web_run_killed_and_rerun(campaign) -> None:
    """SIGTERM, then kill -9, during a web run (infini-gram stand-in, --parallel 8), each with a rerun."""
    service = campaign.services.web["infinigram"]
    folder = _busy_folder(campaign, 6)
    for label, signal_number in (("SIGTERM", signal.SIGTERM), ("kill -9", signal.SIGKILL)):
        service.answered.clear()
        service.latency = 0.02
        cache = campaign.workdir / f"web-cache-{signal_number}"
        arguments = [
            "sanitize",
            str(folder),
            "-o",
            str(campaign.workdir / "out" / f"web-{signal_number}"),
            "--backend",
            "infinigram",
            "--allow-web",
            "--beta",
            "8",
            "--parallel",
            "8",
            "--workers",
            "2",
            "--cache-dir",
            str(cache),
        ]
        process = _start(campaign, arguments)
        deadline = time.monotonic() + 120
        while sum(service.answered.values()) < 300 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        answered_at_kill = sum(service.answered.values())
        process.send_signal(signal_number)
        process.wait(timeout=60)
        rerun = subprocess.run(campaign.command(arguments), env=campaign.environment, capture_output=True)
        twice = sum(n - 1 for n in service.answered.values() if n > 1)
        service.latency = 0.0
        print(
            f"  {label} after {answered_at_kill} answers: exit {process.returncode}; rerun exit {rerun.returncode}; "
            f"{sum(service.answered.values())} queries in all, {twice} asked twice"
        )


FAULTS = [
    kill_parent_with_workers,
    sigterm_mid_run,
    ctrl_c_mid_run,
    dying_worker,
    four_processes_one_cache,
    full_disk,
    kill_during_build,
    web_run_killed_and_rerun,
]
