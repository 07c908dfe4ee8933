"""Export PyTorch's answers for operator cases as conformance fixtures.

Run by hand from the repository root with torch 2.15 installed (nothing else
is needed):

    python scripts/export_op_cases.py
    python scripts/export_op_cases.py --only pow masked_scatter

Writes one file per operator, ops/tests/fixtures/ops/<name>.json (and
removes the files of operators that no longer have cases; with `--only FAMILY [FAMILY...]`,
only the files of those operator families are written, and nothing is
removed), which
ops/tests/conformance/ replays through fake-tensor's own FakeTensorMode, one
test per file. Expected results are PyTorch's answers, never typed by hand:
every case below only says which inputs to make and which operator to call.

Every case runs under `torch._subclasses.fake_tensor.FakeTensorMode` (backed
by a fresh `ShapeEnv`, so data-dependent operators such as `nonzero` give
unbacked sizes instead of refusing) with the operator called as
`torch.ops.aten.<name>.<overload>`.

Files
-----

A CASES key (`add.Tensor`, `add_.Tensor`, `add.out`) goes to the file of its
operator family (`family`): the name without its overload, an in-place
`foo_` as `foo` (torchgen's `BaseOperatorName`: a trailing underscore marks
the in-place variant, except in a dunder name such as `__and__`). So
`add.json` holds `aten::add.Tensor`, `aten::add.Scalar`, `aten::add_.Tensor`
and `aten::add.out`, with the symbolic cases of those overloads.

Format (version 2)
------------------

    {
      "header": {"format_version": 2, "script": "scripts/export_op_cases.py",
                 "torch_version": "2.15.0+..."},
      "ops": {                       # sorted by overload name
        "aten::add.Tensor": {
          "schema": "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
          "cases": [ CASE, ... ]     # in the order written below
        }, ...
      },
      "symbolic": [ SYMBOLIC_CASE, ... ]
    }

Overload names are `aten::<name>.<overload>`, the default overload without
`.default` (`aten::relu`).

CASE is

    {"name": "broadcast column and row",
     "inputs": [ INPUT, ... ],      # every schema argument, in schema order
     "outputs": [ OUTPUT, ... ]}    # every schema return, in order
  or, when PyTorch refuses the call,
    {"name": ..., "inputs": [...],
     "error": {"class": "RuntimeError", "message": "<first line>"}}

PyTorch's meta kernels are sometimes laxer or stricter than its eager ones.
Every case on the CPU is also run eagerly on real tensors (filled with
zeros); where the eager kernel refuses a call the fake one accepts, or
refuses it with another message, the case also has "eager_error": {"class",
"message"}; where the eager kernel accepts a call the fake one refuses, it
also has "eager_outputs": [OUTPUT, ...]. A replay may give either answer.

INPUT is {"name": <schema argument name>, "value": VALUE} and, for an
argument the case did not give (its schema default was used),
"defaulted": true. Defaults are always written out, so a replay passes every
argument. VALUE is a one-key object naming the schema type:

    {"none": null}                   absent optional (Tensor?, int?, ScalarType?...)
    {"tensor": TENSOR}               Tensor
    {"tensors": [TENSOR, ...]}       Tensor[]
    {"opt_tensors": [TENSOR | null, ...]}  Tensor?[]
    {"int": 3}                       int / SymInt
    {"ints": [2, 3]}                 int[] / SymInt[] / int[N] (a bare int given
                                     for int[N] is expanded to N copies, as
                                     PyTorch does)
    {"float": 1e-05}                 float
    {"floats": [2.0, 2.0]}           float[]
    {"bool": true}                   bool
    {"bools": [true]}                bool[]
    {"str": "tanh"}                  str
    {"scalar": {"int": 2}}           Scalar; inner key int, float, bool, or
                                     complex ([re, im])
    {"dtype": "float32"}             ScalarType (names without `torch.`)
    {"layout": "strided"}            Layout
    {"device": "cuda:0"}             Device
    {"memory_format": "channels_last"}  MemoryFormat

TENSOR is the metadata of an input tensor, each on its own storage:

    {"sizes": [2, 3], "strides": [3, 1], "storage_offset": 0,
     "dtype": "float32", "device": "cpu"}

OUTPUT is

    {"tensor": TENSOR, "alias": ALIAS}
    {"tensors": [{"tensor": TENSOR, "alias": ALIAS}, ...]}   (Tensor[] returns)
    {"int": 3}                                               (SymInt / int returns)
    {"bool": true}                                           (SymBool / bool returns;
                                                              a symbolic one printed)
    {"scalar": {"int" | "float" | "bool": value}}            (Scalar returns)
    {"none": null}                                           (a Tensor return left out,
                                                              as `output_mask` asks)

with ALIAS null for a tensor on a new storage, {"view_of": i} for a tensor
sharing the storage of the tensor argument at schema position i, and
{"inplace": i} when the output is the argument at position i itself (its
metadata, as recorded, is the argument's after the call). An operator that
returns nothing has "outputs": []. Sizes, strides and offsets of outputs are
integers, or strings for symbolic values printed as PyTorch prints them
(`u0`: an unbacked size, made by `nonzero`); such an output tensor also
carries "unbacked": ["u0", ...], the unbacked symbols it introduced (the
marker that its sizes depend on data). A scalar made from data is printed
too: `u0`, `zuf0` (a float), `Eq(u0, 1)` (a bool). Unbacked symbols are
named `u0, u1, ...` (`zuf0, ...` for floats) in the order they were made
within the case.

SYMBOLIC_CASE is

    {"name": ..., "op": "aten::cat",
     "symbols": {"s0": "x.size()[0]", "s1": "n", ...},
     "inputs": [ INPUT, ... ],      # as above; a symbolic TENSOR also has
                                     # "source": "x", "hints": [3, 4] and
                                     # "dynamic": ["dynamic" | "duck" | "static",
                                     # ...] per dim; an int or an element of
                                     # an int list may be a symbol ("s1"),
                                     # and an input holding a symbol of its
                                     # own source has "hints": its value (a
                                     # list for a list)
     "outputs": [ OUTPUT, ... ] | "error": {...},
     "guards": ["Eq(s1, s3)", ...],
     "samples": [ SAMPLE, ... ]}

Each symbolic case runs with a fresh ShapeEnv (PyTorch's defaults: duck
sizing, 0/1 specialisation); tensors with a source are converted with
`FakeTensorMode.from_tensor(t, source=LocalSource(<source>),
symbolic_context=StatelessSymbolicContext(dynamic_sizes=[...]))`, the others
with static shapes. An integer argument is either static, the size of a
symbolic input tensor (`SizeOf`: "s0" with source `x.size()[0]`), or a
symbol of its own (`S`: `ShapeEnv.create_symbol(hint, LocalSource(<source>),
DimDynamic.DYNAMIC)`, one per source). Input sizes in the fixture are the
symbols; "hints" are the values seen. PyTorch names symbols by a hash of
their source; the fixture renames them `s0, s1, ...` in the order the
inputs made them (argument by argument, dim by dim), which is the order
fake-tensor's ShapeEnv makes them.

Output sizes, strides and offsets are printed (`str` of the sympy expression)
after the ShapeEnv's replacements are applied, and with every symbol that an
equality made equal to an older one written as the oldest: PyTorch picks
which side of `Eq(s0, s2)` replaces the other by its hashed names,
fake-tensor keeps the symbol made first; both are right. "guards" are the
expressions of `ShapeEnv.guards` in the order PyTorch recorded them
(informative: their wording is PyTorch's).

What the guards mean is in "samples": input sizes near the hints (the hints;
each non-static dim or symbolic integer alone moved to hint + 1 and to 2; all
of them 6; all doubled), each

    {"sizes": {"x.size()[0]": 3, "n": 5, ...}, "guards_hold": true,
     "outputs": [{"sizes": [...], "strides": [...], "storage_offset": 0}, ...]}

where "guards_hold" is whether PyTorch's guards (and the static sizes) hold
there (`guards_hold`: as `ShapeEnv.evaluate_guards_for_args` with
`ignore_static=False`, each guard parenthesised), and, where they hold,
"outputs" is what PyTorch computes for static inputs of those sizes (every
output tensor, in order, the elements of a Tensor[] return one by one), or
"error" where that static run refuses a call whose guards hold (a check
PyTorch defers to run time). Outputs of data-dependent sizes are not sampled.
A replay checks that its own guards accept the same samples and that its
symbolic outputs evaluate there to PyTorch's sizes.

Every overload of CASES without a written symbolic case (SYMBOLIC) gets one
derived from its first static case that PyTorch accepts whose tensors are
all contiguous, on the CPU and have a dim of size 2 or more: the same call
with those dims dynamic, each tensor sourced by its schema argument's name
(`self`, `tensors1`), named "<case name>, dynamic sizes"
(`derived_symbolic`).
"""

import argparse
import contextlib
import json
import logging
import pathlib
import re
import warnings

import sympy
import torch
from torch._dispatch.python import enable_python_dispatcher
from torch._dynamo.source import LocalSource
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.symbolic_shapes import DimDynamic, ShapeEnv, StatelessSymbolicContext

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "ops" / "tests" / "fixtures" / "ops"
SCRIPT = "scripts/export_op_cases.py"
FORMAT_VERSION = 2

# ---- describing inputs -------------------------------------------------------

from op_case_inputs import (  # noqa: E402  (the helpers every case file shares)
    CL, C, Case, D, S, SizeOf, T, b8, bf16, binary_cases, c64, cl, f16, f32, f64, i32, i64, off, tr, u8,
    unary_cases,
)

# ---- the cases -----------------------------------------------------------------

CASES = {
    "add.Tensor": [
        C("same shape", T([2, 3]), T([2, 3])),
        C("broadcast column and row", T([3, 1]), T([1, 4])),
        C("broadcast lower rank", T([2, 3, 4]), T([4])),
        C("zero size broadcast", T([0, 3]), T([1, 3])),
        C("zero-dim and matrix", T([]), T([2, 3])),
        C("zero-dim and zero-dim", T([], dtype=f64), T([], dtype=f32)),
        C("transposed and contiguous", tr(2, 3), T([2, 3])),
        C("both transposed", tr(2, 3), tr(2, 3)),
        C("channels last both", cl(2, 3, 4, 5), cl(2, 3, 4, 5)),
        C("channels last and broadcast bias", cl(2, 3, 4, 5), T([3, 1, 1])),
        C("int64 and float32 promote", T([2], dtype=i64), T([2], dtype=f32)),
        C("int32 and zero-dim float64", T([2], dtype=i32), T([], dtype=f64)),
        C("float16 and zero-dim float64", T([2], dtype=f16), T([], dtype=f64)),
        C("alpha 2", T([2]), T([2]), alpha=2),
        C("float alpha with int tensors", T([2], dtype=i64), T([2], dtype=i64), alpha=1.5),
        C("size mismatch", T([2, 3]), T([2, 4])),
        C("cpu zero-dim joins cuda", T([]), T([2], device="cuda")),
        C("cpu and cuda", T([2]), T([2], device="cuda")),
        C("broadcast float and int64", T([2, 1, 4]), T([3, 1], dtype=i64)),
        C("permuted and contiguous", T([4, 2, 3], strides=[1, 12, 4]), T([4, 2, 3])),
    ],
    "add.Scalar": [
        C("float tensor int scalar", T([2, 3]), 2),
        C("int tensor float scalar", T([2, 3], dtype=i64), 2.5),
        C("int32 tensor int scalar", T([2], dtype=i32), 7),
        C("bool tensor bool scalar", T([2], dtype=b8), True),
        C("bool tensor int scalar", T([2], dtype=b8), 3),
        C("zero-dim int float scalar", T([], dtype=i64), 1.5),
        C("float16 tensor float scalar", T([4], dtype=f16), 1.5),
        C("transposed input", tr(2, 3), 1.0),
        C("channels last input", cl(1, 2, 3, 3), 1.0),
        C("alpha", T([2]), 2, alpha=3),
        C("zero size", T([0, 2]), 1),
        C("int32 tensor float scalar", T([3], dtype=i32), 2.5),
        C("float alpha with an int tensor and number", T([3], dtype=i32), 2, alpha=2.5),
    ],
    "sub.Tensor": [
        C("same shape", T([2, 3]), T([2, 3])),
        C("broadcast", T([4, 1, 3]), T([2, 1])),
        C("int minus float", T([2], dtype=i64), T([2], dtype=f32)),
        C("bool minus bool", T([2], dtype=b8), T([2], dtype=b8)),
        C("alpha", T([2]), T([2]), alpha=2.5),
        C("float alpha with an int and a float", T([2], dtype=i32), T([2]), alpha=2.5),
        C("float alpha with two ints refused", T([2], dtype=i32), T([2], dtype=i32), alpha=2.5),
        C("transposed", tr(3, 4), T([3, 4])),
        C("zero-dim", T([]), T([])),
        C("mismatch", T([3]), T([4])),
    ],
    "mul.Tensor": [
        C("same shape", T([2, 3]), T([2, 3])),
        C("broadcast", T([2, 1, 4]), T([3, 1])),
        C("bool times bool", T([2], dtype=b8), T([2], dtype=b8)),
        C("complex times float64", T([2], dtype=c64), T([2], dtype=f64)),
        C("int8 times uint8", T([2], dtype=torch.int8), T([2], dtype=u8)),
        C("bfloat16 times float16", T([2], dtype=bf16), T([2], dtype=f16)),
        C("channels last times contiguous", cl(2, 3, 2, 2), T([2, 3, 2, 2])),
        C("zero-dim times matrix", T([], dtype=f64), T([2, 2])),
        C("zero size", T([0]), T([1])),
        C("mismatch", T([2, 3]), T([3, 2])),
    ],
    "mul.Scalar": [
        C("float tensor", T([2, 3]), 2),
        C("int tensor float scalar", T([3], dtype=i64), 0.5),
        C("int tensor bool scalar", T([3], dtype=i32), True),
        C("bool tensor int scalar", T([3], dtype=b8), 2),
        C("complex scalar", T([3]), 1 + 2j),
        C("transposed", tr(2, 5), 3.0),
        C("zero-dim", T([], dtype=u8), 2),
    ],
    "div.Tensor": [
        C("same shape", T([2, 3]), T([2, 3])),
        C("int by int", T([4], dtype=i64), T([4], dtype=i64)),
        C("int by zero-dim float64", T([4], dtype=i32), T([], dtype=f64)),
        C("broadcast", T([2, 1]), T([1, 5])),
        C("float16 by float32", T([2], dtype=f16), T([2], dtype=f32)),
        C("bool by bool", T([2], dtype=b8), T([2], dtype=b8)),
        C("transposed", tr(2, 3), tr(2, 3)),
        C("mismatch", T([2]), T([3])),
        C("int64 by int32", T([3], dtype=i64), T([3], dtype=i32)),
    ],
    "relu": [
        C("matrix", T([2, 3])),
        C("transposed", tr(2, 3)),
        C("channels last", cl(2, 3, 4, 5)),
        # The elementwise rule's dense strides count a zero size as 1.
        C("channels last with zero height", cl(2, 3, 0, 10)),
        C("zero-dim", T([])),
        C("zero size", T([0, 4])),
        C("int64", T([5], dtype=i64)),
        C("float16", T([5], dtype=f16)),
        C("storage offset", off(2, 2)),
        C("bool", T([3], dtype=b8)),
    ],
    "exp": [
        C("matrix", T([2, 3])),
        C("int64 to float", T([4], dtype=i64)),
        C("bool to float", T([4], dtype=b8)),
        C("float16", T([4], dtype=f16)),
        C("float64", T([4], dtype=f64)),
        C("complex64", T([4], dtype=c64)),
        C("transposed", tr(3, 4)),
        C("channels last", cl(1, 3, 2, 2)),
        C("zero size", T([3, 0])),
        C("zero-dim", T([])),
        C("sliced non-dense", T([4, 6], then=lambda t: t[:, ::2])),
    ],
    "where.self": [
        C("same shape", T([2, 3], dtype=b8), T([2, 3]), T([2, 3])),
        C("broadcast all three", T([2, 1], dtype=b8), T([1, 3]), T([3])),
        C("int and float promote", T([2], dtype=b8), T([2], dtype=i64), T([2], dtype=f32)),
        C("zero-dim operands", T([2, 2], dtype=b8), T([]), T([], dtype=f64)),
        C("uint8 condition", T([2], dtype=u8), T([2]), T([2])),
        C("float condition", T([2]), T([2]), T([2])),
        C("channels last", cl(1, 2, 2, 2, dtype=b8), cl(1, 2, 2, 2), cl(1, 2, 2, 2)),
        C("transposed self", T([3, 2], dtype=b8), tr(3, 2), T([3, 2])),
        C("mismatch", T([2], dtype=b8), T([3]), T([3])),
        C("broadcast and promote to float64", T([3, 1], dtype=b8), T([1, 4]), T([4], dtype=f64)),
        C("zero-dim float64 other keeps float16", T([3, 1], dtype=b8), T([1, 4], dtype=f16), T([], dtype=f64)),
        C("an added size-1 dim decides the order", T([5, 1, 1], dtype=b8, strides=[1, 5, 1]),
          T([5, 1, 5], strides=[5, 5, 1]), T([])),
        C("size-1 dims with strides of their own, broadcast", T([3], dtype=b8),
          T([2, 1, 3], strides=[3, 1, 1]), T([3])),
    ],
    "eq.Tensor": [
        C("same shape", T([2, 3]), T([2, 3])),
        C("broadcast", T([3, 1]), T([1, 3])),
        C("int and float", T([2], dtype=i64), T([2], dtype=f32)),
        C("zero-dim and vector", T([], dtype=f64), T([4], dtype=f16)),
        C("transposed", tr(2, 3), T([2, 3])),
        C("channels last", cl(2, 2, 2, 2), cl(2, 2, 2, 2)),
        C("zero size", T([0, 3]), T([3])),
        C("mismatch", T([2]), T([3])),
    ],
    "eq.Scalar": [
        C("float tensor int scalar", T([2, 3]), 2),
        C("int tensor float scalar", T([3], dtype=i64), 2.5),
        C("bool tensor", T([3], dtype=b8), True),
        C("zero-dim", T([]), 0),
        C("transposed", tr(4, 2), 1.0),
        C("zero size", T([0]), 1),
    ],
    "sum.dim_IntList": [
        C("one dim", T([2, 3, 4]), [1]),
        C("keepdim", T([2, 3, 4]), [1], True),
        C("negative dim", T([2, 3, 4]), [-1]),
        C("several dims", T([2, 3, 4]), [0, 2]),
        C("empty dim list reduces all", T([2, 3]), []),
        C("dim None reduces all", T([2, 3]), None),
        C("int32 accumulates to int64", T([2, 3], dtype=i32), [0]),
        C("bool accumulates to int64", T([2, 3], dtype=b8), [0]),
        C("explicit dtype", T([2, 3]), [1], dtype=f64),
        C("zero size reduced dim", T([0, 3]), [0]),
        C("zero-dim input dim 0", T([]), [0]),
        C("transposed keepdim", tr(3, 4), [0], True),
        C("channels last keepdim", cl(2, 3, 4, 5), [1], True),
        C("dim out of range", T([2, 3]), [2]),
        C("repeated dim", T([2, 3]), [0, 0]),
        C("negative and positive dims keepdim", T([2, 3, 4]), [-1, 0], True),
    ],
    "mean.dim": [
        C("one dim", T([2, 3, 4]), [1]),
        C("keepdim", T([2, 3, 4]), [-1], True),
        C("all dims", T([2, 3]), None),
        C("float16", T([2, 3], dtype=f16), [0]),
        C("int input", T([2, 3], dtype=i64), [0]),
        C("int input with dtype", T([2, 3], dtype=i64), [0], dtype=f32),
        C("zero size reduced dim", T([0, 3]), [0]),
        C("transposed", tr(3, 4), [1]),
        C("dim out of range", T([2, 3]), [-3]),
    ],
    "amax": [
        C("all dims", T([2, 3])),
        C("one dim", T([2, 3, 4]), [1]),
        C("keepdim", T([2, 3, 4]), [1], True),
        C("negative dims", T([2, 3, 4]), [-1, -2]),
        C("int64", T([2, 3], dtype=i64), [0]),
        C("bool", T([2, 3], dtype=b8), [1]),
        C("zero-dim", T([]), []),
        C("zero size kept dim", T([0, 3]), [1]),
        C("zero size reduced dim", T([0, 3]), [0]),
        C("transposed", tr(3, 4), [0], True),
        C("dim out of range", T([2]), [1]),
        C("two dims keepdim", T([2, 3, 4]), [0, 2], True),
    ],
    "mm": [
        C("basic", T([2, 3]), T([3, 4])),
        C("transposed operands", tr(2, 3), tr(3, 4)),
        C("zero rows", T([0, 3]), T([3, 4])),
        C("zero inner", T([2, 0]), T([0, 4])),
        C("float16", T([2, 3], dtype=f16), T([3, 4], dtype=f16)),
        C("inner mismatch", T([2, 3]), T([4, 5])),
        C("vector operand", T([3]), T([3, 4])),
        C("dtype mismatch", T([2, 3]), T([3, 4], dtype=f64)),
        C("storage offset", off(2, 3), T([3, 1])),
    ],
    "bmm": [
        C("basic", T([5, 2, 3]), T([5, 3, 4])),
        C("transposed operand", tr(5, 2, 3), T([5, 3, 4])),
        C("zero batch", T([0, 2, 3]), T([0, 3, 4])),
        C("batch mismatch", T([5, 2, 3]), T([4, 3, 4])),
        C("inner mismatch", T([5, 2, 3]), T([5, 2, 4])),
        C("no broadcast of batch 1", T([1, 2, 3]), T([5, 3, 4])),
        C("matrix operand", T([2, 3]), T([3, 4])),
        C("dtype mismatch refused", T([5, 2, 3]), T([5, 3, 4], dtype=f64)),
    ],
    "mm.dtype": [
        C("float16 to float32", T([2, 3], dtype=f16), T([3, 4], dtype=f16), f32),
        C("same dtype", T([2, 3]), T([3, 4]), f32),
        C("mixed dtypes", T([2, 3]), T([3, 4], dtype=f64), f16),
        C("transposed", tr(2, 3), T([3, 4]), f64),
        C("cuda float16 to float32", T([2, 3], dtype=f16, device="cuda"), T([3, 4], dtype=f16, device="cuda"), f32),
        C("cuda float32 to float16 refused", T([2, 3], device="cuda"), T([3, 4], device="cuda"), f16),
        C("inner mismatch refused", T([2, 3]), T([2, 4]), f32),
    ],
    "bmm.dtype": [
        C("float16 to float32", T([5, 2, 3], dtype=f16), T([5, 3, 4], dtype=f16), f32),
        C("transposed", tr(5, 2, 3), T([5, 3, 4]), f64),
        C("cuda bfloat16 to float32", T([5, 2, 3], dtype=bf16, device="cuda"), T([5, 3, 4], dtype=bf16, device="cuda"), f32),
        C("cuda float32 to float16 refused", T([5, 2, 3], device="cuda"), T([5, 3, 4], device="cuda"), f16),
        C("mixed dtypes refused", T([5, 2, 3]), T([5, 3, 4], dtype=f64), f32),
        C("batch mismatch refused", T([5, 2, 3]), T([4, 3, 4]), f32),
    ],
    "addmm.dtype": [
        C("float16 to float32", T([4], dtype=f16), T([2, 3], dtype=f16), T([3, 4], dtype=f16), f32),
        C("full bias", T([2, 4]), T([2, 3]), T([3, 4]), f16),
        C("transposed bias", T([4, 2], then=lambda t: t.t()), T([2, 3]), T([3, 4]), f16),
        C("mixed bias", T([4], dtype=f64), T([2, 3]), T([3, 4]), f16),
        C("beta and alpha", T([4]), T([2, 3]), T([3, 4]), f32, beta=0.5, alpha=2),
        C("bias mismatch refused", T([5]), T([2, 3]), T([3, 4]), f32),
    ],
    "addmm": [
        C("bias vector", T([4]), T([2, 3]), T([3, 4])),
        C("full bias", T([2, 4]), T([2, 3]), T([3, 4])),
        C("scalar-like bias", T([1, 1]), T([2, 3]), T([3, 4])),
        C("beta and alpha", T([4]), T([2, 3]), T([3, 4]), beta=0.5, alpha=2),
        C("transposed mat1", T([4]), tr(2, 3), T([3, 4])),
        C("bias mismatch", T([5]), T([2, 3]), T([3, 4])),
        C("inner mismatch", T([4]), T([2, 3]), T([2, 4])),
        C("zero-dim bias", T([]), T([2, 3]), T([3, 4])),
        C("float64 bias promotes", T([4], dtype=f64), T([2, 3]), T([3, 4])),
        C("float16 bias, float32 matrices", T([4], dtype=f16), T([2, 3]), T([3, 4])),
        C("zero-dim float64 bias does not promote", T([], dtype=f64), T([2, 3]), T([3, 4])),
        C("float bias, int64 matrices", T([4]), T([2, 3], dtype=i64), T([3, 4], dtype=i64)),
        C("int64", T([4], dtype=i64), T([2, 3], dtype=i64), T([3, 4], dtype=i64)),
    ],
    "view": [
        C("merge leading dims", T([2, 3, 4]), [6, 4]),
        C("infer minus one", T([2, 3, 4]), [-1, 2]),
        C("flatten", T([2, 3, 4]), [24]),
        C("zero-dim to one", T([]), [1]),
        C("one to zero-dim", T([1]), []),
        C("storage offset kept", off(2, 6), [3, 4]),
        C("split dim of transposed", tr(4, 6), [2, 3, 4]),
        C("merge dims of transposed", tr(4, 6), [24]),
        C("split last dim of transposed", tr(4, 6), [4, 3, 2]),
        C("zero elements", T([0, 3]), [3, 0]),
        C("zero elements infer", T([0, 3]), [-1, 0]),
        C("two minus ones", T([2, 3]), [-1, -1]),
        C("wrong numel", T([2, 3]), [4, 2]),
        C("channels last to flat", cl(2, 3, 4, 4), [2, 48]),
        C("minus one last", T([2, 3, 4]), [6, -1]),
        C("split last dim of permuted", T([3, 2, 4], strides=[4, 12, 1]), [3, 2, 2, 2]),
        # `_collapse_view_helper` tests neighbouring dims only: dims a
        # size-1 dim separates merge whatever their strides (eager refuses).
        C("merge across a size-1 dim", T([2, 1, 2], strides=[1, 2, 2]), [4]),
        C("merge across size-1 dims of a permuted input", T([2, 1, 2, 1, 2], strides=[1, 2, 2, 4, 4]), [4, 2]),
        C("merge of permuted dims refused", T([2, 2, 2], strides=[1, 2, 4]), [4, 2]),
    ],
    "permute": [
        C("rotate", T([2, 3, 4]), [2, 0, 1]),
        C("negative dims", T([2, 3, 4]), [-1, -3, -2]),
        C("identity", T([2, 3]), [0, 1]),
        C("zero-dim", T([]), []),
        C("storage offset", off(2, 3), [1, 0]),
        C("transposed input", tr(3, 5), [1, 0]),
        C("repeated dim", T([2, 3]), [0, 0]),
        C("wrong length", T([2, 3]), [0]),
        C("dim out of range", T([2, 3]), [0, 2]),
    ],
    "expand": [
        C("broadcast column", T([3, 1]), [3, 4]),
        C("minus one keeps size", T([3, 1]), [-1, 4]),
        C("new leading dims", T([3, 1]), [2, 3, 4]),
        C("zero-dim", T([]), [2, 2]),
        C("zero-dim to one", T([]), [1]),
        C("zero-dim to ones", T([]), [1, 1]),
        C("new size-one dim in front", T([3, 2]), [1, 3, 2]),
        C("expand one to zero", T([1, 3]), [0, 3]),
        C("transposed input", tr(3, 1), [2, 1, 3]),
        C("storage offset", off(1, 3), [4, 3]),
        C("non-singleton mismatch", T([3, 2]), [3, 4]),
        C("fewer sizes than dims", T([2, 3]), [3]),
        C("minus one in new dim", T([3]), [-1, 3]),
    ],
    "unsqueeze": [
        C("front", T([2, 3]), 0),
        C("back", T([2, 3]), 2),
        C("negative", T([2, 3]), -1),
        C("middle of transposed", tr(2, 3), 1),
        C("zero-dim", T([]), 0),
        C("zero size", T([0, 3]), 1),
        C("storage offset", off(2, 3), 0),
        C("out of range", T([2, 3]), 3),
        C("negative out of range", T([2, 3]), -4),
        C("middle", T([2, 3]), 1),
    ],
    "squeeze.dims": [
        C("one dim", T([1, 3, 1]), [0]),
        C("two dims", T([1, 3, 1]), [0, 2]),
        C("negative dim", T([1, 3, 1]), [-1]),
        C("non-singleton dim kept", T([2, 3]), [0]),
        C("empty dims", T([1, 3]), []),
        C("zero-dim", T([]), [0]),
        C("zero size", T([0, 1]), [1]),
        C("transposed", tr(1, 3, 1), [0, 1]),
        C("storage offset", off(1, 3), [0]),
        C("out of range", T([1, 3]), [2]),
        C("singleton and non-singleton", T([2, 1, 3, 1]), [1, 2]),
    ],
    "slice.Tensor": [
        C("basic", T([6, 3]), 0, 1, 4),
        C("step", T([6, 3]), 0, 0, 6, 2),
        C("dim 1", T([3, 6]), 1, 2, 5),
        C("negative start", T([6]), 0, -2),
        C("end past size", T([6]), 0, 2, 100),
        C("start past end", T([6]), 0, 4, 2),
        C("all defaults", T([4, 2])),
        C("negative dim", T([2, 8]), -1, 1, None, 3),
        C("storage offset input", off(4, 2), 0, 1, 3),
        C("transposed input", tr(4, 6), 1, 1, 3),
        C("zero size", T([0, 2]), 0, 0, 1),
        C("step zero", T([6]), 0, 0, 6, 0),
        C("dim out of range", T([6]), 1, 0, 1),
        C("start end and step", T([10, 4]), 0, 2, 9, 3),
        C("negative start to the end", T([10, 4]), 1, -3, None),
    ],
    "select.int": [
        C("first", T([3, 4]), 0, 0),
        C("negative index", T([3, 4]), 0, -1),
        C("dim 1", T([3, 4]), 1, 2),
        C("negative dim", T([2, 3, 4]), -2, 1),
        C("storage offset", off(3, 4), 0, 2),
        C("transposed", tr(3, 4), 1, 1),
        C("to zero-dim", T([5]), 0, 4),
        C("index out of range", T([3, 4]), 0, 3),
        C("negative index out of range", T([3, 4]), 1, -5),
        C("zero-dim input", T([]), 0, 0),
        C("dim out of range", T([3]), 1, 0),
        C("negative index in the middle dim", T([5, 4, 3]), 1, -1),
    ],
    "cat": [
        C("dim 0", [T([2, 3]), T([4, 3])], 0),
        C("dim 1", [T([2, 3]), T([2, 5])], 1),
        C("negative dim", [T([2, 3]), T([2, 1]), T([2, 2])], -1),
        C("single tensor", [T([2, 3])]),
        C("promote int and float", [T([2], dtype=i64), T([3], dtype=f32)]),
        C("zero size part", [T([0, 3]), T([2, 3])], 0),
        C("legacy empty 1-d skipped", [T([0]), T([2, 3])], 1),
        C("channels last inputs", [cl(1, 2, 3, 3), cl(1, 2, 3, 3)], 1),
        C("transposed inputs", [tr(2, 3), tr(2, 3)], 0),
        C("size mismatch", [T([2, 3]), T([2, 4])], 0),
        C("rank mismatch", [T([2, 3]), T([3])], 0),
        C("empty list", [], 0),
        C("zero-dim tensor", [T([]), T([])], 0),
        C("dim out of range", [T([2]), T([2])], 1),
        C("promote float and float64 along dim 1", [T([2, 3]), T([2, 5], dtype=f64)], 1),
        C("channels last and a channels-last slice of channels",
          [cl(2, 4, 3, 3), T([2, 4, 3, 3], strides=[72, 1, 24, 8])], 1),
        C("channels-last slices of channels", [T([2, 2, 3, 3], strides=[36, 1, 12, 4])] * 2, 1),
        C("channels last and contiguous", [cl(1, 2, 3, 3), T([1, 2, 3, 3])], 1),
        C("channels last 3d", [T([1, 2, 2, 3, 3], fmt=torch.channels_last_3d)] * 2, 1),
        C("both layouts at once and channels last", [T([2, 3, 1, 1], strides=[3, 1, 1, 1]), cl(2, 3, 1, 1)], 1),
    ],
    "convolution": [
        C("2d basic", T([2, 3, 8, 8]), T([4, 3, 3, 3]), T([4]), [1, 1], [0, 0], [1, 1], False, [0, 0], 1),
        C("2d stride padding dilation", T([1, 3, 9, 7]), T([6, 3, 3, 2]), None,
          [2, 1], [1, 2], [2, 1], False, [0, 0], 1),
        C("2d groups", T([1, 4, 5, 5]), T([8, 2, 3, 3]), None, [1, 1], [1, 1], [1, 1], False, [0, 0], 2),
        C("2d channels last input", cl(2, 3, 8, 8), T([4, 3, 3, 3]), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1),
        C("2d channels last both", cl(2, 3, 8, 8), cl(4, 3, 3, 3), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1),
        C("input and weight of other dtypes refused", T([1, 2, 5, 5], dtype=bf16), T([2, 2, 2, 2]), None,
          [1, 1], [0, 0], [1, 1], False, [0, 0], 1),
        C("a bias of another dtype taken", T([1, 2, 5, 5]), T([2, 2, 2, 2]), T([2], dtype=f64),
          [1, 1], [0, 0], [1, 1], False, [0, 0], 1),
        C("1d", T([2, 3, 10]), T([5, 3, 4]), T([5]), [2], [1], [1], False, [0], 1),
        C("3d", T([1, 2, 4, 5, 6]), T([3, 2, 2, 2, 2]), None, [1, 1, 1], [0, 0, 0], [1, 1, 1], False, [0, 0, 0], 1),
        C("transposed 2d", T([1, 4, 5, 5]), T([4, 3, 3, 3]), None, [2, 2], [1, 1], [1, 1], True, [1, 1], 1),
        C("unbatched 2d", T([3, 8, 8]), T([4, 3, 3, 3]), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1),
        C("channel mismatch", T([2, 3, 8, 8]), T([4, 2, 3, 3]), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1),
        C("bias of another length", T([2, 3, 8, 8]), T([4, 3, 3, 3]), T([5]), [1, 1], [0, 0], [1, 1], False, [0, 0], 1),
        C("bias of two dims", T([2, 3, 8, 8]), T([4, 3, 3, 3]), T([4, 1]), [1, 1], [0, 0], [1, 1], False, [0, 0], 1),
        C("transposed with bias", T([1, 4, 5, 5]), T([4, 3, 3, 3]), T([3]), [2, 2], [1, 1], [1, 1], True, [1, 1], 1),
        C("transposed bias of another length", T([1, 4, 5, 5]), T([4, 3, 3, 3]), T([4]), [2, 2], [1, 1], [1, 1], True, [1, 1], 1),
        C("transposed channel mismatch", T([1, 5, 5, 5]), T([4, 3, 3, 3]), None, [2, 2], [1, 1], [1, 1], True, [1, 1], 1),
        C("kernel larger than input", T([1, 3, 2, 2]), T([4, 3, 3, 3]), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1),
        C("zero batch", T([0, 3, 8, 8]), T([4, 3, 3, 3]), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1),
        C("negative stride", T([2, 3, 8, 8]), T([4, 3, 3, 3]), None, [-2, -2], [0, 0], [1, 1], False, [0, 0], 1),
        C("zero stride", T([2, 3, 8, 8]), T([4, 3, 3, 3]), None, [0, 1], [0, 0], [1, 1], False, [0, 0], 1),
        C("negative padding", T([2, 3, 8, 8]), T([4, 3, 3, 3]), None, [1, 1], [-1, 0], [1, 1], False, [0, 0], 1),
        C("negative dilation", T([2, 3, 8, 8]), T([4, 3, 3, 3]), None, [1, 1], [0, 0], [-1, -1], False, [0, 0], 1),
        C("zero dilation", T([2, 3, 8, 8]), T([4, 3, 3, 3]), None, [1, 1], [0, 0], [0, 0], False, [0, 0], 1),
        C("zero groups", T([2, 3, 8, 8]), T([4, 3, 3, 3]), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 0),
        C("negative output padding", T([1, 4, 5, 5]), T([4, 3, 3, 3]), None, [2, 2], [1, 1], [1, 1], True, [-1, -1], 1),
        C("padding beyond i64", T([2, 3, 8, 8]), T([4, 3, 3, 3]), None, [1, 1], [2**62, 0], [1, 1], False, [0, 0], 1),
        C("2d stride and padding pairs", T([2, 3, 10, 12]), T([8, 3, 3, 3]), None, [2, 1], [1, 0], [1, 1], False, [0, 0], 1),
        C("2d grouped with single-int lists", T([2, 4, 10, 12]), T([8, 2, 3, 3]), T([8]), [1], [1], [2], False, [0], 2),
        C("1d with a weight laid out channels-last", T([2, 3, 10]), T([5, 3, 4], strides=[12, 1, 3]), T([5]),
          [2], [1], [1], False, [0], 1),
        C("1d channels-last input", T([2, 3, 10], strides=[30, 1, 3]), T([5, 3, 4]), None,
          [2], [1], [1], False, [0], 1),
        C("empty batch with a channels-last weight", T([0, 3, 8, 8]), T([4, 3, 3, 3], strides=[27, 1, 9, 3]), None,
          [1, 1], [0, 0], [1, 1], False, [0, 0], 1),
        C("3d channels-last float32 batch of one", T([1, 4, 5, 6, 7], strides=[840, 1, 168, 28, 4]),
          T([3, 4, 1, 1, 1]), None, [1, 1, 1], [0, 0, 0], [1, 1, 1], False, [0, 0, 0], 1),
        C("3d channels-last float32", T([2, 4, 5, 6, 7], strides=[840, 1, 168, 28, 4]),
          T([3, 4, 2, 3, 2]), None, [1, 1, 1], [0, 0, 0], [1, 1, 1], False, [0, 0, 0], 1),
        C("3d channels-last bfloat16 batch of one", T([1, 4, 5, 6, 7], strides=[840, 1, 168, 28, 4], dtype=bf16),
          T([3, 4, 1, 1, 1], dtype=bf16), None, [1, 1, 1], [0, 0, 0], [1, 1, 1], False, [0, 0, 0], 1),
        C("3d channels-last float64", T([2, 4, 5, 6, 7], strides=[840, 1, 168, 28, 4], dtype=f64),
          T([3, 4, 2, 3, 2], dtype=f64), None, [1, 1, 1], [0, 0, 0], [1, 1, 1], False, [0, 0, 0], 1),
        C("2d channels-last float16 batch of one", T([1, 3, 8, 8], strides=[192, 1, 24, 3], dtype=f16),
          T([4, 3, 1, 1], dtype=f16), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1),
    ],
    "max_pool2d_with_indices": [
        C("basic", T([1, 3, 8, 8]), [2, 2]),
        C("stride and padding", T([2, 3, 9, 9]), [3, 3], [2, 2], [1, 1]),
        C("ceil mode", T([1, 1, 7, 7]), [2, 2], [2, 2], [0, 0], [1, 1], True),
        C("dilation", T([1, 2, 10, 10]), [3, 3], [1, 1], [0, 0], [2, 2]),
        C("single int sizes", T([1, 2, 6, 6]), [2]),
        C("unbatched", T([3, 8, 8]), [2, 2]),
        C("channels last", cl(2, 3, 8, 8), [2, 2]),
        C("float16", T([1, 3, 4, 4], dtype=f16), [2, 2]),
        C("padding more than half kernel", T([1, 1, 8, 8]), [2, 2], [2, 2], [2, 2]),
        C("kernel larger than input", T([1, 1, 2, 2]), [3, 3]),
        C("2-d input", T([8, 8]), [2, 2]),
        C("zero kernel", T([1, 1, 8, 8]), [0, 0]),
        C("zero stride", T([1, 1, 8, 8]), [2, 2], [0, 0]),
        C("negative stride", T([1, 1, 8, 8]), [2, 2], [-1, -1]),
        C("zero dilation", T([1, 1, 8, 8]), [2, 2], [2, 2], [0, 0], [0, 0]),
        C("negative padding", T([1, 1, 8, 8]), [2, 2], [2, 2], [-1, -1]),
        C("padding within dilated half but beyond plain half", T([1, 1, 9, 9]), [3, 3], [1, 1], [2, 2], [2, 2]),
        C("zero channels", T([1, 0, 8, 8]), [2, 2]),
        C("zero batch", T([0, 2, 8, 8]), [2, 2]),
        C("ceil mode with padding", T([2, 3, 9, 9]), [3, 3], [2, 2], [1, 1], [1, 1], True),
    ],
    "native_layer_norm": [
        C("last dim", T([2, 3, 4]), [4], None, None, 1e-5),
        C("two dims with affine", T([2, 3, 4]), [3, 4], T([3, 4]), T([3, 4]), 1e-5),
        C("float16", T([2, 4], dtype=f16), [4], T([4], dtype=f16), T([4], dtype=f16), 1e-5),
        C("bfloat16", T([2, 4], dtype=bf16), [4], None, None, 1e-5),
        C("transposed input", tr(3, 4), [4], None, None, 1e-5),
        C("zero size batch", T([0, 4]), [4], None, None, 1e-5),
        C("all dims", T([2, 3]), [2, 3], None, None, 1e-5),
        C("shape mismatch", T([2, 3, 4]), [3], None, None, 1e-5),
        C("weight mismatch", T([2, 4]), [4], T([3]), None, 1e-5),
        C("two trailing dims of 4-d", T([2, 3, 4, 5]), [4, 5], None, None, 1e-5),
        C("int64 refused", T([2, 4], dtype=i64), [4], None, None, 1e-5),
        C("bool refused", T([2, 4], dtype=b8), [4], None, None, 1e-5),
        C("complex refused", T([2, 4], dtype=c64), [4], None, None, 1e-5),
        C("cuda float16", T([2, 4], dtype=f16, device="cuda"), [4], None, None, 1e-5),
        C("cuda bfloat16 with affine", T([2, 4], dtype=bf16, device="cuda"), [4],
          T([4], dtype=bf16, device="cuda"), T([4], dtype=bf16, device="cuda"), 1e-5),
        C("cuda float32", T([2, 4], device="cuda"), [4], None, None, 1e-5),
        # On CUDA the weight (else the bias) must have the input's dtype.
        C("cuda float16 with a float32 weight refused", T([2, 4], dtype=f16, device="cuda"), [4],
          T([4], device="cuda"), None, 1e-5),
        C("cuda float16 with a bfloat16 bias refused", T([2, 4], dtype=f16, device="cuda"), [4],
          T([4], dtype=f16, device="cuda"), T([4], dtype=bf16, device="cuda"), 1e-5),
        C("cuda float16 with no rows and a float32 weight", T([0, 4], dtype=f16, device="cuda"), [4],
          T([4], device="cuda"), None, 1e-5),
        C("cpu float16 with a float32 weight", T([2, 4], dtype=f16), [4], T([4]), None, 1e-5),
        C("no normalized dims refused", T([2, 4]), [], None, None, 1e-5),
    ],
    "_softmax": [
        C("last dim", T([2, 3]), -1, False),
        C("dim 0", T([2, 3]), 0, False),
        C("transposed", tr(2, 3), 1, False),
        C("channels last", cl(2, 3, 4, 4), 1, False),
        C("zero-dim", T([]), 0, False),
        C("float16", T([2, 3], dtype=f16), 1, False),
        C("half to float on cpu", T([2, 3], dtype=f16), 1, True),
        C("half to float on cuda", T([2, 3], dtype=f16, device="cuda"), 1, True),
        C("zero size", T([0, 3]), 1, False),
        C("dim out of range", T([2, 3]), 2, False),
    ],
    "embedding": [
        C("matrix of indices", T([10, 3]), T([2, 4], dtype=i64)),
        C("vector of indices", T([10, 3]), T([5], dtype=i64)),
        C("int32 indices", T([10, 3]), T([5], dtype=i32)),
        C("zero-dim index", T([10, 3]), T([], dtype=i64)),
        C("float16 weight", T([10, 3], dtype=f16), T([2], dtype=i64)),
        C("transposed weight", tr(10, 3), T([4], dtype=i64)),
        C("padding idx", T([10, 3]), T([4], dtype=i64), 0),
        C("zero indices", T([10, 3]), T([0], dtype=i64)),
        C("float indices", T([10, 3]), T([4])),
        C("vector weight", T([10]), T([4], dtype=i64)),
    ],
    "nonzero": [
        C("matrix", T([3, 4])),
        C("bool vector", T([5], dtype=b8)),
        C("3-d int", T([2, 3, 4], dtype=i64)),
        C("zero-dim", T([])),
        C("zero size", T([0, 3])),
        C("transposed", tr(3, 4)),
    ],
    "_to_copy": [
        C("no change", T([2, 3])),
        C("dtype", T([2, 3]), dtype=f16),
        C("device", T([2, 3]), device=torch.device("cuda:0")),
        C("to channels last", T([2, 3, 4, 5]), memory_format=CL),
        C("preserve transposed", tr(2, 3)),
        C("contiguous from transposed", tr(2, 3), memory_format=torch.contiguous_format),
        C("preserve channels last", cl(2, 3, 4, 5), dtype=f64),
        C("preserve non-dense", T([4, 6], then=lambda t: t[:, ::2])),
        C("storage offset dropped", off(2, 3)),
        C("zero-dim", T([], dtype=i64), dtype=f32),
        C("channels last on 3-d", T([2, 3, 4]), memory_format=CL),
        C("permuted to float16", T([4, 2, 3], strides=[1, 12, 4]), dtype=f16),
        # The decomposition moves a tensor as it is (`prims.device_put`).
        C("non-dense moved to cuda", T([4, 6], then=lambda t: t[1:, ::2]), device=torch.device("cuda:0")),
        C("non-dense moved to cpu", T([4, 6], device="cuda", then=lambda t: t[1:, ::2]), device=torch.device("cpu")),
        C("expanded moved to cuda", T([3], then=lambda t: t.expand(2, 3)), device=torch.device("cuda:0")),
        C("non-dense to its own device", T([4, 6], then=lambda t: t[1:, ::2]), device=torch.device("cpu")),
        C("non-dense moved and converted", T([4, 6], then=lambda t: t[1:, ::2]), dtype=f16, device=torch.device("cuda:0")),
        C("non-dense moved to contiguous", T([4, 6], then=lambda t: t[1:, ::2]), device=torch.device("cuda:0"), memory_format=torch.contiguous_format),
    ],
    "div_.Tensor": [
        C("float", T([2, 3]), T([3])),
        C("int self refused", T([2, 3], dtype=i64), T([3], dtype=i64)),
        C("broadcast self refused", T([3]), T([2, 3])),
    ],
    "div.Tensor_mode": [
        C("true division of ints", T([2, 3], dtype=i64), T([3], dtype=i64), rounding_mode=None),
        C("floor of ints", T([2, 3], dtype=i64), T([3], dtype=i64), rounding_mode="floor"),
        C("trunc of floats", tr(2, 3), T([3]), rounding_mode="trunc"),
        C("unknown mode", T([2, 3]), T([3]), rounding_mode="round"),
        C("floor of bools refused", T([3], dtype=b8), T([3], dtype=b8), rounding_mode="floor"),
        C("trunc of bools", T([3], dtype=b8), T([3], dtype=b8), rounding_mode="trunc"),
        C("floor of transposed floats by a column", tr(2, 3), T([2, 1]), rounding_mode="floor"),
        C("floor of channels last floats", cl(2, 3, 4, 4), T([2, 3, 4, 4]), rounding_mode="floor"),
        C("trunc of a size-1 dim with its own stride", T([1, 2], strides=[1, 1]), T([2], strides=[2], offset=1),
          rounding_mode="trunc"),
        C("trunc of transposed ints by a column", tr(2, 3, dtype=i64), T([2, 1], dtype=i64), rounding_mode="trunc"),
        C("trunc of complex by a strided float", T([1, 2], dtype=c64, strides=[1, 1]), T([2], strides=[2], offset=1),
          rounding_mode="trunc"),
    ],
    "div_.Tensor_mode": [
        C("floor of ints", T([2, 3], dtype=i64), T([3], dtype=i64), rounding_mode="floor"),
        C("true division of ints refused", T([2, 3], dtype=i64), T([3], dtype=i64), rounding_mode=None),
    ],
    "floor_divide": [
        C("ints", T([2, 3], dtype=i64), T([3], dtype=i64)),
        C("floats", tr(2, 3), T([2, 1])),
        C("transposed floats", tr(2, 3), tr(2, 3)),
        C("floats by a zero-dim tensor", tr(2, 3), T([])),
        C("column by transposed floats", T([2, 1]), tr(2, 3)),
        C("channels last floats", cl(2, 3, 4, 4), T([2, 3, 4, 4])),
        C("channels last floats by a vector", cl(2, 3, 4, 4), T([1])),
        C("channels last by channels last", cl(2, 3, 4, 4), cl(2, 3, 4, 4)),
        C("transposed ints by a column", tr(2, 3, dtype=i64), T([2, 1], dtype=i64)),
        C("transposed uint8 by a column", tr(2, 3, dtype=torch.uint8), T([2, 1], dtype=torch.uint8)),
        C("transposed ints by a zero-dim tensor", tr(2, 3, dtype=i64), T([], dtype=i64)),
    ],
    "floor_divide_.Tensor": [
        C("ints", T([2, 3], dtype=i64), T([3], dtype=i64)),
    ],
    "histc": [
        C("floats", T([10]), 5, 0.0, 1.0),
        C("default bins", T([3, 4])),
        C("ints refused on cpu", T([10], dtype=i64), 5),
        C("no bins", T([10]), 0),
        C("max below min", T([10]), 5, 2.0, 1.0),
    ],
    "empty_like": [
        C("transposed kept", tr(2, 3)),
        C("channels last kept", cl(2, 3, 4, 5), dtype=f16),
        C("contiguous asked", tr(2, 3), memory_format=torch.contiguous_format),
        C("storage offset dropped", off(2, 3)),
        C("contiguous", T([2, 3])),
    ],
    "empty_permuted": [
        C("channels last order", [2, 3, 4, 5], [0, 2, 3, 1]),
        C("reversed", [2, 3, 4], [2, 1, 0], dtype=f16),
        C("wrong length", [2, 3], [0]),
    ],
    "zero_": [
        C("transposed kept", tr(2, 3)),
        C("int", T([4], dtype=i64)),
    ],
    "clamp_min": [
        C("float", T([2, 3]), 0.5),
        C("int tensor float bound", T([2, 3], dtype=i64), 0.5),
        C("transposed", tr(2, 3), 0),
    ],
    "expand_as": [
        C("broadcast column", T([3, 1]), T([3, 4])),
        C("new leading dims", T([3, 1]), T([2, 3, 4])),
        C("zero-dim", T([]), T([2, 2])),
        C("mismatch", T([3, 2]), T([3, 4])),
    ],
    "linalg_vector_norm": [
        C("all", T([2, 3])),
        C("one dim keepdim", T([2, 3, 4]), 2, [1], True),
        C("three norm", tr(3, 4), 3, [0]),
        C("zero norm", T([3, 4]), 0, [1]),
        C("complex input", T([3, 4], dtype=torch.complex64), 2, [1]),
        C("dtype", T([3, 4]), 2, None, False, dtype=f64),
        C("complex input, complex dtype", T([3, 4], dtype=c64), 2, [1], True, dtype=torch.complex128),
        C("size-one dims", T([3, 1]), 2, [1]),
        C("int refused", T([3], dtype=i64)),
    ],
    "to.device": [
        C("no change is self", T([2, 3]), torch.device("cpu"), f32),
        C("dtype", tr(2, 3), torch.device("cpu"), f16),
        C("device", T([2, 3]), torch.device("cuda:0"), f32),
        C("copy", off(2, 3), torch.device("cpu"), f32, False, True),
    ],
    "type_as": [
        C("same type is self", T([2, 3]), T([4])),
        C("other dtype", tr(2, 3), T([4], dtype=f64)),
    ],
    "empty.memory_format": [
        C("matrix", [2, 3]),
        C("int64", [4], dtype=i64),
        C("cuda", [2, 2], device=torch.device("cuda:0")),
        C("channels last", [2, 3, 4, 5], memory_format=CL),
        # Channels-last strides multiply sizes as they are: a zero size
        # zeroes the strides outside it.
        C("channels last with zero height", [2, 3, 0, 10], memory_format=CL),
        C("channels last with zero channels", [2, 0, 4, 5], memory_format=CL),
        C("channels last 3d with zero depth", [2, 3, 0, 4, 5], memory_format=torch.channels_last_3d),
        C("zero-dim", []),
        C("zero size", [0, 3]),
        C("layout strided", [3], layout=torch.strided),
        C("channels last on 3-d", [2, 3, 4], memory_format=CL),
        C("negative size", [2, -1]),
        C("int32", [2, 3], dtype=i32),
    ],
    "full": [
        C("float fill", [2, 3], 1.5),
        C("int fill", [2, 3], 7),
        C("bool fill", [4], True),
        C("complex fill", [2], 1 + 1j),
        C("explicit dtype", [2], 1, dtype=f16),
        C("cuda", [2], 0.0, device=torch.device("cuda:0")),
        C("zero-dim", [], 3),
        C("zero size", [0, 4], 1.0),
        C("negative size", [-2], 1.0),
    ],
    "add_.Tensor": [
        C("same shape", T([2, 3]), T([2, 3])),
        C("broadcast other", T([2, 3]), T([3])),
        C("transposed self keeps strides", tr(2, 3), T([2, 3])),
        C("channels last self", cl(1, 2, 3, 3), T([1, 2, 3, 3])),
        C("int other into float", T([2]), T([2], dtype=i64)),
        C("float other into int", T([2], dtype=i64), T([2])),
        C("zero-dim other", T([2], dtype=f16), T([], dtype=f64)),
        C("self would need to broadcast", T([1, 3]), T([2, 3])),
        C("storage offset self", off(2, 3), T([3])),
        C("alpha", T([2]), T([2]), alpha=3),
        C("broadcast int64 other", T([2, 3]), T([3], dtype=i64)),
    ],
    "diff": [
        C("last dim", T([3, 5])),
        C("order zero copies", T([3, 5]), 0),
        C("order beyond the size", T([3, 5]), 7),
        C("second order along dim 0", T([3, 5]), 2, 0),
        C("bool uses xor", T([3, 5], dtype=b8)),
        C("transposed keeps its layout", tr(5, 3)),
        C("order zero keeps the layout", tr(5, 3), 0),
        C("prepend promotes", T([3, 5], dtype=i32), 1, -1, T([3, 2])),
        C("prepend and append", T([3, 5]), 1, -1, T([3, 2]), T([3, 1])),
        C("order zero ignores prepend", T([3, 5]), 0, -1, T([3, 2])),
        C("order zero ignores a bad dim", T([3, 5]), 0, 5),
        C("zero length returns self", T([3, 0])),
        C("many rounds", T([2, 100]), 90),
        C("negative order", T([3, 5]), -1),
        C("zero-dim", T([])),
        C("bad dim", T([3, 5]), 1, 2),
        C("prepend of another rank", T([3, 5]), 1, -1, T([3])),
        C("prepend of another size", T([3, 5]), 1, -1, T([2, 2])),
    ],
    "resize_": [
        C("grow", T([2, 3]), [4, 5]),
        C("shrink", T([4, 5]), [2, 3]),
        C("same sizes keep transposed strides", tr(2, 3), [2, 3]),
        C("new sizes of transposed become contiguous", tr(2, 3), [3, 2]),
        C("same sizes with a format", tr(2, 3), [2, 3], memory_format=torch.contiguous_format),
        C("channels last", T([2, 3, 4, 5]), [2, 3, 4, 5], memory_format=CL),
        C("to zero-dim", T([2, 3]), []),
        C("zero size", T([2, 3]), [0, 3]),
        C("storage offset kept", off(2, 3), [3, 3]),
        C("negative size", T([2, 3]), [-1, 3]),
        C("preserve format refused", T([2, 3]), [3, 2], memory_format=torch.preserve_format),
    ],
    "add.out": [
        C("same shape out", T([2, 3]), T([2, 3]), out=T([2, 3])),
        C("broadcast into resized empty out", T([2, 1]), T([1, 3]), out=T([0])),
        C("out of another shape is resized", T([2, 3]), T([2, 3]), out=T([5])),
        C("transposed out keeps its strides", T([2, 3]), T([2, 3]), out=tr(2, 3)),
        C("resized out follows transposed inputs", tr(2, 3), tr(2, 3), out=T([0])),
        C("int result into float out", T([2], dtype=i64), T([2], dtype=i64), out=T([2])),
        C("float result into int out", T([2]), T([2]), out=T([2], dtype=i64)),
        C("out with a storage offset", T([2, 3]), T([3]), out=off(2, 3)),
        C("alpha", T([2]), T([2]), alpha=2, out=T([2])),
        C("size mismatch", T([2, 3]), T([2, 4]), out=T([2, 3])),
        C("cuda out for cpu inputs", T([2]), T([2]), out=T([2], device="cuda")),
    ],
    "t_": [
        C("matrix", T([2, 3])),
        C("vector", T([3])),
        C("zero-dim", T([])),
        C("transposed input", tr(2, 3)),
        C("storage offset", off(2, 3)),
        C("3-d", T([2, 3, 4])),
    ],
    "unsqueeze_": [
        C("front", T([2, 3]), 0),
        C("back", T([2, 3]), -1),
        C("middle of transposed", tr(2, 3), 1),
        C("zero-dim", T([]), 0),
        C("storage offset", off(2, 3), 1),
        C("out of range", T([2, 3]), 3),
    ],
}




