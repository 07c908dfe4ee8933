"""Random calls of every declared aten operator, run in PyTorch's
FakeTensorMode and in `fake call --jsonl`, and compared: a search for
inputs no written case tried (odd ranks, empty and one-element dims,
strided layouts, other dtypes, dims out of range, misplaced numbers).

Run by hand from the repository root with torch 2.15 installed, after
`cargo build --release`:

    python scripts/sweep_random_calls.py DIR [--seed N] [--per-op K] [--dispatcher] [NAME...]

For each overload `fake rules` lists (those named, when NAME... is given:
an overload or a base name), K calls (default 20) whose arguments are drawn
from the overload's schema with a generator seeded by N and the
overload's name: tensors mostly of one shape per call (rank 0 to 4, sizes
0 to 5), sometimes of another shape, dtype or strides (on the CPU, a few
on `meta`); dims within one of the shape's rank; lists of ints of the
shape's length or short; numbers, flags, dtypes, memory formats and
strings an operator reads. Each call runs in a `FakeTensorMode` with a
ShapeEnv (so data-dependent results get unbacked sizes, as `fake call`'s
do), under the Python dispatcher with `--dispatcher` (`fake call
--python-dispatcher`), limited to 5 seconds.

Compared: whether each side accepts the call, and for a call both
accept, every tensor result's sizes, strides, storage offset, dtype and
device (unbacked symbols renamed in order of appearance). The
disagreements are printed and written to `DIR/disagreements.jsonl`, one
line each with the call in the JSON form of `fake call --jsonl`;
`DIR/progress.txt` makes a run started again skip what was done and
what crashed PyTorch. Nothing here is a test: each disagreement fixed
gets a written case in the family's `op_cases_<family>.py`.
"""

import json
import logging
import pathlib
import random
import re
import subprocess
import sys
import warnings

import torch
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.symbolic_shapes import ShapeEnv

from sweep_opinfo import call_value
from sweep_progress import Progress, Timeout

ROOT = pathlib.Path(__file__).resolve().parent.parent
FAKE = ROOT / "target" / "release" / "fake"

warnings.filterwarnings("ignore")
logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)

DTYPES = [torch.float32] * 5 + [torch.int64, torch.bool, torch.float16, torch.complex64,
                                 torch.float64, torch.int32, torch.uint8, torch.bfloat16]
STRINGS = ["mean", "sum", "none", "floor", "trunc", "constant", "reflect", "replicate",
           "circular", "reduced", "complete", "r", "L", "U", "fro", "nuc", "ortho", "forward",
           "backward", "linear", "nearest", "bilinear", "bicubic", "zeros", "border",
           "reflection", "max", "min", "tanh", "amax", "prod", "gelsy", "right", "left", ""]
MEMORY_FORMATS = [torch.contiguous_format, torch.channels_last, torch.preserve_format,
                  torch.channels_last_3d]


def declared():
    """The aten overloads `fake rules` lists."""
    text = subprocess.run([FAKE, "rules"], capture_output=True, text=True, check=True).stdout
    return [m.group(1) for m in re.finditer(r"^  (aten::\S+)", text, re.M)]


def aten_overload(name):
    base, _, overload = name.removeprefix("aten::").partition(".")
    return getattr(getattr(torch.ops.aten, base), overload or "default")


