"""Shared fixtures: the repository's root and the `fake` command line,
whose answers the Python API is compared with."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def fake_bin() -> str:
    """The `fake` binary: $FAKE_BIN, else the one cargo builds for the root
    package's tests, asked for exactly as the README's command builds them
    (every test target of the workspace: features are unified over the
    packages and targets selected), so after `cargo test --workspace`
    nothing is rebuilt."""
    given = os.environ.get("FAKE_BIN")
    if given:
        return given
    out = subprocess.run(
        ["cargo", "test", "--workspace", "--no-run", "--message-format=json"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for line in out.splitlines():
        msg = json.loads(line)
        if (
            msg.get("reason") == "compiler-artifact"
            and msg["target"]["name"] == "fake"
            and msg["target"]["kind"] == ["bin"]
            and not msg["profile"]["test"]
            and msg.get("executable")
        ):
            return msg["executable"]
    pytest.fail("cargo built no `fake` executable")


@pytest.fixture(scope="session")
def fake(fake_bin):
    """Run `fake ARGS...` in the repository's root: (exit code, stdout)."""

    def run(*args: str) -> tuple[int, str]:
        p = subprocess.run(
            [fake_bin, *args], cwd=ROOT, capture_output=True, text=True, check=False
        )
        return p.returncode, p.stdout

    return run