CASES.update({
    "clamp": [
        C("both bounds", T([2, 3]), -1, 1),
        C("min only", T([2, 3]), 0.5),
        C("max only", T([2, 3]), None, 2),
        C("int tensor float bound", T([4], dtype=i64), 0.5, 2),
        C("int tensor int bounds", T([4], dtype=i32), 0, 3),
        C("no bounds", T([2])),
        C("transposed", tr(2, 3), 0, 1),
        C("bool tensor", T([3], dtype=b8), 0, 1),
        C("zero-dim", T([]), 0, 1),
    ],
    "clamp.Tensor": [
        C("both bounds", T([2, 3]), T([2, 3]), T([2, 3])),
        C("broadcast bounds", T([2, 3]), T([3]), T([2, 1])),
        C("min only", T([2, 3]), T([3])),
        C("int tensor float bounds", T([4], dtype=i64), T([4]), None),
        C("zero-dim bound promotes weakly", T([4], dtype=f16), T([], dtype=f64), None),
        C("bounds broadcast the output", T([3]), T([2, 3]), None),
        C("three strided inputs broadcast", T([4, 4], strides=[8, 2], offset=1),
          T([4, 4, 1], strides=[1, 4, 16]), T([4, 1, 4], strides=[2, 8, 8], offset=1)),
        C("transposed self, max only", tr(3, 4), None, T([4, 1])),
    ],
    "hardtanh": [
        C("defaults", T([2, 3])),
        C("bounds", T([2, 3]), -2, 2),
        C("int tensor", T([4], dtype=i64), -1, 1),
        C("transposed", tr(2, 3)),
        C("float16", T([3], dtype=f16)),
    ],
    "leaky_relu": [
        C("default slope", T([2, 3])),
        C("slope", T([2, 3]), 0.2),
        C("float16", T([3], dtype=f16)),
        C("channels last", cl(1, 2, 3, 3)),
        C("zero-dim", T([])),
        C("int slope", T([2, 3]), 1),
        C("int64 with an int slope", T([3], dtype=i64), 0),
        C("int64 with the default slope refused", T([3], dtype=i64)),
        C("bool with an int slope refused", T([3], dtype=b8), 1),
        C("bool with a bool slope", T([3], dtype=b8), True),
    ],
    "elu": [
        C("defaults", T([2, 3])),
        C("alpha and scales", T([2, 3]), 0.5, 2, 1.5),
        C("float64", T([3], dtype=f64)),
        C("transposed", tr(2, 3)),
        C("int64 refused", T([2, 3], dtype=i64)),
        C("int64 with int parameters refused", T([2, 3], dtype=i64), 1, 1, 1),
        C("bool refused", T([2, 3], dtype=b8)),
        C("complex", T([2, 3], dtype=c64)),
    ],
    "pow.Scalar": [
        C("float base", 2.0, T([2, 3])),
        C("int base float exponent", 2, T([3])),
        C("int base int exponent", 2, T([3], dtype=i64)),
        C("float base int exponent", 2.5, T([3], dtype=i32)),
        C("bool exponent", 2, T([3], dtype=b8)),
        C("complex base", 1 + 1j, T([3])),
        C("transposed exponent", 3.0, tr(2, 3)),
    ],
    "pow.Tensor_Tensor": [
        C("same shape", T([2, 3]), T([2, 3])),
        C("broadcast", T([3, 1]), T([1, 4])),
        C("int and float", T([2], dtype=i64), T([2])),
        C("bool and bool", T([2], dtype=b8), T([2], dtype=b8)),
        C("int32 and zero-dim int64", T([2], dtype=i32), T([], dtype=i64)),
        C("size mismatch", T([2, 3]), T([2, 4])),
    ],
    "remainder.Scalar": binary_cases(scalar=True),
    "remainder.Tensor": binary_cases(),
    "fmod.Scalar": binary_cases(scalar=True),
    "fmod.Tensor": binary_cases(),
    "fill.Scalar": [
        C("float value", T([2, 3]), 1.5),
        C("int tensor float value", T([3], dtype=i64), 2.5),
        C("bool tensor", T([3], dtype=b8), 1),
        C("transposed keeps its layout", tr(2, 3), 0),
        C("channels last", cl(1, 2, 3, 3), 0),
        C("storage offset", off(2, 3), 0),
        C("zero-dim", T([]), 7),
        C("complex value into float", T([2]), 1 + 1j),
    ],
})

CASES.update({
    "any": [
        C("float matrix", T([2, 3])),
        C("bool", T([4], dtype=b8)),
        C("uint8 stays uint8", T([4], dtype=u8)),
        C("int64", T([2, 2], dtype=i64)),
        C("zero size", T([0, 3])),
        C("zero-dim", T([])),
    ],
    "any.dim": [
        C("dim 1", T([2, 3]), 1),
        C("keepdim", T([2, 3]), 0, True),
        C("negative dim", T([2, 3, 4]), -1),
        C("uint8", T([2, 3], dtype=u8), 0),
        C("dim out of range", T([2, 3]), 2),
        C("zero-dim", T([]), 0),
    ],
    "argmax": [
        C("all dims", T([2, 3])),
        C("dim 0", T([2, 3]), 0),
        C("keepdim", T([2, 3]), 1, True),
        C("all dims keepdim", T([2, 3]), None, True),
        C("int input", T([4], dtype=i32), 0),
        C("empty without dim", T([0, 3])),
        C("empty reduced dim", T([0, 3]), 0),
        C("empty kept dim", T([0, 3]), 1),
        C("zero-dim", T([])),
    ],
    "argmin": [
        C("all dims", T([2, 3])),
        C("dim 0", T([2, 3]), 0),
        C("keepdim", T([2, 3]), 1, True),
        C("empty without dim", T([0, 3])),
    ],
    "mean": [
        C("float", T([2, 3])),
        C("float16", T([2], dtype=f16)),
        C("int input refused", T([3], dtype=i64)),
        C("int input with dtype", T([3], dtype=i64), dtype=f64),
        C("complex", T([2], dtype=c64)),
        C("zero size", T([0, 3])),
    ],
    "prod": [
        C("float", T([2, 3])),
        C("int32 becomes int64", T([3], dtype=i32)),
        C("bool becomes int64", T([3], dtype=b8)),
        C("explicit dtype", T([3], dtype=i32), dtype=f32),
        C("zero size", T([0, 3])),
    ],
    "prod.dim_int": [
        C("dim 1", T([2, 3]), 1),
        C("keepdim", T([2, 3]), 0, True),
        C("int input", T([2, 3], dtype=u8), 1),
        C("explicit dtype", T([2, 3]), 0, dtype=f64),
        C("dim out of range", T([2, 3]), 3),
    ],
})

CASES.update({
    "var.correction": [
        C("all dims", T([2, 3])),
        C("dim and keepdim", T([2, 3]), [1], correction=0, keepdim=True),
        C("two dims", T([2, 3, 4]), [0, 2]),
        C("complex gives real", T([3], dtype=c64)),
        C("int refused", T([3], dtype=i64)),
        C("float16", T([4], dtype=f16), [0]),
    ],
    "var.dim": [
        C("dim 0", T([2, 3]), [0]),
        C("keepdim", T([2, 3]), [1], True, True),
        C("all dims", T([2, 3]), None),
        C("float64", T([4], dtype=f64), [0], False),
    ],
    "index_select": [
        C("rows", T([4, 3]), 0, T([2], dtype=i64)),
        C("columns", T([4, 3]), 1, T([5], dtype=i64)),
        C("int32 index", T([4, 3]), 0, T([2], dtype=i32)),
        C("zero-dim index", T([4, 3]), 0, T([], dtype=i64)),
        C("transposed input", tr(4, 3), 0, T([2], dtype=i64)),
        C("float index refused", T([4, 3]), 0, T([2])),
        C("2-d index refused", T([4, 3]), 0, T([2, 2], dtype=i64)),
        C("zero-dim input", T([]), 0, T([1], dtype=i64)),
    ],
    "gather": [
        C("same rank", T([3, 4]), 1, T([3, 2], dtype=i64)),
        C("dim 0", T([3, 4]), 0, T([2, 4], dtype=i64)),
        C("index smaller", T([3, 4]), 1, T([2, 2], dtype=i64)),
        C("transposed index", T([3, 4]), 1, tr(3, 2, dtype=i64)),
        C("rank mismatch", T([3, 4]), 1, T([3], dtype=i64)),
        C("int32 index refused", T([3, 4]), 1, T([3, 2], dtype=i32)),
        C("index larger than self off dim", T([3, 4]), 1, T([4, 2], dtype=i64)),
        C("float index refused", T([3, 4]), 1, T([3, 2])),
        C("empty index of another rank", T([3, 4]), 1, T([0], dtype=i64)),
        C("dim out of range", T([3, 4]), 2, T([3, 2], dtype=i64)),
    ],
    "flip": [
        C("dim 0", T([2, 3]), [0]),
        C("both dims", T([2, 3]), [0, 1]),
        C("transposed", tr(2, 3), [1]),
        C("channels last", cl(1, 2, 3, 3), [2]),
        C("no dims", T([2, 3]), []),
        C("repeated dim", T([2, 3]), [0, 0]),
        C("storage offset", off(2, 3), [0]),
    ],
    "repeat": [
        C("tile", T([2, 3]), [2, 2]),
        C("more dims", T([3]), [2, 1, 2]),
        C("transposed", tr(2, 3), [1, 1]),
        C("zero repeat", T([2]), [0]),
        C("too few repeats", T([2, 3]), [2]),
    ],
    "constant_pad_nd": [
        C("last dim", T([2, 3]), [1, 2]),
        C("two dims", T([2, 3]), [1, 1, 2, 2]),
        C("negative pad crops", T([2, 5]), [-1, -1]),
        C("transposed", tr(2, 3), [1, 1]),
        C("channels last", cl(1, 2, 3, 3), [1, 1]),
        C("odd pad length", T([2, 3]), [1]),
        C("too long", T([3]), [1, 1, 1, 1]),
        C("crop below zero", T([2, 3]), [-2, -2]),
        C("negative pads crop a permuted input", T([2, 5], strides=[1, 2]), [-1, -1]),
        C("negative and zero pads on a permuted input", T([2, 5], strides=[1, 2]), [-1, 0]),
        C("zero pads on a permuted input", T([2, 5], strides=[1, 2]), [0, 0]),
        C("negative pads crop channels last", cl(2, 3, 4, 5), [-1, -1, 0, 0]),
        C("positive pads on a permuted input", T([2, 5], strides=[1, 2]), [1, 1]),
    ],
})

CASES.update({
    "max.dim": [
        C("dim 1", T([2, 3]), 1),
        C("keepdim", T([2, 3]), 0, True),
        C("int input", T([2, 3], dtype=i32), 1),
        C("transposed", tr(2, 3), 1),
        C("empty reduced dim", T([0, 3]), 0),
        C("empty kept dim", T([0, 3]), 1),
        C("zero-dim", T([]), 0),
        C("dim out of range", T([2, 3]), 2),
    ],
    "min.dim": [
        C("dim 1", T([2, 3]), 1),
        C("keepdim", T([2, 3]), 0, True),
        C("empty reduced dim", T([0, 3]), 0),
    ],
    "sort": [
        C("last dim", T([2, 3])),
        C("dim 0 descending", T([2, 3]), 0, True),
        C("transposed", tr(2, 3)),
        C("channels last", cl(1, 2, 3, 3), 1),
        C("int input", T([4], dtype=i64)),
        C("zero-dim", T([])),
        C("storage offset", off(2, 3)),
    ],
    "topk": [
        C("k along last dim", T([2, 5]), 3),
        C("k along dim 0", T([4, 3]), 2, 0),
        C("k zero", T([2, 5]), 0),
        C("k equal to size", T([2, 5]), 5),
        C("k too large", T([2, 5]), 6),
        C("transposed", tr(2, 5), 2),
        C("zero-dim", T([]), 1),
    ],
})

CASES.update({
    "sum": [
        C("float", T([2, 3])),
        C("int32 accumulates to int64", T([3], dtype=i32)),
        C("bool accumulates to int64", T([3], dtype=b8)),
        C("explicit dtype", T([2, 3], dtype=i64), dtype=f64),
        C("transposed", tr(2, 3)),
        C("zero size", T([0, 3])),
        C("zero-dim", T([])),
    ],
    "new_zeros": [
        C("self's dtype", T([2], dtype=i32), [3, 4]),
        C("explicit dtype", T([2]), [3], dtype=f64),
        C("cuda self", T([2], device="cuda"), [2, 2]),
        C("device given", T([2]), [2], device=torch.device("cuda:0")),
        C("transposed self is not followed", tr(2, 3), [2, 3]),
        C("zero-dim", T([2]), []),
        C("negative size", T([2]), [-1]),
    ],
    "new_empty": [
        C("self's dtype", T([2], dtype=f16), [3, 4]),
        C("explicit dtype", T([2]), [3], dtype=i64),
        C("channels last self is not followed", cl(1, 2, 3, 3), [1, 2, 3, 3]),
        C("zero size", T([2]), [0, 2]),
        C("negative size", T([2]), [2, -3]),
    ],
    "new_full": [
        C("float fill", T([2], dtype=i64), [3], 1.5),
        C("int fill", T([2]), [2, 2], 7),
        C("explicit dtype", T([2]), [3], 1, dtype=i32),
        C("negative size", T([2]), [-1], 0),
    ],
    "new_ones": [
        C("self's dtype", T([2], dtype=b8), [3]),
        C("explicit dtype", T([2]), [2, 3], dtype=f64),
        C("int32 self", T([2], dtype=i32), [3, 4]),
    ],
    "view_as": [
        C("merge dims", T([2, 3, 4]), T([6, 4])),
        C("other's dtype ignored", T([2, 3]), T([3, 2], dtype=i64)),
        C("split dim of transposed", tr(4, 6), T([2, 3, 4])),
        C("merge dims of transposed refused", tr(4, 6), T([24])),
        C("storage offset kept", off(2, 6), T([3, 4])),
        C("wrong numel", T([2, 3]), T([4, 2])),
        C("zero-dim", T([1]), T([])),
    ],
    "reshape_as": [
        C("merge dims", T([2, 3, 4]), T([6, 4])),
        C("transposed merge copies", tr(4, 6), T([24])),
        C("transposed split copies", tr(4, 6), T([2, 3, 4])),
        C("transposed split views", tr(4, 6), T([2, 2, 6])),
        C("channels last to flat", cl(2, 3, 4, 4), T([2, 48])),
        C("wrong numel", T([2, 3]), T([5])),
    ],
    "unflatten.int": [
        C("split last dim", T([2, 12]), -1, [3, 4]),
        C("infer minus one", T([2, 12]), 1, [-1, 6]),
        C("first dim", T([6, 5]), 0, [2, 3]),
        C("one size", T([6, 5]), 0, [6]),
        C("transposed input", tr(6, 4), 0, [2, 3]),
        C("storage offset", off(4, 3), 0, [2, 2]),
        C("wrong product", T([6, 5]), 0, [4, 2]),
        C("empty sizes", T([6, 5]), 0, []),
        C("dim out of range", T([6, 5]), 2, [6]),
        C("two minus ones", T([6, 5]), 0, [-1, -1]),
        C("zero size", T([0, 5]), 0, [0, 3]),
    ],
    "mul_.Tensor": [
        C("same shape", T([2, 3]), T([2, 3])),
        C("broadcast other", T([2, 3]), T([3])),
        C("transposed self keeps strides", tr(2, 3), T([2, 3])),
        C("int other into float", T([2]), T([2], dtype=i64)),
        C("float other into int", T([2], dtype=i64), T([2])),
        C("self would need to broadcast", T([1, 3]), T([2, 3])),
        C("storage offset self", off(2, 3), T([3])),
    ],
    "masked_fill.Scalar": [
        C("same shape", T([2, 3]), T([2, 3], dtype=b8), 1.0),
        C("mask broadcasts", T([2, 3]), T([3], dtype=b8), 0),
        C("self broadcasts", T([3, 1]), T([3, 2], dtype=b8), 1.0),
        C("transposed self becomes contiguous", tr(2, 3), T([3, 1], dtype=b8), 1.0),
        C("channels last self becomes contiguous", cl(1, 2, 3, 3), T([3], dtype=b8), 1.0),
        C("int self float value", T([3], dtype=i64), T([3], dtype=b8), 1.5),
        C("complex value into float", T([3]), T([3], dtype=b8), 1 + 1j),
        C("float mask", T([3]), T([3]), 1.0),
        C("mismatch", T([2]), T([3], dtype=b8), 1.0),
    ],
    "masked_fill.Tensor": [
        C("zero-dim value", T([2, 3]), T([2, 3], dtype=b8), T([])),
        C("value of another dtype", T([2, 3]), T([3], dtype=b8), T([], dtype=f64)),
        C("transposed self", tr(2, 3), T([3, 1], dtype=b8), T([])),
        C("complex value into float", T([3]), T([3], dtype=b8), T([], dtype=c64)),
        C("vector value", T([3]), T([3], dtype=b8), T([1])),
        C("float mask", T([3]), T([3]), T([])),
    ],
    "masked_fill_.Scalar": [
        C("same shape", T([2, 3]), T([2, 3], dtype=b8), 1.0),
        C("mask broadcasts", T([2, 3]), T([3], dtype=b8), 0),
        C("transposed self keeps strides", tr(2, 3), T([3, 1], dtype=b8), 1.0),
        C("self would need to broadcast", T([3, 1]), T([3, 2], dtype=b8), 1.0),
        C("float mask", T([3]), T([3]), 1.0),
        C("mismatch", T([2]), T([3], dtype=b8), 1.0),
    ],
})

CASES.update({
    "contiguous": [
        C("already contiguous is self", T([2, 3])),
        C("transposed is copied", tr(2, 3)),
        C("storage offset contiguous is self", off(2, 3)),
        C("sliced non-dense is copied", T([4, 6], then=lambda t: t[:, ::2])),
        C("size-one dims ignored", T([2, 1, 3], strides=[3, 7, 1])),
        C("zero size is self", T([0, 3], strides=[1, 5])),
        C("channels last to contiguous", cl(1, 2, 3, 3)),
        C("channels last kept", cl(1, 2, 3, 3), memory_format=CL),
        C("contiguous to channels last", T([1, 2, 3, 3]), memory_format=CL),
        C("channels last on 3-d", T([2, 3, 4]), memory_format=CL),
        C("preserve on contiguous", T([2, 3]), memory_format=torch.preserve_format),
        C("preserve on transposed", tr(2, 3), memory_format=torch.preserve_format),
        C("zero-dim", T([])),
    ],
})

CASES.update({
    "upsample_nearest2d.vec": [
        C("scale two", T([2, 3, 8, 10]), None, [2.0, 2.0]),
        C("channels last kept", cl(2, 3, 8, 10), None, [2.0, 2.0]),
        C("output size", cl(2, 3, 8, 10), [5, 7], None),
        C("fractional scales truncate", T([2, 3, 8, 10]), None, [0.29, 1.5]),
        C("fractional scale in floating point", T([2, 3, 100, 10]), None, [0.29, 1.5]),
        C("one channel channels last", cl(2, 1, 8, 10), None, [2.0, 2.0]),
        C("cuda few channels", cl(2, 3, 8, 10, device="cuda"), None, [2.0, 2.0]),
        C("transposed input", T([2, 3, 8, 10], then=lambda t: t.transpose(2, 3)), None, [2.0, 2.0]),
        C("int64", T([2, 3, 8, 10], dtype=i64), None, [2.0, 2.0]),
        C("both given", T([2, 3, 8, 10]), [4, 4], [2.0, 2.0]),
        C("neither given", T([2, 3, 8, 10]), None, None),
        C("3-d input", T([3, 8, 10]), None, [2.0, 2.0]),
        C("zero output size", T([2, 3, 8, 10]), [0, 4], None),
        C("negative scale", T([2, 3, 8, 10]), None, [-1.0, 2.0]),
        C("zero batch", T([0, 3, 8, 10]), None, [2.0, 2.0]),
        C("one output size", T([2, 3, 8, 10]), [4], None),
    ],
    "upsample_bilinear2d.vec": [
        C("scale half", T([2, 3, 8, 10]), None, False, [0.5, 0.5]),
        C("channels last kept", cl(2, 3, 8, 10), None, False, [0.5, 0.5]),
        C("output size align corners", cl(2, 3, 8, 10), [5, 7], True, None),
        C("fractional scales truncate", T([2, 3, 8, 10]), None, False, [0.29, 1.5]),
        C("cuda few channels", cl(2, 3, 8, 10, device="cuda"), None, False, [2.0, 2.0]),
        C("cuda 16 channels", cl(2, 16, 8, 10, device="cuda"), None, False, [2.0, 2.0]),
        C("float16", T([2, 3, 8, 10], dtype=f16), None, False, [2.0, 2.0]),
        C("zero batch", T([0, 3, 8, 10]), None, False, [2.0, 2.0]),
        C("zero channels", T([2, 0, 8, 10]), None, False, [2.0, 2.0]),
        C("three output sizes", T([2, 3, 8, 10]), [4, 4, 4], False, None),
        C("both given", T([2, 3, 8, 10]), [4, 4], False, [2.0, 2.0]),
        C("zero output size", T([2, 3, 8, 10]), [4, 0], False, None),
    ],
})