class Draw:
    """One call's arguments, drawn from the schema."""

    def __init__(self, rng):
        self.rng = rng
        self.shape = [self.size() for _ in range(rng.randrange(5))]
        self.dtype = rng.choice(DTYPES)

    def size(self):
        return self.rng.choice([0, 1, 2, 2, 3, 3, 4, 5])

    def tensor(self):
        r = self.rng
        shape = list(self.shape) if r.random() < 0.7 else [self.size() for _ in range(r.randrange(5))]
        dtype = self.dtype if r.random() < 0.8 else r.choice(DTYPES)
        strides = None
        if r.random() < 0.15:
            strides = [r.choice([0, 1, 2, 3, 6, 12]) for _ in shape]
        device = "meta" if r.random() < 0.05 else "cpu"
        return ("tensor", shape, strides, dtype, device)

    def int(self, name):
        r = self.rng
        rank = max(len(self.shape), 1)
        if "dim" in name:
            return r.randrange(-rank - 1, rank + 1)
        return r.choice([0, 1, 2, 3, -1, 4, 5])

    def ints(self, name, fixed):
        r = self.rng
        if fixed is not None and r.random() < 0.7:
            return [self.int(name) for _ in range(fixed)]
        if r.random() < 0.4:
            return list(self.shape)
        if "dim" in name and r.random() < 0.5:
            dims = list(range(len(self.shape)))
            r.shuffle(dims)
            return dims[: r.randrange(len(dims) + 1)]
        return [self.int(name) for _ in range(r.randrange(4))]

    def scalar(self):
        return self.rng.choice([0, 1, 2, -1, 0.5, 2.5, True, False])

    def value(self, arg):
        """A value for schema argument `arg`, or `SKIP` to leave it out."""
        r = self.rng
        ty = str(arg.real_type)
        optional = ty.startswith("Optional[")
        if optional:
            ty = ty[len("Optional["):-1]
            if r.random() < 0.3:
                return None
        if arg.has_default_value() and r.random() < 0.3:
            return SKIP
        fixed = arg.N if getattr(arg, "N", None) else None
        if ty == "Tensor":
            return self.tensor()
        if ty == "List[Tensor]":
            return [self.tensor() for _ in range(r.randrange(1, 4))]
        if ty == "List[Optional[Tensor]]":
            return [None if r.random() < 0.3 else self.tensor() for _ in range(r.randrange(1, 3))]
        if ty in ("int", "SymInt"):
            return self.int(arg.name)
        if ty in ("List[int]", "List[SymInt]"):
            return self.ints(arg.name, fixed)
        if ty == "float":
            return r.choice([0.0, 0.5, 1.0, 2.0, -1.0, 1e-5])
        if ty == "List[float]":
            return [r.choice([0.5, 1.0, 2.0, 1.5]) for _ in range(fixed or r.randrange(4))]
        if ty in ("bool", "SymBool"):
            return r.random() < 0.5
        if ty == "List[bool]":
            return [r.random() < 0.5 for _ in range(fixed or r.randrange(1, 4))]
        if ty in ("number", "Scalar"):
            return self.scalar()
        if ty == "str":
            return r.choice(STRINGS)
        if ty == "ScalarType":
            return r.choice(DTYPES)
        if ty == "MemoryFormat":
            return r.choice(MEMORY_FORMATS)
        if ty == "Layout":
            return torch.strided
        if ty == "Device":
            return torch.device(r.choice(["cpu", "cpu", "meta"]))
        return None


SKIP = object()


def draw_call(op, rng):
    """`(args, kwargs)` of one call, tensors as descriptions."""
    d = Draw(rng)
    args, kwargs = [], {}
    for arg in op._schema.arguments:
        v = d.value(arg)
        if v is SKIP:
            continue
        if arg.kwarg_only or kwargs:
            kwargs[arg.name] = v
        else:
            args.append(v)
    return args, kwargs


def materialize(x):
    """A description's fake tensor (in the active mode), recursively."""
    if isinstance(x, tuple) and x and x[0] == "tensor":
        _, shape, strides, dtype, device = x
        if strides is None:
            return torch.empty(shape, dtype=dtype, device=device)
        return torch.empty_strided(shape, strides, dtype=dtype, device=device)
    if isinstance(x, list):
        return [materialize(v) for v in x]
    return x


def describe(x):
    """The JSON form of `fake call --jsonl` of a description."""
    if isinstance(x, tuple) and x and x[0] == "tensor":
        _, shape, strides, dtype, device = x
        t = {"dtype": str(dtype).removeprefix("torch."), "sizes": shape, "device": device}
        if strides is not None:
            t["strides"] = strides
        return {"tensor": t}
    if isinstance(x, list):
        return [describe(v) for v in x]
    return call_value(x)


def results(out):
    """PyTorch's results as comparable records (tensors only)."""
    flat = out if isinstance(out, (list, tuple)) else [out]
    recs = []
    for t in flat:
        if isinstance(t, (list, tuple)):
            recs.extend(results(t))
        elif isinstance(t, torch.Tensor):
            recs.append({"sizes": [str(s) for s in t.shape], "strides": [str(s) for s in t.stride()],
                         "storage_offset": str(t.storage_offset()),
                         "dtype": str(t.dtype).removeprefix("torch."), "device": str(t.device)})
    return recs


