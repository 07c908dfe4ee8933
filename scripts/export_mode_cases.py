"""Export PyTorch's FakeTensorMode behaviour as a conformance fixture.

Run by hand from the repository root, in a virtualenv with torch==2.15.0:

    python scripts/export_mode_cases.py

Writes fake-runtime/tests/fixtures/mode_cases.json with PyTorch's answers for:

- memo: real tensors (bases and tensors sharing a base's storage with other
  sizes, strides and offsets) converted by `FakeTensorMode.from_tensor`, with a
  per-dim policy; for every conversion which fake tensor came back (identity),
  which fake storage it sits on, and its sizes, strides and offset (symbols
  renamed by first appearance, so PyTorch's hashed names do not matter);
- devices: `aten::add.Tensor` on tensors of two devices: the output device, or
  the two devices of the mismatch error, in PyTorch's order;
- inputs: real tensors and tensors of another mode as inputs, with and without
  `allow_non_fake_inputs`;
- sequences of operator calls (in-place metadata changes and version bumps,
  `out=` variants, `nonzero` / `item` and their unbacked symbols, factory
  defaults, `_to_copy`, reshape's view or copy, constant propagation) with
  the metadata of every result, whether it is a constant (and its value),
  and `cache_info()` after every call for the dispatch-cache sequence.

Operator arguments are written in schema order as the Rust tests pass them:
{"t": name} a tensor, {"int": n}, {"ints": [...]}, {"scalar": x}, {"float": x},
{"bool": b}, {"dtype": "float32"}, {"device": "cuda:0"}, {"layout": "strided"},
{"memory_format": "contiguous_format"}, null for None.
"""

import contextlib
import json
import pathlib
import re

import torch
from torch._dispatch.python import enable_python_dispatcher
from torch._dynamo.source import LocalSource
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.symbolic_shapes import (
    DimDynamic,
    ShapeEnv,
    StatelessSymbolicContext,
)
from torch.multiprocessing.reductions import StorageWeakRef

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "fake-runtime" / "tests" / "fixtures" / "mode_cases.json"

DYN = {"duck": DimDynamic.DUCK, "dynamic": DimDynamic.DYNAMIC, "static": DimDynamic.STATIC}
DTYPES = {
    torch.float32: "float32",
    torch.float64: "float64",
    torch.float16: "float16",
    torch.bfloat16: "bfloat16",
    torch.int64: "int64",
    torch.int32: "int32",
    torch.bool: "bool",
}
DTYPE_OF = {v: k for k, v in DTYPES.items()}


class Names:
    """Renames PyTorch's symbols (s77, u3) by first appearance: s0, s1, u0."""

    def __init__(self):
        self.map = {}

    def sym(self, name):
        if name not in self.map:
            kind = name[0]
            n = sum(1 for v in self.map.values() if v[0] == kind)
            self.map[name] = f"{kind}{n}"
        return self.map[name]

    def expr(self, v):
        text = str(v)
        if re.fullmatch(r"-?\d+", text):
            return text
        # Products of symbols only (what conversions and these kernels make);
        # factors are sorted so the printing order does not matter.
        factors = text.split("*")
        if all(re.fullmatch(r"[su]\d+|\d+", f) for f in factors):
            renamed = [self.sym(f) if f[0] in "su" else f for f in factors]
            nums = [f for f in renamed if f[0] not in "su"]
            syms = sorted(f for f in renamed if f[0] in "su")
            return "*".join(nums + syms)
        return re.sub(r"[su]\d+", lambda m: self.sym(m.group(0)), text)


class Ids:
    """Small integers for Python object identities, in order of appearance."""

    def __init__(self):
        self.map = {}

    def __call__(self, key):
        if key not in self.map:
            self.map[key] = len(self.map)
        return self.map[key]


def bound(v):
    """A range end as an int, or None when infinite."""
    try:
        return int(v) if v.is_finite else None
    except (TypeError, AttributeError):
        return None