CASES.update({
    "scaled_dot_product_attention": [
        C("4-d", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8])),
        C("causal", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8]), None, 0.0, True),
        C("transposed query", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 4, 9, 16]), T([2, 4, 9, 8])),
        C("all transposed", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 9, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 9, 4, 8], then=lambda t: t.transpose(1, 2))),
        C("equal head dims keep a transposed query's layout", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 4, 9, 16]), T([2, 4, 9, 16])),
        C("equal head dims with a mask", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 4, 9, 16]), T([2, 4, 9, 16]), T([7, 9], dtype=b8)),
        C("equal head dims with a mask that requires grad", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 4, 9, 16]), T([2, 4, 9, 16]), T([2, 4, 7, 9], then=lambda t: t.requires_grad_())),
        C("equal head dims with a broadcast mask", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 4, 9, 16]), T([2, 4, 9, 16]), T([1, 1, 1, 9])),
        C("equal head dims with a 3-d mask", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 4, 9, 16]), T([2, 4, 9, 16]), T([4, 7, 9])),
        C("equal head dims with a mask of other heads", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 4, 9, 16]), T([2, 4, 9, 16]), T([2, 4, 7, 1])),
        C("equal head dims, one key and value head", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 1, 9, 16]), T([2, 1, 9, 16])),
        C("equal head dims, one key head only", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 1, 9, 16]), T([2, 4, 9, 16])),
        C("equal head dims, one query head", T([2, 7, 1, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 4, 9, 16]), T([2, 4, 9, 16])),
        C("equal head dims, key batch of one", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([1, 1, 9, 16]), T([1, 1, 9, 16])),
        C("equal head dims with dropout", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 4, 9, 16]), T([2, 4, 9, 16]), None, 0.5),
        C("equal head dims, key heads differ", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)),
          T([2, 2, 9, 16]), T([2, 2, 9, 16]), None, 0.0, False, enable_gqa=True),
        C("3-d", T([4, 7, 16]), T([4, 9, 16]), T([4, 9, 8])),
        C("5-d", T([3, 2, 4, 7, 16]), T([3, 2, 4, 9, 16]), T([3, 2, 4, 9, 8])),
        C("2-d", T([7, 16]), T([9, 16]), T([9, 8])),
        C("float16", T([2, 4, 7, 16], dtype=f16), T([2, 4, 9, 16], dtype=f16), T([2, 4, 9, 8], dtype=f16)),
        C("bool mask", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8]), T([7, 9], dtype=b8)),
        C("float mask", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8]), T([2, 1, 7, 9])),
        C("mask broadcasts the batch", T([1, 4, 7, 16]), T([1, 4, 9, 16]), T([1, 4, 9, 8]), T([3, 1, 7, 9])),
        C("int mask refused", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8]), T([7, 9], dtype=i64)),
        C("mask with causal refused", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8]), T([7, 9], dtype=b8), 0.0, True),
        C("dropout", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8]), None, 0.5),
        C("scale", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8]), scale=0.3),
        C("grouped query", T([2, 8, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8]), enable_gqa=True),
        C("grouped query not dividing", T([2, 6, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8]), enable_gqa=True),
        C("heads mismatch without gqa", T([2, 8, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8])),
        C("int64 refused", T([2, 4, 7, 16], dtype=i64), T([2, 4, 9, 16], dtype=i64), T([2, 4, 9, 8], dtype=i64)),
        C("dtype mismatch", T([2, 4, 7, 16]), T([2, 4, 9, 16], dtype=f64), T([2, 4, 9, 8])),
        C("head dim mismatch", T([2, 4, 7, 16]), T([2, 4, 9, 12]), T([2, 4, 9, 8])),
        C("sequence mismatch", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 5, 8])),
        C("batch broadcasts", T([2, 4, 7, 16]), T([1, 4, 9, 16]), T([1, 4, 9, 8])),
        C("1-d refused", T([16]), T([16]), T([16])),
        C("cuda", T([2, 4, 7, 16], device="cuda"), T([2, 4, 9, 16], device="cuda"), T([2, 4, 9, 8], device="cuda")),
        C("cuda float16 transposed query", T([2, 7, 4, 16], dtype=f16, device="cuda", then=lambda t: t.transpose(1, 2)),
          T([2, 4, 9, 16], dtype=f16, device="cuda"), T([2, 4, 9, 16], dtype=f16, device="cuda")),
        C("zero batch", T([0, 4, 7, 16]), T([0, 4, 9, 16]), T([0, 4, 9, 8])),
        C("zero query length", T([2, 4, 0, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8])),
        # Integers: scaled to float, then a matrix product with the value.
        C("int64 matrices", T([7, 16], dtype=i64), T([9, 16], dtype=i64), T([9, 8], dtype=i64)),
        C("int64 batched refused", T([2, 4, 7, 16], dtype=i64), T([2, 4, 9, 16], dtype=i64),
          T([2, 4, 9, 8], dtype=i64)),
        C("int64 with a matrix value", T([4, 7, 16], dtype=i64), T([4, 9, 16], dtype=i64), T([9, 8], dtype=i64)),
        C("int64 empty batch", T([0, 4, 7, 16], dtype=i64), T([0, 4, 9, 16], dtype=i64), T([0, 4, 9, 8], dtype=i64)),
        C("int64 empty value dim", T([2, 4, 7, 16], dtype=i64), T([2, 4, 9, 16], dtype=i64),
          T([2, 4, 9, 0], dtype=i64)),
        C("bool matrices", T([7, 16], dtype=b8), T([9, 16], dtype=b8), T([9, 8], dtype=b8)),
    ],
})

CASES.update({
    "narrow": [
        C("rows", T([6, 4]), 0, 1, 3),
        C("negative start", T([6, 4]), 0, -2, 2),
        C("negative dim", T([6, 4]), -1, 1, 2),
        C("transposed", tr(4, 6), 0, 1, 2),
        C("storage offset", off(6, 4), 0, 2, 2),
        C("start at the end", T([6, 4]), 0, 6, 0),
        C("zero-dim", T([]), 0, 0, 1),
        C("negative length", T([6, 4]), 0, 1, -1),
        C("start too large", T([6, 4]), 0, 7, 0),
        C("start too negative", T([6, 4]), 0, -7, 1),
        C("exceeds the size", T([6, 4]), 0, 4, 3),
        C("negative start exceeds", T([6, 4]), 0, -2, 3),
        C("dim out of range", T([6, 4]), 2, 0, 1),
    ],
})

CASES.update({
    "masked_select": [
        C("same shape", T([2, 3]), T([2, 3], dtype=b8)),
        C("mask broadcasts", T([2, 3]), T([3], dtype=b8)),
        C("self broadcasts", T([3]), T([2, 3], dtype=b8)),
        C("int64", T([4], dtype=i64), T([4], dtype=b8)),
        C("transposed", tr(2, 3), T([2, 3], dtype=b8)),
        C("two elements", T([2]), T([2], dtype=b8)),
        C("empty", T([0, 3]), T([0, 3], dtype=b8)),
        C("zero-dim", T([]), T([], dtype=b8)),
        C("float mask", T([3]), T([3])),
        C("mismatch", T([2]), T([3], dtype=b8)),
    ],
})

CASES.update({
    "repeat_interleave.Tensor": [
        C("int64 repeats", T([3], dtype=i64)),
        C("int32 repeats", T([3], dtype=i32)),
        C("output size given", T([3], dtype=i64), output_size=7),
        C("float repeats", T([3])),
        C("2-d repeats", T([2, 3], dtype=i64)),
        C("empty repeats", T([0], dtype=i64)),
    ],
    "repeat_interleave.self_int": [
        C("dim 1", T([2, 3]), 2, 1),
        C("flattened", T([2, 3]), 2),
        C("negative dim", T([2, 3]), 2, -1),
        C("transposed", tr(3, 2), 2, 1),
        C("zero-dim", T([]), 3),
        C("zero-dim along dim 1", T([]), 3, 1),
        C("zero repeats", T([2, 3]), 0, 1),
        C("output size matches", T([2, 3]), 2, 1, output_size=6),
        C("output size wrong", T([2, 3]), 2, 1, output_size=5),
        C("negative repeats", T([2, 3]), -1, 0),
        C("dim out of range", T([2, 3]), 2, 2),
    ],
    "repeat_interleave.self_Tensor": [
        C("dim 0", T([4, 3]), T([4], dtype=i64), 0),
        C("flattened", T([4, 3]), T([12], dtype=i64)),
        C("zero-dim repeats", T([4, 3]), T([], dtype=i64), 1),
        C("one repeat count", T([4, 3]), T([1], dtype=i64), 1),
        C("output size given", T([4, 3]), T([4], dtype=i64), 0, output_size=9),
        C("transposed", tr(3, 4), T([4], dtype=i64), 0),
        C("transposed dim 1", tr(3, 4), T([3], dtype=i64), 1),
        C("float repeats", T([4, 3]), T([4]), 0),
        C("repeats of another size", T([4, 3]), T([2], dtype=i64), 0),
        C("2-d repeats", T([4, 3]), T([2, 2], dtype=i64), 0),
        C("dim out of range", T([4, 3]), T([4], dtype=i64), 2),
    ],
})

CASES.update({
    "_unique2": [
        C("values only", T([2, 3])),
        C("inverse", T([2, 3]), True, True),
        C("counts", T([4], dtype=i64), True, False, True),
        C("all three", tr(2, 3), True, True, True),
        C("two elements", T([2])),
        C("empty", T([0, 3]), True, True, True),
        C("zero-dim", T([], dtype=b8), True, True, True),
    ],
})

CASES.update({
    # Run under the Python dispatcher (see PYTHON_DISPATCHER).
    "tensor_split.tensor_indices_or_sections": [
        C("two indices", T([9, 3]), T([2], dtype=i64)),
        C("dim 1", T([3, 9]), T([2], dtype=i64), 1),
        C("transposed", tr(3, 9), T([1], dtype=i64)),
        C("no indices", T([9, 3]), T([0], dtype=i64)),
        C("number of sections refused", T([9, 3]), T([], dtype=i64)),
        C("int32 indices", T([9, 3]), T([2], dtype=i32)),
        C("2-d indices", T([9, 3]), T([2, 2], dtype=i64)),
        C("zero-dim self", T([]), T([2], dtype=i64)),
    ],
})

CASES.update({
    "copy": [
        C("same shape", T([2, 3]), T([2, 3])),
        C("broadcast src", T([2, 3]), T([3])),
        C("transposed self kept", tr(2, 3), T([3, 2])),
        C("storage offset kept", off(2, 3), T([2, 3])),
        C("other dtype src", T([2, 3]), T([2, 3], dtype=i64)),
        C("src does not broadcast", T([2, 3]), T([4])),
        # `src` may be on another device (`multi_device_op_default`).
        C("cpu src into cuda", T([2, 3], device="cuda"), T([2, 3])),
        C("cuda src into cpu", T([2, 3]), T([3], device="cuda")),
    ],
    "copy_": [
        C("same shape", T([2, 3]), T([2, 3])),
        C("broadcast src", tr(2, 3), T([3])),
        C("src does not broadcast", T([2, 3]), T([2, 4])),
        C("cpu src into cuda", T([2, 3], device="cuda"), T([2, 3])),
        C("cuda src into a zero-dim cpu self", T([]), T([], device="cuda")),
    ],
    "index_add": [
        C("rows", T([4, 3]), 0, T([2], dtype=i64), T([2, 3])),
        C("transposed self", tr(4, 3), 1, T([2], dtype=i64), T([3, 2])),
        C("2-d index", T([4, 3]), 0, T([2, 1], dtype=i64), T([2, 3])),
        C("source longer than index", T([4, 3]), 0, T([2], dtype=i64), T([3, 3])),
        C("source without dim", T([4, 3]), 1, T([2], dtype=i64), T([2])),
        C("zero-dim", T([]), 0, T([1], dtype=i64), T([])),
        C("float alpha for int64", T([4, 3], dtype=i64), 0, T([2], dtype=i64), T([2, 3], dtype=i64), alpha=1.5),
        C("dim out of range", T([4, 3]), 2, T([2], dtype=i64), T([2, 3])),
    ],
    "index_add_": [
        C("rows", T([4, 3]), 0, T([2], dtype=i64), T([2, 3])),
        C("transposed self", tr(4, 3), 1, T([2], dtype=i64), T([3, 2])),
    ],
    "where": [
        C("matrix", T([3, 4], dtype=b8)),
        C("vector", T([5])),
        C("zero-dim", T([], dtype=b8)),
    ],
    "conv1d": [
        C("batched", T([2, 3, 10]), T([5, 3, 4]), T([5]), [2], [1]),
        C("unbatched", T([3, 10]), T([5, 3, 4]), None, [2], [1]),
        C("unbatched transposed input", tr(3, 10), T([5, 3, 4])),
        C("grouped", T([1, 4, 9]), T([6, 2, 3]), None, [1], [1], [1], 2),
        C("wrong rank", T([2, 3, 4, 10]), T([5, 3, 4])),
        C("bias of another length", T([2, 3, 10]), T([5, 3, 4]), T([4])),
    ],
    "conv2d": [
        C("batched", T([2, 3, 8, 8]), T([4, 3, 3, 3]), T([4]), [1, 1], [1, 1]),
        C("unbatched", T([3, 8, 8]), T([4, 3, 3, 3]), None, [2, 2]),
        C("unbatched channels last input", T([3, 8, 8], then=lambda t: t.permute(1, 2, 0).contiguous().permute(2, 0, 1)),
          T([4, 3, 3, 3])),
        C("channels last", cl(2, 3, 8, 8), T([4, 3, 3, 3])),
        C("wrong rank", T([8, 8]), T([4, 3, 3, 3])),
        C("stride and padding pairs", T([2, 3, 10, 12]), T([8, 3, 3, 3]), None, [2, 1], [1, 0]),
        C("bias of another length", T([2, 3, 8, 8]), T([4, 3, 3, 3]), T([5])),
    ],
    "conv3d": [
        C("batched", T([1, 2, 4, 5, 6]), T([3, 2, 2, 2, 2])),
        C("unbatched", T([2, 4, 5, 6]), T([3, 2, 2, 2, 2]), None, [1, 2, 1], [1, 0, 0]),
    ],
    "group_norm": [
        C("affine", T([2, 6, 4]), 3, T([6]), T([6]), 1e-5),
        C("no affine 4d", T([2, 4, 3, 3]), 2),
        C("channels last", cl(2, 4, 3, 3), 2, T([4]), T([4])),
        C("transposed input", tr(2, 4, 5), 2),
        C("groups do not divide", T([2, 6, 4]), 4),
        C("weight of the wrong size", T([2, 6, 4]), 3, T([5])),
        C("size-1 dims of their own strides", T([2, 2, 1], strides=[2, 1, 17]), 1),
        C("size-1 channel dim", T([1, 3, 1, 3], strides=[9, 1, 9, 3], dtype=f64), 3, T([3]), T([3])),
        C("channels last on cuda", cl(2, 4, 3, 3, device="cuda"), 2, T([4], device="cuda"), T([4], device="cuda")),
        C("transposed input on cuda", tr(2, 4, 5, device="cuda"), 2),
    ],
    "native_group_norm": [
        C("affine", T([2, 6, 4]), T([6]), T([6]), 2, 6, 4, 3, 1e-5),
        C("no affine", T([2, 4, 3, 3]), None, None, 2, 4, 9, 2, 1e-5),
        C("float16", T([2, 4, 3], dtype=f16), None, None, 2, 4, 3, 2, 1e-5),
        C("channels last", cl(2, 4, 3, 3), None, None, 2, 4, 9, 4, 1e-5),
        C("groups do not divide", T([2, 6, 4]), None, None, 2, 6, 4, 4, 1e-5),
        C("size-1 dim of its own stride", T([2, 2, 1], strides=[2, 1, 17]), None, None, 2, 2, 1, 1, 1e-5),
        C("size-1 batch, float16", T([1, 3, 3, 2], strides=[1, 6, 2, 1], dtype=f16), None, None, 1, 3, 6, 1, 1e-5),
        C("one channel", T([3, 1], strides=[1, 5], dtype=f64), None, None, 3, 1, 1, 1, 1e-5),
        C("size-1 dims with a weight", T([1, 3, 1, 3], strides=[9, 1, 9, 3], dtype=f64), T([3]), T([3]), 1, 3, 3, 1, 1e-5),
        C("size-1 spatial dim, bfloat16", T([1, 1, 2, 2, 3], strides=[1, 17, 6, 3, 1], dtype=bf16), T([1]), T([1]), 1, 1, 12, 1, 1e-5),
    ],
    "pad": [
        C("constant", T([2, 3]), [1, 2]),
        C("constant value", T([2, 3, 4]), [1, 1, 2, 0], "constant", 1.5),
        C("constant channels last", cl(1, 2, 3, 3), [1, 1]),
        C("negative crops", T([2, 5]), [-1, -2]),
        C("negative crops of a permuted input", T([2, 5], strides=[1, 2]), [-1, -1]),
        C("odd pad length", T([2, 3]), [1]),
        C("reflect 1-d", T([2, 3, 5]), [1, 2], "reflect"),
        C("reflect 2-d channels last", cl(1, 2, 4, 5), [1, 1, 2, 0], "reflect"),
        C("reflect 3-d", T([1, 2, 3, 4, 5]), [1, 1, 1, 1, 1, 1], "reflect"),
        C("replicate 2-d", T([2, 3, 4]), [1, 2, 0, 1], "replicate"),
        C("replicate 1-d", T([2, 3, 4]), [1, 2], "replicate"),
        C("reflect pad too large", T([2, 3, 2]), [2, 0], "reflect"),
        C("reflect on a 4-d input with one pair", T([1, 2, 3, 4]), [1, 1], "reflect"),
        C("circular", T([2, 3, 5]), [1, 2], "circular"),
    ],
    "roll": [
        C("one dim", T([4, 5]), [2], [1]),
        C("flattened", T([4, 5]), [3]),
        C("two dims", T([4, 5]), [1, -2], [0, 1]),
        C("transposed", tr(4, 5), [1], [0]),
        C("shifts and dims differ", T([4, 5]), [1, 2], [0]),
        # An empty input is cloned before any other check.
        C("empty keeps its strides", T([0, 3], strides=[1, 1]), [2]),
        C("empty without shifts", T([0, 3]), []),
        C("no shifts refused", T([2, 3]), []),
    ],
    "fill_.Scalar": [
        C("float", T([2, 3]), 1.5),
        C("transposed keeps its layout", tr(2, 3), 0),
        C("storage offset", off(2, 3), 2),
    ],
    "slice_scatter": [
        C("columns", T([4, 6]), T([4, 5]), 1, 1),
        C("storage offset kept", off(2, 3), T([2, 2]), 1, 1),
        C("transposed kept", tr(4, 6), T([4, 5]), 1, 1),
        C("expanded becomes dense", T([1, 6], then=lambda t: t.expand(4, 6)), T([4, 5]), 1, 1),
        C("expanded transposed becomes dense", T([6, 1], then=lambda t: t.expand(6, 4).t()), T([4, 5]), 1, 1),
        C("channels last kept", cl(1, 2, 3, 3), T([1, 2, 3, 2]), 3, 1),
        C("non-dense kept", T([4, 6], then=lambda t: t[:, ::2]), T([4, 2]), 1, 1),
        C("src of another shape", T([4, 6]), T([3, 3]), 1, 1),
        C("cpu src into cuda", T([4, 6], device="cuda"), T([4, 5]), 1, 1),
        C("step", T([4, 6]), T([4, 3]), 1, 0, 6, 2),
    ],
    "as_strided": [
        C("matrix", T([4, 6]), [3, 4], [4, 1]),
        C("offset given", T([4, 6]), [3, 4], [4, 1], 2),
        C("offset kept", off(2, 3), [2, 2], [1, 1]),
        C("overlapping", T([4, 6]), [3, 4], [1, 1]),
        C("beyond the storage", T([4, 6]), [30, 4], [4, 1]),
        C("zero-dim", T([4, 6]), [], []),
        C("negative stride", T([4, 6]), [3, 4], [-4, 1]),
        C("lengths differ", T([4, 6]), [3, 4], [4]),
        C("negative offset", T([4, 6]), [3, 4], [4, 1], -1),
        C("negative size", T([4, 6]), [-1, 4], [4, 1]),
    ],
})

for _op in ["acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "erf", "expm1",
            "log10", "log1p", "log2", "sin", "sinh", "tan", "reciprocal", "isnan", "isinf",
            "ceil", "floor", "trunc", "round", "sign"]:
    CASES[_op] = unary_cases()
for _op in ["ge.Tensor", "ne.Tensor", "logical_and", "logical_or", "logical_xor", "atan2", "logaddexp",
            "bitwise_or.Tensor", "bitwise_xor.Tensor"]:
    CASES[_op] = binary_cases()
CASES["logaddexp"] += [C("bool operands refused", T([2], dtype=b8), T([2], dtype=b8)),
                       C("bool and int64", T([2], dtype=b8), T([2], dtype=i64))]
for _op in ["le.Scalar", "bitwise_and.Scalar", "bitwise_or.Scalar", "bitwise_xor.Scalar"]:
    CASES[_op] = binary_cases(scalar=True)



def activation_cases():
    """Cases of the activations of torchvision's models: unary cases plus
    non-dense, expanded and complex inputs."""
    return unary_cases() + [
        C("sliced non-dense", T([4, 6], then=lambda t: t[:, ::2])),
        C("expanded", T([1, 3], then=lambda t: t.expand(4, 3))),
        C("complex64", T([3], dtype=c64)),
    ]


def inplace_activation_cases():
    """Cases of in-place activations: `self` keeps its layout, whatever it is."""
    return [
        C("float32 matrix", T([2, 3])),
        C("transposed keeps its strides", tr(2, 3)),
        C("channels last", cl(1, 2, 3, 3)),
        C("storage offset", off(2, 3)),
        C("sliced non-dense", T([4, 6], then=lambda t: t[:, ::2])),
        C("expanded", T([1, 3], then=lambda t: t.expand(4, 3))),
        C("int64", T([4], dtype=i64)),
        C("bool", T([4], dtype=b8)),
        C("float16", T([2, 2], dtype=f16)),
        C("zero-dim", T([])),
        C("zero size", T([0, 3])),
    ]


def dropout_cases(feature=False):
    """Cases of the dropout family: `p` and `train` decide what comes out."""
    return [
        C("training", T([2, 3]), 0.5, True),
        C("evaluation is self", off(2, 3), 0.5, False),
        C("p zero is self", T([2, 3]), 0.0, True),
        C("p one", off(2, 3), 1.0, True),
        C("p one int64", T([2, 3], dtype=i64), 1.0, True),
        C("int64 training", T([2, 3], dtype=i64), 0.5, True),
        C("bool training", T([2, 3], dtype=b8), 0.5, True),
        C("int64 evaluation", T([2, 3], dtype=i64), 0.5, False),
        C("empty int64 training is self", T([0, 3], dtype=i64), 0.5, True),
        C("p above one", T([2, 3]), 1.5, False),
        C("negative p", T([2, 3]), -0.5, True),
        C("vector training", T([3]), 0.5, True),
        C("vector p one", T([3]), 1.0, True),
        C("zero-dim training", T([]), 0.5, True),
        C("sliced non-dense training", T([4, 6], then=lambda t: t[:, ::2]), 0.5, True),
        C("expanded training", T([1, 3], then=lambda t: t.expand(4, 3)), 0.5, True),
        C("transposed 3-d training", T([2, 4, 3], then=lambda t: t.transpose(1, 2)), 0.5, True),
        C("channels last training", cl(2, 3, 4, 4), 0.5, True),
        C("float16 training", T([2, 3], dtype=f16), 0.5, True),
        C("complex training", T([2, 3], dtype=c64), 0.5, True),
    ]


for _op in ["silu", "hardsigmoid", "hardswish"]:
    CASES[_op] = activation_cases()
for _op in ["silu_", "hardsigmoid_", "hardswish_", "sigmoid_", "relu_"]:
    CASES[_op] = inplace_activation_cases()
for _op in ["dropout_", "feature_dropout", "feature_dropout_", "alpha_dropout", "alpha_dropout_",
            "feature_alpha_dropout", "feature_alpha_dropout_"]:
    CASES[_op] = dropout_cases()

CASES["hardtanh"].append(C("bool refused", T([3], dtype=b8)))

CASES.update({
    "hardtanh_": inplace_activation_cases() + [
        C("bounds", T([2, 3]), -2, 2),
        C("int tensor float bounds", T([4], dtype=i64), -1.5, 2.5),
        C("uint8 negative bound", T([4], dtype=u8), -1, 1),
    ],
    "gelu_": inplace_activation_cases() + [
        C("tanh approximation", T([2, 3]), approximate="tanh"),
        C("unknown approximation", T([2, 3]), approximate="exact"),
    ],
    "swapaxes": [
        C("first and last", T([2, 3, 4]), 0, 2),
        C("negative axes", T([2, 3, 4]), -1, -3),
        C("same axis", T([2, 3, 4]), 1, 1),
        C("storage offset", off(2, 3), 0, 1),
        C("zero-dim", T([]), 0, -1),
        C("axis out of range", T([2, 3]), 0, 2),
    ],
    "swapdims": [
        C("matrix", T([2, 3]), 0, 1),
        C("channels last", cl(1, 2, 3, 3), 1, 3),
        C("dim out of range", T([2, 3]), -3, 0),
    ],
    "movedim.int": [
        C("first to third", T([2, 3, 4, 5]), 0, 2),
        C("last to second", T([2, 3, 4, 5]), -1, 1),
        C("to itself", T([2, 3, 4]), 1, 1),
        C("storage offset", off(2, 3), 1, 0),
        C("channels last to front", cl(2, 3, 4, 5), 1, -1),
        C("zero-dim", T([]), 0, -1),
        C("zero-dim out of range", T([]), 0, 1),
        C("destination out of range", T([2, 3]), 0, 2),
    ],
    "moveaxis.int": [
        C("first to last", T([2, 3, 4]), 0, -1),
        C("transposed", tr(2, 3), 1, 0),
        C("source out of range", T([2, 3]), 3, 0),
    ],
    "chunk": [
        C("uneven", T([7, 3]), 3),
        C("fewer pieces than asked", T([6, 3]), 4),
        C("more chunks than elements", T([2, 3]), 5),
        C("last dim", T([5, 9]), 3, -1),
        C("empty dim", T([0, 3]), 3),
        C("empty other dim", T([4, 0]), 2),
        C("transposed", tr(4, 6), 4, 1),
        C("storage offset", off(5, 2), 2),
        C("one chunk", T([3, 2]), 1),
        C("zero chunks", T([2, 3]), 0),
        C("zero-dim", T([]), 2),
        C("dim out of range", T([2, 3]), 2, 2),
    ],
    # Run under the Python dispatcher (see PYTHON_DISPATCHER).
    "unsafe_chunk": [
        C("uneven", T([7, 3]), 3),
        C("empty dim", T([0, 3]), 3),
        C("last dim", tr(5, 9), 2, -1),
    ],
    "unbind.int": [
        C("rows", T([3, 4])),
        C("last dim", T([3, 4]), -1),
        C("storage offset", off(2, 3), 1),
        C("channels last", cl(1, 2, 2, 2), 1),
        C("empty dim", T([0, 4])),
        C("vector", T([3])),
        C("zero-dim", T([])),
        C("dim out of range", T([3, 4]), 2),
    ],
})

CASES.update({
    "bitwise_not": unary_cases() + [
        C("int32", T([2, 3], dtype=i32)),
        C("uint8", T([4], dtype=u8)),
    ],
    "div.Scalar_mode": [
        C("floor float", T([2, 3]), 2, rounding_mode="floor"),
        C("trunc int by int", T([4], dtype=i64), 3, rounding_mode="trunc"),
        C("floor int by float", T([4], dtype=i32), 2.5, rounding_mode="floor"),
        C("true division of ints", T([4], dtype=i64), 2, rounding_mode=None),
        C("floor bool by bool", T([3], dtype=b8), True, rounding_mode="floor"),
        C("float16 by float", T([3], dtype=f16), 1.5, rounding_mode="trunc"),
        C("transposed", tr(2, 3), 2, rounding_mode="floor"),
        C("channels last", cl(1, 2, 3, 3), 2, rounding_mode="trunc"),
        C("zero-dim", T([], dtype=i64), 2, rounding_mode="floor"),
        C("unknown mode", T([2]), 2, rounding_mode="round"),
        C("floor of channels last", cl(1, 2, 3, 3), 2, rounding_mode="floor"),
        C("floor of transposed ints", tr(2, 3, dtype=i64), 2, rounding_mode="floor"),
    ],
    "any.dims": [
        C("one dim", T([2, 3, 4]), [1]),
        C("two dims keepdim", T([2, 3, 4]), [0, 2], True),
        C("none reduces all", T([2, 3])),
        C("empty list reduces all", T([2, 3]), []),
        C("uint8 stays uint8", T([2, 3], dtype=u8), [0]),
        C("int64", T([2, 3], dtype=i64), [-1]),
        C("transposed", tr(2, 3), [0]),
        C("zero size", T([0, 3]), [0]),
        C("zero-dim", T([]), [0]),
        C("dim out of range", T([2, 3]), [2]),
        C("repeated dim", T([2, 3]), [0, 0]),
    ],
    "logaddexp.out": [
        C("same shape out", T([2, 3]), T([2, 3]), out=T([2, 3])),
        C("broadcast into resized empty out", T([2, 1]), T([1, 3]), out=T([0])),
        C("float result into int out", T([2]), T([2]), out=T([2], dtype=i64)),
    ],
    "atan2.out": [
        C("same shape out", T([2, 3]), T([2, 3]), out=T([2, 3])),
        C("broadcast into resized empty out", T([2, 1]), T([1, 3]), out=T([0])),
        C("transposed out keeps its strides", T([2, 3]), T([2, 3]), out=tr(2, 3)),
        C("resized out follows transposed inputs", tr(2, 3), tr(2, 3), out=T([0])),
        C("int inputs into float out", T([2], dtype=i64), T([2], dtype=i64), out=T([2])),
        C("float result into int out", T([2]), T([2]), out=T([2], dtype=i64)),
        C("float64 out", T([2]), T([2]), out=T([2], dtype=f64)),
        C("float result into float16 out", T([2]), T([2]), out=T([2], dtype=f16)),
        C("out with a storage offset", T([2, 3]), T([3]), out=off(2, 3)),
        C("size mismatch", T([2, 3]), T([2, 4]), out=T([2, 3])),
    ],
})


def scatter_cases(value=False):
    """Cases of the scatters: `src` a tensor, or a number (`value`)."""
    def src(sizes, **kw):
        return 1.5 if value else T(sizes, **kw)
    cases = [
        C("rows", T([4, 3]), 0, T([2, 3], dtype=i64), src([2, 3])),
        C("columns", T([4, 3]), 1, T([4, 2], dtype=i64), src([4, 2])),
        C("negative dim", T([4, 3]), -1, T([2, 2], dtype=i64), src([2, 2])),
        C("int32 index", T([4, 3]), 0, T([2, 3], dtype=i32), src([2, 3])),
        C("transposed self is laid out contiguously", tr(4, 3), 0, T([2, 3], dtype=i64), src([2, 3])),
        C("storage offset self", off(4, 3), 0, T([2, 3], dtype=i64), src([2, 3])),
        C("index larger than self off dim", T([4, 3]), 0, T([2, 4], dtype=i64), src([2, 4])),
        C("index larger along dim", T([2, 3]), 0, T([4, 3], dtype=i64), src([4, 3])),
        C("float index", T([4, 3]), 0, T([2, 3]), src([2, 3])),
        C("empty float index", T([4, 3]), 0, T([0, 3]), src([0, 3])),
        C("empty index of another rank", T([4, 3]), 0, T([0], dtype=i64), src([0])),
        C("index rank differs", T([4, 3]), 0, T([2], dtype=i64), src([2])),
        C("zero-dim", T([]), 0, T([], dtype=i64), src([])),
        C("dim out of range", T([4, 3]), 2, T([2, 3], dtype=i64), src([2, 3])),
    ]
    if not value:
        cases += [
            C("src larger than index", T([4, 3]), 0, T([2, 2], dtype=i64), T([3, 3])),
            C("src smaller than index", T([4, 3]), 0, T([2, 3], dtype=i64), T([1, 3])),
            C("src dtype differs", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3], dtype=f64)),
            C("src rank differs", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3, 1])),
        ]
    return cases


CASES.update({
    "scatter.src": scatter_cases(),
    "scatter.value": scatter_cases(value=True) + [
        C("int value into float", T([4, 3]), 0, T([2, 3], dtype=i64), 2),
        C("complex value into float", T([4, 3]), 0, T([2, 3], dtype=i64), 1 + 1j),
    ],
    "scatter_add": scatter_cases(),
    "scatter_reduce.two": [
        C(c.name, *c.args, "sum") for c in scatter_cases()
    ] + [
        C("prod", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3]), "prod"),
        C("mean without self", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3]), "mean", include_self=False),
        C("amax", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3]), "amax"),
        C("amin", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3]), "amin"),
        C("unknown reduction", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3]), "add"),
    ],
    "select_scatter": [
        C("row", T([4, 3]), T([3]), 0, 1),
        C("column", T([4, 3]), T([4]), 1, -1),
        C("transposed self kept", tr(4, 3), T([3]), 0, 0),
        C("storage offset kept", off(4, 3), T([3]), 0, 2),
        C("channels last kept", cl(2, 3, 4, 5), T([2, 4, 5]), 1, 0),
        C("overlapping self cloned", T([4, 3], strides=[0, 1]), T([3]), 0, 0),
        C("src of another shape", T([4, 3]), T([5]), 0, 0),
        C("index out of range", T([4, 3]), T([3]), 0, 9),
        C("int64", T([4, 3], dtype=i64), T([3], dtype=i64), 0, 1),
    ],
    "masked_scatter": [
        C("same shape", T([2, 3]), T([2, 3], dtype=b8), T([6])),
        C("mask broadcasts", T([2, 3]), T([3], dtype=b8), T([6])),
        C("self broadcasts", T([3]), T([2, 3], dtype=b8), T([6])),
        C("uint8 mask", T([2, 3]), T([2, 3], dtype=u8), T([6])),
        C("float mask", T([2, 3]), T([2, 3]), T([6])),
        C("source dtype differs", T([2, 3]), T([2, 3], dtype=b8), T([6], dtype=f64)),
        C("transposed self laid out contiguously", tr(2, 3), T([2, 3], dtype=b8), T([6])),
        C("channels last self laid out contiguously", cl(1, 2, 3, 3), T([1, 2, 3, 3], dtype=b8), T([18])),
        C("mismatch", T([2, 3]), T([2, 4], dtype=b8), T([6])),
        C("zero-dim", T([]), T([], dtype=b8), T([1])),
    ],
    "diagonal": [
        C("square", T([3, 3])),
        C("rectangle", T([3, 5])),
        C("positive offset", T([3, 5]), 2),
        C("negative offset", T([5, 3]), -2),
        C("offset past the end", T([3, 5]), 7),
        C("negative offset past the end", T([3, 5]), -4),
        C("other dims", T([2, 3, 4]), 0, 1, 2),
        C("reversed dims", T([2, 3, 4]), 1, 2, 0),
        C("negative dims", T([2, 3, 4]), -1, -1, -3),
        C("transposed", tr(3, 4), 1),
        C("storage offset", off(3, 4), 1),
        C("storage offset and negative offset", off(4, 3), -1),
        C("zero size", T([0, 3])),
        C("identical dims", T([3, 3]), 0, 1, 1),
        C("identical after wrapping", T([3, 3]), 0, 0, -2),
        C("dim out of range", T([3, 3]), 0, 0, 2),
        C("vector", T([3])),
        C("zero-dim", T([])),
    ],
})

