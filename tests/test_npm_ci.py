"""`make install`'s npm step for the admin: Decap's expected peer-dependency notices fold into
one line, every other warning is shown as npm wrote it, and npm's exit status is kept."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from generator.pipeline import PROJECT_ROOT

OVERRIDE = """npm warn ERESOLVE overriding peer dependency
npm warn While resolving: react-redux@7.2.9
npm warn Found: react@19.3.1
npm warn node_modules/react
npm warn   react@"19.3.1" from the root project
npm warn   81 more (@dnd-kit/accessibility, @dnd-kit/core, ...)
npm warn
npm warn Could not resolve dependency:
npm warn peer react@"^16.8.3 || ^17 || ^18" from react-redux@7.2.9
npm warn node_modules/react-redux
npm warn   peerOptional react-redux@"^7.2.1 || ^8.0.2" from @reduxjs/toolkit@1.9.7
npm warn   node_modules/@reduxjs/toolkit
npm warn
npm warn Conflicting peer dependency: react@18.3.1
npm warn node_modules/react
npm warn   peer react@"^16.8.3 || ^17 || ^18" from react-redux@7.2.9
"""
REAL = "npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.\n"


def run_with_fake_npm(tmp_path: Path, printed: str, status: int) -> subprocess.CompletedProcess:
    fake = tmp_path / "bin" / "npm"
    fake.parent.mkdir()
    (tmp_path / "said.txt").write_text(printed)
    fake.write_text(f"#!/bin/sh\ncat '{tmp_path / 'said.txt'}'\nexit {status}\n")
    fake.chmod(0o755)
    env = {**os.environ, "PATH": f"{fake.parent}{os.pathsep}{os.environ['PATH']}"}
    script = PROJECT_ROOT / "scripts" / "npm_ci.py"
    return subprocess.run(
        [sys.executable, str(script), str(tmp_path)], env=env, capture_output=True, text=True
    )


def test_expected_overrides_fold_into_one_line_and_real_warnings_stay(tmp_path: Path) -> None:
    printed = OVERRIDE + REAL + OVERRIDE.replace("react-redux@7.2.9", "react-waypoint@10.3.0")
    result = run_with_fake_npm(tmp_path, printed + "added 1722 packages in 40s\n", 0)
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        REAL.rstrip(),
        "added 1722 packages in 40s",
        f"{tmp_path}: npm overrode the peer ranges of 2 of Decap's older dependencies, as "
        "expected: react-redux@7.2.9, react-waypoint@10.3.0",
    ]


def test_npms_failure_is_the_scripts_failure(tmp_path: Path) -> None:
    result = run_with_fake_npm(tmp_path, "npm error code EUSAGE\n", 1)
    assert (result.returncode, result.stdout) == (1, "npm error code EUSAGE\n")