def meta(t, names):
    return {
        "sizes": [names.expr(s) for s in t.shape],
        "strides": [names.expr(s) for s in t.stride()],
        "offset": names.expr(t.storage_offset()),
        "dtype": DTYPES[t.dtype],
        "device": str(t.device),
        "requires_grad": t.requires_grad,
        "is_leaf": t.is_leaf,
    }


# ---------------------------------------------------------------- memo -----

MEMO_SCENARIOS = [
    {
        "name": "static: identity, views of one storage, another storage",
        "reals": [
            {"name": "w", "base": None, "sizes": [4, 3], "strides": [3, 1], "offset": 0},
            {"name": "wt", "base": "w", "sizes": [3, 4], "strides": [1, 3], "offset": 0},
            {"name": "w1", "base": "w", "sizes": [3, 3], "strides": [3, 1], "offset": 3},
            {"name": "o", "base": None, "sizes": [4, 3], "strides": [3, 1], "offset": 0},
        ],
        "convert": [
            {"real": "w", "dynamic": None},
            {"real": "w", "dynamic": None},
            {"real": "wt", "dynamic": None},
            {"real": "w1", "dynamic": None},
            {"real": "o", "dynamic": None},
            {"real": "wt", "dynamic": None},
        ],
    },
    {
        "name": "symbolic: duck sizes, inferred strides, offsets",
        "reals": [
            {"name": "x", "base": None, "sizes": [8, 3, 5], "strides": [15, 5, 1], "offset": 0},
            {"name": "xt", "base": "x", "sizes": [3, 5, 7], "strides": [1, 3, 15], "offset": 5},
            {"name": "y", "base": None, "sizes": [8, 5], "strides": [5, 1], "offset": 0},
            {"name": "z", "base": None, "sizes": [6, 1, 4], "strides": [4, 4, 1], "offset": 0},
            {"name": "p", "base": None, "sizes": [4, 6], "strides": [1, 4], "offset": 0},
        ],
        "convert": [
            {"real": "x", "dynamic": ["duck", "static", "duck"]},
            {"real": "xt", "dynamic": ["duck", "duck", "duck"]},
            {"real": "y", "dynamic": ["duck", "duck"]},
            {"real": "z", "dynamic": ["duck", "duck", "duck"]},
            {"real": "p", "dynamic": ["dynamic", "dynamic"]},
            {"real": "x", "dynamic": ["duck", "duck", "duck"]},
        ],
    },
]


def make_reals(spec):
    reals = {}
    for r in spec["reals"]:
        if r["base"] is None:
            reals[r["name"]] = torch.zeros(r["sizes"])
        else:
            base = reals[r["base"]]
            # Same storage, no autograd base: tied weights, safetensors views.
            reals[r["name"]] = torch.empty(0).set_(
                base.untyped_storage(), r["offset"], r["sizes"], r["strides"]
            )
    return reals


def memo_case(spec):
    env = ShapeEnv()
    mode = FakeTensorMode(shape_env=env)
    reals = make_reals(spec)
    names, fakes, storages = Names(), Ids(), Ids()
    out = []
    alive = []  # identities are compared by id(): keep every fake alive
    for c in spec["convert"]:
        real = reals[c["real"]]
        if c["dynamic"] is None:
            ctx = StatelessSymbolicContext(dynamic_sizes=[DimDynamic.STATIC] * real.dim())
        else:
            ctx = StatelessSymbolicContext(dynamic_sizes=[DYN[d] for d in c["dynamic"]])
        f = mode.from_tensor(real, source=LocalSource(c["real"]), symbolic_context=ctx)
        alive.append(f)
        out.append(
            {
                "fake": fakes(id(f)),
                "storage": storages(StorageWeakRef(f.untyped_storage())),
                **meta(f, names),
            }
        )
    ranges = {
        names.sym(str(s)): [bound(r.lower), bound(r.upper)]
        for s, r in env.var_to_range.items()
        if str(s) in names.map
    }
    return {**spec, "results": out, "ranges": ranges}


# -------------------------------------------------------------- devices -----

