"""The demo builds a test run shares: made once per run, in the background, for every worker.

`pytest -n 2` runs two xdist workers, each a session of its own; a session fixture that built
the demo ran once per worker, both at once, so a clean clone encoded every photo and video
twice while no test ran. Here the first worker to ask claims the build (an atomic mkdir in the
run's temporary folder, which the workers share) and starts it in a child process, which holds
an exclusive lock until it exits; the tests that do not need the demo run meanwhile (conftest
orders the browser tests last), and a worker that needs it waits for the child's result.

Run as a script, it is that child: `python tests/shared_builds.py FOLDER NAME [--dev] [--after
OTHER]` builds content/ into FOLDER/NAME/dist (media in the repository's .cache/build, as
before), after OTHER has finished when given (so that OTHER's encoded media are reused), and
writes FOLDER/NAME/status: "ok", or what went wrong.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = "builder.lock"  # held (exclusive) by the child while it works; gone once it exits
STATUS = "status"
LOG = "build.log"
POLL_S = 0.2
CLAIM_TIMEOUT_S = 60  # from a claim to its lock: a worker that died in between
_children: dict[str, subprocess.Popen] = {}  # the builds this process started


def run_folder(basetemp: Path) -> Path:
    """The temporary folder of the whole run: xdist gives each worker a subfolder of it."""
    return basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp


def demo(basetemp: Path) -> Path:
    """The demo site's dist/, built once per run."""
    return wait(run_folder(basetemp), "demo")


def demo_dev(basetemp: Path) -> Path:
    """The demo with React's development build (test_prerendered.py), once per run, after
    the demo (whose encoded media it reuses)."""
    return wait(run_folder(basetemp), "demo-dev", dev=True, after="demo")


def start_early(basetemp: Path, fixtures: set[str]) -> None:
    """Start the builds the run's tests will ask for (by the fixtures they use), so that they
    go on while the other tests run."""
    folder = run_folder(basetemp)
    if "demo_dist" in fixtures:
        start(folder, "demo")
    if "dev_base_url" in fixtures:
        start(folder, "demo-dev", dev=True, after="demo")


def start(folder: Path, name: str, dev: bool = False, after: str | None = None) -> bool:
    """Start building folder/name unless some worker already has; True when this call did."""
    target = folder / name
    try:
        target.mkdir(parents=True)  # the claim: exactly one worker succeeds
    except FileExistsError:
        return False
    # Locked before the child exists and handed to it: the lock is held from this moment until
    # the child exits (however it exits), and a waiter never sees it free before the start.
    # The name appears only once locked (a rename keeps the open file and its lock).
    pending = target / f"{LOCK}.new"
    fd = os.open(pending, os.O_CREAT | os.O_WRONLY, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        command = [sys.executable, str(Path(__file__).resolve()), str(folder), name]
        command += ["--dev"] if dev else []
        command += ["--after", after] if after else []
        with open(target / LOG, "wb") as log:
            _children[name] = subprocess.Popen(
                command,
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                pass_fds=(fd,),
            )
        os.replace(pending, target / LOCK)
    finally:
        os.close(fd)
    return True


def wait(folder: Path, name: str, dev: bool = False, after: str | None = None) -> Path:
    """folder/name/dist once its build has finished (started here if no worker has started it);
    an error with the end of the build's log if it failed."""
    start(folder, name, dev, after)
    target = folder / name
    claimed = time.monotonic()
    while True:
        if (target / STATUS).is_file():
            break
        if not (target / LOCK).is_file():
            if time.monotonic() - claimed > CLAIM_TIMEOUT_S:
                raise RuntimeError(f"the {name} build was claimed but never started")
        elif not _locked(target / LOCK):
            if (target / STATUS).is_file():  # written just before the child let go
                break
            raise RuntimeError(f"the {name} build stopped without a result:\n{_log_tail(target)}")
        time.sleep(POLL_S)
    status = (target / STATUS).read_text("utf-8")
    if status != "ok":
        raise RuntimeError(f"the {name} build failed:\n{status}\n{_log_tail(target)}")
    return target / "dist"


def finish(stop: bool) -> None:
    """At the end of a session: wait for the builds this process started (another worker may
    still need them), or stop them when the run is being cut short."""
    for child in _children.values():
        if stop and child.poll() is None:
            child.terminate()
        child.wait()
    _children.clear()


def _locked(lock: Path) -> bool:
    with open(lock, "rb") as file:
        try:
            fcntl.flock(file, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        return False


def _log_tail(target: Path, lines: int = 60) -> str:
    try:
        return "\n".join((target / LOG).read_text("utf-8", "replace").splitlines()[-lines:])
    except OSError:
        return "(no build log)"


def _build(folder: Path, name: str, dev: bool, after: str | None) -> None:
    target = folder / name
    try:
        if after:
            try:
                wait(folder, after)
            except RuntimeError:
                pass  # then this build encodes what it needs itself, and reports on its own
        sys.path.insert(0, str(ROOT))
        from generator import pipeline
        from generator.reporter import TerminalReporter

        paths = pipeline.Paths.make(
            ROOT / "content", target / "dist", cache=ROOT / ".cache" / "build"
        )
        pipeline.build(paths, TerminalReporter(sys.stdout), dev_app=dev)  # stages in the log
        status = "ok"
    except BaseException:  # every failure is the waiting tests' to report
        status = traceback.format_exc()
    partial = target / f"{STATUS}.new"
    partial.write_text(status, "utf-8")
    os.replace(partial, target / STATUS)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("name")
    parser.add_argument("--dev", action="store_true")
    parser.add_argument("--after")
    args = parser.parse_args()
    _build(args.folder, args.name, args.dev, args.after)