CASES.update({
    "reflection_pad1d": [
        C("batched", T([2, 3, 5]), [1, 2]),
        C("unbatched", T([3, 5]), [2, 1]),
        C("negative pads crop", T([2, 3, 5]), [-1, 2]),
        C("transposed input laid out contiguously", tr(2, 5, 3), [1, 1]),
        C("int64", T([2, 3, 5], dtype=i64), [1, 1]),
        C("bool", T([2, 3, 5], dtype=b8), [1, 1]),
        C("zero batch", T([0, 3, 5]), [1, 1]),
        C("zero channels", T([2, 0, 5]), [1, 1]),
        C("pad as large as the dim", T([2, 3, 5]), [5, 0]),
        C("right pad too large", T([2, 3, 5]), [0, 6]),
        C("output too small", T([2, 3, 5]), [-3, -2]),
        C("three pads", T([2, 3, 5]), [1, 1, 1]),
        C("1-d input", T([5]), [1, 1]),
    ],
    "reflection_pad2d": [
        C("batched", T([2, 3, 5, 6]), [1, 2, 3, 4]),
        C("unbatched", T([3, 5, 6]), [1, 0, 0, 1]),
        C("channels last kept", cl(2, 3, 5, 6), [1, 1, 1, 1]),
        C("channels last on cuda", cl(2, 3, 5, 6, device="cuda"), [1, 1, 1, 1]),
        C("transposed input", tr(2, 3, 6, 5), [1, 1, 1, 1]),
        C("zero batch", T([0, 3, 5, 6]), [1, 1, 1, 1]),
        C("zero height", T([2, 3, 0, 6]), [1, 1, 1, 1]),
        C("top pad too large", T([2, 3, 5, 6]), [1, 1, 5, 0]),
        C("left pad too large", T([2, 3, 5, 6]), [6, 1, 1, 1]),
        C("negative pads", T([2, 3, 5, 6]), [-1, -1, -2, 0]),
        C("two pads", T([2, 3, 5, 6]), [1, 1]),
        C("float16", T([2, 3, 5, 6], dtype=f16), [1, 1, 1, 1]),
    ],
    "reflection_pad3d": [
        C("batched", T([2, 3, 4, 5, 6]), [1, 2, 1, 2, 1, 2]),
        C("unbatched", T([3, 4, 5, 6]), [1, 1, 1, 1, 1, 1]),
        C("zero batch", T([0, 3, 4, 5, 6]), [1, 1, 1, 1, 1, 1]),
        C("channels last 3d laid out contiguously", T([2, 3, 4, 5, 6], fmt=torch.channels_last_3d), [1, 1, 1, 1, 1, 1]),
        C("front pad too large", T([2, 3, 4, 5, 6]), [1, 1, 1, 1, 4, 0]),
        C("four pads", T([2, 3, 4, 5, 6]), [1, 1, 1, 1]),
        C("zero depth", T([2, 3, 0, 5, 6]), [1, 1, 1, 1, 1, 1]),
    ],
    "replication_pad1d": [
        C("batched", T([2, 3, 5]), [1, 2]),
        C("unbatched", T([3, 5]), [2, 0]),
        C("pads larger than the width", T([2, 3, 2]), [5, 5]),
        C("transposed input", tr(2, 5, 3), [1, 1]),
        C("bool refused", T([2, 3, 5], dtype=b8), [1, 1]),
        C("output too small", T([2, 3, 5]), [-3, -3]),
        C("zero batch", T([0, 3, 5]), [1, 1]),
        C("four-d refused", T([1, 2, 3, 5]), [1, 1]),
    ],
    "replication_pad2d": [
        C("batched", T([2, 3, 5, 6]), [1, 2, 3, 4]),
        C("unbatched", T([3, 5, 6]), [1, 0, 0, 1]),
        C("pads larger than the dims", T([2, 3, 2, 2]), [5, 5, 5, 5]),
        C("channels last kept", cl(2, 3, 5, 6), [1, 1, 1, 1]),
        C("bool refused", T([2, 3, 5, 6], dtype=b8), [1, 1, 1, 1]),
        C("int64", T([2, 3, 5, 6], dtype=i64), [1, 1, 1, 1]),
        C("output too small", T([2, 3, 5, 6]), [-3, -3, 0, 0]),
        C("zero batch", T([0, 3, 5, 6]), [1, 1, 1, 1]),
        C("zero channels", T([2, 0, 5, 6]), [1, 1, 1, 1]),
    ],
    "replication_pad3d": [
        C("batched", T([2, 3, 4, 5, 6]), [1, 2, 1, 2, 1, 2]),
        C("unbatched", T([3, 4, 5, 6]), [3, 3, 3, 3, 3, 3]),
        C("pads larger than the dims", T([1, 1, 2, 2, 2]), [5, 5, 5, 5, 5, 5]),
        C("bool refused", T([2, 3, 4, 5, 6], dtype=b8), [1, 1, 1, 1, 1, 1]),
        C("zero batch", T([0, 3, 4, 5, 6]), [1, 1, 1, 1, 1, 1]),
        C("transposed input", T([2, 3, 4, 6, 5], then=lambda t: t.transpose(3, 4)), [1, 1, 1, 1, 1, 1]),
    ],
    "avg_pool1d": [
        C("batched", T([2, 3, 10]), [3]),
        C("unbatched", T([3, 10]), [3], [2]),
        C("stride and padding", T([2, 3, 10]), [4], [3], [2]),
        C("ceil mode", T([2, 3, 10]), [3], [2], [0], True),
        C("transposed input", tr(2, 3, 10), [3]),
        C("channels last like input", T([2, 3, 10], then=lambda t: t.unsqueeze(2).contiguous(memory_format=CL).squeeze(2)), [3]),
        C("float64", T([2, 3, 10], dtype=f64), [2]),
        C("int64", T([2, 3, 10], dtype=i64), [2]),
        C("kernel too large", T([2, 3, 2]), [3]),
        C("padding too large", T([2, 3, 10]), [2], [1], [2]),
        C("two kernel sizes", T([2, 3, 10]), [2, 2]),
        C("4-d input", T([1, 2, 3, 10]), [2]),
        C("zero batch", T([0, 3, 10]), [2]),
    ],
    "adaptive_avg_pool1d": [
        C("batched", T([2, 3, 10]), [5]),
        C("unbatched", T([3, 10]), [4]),
        C("output one", T([2, 3, 10]), [1]),
        C("transposed input", tr(2, 3, 10), [5]),
        C("larger output", T([2, 3, 10]), [20]),
        C("int64", T([2, 3, 10], dtype=i64), [5]),
        C("two output sizes", T([2, 3, 10]), [2, 2]),
        C("1-d input", T([10]), [5]),
        C("output one of int64 refused", T([2, 3, 10], dtype=i64), [1]),
        C("output one of a 2-d input", T([3, 10]), [1]),
    ],
    "avg_pool3d": [
        C("batched", T([2, 3, 6, 7, 8]), [2, 2, 2]),
        C("unbatched", T([3, 6, 7, 8]), [3]),
        C("stride and padding", T([2, 3, 6, 7, 8]), [3, 3, 3], [2, 1, 2], [1, 1, 0]),
        C("one stride", T([2, 3, 6, 7, 8]), [2], [1]),
        C("ceil mode", T([2, 3, 6, 7, 8]), [2], [2], [0], True),
        C("channels last 3d laid out contiguously", T([2, 3, 6, 7, 8], fmt=torch.channels_last_3d), [2]),
        C("divisor", T([2, 3, 6, 7, 8]), [2], divisor_override=3),
        C("divisor zero", T([2, 3, 6, 7, 8]), [2], divisor_override=0),
        C("two kernel sizes", T([2, 3, 6, 7, 8]), [2, 2]),
        C("uint8 refused", T([2, 3, 6, 7, 8], dtype=u8), [2]),
        C("int64", T([2, 3, 6, 7, 8], dtype=i64), [2]),
        C("kernel larger than input", T([2, 3, 2, 7, 8]), [3]),
        C("padding too large", T([2, 3, 6, 7, 8]), [2], [1], [2]),
        C("3-d input", T([6, 7, 8]), [2]),
        C("zero batch", T([0, 3, 6, 7, 8]), [2]),
        C("zero channels", T([2, 0, 6, 7, 8]), [2]),
    ],
    "_adaptive_avg_pool3d": [
        C("batched", T([2, 3, 6, 7, 8]), [2, 3, 4]),
        C("unbatched", T([3, 6, 7, 8]), [1, 1, 1]),
        C("channels last 3d laid out contiguously", T([2, 3, 6, 7, 8], fmt=torch.channels_last_3d), [2, 2, 2]),
        C("larger output", T([2, 3, 6, 7, 8]), [12, 7, 9]),
        C("3-d input", T([6, 7, 8]), [2, 2, 2]),
        C("int64", T([2, 3, 6, 7, 8], dtype=i64), [2, 2, 2]),
        C("zero batch", T([0, 3, 6, 7, 8]), [2, 2, 2]),
    ],
})


def random_factory_cases():
    """Cases of `rand` and `randn`."""
    return [
        C("matrix", [2, 3]),
        C("float16", [4], dtype=f16),
        C("float64", [4], dtype=f64),
        C("complex64", [2], dtype=c64),
        C("int64", [4], dtype=i64),
        C("bool", [4], dtype=b8),
        C("cuda", [2, 2], device=torch.device("cuda:0")),
        C("zero-dim", []),
        C("zero size", [0, 3]),
        C("negative size", [2, -1]),
    ]


CASES.update({
    "rand": random_factory_cases(),
    "randn": random_factory_cases(),
    "randperm": [
        C("default int64", 5),
        C("explicit None is the default dtype", 5, dtype=None),
        C("float32", 5, dtype=f32),
        C("uint8", 300, dtype=u8),
        C("bool", 5, dtype=b8),
        C("cuda", 4, device=torch.device("cuda:0")),
        C("zero", 0),
        C("negative", -1),
    ],
})