DEVICE_CASES = [
    ([2, 3], "cpu", [2, 3], "cuda:0"),
    ([2, 3], "cuda:0", [2, 3], "cpu"),
    ([], "cpu", [2, 3], "cuda:0"),
    ([2, 3], "cuda:0", [], "cpu"),
    ([], "cpu", [], "cuda:0"),
    ([], "cuda:0", [], "cpu"),
    ([], "cuda:0", [2, 3], "cpu"),
    ([2, 3], "cpu", [], "cuda:0"),
    ([2, 3], "cuda:0", [2, 3], "cuda:1"),
    ([], "cpu", [], "cpu"),
    ([2, 3], "meta", [], "cpu"),
    ([2, 3], "cuda:0", [], "meta"),
]


def device_cases():
    out = []
    for sa, da, sb, db in DEVICE_CASES:
        mode = FakeTensorMode(shape_env=ShapeEnv())
        with mode:
            a = torch.empty(sa, device=da)
            b = torch.empty(sb, device=db)
            case = {"a": {"sizes": sa, "device": da}, "b": {"sizes": sb, "device": db}}
            try:
                c = torch.ops.aten.add.Tensor(a, b)
                case["device"] = str(c.device)
                case["sizes"] = list(c.shape)
            except Exception as e:  # noqa: BLE001 - we record which error
                m = re.search(r"found at least two devices, (\S+) and (\S+?)!", str(e))
                if m is None:
                    raise
                case["error"] = {"type": type(e).__name__, "devices": [m.group(1), m.group(2)]}
        out.append(case)
    return out


# --------------------------------------------------------------- inputs -----


def input_cases():
    """Real tensors and tensors of another mode as operator inputs."""
    out = {}
    m = FakeTensorMode(shape_env=ShapeEnv())
    real = torch.zeros(2)
    with m:
        a = torch.empty(2)
        try:
            torch.ops.aten.add.Tensor(a, real)
            out["real_refused"] = False
        except AssertionError as e:
            out["real_refused"] = "allow_non_fake_inputs" in str(e)
    other = FakeTensorMode(shape_env=ShapeEnv())
    with other:
        b = torch.empty(2)
    with m:
        try:
            torch.ops.aten.add.Tensor(a, b)
            out["foreign_refused"] = False
        except AssertionError as e:
            out["foreign_refused"] = "Mixing fake modes" in str(e)
    allow = FakeTensorMode(shape_env=ShapeEnv(), allow_non_fake_inputs=True)
    names = Names()
    with allow:
        a = torch.empty(4, 5)
    FakeTensorMode.cache_clear()
    r = torch.zeros(4, 5)
    with allow:
        c1 = torch.ops.aten.add.Tensor(a, r)
        c2 = torch.ops.aten.add.Tensor(r, a)
    info = FakeTensorMode.cache_info()
    out["allowed"] = {
        "sizes": [4, 5],
        "result": meta(c1, names),
        "result2": meta(c2, names),
        "bypasses": dict(info.bypasses),
        "hits": info.hits,
        "misses": info.misses,
    }
    return out


# ------------------------------------------------------------ sequences -----


def arg_value(a, tensors):
    if a is None:
        return None
    (k, v), = a.items()
    if k == "t":
        return tensors[v]
    if k == "ts":
        return [tensors[n] for n in v]
    if k == "dtype":
        return DTYPE_OF[v]
    if k == "device":
        return torch.device(v)
    if k == "layout":
        return {"strided": torch.strided}[v]
    if k == "memory_format":
        return {"contiguous_format": torch.contiguous_format}[v]
    return v


def T(name):
    return {"t": name}


def TS(*names):
    """A `Tensor[]` argument of the named tensors."""
    return {"ts": list(names)}


def scalar(v):
    return {"scalar": v}


def ints(v):
    return {"ints": v}