def ours(entry):
    """Our results of `fake call --jsonl`'s answer, as `results` makes them."""
    recs = []

    def walk(v):
        if isinstance(v, dict) and "tensor" in v:
            t = v["tensor"]
            recs.append({"sizes": [str(s) for s in t["sizes"]], "strides": [str(s) for s in t["strides"]],
                         "storage_offset": str(t["storage_offset"]), "dtype": t["dtype"],
                         "device": t["device"]})
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(entry["ok"])
    return recs


def renamed(recs):
    """`recs` with unbacked symbols renamed u0, u1, ... in order of appearance."""
    names = {}

    def sub(m):
        return names.setdefault(m.group(0), f"u{len(names)}")

    return json.loads(re.sub(r"u\d+", sub, json.dumps(recs)))


def pytorch(op, args, kwargs, dispatcher):
    mode = FakeTensorMode(shape_env=ShapeEnv())
    with mode:
        a, k = materialize(args), {n: materialize(v) for n, v in kwargs.items()}
        if dispatcher:
            from torch._dispatch.python import enable_python_dispatcher

            with enable_python_dispatcher():
                return results(op(*a, **k))
        return results(op(*a, **k))


def main():
    argv = sys.argv[1:]
    seed, per_op, dispatcher, names = 1, 20, False, []
    while argv:
        a = argv.pop(0)
        if a == "--seed":
            seed = int(argv.pop(0))
        elif a == "--per-op":
            per_op = int(argv.pop(0))
        elif a == "--dispatcher":
            dispatcher = True
        else:
            names.append(a)
    if not names:
        sys.exit(__doc__)
    out = pathlib.Path(names.pop(0))
    progress = Progress(out)
    ops = [n for n in declared()
           if not names or n in names or n.removeprefix("aten::").split(".")[0] in names]
    disagreements = 0
    for name in ops:
        key = f"{name}|{seed}|{per_op}|{dispatcher}"
        # Done, or crashed PyTorch at one of its calls.
        if key in progress.skip or any(s.startswith(key + "|") for s in progress.skip):
            continue
        try:
            op = aten_overload(name)
        except AttributeError:
            continue
        rng = random.Random(f"{seed}:{name}")
        calls, answers = [], []
        for i in range(per_op):
            args, kwargs = draw_call(op, rng)
            try:
                answer = progress.run(f"{key}|{i}", 5, lambda: pytorch(op, args, kwargs, dispatcher))
                answer = {"ok": renamed(answer)}
            except Timeout:
                continue
            except Exception as e:  # noqa: BLE001 - the refusal is the answer
                answer = {"error": f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"}
            calls.append({"op": name, "args": [describe(v) for v in args],
                          "kwargs": {n: describe(v) for n, v in kwargs.items()}})
            answers.append(answer)
        flags = ["--python-dispatcher"] if dispatcher else []
        text = "\n".join(json.dumps(c) for c in calls) + "\n"
        run = subprocess.run([FAKE, "call", *flags, "--jsonl", "-"], input=text,
                             capture_output=True, text=True)
        lines = run.stdout.splitlines()
        for call, theirs, line in zip(calls, answers, lines):
            mine = json.loads(line)
            if "ok" in mine:
                mine_ok = renamed(ours(mine))
                if "ok" in theirs and mine_ok == theirs["ok"]:
                    continue
                what = "accepted by us only" if "error" in theirs else "results differ"
            elif "ok" in theirs:
                what = "refused by us only"
            else:
                continue
            disagreements += 1
            record = {"what": what, "call": call, "pytorch": theirs, "ours": mine}
            print(json.dumps(record), flush=True)
            with open(out / "disagreements.jsonl", "a") as f:
                f.write(json.dumps(record) + "\n")
        if len(lines) != len(calls):
            print(f"{name}: fake call answered {len(lines)} of {len(calls)} lines: {run.stderr[-300:]}")
        progress.note("SKIP " + key)
    print(f"{disagreements} disagreements", flush=True)


if __name__ == "__main__":
    main()