CASES.update({
    "_native_batch_norm_legit": [
        C("training", T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), True, 0.1, 1e-5),
        C("eval bool refused", T([2, 3, 4, 5], dtype=b8), None, None, T([3]), T([3]), False, 0.1, 1e-5),
        C("training bool refused", T([2, 3, 4, 5], dtype=b8), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("eval int64", T([2, 3, 4, 5], dtype=i64), None, None, T([3]), T([3]), False, 0.1, 1e-5),
        C("eval", T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), False, 0.1, 1e-5),
        C("training channels last", cl(2, 3, 4, 5), T([3]), T([3]), T([3]), T([3]), True, 0.1, 1e-5),
        C("eval channels last", cl(2, 3, 4, 5), None, None, T([3]), T([3]), False, 0.1, 1e-5),
        C("training transposed", tr(2, 3, 5, 4), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("training float16", T([2, 3, 4, 5], dtype=f16), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("eval float16", T([2, 3, 4, 5], dtype=f16), None, None, T([3]), T([3]), False, 0.1, 1e-5),
        C("training 2-d", T([4, 3]), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("training 3-d", T([4, 3, 7]), T([3]), None, T([3]), T([3]), True, 0.1, 1e-5),
        C("training one value per channel refused", T([1, 3, 1]), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("training cuda", T([2, 3, 4, 5], device="cuda"), None, None, T([3], device="cuda"),
          T([3], device="cuda"), True, 0.1, 1e-5),
        C("training cuda float16", T([2, 3, 4, 5], dtype=f16, device="cuda"), None, None,
          T([3], device="cuda"), T([3], device="cuda"), True, 0.1, 1e-5),
        C("eval cuda float16", T([2, 3, 4, 5], dtype=f16, device="cuda"), None, None,
          T([3], device="cuda"), T([3], device="cuda"), False, 0.1, 1e-5),
        C("training int refused", T([2, 3, 4, 5], dtype=i64), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("weight of another size", T([2, 3, 4, 5]), T([4]), None, T([3]), T([3]), True, 0.1, 1e-5),
        C("running mean of another size", T([2, 3, 4, 5]), None, None, T([4]), T([3]), True, 0.1, 1e-5),
        C("zero batch", T([0, 3, 4, 5]), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("1-d input", T([3]), None, None, T([3]), T([3]), True, 0.1, 1e-5),
    ],
    "_native_batch_norm_legit.no_stats": [
        C("training", T([2, 3, 4, 5]), T([3]), T([3]), True, 0.1, 1e-5),
        C("training channels last", cl(2, 3, 4, 5), None, None, True, 0.1, 1e-5),
        C("training float16", T([2, 3, 4, 5], dtype=f16), None, None, True, 0.1, 1e-5),
        C("training 2-d", T([4, 3]), T([3]), T([3]), True, 0.1, 1e-5),
        C("eval refused", T([2, 3, 4, 5]), None, None, False, 0.1, 1e-5),
        C("training cuda float16", T([2, 3, 4, 5], dtype=f16, device="cuda"), None, None, True, 0.1, 1e-5),
    ],
})

for _op in ["abs", "log", "neg", "rsqrt", "sigmoid", "sqrt", "tanh", "logical_not"]:
    CASES[_op] = unary_cases()
for _op in ["gt.Tensor", "lt.Tensor", "le.Tensor", "maximum", "minimum", "bitwise_and.Tensor",
            "__and__.Tensor"]:
    CASES[_op] = binary_cases()
for _op in ["ge.Scalar", "gt.Scalar", "lt.Scalar", "ne.Scalar", "div.Scalar", "sub.Scalar"]:
    CASES[_op] = binary_cases(scalar=True)

CASES["abs"] += [C("complex64 gives float32", T([2, 3], dtype=c64))]
CASES["le.Tensor"] += [C("float and broadcast int64", T([2, 3]), T([3], dtype=i64))]
CASES["maximum"] += [C("int32 and broadcast float16", T([2, 3], dtype=i32), T([3], dtype=f16))]
CASES["bitwise_and.Tensor"] += [
    C("bool and broadcast int32", T([3], dtype=b8), T([2, 3], dtype=i32)),
    C("float refused", T([3]), T([3])),
]
CASES["__and__.Tensor"] += [C("bool broadcast", T([3], dtype=b8), T([2, 3], dtype=b8))]
CASES["sub.Scalar"] += [C("alpha", T([2]), 2, 3), C("bool tensor refused", T([2], dtype=b8), True)]

CASES.update({
    "gelu": unary_cases() + [
        C("tanh approximation", T([2, 3]), approximate="tanh"),
        C("unknown approximation", T([2, 3]), approximate="exact"),
    ],
    "pow.Tensor_Scalar": [
        C("float tensor int exponent", T([2, 3]), 2),
        C("bool tensor int exponent", T([3], dtype=b8), 2),
        C("int tensor float exponent", T([3], dtype=i64), 0.5),
        C("int tensor int exponent", T([3], dtype=i32), 3),
        C("float16 tensor float exponent", T([3], dtype=f16), 2.5),
        C("complex exponent", T([3]), 1 + 1j),
        C("transposed", tr(2, 3), 2),
        C("channels last", cl(1, 2, 3, 3), 2.0),
        C("zero-dim", T([]), 2),
        C("negative int exponent of ints refused", T([3], dtype=i64), -1),
    ],
    "rsub.Scalar": [
        C("int tensor int number", T([3], dtype=i64), 2),
        C("float tensor", T([2, 3]), 2),
        C("int tensor float number", T([3], dtype=i32), 2.5),
        C("alpha", T([2]), 1, 2),
        C("transposed", tr(2, 3), 1),
        C("bool tensor refused", T([2], dtype=b8), True),
        C("float alpha with an int tensor and number refused", T([3], dtype=i32), 2, alpha=2.5),
        C("float alpha with an int tensor and a float number", T([3], dtype=i32), 1.5, alpha=2.5),
    ],
    "where.ScalarOther": [
        C("float16 self", T([3], dtype=b8), T([2, 3], dtype=f16), 0.0),
        C("int self float other", T([3], dtype=b8), T([3], dtype=i32), 1.5),
        C("int self int other", T([3], dtype=b8), T([3], dtype=i64), 2),
        C("transposed self", T([2, 3], dtype=b8), tr(2, 3), 1.0),
        C("zero-dim", T([], dtype=b8), T([]), 1),
        C("mismatch", T([2], dtype=b8), T([3]), 1.0),
    ],
    "amin": [
        C("one dim", T([2, 3, 4]), [1]),
        C("all dims", T([2, 3])),
        C("keepdim", T([2, 3, 4]), [0, 2], True),
        C("int64", T([2, 3], dtype=i64), [0]),
        C("transposed", tr(3, 4), [0], True),
        C("zero size reduced dim", T([0, 3]), [0]),
        C("dim out of range", T([2]), [1]),
    ],
    "cumsum": [
        C("float", T([2, 3]), 1),
        C("int32 accumulates to int64", T([2, 3], dtype=i32), 1),
        C("bool accumulates to int64", T([4], dtype=b8), 0),
        C("explicit dtype", T([2, 3], dtype=i64), 0, dtype=f32),
        C("transposed becomes contiguous", tr(3, 2), 0),
        C("channels last", cl(1, 2, 3, 3), 1),
        C("zero-dim", T([]), 0),
        C("negative dim", T([2, 3]), -1),
        C("dim out of range", T([2, 3]), 2),
    ],
    "_log_softmax": [
        C("dim 1", T([2, 3]), 1, False),
        C("last dim", T([2, 3, 4]), -1, False),
        C("transposed", tr(2, 3), 0, False),
        C("half to float on cpu", T([2, 3], dtype=f16), 1, True),
        C("zero-dim", T([]), 0, False),
        C("dim out of range", T([2, 3]), 2, False),
        C("zero-dim dim out of range", T([]), 1, False),
        C("bool refused", T([2, 3], dtype=b8), 1, False),
        C("empty bool refused", T([0, 3], dtype=b8), 1, False),
        C("int64", T([2, 3], dtype=i64), 1, False),
    ],
    "softmax.int": [
        C("last dim", T([2, 3]), -1),
        C("transposed becomes contiguous", tr(3, 2), 0),
        C("dtype", T([2, 3]), 0, f64),
        C("int input with float dtype", T([2, 3], dtype=i64), 1, f32),
        C("float16", T([2, 3], dtype=f16), 1),
        C("dim out of range", T([2, 3]), 2),
    ],
    "clone": [
        C("contiguous", T([2, 3])),
        C("permuted keeps its strides", T([3, 4, 2], strides=[4, 1, 12])),
        C("transposed", tr(2, 3)),
        C("channels last", cl(1, 2, 3, 3)),
        C("sliced non-dense becomes contiguous", T([4, 6], then=lambda t: t[:, ::2])),
        C("storage offset dropped", off(2, 3)),
        C("contiguous format", tr(2, 3), memory_format=torch.contiguous_format),
        C("to channels last", T([1, 2, 3, 3]), memory_format=CL),
        C("to channels last with zero height", T([2, 3, 0, 10]), memory_format=CL),
        C("zero-dim", T([], dtype=i64)),
    ],
    "lift_fresh_copy": [
        C("contiguous", T([2, 3])),
        C("permuted keeps its strides", T([3, 4, 2], strides=[4, 1, 12])),
        C("sliced non-dense becomes contiguous", T([4, 6], then=lambda t: t[:, ::2])),
        C("zero-dim", T([], dtype=i64)),
    ],
    "detach_": [
        C("contiguous", T([2, 3])),
        C("transposed", tr(2, 3)),
        C("storage offset", off(2, 3)),
    ],
    "alias": [
        C("contiguous", T([2, 3])),
        C("permuted", T([3, 2], strides=[1, 3])),
        C("storage offset", off(2, 3)),
        C("zero-dim", T([])),
    ],
    "t": [
        C("matrix", T([2, 3])),
        C("vector", T([3])),
        C("zero-dim", T([])),
        C("transposed", tr(2, 3)),
        C("storage offset", off(2, 3)),
        C("3-d refused", T([1, 2, 3])),
    ],
    "transpose.int": [
        C("first and last", T([2, 3, 4]), 0, -1),
        C("same dim", T([2, 3]), 1, 1),
        C("storage offset", off(2, 3), 0, 1),
        C("zero-dim", T([]), 0, -1),
        C("dim out of range", T([2, 3]), 0, 2),
    ],
    "squeeze.dim": [
        C("size one", T([2, 1, 3]), 1),
        C("not size one", T([2, 1, 3]), 0),
        C("negative dim", T([2, 3, 1]), -1),
        C("storage offset", off(2, 1, 3), 1),
        C("zero-dim", T([]), 0),
        C("dim out of range", T([2, 3]), 2),
    ],
    "_unsafe_view": [
        C("permuted infers minus one", T([4, 2, 3], strides=[1, 12, 4]), [4, -1]),
        C("merge", T([2, 3, 4]), [6, 4]),
        C("wrong numel", T([2, 3]), [4]),
    ],
    "reshape": [
        C("merge leading dims", T([2, 3, 4]), [6, -1]),
        C("permuted split views", T([4, 2, 3], strides=[1, 12, 4]), [4, 6]),
        C("transposed flattened copies", T([6, 4], strides=[1, 6]), [24]),
        C("channels last to flat copies", cl(2, 3, 4, 4), [2, 48]),
        C("storage offset view", off(2, 6), [3, 4]),
        C("zero-dim", T([]), [1]),
        C("wrong numel", T([2, 3]), [5]),
    ],
    "flatten.using_ints": [
        C("from dim 1", T([2, 3, 4, 5]), 1),
        C("middle dims", T([2, 3, 4, 5]), 1, 2),
        C("channels last copies", cl(2, 3, 8, 8), 1),
        C("zero-dim", T([])),
        C("transposed", tr(2, 3)),
        C("one dim is self", T([2, 3]), 1, 1),
        C("start after end", T([2, 3, 4]), 2, 1),
        C("dim out of range", T([2, 3]), 0, 2),
    ],
    "split.Tensor": [
        C("rows", T([10, 4]), 4),
        C("last dim", T([2, 5]), 2, -1),
        C("even", T([8, 4]), 4),
        C("one piece", T([3, 4]), 5),
        C("transposed", tr(6, 4), 2, 1),
        C("storage offset", off(4, 2), 2),
        C("zero split size of an empty dim", T([0, 3]), 0),
        C("zero split size", T([4, 3]), 0),
        C("dim out of range", T([2, 3]), 1, 2),
    ],
    "split_with_sizes": [
        C("two pieces", T([4, 10]), [3, 7], 1),
        C("rows", T([6, 2]), [1, 2, 3]),
        C("empty piece", T([4, 3]), [0, 4]),
        C("transposed", tr(4, 6), [2, 4], 1),
        C("sizes do not sum", T([4, 10]), [3, 6], 1),
        C("negative size", T([4, 3]), [5, -1]),
    ],
    "index.Tensor": [
        C("matrix index", T([5, 6, 7]), [T([2, 3], dtype=i64)]),
        C("second dim", T([5, 6, 7]), [None, T([4], dtype=i64)]),
        C("adjacent indices broadcast", T([5, 6, 7]), [None, T([4], dtype=i64), T([2, 1], dtype=i64)]),
        C("separated indices go first", T([5, 6, 7]), [T([4], dtype=i64), None, T([4], dtype=i64)]),
        C("permuted self", T([7, 5, 6], strides=[1, 42, 7]), [None, T([3], dtype=i64)]),
        C("int32 index", T([5, 6]), [T([3], dtype=i32)]),
        C("float index refused", T([5, 6]), [T([3])]),
        C("too many indices", T([5]), [T([1], dtype=i64), T([1], dtype=i64)]),
        C("bool mask", T([5, 6]), [T([5], dtype=b8)]),
        C("uint8 mask", T([5, 6]), [T([5], dtype=u8)]),
        C("int8 index", T([5, 6]), [T([5], dtype=torch.int8)]),
        C("empty dim", T([6, 0], strides=[1, 6]), [None, T([3], dtype=i64)]),
        C("indices that do not broadcast", T([5, 6]), [T([2], dtype=i64), T([3], dtype=i64)]),
        C("zero-dim index", T([5, 6]), [T([], dtype=i64)]),
    ],
    "index_put": [
        C("rows", T([5, 3]), [T([2], dtype=i64)], T([3])),
        C("second dim", T([5, 3]), [None, T([2], dtype=i64)], T([1])),
        C("accumulate", T([5, 3]), [T([2], dtype=i64)], T([2, 3]), True),
        C("bool mask", T([5, 3]), [T([5], dtype=b8)], T([])),
        C("transposed self kept", tr(5, 3), [T([2], dtype=i64)], T([3])),
        C("values of another dtype", T([5, 3]), [T([2], dtype=i64)], T([3], dtype=f64)),
        C("values that do not broadcast", T([5, 3]), [T([2], dtype=i64)], T([4])),
        C("float index refused", T([5, 3]), [T([2])], T([3])),
    ],
    "index_put_": [
        C("rows", T([5, 3]), [T([2], dtype=i64)], T([3])),
        C("transposed self kept", tr(5, 3), [None, T([2], dtype=i64)], T([1])),
        C("accumulate", T([5, 3]), [T([2], dtype=i64)], T([2, 3]), True),
        C("values that do not broadcast", T([5, 3]), [T([2], dtype=i64)], T([4])),
    ],
    "matmul": [
        C("vector and vector", T([3]), T([3])),
        C("matrix and vector", T([2, 3]), T([3])),
        C("vector and matrix", T([3]), T([3, 4])),
        C("matrix and matrix", T([2, 3]), T([3, 4])),
        C("batched and matrix", T([5, 2, 3]), T([3, 4])),
        C("batched and vector", T([5, 2, 3]), T([3])),
        C("vector and batched", T([3]), T([5, 3, 4])),
        C("broadcast batches", T([2, 1, 4, 3]), T([5, 3, 6])),
        C("transposed operands", tr(2, 3), tr(3, 4)),
        C("zero-dim refused", T([]), T([3])),
        C("inner mismatch", T([2, 3]), T([4, 5])),
        # Mixed dtypes: `mv` promotes, `mm` keeps the first operand's,
        # `dot` and `bmm` refuse.
        C("matrix and vector of other dtypes promote", T([2, 3], dtype=bf16), T([3], dtype=f64)),
        C("folded batch and vector promote", T([4, 2, 3], dtype=f16), T([3], dtype=bf16)),
        C("folded batch and matrix keep the first dtype", T([4, 2, 3], dtype=bf16), T([3, 5], dtype=f64)),
        C("vector and matrix keep the first dtype", T([3], dtype=bf16), T([3, 5], dtype=f64)),
        C("vectors of other dtypes refused", T([3], dtype=bf16), T([3], dtype=f64)),
        C("batched product of other dtypes refused", T([2, 2, 3]), T([2, 3, 4], dtype=f64)),
        C("unfoldable batch and vector refused", T([5, 2, 4], strides=[1, 20, 5]), T([4], dtype=f64)),
    ],
    "linear": [
        C("batched with bias", T([2, 5, 3]), T([4, 3]), T([4])),
        C("vector input", T([3]), T([4, 3])),
        C("matrix without bias", T([2, 3]), T([4, 3])),
        C("transposed input", tr(2, 3), T([4, 3]), T([4])),
        C("feature mismatch", T([2, 3]), T([4, 5])),
        C("matrix with a float64 bias promotes (addmm)", T([2, 3]), T([4, 3]), T([4], dtype=f64)),
        C("batched float16 with a float32 bias promotes", T([2, 5, 3], dtype=f16), T([4, 3], dtype=f16), T([4])),
        C("vector input with a bias (flattened to one row)", T([3]), T([4, 3]), T([4])),
        C("vector weight", T([2, 5, 3]), T([3])),
        C("vector weight with a zero-dim bias", T([2, 5, 3]), T([3]), T([])),
        C("size-one bias broadcasts", T([2, 2, 5, 3]), T([4, 3]), T([1])),
        C("zero-dim bias broadcasts", T([2, 5, 3]), T([4, 3]), T([])),
        C("bias of more dims widens the result", T([5, 3]), T([4, 3]), T([2, 5, 4])),
        C("transposed batch with a bias (matmul, then add)", T([2, 4, 3], strides=[12, 1, 4]), T([5, 3]), T([5])),
        C("empty batch", T([0, 2, 3]), T([4, 3]), T([4])),
        C("zero-dim input refused", T([]), T([3])),
        C("matrix input, vector weight and a bias refused (addmm)", T([2, 3]), T([3]), T([])),
    ],
    "layer_norm": [
        C("last dim", T([2, 3, 4]), [4]),
        C("permuted becomes contiguous", T([3, 2, 4], strides=[4, 12, 1]), [4]),
        C("affine", T([2, 3, 4]), [3, 4], T([3, 4]), T([3, 4])),
        C("float16", T([2, 4], dtype=f16), [4]),
        C("shape mismatch", T([2, 3, 4]), [3]),
        C("size-1 dim with its own stride kept", T([3, 1, 3, 3], strides=[9, 1, 3, 1]), [3, 3]),
        C("int64 refused", T([2, 4], dtype=i64), [4]),
        C("complex refused", T([2, 4], dtype=c64), [4]),
        C("cuda bfloat16", T([2, 4], dtype=bf16, device="cuda"), [4]),
        C("cuda float16 with a float32 weight refused", T([2, 4], dtype=f16, device="cuda"), [4],
          T([4], device="cuda")),
        C("no normalized dims refused", T([2, 4]), []),
    ],
    "batch_norm": [
        C("eval channels last", cl(2, 3, 8, 8), None, None, T([3]), T([3]), False, 0.1, 1e-5, False),
        C("training one value per channel with running statistics refused", T([1, 3]), None, None,
          T([3]), T([3]), True, 0.1, 1e-5, False),
        C("training one value per channel, running variance alone refused", T([1, 3, 1]), None, None,
          None, T([3]), True, 0.1, 1e-5, False),
        C("training", T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), True, 0.1, 1e-5, False),
        C("training without running stats", T([2, 3, 4]), None, None, None, None, True, 0.1, 1e-5, False),
        C("eval float16", T([2, 3, 4], dtype=f16), None, None, T([3]), T([3]), False, 0.1, 1e-5, False),
        C("running mean of another size", T([2, 3, 4]), None, None, T([4]), T([3]), False, 0.1, 1e-5, False),
        C("eval bool refused", T([2, 3, 4], dtype=b8), None, None, T([3]), T([3]), False, 0.1, 1e-5, False),
        C("eval int64", T([2, 3, 4], dtype=i64), None, None, T([3]), T([3]), False, 0.1, 1e-5, False),
        # An empty input is `input.clone() * weight[0] + bias[0]`, which
        # promotes with the zero-dim elements.
        C("empty int32 input with float parameters", T([3, 4, 0], dtype=i32), T([4]), T([4]), T([4]), T([4]),
          False, 0.1, 1e-5, False),
        C("empty float16 input with float parameters", T([3, 4, 0], dtype=f16), T([4]), T([4]), T([4]), T([4]),
          False, 0.1, 1e-5, False),
        C("empty int32 input without parameters", T([3, 4, 0], dtype=i32), None, None, T([4]), T([4]),
          True, 0.1, 1e-5, False),
        # On CUDA the cuDNN backend takes the input contiguous in its
        # suggested format; without weight and bias, or in bfloat16, not.
        C("cuda transposed input", tr(3, 4, 5, device="cuda"), T([4], device="cuda"), T([4], device="cuda"),
          T([4], device="cuda"), T([4], device="cuda"), False, 0.1, 1e-5, True),
        C("cuda transposed input training without statistics", tr(3, 4, 5, device="cuda"), T([4], device="cuda"),
          T([4], device="cuda"), None, None, True, 0.1, 1e-5, True),
        C("cuda transposed input without weight", tr(3, 4, 5, device="cuda"), None, None,
          T([4], device="cuda"), T([4], device="cuda"), False, 0.1, 1e-5, True),
        C("cuda transposed bfloat16 input", tr(3, 4, 5, dtype=bf16, device="cuda"), T([4], device="cuda"),
          T([4], device="cuda"), T([4], device="cuda"), T([4], device="cuda"), False, 0.1, 1e-5, True),
    ],
    "_native_batch_norm_legit_no_training": [
        C("channels last", cl(2, 3, 8, 8), None, None, T([3]), T([3]), 0.1, 1e-5),
        C("bool refused", T([2, 3, 4, 5], dtype=b8), None, None, T([3]), T([3]), 0.1, 1e-5),
        C("float16 3-d", T([2, 3, 4], dtype=f16), None, None, T([3]), T([3]), 0.1, 1e-5),
        C("affine", T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), 0.1, 1e-5),
        C("transposed", tr(2, 3, 5, 4), None, None, T([3]), T([3]), 0.1, 1e-5),
        C("running mean of another size", T([2, 3, 4]), None, None, T([4]), T([3]), 0.1, 1e-5),
        C("running var of another size", T([2, 3, 4]), None, None, T([3]), T([4]), 0.1, 1e-5),
        C("vector input", T([3]), T([3]), T([3]), T([3]), T([3]), 0.1, 1e-5),
        C("zero-dim input", T([]), None, None, T([3]), T([3]), 0.1, 1e-5),
    ],
    "native_dropout": [
        C("eval keeps a transposed layout", T([3, 2], strides=[1, 3]), 0.5, False),
        C("training", T([2, 3]), 0.5, True),
        C("training transposed", tr(2, 3), 0.5, True),
        C("train None", T([2, 3]), 0.5, None),
        C("float16", T([2, 3], dtype=f16), 0.1, True),
        C("p one", T([2, 3]), 1.0, True),
        C("int64 eval", T([2, 3], dtype=i64), 0.5, False),
        C("int64 training", T([2, 3], dtype=i64), 0.5, True),
        C("complex training", T([2, 3], dtype=c64), 0.5, True),
        C("p one int64", T([2, 3], dtype=i64), 1.0, True),
        C("p zero is self", T([2, 3]), 0.0, True),
        C("p above one is not checked", T([2, 3]), 1.5, True),
        C("sliced non-dense training", T([4, 6], then=lambda t: t[:, ::2]), 0.5, True),
        C("sliced non-dense eval", T([4, 6], then=lambda t: t[:, ::2]), 0.5, False),
    ],
    "dropout": [
        C("training keeps a transposed layout", T([3, 2], strides=[1, 3]), 0.1, True),
    ] + dropout_cases(),
    "_adaptive_avg_pool2d": [
        C("global", T([2, 3, 8, 8]), [1, 1]),
        C("channels last", cl(2, 3, 8, 8), [2, 3]),
        C("unbatched", T([3, 8, 8]), [4, 4]),
        C("larger output", T([2, 3, 4, 4]), [8, 8]),
        C("int64 refused", T([2, 3, 8, 8], dtype=i64), [2, 2]),
        C("2-d input", T([8, 8]), [2, 2]),
    ],
    "adaptive_avg_pool2d": [
        C("global of channels last", cl(2, 3, 8, 8), [1, 1]),
        C("global", T([2, 3, 8, 8]), [1, 1]),
        C("channels last", cl(2, 3, 8, 8), [2, 3]),
        C("unbatched", T([3, 8, 8]), [4, 4]),
        C("2-d input", T([8, 8]), [2, 2]),
        # An output of ones is a mean over the last two dims, of any rank.
        C("global of a 2-d input", T([8, 8]), [1, 1]),
        C("global of a 5-d input", T([2, 3, 4, 5, 6]), [1, 1]),
        C("global of int64 refused", T([2, 3, 8, 8], dtype=i64), [1, 1]),
        C("int64 pooled", T([2, 3, 8, 8], dtype=i64), [2, 2]),
        C("negative output size", T([2, 3, 8, 8]), [-1, 1]),
        C("one output size", T([2, 3, 8, 8]), [1]),
    ],
    "avg_pool2d": [
        C("stride padding ceil mode", T([2, 3, 9, 9]), [3, 3], [2, 2], [1, 1], True),
        C("channels last", cl(2, 3, 8, 8), [2, 2]),
        C("single ints", T([2, 3, 8, 8]), [2]),
        C("unbatched", T([3, 8, 8]), [2, 2]),
        C("divisor", T([2, 3, 8, 8]), [2, 2], divisor_override=3),
        C("kernel larger than input", T([2, 3, 2, 2]), [3, 3]),
        C("padding too large", T([2, 3, 8, 8]), [2, 2], [1, 1], [2, 2]),
        C("2-d input", T([8, 8]), [2, 2]),
        C("1-d input", T([8]), [2, 2]),
        C("5-d input", T([1, 1, 1, 8, 8]), [2, 2]),
        C("three kernel sizes", T([1, 1, 8, 8]), [2, 2, 2]),
        C("uint8 input", T([1, 1, 8, 8], dtype=torch.uint8), [2, 2]),
        C("zero divisor", T([1, 1, 8, 8]), [2, 2], divisor_override=0),
    ],
    "max_pool2d": [
        C("stride and padding", T([2, 3, 9, 9]), [3, 3], [2, 2], [1, 1]),
        C("default stride", T([2, 3, 8, 8]), [2, 2]),
        C("channels last", cl(2, 3, 8, 8), [2, 2]),
        C("unbatched", T([3, 8, 8]), [2, 2]),
        C("ceil mode and dilation", T([1, 2, 10, 10]), [3, 3], [2, 2], [0, 0], [2, 2], True),
        C("kernel larger than input", T([1, 1, 2, 2]), [3, 3]),
    ],
    "full_like": [
        C("transposed kept", T([3, 2], strides=[1, 3]), 7),
        C("channels last to float16", cl(2, 3, 8, 8), 7.0, dtype=f16),
        C("int value into float", T([2, 3]), 1),
        C("float value into int", T([2, 3], dtype=i64), 1.5),
        C("contiguous format", tr(2, 3), 1, memory_format=torch.contiguous_format),
        C("storage offset dropped", off(2, 3), 0),
        C("cuda", T([2, 3]), 1, device=torch.device("cuda:0")),
    ],
    "zeros": [
        C("matrix", [2, 3]),
        C("int64", [4], dtype=i64),
        C("cuda", [2], device=torch.device("cuda:0")),
        C("zero-dim", []),
        C("zero size", [0, 3]),
        C("negative size", [-1]),
    ],
    "ones": [
        C("int32", [2, 3], dtype=i32),
        C("matrix", [2, 3]),
        C("bool", [4], dtype=b8),
        C("zero-dim", []),
        C("negative size", [2, -3]),
    ],
    "empty_strided": [
        C("transposed strides", [2, 3], [1, 2]),
        C("contiguous", [2, 3], [3, 1]),
        C("overlapping", [2, 3], [0, 1]),
        C("int64", [4], [2], dtype=i64),
        C("zero-dim", [], []),
        C("lengths differ", [2, 3], [1]),
        C("negative size", [-1], [1]),
        C("negative size and lengths differ", [-1, 2], [1]),
    ],
    "scalar_tensor": [
        C("int value is float32", 3),
        C("float value", 1.5),
        C("bool value", True),
        C("dtype", 3, dtype=i64),
        C("cuda", 2.0, device=torch.device("cuda:0")),
    ],
    "arange": [
        C("int end", 5),
        C("float end", 2.5),
        C("dtype", 5, dtype=f64),
        C("zero", 0),
        C("negative end refused", -3),
    ],
    "arange.start_step": [
        C("int step", 0, 10, 3),
        C("float step", 0, 1, 0.25),
        C("negative step", 10, 0, -3),
        C("dtype", 0, 5, 1, dtype=f64),
        C("empty", 3, 3, 1),
        C("zero step refused", 0, 5, 0),
        C("wrong sign refused", 0, 5, -1),
    ],
    "sym_size.int": [
        C("last dim", T([2, 3, 4]), -1),
        C("first dim", T([2, 3, 4]), 0),
        C("dim out of range", T([2, 3]), 2),
    ],
    "sym_numel": [
        C("matrix", T([2, 3])),
        C("zero-dim", T([])),
        C("empty", T([0, 3])),
    ],
    "sym_storage_offset": [
        C("fresh", T([2, 3])),
        C("offset view", off(2, 3)),
    ],
    "sym_stride.int": [
        C("last dim", T([2, 3, 4]), -1),
        C("transposed", tr(2, 3), 0),
        C("dim out of range", T([2, 3]), 2),
    ],
    "sym_is_contiguous": [
        C("contiguous", T([2, 3])),
        C("transposed", tr(2, 3)),
        C("one row transposed", tr(1, 3)),
        C("channels-last asked of a contiguous tensor", T([2, 3, 4, 5]), torch.channels_last),
        C("channels-last", cl(2, 3, 4, 5), torch.channels_last),
        C("channels-last of a matrix", T([2, 3]), torch.channels_last),
    ],
    "_assert_tensor_metadata": [
        C("nothing asked", T([2, 3])),
        C("all matching", tr(2, 3), [2, 3], [1, 2], f32, device=torch.device("cpu"), layout=torch.strided),
        C("size mismatch", T([2, 3]), [2, 4]),
        C("stride mismatch", tr(2, 3), [2, 3], [3, 1]),
        C("dtype mismatch", T([2, 3]), None, None, f64),
        C("device mismatch", T([2, 3]), device=torch.device("cuda:0")),
        C("stride of a vector", T([3]), None, [2]),
        C("sizes of another length", T([3]), [3, 1]),
    ],
    "_local_scalar_dense": [
        C("int64", T([], dtype=i64)),
        C("float32", T([])),
        C("bool", T([], dtype=b8)),
        C("one-element vector", T([1], dtype=i32)),
        C("two elements reads the first", T([2])),
    ],
    "_assert_async": [
        C("bool", T([], dtype=b8)),
        C("one-element float", T([1])),
        C("two elements", T([2], dtype=b8)),
        C("empty", T([0], dtype=b8)),
    ],
    "_assert_async.msg": [
        C("bool", T([], dtype=b8), "checked"),
        C("two elements", T([2], dtype=b8), "checked"),
    ],
    "_assert_scalar": [
        C("true", True, "checked"),
        C("nonzero int", 3, "checked"),
        C("false refused", False, "checked"),
    ],
    "sym_constrain_range": [
        C("in range", 3, min=0, max=5),
        C("no bounds", 3),
        C("below min refused", 3, min=4),
        C("above max refused", 3, max=2),
    ],
    "sym_constrain_range_for_size": [
        C("in range", 3, min=0, max=5),
        C("no bounds", 3),
        C("above max refused", 3, max=2),
    ],
    "to.dtype": [
        C("other dtype of permuted", T([4, 2, 3], strides=[1, 12, 4]), f16),
        C("same dtype is self", T([4, 2, 3], strides=[1, 12, 4]), f32),
        C("copy", T([2, 3]), f32, False, True),
        C("channels last format", T([1, 2, 3, 3]), f32, memory_format=CL),
    ],
    "to.dtype_layout": [
        C("other dtype of permuted", T([4, 2, 3], strides=[1, 12, 4]), dtype=f64),
        C("nothing changes is self", T([4, 2, 3], strides=[1, 12, 4])),
        C("device", T([2, 3]), device=torch.device("cuda:0")),
        C("copy", off(2, 3), copy=True),
        C("non-dense moved to cuda", T([4, 6], then=lambda t: t[1:, ::2]), device=torch.device("cuda:0")),
        C("non-dense copied to its own device", T([4, 6], then=lambda t: t[1:, ::2]), device=torch.device("cpu"), copy=True),
    ],
    "item": [
        C("int64", T([], dtype=i64)),
        C("float", T([1])),
        C("two elements refused", T([2], dtype=i64)),
    ],
})


# ---- symbolic cases ----------------------------------------------------------------


SYMBOLIC = [
    # `elementwise_meta` converts an operand of another dtype with the C++
    # `to`, which fixes its symbolic sizes at their hints.
    ("add.Scalar of a dynamic int tensor and a float (sizes fixed)", "add.Scalar",
     Case("", D([2, 5, 6], "x", ["static", "dynamic", "dynamic"], dtype=i64), 2.5)),
    ("add.Scalar of a dynamic float tensor (sizes kept)", "add.Scalar",
     Case("", D([2, 5, 6], "x", ["static", "dynamic", "dynamic"]), 2.5)),
    ("special_bessel_y0 of a dynamic int tensor (sizes fixed)", "special_bessel_y0",
     Case("", D([5, 6], "x", dtype=i64))),
    ("addcmul of a dynamic bool input and float tensors (sizes fixed)", "addcmul",
     Case("", D([5, 6], "x", dtype=b8), D([5, 6], "y"), D([5, 6], "z"))),
    ("linear of a dynamic contiguous batch with a bias (flattened)", "linear",
     Case("", D([2, 5, 3], "x", ["dynamic", "dynamic", "static"]), T([4, 3]), T([4]))),
    ("linear of a dynamic batch with a bias (flattened: Mod(s0, 5*s0) is s0, no guard)", "linear",
     Case("", D([4, 5, 3], "x", ["dynamic", "static", "static"]), T([4, 3]), T([4]))),
    ("reshape merging two dynamic dims (Mod(s0, s0*s1) is never 0: no guard)", "reshape",
     Case("", D([2, 1, 5, 6], "x", ["static", "static", "dynamic", "dynamic"]), [2, 1, -1])),
    ("linear of a dynamic transposed batch with a bias (matmul, add)", "linear",
     Case("", D([2, 4, 3], "x", ["dynamic", "static", "static"], strides=[12, 1, 4]), T([5, 3]), T([5]))),
    # native_layer_norm's reference runs through the fake mode: its
    # arithmetic steps take the fast path on symbolic sizes.
    ("layer_norm of a dynamic batch whose size-1 dims have strides of their own", "layer_norm",
     Case("", D([2, 1, 1, 6], "x", ["dynamic", "static", "static", "static"], strides=[6, 1, 1, 1]), [6])),
    ("native_layer_norm of a dynamic permuted pooling with an affine", "native_layer_norm",
     Case("", D([2, 1, 1, 6], "x", ["dynamic", "static", "static", "static"], strides=[6, 1, 1, 1]),
          [6], T([6]), T([6]), 1e-5)),
    ("bmm.dtype keeping the dtype, dynamic sizes", "bmm.dtype",
     Case("", D([5, 2, 3], "self"), D([5, 3, 4], "mat2"), f32)),
    ("add broadcast equal sizes", "add.Tensor", Case("", D([3, 4], "x"), D([3, 4], "y"))),
    ("add broadcast against size one", "add.Tensor", Case("", D([3, 4], "x"), D([1, 4], "y", ["static", "dynamic"]))),
    # Output strides on symbolic sizes: the fake mode's fast binary path,
    # then the references' order (inputs broadcast with expand's strides).
    ("add of a dynamic input whose size-1 dim has a stride of its own", "add.Tensor",
     Case("", D([2, 1, 3], "x", ["dynamic", "static", "static"], strides=[3, 1, 1]), T([3]))),
    ("mul of a dynamic transposed input and a row", "mul.Tensor",
     Case("", D([4, 3], "x", ["static", "dynamic"], strides=[1, 4]), T([4, 1]))),
    ("where of a dynamic input whose size-1 dim has a stride of its own", "where.self",
     Case("", T([3], dtype=b8), D([2, 1, 3], "x", ["dynamic", "static", "static"], strides=[3, 1, 1]), T([3]))),
    ("cat along dim 0", "cat", Case("", [D([3, 4], "x"), D([5, 4], "y")], 0)),
    ("mm inner sizes", "mm", Case("", D([2, 3], "x"), D([3, 4], "y"))),
    ("view infers minus one", "view", Case("", D([4, 6], "x"), [-1])),
    ("sum keepdim", "sum.dim_IntList", Case("", D([3, 4, 5], "x"), [1], True)),
    ("expand size one dim", "expand", Case("", D([1, 4], "x", ["static", "dynamic"]), [3, -1])),
    ("slice with a constant end", "slice.Tensor", Case("", D([8, 2], "x"), 0, 0, 5)),
    ("conv2d output size", "convolution", Case(
        "", D([2, 3, 10, 12], "x", ["static", "static", "dynamic", "dynamic"]), T([4, 3, 3, 3]), None,
        [2, 2], [1, 1], [1, 1], False, [0, 0], 1)),
    ("diff along a dynamic dim", "diff", Case("", D([3, 6], "x"))),
    ("diff with a dynamic prepend", "diff", Case("", D([3, 6], "x"), 2, -1, D([3, 4], "p", ["static", "dynamic"]))),
    ("duck sized operands", "add.Tensor", Case(
        "", D([3, 4], "x", ["duck", "duck"]), D([3, 4], "y", ["duck", "duck"]))),
    ("narrow a dynamic dim", "narrow", Case("", D([8, 2], "x"), 0, 1, 3)),
    ("narrow from the end of a dynamic dim", "narrow", Case("", D([8, 2], "x"), 0, -2, 2)),
    ("unflatten a dynamic dim", "unflatten.int", Case("", D([6, 4], "x"), 0, [2, -1])),
    ("view_as dynamic sizes", "view_as", Case("", D([4, 6], "x"), D([24], "y"))),
    ("masked_fill broadcasting a dynamic mask", "masked_fill.Scalar",
     Case("", D([3, 4], "x", ["static", "dynamic"]), D([1, 4], "m", ["static", "dynamic"], dtype=b8), 1.0)),
    ("new_zeros of dynamic sizes", "new_zeros", Case("", D([3, 4], "x"), [5])),
    ("upsample nearest by two", "upsample_nearest2d.vec",
     Case("", D([2, 3, 8, 10], "x", ["static", "static", "dynamic", "dynamic"]), None, [2.0, 2.0])),
    ("upsample bilinear by a half", "upsample_bilinear2d.vec",
     Case("", D([2, 3, 8, 10], "x", ["static", "static", "dynamic", "dynamic"]), None, False, [0.5, 0.5])),
    ("attention with dynamic sequence lengths", "scaled_dot_product_attention",
     Case("", D([2, 4, 7, 16], "q", ["static", "static", "dynamic", "static"]),
          D([2, 4, 9, 16], "k", ["static", "static", "dynamic", "static"]),
          D([2, 4, 9, 8], "v", ["static", "static", "dynamic", "static"]))),
    ("repeat_interleave of a dynamic dim", "repeat_interleave.self_int", Case("", D([3, 4], "x"), 2, 0)),
    ("split a dynamic dim", "split.Tensor", Case("", D([7, 3], "x"), 3)),
    ("split a dynamic dim in one piece", "split.Tensor", Case("", D([5, 3], "x"), 8)),
    ("chunk a dynamic dim", "chunk", Case("", D([7, 3], "x"), 3)),
    ("chunk the last dynamic dim", "chunk", Case("", D([5, 9], "x"), 4, -1)),
    ("chunk a dynamic dim in more pieces than its size", "chunk", Case("", D([2, 3], "x"), 5)),
    ("unsafe_chunk a dynamic dim", "unsafe_chunk", Case("", D([7, 3], "x"), 3)),
    ("unbind a dynamic dim", "unbind.int", Case("", D([3, 4], "x"), 1)),
    ("movedim of dynamic dims", "movedim.int", Case("", D([2, 3, 4], "x"), 0, -1)),
    ("swapaxes of dynamic dims", "swapaxes", Case("", D([2, 3, 4], "x"), 0, 2)),
    ("feature_dropout of dynamic dims", "feature_dropout", Case("", D([2, 3, 4, 5], "x"), 0.5, True)),
    ("silu_ of dynamic dims", "silu_", Case("", D([3, 4], "x"))),
    ("diagonal of dynamic dims", "diagonal", Case("", D([3, 5], "x"), 1)),
    ("diagonal with a negative offset", "diagonal", Case("", D([5, 3], "x"), -2)),
    ("scatter into dynamic sizes", "scatter.src",
     Case("", D([4, 3], "x"), 0, D([2, 3], "i", ["dynamic", "static"], dtype=i64), D([2, 3], "s", ["dynamic", "static"]))),
    ("reflection_pad2d of dynamic dims", "reflection_pad2d",
     Case("", D([2, 3, 5, 6], "x", ["static", "static", "dynamic", "dynamic"]), [1, 2, 3, 4])),
    ("avg_pool3d of dynamic dims", "avg_pool3d",
     Case("", D([2, 3, 6, 7, 8], "x", ["static", "static", "dynamic", "dynamic", "dynamic"]), [2])),
    ("avg_pool1d of a dynamic length", "avg_pool1d",
     Case("", D([2, 3, 10], "x", ["static", "static", "dynamic"]), [3])),
    ("group norm with the sizes of a dynamic input", "native_group_norm",
     Case("", D([2, 6, 4], "x"), D([6], "w"), None, SizeOf("x", 0), SizeOf("x", 1), SizeOf("x", 2), 3, 1e-5)),
    ("empty of a symbolic size", "empty.memory_format", Case("", [S(5, "n"), 3])),
    ("empty_permuted of a symbolic size", "empty_permuted", Case("", [S(5, "n"), 3, 4], [2, 0, 1])),
    ("empty_strided of symbolic sizes and strides", "empty_strided", Case("", [S(5, "n"), 3], [1, S(5, "n")])),
    ("floor_divide of dynamic floats by a column", "floor_divide",
     Case("", D([2, 3], "x"), D([2, 1], "y", ["dynamic", "static"]))),
    ("_assert_tensor_metadata of its own symbolic sizes", "_assert_tensor_metadata",
     Case("", D([2, 3], "x"), [SizeOf("x", 0), SizeOf("x", 1)], [SizeOf("x", 1), 1])),
    ("_assert_tensor_metadata of dynamic sizes against static ones", "_assert_tensor_metadata",
     Case("", D([2, 3], "x"), [2, 3])),
    ("full of a symbolic size", "full", Case("", [S(4, "n"), 2], 1.5)),
    ("ones of symbolic sizes", "ones", Case("", [S(4, "n"), S(3, "m")])),
    ("zeros of symbolic sizes", "zeros", Case("", [S(4, "n"), S(3, "m")])),
    ("rand of a symbolic size", "rand", Case("", [S(4, "n"), 3])),
    ("randn of a symbolic size", "randn", Case("", [3, S(4, "n")])),
    ("randperm of a symbolic length", "randperm", Case("", S(5, "n"))),
    ("batch norm training of dynamic dims", "_native_batch_norm_legit",
     Case("", D([2, 3, 4, 5], "x", ["dynamic", "static", "dynamic", "dynamic"]), None, None, T([3]), T([3]),
          True, 0.1, 1e-5)),
    # Output strides whose sizes sympy cannot show to be at least 1 as it
    # multiplies them (`((s1 - 2)//2) + 1` folds to `(s1//2)`, `(s2//2) - 1`
    # stays a sum): PyTorch prints those sums as factors.
    ("max_pool2d_with_indices of a dynamic input with a dilated window", "max_pool2d_with_indices",
     Case("", D([1, 2, 3, 6], "x", ["static", "dynamic", "dynamic", "dynamic"]), [3, 3], [2, 2], [0, 0],
          [1, 2], True)),
    ("avg_pool2d of a dynamic input without padding", "avg_pool2d",
     Case("", D([2, 3, 9, 10], "x", ["static", "dynamic", "dynamic", "dynamic"]), [3, 3], [3, 3])),
    ("reflection_pad2d of a dynamic input", "reflection_pad2d",
     Case("", D([1, 3, 5, 6], "x", ["static", "dynamic", "dynamic", "dynamic"]), [1, 1, -1, 0])),
]

# ---- gradients, distances, embeddings, FFTs: the last Core ATen operators ------------

CASES.update({
    "embedding_dense_backward": [
        C("matrix gradient", T([4, 3]), T([4], dtype=i64), 10, -1, False),
        C("batched gradient", T([2, 5, 3]), T([2, 5], dtype=i64), 7, 0, True),
        C("float16 gradient", T([4, 3], dtype=f16), T([4], dtype=i64), 10, -1, False),
        C("transposed gradient", tr(4, 3), T([4], dtype=i32), 6, -1, False),
        C("no weights", T([4, 3]), T([4], dtype=i64), 0, -1, False),
        C("negative number of weights refused", T([4, 3]), T([4], dtype=i64), -1, -1, False),
        C("zero-dim gradient refused", T([]), T([], dtype=i64), 3, -1, False),
    ],
    "_adaptive_avg_pool2d_backward": [
        C("batched", T([2, 3, 1, 1]), T([2, 3, 5, 5])),
        C("unbatched", T([3, 2, 2]), T([3, 6, 6])),
        C("channels-last self", T([2, 3, 2, 2]), cl(2, 3, 5, 5)),
        C("channels-last gradient", cl(2, 3, 2, 2), T([2, 3, 5, 5])),
        C("empty batch", T([0, 3, 1, 1]), T([0, 3, 4, 4])),
        C("empty channel refused", T([2, 0, 1, 1]), T([2, 0, 4, 4])),
        C("matrix refused", T([3, 2]), T([3, 4])),
        C("dtype mismatch refused", T([2, 3, 1, 1], dtype=f64), T([2, 3, 5, 5])),
        C("five-dim self", T([2, 3, 1, 1]), T([1, 2, 3, 5, 5])),
        C("float16", T([1, 2, 1, 1], dtype=f16), cl(1, 2, 3, 3, dtype=f16)),
    ],
    "_pdist_forward": [
        C("rows", T([5, 3])),
        C("one row", T([1, 3])),
        C("no rows", T([0, 3])),
        C("p one float64", T([4, 2], dtype=f64), 1.0),
        C("transposed refused", tr(5, 3)),
        C("three dims (meta only)", T([4, 2, 3])),
        C("vector (meta only)", T([4])),
        C("negative p (meta only)", T([4, 2]), -1.0),
    ],
    "_cdist_forward": [
        C("matrices", T([3, 4]), T([5, 4]), 2.0, None),
        C("batch broadcast", T([2, 1, 3, 4]), T([6, 5, 4]), 1.0, 0),
        C("float64 and float32", T([3, 4], dtype=f64), T([5, 4]), 2.0, 1),
        C("transposed", tr(3, 4), T([5, 4]), 0.0, 2),
        C("float16", T([3, 4], dtype=f16), T([5, 4], dtype=f16), 2.0, None),
        C("empty rows", T([0, 4]), T([5, 4]), 2.0, None),
        C("columns mismatch refused", T([3, 4]), T([5, 3]), 2.0, None),
        C("integer refused", T([3, 4], dtype=i64), T([5, 4]), 2.0, None),
        C("vector refused", T([4]), T([5, 4]), 2.0, None),
        C("negative p refused", T([3, 4]), T([5, 4]), -1.0, None),
        C("bad compute mode refused", T([3, 4]), T([5, 4]), 2.0, 3),
        C("batch mismatch refused", T([2, 3, 4]), T([3, 5, 4]), 2.0, None),
    ],
    "avg_pool2d_backward": [
        C("batched", T([2, 3, 2, 2]), T([2, 3, 5, 5]), [2, 2], [2, 2], [0, 0], False, True, None),
        C("unbatched, empty stride", T([3, 2, 2]), T([3, 4, 4]), [2], [], [0], False, True, None),
        C("channels-last input", T([2, 3, 2, 2]), cl(2, 3, 4, 4), [2, 2], [2, 2], [0, 0], False, True, None),
        C("channels-last gradient", cl(2, 3, 2, 2), T([2, 3, 4, 4]), [2, 2], [2, 2], [0, 0], False, True, None),
        C("ceil mode", T([1, 2, 3, 3]), T([1, 2, 5, 5]), [2, 2], [2, 2], [0, 0], True, True, None),
        C("padding", T([1, 1, 2, 2]), T([1, 1, 4, 4]), [3, 3], [2, 2], [1, 1], False, False, 2),
        C("float64 gradient of a float32 input", T([1, 2, 2, 2], dtype=f64), T([1, 2, 4, 4]), [2], [2], [0], False, True, None),
        C("empty batch", T([0, 3, 2, 2]), T([0, 3, 4, 4]), [2, 2], [2, 2], [0, 0], False, True, None),
        C("gradient size mismatch refused", T([2, 3, 3, 3]), T([2, 3, 4, 4]), [2, 2], [2, 2], [0, 0], False, True, None),
        C("gradient rank mismatch refused", T([3, 2, 2]), T([1, 3, 4, 4]), [2, 2], [2, 2], [0, 0], False, True, None),
        C("zero divisor refused", T([1, 1, 2, 2]), T([1, 1, 4, 4]), [2, 2], [2, 2], [0, 0], False, True, 0),
        C("three kernel sizes refused", T([1, 1, 2, 2]), T([1, 1, 4, 4]), [2, 2, 2], [2, 2], [0, 0], False, True, None),
        C("pad above half the kernel refused", T([1, 1, 2, 2]), T([1, 1, 4, 4]), [2, 2], [2, 2], [2, 2], False, True, None),
        C("zero stride refused", T([1, 1, 2, 2]), T([1, 1, 4, 4]), [2, 2], [0, 0], [0, 0], False, True, None),
        C("matrix refused", T([2, 2]), T([4, 4]), [2, 2], [2, 2], [0, 0], False, True, None),
        C("empty channels refused", T([2, 0, 2, 2]), T([2, 0, 4, 4]), [2, 2], [2, 2], [0, 0], False, True, None),
        C("output too small refused", T([1, 1, 0, 0]), T([1, 1, 1, 1]), [2, 2], [2, 2], [0, 0], False, True, None),
        C("five dims refused", T([1, 1, 1, 2, 2]), T([1, 1, 1, 4, 4]), [2, 2], [2, 2], [0, 0], False, True, None),
    ],
    "max_pool2d_with_indices_backward": [
        C("batched", T([2, 3, 2, 2]), T([2, 3, 5, 5]), [2, 2], [2, 2], [0, 0], [1, 1], False,
          T([2, 3, 2, 2], dtype=i64)),
        C("unbatched, empty stride", T([3, 2, 2]), T([3, 4, 4]), [2], [], [0], [1], False, T([3, 2, 2], dtype=i64)),
        C("channels-last input", cl(2, 3, 2, 2), cl(2, 3, 4, 4), [2, 2], [2, 2], [0, 0], [1, 1], False,
          cl(2, 3, 2, 2, dtype=i64)),
        C("channels-last gradient only", cl(2, 3, 2, 2), T([2, 3, 4, 4]), [2, 2], [2, 2], [0, 0], [1, 1], False,
          T([2, 3, 2, 2], dtype=i64)),
        C("dilation and padding", T([1, 2, 3, 3]), T([1, 2, 7, 7]), [3, 3], [2, 2], [1, 1], [2, 2], False,
          T([1, 2, 3, 3], dtype=i64)),
        C("ceil mode", T([1, 2, 3, 3]), T([1, 2, 5, 5]), [2, 2], [2, 2], [0, 0], [1, 1], True,
          T([1, 2, 3, 3], dtype=i64)),
        C("empty batch", T([0, 3, 2, 2]), T([0, 3, 4, 4]), [2, 2], [2, 2], [0, 0], [1, 1], False,
          T([0, 3, 2, 2], dtype=i64)),
        C("dtype mismatch refused", T([2, 3, 2, 2], dtype=f64), T([2, 3, 4, 4]), [2, 2], [2, 2], [0, 0], [1, 1], False,
          T([2, 3, 2, 2], dtype=i64)),
        C("gradient size mismatch refused", T([2, 3, 3, 2]), T([2, 3, 4, 4]), [2, 2], [2, 2], [0, 0], [1, 1], False,
          T([2, 3, 2, 2], dtype=i64)),
        C("indices size mismatch refused", T([2, 3, 2, 2]), T([2, 3, 4, 4]), [2, 2], [2, 2], [0, 0], [1, 1], False,
          T([2, 2, 2, 2], dtype=i64)),
        C("zero dilation refused", T([2, 3, 2, 2]), T([2, 3, 4, 4]), [2, 2], [2, 2], [0, 0], [0, 0], False,
          T([2, 3, 2, 2], dtype=i64)),
        C("three paddings refused", T([2, 3, 2, 2]), T([2, 3, 4, 4]), [2, 2], [2, 2], [0, 0, 0], [1, 1], False,
          T([2, 3, 2, 2], dtype=i64)),
        C("five dims refused", T([1, 1, 1, 2, 2]), T([1, 1, 1, 4, 4]), [2, 2], [2, 2], [0, 0], [1, 1], False,
          T([1, 1, 1, 2, 2], dtype=i64)),
        C("empty height refused", T([1, 1, 0, 2]), T([1, 1, 0, 4]), [2, 2], [2, 2], [0, 0], [1, 1], False,
          T([1, 1, 0, 2], dtype=i64)),
    ],
    "max_pool3d_with_indices": [
        C("batched", T([2, 3, 4, 6, 6]), [2]),
        C("unbatched, per-dim parameters", T([3, 4, 6, 6]), [2, 2, 2], [1, 2, 2]),
        C("channels-last-3d input", T([2, 3, 4, 6, 6], fmt=torch.channels_last_3d), [2]),
        C("four dims with channels-last strides", cl(3, 4, 6, 6), [2]),
        C("dilation and padding", T([1, 1, 5, 5, 5]), [3], [1], [1], [2]),
        C("ceil mode", T([1, 2, 5, 5, 5]), [2], [2], [0], [1], True),
        C("empty batch", T([0, 2, 4, 4, 4]), [2]),
        C("float16", T([1, 2, 4, 4, 4], dtype=f16), [2]),
        C("two kernel sizes refused", T([1, 1, 4, 4, 4]), [2, 2]),
        C("two strides refused", T([1, 1, 4, 4, 4]), [2], [2, 2]),
        C("three dims refused", T([1, 4, 4]), [2]),
        C("empty depth refused", T([1, 1, 0, 4, 4]), [2]),
        C("pad above half the kernel refused", T([1, 1, 4, 4, 4]), [2], [2], [2]),
        C("zero kernel refused", T([1, 1, 4, 4, 4]), [0]),
        C("output too small refused", T([1, 1, 1, 4, 4]), [2]),
    ],
    "col2im": [
        C("batched", T([2, 12, 9]), [4, 4], [2, 2], [1, 1], [0, 0], [1, 1]),
        C("unbatched", T([12, 9]), [4, 4], [2, 2], [1, 1], [0, 0], [1, 1]),
        C("padding and stride", T([1, 18, 9]), [5, 5], [3, 3], [1, 1], [1, 1], [2, 2]),
        C("dilation, rectangular", T([1, 4, 12]), [6, 5], [2, 2], [2, 2], [0, 0], [1, 1]),
        C("float16", T([1, 4, 9], dtype=f16), [4, 4], [2, 2], [1, 1], [0, 0], [1, 1]),
        C("int64", T([1, 4, 9], dtype=i64), [4, 4], [2, 2], [1, 1], [0, 0], [1, 1]),
        C("transposed input", tr(2, 12, 9), [4, 4], [2, 2], [1, 1], [0, 0], [1, 1]),
        C("empty batch", T([0, 12, 9]), [4, 4], [2, 2], [1, 1], [0, 0], [1, 1]),
        C("block count mismatch refused", T([1, 4, 8]), [4, 4], [2, 2], [1, 1], [0, 0], [1, 1]),
        C("channels not divisible refused", T([1, 5, 9]), [4, 4], [2, 2], [1, 1], [0, 0], [1, 1]),
        C("zero kernel refused", T([1, 4, 9]), [4, 4], [0, 2], [1, 1], [0, 0], [1, 1]),
        C("negative padding refused", T([1, 4, 9]), [4, 4], [2, 2], [1, 1], [-1, 0], [1, 1]),
        C("zero output size refused", T([1, 4, 9]), [0, 4], [2, 2], [1, 1], [0, 0], [1, 1]),
        C("three output sizes refused", T([1, 4, 9]), [4, 4, 4], [2, 2], [1, 1], [0, 0], [1, 1]),
        C("four dims refused", T([1, 1, 4, 9]), [4, 4], [2, 2], [1, 1], [0, 0], [1, 1]),
        C("empty channels refused", T([1, 0, 9]), [4, 4], [2, 2], [1, 1], [0, 0], [1, 1]),
        C("no blocks refused", T([1, 4, 0]), [1, 1], [2, 2], [1, 1], [0, 0], [1, 1]),
    ],
    "grid_sampler_2d": [
        C("bilinear, zeros", T([2, 3, 5, 6]), T([2, 4, 7, 2]), 0, 0, False),
        C("nearest, border, aligned", T([2, 3, 5, 6]), T([2, 4, 7, 2]), 1, 1, True),
        C("bicubic, reflection", T([2, 3, 5, 6]), T([2, 4, 7, 2]), 2, 2, False),
        C("float64 grid promotes", T([1, 2, 4, 4]), T([1, 3, 3, 2], dtype=f64), 0, 0, False),
        C("float16", T([1, 2, 4, 4], dtype=f16), T([1, 3, 3, 2], dtype=f16), 0, 0, False),
        C("int64 input", T([1, 2, 4, 4], dtype=i64), T([1, 3, 3, 2]), 1, 0, False),
        C("channels-last input", cl(2, 3, 5, 6), T([2, 4, 7, 2]), 0, 0, False),
        C("transposed grid", T([2, 3, 5, 6]), T([2, 7, 4, 2], then=lambda t: t.transpose(1, 2)), 0, 0, False),
        C("empty batch", T([0, 3, 5, 6]), T([0, 4, 7, 2]), 0, 0, False),
        C("cuda", T([2, 3, 5, 6], device="cuda"), T([2, 4, 7, 2], device="cuda"), 0, 0, False),
        C("bad interpolation mode refused", T([1, 2, 4, 4]), T([1, 3, 3, 2]), 3, 0, False),
        C("bad padding mode refused", T([1, 2, 4, 4]), T([1, 3, 3, 2]), 0, -1, False),
        C("three-dim input refused", T([2, 4, 4]), T([1, 3, 3, 2]), 0, 0, False),
        C("three coordinates refused", T([1, 2, 4, 4]), T([1, 3, 3, 3]), 0, 0, False),
        C("grid batch mismatch refused", T([2, 2, 4, 4]), T([3, 3, 3, 2]), 0, 0, False),
    ],
    "convolution_backward": [
        C("2-d", T([2, 4, 3, 3]), T([2, 3, 5, 5]), T([4, 3, 3, 3]), [4], [1, 1], [0, 0], [1, 1], False, [0, 0], 1,
          [True, True, True]),
        C("channels-last input", cl(2, 4, 3, 3), cl(2, 3, 5, 5), T([4, 3, 3, 3]), [4], [1, 1], [0, 0], [1, 1], False,
          [0, 0], 1, [True, True, True]),
        C("channels-last weight", T([2, 4, 3, 3]), T([2, 3, 5, 5]), cl(4, 3, 3, 3), [4], [1], [0], [1], False, [0], 1,
          [True, True, True]),
        C("float64 channels-last input", T([2, 4, 3, 3], dtype=f64), cl(2, 3, 5, 5, dtype=f64),
          T([4, 3, 3, 3], dtype=f64), [4], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, True]),
        C("input gradient only", T([2, 4, 3, 3]), cl(2, 3, 5, 5), T([4, 3, 3, 3]), [4], [1, 1], [0, 0], [1, 1], False,
          [0, 0], 1, [True, False, False]),
        C("nothing asked", T([2, 4, 3, 3]), T([2, 3, 5, 5]), T([4, 3, 3, 3]), None, [1, 1], [0, 0], [1, 1], False,
          [0, 0], 1, [False, False, False]),
        C("no bias", T([2, 4, 3, 3]), T([2, 3, 5, 5]), T([4, 3, 3, 3]), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1,
          [True, True, False]),
        C("bias gradient without bias sizes refused", T([2, 4, 3, 3]), T([2, 3, 5, 5]), T([4, 3, 3, 3]), None,
          [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, True]),
        C("1-d", T([2, 4, 3]), T([2, 3, 5]), T([4, 3, 3]), [4], [1], [0], [1], False, [0], 1, [True, True, True]),
        C("1-d weight with channels-last strides", T([2, 4, 3]), T([2, 3, 5]), T([4, 3, 3], strides=[9, 1, 3]), [4],
          [1], [0], [1], False, [0], 1, [True, True, True]),
        C("3-d channels-last-3d input", T([2, 4, 3, 3, 3]), T([2, 3, 5, 5, 5], fmt=torch.channels_last_3d),
          T([4, 3, 3, 3, 3]), [4], [1], [0], [1], False, [0], 1, [True, True, True]),
        C("3-d channels-last-3d input, one small sample", T([1, 4, 3, 3, 3]),
          T([1, 3, 5, 5, 5], fmt=torch.channels_last_3d), T([4, 3, 3, 3, 3]), [4], [1], [0], [1], False, [0], 1,
          [True, True, True]),
        C("3-d channels-last-3d input, groups", T([1, 4, 3, 3, 3]), T([1, 4, 5, 5, 5], fmt=torch.channels_last_3d),
          T([4, 2, 3, 3, 3]), [4], [1], [0], [1], False, [0], 2, [True, True, True]),
        C("3-d float64 channels-last-3d input", T([2, 4, 3, 3, 3], dtype=f64),
          T([2, 3, 5, 5, 5], dtype=f64, fmt=torch.channels_last_3d), T([4, 3, 3, 3, 3], dtype=f64), [4], [1], [0],
          [1], False, [0], 1, [True, True, True]),
        C("transposed, channels-last input", T([2, 4, 7, 7]), cl(2, 3, 5, 5), T([3, 4, 3, 3]), [4], [1, 1], [0, 0],
          [1, 1], True, [0, 0], 1, [True, True, True]),
        C("groups", T([2, 6, 3, 3]), T([2, 4, 5, 5]), T([6, 2, 3, 3]), [6], [1, 1], [0, 0], [1, 1], False, [0, 0], 2,
          [True, True, True]),
        C("strided, padded, dilated, channels-last", cl(2, 4, 3, 3), cl(2, 3, 7, 7), T([4, 3, 3, 3]), [4], [2, 2],
          [1, 1], [2, 2], False, [0, 0], 1, [True, True, True]),
        C("empty batch, channels-last", T([0, 4, 3, 3]), cl(0, 3, 5, 5), T([4, 3, 3, 3]), [4], [1, 1], [0, 0],
          [1, 1], False, [0, 0], 1, [True, True, True]),
        C("float16 gradient of float32 operands", T([2, 4, 3, 3], dtype=f16), T([2, 3, 5, 5]), T([4, 3, 3, 3]), [4],
          [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, True]),
        C("cuda, channels-last input", T([2, 4, 3, 3], device="cuda"), cl(2, 3, 5, 5, device="cuda"),
          T([4, 3, 3, 3], device="cuda"), [4], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, True]),
        C("cuda float64, channels-last input", T([2, 4, 3, 3], dtype=f64, device="cuda"),
          cl(2, 3, 5, 5, dtype=f64, device="cuda"), T([4, 3, 3, 3], dtype=f64, device="cuda"), [4], [1, 1], [0, 0],
          [1, 1], False, [0, 0], 1, [True, True, True]),
        C("unbatched", T([4, 3, 3]), T([3, 5, 5]), T([4, 3, 3, 3]), [4], [1, 1], [0, 0], [1, 1], False, [0, 0], 1,
          [True, True, True]),
        C("unbatched, channels-last weight refused", T([4, 3, 3]), T([3, 5, 5]), cl(4, 3, 3, 3), [4], [1, 1], [0, 0],
          [1, 1], False, [0, 0], 1, [True, True, True]),
        C("channels mismatch refused", T([2, 4, 3, 3]), T([2, 3, 5, 5]), T([4, 2, 3, 3]), [4], [1, 1], [0, 0],
          [1, 1], False, [0, 0], 1, [True, True, True]),
        C("kernel larger than input refused", T([2, 4, 1, 1]), T([2, 3, 2, 2]), T([4, 3, 3, 3]), [4], [1, 1], [0, 0],
          [1, 1], False, [0, 0], 1, [True, True, True]),
        C("weight not divisible by groups refused", T([2, 5, 3, 3]), T([2, 6, 5, 5]), T([5, 3, 3, 3]), [5], [1, 1],
          [0, 0], [1, 1], False, [0, 0], 2, [True, True, True]),
        C("three strides refused", T([2, 4, 3, 3]), T([2, 3, 5, 5]), T([4, 3, 3, 3]), [4], [1, 1, 1], [0, 0], [1, 1],
          False, [0, 0], 1, [True, True, True]),
        C("negative padding refused", T([2, 4, 3, 3]), T([2, 3, 5, 5]), T([4, 3, 3, 3]), [4], [1, 1], [-1, 0],
          [1, 1], False, [0, 0], 1, [True, True, True]),
        C("empty height refused", T([2, 4, 2, 7]), T([2, 3, 0, 5]), T([4, 3, 1, 1]), [4], [1, 1], [1, 1], [1, 1],
          False, [0, 0], 1, [True, True, True]),
        C("transposed channels mismatch refused", T([2, 4, 7, 7]), T([2, 3, 5, 5]), T([4, 4, 3, 3]), [4], [1, 1],
          [0, 0], [1, 1], True, [0, 0], 1, [True, True, True]),
        C("weight of another rank refused", T([2, 4, 3, 3]), T([2, 3, 5, 5]), T([4, 3, 3, 3, 3]), [4], [1], [0], [1],
          False, [0], 1, [True, True, True]),
    ],
    "native_layer_norm_backward": [
        C("last dim", T([2, 3, 4]), T([2, 3, 4]), [4], T([2, 3, 1]), T([2, 3, 1]), T([4]), T([4]),
          [True, True, True]),
        C("two normalized dims", T([2, 3, 4]), T([2, 3, 4]), [3, 4], T([2, 1, 1]), T([2, 1, 1]), T([3, 4]),
          T([3, 4]), [True, True, True]),
        C("no weight nor bias", T([2, 3, 4]), T([2, 3, 4]), [4], T([2, 3, 1]), T([2, 3, 1]), None, None,
          [True, True, True]),
        C("input gradient only", T([2, 3, 4]), T([2, 3, 4]), [4], T([2, 3, 1]), T([2, 3, 1]), T([4]), T([4]),
          [True, False, False]),
        C("weight gradient only", T([2, 3, 4]), T([2, 3, 4]), [4], T([2, 3, 1]), T([2, 3, 1]), T([4]), T([4]),
          [False, True, False]),
        C("float16", T([2, 3, 4], dtype=f16), T([2, 3, 4], dtype=f16), [4], T([2, 3, 1], dtype=f16),
          T([2, 3, 1], dtype=f16), T([4], dtype=f16), T([4], dtype=f16), [True, True, True]),
        C("float64 weight of a float32 input", T([2, 3, 4]), T([2, 3, 4]), [4], T([2, 3, 1]), T([2, 3, 1]),
          T([4], dtype=f64), T([4], dtype=f64), [True, True, True]),
        C("channels-last input", cl(2, 3, 4, 5), cl(2, 3, 4, 5), [5], T([2, 3, 4, 1]), T([2, 3, 4, 1]), T([5]),
          T([5]), [True, True, True]),
        C("transposed gradient", tr(3, 4), T([3, 4]), [4], T([3, 1]), T([3, 1]), T([4]), T([4]),
          [True, True, True]),
        C("transposed input and gradient", tr(3, 4), tr(3, 4), [4], T([3, 1]), T([3, 1]), T([4]), T([4]),
          [True, True, True]),
        C("every dim normalized", T([3, 4]), T([3, 4]), [3, 4], T([1, 1]), T([1, 1]), T([3, 4]), T([3, 4]),
          [True, True, True]),
        C("empty batch", T([0, 4]), T([0, 4]), [4], T([0, 1]), T([0, 1]), T([4]), T([4]), [True, True, True]),
        C("empty batch, no weight", T([0, 4]), T([0, 4]), [4], T([0, 1]), T([0, 1]), None, None,
          [True, True, True]),
        C("nothing normalized", T([2, 3]), T([2, 3]), [], T([2, 3]), T([2, 3]), None, None, [True, True, True]),
        C("statistics of another shape refused", T([2, 3, 4]), T([2, 3, 4]), [4], T([3, 2, 1]), T([3, 2, 1]),
          T([4]), T([4]), [True, True, True]),
        C("cuda", T([2, 3, 4], device="cuda"), T([2, 3, 4], device="cuda"), [4], T([2, 3, 1], device="cuda"),
          T([2, 3, 1], device="cuda"), T([4], device="cuda"), T([4], device="cuda"), [True, True, True]),
    ],
    "native_group_norm_backward": [
        C("4-d", T([2, 6, 3, 3]), T([2, 6, 3, 3]), T([2, 3]), T([2, 3]), T([6]), 2, 6, 9, 3, [True, True, True]),
        C("no weight", T([2, 6, 3, 3]), T([2, 6, 3, 3]), T([2, 3]), T([2, 3]), None, 2, 6, 9, 3,
          [True, True, True]),
        C("channels-last", cl(2, 6, 3, 3), cl(2, 6, 3, 3), T([2, 3]), T([2, 3]), T([6]), 2, 6, 9, 3,
          [True, True, True]),
        C("channels-last input only", T([2, 6, 3, 3]), cl(2, 6, 3, 3), T([2, 3]), T([2, 3]), T([6]), 2, 6, 9, 3,
          [True, True, True]),
        C("3-d", T([2, 6, 5]), T([2, 6, 5]), T([2, 2]), T([2, 2]), T([6]), 2, 6, 5, 2, [True, True, True]),
        C("input gradient only", T([2, 6, 3, 3]), T([2, 6, 3, 3]), T([2, 3]), T([2, 3]), T([6]), 2, 6, 9, 3,
          [True, False, False]),
        C("weight and bias gradients only", T([2, 6, 3, 3]), T([2, 6, 3, 3]), T([2, 3]), T([2, 3]), T([6]), 2, 6,
          9, 3, [False, True, True]),
        C("float16 with float32 statistics", T([2, 6, 3, 3], dtype=f16), T([2, 6, 3, 3], dtype=f16), T([2, 3]),
          T([2, 3]), T([6], dtype=f16), 2, 6, 9, 3, [True, True, True]),
        C("float16", T([2, 6, 3, 3], dtype=f16), T([2, 6, 3, 3], dtype=f16), T([2, 3], dtype=f16),
          T([2, 3], dtype=f16), None, 2, 6, 9, 3, [True, True, True]),
        C("one pixel", T([2, 4, 1, 1]), cl(2, 4, 1, 1), T([2, 2]), T([2, 2]), T([4]), 2, 4, 1, 2,
          [True, True, True]),
        C("transposed statistics", T([2, 6, 3, 3]), T([2, 6, 3, 3]), tr(2, 3), tr(2, 3), T([6]), 2, 6, 9, 3,
          [True, True, True]),
        C("cuda, channels-last", cl(2, 6, 3, 3, device="cuda"), cl(2, 6, 3, 3, device="cuda"),
          T([2, 3], device="cuda"), T([2, 3], device="cuda"), T([6], device="cuda"), 2, 6, 9, 3,
          [True, True, True]),
        C("gradient shape mismatch refused", T([2, 6, 3, 4]), T([2, 6, 3, 3]), T([2, 3]), T([2, 3]), T([6]), 2, 6,
          9, 3, [True, True, True]),
        C("statistics shape mismatch refused", T([2, 6, 3, 3]), T([2, 6, 3, 3]), T([2, 3]), T([2, 2]), T([6]), 2,
          6, 9, 3, [True, True, True]),
        C("mean of another shape refused", T([2, 6, 3, 3]), T([2, 6, 3, 3]), T([2, 2]), T([2, 2]), T([6]), 2, 6,
          9, 3, [True, True, True]),
        C("element count mismatch refused", T([2, 6, 3, 3]), T([2, 6, 3, 3]), T([2, 3]), T([2, 3]), T([6]), 2, 6,
          8, 3, [True, True, True]),
        C("weight size mismatch refused", T([2, 6, 3, 3]), T([2, 6, 3, 3]), T([2, 3]), T([2, 3]), T([5]), 2, 6, 9,
          3, [True, True, True]),
        C("channels not divisible refused", T([2, 6, 3, 3]), T([2, 6, 3, 3]), T([2, 4]), T([2, 4]), None, 2, 6, 9,
          4, [True, True, True]),
    ],
    "_embedding_bag": [
        C("sum", T([10, 3]), T([8], dtype=i64), T([3], dtype=i64)),
        C("mean", T([10, 3]), T([8], dtype=i64), T([3], dtype=i64), False, 1),
        C("max", T([10, 3]), T([8], dtype=i64), T([3], dtype=i64), False, 2),
        C("max, last offset included", T([10, 3]), T([8], dtype=i64), T([4], dtype=i64), False, 2,
          include_last_offset=True),
        C("sum, last offset included", T([10, 3]), T([8], dtype=i64), T([4], dtype=i64), include_last_offset=True),
        C("per-sample weights", T([10, 3]), T([8], dtype=i64), T([3], dtype=i64), per_sample_weights=T([8])),
        C("strided per-sample weights", T([10, 3]), T([8], dtype=i64), T([3], dtype=i64),
          per_sample_weights=T([8], strides=[2])),
        C("padding index", T([10, 3]), T([8], dtype=i64), T([3], dtype=i64), padding_idx=0),
        C("float64 weight", T([10, 3], dtype=f64), T([8], dtype=i64), T([3], dtype=i64)),
        C("float16 weight", T([10, 3], dtype=f16), T([8], dtype=i64), T([3], dtype=i64)),
        C("bfloat16 weight", T([10, 3], dtype=bf16), T([8], dtype=i64), T([3], dtype=i64)),
        C("transposed weight", tr(10, 3), T([8], dtype=i64), T([3], dtype=i64)),
        C("int32 indices and offsets", T([10, 3]), T([8], dtype=i32), T([3], dtype=i32)),
        C("int64 indices, int32 offsets", T([10, 3]), T([8], dtype=i64), T([3], dtype=i32), False, 1),
        C("no indices", T([10, 3]), T([0], dtype=i64), T([3], dtype=i64)),
        C("cuda", T([10, 3], device="cuda"), T([8], dtype=i64, device="cuda"), T([3], dtype=i64, device="cuda")),
        C("cuda max", T([10, 3], device="cuda"), T([8], dtype=i32, device="cuda"), T([3], dtype=i64, device="cuda"),
          False, 2),
        C("float indices refused", T([10, 3]), T([8]), T([3], dtype=i64)),
        C("float offsets refused", T([10, 3]), T([8], dtype=i64), T([3])),
        C("integer weight refused", T([10, 3], dtype=i64), T([8], dtype=i64), T([3], dtype=i64)),
        C("per-sample weights with mean refused", T([10, 3]), T([8], dtype=i64), T([3], dtype=i64), False, 1,
          per_sample_weights=T([8])),
        C("per-sample weights of another count refused", T([10, 3]), T([8], dtype=i64), T([3], dtype=i64),
          per_sample_weights=T([7])),
        C("matrix of per-sample weights refused", T([10, 3]), T([8], dtype=i64), T([3], dtype=i64),
          per_sample_weights=T([8, 1])),
        C("last offset included without offsets refused", T([10, 3]), T([8], dtype=i64), T([0], dtype=i64),
          include_last_offset=True),
        C("vector weight refused", T([10]), T([8], dtype=i64), T([3], dtype=i64)),
    ],
    "_fft_r2c": [
        C("last dim, onesided", T([4, 8]), [1], 0, True),
        C("last dim, both sides", T([4, 8]), [1], 0, False),
        C("two dims", T([3, 4, 8]), [1, 2], 0, True),
        C("two dims, both sides", T([3, 4, 8]), [1, 2], 0, False),
        C("first dim", T([8, 4]), [0], 0, True),
        C("middle dim", T([3, 8, 4]), [1], 0, True),
        C("transposed input", tr(6, 8), [1], 0, True),
        C("every dim", T([2, 3, 8]), [0, 1, 2], 0, True),
        C("dims out of order", T([2, 3, 8]), [2, 0], 0, True),
        C("permuted batch dims", T([4, 2, 3, 8], strides=[8, 96, 32, 1]), [3], 0, True),
        C("float64", T([4, 8], dtype=f64), [1], 0, True),
        C("float16", T([4, 8], dtype=f16), [1], 0, True),
        C("bfloat16", T([4, 8], dtype=bf16), [1], 0, True),
        C("negative dim", T([4, 8]), [-1], 0, True),
        C("empty batch", T([0, 8]), [1], 0, True),
        C("cuda last dim", T([4, 8], device="cuda"), [1], 0, True),
        C("cuda two dims", T([3, 4, 8], device="cuda"), [1, 2], 0, True),
        C("cuda dims 0 and 1", T([3, 4, 8], device="cuda"), [0, 1], 0, True),
        C("cuda four dims", T([2, 3, 4, 8], device="cuda"), [0, 1, 2, 3], 0, True),
        C("cuda dims 0 and 1, both sides", T([3, 4, 8], device="cuda"), [0, 1], 0, False),
        C("cuda transposed, dims 0 and 1", T([3, 4, 8], device="cuda", then=lambda t: t.transpose(0, 2)),
          [0, 1], 0, True),
        C("cuda bfloat16", T([4, 8], dtype=bf16, device="cuda"), [1], 0, True),
        C("integer refused", T([4, 8], dtype=i64), [1], 0, True),
        C("no dims refused", T([4, 8]), [], 0, True),
        C("dim out of range refused", T([4, 8]), [2], 0, True),
        C("repeated dim refused", T([4, 8]), [1, 1], 0, True),
        C("empty signal refused", T([4, 0]), [1], 0, True),
    ],
    "_fft_c2r": [
        C("last dim", T([4, 5], dtype=c64), [1], 0, 8),
        C("two dims", T([3, 4, 5], dtype=c64), [1, 2], 0, 8),
        C("first dim", T([5, 4], dtype=c64), [0], 0, 8),
        C("transposed input", tr(6, 5, dtype=c64), [1], 0, 8),
        C("two dims of a transposed input", T([3, 4, 5], dtype=c64, then=lambda t: t.transpose(0, 1)), [0, 2],
          0, 8),
        C("every dim, permuted input", T([2, 3, 5], dtype=c64, strides=[1, 10, 2]), [0, 1, 2], 0, 8),
        C("complex128", T([4, 5], dtype=torch.complex128), [1], 0, 9),
        C("complex32", T([4, 5], dtype=torch.complex32), [1], 0, 8),
        C("negative dim", T([4, 5], dtype=c64), [-1], 0, 8),
        C("empty batch", T([0, 5], dtype=c64), [1], 0, 8),
        C("cuda last dim", T([4, 5], dtype=c64, device="cuda"), [1], 0, 8),
        C("cuda two dims", T([3, 4, 5], dtype=c64, device="cuda"), [1, 2], 0, 8),
        C("cuda dims 0 and 1", T([3, 4, 5], dtype=c64, device="cuda"), [0, 1], 0, 8),
        C("cuda four dims", T([2, 3, 4, 5], dtype=c64, device="cuda"), [0, 1, 2, 3], 0, 8),
        C("cuda transposed, dims 0 and 1", T([3, 4, 5], dtype=c64, device="cuda", then=lambda t: t.transpose(0, 2)),
          [0, 1], 0, 8),
        C("real refused", T([4, 5]), [1], 0, 8),
        C("no dims refused", T([4, 5], dtype=c64), [], 0, 8),
        C("negative last size refused", T([4, 5], dtype=c64), [1], 0, -1),
    ],
})


# ---- einsum and tensordot ---------------------------------------------------------
# ATen's composites (Linear.cpp), so what FakeTensorMode answers is whatever
# their permutes, diagonals, sums, reshapes and matrix products give.

CASES.update({
    "einsum": [
        C("matrix product", "ij,jk->ik", [T([2, 3]), T([3, 4])]),
        C("matrix product, implicit output", "ij,jk", [T([2, 3]), T([3, 4])]),
        C("batched matrix product", "bij,bjk->bik", [T([5, 2, 3]), T([5, 3, 4])]),
        C("output order reversed", "ij,jk->ki", [T([2, 3]), T([3, 4])]),
        C("transpose", "ij->ji", [T([2, 3])]),
        C("identity", "ij->ij", [T([2, 3])]),
        C("implicit output sorts labels", "ba", [T([2, 3])]),
        C("trace", "ii", [T([3, 3])]),
        C("diagonal", "ii->i", [T([3, 3])]),
        C("diagonal of an offset input", "ii->i", [off(3, 3)]),
        C("batched diagonal", "bii->bi", [T([2, 3, 3])]),
        C("label three times", "iii->i", [T([3, 3, 3])]),
        C("diagonal kept in place", "iji->ij", [T([3, 2, 3])]),
        C("outer product", "i,j->ij", [T([2]), T([3])]),
        C("outer product transposed", "i,j->ji", [T([2]), T([3])]),
        C("dot product", "i,i->", [T([3]), T([3])]),
        C("elementwise product", "ij,ij->ij", [T([2, 3]), T([2, 3])]),
        C("sum of everything", "ij->", [T([2, 3])]),
        C("sum of rows", "ij->i", [T([2, 3])]),
        C("sum of a middle dim", "ijk->ik", [T([2, 3, 4])]),
        C("matrix-vector product", "ij,j->i", [T([2, 3]), T([3])]),
        C("batch permute with ellipsis", "...ij->...ji", [T([2, 3, 4, 5])]),
        C("ellipsis broadcast against a matrix", "...ij,...jk->...ik", [T([7, 2, 3]), T([3, 4])]),
        C("ellipsis broadcast of size-1 dims", "...ij,...jk->...ik", [T([7, 1, 2, 3]), T([6, 3, 4])]),
        C("ellipsis in the middle", "i...j,j->i...", [T([2, 4, 5, 3]), T([3])]),
        C("ellipsis with implicit output", "...ij,jk", [T([4, 2, 3]), T([3, 5])]),
        C("ellipsis summed away", "...ij->ij", [T([4, 2, 3])]),
        C("ellipsis covering nothing", "...ij->...ji", [T([2, 3])]),
        C("three operands", "ij,jk,kl->il", [T([2, 3]), T([3, 4]), T([4, 5])]),
        C("three operands as bilinear", "bn,anm,bm->ba", [T([2, 5]), T([3, 5, 4]), T([2, 4])]),
        C("four operands in a chain", "ab,bc,cd,de->ae", [T([2, 3]), T([3, 4]), T([4, 5]), T([5, 6])]),
        C("same labels in every operand", "ij,ij,ij->", [T([2, 3]), T([2, 3]), T([2, 3])]),
        C("size-1 dim broadcast in a contraction", "ij,jk->ik", [T([2, 1]), T([3, 4])]),
        C("size-1 dims broadcast in the output", "ij,ij->ij", [T([2, 1]), T([1, 3])]),
        C("size-1 label summed", "ij->i", [T([2, 1])]),
        C("column transposed and scaled by a zero-dim operand", "ij,->ji", [T([3, 1]), T([])]),
        C("transposed operand", "ij,jk->ik", [tr(2, 3), T([3, 4])]),
        C("zero-size contraction", "ij,jk->ik", [T([2, 0]), T([0, 4])]),
        C("spaces are ignored", " i j , j k -> i k ", [T([2, 3]), T([3, 4])]),
        C("upper-case labels", "Ab,bC->AC", [T([2, 3]), T([3, 4])]),
        C("int64 operands", "ij,jk->ik", [T([2, 3], dtype=i64), T([3, 4], dtype=i64)]),
        C("int32 sum gives int64", "ij->", [T([2, 3], dtype=i32)]),
        C("int32 with a broadcast dim summed", "ij,j->i", [T([2, 3], dtype=i32), T([1], dtype=i32)]),
        C("float16 operands", "bij,bjk->bik", [T([2, 2, 3], dtype=f16), T([2, 3, 4], dtype=f16)]),
        C("float32 and float64 outer product promotes", "i,j->ij", [T([2]), T([3], dtype=f64)]),
        C("float32 and float64 contraction refused", "ij,jk->ik", [T([2, 3]), T([3, 4], dtype=f64)]),
        C("cuda operands", "ij,jk->ik", [T([2, 3], device="cuda"), T([3, 4], device="cuda")]),
        C("a path", "ij,jk->ik", [T([2, 3]), T([3, 4])], path=[0, 1]),
        C("a path for three operands", "ij,jk,kl->il", [T([2, 3]), T([3, 4]), T([4, 5])], path=[1, 2, 0, 1]),
        C("a path for one operand", "ij->j", [T([2, 3])], path=[0]),
        C("a path of the wrong length", "ij,jk->ik", [T([2, 3]), T([3, 4])], path=[0]),
        C("a path contracting an operand with itself", "ij,jk->ik", [T([2, 3]), T([3, 4])], path=[1, 1]),
        C("a path out of bounds", "ij,jk->ik", [T([2, 3]), T([3, 4])], path=[0, 2]),
        C("no operands", "i", []),
        C("fewer operands than the equation", "ij,jk->ik", [T([2, 3])]),
        C("more operands than the equation", "ij->ij", [T([2, 3]), T([3, 4])]),
        C("invalid subscript", "ij,j#->i", [T([2, 3]), T([3, 4])]),
        C("invalid output subscript", "ij->i#", [T([2, 3])]),
        C("output subscript not in the input", "ij->k", [T([2, 3])]),
        C("output subscript twice", "ij->ii", [T([2, 3])]),
        C("subscripts fewer than dims", "i->i", [T([2, 3])]),
        C("subscripts more than dims with an ellipsis", "...ijk->i", [T([2, 3])]),
        C("a dot outside an ellipsis", "i.j->ij", [T([2, 3])]),
        C("two ellipses in an operand", "...i...->i", [T([2, 3])]),
        C("two ellipses in the output", "...i->......", [T([2, 3])]),
        C("a dot outside an ellipsis in the output", "...i->.i", [T([2, 3])]),
        C("mismatched sizes", "ij,jk->ik", [T([2, 3]), T([4, 4])]),
        C("mismatched ellipsis sizes", "...i,...i->...i", [T([2, 3]), T([4, 3])]),
        C("diagonal of mismatched sizes", "ii->i", [T([3, 4])]),
    ],
    "tensordot": [
        C("one dim", T([2, 3]), T([3, 4]), [1], [0]),
        C("two dims", T([2, 3, 4]), T([3, 4, 5]), [1, 2], [0, 1]),
        C("two dims in another order", T([2, 3, 4]), T([4, 3, 5]), [1, 2], [1, 0]),
        C("negative dims", T([2, 3, 4]), T([3, 4, 5]), [-2, -1], [0, 1]),
        C("no dims is an outer product", T([2, 3]), T([4]), [], []),
        C("full contraction", T([3, 4]), T([3, 4]), [0, 1], [0, 1]),
        C("full contraction of a transposed operand", tr(3, 4), T([3, 4]), [0, 1], [0, 1]),
        C("full contraction of vectors", T([5]), T([5]), [0], [0]),
        C("size-1 dim of self", T([2, 1]), T([3, 4]), [1], [0]),
        C("size-1 dim of other", T([2, 3]), T([1, 4]), [1], [0]),
        C("int32 keeps its dtype when summing", T([2, 1], dtype=i32), T([3, 4], dtype=i32), [1], [0]),
        C("int64", T([2, 3], dtype=i64), T([3, 4], dtype=i64), [1], [0]),
        C("float16", T([2, 3], dtype=f16), T([3, 4], dtype=f16), [1], [0]),
        C("transposed operand", tr(2, 3), T([3, 4]), [1], [0]),
        C("kept dims of size 1", T([1, 3]), T([3, 1]), [1], [0]),
        C("zero-size contraction", T([2, 0]), T([0, 3]), [1], [0]),
        C("lists of different lengths", T([2, 3]), T([3, 4]), [1], [0, 1]),
        C("dtype mismatch", T([2, 3]), T([3, 4], dtype=f64), [1], [0]),
        C("dim out of range", T([2, 3]), T([3, 4]), [5], [0]),
        C("dim twice", T([2, 3]), T([3, 4]), [1, 1], [0, 0]),
        C("size mismatch", T([2, 3]), T([4, 4]), [1], [0]),
    ],
    "tensordot.out": [
        C("out of the result's shape", T([2, 3]), T([3, 4]), [1], [0], out=T([2, 4])),
        C("empty out resized", T([2, 3, 4]), T([3, 4, 5]), [1, 2], [0, 1], out=T([0])),
        C("transposed out keeps its strides", T([2, 3]), T([3, 4]), [1], [0], out=tr(2, 4)),
        C("out of another dtype", T([2, 3]), T([3, 4]), [1], [0], out=T([2, 4], dtype=f64)),
        C("out on another device", T([2, 3]), T([3, 4]), [1], [0], out=T([2, 4], device="cuda")),
    ],
})

SYMBOLIC += [
    ("embedding_dense_backward with a symbolic number of weights", "embedding_dense_backward",
     Case("", D([4, 3], "g"), T([4], dtype=i64), S(10, "n"), -1, False)),
    ("cdist with dynamic batch and rows", "_cdist_forward",
     Case("", D([2, 1, 3, 4], "x", ["dynamic", "static", "dynamic", "static"]),
          D([6, 5, 4], "y", ["dynamic", "dynamic", "static"]), 2.0, None)),
    ("max_pool2d_with_indices_backward of a dynamic channels-last input", "max_pool2d_with_indices_backward",
     Case("", D([2, 3, 3, 3], "g", ["static", "static", "dynamic", "dynamic"]),
          D([2, 3, 7, 6], "x", ["static", "static", "dynamic", "dynamic"], fmt=CL),
          [2, 2], [2, 2], [0, 0], [1, 1], False, D([2, 3, 3, 3], "i", ["static", "static", "dynamic", "dynamic"], dtype=i64))),
    ("avg_pool2d_backward with ceil mode of dynamic sizes", "avg_pool2d_backward",
     Case("", D([2, 3, 4, 3], "g", ["static", "static", "dynamic", "dynamic"]),
          D([2, 3, 7, 6], "x", ["static", "static", "dynamic", "dynamic"]), [2, 2], [2, 2], [0, 0], True, True, None)),
    ("col2im with a symbolic output size", "col2im",
     Case("", D([2, 12, 9], "x", ["dynamic", "static", "dynamic"]), [S(4, "h"), S(4, "w")], [2, 2], [1, 1],
          [0, 0], [1, 1])),
    ("grid_sampler_2d of dynamic sizes", "grid_sampler_2d",
     Case("", D([2, 3, 5, 6], "x"), D([2, 4, 7, 2], "g", ["dynamic", "dynamic", "dynamic", "static"]), 0, 0, False)),
    ("convolution_backward of a dynamic channels-last input", "convolution_backward",
     Case("", D([2, 4, 5, 4], "g", ["static", "static", "dynamic", "dynamic"]),
          D([2, 3, 7, 6], "x", ["static", "static", "dynamic", "dynamic"], fmt=CL), T([4, 3, 3, 3]), [4],
          [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, True])),
    ("native_group_norm_backward with the sizes of a dynamic input", "native_group_norm_backward",
     Case("", D([2, 6, 4, 5], "g"), D([2, 6, 4, 5], "x"), T([2, 3]), T([2, 3]), T([6]), SizeOf("x", 0), 6,
          20, 3, [True, True, True])),
    ("_fft_r2c of two dynamic dims of a dynamic input", "_fft_r2c", Case("", D([3, 4, 8], "x"), [0, 2], 0, True)),
    ("_fft_r2c of the last dim of a dynamic matrix, both sides", "_fft_r2c",
     Case("", D([4, 8], "x"), [1], 0, False)),
    ("_fft_c2r with a symbolic last size", "_fft_c2r",
     Case("", D([3, 4, 5], "x", dtype=c64), [1, 2], 0, S(8, "n"))),
    ("max_pool3d_with_indices of a dynamic channels-last-3d input", "max_pool3d_with_indices",
     Case("", D([2, 3, 5, 6, 7], "x", ["static", "static", "dynamic", "dynamic", "dynamic"],
                fmt=torch.channels_last_3d), [2])),
    ("einsum matrix product of dynamic sizes", "einsum",
     Case("", "ij,jk->ik", [D([2, 3], "a"), D([3, 4], "b")])),
    ("einsum batched matrix product", "einsum",
     Case("", "bij,bjk->bik", [D([5, 2, 3], "a"), D([5, 3, 4], "b")])),
    ("einsum output order reversed", "einsum", Case("", "ij,jk->ki", [D([2, 3], "a"), D([3, 4], "b")])),
    ("einsum transpose", "einsum", Case("", "ij->ji", [D([2, 3], "a")])),
    ("einsum diagonal", "einsum", Case("", "ii->i", [D([3, 3], "a")])),
    ("einsum sum of rows", "einsum", Case("", "ij->i", [D([2, 3], "a")])),
    ("einsum outer product", "einsum", Case("", "i,j->ij", [D([2], "a"), D([3], "b")])),
    ("einsum ellipsis against a static size-1 dim", "einsum",
     Case("", "...ij,...jk->...ik", [D([7, 2, 3], "a"), D([1, 3, 4], "b", ["static", "dynamic", "dynamic"])])),
    ("einsum three operands", "einsum",
     Case("", "ij,jk,kl->il", [D([2, 3], "a"), D([3, 4], "b"), D([4, 5], "c")])),
    ("tensordot of two dynamic dims", "tensordot",
     Case("", D([2, 3, 4], "x"), D([3, 4, 5], "y"), [1, 2], [0, 1])),
    ("tensordot full contraction", "tensordot", Case("", D([3, 4], "x"), D([3, 4], "y"), [0, 1], [0, 1])),
    ("tensordot.out into an empty out", "tensordot.out",
     Case("", D([2, 3], "x"), D([3, 4], "y"), [1], [0], out=T([0]))),
]


# ---- linear algebra, FFT, pools, losses, sampling: operators OpInfo programs use ----
# Decompositions and solvers lay their results out as LAPACK does (batches of
# column-major matrices); the cases cover batches, shapes of both aspects,
# complex inputs (real singular values), CUDA layouts and the refusals.

c128 = torch.complex128


def linalg_cases():
    """The cases of the linear-algebra, FFT, pooling, loss and sampling
    operators, kept apart from the others."""
    return {
        "_fft_c2c": [
            C("last dim", T([4, 8], dtype=c64), [1], 0, True),
            C("two dims", T([3, 4, 8], dtype=c64), [1, 2], 0, True),
            C("first dim", T([8, 4], dtype=c64), [0], 0, False),
            C("every dim", T([2, 3, 4], dtype=c64), [0, 1, 2], 0, True),
            C("dims out of order", T([2, 3, 8], dtype=c64), [2, 0], 0, True),
            C("transposed input", tr(6, 8, dtype=c64), [1], 0, True),
            C("permuted batch dims", T([4, 2, 3, 8], dtype=c64, strides=[8, 96, 32, 1]), [3], 0, True),
            C("negative dim", T([4, 8], dtype=c64), [-1], 0, True),
            C("no dims clones", tr(3, 4, dtype=c64), [], 0, True),
            C("complex128", T([4, 8], dtype=c128), [1], 2, True),
            C("empty batch", T([0, 8], dtype=c64), [1], 0, True),
            C("cuda last dim", T([4, 8], dtype=c64, device="cuda"), [1], 0, True),
            C("cuda four dims", T([2, 3, 4, 5], dtype=c64, device="cuda"), [0, 1, 2, 3], 0, True),
            C("real refused", T([4, 8]), [1], 0, True),
        ],
        "_fft_c2c.out": [
            C("out of the result's shape", T([4, 8], dtype=c64), [1], 0, True, out=T([4, 8], dtype=c64)),
            C("empty out resized", T([4, 8], dtype=c64), [1], 0, True, out=T([0], dtype=c64)),
        ],
        "_linalg_svd": [
            C("square", T([3, 3])),
            C("tall", T([5, 3])),
            C("wide", T([3, 5])),
            C("tall, full matrices", T([5, 3]), True),
            C("wide, full matrices", T([3, 5]), True),
            C("batched", T([2, 4, 5, 3])),
            C("no vectors", T([2, 5, 3]), False, False),
            C("complex gives real singular values", T([4, 3], dtype=c64)),
            C("float64 transposed input", tr(4, 3, dtype=f64)),
            C("empty matrix", T([0, 3])),
            C("cuda", T([2, 5, 3], device="cuda")),
            C("cuda, full matrices", T([5, 3], device="cuda"), True),
            C("vector refused", T([3])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_qr": [
            C("square", T([3, 3])),
            C("tall", T([5, 3])),
            C("wide", T([3, 5])),
            C("tall, complete", T([5, 3]), "complete"),
            C("wide, complete", T([3, 5]), "complete"),
            C("tall, r only", T([5, 3]), "r"),
            C("batched", T([2, 5, 3])),
            C("complex", T([4, 3], dtype=c64)),
            C("empty", T([0, 3])),
            C("unknown mode refused", T([3, 3]), "full"),
            C("vector refused", T([3])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_qr.out": [
            C("outs of the results' shapes", T([5, 3]), Q=T([5, 3]), R=T([3, 3])),
            C("empty outs resized", T([5, 3]), "complete", Q=T([0]), R=T([0])),
        ],
        "_linalg_eigh": [
            C("matrix", T([3, 3])),
            C("batched", T([2, 4, 4])),
            C("upper", T([3, 3]), "U"),
            C("no vectors", T([2, 3, 3]), "L", False),
            C("complex gives real eigenvalues", T([3, 3], dtype=c64)),
            C("lower-case uplo", T([3, 3]), "u"),
            C("bad uplo refused", T([3, 3]), "X"),
            C("not square refused", T([3, 4])),
            C("vector refused", T([3])),
        ],
        "linalg_eig": [
            C("matrix", T([3, 3])),
            C("batched float64", T([2, 4, 4], dtype=f64)),
            C("complex", T([3, 3], dtype=c64)),
            C("cuda", T([2, 3, 3], device="cuda")),
            C("empty", T([0, 0])),
            C("not square refused", T([3, 4])),
            C("bfloat16", T([3, 3], dtype=bf16)),
        ],
        "linalg_cholesky_ex": [
            C("matrix", T([3, 3])),
            C("batched upper", T([2, 4, 4]), upper=True),
            C("complex", T([3, 3], dtype=c64)),
            C("transposed", tr(3, 3)),
            C("not square refused", T([3, 4])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_inv_ex": [
            C("matrix", T([3, 3])),
            C("batched", T([2, 5, 4, 4])),
            C("complex128", T([3, 3], dtype=c128)),
            C("empty batch", T([0, 3, 3])),
            C("float16 refused", T([3, 3], dtype=f16)),
            C("not square refused", T([3, 4])),
            C("vector refused", T([3])),
        ],
        "linalg_lu_factor_ex": [
            C("square", T([3, 3])),
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5])),
            C("no pivoting", T([3, 3]), pivot=False),
            C("complex", T([3, 3], dtype=c64)),
            C("vector refused", T([3])),
        ],
        "linalg_lu_factor_ex.out": [
            C("outs resized", T([2, 3, 3]), LU=T([0]), pivots=T([0], dtype=i32), info=T([0], dtype=i32)),
        ],
        "linalg_ldl_factor_ex": [
            C("matrix", T([3, 3])),
            C("batched hermitian", T([2, 4, 4], dtype=c64), hermitian=True),
            C("not square refused", T([3, 4])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_ldl_factor_ex.out": [
            C("outs resized", T([3, 3]), LD=T([0]), pivots=T([0], dtype=i32), info=T([0], dtype=i32)),
        ],
        "_linalg_slogdet": [
            C("matrix", T([3, 3])),
            C("batched", T([2, 4, 4])),
            C("complex", T([3, 3], dtype=c64)),
            C("float16 refused", T([3, 3], dtype=f16)),
            C("not square refused", T([3, 4])),
        ],
        "linalg_lu": [
            C("square", T([3, 3])),
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5])),
            C("no pivoting", T([5, 3]), pivot=False),
            C("vector refused", T([3])),
        ],
        "linalg_lu.out": [
            C("outs resized", T([5, 3]), P=T([0]), L=T([0]), U=T([0])),
        ],
        "lu_unpack": [
            C("square", T([3, 3]), T([3], dtype=i32)),
            C("tall", T([5, 3]), T([3], dtype=i32)),
            C("wide batched", T([2, 3, 5]), T([2, 3], dtype=i32)),
            C("no data", T([5, 3]), T([3], dtype=i32), False),
            C("no pivots", T([5, 3]), T([3], dtype=i64), True, False),
            C("int64 pivots refused", T([3, 3]), T([3], dtype=i64)),
            C("vector refused", T([3]), T([3], dtype=i32)),
        ],
        "lu_unpack.out": [
            C("outs resized", T([5, 3]), T([3], dtype=i32), P=T([0]), L=T([0]), U=T([0])),
        ],
        "_linalg_check_errors": [
            C("one matrix", T([], dtype=i32), "linalg.inv", is_matrix=True),
            C("a batch", T([2, 3], dtype=i32), "linalg.solve", is_matrix=False),
            C("int64 info refused", T([2], dtype=i64), "linalg.inv", is_matrix=True),
            C("transposed info refused", tr(2, 3, dtype=i32), "linalg.solve", is_matrix=False),
        ],
        "_linalg_solve_ex": [
            C("matrix right-hand side", T([3, 3]), T([3, 2])),
            C("vector right-hand side", T([3, 3]), T([3])),
            C("batch of vectors", T([2, 3, 3]), T([2, 3])),
            C("batched matrix against a vector batch of another shape", T([2, 3, 3]), T([3, 2])),
            C("broadcast batches", T([2, 1, 3, 3]), T([4, 3, 5])),
            C("right side", T([3, 3]), T([4, 3]), left=False),
            C("complex", T([3, 3], dtype=c64), T([3, 2], dtype=c64)),
            C("vector on the right refused", T([3, 3]), T([3]), left=False),
            C("dtype mismatch refused", T([3, 3]), T([3, 2], dtype=f64)),
            C("not square refused", T([3, 4]), T([3, 2])),
            C("incompatible sizes refused", T([3, 3]), T([4, 2])),
            C("integer refused", T([3, 3], dtype=i64), T([3, 2], dtype=i64)),
        ],
        "linalg_lu_solve": [
            C("matrix", T([3, 3]), T([3], dtype=i32), T([3, 2])),
            C("broadcast batches", T([2, 1, 3, 3]), T([2, 1, 3], dtype=i32), T([4, 3, 5])),
            C("right side", T([3, 3]), T([3], dtype=i32), T([4, 3]), left=False),
            C("adjoint", T([3, 3]), T([3], dtype=i32), T([3, 2]), adjoint=True),
            C("int64 pivots refused", T([3, 3]), T([3], dtype=i64), T([3, 2])),
            C("pivots of another shape refused", T([2, 3, 3]), T([3], dtype=i32), T([3, 2])),
            C("incompatible sizes refused", T([3, 3]), T([3], dtype=i32), T([4, 2])),
            C("dtype mismatch refused", T([3, 3]), T([3], dtype=i32), T([3, 2], dtype=f64)),
        ],
        "linalg_lu_solve.out": [
            C("out resized", T([3, 3]), T([3], dtype=i32), T([3, 2]), out=T([0])),
        ],
        "linalg_ldl_solve": [
            C("matrix", T([3, 3]), T([3], dtype=i32), T([3, 2])),
            C("broadcast batches", T([2, 1, 3, 3]), T([2, 1, 3], dtype=i64), T([4, 3, 5])),
            C("float pivots refused", T([3, 3]), T([3]), T([3, 2])),
            C("incompatible sizes refused", T([3, 3]), T([3], dtype=i32), T([4, 2])),
        ],
        "linalg_ldl_solve.out": [
            C("out resized", T([3, 3]), T([3], dtype=i32), T([3, 2]), out=T([0])),
        ],
        "linalg_solve_triangular": [
            C("matrix", T([3, 3]), T([3, 2]), upper=True),
            C("broadcast batches", T([2, 1, 3, 3]), T([4, 3, 5]), upper=False),
            C("right side", T([3, 3]), T([4, 3]), upper=True, left=False),
            C("transposed operands", tr(3, 3), tr(3, 2), upper=True),
            C("complex", T([3, 3], dtype=c64), T([3, 2], dtype=c64), upper=True),
            C("incompatible sizes refused", T([3, 3]), T([4, 2]), upper=True),
            C("not square refused", T([3, 4]), T([3, 2]), upper=True),
        ],
        "triangular_solve": [
            C("matrix", T([3, 2]), T([3, 3])),
            C("broadcast batches", T([4, 3, 5]), T([2, 1, 3, 3]), False, True),
            C("dtype mismatch refused", T([3, 2]), T([3, 3], dtype=f64)),
            C("incompatible sizes refused", T([4, 2]), T([3, 3])),
            C("vector refused", T([3]), T([3, 3])),
        ],
        "cholesky_solve": [
            C("matrix", T([3, 2]), T([3, 3])),
            C("broadcast batches", T([4, 3, 5]), T([2, 1, 3, 3]), True),
            C("transposed right-hand side", tr(3, 2), T([3, 3])),
            C("incompatible sizes refused", T([4, 2]), T([3, 3])),
            C("vector refused", T([3]), T([3, 3])),
        ],
        "cholesky_inverse": [
            C("matrix", T([3, 3])),
            C("batched upper", T([2, 4, 4]), True),
            C("not square refused", T([3, 4])),
        ],
        "_linalg_det": [
            C("matrix", T([3, 3])),
            C("batched", T([2, 4, 4])),
            C("complex", T([3, 3], dtype=c64)),
            C("not square refused", T([3, 4])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_householder_product": [
            C("matrix", T([5, 3]), T([2])),
            C("batched", T([2, 5, 3]), T([2, 3])),
            C("wide refused", T([3, 5]), T([2])),
            C("too many reflectors refused", T([5, 3]), T([4])),
            C("tau batch mismatch refused", T([2, 5, 3]), T([3, 3])),
            C("dtype mismatch refused", T([5, 3]), T([2], dtype=f64)),
        ],
        "linalg_householder_product.out": [
            C("out resized", T([5, 3]), T([2]), out=T([0])),
        ],
        "ormqr": [
            C("left", T([5, 3]), T([3]), T([5, 2])),
            C("right", T([5, 3]), T([3]), T([2, 5]), False),
            C("batched", T([2, 5, 3]), T([2, 3]), T([2, 5, 4])),
            C("other rows mismatch refused", T([5, 3]), T([3]), T([4, 2])),
            C("dtype mismatch refused", T([5, 3]), T([3]), T([5, 2], dtype=f64)),
        ],
        "ormqr.out": [
            C("out resized", T([5, 3]), T([3]), T([5, 2]), out=T([0])),
        ],
        "geqrf": [
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5])),
            C("complex", T([3, 3], dtype=c64)),
            C("vector refused", T([3])),
        ],
        "linalg_matrix_exp": [
            C("matrix", T([3, 3])),
            C("transposed batch", tr(2, 3, 3)),
            C("not square refused", T([3, 4])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_matrix_exp.out": [
            C("out resized", T([3, 3]), out=T([0])),
        ],
        "linalg_matrix_sqrth": [
            C("matrix", T([3, 3])),
            C("batched float64", T([2, 3, 3], dtype=f64)),
            C("float16 refused", T([3, 3], dtype=f16)),
            C("not square refused", T([3, 4])),
        ],
        "linalg_matrix_sqrth.out": [
            C("out resized", T([3, 3]), out=T([0])),
        ],
        "linalg_polar": [
            C("tall", T([5, 3])),
            C("batched square", T([2, 3, 3])),
            C("wide refused", T([3, 5])),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "linalg_polar.out": [
            C("outs resized", T([5, 3]), U=T([0]), H=T([0])),
        ],
        "linalg_svd": [
            C("tall, full matrices", T([5, 3])),
            C("wide, reduced", T([3, 5]), False),
            C("batched complex", T([2, 4, 3], dtype=c64)),
            C("cuda", T([5, 3], device="cuda")),
            C("integer refused", T([3, 3], dtype=i64)),
            C("vector refused", T([3])),
        ],
        "linalg_pinv.atol_rtol_tensor": [
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5])),
            C("hermitian", T([3, 3]), hermitian=True),
            C("complex", T([4, 3], dtype=c64)),
            C("transposed input", tr(5, 3)),
            C("atol broadcasts the batch", T([2, 5, 3]), atol=T([4, 1], dtype=f64)),
            C("rtol of the batch", T([2, 5, 3]), rtol=T([2])),
            C("both tolerances", T([5, 3]), atol=T([]), rtol=T([])),
            C("empty matrix", T([0, 3])),
            C("empty batch with a tolerance", T([0, 5, 3]), atol=T([4, 1])),
            C("empty hermitian, not square", T([0, 3]), hermitian=True),
            C("hermitian, not square refused", T([5, 3]), hermitian=True),
            C("float16 refused", T([3, 3], dtype=f16)),
            C("complex tolerance refused", T([3, 3]), atol=T([], dtype=c64)),
            C("vector refused", T([3])),
            C("tolerance not broadcastable refused", T([2, 5, 3]), atol=T([3])),
        ],
        "linalg_pinv.rcond_tensor": [
            C("tall", T([5, 3]), T([])),
            C("rcond of the batch", T([2, 5, 3]), T([2])),
            C("hermitian", T([3, 3]), T([]), True),
        ],
        "linalg_pinv.atol_rtol_float": [
            C("tall", T([5, 3])),
            C("tolerances", T([2, 3, 5]), atol=0.1, rtol=0.2),
            C("hermitian", T([3, 3]), hermitian=True),
            C("complex", T([4, 3], dtype=c64), rtol=0.1),
        ],
        "linalg_pinv": [
            C("tall", T([5, 3]), 0.1),
            C("batched hermitian", T([2, 3, 3], dtype=f64), 0.1, True),
        ],
        "linalg_solve_ex": [
            C("matrix right-hand side", T([3, 3]), T([3, 2])),
            C("batch of vectors", T([2, 3, 3]), T([2, 3])),
            C("right side", T([3, 3]), T([4, 3]), left=False),
            C("incompatible sizes refused", T([3, 3]), T([4, 2])),
        ],
        "linalg_solve": [
            C("matrix right-hand side", T([3, 3]), T([3, 2])),
            C("vector right-hand side", T([3, 3]), T([3])),
            C("broadcast batches", T([2, 1, 3, 3]), T([4, 3, 5])),
            C("right side", T([3, 3]), T([4, 3]), left=False),
            C("not square refused", T([3, 4]), T([3, 2])),
        ],
        "linalg_cholesky": [
            C("matrix", T([3, 3])),
            C("batched upper", T([2, 4, 4]), upper=True),
            C("not square refused", T([3, 4])),
        ],
        "linalg_inv": [
            C("matrix", T([3, 3])),
            C("batched complex", T([2, 4, 4], dtype=c64)),
            C("float16 refused", T([3, 3], dtype=f16)),
        ],
        "linalg_det": [
            C("matrix", T([3, 3])),
            C("batched", T([2, 4, 4])),
            C("not square refused", T([3, 4])),
        ],
        "linalg_eigh": [
            C("matrix", T([3, 3])),
            C("batched complex upper", T([2, 4, 4], dtype=c64), "U"),
            C("bad uplo refused", T([3, 3]), "X"),
        ],
        "linalg_eigvalsh": [
            C("matrix", T([3, 3])),
            C("batched complex", T([2, 4, 4], dtype=c64)),
            C("not square refused", T([3, 4])),
        ],
        "linalg_eigvals": [
            C("matrix", T([3, 3])),
            C("batched float64", T([2, 4, 4], dtype=f64)),
            C("complex", T([3, 3], dtype=c64)),
            C("not square refused", T([3, 4])),
            C("integer refused", T([3, 3], dtype=i64)),
            C("bfloat16", T([3, 3], dtype=bf16)),
        ],
        "linalg_ldl_factor": [
            C("matrix", T([3, 3])),
            C("batched hermitian", T([2, 4, 4], dtype=c64), hermitian=True),
        ],
        "linalg_lu_factor": [
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5])),
        ],
        "linalg_slogdet": [
            C("matrix", T([3, 3])),
            C("batched complex", T([2, 4, 4], dtype=c64)),
            C("float16 refused", T([3, 3], dtype=f16)),
        ],
        "linalg_svdvals": [
            C("tall", T([5, 3])),
            C("wide batched complex", T([2, 3, 5], dtype=c64)),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
        "matrix_exp": [
            C("matrix", T([3, 3])),
            C("transposed batch", tr(2, 3, 3)),
            C("not square refused", T([3, 4])),
        ],
        "_native_batch_norm_legit_functional": [
            C("training", T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), True, 0.1, 1e-5),
            C("eval", T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), False, 0.1, 1e-5),
            C("training channels last", cl(2, 3, 4, 5), None, None, T([3]), T([3]), True, 0.1, 1e-5),
            C("training float16, float32 statistics", T([2, 3, 4, 5], dtype=f16), None, None, T([3]), T([3]),
              True, 0.1, 1e-5),
            C("training float16, float16 statistics", T([2, 3, 4, 5], dtype=f16), None, None, T([3], dtype=f16),
              T([3], dtype=f16), True, 0.1, 1e-5),
            C("eval float16", T([2, 3, 4, 5], dtype=f16), None, None, T([3], dtype=f16), T([3], dtype=f16),
              False, 0.1, 1e-5),
            C("eval strided statistics", T([2, 3, 4]), None, None, T([3], strides=[2]), T([3]), False, 0.1, 1e-5),
            C("training 2-d", T([4, 3]), None, None, T([3]), T([3]), True, 0.1, 1e-5),
            C("training cuda", T([2, 3, 4, 5], device="cuda"), None, None, T([3], device="cuda"),
              T([3], device="cuda"), True, 0.1, 1e-5),
            C("eval cuda", T([2, 3, 4, 5], device="cuda"), None, None, T([3], device="cuda"),
              T([3], device="cuda"), False, 0.1, 1e-5),
            C("training one value per channel refused", T([1, 3]), None, None, T([3]), T([3]), True, 0.1, 1e-5),
            C("training int refused", T([2, 3, 4], dtype=i64), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        ],
        "max_unpool2d": [
            C("batched", T([2, 3, 4, 5]), T([2, 3, 4, 5], dtype=i64), [8, 10]),
            C("unbatched", T([3, 4, 5]), T([3, 4, 5], dtype=i64), [8, 10]),
            C("channels last", cl(2, 3, 4, 5), T([2, 3, 4, 5], dtype=i64), [8, 10]),
            C("channels last cuda", cl(2, 3, 4, 5, device="cuda"), T([2, 3, 4, 5], dtype=i64, device="cuda"),
              [8, 10]),
            C("empty batch", T([0, 3, 4, 5]), T([0, 3, 4, 5], dtype=i64), [8, 10]),
            C("empty output", T([2, 3, 4, 5]), T([2, 3, 4, 5], dtype=i64), [0, 10]),
            C("empty output of channels last", cl(2, 3, 4, 5), T([2, 3, 4, 5], dtype=i64), [0, 10]),
            C("int32 indices refused", T([2, 3, 4, 5]), T([2, 3, 4, 5], dtype=i32), [8, 10]),
            C("indices of another shape refused", T([2, 3, 4, 5]), T([2, 3, 4, 4], dtype=i64), [8, 10]),
            C("one output size refused", T([2, 3, 4, 5]), T([2, 3, 4, 5], dtype=i64), [8]),
            C("empty channel refused", T([2, 0, 4, 5]), T([2, 0, 4, 5], dtype=i64), [8, 10]),
            C("matrix refused", T([4, 5]), T([4, 5], dtype=i64), [8, 10]),
        ],
        "max_unpool2d.out": [
            C("out resized", T([2, 3, 4, 5]), T([2, 3, 4, 5], dtype=i64), [8, 10], out=T([0])),
        ],
        "max_unpool3d": [
            C("batched", T([2, 3, 2, 4, 5]), T([2, 3, 2, 4, 5], dtype=i64), [4, 8, 10], [2, 2, 2], [0, 0, 0]),
            C("unbatched", T([3, 2, 4, 5]), T([3, 2, 4, 5], dtype=i64), [4, 8, 10], [2, 2, 2], [0, 0, 0]),
            C("channels last 3d", T([2, 3, 2, 4, 5], fmt=torch.channels_last_3d), T([2, 3, 2, 4, 5], dtype=i64),
              [4, 8, 10], [2, 2, 2], [0, 0, 0]),
            C("zero stride refused", T([2, 3, 2, 4, 5]), T([2, 3, 2, 4, 5], dtype=i64), [4, 8, 10], [2, 0, 2],
              [0, 0, 0]),
            C("int32 indices refused", T([3, 2, 4, 5]), T([3, 2, 4, 5], dtype=i32), [4, 8, 10], [2, 2, 2],
              [0, 0, 0]),
        ],
        "max_unpool3d.out": [
            C("out resized", T([3, 2, 4, 5]), T([3, 2, 4, 5], dtype=i64), [4, 8, 10], [2, 2, 2], [0, 0, 0],
              out=T([0])),
        ],
        "adaptive_max_pool2d": [
            C("batched", T([2, 3, 8, 9]), [4, 3]),
            C("unbatched", T([3, 8, 9]), [4, 3]),
            C("channels last", cl(2, 3, 8, 9), [4, 3]),
            C("empty batch", T([0, 3, 8, 9]), [4, 3]),
            C("empty height refused", T([2, 3, 0, 9]), [4, 3]),
            C("three sizes refused", T([2, 3, 8, 9]), [4, 3, 2]),
            C("matrix refused", T([8, 9]), [4, 3]),
        ],
        "adaptive_max_pool2d.out": [
            C("outs resized", T([2, 3, 8, 9]), [4, 3], out=T([0]), indices=T([0], dtype=i64)),
        ],
        "adaptive_max_pool3d": [
            C("batched", T([2, 3, 4, 8, 9]), [2, 4, 3]),
            C("unbatched", T([3, 4, 8, 9]), [2, 4, 3]),
            C("channels last 3d", T([2, 3, 4, 8, 9], fmt=torch.channels_last_3d), [2, 4, 3]),
            C("two sizes refused", T([2, 3, 4, 8, 9]), [4, 3]),
        ],
        "adaptive_max_pool3d.out": [
            C("outs resized", T([2, 3, 4, 8, 9]), [2, 4, 3], out=T([0]), indices=T([0], dtype=i64)),
        ],
        "segment_reduce": [
            C("lengths", T([6, 3]), "sum", lengths=T([3], dtype=i64)),
            C("offsets", T([6, 3]), "max", offsets=T([4], dtype=i64)),
            C("lengths along axis 1", T([3, 6]), "mean", lengths=T([3, 2], dtype=i64), axis=1),
            C("negative axis", T([3, 6]), "sum", lengths=T([3, 2], dtype=i64), axis=-1),
            C("neither refused", T([6, 3]), "sum"),
        ],
        "bernoulli": [
            C("matrix", T([2, 3])),
            C("transposed", tr(2, 3)),
            C("channels last", cl(2, 3, 4, 5)),
        ],
        "bernoulli.out": [
            C("out resized", T([2, 3]), out=T([0])),
        ],
        "bernoulli.p": [
            C("matrix", T([2, 3]), 0.3),
            C("transposed float64", tr(2, 3, dtype=f64), 0.5),
            C("integer", T([4], dtype=i64), 0.5),
        ],
        "rand_like": [
            C("matrix", T([2, 3])),
            C("transposed keeps its layout", tr(2, 3)),
            C("channels last", cl(2, 3, 4, 5)),
            C("contiguous format asked", tr(2, 3), memory_format=torch.contiguous_format),
            C("another dtype", T([2, 3]), dtype=f64),
            C("another device", T([2, 3]), device="cuda"),
            C("integer", T([2, 3], dtype=i64)),
        ],
        "randn_like": [
            C("matrix", T([2, 3])),
            C("transposed keeps its layout", tr(2, 3)),
            C("complex", T([2, 3], dtype=c64)),
            C("integer refused", T([2, 3], dtype=i64)),
            C("integer to float", T([2, 3], dtype=i64), dtype=f32),
        ],
        "randint_like": [
            C("matrix", T([2, 3]), 5),
            C("transposed int64", tr(2, 3, dtype=i64), 5),
            C("another dtype", T([2, 3]), 5, dtype=i32),
        ],
        "randint_like.low_dtype": [
            C("matrix", T([2, 3]), 1, 5),
            C("channels last", cl(2, 3, 4, 5), 1, 5),
        ],
        # The `generator` overloads (the generator keyword-only and without
        # a default: passed as None).
        "rand_like.generator": [
            C("matrix", T([2, 3]), generator=None),
            C("transposed keeps its layout", tr(2, 3), generator=None),
            C("channels last", cl(2, 3, 4, 5), generator=None),
            C("contiguous format asked", tr(2, 3), generator=None, memory_format=torch.contiguous_format),
            C("another dtype", T([2, 3]), generator=None, dtype=f64),
            C("another device", T([2, 3]), generator=None, device="cuda"),
            C("integer", T([2, 3], dtype=i64), generator=None),
        ],
        "randn_like.generator": [
            C("matrix", T([2, 3]), generator=None),
            C("transposed keeps its layout", tr(2, 3), generator=None),
            C("complex", T([2, 3], dtype=c64), generator=None),
            C("integer refused", T([2, 3], dtype=i64), generator=None),
            C("integer to float", T([2, 3], dtype=i64), generator=None, dtype=f32),
        ],
        "randint_like.generator": [
            C("matrix", T([2, 3]), 5, generator=None),
            C("transposed int64", tr(2, 3, dtype=i64), 5, generator=None),
            C("channels last", cl(2, 3, 4, 5), 5, generator=None),
            C("another dtype", T([2, 3]), 5, generator=None, dtype=i32),
            C("zero high", T([2, 3]), 0, generator=None),
        ],
        "randint_like.low_generator_dtype": [
            C("matrix", T([2, 3]), 1, 5, generator=None),
            C("channels last", cl(2, 3, 4, 5), 1, 5, generator=None),
            C("another dtype", tr(2, 3), 1, 5, generator=None, dtype=i64),
            C("low above high", T([2, 3]), 5, 1, generator=None),
        ],
        "multinomial": [
            C("one distribution", T([5]), 3),
            C("batch of distributions", T([4, 5]), 3, True),
            C("float64", T([4, 5], dtype=f64), 2),
            C("three dims refused", T([2, 4, 5]), 3),
        ],
        "multinomial.out": [
            C("out resized", T([4, 5]), 3, out=T([0], dtype=i64)),
        ],
        "addbmm": [
            C("matrix self", T([3, 5]), T([4, 3, 2]), T([4, 2, 5])),
            C("broadcast self", T([5]), T([4, 3, 2]), T([4, 2, 5])),
            C("transposed self", tr(3, 5), T([4, 3, 2]), T([4, 2, 5]), beta=0.5, alpha=2),
            C("float64 self", T([3, 5], dtype=f64), T([4, 3, 2]), T([4, 2, 5])),
            C("batch mismatch refused", T([3, 5]), T([4, 3, 2]), T([3, 2, 5])),
            C("inner mismatch refused", T([3, 5]), T([4, 3, 2]), T([4, 3, 5])),
            C("self not broadcastable refused", T([4, 5]), T([4, 3, 2]), T([4, 2, 5])),
            C("matrix batch refused", T([3, 5]), T([3, 2]), T([4, 2, 5])),
        ],
        "addbmm_": [
            C("matrix self", T([3, 5]), T([4, 3, 2]), T([4, 2, 5])),
            C("transposed self", tr(3, 5), T([4, 3, 2]), T([4, 2, 5])),
            C("broadcast self refused", T([5]), T([4, 3, 2]), T([4, 2, 5])),
        ],
        "addmv": [
            C("vector self", T([3]), T([3, 4]), T([4])),
            C("one-element self", T([1]), T([3, 4]), T([4])),
            C("zero-dim self", T([]), T([3, 4]), T([4]), beta=0.5, alpha=2),
            C("zero beta", T([1]), T([3, 4]), T([4]), beta=0),
            C("empty product keeps self's size", T([1]), T([0, 4]), T([4])),
            C("transposed matrix", T([3]), tr(3, 4), T([4])),
            C("float64 vector", T([3]), T([3, 4]), T([4], dtype=f64)),
            C("size mismatch refused", T([3]), T([3, 4]), T([5])),
            C("self size mismatch refused", T([2]), T([3, 4]), T([4])),
            C("matrix self refused", T([3, 1]), T([3, 4]), T([4])),
        ],
        "addmv_": [
            C("vector self", T([3]), T([3, 4]), T([4])),
            C("one-element self refused", T([1]), T([3, 4]), T([4])),
        ],
        "normal.Tensor_Tensor": [
            C("same shapes", T([2, 3]), T([2, 3])),
            C("broadcast", T([2, 1]), T([3])),
            C("transposed mean", tr(2, 3), T([2, 3])),
            C("channels-last std", T([2, 3, 4, 5]), cl(2, 3, 4, 5)),
            C("float64 mean, float32 std", T([2, 3], dtype=f64), T([2, 3])),
            C("integer mean refused", T([2, 3], dtype=i64), T([2, 3], dtype=i64)),
            C("not broadcastable refused", T([2, 3]), T([4])),
        ],
        "normal.Tensor_Tensor_out": [
            C("out resized", T([2, 3]), T([2, 3]), out=T([0])),
        ],
        "normal.Tensor_float": [
            C("matrix", T([2, 3]), 0.5),
            C("transposed mean", tr(2, 3)),
            C("channels-last mean", cl(2, 3, 4, 5), 2.0),
            C("negative std refused", T([2, 3]), -1.0),
            C("integer mean refused", T([2, 3], dtype=i64), 1.0),
        ],
        "normal.Tensor_float_out": [
            C("out resized", T([2, 3]), 0.5, out=T([0])),
        ],
        "normal.float_Tensor": [
            C("matrix", 0.5, T([2, 3])),
            C("transposed std", 1.0, tr(2, 3)),
        ],
        "normal.float_Tensor_out": [
            C("out resized", 0.5, T([2, 3]), out=T([0])),
        ],
        "normal.float_float": [
            C("matrix", 0.0, 1.0, [2, 3]),
            C("float64", 0.0, 1.0, [2, 3], dtype=f64),
            C("cuda", 0.0, 1.0, [4], device="cuda"),
            C("negative std refused", 0.0, -1.0, [2, 3]),
            C("integer dtype refused", 0.0, 1.0, [2, 3], dtype=i64),
            C("negative size refused", 0.0, 1.0, [-1, 3]),
        ],
        "fractional_max_pool2d": [
            C("batched", T([2, 3, 8, 9]), [2, 2], [4, 5], T([2, 3, 2])),
            C("unbatched", T([3, 8, 9]), [2, 2], [4, 5], T([1, 3, 2])),
            C("channels last", cl(2, 3, 8, 9), [2, 2], [4, 5], T([2, 3, 2])),
            C("more samples than the batch", T([2, 3, 8, 9]), [3, 3], [6, 7], T([4, 3, 2])),
            C("kernel as large as allowed", T([2, 3, 8, 9]), [5, 5], [4, 5], T([2, 3, 2])),
            C("kernel too large refused", T([2, 3, 8, 9]), [6, 5], [4, 5], T([2, 3, 2])),
            C("too few samples refused", T([2, 3, 8, 9]), [2, 2], [4, 5], T([1, 3, 2])),
            C("samples of another dtype refused", T([2, 3, 8, 9]), [2, 2], [4, 5], T([2, 3, 2], dtype=f64)),
            C("empty channel refused", T([2, 0, 8, 9]), [2, 2], [4, 5], T([2, 0, 2])),
            C("matrix refused", T([8, 9]), [2, 2], [4, 5], T([1, 1, 2])),
        ],
        "grid_sampler_3d": [
            C("trilinear", T([2, 3, 4, 5, 6]), T([2, 7, 8, 9, 3]), 0, 0, False),
            C("nearest, float64", T([2, 3, 4, 5, 6], dtype=f64), T([2, 7, 8, 9, 3], dtype=f64), 1, 1, True),
            C("channels-last input", T([2, 3, 4, 5, 6], fmt=torch.channels_last_3d), T([2, 7, 8, 9, 3]), 0, 0,
              False),
            C("bicubic on the CPU", T([2, 3, 4, 5, 6]), T([2, 7, 8, 9, 3]), 2, 0, False),
            C("batch mismatch refused", T([2, 3, 4, 5, 6]), T([1, 7, 8, 9, 3]), 0, 0, False),
            C("grid of 2 coordinates refused", T([2, 3, 4, 5, 6]), T([2, 7, 8, 9, 2]), 0, 0, False),
            C("empty spatial dim refused", T([2, 3, 0, 5, 6]), T([2, 7, 8, 9, 3]), 0, 0, False),
            C("4-d input refused", T([2, 3, 4, 5]), T([2, 7, 8, 2]), 0, 0, False),
        ],
        "mv": [
            C("matrix and vector", T([3, 4]), T([4])),
            C("transposed matrix", tr(3, 4), T([4])),
            C("int64", T([3, 4], dtype=i64), T([4], dtype=i64)),
            C("float32 and float64 promote", T([3, 4]), T([4], dtype=f64)),
            C("float16", T([3, 4], dtype=f16), T([4], dtype=f16)),
            C("size mismatch refused", T([3, 4]), T([5])),
            C("matrix vec refused", T([3, 4]), T([4, 1])),
        ],
        "upsample_nearest1d.vec": [
            C("scale two", T([2, 3, 8]), None, [2.0]),
            C("output size", T([2, 3, 8]), [5], None),
            C("fractional scale truncates", T([2, 3, 10]), None, [0.29]),
            C("transposed input", T([2, 8, 3], then=lambda t: t.transpose(1, 2)), None, [2.0]),
            C("permuted batch", T([3, 2, 8], then=lambda t: t.transpose(0, 1)), [6], None),
            C("int64", T([2, 3, 8], dtype=i64), None, [2.0]),
            C("float16", T([2, 3, 8], dtype=f16), None, [2.0]),
            C("zero batch", T([0, 3, 8]), None, [2.0]),
            C("both given refused", T([2, 3, 8]), [4], [2.0]),
            C("4-d input refused", T([2, 3, 8, 10]), None, [2.0]),
            C("zero output size refused", T([2, 3, 8]), [0], None),
        ],
        "_upsample_nearest_exact1d.vec": [
            C("scale two", T([2, 3, 8]), None, [2.0]),
            C("transposed input", T([2, 8, 3], then=lambda t: t.transpose(1, 2)), [5], None),
        ],
        "_upsample_nearest_exact2d.vec": [
            C("scale two", T([2, 3, 8, 10]), None, [2.0, 2.0]),
            C("channels last kept", cl(2, 3, 8, 10), [5, 7], None),
        ],
        "upsample_nearest3d.vec": [
            C("scale two", T([2, 3, 4, 6, 8]), None, [2.0, 2.0, 2.0]),
            C("output size", T([2, 3, 4, 6, 8]), [5, 7, 9], None),
            C("channels last 3d kept", T([2, 3, 4, 6, 8], fmt=torch.channels_last_3d), None, [2.0, 1.5, 0.5]),
            C("cuda few channels, channels last 3d", T([2, 3, 4, 6, 8], fmt=torch.channels_last_3d, device="cuda"),
              None, [2.0, 2.0, 2.0]),
            C("4-d input refused", T([2, 3, 8, 10]), None, [2.0, 2.0, 2.0]),
        ],
        "_upsample_nearest_exact3d.vec": [
            C("scale two", T([2, 3, 4, 6, 8]), None, [2.0, 2.0, 2.0]),
        ],
        "baddbmm": [
            C("same shapes", T([4, 3, 5]), T([4, 3, 2]), T([4, 2, 5])),
            C("broadcast self", T([5]), T([4, 3, 2]), T([4, 2, 5]), beta=0.5, alpha=2),
            C("transposed self", tr(4, 3, 5), T([4, 3, 2]), T([4, 2, 5])),
            C("dtype mismatch refused", T([4, 3, 5], dtype=f64), T([4, 3, 2]), T([4, 2, 5])),
            C("batch mismatch refused", T([4, 3, 5]), T([4, 3, 2]), T([3, 2, 5])),
            C("self not broadcastable refused", T([4, 4, 5]), T([4, 3, 2]), T([4, 2, 5])),
        ],
        "baddbmm_": [
            C("same shapes", T([4, 3, 5]), T([4, 3, 2]), T([4, 2, 5])),
            C("broadcast self refused", T([5]), T([4, 3, 2]), T([4, 2, 5])),
        ],
        "lu_solve": [
            C("matrix", T([3, 2]), T([3, 3]), T([3], dtype=i32)),
            C("broadcast batches", T([4, 3, 5]), T([2, 1, 3, 3]), T([2, 1, 3], dtype=i32)),
            C("int64 pivots refused", T([3, 2]), T([3, 3]), T([3], dtype=i64)),
            C("incompatible sizes refused", T([4, 2]), T([3, 3]), T([3], dtype=i32)),
        ],
        "_lu_with_info": [
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5]), False, False),
            C("vector refused", T([3])),
        ],
        "logdet": [
            C("matrix", T([3, 3])),
            C("batched complex", T([2, 4, 4], dtype=c64)),
            C("not square refused", T([3, 4])),
            C("float16 refused", T([3, 3], dtype=f16)),
        ],
        "linalg_matrix_rank.atol_rtol_tensor": [
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5])),
            C("hermitian", T([3, 3]), hermitian=True),
            C("atol broadcasts the batch", T([2, 5, 3]), atol=T([4, 1], dtype=f64)),
            C("rtol", T([2, 5, 3]), rtol=T([2])),
            C("complex", T([4, 3], dtype=c64)),
            C("empty matrix", T([0, 3])),
            C("empty integer matrix", T([0, 3], dtype=i64)),
            C("integer refused", T([3, 3], dtype=i64)),
            C("hermitian, not square refused", T([5, 3]), hermitian=True),
            C("vector refused", T([3])),
        ],
        "linalg_matrix_rank.atol_rtol_float": [
            C("tall", T([5, 3])),
            C("tolerances", T([2, 3, 5]), atol=0.1, rtol=0.2),
            C("hermitian", T([3, 3]), hermitian=True),
        ],
        "fft_fft": [
            C("real input", T([4, 8])),
            C("complex input", T([4, 8], dtype=c64)),
            C("padded to n", T([4, 8]), 10),
            C("sliced to n", T([4, 8], dtype=c64), 5),
            C("first dim", T([8, 4]), None, 0),
            C("transposed input", tr(6, 8)),
            C("int64 input", T([4, 8], dtype=i64)),
            C("float64, ortho", T([4, 8], dtype=f64), None, -1, "ortho"),
            C("zero points refused", T([4, 8]), 0),
            C("bad norm refused", T([4, 8]), None, -1, "sideways"),
            C("float16 refused", T([4, 8], dtype=f16)),
            C("dim out of range refused", T([4, 8]), None, 2),
        ],
        "fft_ifft": [
            C("real input", T([4, 8])),
            C("complex input sliced", T([4, 8], dtype=c64), 6),
            C("transposed complex", tr(6, 8, dtype=c64), None, 0),
        ],
        "fft_rfft": [
            C("matrix", T([4, 8])),
            C("padded to n", T([4, 8]), 11),
            C("first dim of a transposed input", tr(6, 8), None, 0),
            C("int64 input", T([4, 8], dtype=i64)),
            C("complex refused", T([4, 8], dtype=c64)),
        ],
        "fft_ihfft": [
            C("matrix", T([4, 8])),
            C("sliced to n", T([4, 8]), 5),
        ],
        "fft_irfft": [
            C("half spectrum", T([4, 5], dtype=c64)),
            C("to n points", T([4, 5], dtype=c64), 12),
            C("to fewer points", T([4, 5], dtype=c64), 4),
            C("real input", T([4, 5])),
            C("first dim of a transposed input", tr(5, 4, dtype=c64), None, 0),
            C("one value refused", T([4, 1], dtype=c64)),
        ],
        "fft_hfft": [
            C("half spectrum", T([4, 5], dtype=c64)),
            C("to n points", T([4, 5], dtype=c64), 7),
        ],
        "fft_fftn": [
            C("every dim of a real input", T([3, 4, 8])),
            C("complex, given sizes", T([3, 4, 8], dtype=c64), [4, 6]),
            C("given dims", T([3, 4, 8], dtype=c64), None, [0, 2]),
            C("sizes and dims", T([3, 4, 8]), [2, 10], [2, 0]),
            C("minus one keeps a size", T([3, 4, 8], dtype=c64), [-1, 5], [1, 2]),
            C("transposed input", tr(6, 8, dtype=c64)),
            C("int64 input", T([3, 4], dtype=i64)),
            C("repeated dims refused", T([3, 4, 8]), None, [1, 1]),
            C("sizes and dims of other lengths refused", T([3, 4, 8]), [4], [0, 1]),
            C("zero size refused", T([3, 4, 8]), [0, 4]),
            C("bad norm refused", T([3, 4, 8]), None, None, "sideways"),
        ],
        "fft_fft2": [
            C("last two dims", T([3, 4, 8])),
            C("padded and sliced", T([3, 4, 8], dtype=c64), [6, 5]),
            C("first two dims", T([3, 4, 8]), None, [0, 1]),
        ],
        "fft_ifftn": [
            C("every dim", T([3, 4, 8], dtype=c64)),
            C("given sizes of a real input", T([3, 4, 8]), [3, 5]),
        ],
        "fft_ifft2": [
            C("last two dims", T([3, 4, 8], dtype=c64)),
            C("transposed", tr(3, 4, 8, dtype=c64), [4, 4]),
        ],
        "fft_rfftn": [
            C("every dim", T([3, 4, 8])),
            C("given sizes", T([3, 4, 8]), [6, 10]),
            C("given dims", T([3, 4, 8]), None, [0, 1]),
            C("complex refused", T([3, 4, 8], dtype=c64)),
        ],
        "fft_rfft2": [
            C("last two dims", T([3, 4, 8])),
            C("transposed", tr(3, 6, 8)),
        ],
        "fft_irfftn": [
            C("every dim", T([3, 4, 5], dtype=c64)),
            C("given sizes", T([3, 4, 5], dtype=c64), [6, 12]),
            C("last size kept as minus one", T([3, 4, 5], dtype=c64), [6, -1]),
            C("given dims", T([3, 4, 5], dtype=c64), None, [0, 1]),
            C("real input", T([3, 4, 5])),
            C("no dims refused", T([3, 4, 5], dtype=c64), None, []),
        ],
        "fft_irfft2": [
            C("last two dims", T([3, 4, 5], dtype=c64)),
            C("given sizes", T([3, 4, 5], dtype=c64), [3, 7]),
        ],
        "dot": [
            C("vectors", T([3]), T([3])),
            C("int32 keeps its dtype", T([3], dtype=i32), T([3], dtype=i32)),
            C("complex", T([3], dtype=c64), T([3], dtype=c64)),
            C("strided", T([3], strides=[2]), T([3])),
            C("dtype mismatch refused", T([3]), T([3], dtype=f64)),
            C("size mismatch refused", T([3]), T([4])),
            C("matrix refused", T([3, 1]), T([3])),
        ],
        "vdot": [
            C("vectors", T([3]), T([3])),
            C("complex", T([3], dtype=c64), T([3], dtype=c64)),
            C("size mismatch refused", T([3]), T([4])),
        ],
        "outer": [
            C("vectors", T([3]), T([4])),
            C("int64 and float32", T([3], dtype=i64), T([4])),
            C("length one", T([1]), T([4])),
            C("strided", T([3], strides=[2]), T([4])),
            C("matrix refused", T([3, 1]), T([4])),
        ],
        "fft_fftshift": [
            C("every dim", T([3, 4])),
            C("one dim of a transposed input", tr(3, 4), [0]),
            C("complex", T([4, 5], dtype=c64), [-1]),
        ],
        "fft_ifftshift": [
            C("every dim", T([3, 4])),
            C("transposed", tr(3, 4)),
        ],
        "linalg_cross": [
            C("vectors", T([3]), T([3])),
            C("rows", T([4, 3]), T([4, 3])),
            C("broadcast", T([4, 3]), T([1, 3])),
            C("first dim", T([3, 4]), T([3, 4]), dim=0),
            C("transposed", tr(4, 3), T([4, 3])),
            C("length 4 refused", T([4]), T([4])),
            C("ranks differ refused", T([4, 3]), T([3])),
        ],
        "linalg_cross.out": [
            C("out resized", T([4, 3]), T([4, 3]), out=T([0])),
        ],
        "cross": [
            C("first dim of size 3 by default", T([4, 3, 3]), T([4, 3, 3])),
            C("given dim", T([3, 4, 3]), T([3, 4, 3]), -1),
            C("no dim of size 3 refused", T([4, 5]), T([4, 5])),
        ],
        "linalg_vecdot": [
            C("rows", T([4, 3]), T([4, 3])),
            C("broadcast", T([4, 3]), T([3])),
            C("first dim", T([4, 3]), T([4, 3]), dim=0),
            C("int32 refused", T([4, 3], dtype=i32), T([4, 3], dtype=i32)),
            C("complex", T([4, 3], dtype=c64), T([4, 3], dtype=c64)),
            C("dtype mismatch refused", T([4, 3]), T([4, 3], dtype=f64)),
        ],
        "linalg_matrix_power": [
            C("power zero", T([3, 3]), 0),
            C("power one of a transposed input", tr(3, 3), 1),
            C("power two", T([2, 3, 3]), 2),
            C("power five", T([3, 3]), 5),
            C("power minus one", T([2, 3, 3]), -1),
            C("power minus three", T([3, 3]), -3),
            C("integer square", T([3, 3], dtype=i64), 2),
            C("integer inverse refused", T([3, 3], dtype=i64), -1),
            C("not square refused", T([3, 4]), 2),
        ],
        "linalg_diagonal": [
            C("matrix", T([3, 4])),
            C("batched with an offset", T([2, 3, 4]), offset=1),
            C("given dims", T([2, 3, 4]), dim1=0, dim2=2),
        ],
        "svd": [
            C("tall, reduced", T([5, 3])),
            C("wide, full", T([3, 5]), False),
            C("batched, no vectors", T([2, 5, 3]), True, False),
            C("wide, full, no vectors", T([3, 5]), False, False),
            C("complex", T([4, 3], dtype=c64)),
            C("cuda", T([5, 3], device="cuda")),
            C("integer refused", T([3, 3], dtype=i64)),
            C("vector refused", T([3])),
        ],
        "pinverse": [
            C("tall", T([5, 3])),
            C("wide batched", T([2, 3, 5]), 1e-3),
            C("complex", T([4, 3], dtype=c64)),
            C("integer refused", T([3, 3], dtype=i64)),
        ],
    }


