"""The torch path: an ExportedProgram taken directly, and torch's own
objects passed to `call`. Skipped when torch is not importable; the
README records its last result."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

import fake_tensor  # noqa: E402


class Tiny(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 3)

    def forward(self, x):
        return torch.relu(self.lin(x)).reshape(-1, 6).t()


@pytest.fixture(scope="module")
def exported():
    batch = torch.export.Dim("batch", min=2, max=64)
    return torch.export.export(
        Tiny(), (torch.randn(8, 4),), dynamic_shapes={"x": {0: 2 * batch}}
    )


def _pytorchs(v):
    return [int(s) if isinstance(s, int) or str(s).isdigit() else str(s) for s in v]


def test_from_exported_program_verifies(exported):
    program = fake_tensor.from_exported_program(exported)
    report = program.verify()
    print(
        f"torch {torch.__version__}: {report['nodes']} nodes, {report['match']} match, "
        f"{report['mismatch']} mismatch, {report['unsupported']} unsupported"
    )
    assert report["nodes"] == len([n for n in exported.graph.nodes if n.op == "call_function"])
    assert report["mismatch"] == 0 and report["unsupported"] == 0, report


def test_propagated_sizes_are_pytorchs(exported):
    result = fake_tensor.from_exported_program(exported).propagate()
    ours = {v["value"]: v["meta"] for v in result["values"] if v["meta"]}
    compared = 0
    for node in exported.graph.nodes:
        val = node.meta.get("val")
        if isinstance(val, torch.Tensor) and node.name in ours:
            assert ours[node.name]["sizes"] == _pytorchs(val.shape), node.name
            assert ours[node.name]["strides"] == _pytorchs(val.stride()), node.name
            assert ours[node.name]["dtype"] == str(val.dtype).removeprefix("torch.")
            compared += 1
    assert compared >= 4


def test_call_takes_torch_objects():
    x, w = torch.randn(2, 3), torch.randn(3, 4)
    got = fake_tensor.call("aten::mm", x, w)["outputs"][0]["tensor"]
    real = torch.mm(x, w)
    assert got["sizes"] == list(real.shape) and got["strides"] == list(real.stride())
    got = fake_tensor.call("aten::sum", x, [1], dtype=torch.float64)["outputs"][0]["tensor"]
    real = torch.sum(x, [1], dtype=torch.float64)
    assert got["sizes"] == list(real.shape) and got["dtype"] == "float64"
    t = x.t()
    got = fake_tensor.call("aten::contiguous", t, memory_format=torch.contiguous_format)
    assert got["outputs"][0]["tensor"]["strides"] == list(t.contiguous().stride())
