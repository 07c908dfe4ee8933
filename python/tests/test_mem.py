"""Peak memory: `Program.mem` returns what `fake mem --format json`
prints and `Program.mem_text` what `fake mem` prints, at other sizes and
with a budget; bad sizes and budgets raise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import fake_tensor

CASES = [
    ("examples/resnet18.json", {}, None, []),
    ("examples/resnet18.json", {}, "16GiB", ["--budget", "16GiB"]),
    ("examples/resnet18.json", {"s77": 8}, None, ["--at", "s77=8"]),
    ("examples/resnet18.json", {"x.size()[0]": 2048}, None, ["--at", "x.size()[0]=2048"]),
    ("examples/gpt2.json", {"s72": 4}, None, ["--at", "s72=4"]),
    ("examples/gpt2.json", {"s72": 4}, 10**6, ["--at", "s72=4", "--budget", "1000000"]),
    ("examples/custom_op.json", {}, None, []),
    ("tests/fixtures/mem/residual.json", {}, "1MiB", ["--budget", "1MiB"]),
    ("tests/fixtures/programs/nonzero.json", {}, None, []),
]


@pytest.mark.parametrize("file,at,budget,flags", CASES)
def test_mem_gives_what_fake_mem_prints(root: Path, fake, file, at, budget, flags):
    code, out = fake("mem", file, *flags, "--format", "json")
    assert code == 0
    ours = fake_tensor.load(root / file).mem(at=at, budget=budget)
    assert ours.pop("errors") == []
    assert ours == json.loads(out)


@pytest.mark.parametrize("file,at,budget,flags", CASES)
def test_mem_text_is_fake_mems_output(root: Path, fake, file, at, budget, flags):
    code, out = fake("mem", file, *flags)
    assert code == 0
    assert fake_tensor.load(root / file).mem_text(at=at, budget=budget) == out


def test_the_budget_solves_each_symbol(root: Path):
    program = fake_tensor.load(root / "examples/gpt2.json")
    doc = program.mem(at={"s72": 4}, budget="2MiB")
    assert doc["budget"]["bytes"] == 2 * 1024 * 1024
    by_symbol = {s["symbol"]: s for s in doc["budget"]["symbols"]}
    assert set(by_symbol) == {"s70", "s72"}
    for s in by_symbol.values():
        assert s["fit"] in ("up_to", "whole_range", "none")
        if s["fit"] == "up_to":
            assert s["peak"] <= doc["budget"]["bytes"] < s["peak_above"]
    # The same budget as an int.
    assert program.mem(at={"s72": 4}, budget=2 * 1024 * 1024)["budget"] == doc["budget"]
    assert program.mem()["budget"] is None


def test_the_peak_grows_with_the_batch(root: Path):
    program = fake_tensor.load(root / "examples/resnet18.json")
    small = program.mem(at={"s77": 2})
    large = program.mem(at={"s77": 64})
    assert small["peak"] == large["peak"] and isinstance(small["peak"], str)
    assert small["at"]["peak"] < large["at"]["peak"]
    assert large["at"]["given"] == {"s77": 64}
    assert all(n["live_at"] <= large["at"]["peak"] for n in large["nodes"])


def test_bad_sizes_and_budgets_raise(root: Path):
    program = fake_tensor.load(root / "examples/resnet18.json")
    with pytest.raises(
        fake_tensor.FakeTensorError,
        match=r"`s0` is not a symbol of the program \(its symbols: s77\)",
    ):
        program.mem(at={"s0": 4})
    with pytest.raises(fake_tensor.FakeTensorError, match="cannot be negative"):
        program.mem(at={"s77": -1})
    with pytest.raises(fake_tensor.FakeTensorError, match="is not a unit"):
        program.mem(budget="16 furlongs")
    with pytest.raises(fake_tensor.FakeTensorError, match="not -5"):
        program.mem(budget=-5)
    with pytest.raises(fake_tensor.FakeTensorError, match="not a float"):
        program.mem(budget=1.5)
    with pytest.raises(fake_tensor.FakeTensorError, match="a size is an int"):
        program.mem_text(at={"s77": "big"})


def test_an_operator_that_refuses_its_inputs_is_listed(root: Path):
    # resnet18 given 4 input channels where its first convolution takes 3.
    program = json.loads((root / "examples/resnet18_core.json").read_text())
    program["graph_module"]["graph"]["tensor_values"]["x"]["sizes"][1] = {"as_int": 4}
    doc = fake_tensor.load(json.dumps(program).encode()).mem()
    assert [e["node"] for e in doc["errors"]][:1] == ["convolution"]
    assert doc["errors"][0]["op"] == "aten::convolution.default"
    assert isinstance(doc["peak"], str)