CASES.update(linalg_cases())

# Recorded under the Python dispatcher (see PYTHON_DISPATCHER), as export
# runs them: their C++ composites (`expand`, `resize_`) refuse symbolic sizes
# outside it.
LINALG_PYTHON_DISPATCHER = {
    "cholesky_solve", "linalg_solve_triangular", "linalg_pinv", "linalg_pinv.atol_rtol_tensor",
    "linalg_pinv.rcond_tensor", "linalg_pinv.atol_rtol_float", "pinverse", "addbmm", "addbmm_",
    "upsample_nearest1d.vec", "_upsample_nearest_exact1d.vec", "_upsample_nearest_exact2d.vec",
    "upsample_nearest3d.vec", "_upsample_nearest_exact3d.vec", "lu_solve", "_lu_with_info",
    "logdet", "linalg_matrix_rank.atol_rtol_tensor", "linalg_matrix_rank.atol_rtol_float",
    "cross", "linalg_vecdot", "linalg_matrix_power", "svd",
}

SYMBOLIC += [
    ("_fft_c2c of two dims of a dynamic input", "_fft_c2c", Case("", D([3, 4, 8], "x", dtype=c64), [0, 2], 0, True)),
    ("_linalg_svd of a dynamic batch of matrices", "_linalg_svd", Case("", D([2, 5, 3], "a"))),
    ("_linalg_svd full matrices of a dynamic matrix", "_linalg_svd", Case("", D([5, 3], "a"), True)),
    ("linalg_qr complete of a dynamic matrix", "linalg_qr", Case("", D([5, 3], "a"), "complete")),
    ("_linalg_eigh of a dynamic batch", "_linalg_eigh", Case("", D([2, 4, 4], "a"))),
    ("linalg_lu_factor_ex of a dynamic wide matrix", "linalg_lu_factor_ex", Case("", D([2, 3, 5], "a"))),
    ("linalg_lu of a dynamic tall matrix", "linalg_lu", Case("", D([5, 3], "a"))),
    ("linalg_pinv of a dynamic batch broadcast with atol", "linalg_pinv.atol_rtol_tensor",
     Case("", D([2, 5, 3], "a"), atol=D([4, 1], "t", ["dynamic", "static"], dtype=f64))),
    ("normal.float_float of a symbolic size", "normal.float_float", Case("", 0.0, 1.0, [S(4, "n"), 3])),
    ("_linalg_solve_ex of a dynamic vector right-hand side", "_linalg_solve_ex",
     Case("", D([2, 3, 3], "a"), D([2, 3], "b"))),
    ("_linalg_solve_ex of dynamic broadcast batches", "_linalg_solve_ex",
     Case("", D([2, 1, 3, 3], "a", ["dynamic", "static", "dynamic", "dynamic"]), D([4, 3, 5], "b"))),
    ("linalg_solve_triangular of dynamic broadcast batches", "linalg_solve_triangular",
     Case("", D([2, 1, 3, 3], "a", ["dynamic", "static", "dynamic", "dynamic"]), D([4, 3, 5], "b"), upper=True)),
]