# Each input: name -> (sizes, dtype, device, constant). A constant input is
# made by `torch.tensor(value)` under the mode (a lifted constant).
SEQUENCES = [
    {
        "name": "in-place metadata changes and version bumps",
        "inputs": {"x": ([3, 4], "float32", "cpu", None), "y": ([4], "float32", "cpu", None)},
        "steps": [
            {"op": "aten::view", "args": [T("x"), ints([12])], "out": "v"},
            {"op": "aten::t_", "args": [T("x")], "out": "x1"},
            {"op": "aten::unsqueeze_", "args": [T("x"), {"int": 0}], "out": "x2"},
            {"op": "aten::t_", "args": [T("y")], "out": "y1"},
            {"op": "aten::add_.Tensor", "args": [T("v"), T("v"), scalar(1)], "out": "v1"},
            {"op": "aten::resize_", "args": [T("x"), ints([5, 2]), None], "out": "x3"},
            {"op": "aten::add.Tensor", "args": [T("x"), T("x"), scalar(1)], "out": "z"},
        ],
        "watch": ["x", "v", "y"],
    },
    {
        "name": "reshape: a view when the strides allow, else a copy of its own",
        # Operator semantics, replayed with the generated kernels only.
        "operators": True,
        "inputs": {"x": ([3, 4], "float32", "cpu", None)},
        "steps": [
            {"op": "aten::t", "args": [T("x")], "out": "xt"},
            {"op": "aten::reshape", "args": [T("x"), ints([2, 6])], "out": "v"},
            {"op": "aten::reshape", "args": [T("xt"), ints([12])], "out": "c"},
            {"op": "aten::add_.Tensor", "args": [T("c"), T("c"), scalar(1)], "out": "c1"},
            {"op": "aten::flatten.using_ints", "args": [T("xt"), {"int": 0}, {"int": 1}], "out": "f"},
            {"op": "aten::flatten.using_ints", "args": [T("x"), {"int": 1}, {"int": 1}], "out": "s"},
        ],
        "watch": ["x"],
    },
    {
        "name": "out= variants write into the given tensor",
        "inputs": {
            "a": ([2, 3], "float32", "cpu", None),
            "b": ([3], "float32", "cpu", None),
            "o": ([0], "float32", "cpu", None),
        },
        "steps": [
            {"op": "aten::add.out", "args": [T("a"), T("b"), scalar(1), T("o")], "out": "r"},
            {"op": "aten::add.out", "args": [T("a"), T("b"), scalar(1), T("o")], "out": "r2"},
        ],
        "watch": ["o", "a"],
    },
    {
        "name": "nonzero and item: unbacked symbols, reused until mutated",
        "inputs": {
            "x": ([3, 4], "float32", "cpu", None),
            "y": ([4], "float32", "cpu", None),
            "e": ([0, 4], "float32", "cpu", None),
            "i": ([], "int64", "cpu", None),
            "k": ([], "float32", "cpu", 2.5),
            "n": ([], "int64", "cpu", 7),
        },
        "steps": [
            {"op": "aten::nonzero", "args": [T("x")], "out": "n1"},
            {"op": "aten::nonzero", "args": [T("x")], "out": "n2"},
            {"op": "aten::add_.Tensor", "args": [T("x"), T("y"), scalar(1)], "out": "x1"},
            {"op": "aten::nonzero", "args": [T("x")], "out": "n3"},
            {"op": "aten::nonzero", "args": [T("x")], "out": "n4"},
            {"op": "aten::nonzero", "args": [T("e")], "out": "n5"},
            {"op": "aten::_local_scalar_dense", "args": [T("i")], "out": "s1"},
            {"op": "aten::_local_scalar_dense", "args": [T("i")], "out": "s2"},
            {"op": "aten::add_.Tensor", "args": [T("i"), T("i"), scalar(1)], "out": "i1"},
            {"op": "aten::_local_scalar_dense", "args": [T("i")], "out": "s3"},
            {"op": "aten::_local_scalar_dense", "args": [T("k")], "out": "s4"},
            {"op": "aten::_local_scalar_dense", "args": [T("n")], "out": "s5"},
        ],
        "watch": [],
    },
    {
        "name": "a foreach operator writes its list in place but moves no version: memos hold",
        "operators": True,
        "inputs": {
            "x": ([3, 4], "float32", "cpu", None),
            "z": ([2], "float32", "cpu", None),
            "y": ([4], "float32", "cpu", None),
            "w": ([2], "float32", "cpu", None),
        },
        "steps": [
            {"op": "aten::nonzero", "args": [T("x")], "out": "n1"},
            {"op": "aten::nonzero", "args": [T("z")], "out": "m1"},
            {"op": "aten::_foreach_add_.List", "args": [TS("x", "z"), TS("y", "w"), scalar(1)], "out": "f1"},
            {"op": "aten::nonzero", "args": [T("x")], "out": "n2"},
            {"op": "aten::nonzero", "args": [T("z")], "out": "m2"},
            {"op": "aten::_foreach_mul_.Scalar", "args": [TS("z"), scalar(2)], "out": "f2"},
            {"op": "aten::nonzero", "args": [T("x")], "out": "n3"},
            {"op": "aten::nonzero", "args": [T("z")], "out": "m3"},
        ],
        "watch": ["x", "z"],
    },
    {
        "name": "constants run for real: eager layouts, propagated and forgotten",
        # As export traces: under the Python dispatcher, whose fake `expand`
        # is the reference's.
        "operators": True,
        "python_dispatcher": True,
        "inputs": {
            "k": ([], "float32", "cpu", 2.5),
            "n": ([], "int64", "cpu", 7),
            "x": ([3], "float32", "cpu", None),
        },
        "steps": [
            {"op": "aten::expand", "args": [T("k"), ints([1, 1])], "out": "e1"},
            {"op": "aten::_local_scalar_dense", "args": [T("e1")], "out": "s1"},
            {"op": "aten::mul.Tensor", "args": [T("n"), T("n")], "out": "m"},
            {"op": "aten::expand", "args": [T("m"), ints([1, 1, 1])], "out": "e2"},
            {"op": "aten::unsqueeze", "args": [T("m"), {"int": 0}], "out": "m1"},
            {"op": "aten::expand", "args": [T("m1"), ints([1, 1])], "out": "e3"},
            {"op": "aten::select.int", "args": [T("x"), {"int": 0}, {"int": 0}], "out": "xs"},
            {"op": "aten::expand", "args": [T("xs"), ints([1, 1])], "out": "e4"},
            {"op": "aten::mul.Tensor", "args": [T("xs"), T("k")], "out": "p"},
            {"op": "aten::expand", "args": [T("k"), ints([1, 2, 1])], "out": "e5"},
            {"op": "aten::expand", "args": [T("k"), ints([1, 1])], "out": "e6"},
            {"op": "aten::mul.Tensor", "args": [T("k"), T("k")], "out": "q"},
            {"op": "aten::expand", "args": [T("n"), ints([0])], "out": "e7"},
        ],
        "watch": ["k"],
    },
    {
        "name": "dispatch cache: hits, misses and bypasses by reason",
        "inputs": {
            "a": ([2, 3], "float32", "cpu", None),
            "b": ([3], "float32", "cpu", None),
            "c": ([2, 3], "float32", "cpu", None),
            "i": ([], "int64", "cpu", None),
            "k": ([], "float32", "cpu", 1.0),
            "g": ([2, 3], "float32", "cuda:0", None),
            "s": ("symbolic", [8, 3]),
        },
        "cache": True,
        "steps": [
            {"op": "aten::add.Tensor", "args": [T("a"), T("b"), scalar(1)], "out": "r1"},
            {"op": "aten::add.Tensor", "args": [T("a"), T("b"), scalar(1)], "out": "r2"},
            {"op": "aten::add.Tensor", "args": [T("a"), T("c"), scalar(1)], "out": "r3"},
            {"op": "aten::add.Tensor", "args": [T("a"), T("b"), scalar(2)], "out": "r4"},
            {"op": "aten::nonzero", "args": [T("a")], "out": "r5"},
            {"op": "aten::nonzero", "args": [T("a")], "out": "r6"},
            {"op": "aten::_local_scalar_dense", "args": [T("i")], "out": "r7"},
            {"op": "aten::add_.Tensor", "args": [T("c"), T("b"), scalar(1)], "out": "r8"},
            {"op": "aten::add_.Tensor", "args": [T("c"), T("b"), scalar(1)], "out": "r9"},
            {"op": "aten::view", "args": [T("a"), ints([6])], "out": "r10"},
            {"op": "aten::view", "args": [T("a"), ints([6])], "out": "r11"},
            {"op": "aten::t_", "args": [T("c")], "out": "r12"},
            {"op": "aten::add.Tensor", "args": [T("a"), T("k"), scalar(1)], "out": "r13"},
            {"op": "aten::add.Tensor", "args": [T("s"), T("b"), scalar(1)], "out": "r14"},
            {"op": "aten::add.Tensor", "args": [T("s"), T("b"), scalar(1)], "out": "r15"},
            {"op": "aten::add.Tensor", "args": [T("g"), T("a"), scalar(1)], "out": "r16"},
            {"op": "aten::add.Tensor", "args": [T("a"), T("b"), scalar(1)], "out": "r17"},
        ],
        "watch": [],
    },
    {
        "name": "a cache hit rebuilds a result that aliases nothing at offset 0",
        # `slice_scatter` keeps its input's storage offset on a miss; the
        # hit's `empty_strided` does not.
        "operators": True,
        "inputs": {"x": ([4, 6], "float32", "cpu", None), "src": ([4, 3], "float32", "cpu", None)},
        "steps": [
            {"op": "aten::slice.Tensor", "args": [T("x"), {"int": 1}, {"int": 2}, None, {"int": 1}], "out": "v"},
            {"op": "aten::slice_scatter", "args": [T("v"), T("src"), {"int": 1}, {"int": 1}, None, {"int": 1}],
             "out": "r1"},
            {"op": "aten::slice_scatter", "args": [T("v"), T("src"), {"int": 1}, {"int": 1}, None, {"int": 1}],
             "out": "r2"},
        ],
        "watch": [],
    },
    {
        "name": "autograd above the mode: requires_grad and leaf-ness of outputs",
        "inputs": {
            "w": ([3, 4], "float32", "cpu", None, True),
            "x": ([3, 4], "float32", "cpu", None),
        },
        "steps": [
            {"op": "aten::add.Tensor", "args": [T("w"), T("x"), scalar(1)], "out": "y"},
            {"op": "aten::view", "args": [T("w"), ints([12])], "out": "v"},
            {"op": "aten::add.Tensor", "args": [T("x"), T("x"), scalar(1)], "out": "z"},
            {"op": "aten::nonzero", "args": [T("w")], "out": "n"},
            {
                "op": "aten::_to_copy",
                "args": [T("w"), {"dtype": "int64"}, None, None, None, {"bool": False}, None],
                "out": "c1",
            },
            {
                "op": "aten::_to_copy",
                "args": [T("w"), {"dtype": "float64"}, None, None, None, {"bool": False}, None],
                "out": "c2",
            },
        ],
        "watch": ["w"],
    },
    {
        "name": "factories follow the default dtype (float64)",
        "inputs": {},
        "default_dtype": "float64",
        "steps": [
            {"op": "aten::empty.memory_format", "args": [ints([3]), None, None, None, None, None], "out": "f1"},
            {"op": "aten::full", "args": [ints([2]), scalar(3), None, None, None, None], "out": "f2"},
            {"op": "aten::full", "args": [ints([2]), scalar(3.0), None, None, None, None], "out": "f3"},
            {
                "op": "aten::full",
                "args": [ints([2]), scalar(3.0), {"dtype": "float16"}, None, None, None],
                "out": "f4",
            },
        ],
        "watch": [],
    },
    {
        "name": "factories honour dtype and device arguments and the defaults",
        "inputs": {"x": ([2, 3], "float32", "cuda:0", None), "h": ([2], "float16", "cpu", None)},
        "default_dtype": "float32",
        "steps": [
            {"op": "aten::empty.memory_format", "args": [ints([3]), None, None, None, None, None], "out": "f1"},
            {
                "op": "aten::empty.memory_format",
                "args": [ints([2, 2]), {"dtype": "int32"}, None, {"device": "cuda:0"}, None, None],
                "out": "f2",
            },
            {"op": "aten::full", "args": [ints([2]), scalar(3), None, None, None, None], "out": "f3"},
            {"op": "aten::full", "args": [ints([2]), scalar(3.0), None, None, None, None], "out": "f4"},
            {"op": "aten::full", "args": [ints([2]), scalar(True), None, None, None, None], "out": "f5"},
            {
                "op": "aten::full",
                "args": [ints([2]), scalar(3), {"dtype": "float64"}, None, {"device": "cuda:0"}, None],
                "out": "f6",
            },
            {
                "op": "aten::_to_copy",
                "args": [T("x"), {"dtype": "float16"}, None, {"device": "cpu"}, None, {"bool": False}, None],
                "out": "c1",
            },
            {"op": "aten::_to_copy", "args": [T("h"), None, None, {"device": "cuda:0"}, None, {"bool": False}, None], "out": "c2"},
            {"op": "aten::_to_copy", "args": [T("x"), {"dtype": "int64"}, None, None, None, {"bool": False}, None], "out": "c3"},
        ],
        "watch": [],
    },
]


