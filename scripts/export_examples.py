"""Export example programs with torch.export, as the serialized JSON program.

Run by hand from the repository root, with torch==2.15, torchvision and
transformers installed:

    python scripts/export_examples.py

Writes, under examples/:

- resnet18.json, resnet18_core.json: torchvision's resnet18 (random
  weights), dynamic batch; the default export IR and the Core ATen IR
  (after run_decompositions()).
- gpt2.json, gpt2_core.json: a tiny random GPT-2 (transformers), dynamic
  batch and sequence length.
- mobilenet_hw.json, mobilenet_hw_core.json: torchvision's
  mobilenet_v3_small (random weights), dynamic batch, height and width (a
  CNN whose guards narrow the spatial symbols' ranges as it runs).

and tests/fixtures/mlp.pt2, a tiny MLP saved with torch.export.save (a real
archive, weights included), for the archive reader's tests, and
tests/fixtures/srepr.json: sympy srepr strings of the functions torch writes
in symbolic sizes, each with its value under a few assignments of the
symbols, evaluated by sympy.

Each JSON file is the `models/model.json` entry torch.export.save writes,
without weights (they live in other entries of the archive) and without the
per-node debugging metadata (stack traces, module stacks), so the files stay
small. The recorded metadata (sizes, strides, dtypes, devices of every value)
is PyTorch's answer: `fake verify` compares against it.
"""

import json
import pathlib

import torch
from torch.export import Dim

from export_common import program_json

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
FIXTURES = ROOT / "tests" / "fixtures"


def write_json(ep: torch.export.ExportedProgram, name: str) -> None:
    program = program_json(ep)
    path = EXAMPLES / f"{name}.json"
    with open(path, "w") as f:
        json.dump(program, f, indent=1, sort_keys=False)
        f.write("\n")
    nodes = len(program["graph_module"]["graph"]["nodes"])
    print(f"{path.relative_to(ROOT)}: {nodes} nodes, {path.stat().st_size} bytes")


def export_both(model: torch.nn.Module, args, kwargs, dynamic_shapes, name: str) -> None:
    model.eval()
    with torch.no_grad():
        ep = torch.export.export(model, args, kwargs=kwargs, dynamic_shapes=dynamic_shapes)
    write_json(ep, name)
    write_json(ep.run_decompositions(), f"{name}_core")


def resnet18() -> None:
    import torchvision

    torch.manual_seed(0)
    model = torchvision.models.resnet18(weights=None)
    x = torch.randn(4, 3, 224, 224)
    batch = Dim("batch", min=1, max=1024)
    export_both(model, (x,), None, {"x": {0: batch}}, "resnet18")


def mobilenet_hw() -> None:
    import torchvision

    torch.manual_seed(0)
    model = torchvision.models.mobilenet_v3_small(weights=None)
    x = torch.randn(2, 3, 96, 128)
    batch = Dim("batch", min=1, max=1024)
    spatial = {0: batch, 2: Dim.AUTO, 3: Dim.AUTO}
    export_both(model, (x,), None, {"x": spatial}, "mobilenet_hw")


