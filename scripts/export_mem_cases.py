"""Export the small programs `tests/mem.rs` checks `fake mem` against.

Run by hand from the repository root, in a virtualenv with torch==2.15.0:

    python scripts/export_mem_cases.py

Writes tests/fixtures/mem/<name>.json: the `models/model.json` entry
torch.export.save writes, without weights and per-node debugging metadata,
in the default export IR (which keeps in-place operators such as `add_`,
so in-place results and views can be checked to allocate nothing). Every
input has a dynamic first dimension `n`; `two_branches` has a second
symbol `m`.

Each program is built so that its peak is known by construction, in units
of one `[n, 128]` float32 activation; `tests/mem.rs` derives the expected
peak from the sizes (the comment of each class says how), never from
fake-tensor's output.
"""

import pathlib

import torch
from torch.export import Dim

from export_common import write_program

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "mem"


class Chain(torch.nn.Module):
    """x -> sin -> cos -> exp -> tanh, each result read only by the next.
    While a step runs, its input and its result are live: peak = x + 2."""

    def forward(self, x):
        return x.sin().cos().exp().tanh()


class Residual(torch.nn.Module):
    """a = relu(x) is read again three steps later, so it stays live across
    the branch: while c = sin(b) runs, a, b and c are live, and while
    d = c + a runs, a, c and d: peak = x + 3 (a chain would need 2)."""

    def forward(self, x):
        a = torch.relu(x)
        b = a * 2.0
        c = b.sin()
        d = c + a
        return d.cos()


class InplaceViews(torch.nn.Module):
    """One copy y of x, then only in-place ops and views of it: they
    allocate nothing. The float16 copy h is half a unit; while it is made,
    y and h are live: peak = x + 1 + 1/2 (after it y is dead, and the
    output, h summed over dim 1, is only n float16 values)."""

    def forward(self, x):
        y = x.clone()
        y.add_(1.0)
        v = y.view(-1, 64)
        v.mul_(2.0)
        t = y.t()
        t.relu_()
        w = y[:, :64]
        w.div_(3.0)
        h = y.half()
        return h.sum(1)


class OutputKept(torch.nn.Module):
    """`a` is an output: it is never freed although nothing reads it. The
    chain after it needs 2 units: peak = x + 1 (a) + 2."""

    def forward(self, x):
        a = x.sin()
        b = x.cos()
        c = b.exp()
        d = c.tanh()
        return a, d


class ZeroSize(torch.nn.Module):
    """z is [n, 0, 4] (contiguous strides [4, 4, 1], so the extent formula
    alone would give 4n - 4 elements): zero bytes, as y = z + 1. The only
    allocation is the output sin(x): peak = x + 1."""

    def forward(self, x):
        z = x.new_zeros(x.size(0), 0, 4)
        y = z + 1.0
        return x.sin(), y


class TwoBranches(torch.nn.Module):
    """x is [n, 128], y is [m, 128]: a = sin(x) and s, its sum (a 0-dim
    float32, 4 bytes); then b = cos(y) and t, its sum. While s is made, x,
    y, a and s are live; while t is made, x, y, s, b and t. Neither
    dominates over the ranges: peak = x + y + Max(a + 4, b + 8 bytes)."""

    def forward(self, x, y):
        s = x.sin().sum()
        t = y.cos().sum()
        return s + t


def cases():
    n = Dim("n", min=2, max=4096)
    m = Dim("m", min=2, max=4096)
    x = torch.randn(8, 128)
    yield "chain", Chain(), (x,), ({0: n},)
    yield "residual", Residual(), (x,), ({0: n},)
    yield "inplace_views", InplaceViews(), (x,), ({0: n},)
    yield "output_kept", OutputKept(), (x,), ({0: n},)
    yield "zero_size", ZeroSize(), (x,), ({0: n},)
    yield "two_branches", TwoBranches(), (x, torch.randn(6, 128)), ({0: n}, {0: m})


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, module, args, dyn in cases():
        module.eval()
        with torch.no_grad():
            ep = torch.export.export(module, args, dynamic_shapes=dyn)
        path = OUT / f"{name}.json"
        nodes = write_program(ep, path)
        print(f"{path.relative_to(ROOT)}: {nodes} nodes, {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
