"""The README's Python example and the module's docstring example run as
written."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import fake_tensor


def test_readme_example_runs(root: Path):
    readme = (root / "README.md").read_text()
    code = re.search(r"```python\n(.*?)```", readme, re.S).group(1)
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines()[0] == "['s77', 1000]"


def test_module_docstring_example(root: Path):
    here = os.getcwd()
    os.chdir(root)
    try:
        failed, tried = doctest.testmod(fake_tensor, raise_on_error=False)
    finally:
        os.chdir(here)
    assert tried > 0 and failed == 0