# ---- cases kept in files of their own -------------------------------------------------
# Each `op_cases_<family>.py` defines CASES and SYMBOLIC as above, for one
# family of operators (an overload has its cases in one place only), and
# may name operators to record under the Python dispatcher
# (PYTHON_DISPATCHER, below).

import op_cases_complex  # noqa: E402
import op_cases_composites  # noqa: E402
import op_cases_conv_backends  # noqa: E402
import op_cases_copies  # noqa: E402
import op_cases_elementwise  # noqa: E402
import op_cases_fft  # noqa: E402
import op_cases_gradients  # noqa: E402
import op_cases_indexing  # noqa: E402
import op_cases_inplace  # noqa: E402
import op_cases_losses  # noqa: E402
import op_cases_misc  # noqa: E402
import op_cases_recurrent  # noqa: E402
import op_cases_search  # noqa: E402
import op_cases_shapes  # noqa: E402
import op_cases_spatial  # noqa: E402
import op_cases_special  # noqa: E402
import op_cases_statistics  # noqa: E402

MODULE_PYTHON_DISPATCHER = set()
for _module in (op_cases_complex, op_cases_composites, op_cases_conv_backends, op_cases_copies, op_cases_elementwise,
                op_cases_fft, op_cases_gradients, op_cases_indexing, op_cases_inplace, op_cases_losses, op_cases_misc,
                op_cases_recurrent, op_cases_search, op_cases_shapes, op_cases_spatial, op_cases_special,
                op_cases_statistics):
    _twice = set(_module.CASES) & set(CASES)
    assert not _twice, f"cases written twice: {sorted(_twice)}"
    CASES.update(_module.CASES)
    SYMBOLIC += _module.SYMBOLIC
    MODULE_PYTHON_DISPATCHER |= getattr(_module, "PYTHON_DISPATCHER", set())

import op_cases_layouts  # noqa: E402

op_cases_layouts.add(CASES)


# ---- aliases ---------------------------------------------------------------------------
# An alias decomposes to the operator it names; its cases are that
# operator's (or the elementwise helpers'), recorded under its own name.