def scalar_out(v, names):
    if isinstance(v, torch.SymInt) or isinstance(v, torch.SymFloat):
        return {"sym": names.expr(v)}
    if isinstance(v, bool):
        return {"bool": v}
    if isinstance(v, int):
        return {"int": v}
    return {"float": v}


class OuterCacheCounts:
    """The dispatch-cache outcome of the operator called, not of the
    operators PyTorch's Python kernels dispatch inside it (nonzero's
    `new_empty_strided`, view's helpers): each call's own change of the
    counters is its total change minus its nested calls' total changes."""

    def __init__(self):
        self.stack = []
        self.outer = None
        self.orig = FakeTensorMode._cached_dispatch_impl

    def snapshot(self):
        return (FakeTensorMode.cache_hits, FakeTensorMode.cache_misses, dict(FakeTensorMode.cache_bypasses))

    def __enter__(self):
        counts = self

        def wrapped(mode, func, types, args, kwargs):
            before = counts.snapshot()
            counts.stack.append([0, 0, {}])
            try:
                return counts.orig(mode, func, types, args, kwargs)
            finally:
                nested = counts.stack.pop()
                after = counts.snapshot()
                total = [
                    after[0] - before[0],
                    after[1] - before[1],
                    {k: v - before[2].get(k, 0) for k, v in after[2].items() if v - before[2].get(k, 0)},
                ]
                if counts.stack:
                    parent = counts.stack[-1]
                    parent[0] += total[0]
                    parent[1] += total[1]
                    for k, v in total[2].items():
                        parent[2][k] = parent[2].get(k, 0) + v
                else:
                    own = [total[0] - nested[0], total[1] - nested[1], dict(total[2])]
                    for k, v in nested[2].items():
                        own[2][k] -= v
                        if not own[2][k]:
                            del own[2][k]
                    counts.outer = own

        FakeTensorMode._cached_dispatch_impl = wrapped
        return self

    def __exit__(self, *exc):
        FakeTensorMode._cached_dispatch_impl = self.orig


