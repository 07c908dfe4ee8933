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


def test_readme_mem_example_runs(root: Path, fake):
    readme = (root / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    code = next(b for b in blocks if "program.mem(" in b)
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    ).stdout
    lines = out.splitlines()
    assert lines[0].startswith("Max(20*s70**2*s72 + "), lines[0]
    assert lines[1] == "865328 mul_6"
    assert lines[2] == "[('s70', 'whole_range', 128), ('s72', 'whole_range', 64)]"
    _, text = fake("mem", "examples/gpt2.json", "--at", "s72=4")
    assert out.split("\n", 3)[3] == text + "\n"


def test_module_docstring_example(root: Path):
    here = os.getcwd()
    os.chdir(root)
    try:
        failed, tried = doctest.testmod(fake_tensor, raise_on_error=False)
    finally:
        os.chdir(here)
    assert tried > 0 and failed == 0