for _op in ["absolute", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "fix", "negative"]:
    CASES[_op] = unary_cases()
CASES["arctan2"] = binary_cases()
for _op in ["greater", "greater_equal", "less", "less_equal", "not_equal"]:
    CASES[f"{_op}.Tensor"] = binary_cases()
    CASES[f"{_op}.Scalar"] = binary_cases(scalar=True)
CASES["xlogy.Scalar_Other"] = binary_cases(scalar=True)
CASES["clip"] = list(CASES["clamp"])
CASES["clip.Tensor"] = list(CASES["clamp.Tensor"])
CASES["ger"] = list(CASES["outer"])
CASES["det"] = list(CASES["linalg_det"])
CASES["concat"] = list(CASES["cat"])
CASES["concatenate"] = list(CASES["cat"])
CASES["row_stack"] = list(CASES["vstack"])
CASES["arange.start"] = [
    C("ints", 2, 7),
    C("floats", 0.5, 3),
    C("negative start", -3, 2),
    C("dtype", 0, 5, dtype=f64),
    C("empty", 3, 3),
    C("wrong order refused", 5, 0),
]
CASES["divide.Tensor_mode"] = list(CASES["div.Tensor_mode"])
CASES["divide.Scalar_mode"] = list(CASES["div.Scalar_mode"])
CASES["moveaxis.intlist"] = list(CASES["movedim.intlist"])
CASES["split.sizes"] = list(CASES["split_with_sizes"])
CASES["copysign.Scalar"] = binary_cases(scalar=True)
_NUMBER_FIRST = [
    C("int number, float tensor", 2, T([2, 3])),
    C("float number, int tensor", 2.5, T([2], dtype=i64)),
    C("int number, int32 tensor", 3, T([2], dtype=i32)),
    C("bool number, bool tensor", True, T([3], dtype=b8)),
    C("transposed tensor", 3, tr(2, 3)),
    C("zero-dim tensor", 1, T([], dtype=i64)),
]
for _op in ["remainder.Scalar_Tensor", "bitwise_and.Scalar_Tensor", "bitwise_or.Scalar_Tensor",
            "bitwise_xor.Scalar_Tensor", "bitwise_left_shift.Scalar_Tensor",
            "bitwise_right_shift.Scalar_Tensor", "float_power.Scalar"]:
    CASES[_op] = list(_NUMBER_FIRST)
CASES["detach"] = [
    C("matrix", T([2, 3])),
    C("transposed", tr(2, 3)),
    C("storage offset", off(2, 3)),
    C("zero-dim", T([])),
    C("int64", T([4], dtype=i64)),
]
CASES["norm.Scalar"] = [
    C("default p", T([3, 4])),
    C("one norm", T([3, 4]), 1),
    C("complex", T([3, 4], dtype=c64), 2),
    C("transposed", tr(3, 4), 3),
    C("int refused", T([3], dtype=i64)),
]
CASES["norm.ScalarOpt_dim"] = [
    C("one dim", T([3, 4]), 2, [1]),
    C("keepdim", T([2, 3, 4]), 2, [0, 2], True),
    C("no p", T([3, 4]), None, [0]),
    C("complex", T([3, 4], dtype=c64), 2, [1], True),
    C("transposed", tr(3, 4), 1, [1]),
    C("channels last", cl(2, 3, 4, 4), 2, [1], True),
    C("int refused", T([3], dtype=i64), 2, [0]),
]
CASES["norm.ScalarOpt_dtype"] = [
    C("float64", T([3, 4]), 2, dtype=f64),
    C("complex to complex128", T([3], dtype=c64), 2, dtype=torch.complex128),
    C("narrowing refused", T([3, 4], dtype=f64), 2, dtype=f32),
]
CASES["norm.ScalarOpt_dim_dtype"] = [
    C("float64", T([3, 4]), 2, [0], False, dtype=f64),
    C("keepdim", T([2, 3]), 1, [1], True, dtype=f64),
    C("narrowing refused", T([3, 4], dtype=f64), 2, [1], True, dtype=f32),
    C("complex to real refused", T([3, 4], dtype=c64), 2, [1], True, dtype=f32),
    C("real to complex refused", T([3, 4]), 2, [1], True, dtype=c64),
]
CASES["where.ScalarSelf"] = [
    C("float number, float tensor", T([2, 3], dtype=b8), 1.5, T([2, 3])),
    C("int number, float16 tensor", T([3, 1], dtype=b8), 2, T([1, 4], dtype=f16)),
    C("float number, int tensor", T([2], dtype=b8), 0.5, T([2], dtype=i64)),
    C("transposed other", T([3, 2], dtype=b8), 0, tr(3, 2)),
    C("uint8 condition refused", T([2], dtype=u8), 1, T([2])),
]
CASES["where.Scalar"] = [
    C("ints", T([2, 3], dtype=b8), 1, 2),
    C("int and float", T([2, 3], dtype=b8), 1, 2.5),
    C("bools", T([4], dtype=b8), True, False),
    C("transposed condition", tr(2, 3, dtype=b8), 0.5, 1.5),
    C("float condition refused", T([2]), 1, 2),
]


# ---- in-place forms of functional operators ------------------------------------------
# Declared with `@derive(inplace)` on the functional rule; recorded on the
# functional overload's cases, `self` first: PyTorch refuses those whose
# result cannot be written into `self` (another shape, a dtype it does not
# cast to), and the others return `self`, its layout kept.
INPLACE_FROM_FUNCTIONAL = [
    "acos_",
    "acosh_",
    "add_.Scalar",
    "addcdiv_",
    "addcmul_",
    "addmm_",
    "arccos_",
    "arccosh_",
    "arcsin_",
    "arcsinh_",
    "arctan2_",
    "arctan_",
    "arctanh_",
    "asin_",
    "asinh_",
    "atan2_",
    "atan_",
    "atanh_",
    "bitwise_and_.Scalar",
    "bitwise_and_.Tensor",
    "bitwise_not_",
    "bitwise_or_.Scalar",
    "bitwise_or_.Tensor",
    "bitwise_xor_.Scalar",
    "bitwise_xor_.Tensor",
    "ceil_",
    "clamp_",
    "clamp_.Tensor",
    "clamp_min_",
    "clip_",
    "clip_.Tensor",
    "conj_physical_",
    "copysign_.Scalar",
    "cos_",
    "cosh_",
    "cumprod_",
    "cumsum_",
    "div_.Scalar",
    "div_.Scalar_mode",
    "divide_.Scalar_mode",
    "divide_.Tensor_mode",
    "elu_",
    "eq_.Scalar",
    "eq_.Tensor",
    "erf_",
    "exp_",
    "expm1_",
    "fix_",
    "floor_",
    "fmod_.Scalar",
    "fmod_.Tensor",
    "ge_.Scalar",
    "ge_.Tensor",
    "greater_.Scalar",
    "greater_.Tensor",
    "greater_equal_.Scalar",
    "greater_equal_.Tensor",
    "gt_.Scalar",
    "gt_.Tensor",
    "index_copy_",
    "index_fill_.int_Scalar",
    "index_fill_.int_Tensor",
    "index_reduce_",
    "le_.Scalar",
    "le_.Tensor",
    "leaky_relu_",
    "lerp_.Scalar",
    "lerp_.Tensor",
    "less_.Scalar",
    "less_.Tensor",
    "less_equal_.Scalar",
    "less_equal_.Tensor",
    "log10_",
    "log1p_",
    "log2_",
    "log_",
    "logical_and_",
    "logical_not_",
    "logical_or_",
    "logical_xor_",
    "lt_.Scalar",
    "lt_.Tensor",
    "masked_fill_.Tensor",
    "mul_.Scalar",
    "mvlgamma_",
    "ne_.Scalar",
    "ne_.Tensor",
    "neg_",
    "negative_",
    "not_equal_.Scalar",
    "not_equal_.Tensor",
    "put_",
    "reciprocal_",
    "remainder_.Scalar",
    "remainder_.Tensor",
    "round_",
    "rsqrt_",
    "scatter_.reduce",
    "scatter_.src",
    "scatter_.value",
    "scatter_.value_reduce",
    "scatter_add_",
    "scatter_reduce_.two",
    "sign_",
    "sin_",
    "sinh_",
    "sqrt_",
    "sub_.Scalar",
    "sub_.Tensor",
    "tan_",
    "tanh_",
    "tril_",
    "triu_",
    "trunc_",
    "xlogy_.Scalar_Other",
]
# In-place views (`self` takes the view's geometry), by the view they
# take.
INPLACE_VIEWS = {
    "squeeze_": "squeeze",
    "squeeze_.dim": "squeeze.dim",
    "squeeze_.dims": "squeeze.dims",
    "transpose_": "transpose.int",
    "swapdims_": "swapdims",
    "swapaxes_": "swapaxes",
}
for _op in INPLACE_FROM_FUNCTIONAL + list(INPLACE_VIEWS):
    _base, _, _overload = _op.partition(".")
    _functional = INPLACE_VIEWS.get(_op) or _base[:-1] + ("." + _overload if _overload else "")
    assert _op not in CASES, f"cases of {_op} written twice"
    CASES[_op] = [c for c in CASES[_functional] if c.args and isinstance(c.args[0], T)]
    assert CASES[_op], f"no tensor-first case of {_functional} for {_op}"

def plain(desc):
    """Whether an input description is a contiguous CPU tensor made directly
    (the inputs a symbolic case can make dynamic)."""
    return (desc.device == "cpu" and desc.strides is None and desc.fmt is None
            and desc.then is None and desc.offset == 0)


def descriptions(case):
    """Every T among a case's arguments (also inside lists)."""
    found = []
    for v in list(case.args) + list(case.kwargs.values()):
        for d in (v if isinstance(v, list) else [v]):
            if isinstance(d, T):
                found.append(d)
    return found


def accepted(name, case):
    """Whether PyTorch's fake kernel accepts the call with static sizes."""
    op = aten_op(name)
    try:
        with FakeTensorMode(shape_env=ShapeEnv()) as mode, dispatcher_for(name):
            bound = [(n, d, kw, materialise(v, T.make), dflt) for (n, d, kw, v, dflt) in bind(op, case)]
            run_raw(op, bound)
    except Exception:  # a refusal: not a case to derive from
        return False
    return True


def dynamic_copy(name, case):
    """The case with every tensor input dynamic: each dim of size 2 or more
    DimDynamic.DYNAMIC (sizes 0 and 1 are specialised anyway, so they stay
    static), sourced by its schema argument's name (`self`, `tensors1`)."""
    op = aten_op(name)
    names = [a.name for a in op._schema.arguments]

    def dyn(desc, source):
        if not isinstance(desc, T):
            return desc
        return T(desc.sizes, dtype=desc.dtype, source=source,
                 dynamic=["dynamic" if s >= 2 else "static" for s in desc.sizes])

    def convert(value, source):
        if isinstance(value, list):
            return [dyn(v, f"{source}{k}") for k, v in enumerate(value)]
        return dyn(value, source)

    args = [convert(v, names[i]) for i, v in enumerate(case.args)]
    kwargs = {k: convert(v, k) for k, v in case.kwargs.items()}
    return Case(case.name, *args, **kwargs)


def derived_symbolic(name):
    """A symbolic case for an overload without a written one: the first of
    its static cases that PyTorch accepts whose tensors are all contiguous,
    on the CPU, and have a dim of size 2 or more, with those dims dynamic."""
    for case in CASES[name]:
        descs = descriptions(case)
        if (descs and all(plain(d) for d in descs) and any(s >= 2 for d in descs for s in d.sizes)
                and accepted(name, case)):
            return (f"{case.name}, dynamic sizes", name, dynamic_copy(name, case))
    return None


def all_symbolic(keep=lambda name: True):
    """The written symbolic cases, then one derived (`derived_symbolic`) for
    every overload of CASES that has none written and that it finds a case
    for; only those of the overloads `keep` accepts."""
    written = {name for _, name, _ in SYMBOLIC}
    derived = [derived_symbolic(name) for name in sorted(CASES) if name not in written and keep(name)]
    return [s for s in SYMBOLIC if keep(s[1])] + [d for d in derived if d is not None]


# ---- schemas and encoding ------------------------------------------------------------


def aten_op(name):
    base, _, overload = name.partition(".")
    return getattr(getattr(torch.ops.aten, base), overload or "default")


def split_args(text):
    """Split a schema's argument list on top-level commas."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


SCHEMA_ARG = re.compile(r"^(?P<type>[A-Za-z]+(?:\([a-z!| >*-]+\))?(?:\[\d*\])?\??(?:\[\d*\])?\??)\s+(?P<name>\w+)(?:=(?P<default>.*))?$")


def schema_args(op):
    """[(name, declared type without alias annotation, kwarg_only, default_value or MISSING)]."""
    text = str(op._schema)
    inner = text[text.index("(") + 1 : text.rindex(") ->")]
    declared = {}
    for part in split_args(inner):
        if part == "*":
            continue
        m = SCHEMA_ARG.match(part)
        if not m:
            raise ValueError(f"cannot parse schema argument {part!r} of {text}")
        declared[m["name"]] = re.sub(r"\([a-z!| >*-]+\)", "", m["type"])
    out = []
    for a in op._schema.arguments:
        default = a.default_value if a.has_default_value() else MISSING
        if declared[a.name].startswith("ScalarType") and isinstance(default, int):
            default = SCALAR_TYPES[default]  # `ScalarType? dtype=4` (randperm)
        out.append((a.name, declared[a.name], a.kwarg_only, default))
    return out


# c10::ScalarType numbers, as a schema writes a dtype default.
SCALAR_TYPES = {0: torch.uint8, 1: torch.int8, 2: torch.int16, 3: torch.int32, 4: torch.int64,
                5: torch.float16, 6: torch.float32, 7: torch.float64, 9: torch.complex64,
                10: torch.complex128, 11: torch.bool, 15: torch.bfloat16}


MISSING = object()


def dtype_name(d):
    return str(d).removeprefix("torch.")


def tensor_meta(t):
    return {
        "sizes": [sym_value(s) for s in t.shape],
        "strides": [sym_value(s) for s in t.stride()],
        "storage_offset": sym_value(t.storage_offset()),
        "dtype": dtype_name(t.dtype),
        "device": str(t.device),
    }


# Set per case: how symbols are printed (renaming PyTorch's hashed names).
RENAME = {}
SHAPE_ENV = [None]


def sym_expr_str(expr):
    env = SHAPE_ENV[0]
    if env is not None:
        expr = env.simplify(expr)
    return str(expr.xreplace(RENAME))


def sym_value(v):
    if isinstance(v, torch.SymInt):
        node_expr = v.node.expr
        if isinstance(node_expr, sympy.Integer) or getattr(node_expr, "is_number", False):
            return int(node_expr)
        return sym_expr_str(node_expr)
    return int(v)


def scalar_value(v):
    if isinstance(v, bool):
        return {"bool": v}
    if isinstance(v, int):
        return {"int": v}
    if isinstance(v, float):
        return {"float": v}
    if isinstance(v, complex):
        return {"complex": [v.real, v.imag]}
    raise TypeError(f"not a scalar: {v!r}")


def encode(declared, value):
    """A Python argument value as a typed fixture VALUE."""
    if value is None:
        return {"none": None}
    base = declared.rstrip("?")
    fixed = re.match(r"^(\w+)\[(\d*)\]\??$", declared)
    if declared == "Tensor?[]":
        return {"opt_tensors": [None if t is None else tensor_meta(t) for t in value]}
    if base == "Tensor":
        meta = tensor_meta(value)
        if value.requires_grad:
            meta["requires_grad"] = True
        return {"tensor": meta}
    if base == "Tensor[]":
        return {"tensors": [tensor_meta(t) for t in value]}
    if fixed and fixed[1] in ("int", "SymInt"):
        if isinstance(value, int):
            value = [value] * int(fixed[2] or 1)
        return {"ints": [sym_value(v) for v in value]}
    if fixed and fixed[1] == "bool":
        return {"bools": list(value)}
    if fixed and fixed[1] == "float":
        return {"floats": [float(v) for v in value]}
    if base in ("int", "SymInt"):
        return {"int": sym_value(value)}
    if base == "float":
        return {"float": float(value)}
    if base == "bool":
        return {"bool": bool(value)}
    if base == "Scalar":
        return {"scalar": scalar_value(value)}
    if base == "ScalarType":
        return {"dtype": dtype_name(value)}
    if base == "Layout":
        return {"layout": str(value).removeprefix("torch.")}
    if base == "Device":
        return {"device": str(torch.device(value))}
    if base == "MemoryFormat":
        if isinstance(value, int):  # a schema default: c10::MemoryFormat's index
            value = [torch.contiguous_format, torch.preserve_format, torch.channels_last,
                     torch.channels_last_3d][value]
        return {"memory_format": str(value).removeprefix("torch.")}
    if base == "str":
        return {"str": value}
    raise TypeError(f"no encoding for schema type {declared}")


def bind(op, case):
    """Every schema argument in order: (name, declared type, value, defaulted)."""
    args = schema_args(op)
    positional = list(case.args)
    kwargs = dict(case.kwargs)
    bound = []
    for name, declared, kwarg_only, default in args:
        if not kwarg_only and positional:
            bound.append((name, declared, kwarg_only, positional.pop(0), False))
        elif name in kwargs:
            bound.append((name, declared, kwarg_only, kwargs.pop(name), False))
        elif default is not MISSING:
            bound.append((name, declared, kwarg_only, default, True))
        else:
            raise ValueError(f"{op}: case {case.name!r} gives no {name}")
    if positional or kwargs:
        raise ValueError(f"{op}: case {case.name!r} has extra arguments {positional} {kwargs}")
    return bound


def materialise(value, make, make_int=lambda s: s.hint):
    """Replace T descriptions by tensors (`make`) and S and SizeOf
    descriptions by integers (`make_int`: an S's hint unless a symbolic case
    says otherwise), also inside lists."""
    if isinstance(value, T):
        return make(value)
    if isinstance(value, (S, SizeOf)):
        return make_int(value)
    if isinstance(value, list):
        return [materialise(v, make, make_int) for v in value]
    return value


def error_of(e):
    message = str(e).strip().splitlines()
    return {"class": type(e).__name__, "message": message[0] if message else ""}


def alias_of(out, tensor_args):
    for i, t in tensor_args:
        if out is t:
            return {"inplace": i}
    for i, t in tensor_args:
        if out.untyped_storage()._cdata == t.untyped_storage()._cdata:
            return {"view_of": i}
    return None


def unbacked_of(t):
    names = set()
    for v in list(t.shape) + list(t.stride()) + [t.storage_offset()]:
        if isinstance(v, torch.SymInt):
            for s in v.node.expr.free_symbols:
                if str(s).startswith("u"):
                    names.add(str(s.xreplace(RENAME)))
    return sorted(names)


def encode_output(out, tensor_args):
    entry = {"tensor": tensor_meta(out), "alias": alias_of(out, tensor_args)}
    unbacked = unbacked_of(out)
    if unbacked:
        entry["unbacked"] = unbacked
    return entry


# Operators recorded under the Python dispatcher, as export runs them: their
# Python implementation (`py_impl`) is their meaning in exported programs
# (tensor_split's C++ one reads tensor data; upsample's C++ one specialises
# symbolic sizes where the Python one keeps `2*s0`; expand's is
# `prims.broadcast_in_dim`, whose new size-1 dims get a nonzero stride;
# group_norm and pad decompose in Python; native_group_norm's reference runs
# its views as the fake mode's own (without the Python dispatcher they are
# ATen's `computeStride`, which lays size-1 dims out differently); the C++
# ones of unsafe_chunk and constant_pad_nd specialise symbolic sizes where
# the Python ones keep them).
PYTHON_DISPATCHER = {
    "constant_pad_nd",
    "expand",
    "unsafe_chunk",
    "group_norm",
    "native_group_norm",
    "pad",
    "tensor_split.tensor_indices_or_sections",
    "upsample_nearest2d.vec",
    "upsample_bilinear2d.vec",
    "col2im",
}
PYTHON_DISPATCHER |= LINALG_PYTHON_DISPATCHER | MODULE_PYTHON_DISPATCHER


# The FFT families too: their meta kernels' `_exec_fft` permutes the input,
# which without the Python dispatcher reaches a C++ kernel that fixes every
# symbolic size and stride at its hint, and under it keeps them symbolic.
PYTHON_DISPATCHER_FAMILIES = ("fft_", "_fft_")


def dispatcher_for(name):
    """The Python dispatcher for the operators that need it, else nothing."""
    on = name in PYTHON_DISPATCHER or family(name).startswith(PYTHON_DISPATCHER_FAMILIES)
    return enable_python_dispatcher() if on else contextlib.nullcontext()


def rename_unbacked(env, before):
    """Name the unbacked symbols made since `before` u0, u1, ... (integers)
    and zuf0, ... (floats), in the order they were made."""
    for prefix in ("u", "zuf"):
        made = [s for s in env.var_to_range
                if s not in before and re.fullmatch(prefix + r"\d+", str(s))]
        for k, s in enumerate(sorted(made, key=lambda s: int(str(s)[len(prefix):]))):
            RENAME[s] = sympy.Symbol(f"{prefix}{k}", integer=prefix == "u")


def fresh_mode(env):
    """A fake mode over `env`, its dispatch cache emptied: the cache is shared
    by every mode and its key does not say whether the Python dispatcher was
    on, so one case's answer must not be another's."""
    FakeTensorMode.cache_clear()
    return FakeTensorMode(shape_env=env)


def static_case(name, case):
    op = aten_op(name)
    env = ShapeEnv()
    mode = fresh_mode(env)
    RENAME.clear()
    SHAPE_ENV[0] = env
    record = {"name": case.name}
    with mode:
        bound_desc = bind(op, case)
        bound = [(n, d, kw, materialise(v, T.make), dflt) for (n, d, kw, v, dflt) in bound_desc]
    record["inputs"] = input_records(bound)
    tensor_args = [(i, v) for i, (_, _, _, v, _) in enumerate(bound) if isinstance(v, torch.Tensor)]
    with mode, dispatcher_for(name):
        try:
            before = set(env.var_to_range)
            try:
                outputs_raw = run_raw(op, bound)
            except Exception as e:  # PyTorch's refusal is the expected answer
                record["error"] = error_of(e)
            if "error" not in record:
                rename_unbacked(env, before)
                record["outputs"] = encode_outputs(op, outputs_raw, tensor_args)
        finally:
            SHAPE_ENV[0] = None
    # Where the fake kernel and the eager one disagree on refusing the call,
    # record the eager answer too.
    eager = eager_outcome(op, case)
    if eager is not None and "error" in eager and eager["error"] != record.get("error"):
        record["eager_error"] = eager["error"]
    if eager is not None and "outputs" in eager and "error" in record:
        record["eager_outputs"] = eager["outputs"]
    return record


def on_cpu(value):
    if isinstance(value, T):
        return value.device == "cpu"
    if isinstance(value, list):
        return all(on_cpu(v) for v in value)
    if isinstance(value, torch.device):
        return value.type == "cpu"
    return True


def eager_outcome(op, case):
    """What PyTorch's eager CPU kernel does with the call: {"error": ERROR} or
    {"outputs": [OUTPUT, ...]}; None for cases on other devices.

    Run on real tensors of the same layout filled with zeros (so indices are
    in range).
    """
    bound_desc = bind(op, case)
    if not all(on_cpu(v) for (_, _, _, v, _) in bound_desc):
        return None

    def make(desc):
        t = desc.make()
        with torch.no_grad():  # an input may require grad
            return t.zero_()

    bound = [(n, d, kw, materialise(v, make), dflt) for (n, d, kw, v, dflt) in bound_desc]
    tensor_args = [(i, v) for i, (_, _, _, v, _) in enumerate(bound) if isinstance(v, torch.Tensor)]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = run_raw(op, bound)
    except Exception as e:  # the refusal is what is recorded
        return {"error": error_of(e)}
    return {"outputs": encode_outputs(op, result, tensor_args)}


def run_raw(op, bound):
    positional = [v for (_, _, kw, v, _) in bound if not kw]
    kwargs = {n: v for (n, _, kw, v, _) in bound if kw}
    return op(*positional, **kwargs)


def encode_outputs(op, result, tensor_args):
    returns = op._schema.returns
    results = list(result) if len(returns) > 1 else [result]
    outputs = []
    for ret, r in zip(returns, results):
        kind = str(ret.type)
        if kind.startswith("List"):
            outputs.append({"tensors": [encode_output(t, tensor_args) for t in r]})
        elif kind in ("SymInt", "int"):
            outputs.append({"int": sym_value(r)})
        elif kind in ("SymBool", "bool"):
            outputs.append({"bool": sym_expr_str(r.node.expr) if isinstance(r, torch.SymBool) else bool(r)})
        elif kind in ("Scalar", "number"):  # a Scalar return prints as `number`
            outputs.append({"scalar": sym_scalar(r)})
        elif r is None:  # a Tensor return left out (`output_mask`)
            outputs.append({"none": None})
        else:
            outputs.append(encode_output(r, tensor_args))
    return outputs


def sym_scalar(v):
    """A Scalar result: {"int" | "float" | "bool": value}, a symbolic value
    printed (`u0`, `zuf0`, `Eq(u0, 1)`)."""
    if isinstance(v, torch.SymBool):
        return {"bool": sym_expr_str(v.node.expr)}
    if isinstance(v, torch.SymFloat):
        return {"float": sym_expr_str(v.node.expr)}
    if isinstance(v, torch.SymInt):
        return {"int": sym_value(v)}
    return scalar_value(v)


def input_records(bound, extra=None):
    records = []
    for i, (n, d, _, v, dflt) in enumerate(bound):
        rec = {"name": n, "value": encode(d, v)}
        if dflt:
            rec["defaulted"] = True
        if extra and i in extra:
            if isinstance(extra[i], list):
                (metas,) = rec["value"].values()
                for meta, fields in zip(metas, extra[i]):
                    if meta is not None:
                        meta.update(fields)
            else:
                rec["value"]["tensor"].update(extra[i])
        records.append(rec)
    return records


DIM_DYNAMIC = {"dynamic": DimDynamic.DYNAMIC, "duck": DimDynamic.DUCK, "static": DimDynamic.STATIC}


def canonicalise(env):
    """Rename every symbol an equality made equal to an older one to the oldest.

    PyTorch picks which side of `Eq(a, b)` replaces the other by its hashed
    symbol names; fake-tensor keeps the symbol made first. Both are right, so
    the fixture records the oldest-symbol form.
    """
    order = {k: int(str(v)[1:]) for k, v in RENAME.items() if str(v).startswith("s")}
    parent = {k: k for k in order}

    def find(k):
        while parent[k] != k:
            k = parent[k]
        return k

    for k, v in env.replacements.items():
        if k in parent and v in parent:
            a, b = find(k), find(v)
            if a != b:
                lo, hi = sorted([a, b], key=order.get)
                parent[hi] = lo
    for k in order:
        RENAME[k] = RENAME[find(k)]


def sample_points(descs):
    """Input sizes to check the guards at: the hints, each dynamic dim (or
    symbolic integer) moved alone (to hint + 1 and to 2), all of them 6, all
    doubled."""
    dims = []
    for t in descs:
        if isinstance(t, S):
            dims.append((t.source, t.hint))
            continue
        dims += [(f"{t.source}.size()[{d}]", h) for d, (h, dyn) in
                 enumerate(zip(t.sizes, t.dynamic)) if dyn != "static"]
    hints = dict(dims)
    points = [dict(hints)]
    for name, h in dims:
        for v in (h + 1, 2):
            if v != h:
                points.append({**hints, name: v})
    points.append({name: 6 for name, _ in dims})
    points.append({name: 2 * h for name, h in dims})
    unique = []
    for p in points:
        if p not in unique:
            unique.append(p)
    return unique


def resized(desc, point):
    """A symbolic input at a sample's sizes. An explicit layout keeps its
    strides: the cases that give one make dynamic only dims its strides do
    not depend on."""
    sizes = [point.get(f"{desc.source}.size()[{d}]", h) for d, h in enumerate(desc.sizes)]
    return T(sizes, dtype=desc.dtype, device=desc.device, strides=desc.strides, fmt=desc.fmt,
             then=desc.then)


def at_point(desc, point):
    """A symbolic input's value at a sample: a real tensor or an integer."""
    if isinstance(desc, S):
        return point.get(desc.source, desc.hint)
    return resized(desc, point).make()


def symbolic_fields(desc):
    """What a symbolic TENSOR adds: its source, hints and DimDynamic per dim."""
    if desc is None or desc.source is None:
        return {}
    return {"source": desc.source, "dynamic": list(desc.dynamic), "hints": list(desc.sizes)}


def int_hints(value):
    """The "hints" of an input holding symbolic integers: the value (a list
    for a list), each S at its hint; None when it holds none."""
    if isinstance(value, S):
        return value.hint
    if isinstance(value, list) and any(isinstance(v, S) for v in value):
        return [v.hint if isinstance(v, S) else v for v in value]
    return None


def has_unbacked(outputs):
    """Whether recorded outputs mention unbacked symbols."""
    return bool(re.search(r"\b(u|zuf)\d+\b", json.dumps(outputs)))


def symbolic_case(title, name, case):
    op = aten_op(name)
    env = ShapeEnv()
    mode = fresh_mode(env)
    RENAME.clear()
    SHAPE_ENV[0] = env
    symbols = {}
    sourced = []  # (description, fake tensor or SymInt) of every symbolic input

    def name_symbol(expr, source):
        if expr.is_symbol and expr not in RENAME:
            new = sympy.Symbol(f"s{len(RENAME)}", integer=True, positive=True)
            RENAME[expr] = new
            symbols[str(new)] = source

    def convert(desc):
        real = desc.make()
        if desc.source is None:
            return mode.from_tensor(real, static_shapes=True)
        ctx = StatelessSymbolicContext(dynamic_sizes=[DIM_DYNAMIC[d] for d in desc.dynamic])
        fake = mode.from_tensor(real, source=LocalSource(desc.source), symbolic_context=ctx)
        sourced.append((desc, fake))
        for d, s in enumerate(fake.shape):
            if isinstance(s, torch.SymInt):
                name_symbol(s.node.expr, f"{desc.source}.size()[{d}]")
        return fake

    def convert_int(desc):
        if isinstance(desc, SizeOf):
            return next(fake for d, fake in sourced if d.source == desc.source).shape[desc.dim]
        made = [v for d, v in sourced if isinstance(d, S) and d.source == desc.source]
        if made:  # one symbol per source
            return made[0]
        source = LocalSource(desc.source)
        expr = env.create_symbol(desc.hint, source, dynamic_dim=DimDynamic.DYNAMIC)
        value = env.create_symintnode(expr, hint=desc.hint, source=source)
        sourced.append((desc, value))
        if isinstance(value, torch.SymInt):
            name_symbol(value.node.expr, desc.source)
        return value

    try:
        bound_desc = bind(op, case)
        bound = [(n, d, kw, materialise(v, convert, convert_int), dflt)
                 for (n, d, kw, v, dflt) in bound_desc]
        extra = {}
        for i, (_, _, _, v, _) in enumerate(bound_desc):
            if isinstance(v, T):
                extra[i] = symbolic_fields(v)
            elif isinstance(v, list) and any(isinstance(t, T) for t in v):
                extra[i] = [symbolic_fields(t) for t in v]
        record = {"name": title, "op": op_name(name), "inputs": input_records(bound, extra),
                  "symbols": symbols}
        for (_, _, _, v, _), rec in zip(bound_desc, record["inputs"]):
            hints = int_hints(v)
            if hints is not None:
                rec["hints"] = hints
        tensor_args = [(i, v) for i, (_, _, _, v, _) in enumerate(bound) if isinstance(v, torch.Tensor)]
        # The inputs as they are before the call (an in-place view such as
        # `t_` changes its argument's sizes), for evaluating the guards.
        with mode:
            placeholders = [torch.ops.aten.alias(v) if isinstance(v, torch.Tensor) else v
                            for _, v in sourced]
        before = set(env.var_to_range)
        with mode, dispatcher_for(name):
            try:
                result = run_raw(op, bound)
            except Exception as e:  # PyTorch's refusal is the expected answer
                record["error"] = error_of(e)
        rename_unbacked(env, before)
        record["guards"] = [str(g.expr.xreplace(RENAME)) for g in env.guards]
        canonicalise(env)
        if "error" not in record:
            record["outputs"] = encode_outputs(op, result, tensor_args)
    finally:
        SHAPE_ENV[0] = None

    # The guards' meaning: at which input sizes they hold, and what PyTorch
    # computes there (not recorded for outputs of data-dependent sizes).
    samples = []
    data_dependent = "error" not in record and has_unbacked(record["outputs"])
    for point in sample_points([desc for desc, _ in sourced]):
        reals = [at_point(desc, point) for desc, _ in sourced]
        holds = guards_hold(env, placeholders, reals)
        sample = {"sizes": point, "guards_hold": bool(holds)}
        if holds and "error" not in record and not data_dependent:
            try:
                sample["outputs"] = concrete_outputs(op, case, point)
            except Exception as e:  # a check PyTorch defers to run time, not a guard
                sample["error"] = error_of(e)
        samples.append(sample)
    record["samples"] = samples
    return record


def guards_hold(env, placeholders, args):
    """Whether the ShapeEnv's guards (and the static sizes) hold for `args`,
    as `ShapeEnv.evaluate_guards_for_args(..., ignore_static=False)`, with
    each guard parenthesised: PyTorch's `produce_guards_expression` joins
    them with a bare `and`, so a disjunction among them
    (`a > 0 or b > 0 or c > 0`) would swallow its neighbours."""
    names = [LocalSource(f"t{i}") for i in range(len(placeholders))]
    guards = env.produce_guards(placeholders, names, ignore_static=False)
    if not guards:
        return True
    return env.evaluate_guards_expression(" and ".join(f"({g})" for g in guards), args)


def concrete_outputs(op, case, point):
    """Output sizes, strides and offsets PyTorch computes for static inputs of these sizes."""
    mode = fresh_mode(None)

    def make(desc):
        if desc.source is None:
            return desc.make()
        return resized(desc, point).make()

    def make_int(desc):
        if isinstance(desc, SizeOf):
            tensor = next(d for d in descriptions(case) if d.source == desc.source)
            return point.get(f"{desc.source}.size()[{desc.dim}]", tensor.sizes[desc.dim])
        return point.get(desc.source, desc.hint)

    with mode, dispatcher_for(op_base_name(op)):
        bound = [(n, d, kw, materialise(v, make, make_int), dflt)
                 for (n, d, kw, v, dflt) in bind(op, case)]
        result = run_raw(op, bound)
    results = list(result) if len(op._schema.returns) > 1 else [result]
    tensors = [t for r in results for t in (r if isinstance(r, (list, tuple)) else [r])
               if isinstance(t, torch.Tensor)]
    return [{"sizes": list(r.shape), "strides": list(r.stride()), "storage_offset": r.storage_offset()}
            for r in tensors]


def op_name(name):
    return "aten::" + name


def op_base_name(op):
    """The CASES key of an OpOverload (`add.Tensor`, `relu`)."""
    name = op._schema.name.removeprefix("aten::")
    return name + ("." + op._overloadname if op._overloadname != "default" else "")


# ---- writing -------------------------------------------------------------------------


# Keys in this order first, the rest sorted: a case reads name, inputs, answer.
KEY_ORDER = ["header", "ops", "symbolic", "name", "op", "schema", "symbols", "inputs", "value",
             "defaulted", "outputs", "error", "eager_error", "eager_outputs", "guards", "samples", "tensor", "tensors", "alias",
             "unbacked", "sizes", "strides", "storage_offset", "dtype", "device", "source",
             "hints", "dynamic", "guards_hold", "cases"]


def ordered(d):
    return sorted(d.items(), key=lambda kv: (KEY_ORDER.index(kv[0]) if kv[0] in KEY_ORDER
                                             else len(KEY_ORDER), kv[0]))


def flat(value):
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {flat(v)}" for k, v in ordered(value)) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flat(v) for v in value) + "]"
    return json.dumps(value)


def dump(value, indent=0):
    """JSON with keys in a fixed order and one short object or list per line."""
    text = flat(value)
    is_tensor = isinstance(value, dict) and "sizes" in value
    if not isinstance(value, (dict, list)) or is_tensor or len(text) + indent <= 140:
        return text
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {dump(v, indent + 1)}" for k, v in ordered(value)]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + dump(v, indent + 1) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def family(name):
    """The operator a CASES key belongs to, which names its fixture file: the
    name without its overload, an in-place `foo_` as `foo` (torchgen's
    `BaseOperatorName`: a trailing underscore marks the in-place variant,
    except in a dunder name such as `__and__`). So `add.Tensor`,
    `add.Scalar`, `add_.Tensor` and `add.out` all go to `add.json`."""
    base = name.partition(".")[0]
    if base.endswith("_") and not base.endswith("__"):
        base = base[:-1]
    return base


def main(argv=None):
    parser = argparse.ArgumentParser(description="Export PyTorch's answers for operator cases.")
    parser.add_argument("--only", nargs="+", metavar="FAMILY",
                        help="write only these operator families' files (`pow` for pow.json) "
                             "and remove no stale file")
    only = parser.parse_args(argv).only
    if only:
        unknown = sorted(set(only) - {family(name) for name in CASES})
        assert not unknown, f"no cases for families {unknown}"
    # PyTorch logs refused calls at error level; the refusal is recorded.
    logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)
    files = {}
    for name in sorted(CASES):
        if only and family(name) not in only:
            continue
        op = aten_op(name)
        names = [c.name for c in CASES[name]]
        assert len(set(names)) == len(names), f"duplicate case names for {name}"
        entry = files.setdefault(family(name), {"ops": {}, "symbolic": []})
        entry["ops"][op_name(name)] = {
            "schema": str(op._schema),
            "cases": [static_case(name, c) for c in CASES[name]],
        }
    symbolic = all_symbolic(lambda name: not only or family(name) in only)
    titles = [(name, title) for title, name, _ in symbolic]
    assert len(set(titles)) == len(titles), "duplicate symbolic case names"
    for title, name, case in symbolic:
        entry = files.setdefault(family(name), {"ops": {}, "symbolic": []})
        entry["symbolic"].append(symbolic_case(title, name, case))

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    written = set()
    total_bytes = 0
    for fam, entry in sorted(files.items()):
        fixture = {"header": header(), "ops": entry["ops"], "symbolic": entry["symbolic"]}
        text = dump(fixture) + "\n"
        path = OUT_DIR / f"{fam}.json"
        path.write_text(text)
        written.add(path.name)
        total_bytes += len(text)
    for stale in OUT_DIR.glob("*.json"):
        if not only and stale.name not in written:
            stale.unlink()
    ops = [op for e in files.values() for op in e["ops"].values()]
    total = sum(len(op["cases"]) for op in ops)
    errors = sum(1 for op in ops for c in op["cases"] if "error" in c)
    print(f"wrote {len(files)} files in {OUT_DIR.relative_to(ROOT)}: {len(ops)} overloads, "
          f"{total} cases ({errors} errors), {len(symbolic)} symbolic cases, {total_bytes} bytes")


def header():
    return {"format_version": FORMAT_VERSION, "script": SCRIPT, "torch_version": torch.__version__}


if __name__ == "__main__":
    main()