class GPT2Logits(torch.nn.Module):
    """GPT-2 returning its logits as a plain tensor."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids):
        return self.model(input_ids=input_ids, use_cache=False, return_dict=False)[0]


def gpt2() -> None:
    from transformers import GPT2Config, GPT2LMHeadModel

    torch.manual_seed(0)
    config = GPT2Config(
        vocab_size=256,
        n_positions=128,
        n_embd=64,
        n_layer=2,
        n_head=4,
        bos_token_id=0,
        eos_token_id=0,
        use_cache=False,
        attn_implementation="eager",
    )
    model = GPT2Logits(GPT2LMHeadModel(config))
    input_ids = torch.randint(0, config.vocab_size, (3, 17))
    batch = Dim("batch", min=1, max=64)
    seq = Dim("seq", min=2, max=config.n_positions)
    export_both(model, (input_ids,), None, {"input_ids": {0: batch, 1: seq}}, "gpt2")


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(4, 8)
        self.fc2 = torch.nn.Linear(8, 2)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def mlp_archive() -> None:
    torch.manual_seed(0)
    model = MLP().eval()
    x = torch.randn(3, 4)
    ep = torch.export.export(model, (x,), dynamic_shapes={"x": {0: Dim("batch", min=1, max=64)}})
    FIXTURES.mkdir(parents=True, exist_ok=True)
    path = FIXTURES / "mlp.pt2"
    torch.export.save(ep, str(path))
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes")


def srepr_cases() -> None:
    import sympy
    from torch.utils._sympy.functions import (
        CeilToInt,
        CleanDiv,
        FloatTrueDiv,
        FloorDiv,
        FloorToInt,
        Identity,
        IntTrueDiv,
        Max,
        Min,
        Mod,
        ModularIndexing,
        PowByNatural,
        PythonMod,
        ToFloat,
        TruncToInt,
    )

    s0 = sympy.Symbol("s0", positive=True, integer=True)
    s1 = sympy.Symbol("s1", positive=True, integer=True)
    exprs = [
        s0 + 2 * s1 - 7,
        s0**2 + 3 * s0 * s1,
        FloorDiv(s0 + 3, 2),
        -FloorDiv(-s0, 4),
        FloorDiv(s0 * s1, s1 + 1),
        Mod(s0, 3),
        PythonMod(s0 + s1, 5),
        ModularIndexing(s0, 2, 3),
        Max(s0, s1),
        Min(s0, 2 * s1),
        Max(1, s0 - s1),
        CeilToInt(IntTrueDiv(s0, 3)),
        FloorToInt(IntTrueDiv(s0 * 7, 4)),
        TruncToInt(FloatTrueDiv(ToFloat(s0), 3.0)),
        TruncToInt(0.29 * ToFloat(s0)),
        TruncToInt(2.0 * ToFloat(s1)),
        TruncToInt(-1.0 * ToFloat(s0)),
        # How sympy writes floats: 15 digits, fixed from 1e-4 to 1e14.
        *(TruncToInt(c * ToFloat(s0)) for c in (1e-20, 123456.789, 2.5e15, 1e14, 123456789012345.6, 0.0001,
                                                 0.00001, -0.25, 1.05, 2 / 3)),
        TruncToInt((1 / 3) * ToFloat(s0 + s1)),
        CeilToInt(FloatTrueDiv(ToFloat(s0), 2.5)),
        CleanDiv(s0 * 4, 2),
        PowByNatural(s0, 3),
        Identity(s0 + 1),
        sympy.Eq(s0, s1),
        sympy.Ne(s0, 3),
        sympy.Lt(s0, s1),
        sympy.Ge(s0 + s1, 9),
        sympy.And(sympy.Gt(s0, 2), sympy.Le(s1, 10)),
        sympy.Or(sympy.Eq(s0, 2), sympy.Ne(s1, 2)),
        sympy.Not(sympy.Eq(s0, s1)),
    ]
    assignments = [{"s0": 6, "s1": 4}, {"s0": 2, "s1": 9}, {"s0": 17, "s1": 17}, {"s0": 100, "s1": 5}]
    cases = []
    for e in exprs:
        values = []
        for a in assignments:
            v = e.subs({s0: a["s0"], s1: a["s1"]})
            if v in (sympy.true, sympy.false):
                values.append(bool(v))
            else:
                values.append(int(v))
        cases.append({"srepr": sympy.srepr(e), "printed": str(e), "values": values})
    path = FIXTURES / "srepr.json"
    with open(path, "w") as f:
        json.dump({"assignments": assignments, "cases": cases}, f, indent=1)
        f.write("\n")
    print(f"{path.relative_to(ROOT)}: {len(cases)} expressions")


if __name__ == "__main__":
    EXAMPLES.mkdir(exist_ok=True)
    srepr_cases()
    mlp_archive()
    resnet18()
    gpt2()
    mobilenet_hw()