def run_sequence(seq):
    torch.set_default_dtype(DTYPE_OF[seq.get("default_dtype", "float32")])
    try:
        return run_sequence_(seq)
    finally:
        torch.set_default_dtype(torch.float32)


def run_sequence_(seq):
    env = ShapeEnv()
    mode = FakeTensorMode(shape_env=env)
    names, storages = Names(), Ids()
    tensors = {}
    for name, spec in seq["inputs"].items():
        if spec[0] == "symbolic":
            sizes = spec[1]
            ctx = StatelessSymbolicContext(dynamic_sizes=[DimDynamic.DUCK] * len(sizes))
            # A real tensor, made outside the mode.
            tensors[name] = mode.from_tensor(torch.zeros(sizes), source=LocalSource(name), symbolic_context=ctx)
    with mode:
        for name, spec in seq["inputs"].items():
            if spec[0] == "symbolic":
                continue
            sizes, dtype, device, constant = spec[:4]
            requires_grad = spec[4] if len(spec) > 4 else False
            if constant is not None:
                tensors[name] = torch.tensor(constant, dtype=DTYPE_OF[dtype], device=device)
            else:
                tensors[name] = torch.empty(
                    sizes, dtype=DTYPE_OF[dtype], device=device, requires_grad=requires_grad
                )
    # Symbols of inputs first, so names follow input order.
    for name, t in tensors.items():
        meta(t, names)
    FakeTensorMode.cache_clear()
    counts = OuterCacheCounts()
    totals = {"hits": 0, "misses": 0, "bypasses": {}}
    steps = []
    for step in seq["steps"]:
        op = step["op"].split("::")[1]
        base, _, overload = op.partition(".")
        func = getattr(getattr(torch.ops.aten, base), overload or "default")
        args = [arg_value(a, tensors) for a in step["args"]]
        # Pass trailing kwarg-only arguments by name, None ones left out.
        schema = func._schema
        pos, kw = [], {}
        for a, v in zip(schema.arguments, args):
            if a.kwarg_only:
                if v is not None:
                    kw[a.name] = v
            else:
                pos.append(v)
        rec = {"op": step["op"], "args": step["args"], "out": step["out"]}
        before = dict(tensors)
        dispatcher = enable_python_dispatcher() if seq.get("python_dispatcher") else contextlib.nullcontext()
        try:
            with mode, counts, dispatcher:
                counts.outer = None
                r = func(*pos, **kw)
        except Exception as e:  # noqa: BLE001 - we record which error
            m = re.search(r"found at least two devices, (\S+) and (\S+?)!", str(e))
            rec["error"] = {
                "type": type(e).__name__,
                "devices": [m.group(1), m.group(2)] if m else None,
            }
            r = None
        if isinstance(r, torch.Tensor):
            tensors[step["out"]] = r
            rec["result"] = {
                **meta(r, names),
                "version": r._version,
                "storage": storages(StorageWeakRef(r.untyped_storage())),
                "same_as": next((k for k, v in before.items() if v is r), None),
                # A constant's value; an empty constant has none.
                "constant": None if r.constant is None else (r.constant.item() if r.constant.numel() else "empty"),
            }
        elif r is not None:
            rec["scalar"] = scalar_out(r, names)
        rec["watch"] = {
            w: {
                **meta(tensors[w], names),
                "version": tensors[w]._version,
                "storage": storages(StorageWeakRef(tensors[w].untyped_storage())),
            }
            for w in seq["watch"]
        }
        if seq.get("cache"):
            own = counts.outer or [0, 0, {}]
            totals["hits"] += own[0]
            totals["misses"] += own[1]
            for k, v in own[2].items():
                totals["bypasses"][k] = totals["bypasses"].get(k, 0) + v
            rec["cache"] = json.loads(json.dumps(totals))
        steps.append(rec)
    ranges = {
        names.sym(str(s)): [bound(r.lower), bound(r.upper)]
        for s, r in env.var_to_range.items()
        if str(s) in names.map
    }
    inputs = {
        k: (
            {"symbolic": v[1]}
            if v[0] == "symbolic"
            else {
                "sizes": v[0],
                "dtype": v[1],
                "device": v[2],
                "constant": v[3],
                "requires_grad": v[4] if len(v) > 4 else False,
            }
        )
        for k, v in seq["inputs"].items()
    }
    return {
        "name": seq["name"],
        "operators": seq.get("operators", False),
        "default_dtype": seq.get("default_dtype", "float32"),
        "python_dispatcher": seq.get("python_dispatcher", False),
        "inputs": inputs,
        "steps": steps,
        "ranges": ranges,
    }


def main():
    torch.set_default_dtype(torch.float32)
    fixture = {
        "torch": torch.__version__,
        "memo": [memo_case(s) for s in MEMO_SCENARIOS],
        "devices": device_cases(),
        "inputs": input_cases(),
        "sequences": [run_sequence(s) for s in SEQUENCES],
    }
    OUT.write_text(json.dumps(fixture, indent=1) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
