"""One operator call: PyTorch's recorded answers (the operator fixtures
written by scripts/export_op_cases.py) replayed through `fake_tensor.call`,
in the JSON form and the text form; refusals raise."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import fake_tensor

OPERATORS = ["mm", "add", "conv2d", "sum", "split", "cat", "permute", "index"]


def _argument(value: dict):
    """A fixture value as a call argument, or ValueError when the fixture's
    encoding has no counterpart."""
    ((kind, x),) = value.items()
    if kind == "none":
        return None
    if kind == "tensor":
        return {"tensor": _tensor(x)}
    if kind == "tensors":
        return [{"tensor": _tensor(t)} for t in x]
    if kind == "opt_tensors":
        return [None if t is None else {"tensor": _tensor(t)} for t in x]
    if kind in ("int", "float", "bool", "ints", "floats", "bools", "str"):
        return x
    if kind == "scalar":
        ((_, v),) = x.items()
        return v
    if kind in ("dtype", "memory_format", "layout", "device"):
        return {kind: x}
    raise ValueError(kind)


def _tensor(t: dict) -> dict:
    keep = ("dtype", "sizes", "strides", "storage_offset", "device", "requires_grad")
    return {k: v for k, v in t.items() if k in keep}


def _positional_count(schema: str) -> int:
    params = schema.split("(", 1)[1]
    depth, count, item = 0, 0, ""
    for c in params:
        if c in "([":
            depth += 1
        elif c == ")" and depth == 0:
            break
        elif c in ")]":
            depth -= 1
        elif c == "," and depth == 0:
            if item.strip() == "*":
                return count
            count, item = count + 1, ""
            continue
        item += c
    if item.strip() == "*":
        return count
    return count + (1 if item.strip() else 0)


def _cases(root: Path, name: str):
    fixture = json.loads((root / "ops/tests/fixtures/ops" / f"{name}.json").read_text())
    for op, entry in fixture["ops"].items():
        positional = _positional_count(entry["schema"])
        for case in entry["cases"]:
            # Accepted by one of PyTorch's kernels and refused by the other.
            if "eager_error" in case or "eager_outputs" in case:
                continue
            args, kwargs, skipped = [], {}, False
            try:
                for i, inp in enumerate(case["inputs"]):
                    if inp.get("defaulted"):
                        skipped = True
                        continue
                    a = _argument(inp["value"])
                    if not skipped and i < positional:
                        args.append(a)
                    else:
                        kwargs[inp["name"]] = a
            except ValueError:
                continue
            yield f"{op} / {case.get('name', '?')}", op, args, kwargs, case.get("outputs")


def _expected(o: dict):
    if "tensor" in o:
        return {"tensor": _tensor(o["tensor"])}
    if "tensors" in o:
        return [_expected(t) for t in o["tensors"]]
    return o


def _ours(o):
    if isinstance(o, list):
        return [_ours(x) for x in o]
    if isinstance(o, dict) and "tensor" in o:
        return {"tensor": o["tensor"]}
    return o


@pytest.mark.parametrize("name", OPERATORS)
def test_calls_answer_as_pytorch(root: Path, name: str):
    cases = list(_cases(root, name))
    assert cases
    for label, op, args, kwargs, want in cases:
        if want is None:
            with pytest.raises(fake_tensor.FakeTensorError):
                fake_tensor.call(op, *args, **kwargs)
            continue
        got = fake_tensor.call(op, *args, **kwargs)
        assert got["op"] == op, label
        want = [_expected(o) for o in want]
        # The tensor fixtures leave out requires_grad; ours has none.
        assert [_ours(o) for o in got["outputs"]] == [_strip(w) for w in want], label


def _strip(o):
    if isinstance(o, list):
        return [_strip(x) for x in o]
    if isinstance(o, dict) and "tensor" in o:
        return {"tensor": {k: v for k, v in o["tensor"].items() if k != "requires_grad"}}
    return o


def test_symbolic_mm_has_pytorchs_sizes(root: Path):
    fixture = json.loads((root / "ops/tests/fixtures/ops/mm.json").read_text())
    case = next(c for c in fixture["symbolic"] if c["op"] == "aten::mm")
    args, hints = [], {}
    for inp in case["inputs"]:
        t = inp["value"]["tensor"]
        hints.update({s: h for s, h in zip(t["sizes"], t["hints"]) if isinstance(s, str)})
        args.append({"tensor": _tensor(t)})
    got = fake_tensor.call("aten::mm", *args, hints=hints)
    assert got["outputs"] == [{"tensor": _tensor(case["outputs"][0]["tensor"])}]
    assert [s["name"] for s in got["symbols"]] == sorted(hints)
    assert {s["name"]: s["hint"] for s in got["symbols"]} == hints
    # PyTorch guards that the inner sizes agree.
    assert len(got["guards"]) == len(case["guards"])
    assert all(set(re.findall(r"s\d+", g)) == {"s1", "s2"} for g in got["guards"])


def test_text_form_and_helper_agree():
    text = fake_tensor.call("aten::mm(f32[2,3], f32[3,4])")
    helper = fake_tensor.call(
        "aten::mm", fake_tensor.tensor("float32", [2, 3]), fake_tensor.tensor("float32", [3, 4])
    )
    assert text == helper
    assert helper["outputs"][0]["tensor"]["sizes"] == [2, 4]


def test_keyword_arguments_and_python_values():
    got = fake_tensor.call(
        "aten::sum", fake_tensor.tensor("float16", [4, "n"]), [1], keepdim=True, dtype={"dtype": "float32"},
        hints={"n": 5},
    )
    t = got["outputs"][0]["tensor"]
    assert t["sizes"] == [4, 1] and t["dtype"] == "float32"
    assert got["symbols"] == [{"name": "n", "hint": 5}]
    # A float argument that JSON cannot hold is passed as it is.
    got = fake_tensor.call("aten::clamp", fake_tensor.tensor("float32", [2]), min=float("-inf"))
    assert got["outputs"][0]["tensor"]["sizes"] == [2]


def test_views_name_their_argument():
    got = fake_tensor.call("aten::permute", fake_tensor.tensor("float32", [2, 3]), [1, 0])
    assert got["outputs"][0]["alias"] == "view of argument 0"


def test_refusals_and_bad_calls_raise():
    with pytest.raises(fake_tensor.FakeTensorError, match="expected 3, got 4"):
        fake_tensor.call("aten::mm(f32[2,3], f32[4,5])")
    with pytest.raises(fake_tensor.FakeTensorError, match="not a call"):
        fake_tensor.call("aten::mm(f32[2,3]")
    with pytest.raises(fake_tensor.FakeTensorError, match="not a dtype|known `dtype`"):
        fake_tensor.call("aten::relu", fake_tensor.tensor("float33", [2]))
    with pytest.raises(fake_tensor.FakeTensorError, match="cannot pass a object"):
        fake_tensor.call("aten::relu", object())
    with pytest.raises(fake_tensor.FakeTensorError, match="a hint is a size, not -2"):
        fake_tensor.call("aten::relu(f32[n])", hints={"n": -2})
    with pytest.raises(fake_tensor.FakeTensorError, match="nested too deeply"):
        deep = [1]
        for _ in range(40):
            deep = [deep]
        fake_tensor.call("aten::relu", deep)
