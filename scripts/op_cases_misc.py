"""Cases of assorted overloads: ATen composites (`_batch_norm_impl_index`,
`narrow.Tensor`,
`native_channel_shuffle`,
`norm_except_dim`, `chain_matmul`, `matrix_power`, `linalg_matmul`,
`slogdet`, `conj`, `to.other`, `atleast_*d.Sequence`), decompositions
(`fill.Tensor`, `xlogy.Scalar_Self`, `unsafe_split_with_sizes`,
`log_sigmoid_forward`, `resize_as`, `lift`) and the functional forms
torchgen generates for random fills (`random`, `bernoulli.Tensor`) with
their in-place overloads.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, Case, D, S, T, b8, bf16, c64, cl, f16, f64, i32, i64, off, tr, u8

i8 = torch.int8
c128 = torch.complex128


def expanded(*sizes, **kw):
    """An input whose first dim has stride 0 (an expanded row)."""
    acc = 1
    inner = []
    for s in reversed(sizes[1:]):
        inner.insert(0, acc)
        acc *= s
    strides = [0] + inner
    return T(list(sizes), strides=strides, **kw)


def layouts():
    """Inputs whose layouts a fresh copy keeps or lays out afresh."""
    return [
        ("contiguous", T([2, 3])),
        ("transposed", tr(2, 3)),
        ("channels last", cl(2, 3, 4, 5)),
        ("storage offset", off(2, 3)),
        ("expanded", expanded(2, 3)),
        ("zero-dim", T([])),
        ("zero size", T([0, 3])),
        ("int64", T([2, 3], dtype=i64)),
        ("bool", T([2, 3], dtype=b8)),
        ("complex", T([2, 3], dtype=c64)),
    ]


def random_cases(*extra):
    """A random fill's cases: every layout, with `extra` arguments."""
    return [C(name, t, *extra) for name, t in layouts()]


CASES = {
    "_batch_norm_impl_index": [
        C("eval with statistics", T([2, 3, 4]), T([3]), T([3]), T([3]), T([3]), False, 0.1, 1e-5, True),
        C("training", T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), True, 0.1, 1e-5, False),
        C("training without statistics", T([2, 3, 4]), None, None, None, None, True, 0.1, 1e-5, True),
        C("channels last", cl(2, 3, 4, 5), T([3]), T([3]), T([3]), T([3]), True, 0.1, 1e-5, True),
        C("float16 training", T([2, 3, 4], dtype=f16), None, None, T([3]), T([3]), True, 0.1, 1e-5, True),
        C("empty batch with an affine", T([0, 3, 4]), T([3]), T([3]), T([3]), T([3]), True, 0.1, 1e-5, True),
        C("empty batch with matrix parameters", T([2, 0, 3, 4]), T([1, 4]), T([2, 1, 4]), T([3]), T([3]),
          True, 0.1, 1e-5, True),
        C("empty batch with matrix parameters refused", T([1, 0, 3, 4]), T([1, 3]), T([1, 3]), T([3]), T([3]),
          True, 0.1, 1e-5, True),
        C("empty batch, float16", T([0, 3], dtype=f16), None, None, None, None, True, 0.1, 1e-5, True),
        C("empty batch, float64", T([0, 3, 2], dtype=f64), None, None, None, None, False, 0.1, 1e-5, True),
        C("empty batch, bool", T([0, 3], dtype=b8), None, None, None, None, True, 0.1, 1e-5, True),
        C("transposed empty batch", tr(3, 0), None, None, None, None, True, 0.1, 1e-5, True),
        C("transposed empty batch with an affine", T([0, 4, 3], then=lambda t: t.transpose(1, 2)), T([3]), T([3]),
          T([3]), T([3]), True, 0.1, 1e-5, True),
        C("eval without statistics refused", T([2, 3, 4]), None, None, None, None, False, 0.1, 1e-5, True),
        C("statistics of another length refused", T([2, 3, 4]), None, None, T([4]), T([4]), False, 0.1, 1e-5,
          True),
        # ATen counts the statistics' and parameters' elements before the
        # native kernel, which would broadcast one-element ones.
        C("one-element statistics refused", T([2, 3, 4]), None, None, T([1]), T([1]), False, 0.1, 1e-5, True),
        C("one-element weight refused", T([2, 3, 4]), T([1]), None, T([3]), T([3]), True, 0.1, 1e-5, True),
        C("a 2-d weight of one per channel", T([2, 3, 4]), T([3, 1]), None, T([3]), T([3]), False, 0.1, 1e-5,
          True),
        C("training without statistics, one-element bias refused", T([2, 3]), None, T([1]), None, None, True,
          0.1, 1e-5, True),
    ],
    "_debug_has_internal_overlap": [
        C("contiguous", T([2, 3])),
        C("transposed", tr(2, 3)),
        C("channels last", cl(2, 3, 4, 5)),
        C("expanded", expanded(2, 3)),
        C("expanded size-1 dim", T([1, 3], strides=[0, 1])),
        C("every other column", T([2, 3], strides=[6, 2])),
        C("storage offset", off(2, 3)),
        C("zero-dim", T([])),
        C("zero size", T([0, 3])),
    ],
    "_fused_sdp_choice": [
        C("4-d", T([2, 4, 16, 8]), T([2, 4, 16, 8]), T([2, 4, 16, 8])),
        C("a mask, causal, dropout", T([2, 4, 16, 8]), T([2, 4, 16, 8]), T([2, 4, 16, 8]), T([16, 16]), 0.1,
          True),
        C("3-d float64", T([4, 16, 8], dtype=f64), T([4, 16, 8], dtype=f64), T([4, 16, 8], dtype=f64)),
        C("grouped query heads", T([2, 4, 16, 8]), T([2, 2, 16, 8]), T([2, 2, 16, 8]), enable_gqa=True),
        C("int64", T([2, 4, 16, 8], dtype=i64), T([2, 4, 16, 8], dtype=i64), T([2, 4, 16, 8], dtype=i64)),
        C("cuda", T([2, 4, 16, 8], device="cuda"), T([2, 4, 16, 8], device="cuda"),
          T([2, 4, 16, 8], device="cuda")),
    ],
    "fill.Tensor": [
        C("transposed", tr(2, 3), T([])),
        C("channels last, float64 value", cl(2, 3, 4, 5), T([], dtype=f64)),
        C("expanded", expanded(2, 3), T([])),
        C("storage offset", off(2, 3), T([])),
        C("int64 self, complex value", T([2, 3], dtype=i64), T([], dtype=c64)),
        C("bool self", T([2, 3], dtype=b8), T([])),
        C("zero-dim", T([]), T([])),
        C("vector value refused", T([2, 3]), T([1])),
        C("matrix value refused", T([2, 3]), T([2, 3])),
    ],
    "fill_.Tensor": [
        C("contiguous", T([2, 3]), T([])),
        C("transposed", tr(2, 3), T([], dtype=f64)),
        C("channels last", cl(2, 3, 4, 5), T([])),
        C("expanded", expanded(2, 3), T([])),
        C("int64 self, complex value", T([2, 3], dtype=i64), T([], dtype=c64)),
        C("vector value refused", T([2, 3]), T([1])),
    ],
    "xlogy.Scalar_Self": [
        C("int number, int64 tensor", 2, T([2, 3], dtype=i64)),
        C("float number, float16 transposed", 2.5, tr(2, 3, dtype=f16)),
        C("bool number, channels last", True, cl(2, 3, 4, 5)),
        C("int number, bool tensor", 3, T([3], dtype=b8)),
        C("float number, float64 tensor", 0.5, T([3], dtype=f64)),
        C("complex number, float tensor", 1j, T([3])),
        C("number, expanded tensor", 2, expanded(2, 3)),
        C("number, storage offset", 2, off(2, 3)),
        C("number, zero-dim", 2, T([])),
        C("number, zero size", 2, T([0, 3])),
        C("number, inner size-1 dim with its own stride", 2, T([3, 1, 2], strides=[2, 5, 1])),
    ],
    "narrow.Tensor": [
        C("columns of a transposed input", tr(4, 6), 1, T([], dtype=i64), 2),
        C("rows", T([4, 6]), 0, T([], dtype=i64), 3),
        C("negative dim, int32 start", T([4, 6]), -1, T([], dtype=i32), 6),
        C("zero length", T([4, 6]), 1, T([], dtype=i64), 0),
        # The slice's unbacked length cannot be 7: it stays unbacked.
        C("length beyond the dim", T([4, 6]), 1, T([], dtype=i64), 7),
        C("length of the whole dim", T([4, 6]), 0, T([], dtype=i32), 4),
        C("storage offset", off(4, 6), 1, T([], dtype=i64), 2),
        C("channels last", cl(2, 3, 4, 5), 1, T([], dtype=i64), 2),
        C("uint8 start", T([4, 6]), 1, T([], dtype=u8), 2),
        C("vector start refused", T([4, 6]), 1, T([1], dtype=i64), 2),
        C("float start refused", T([4, 6]), 1, T([]), 2),
        C("bool start refused", T([4, 6]), 1, T([], dtype=b8), 2),
        C("zero-dim self refused", T([]), 0, T([], dtype=i64), 0),
        C("negative length refused", T([4, 6]), 1, T([], dtype=i64), -1),
        C("dim out of range", T([4, 6]), 2, T([], dtype=i64), 1),
    ],
    "unsafe_split_with_sizes": [
        C("rows", T([4, 6]), [1, 3]),
        C("columns of a transposed input", tr(4, 6), [2, 2, 2], 1),
        C("negative dim", T([4, 6]), [5, 1], -1),
        C("an empty piece", T([4, 6]), [0, 4]),
        C("sizes do not sum refused", T([4, 6]), [1, 2]),
        C("negative size refused", T([4, 6]), [5, -1]),
        C("dim out of range", T([4, 6]), [4], 2),
        C("zero-dim refused", T([]), [1]),
    ],
    "native_channel_shuffle": [
        C("three groups", T([2, 6, 3, 3]), 3),
        C("channels last laid out contiguously", cl(2, 6, 3, 3), 3),
        C("transposed", tr(2, 6, 3), 2),
        C("transposed, one group", tr(2, 6, 3), 1),
        C("channels last, a group per channel", cl(2, 6, 3, 3), 6),
        C("storage offset, one group", off(2, 6, 3), 1),
        C("one group", T([2, 6, 3]), 1),
        C("a group per channel", T([2, 6, 3]), 6),
        # An empty input: every step a view (the permutation of an empty
        # tensor is contiguous), after the checks.
        C("empty, an alias", T([2, 6, 0]), 3),
        C("empty transposed, an alias", tr(2, 6, 0), 2),
        C("empty, groups not dividing refused", T([2, 6, 0]), 4),
        C("three dims", T([2, 4, 5]), 2),
        C("five dims", T([1, 4, 2, 2, 2]), 2),
        C("two dims refused", T([2, 6]), 3),
        C("groups not dividing refused", T([2, 6, 3]), 4),
        C("zero groups refused", T([2, 6, 3]), 0),
        C("empty refused", T([0, 6, 3]), 3),
        C("int64", T([2, 6, 3], dtype=i64), 3),
    ],
    "chain_matmul": [
        C("three matrices", [T([2, 3]), tr(3, 4), T([4, 5])]),
        C("one transposed matrix cloned", [tr(2, 3)]),
        C("one expanded matrix cloned", [expanded(2, 3)]),
        C("two matrices", [tr(2, 3), T([3, 4])]),
        C("four matrices", [T([2, 3]), T([3, 4]), T([4, 5]), T([5, 2])]),
        C("float64", [T([2, 3], dtype=f64), T([3, 4], dtype=f64)]),
        C("a batch refused", [T([2, 2, 3]), T([3, 4])]),
        C("a vector refused", [T([3]), T([3, 4])]),
        C("sizes do not chain", [T([2, 3]), T([4, 5])]),
        C("none refused", []),
    ],
    "matrix_power": [
        C("power one of a transposed matrix", tr(3, 3), 1),
        C("power zero of a batch", T([2, 3, 3]), 0),
        C("power two", T([3, 3]), 2),
        C("power five", T([3, 3]), 5),
        C("power minus one", T([2, 3, 3]), -1),
        C("power minus three", T([3, 3]), -3),
        C("int64 power two", T([3, 3], dtype=i64), 2),
        C("int64 power minus one refused", T([3, 3], dtype=i64), -1),
        C("float16 power minus one refused", T([3, 3], dtype=f16), -1),
        C("not square refused", T([3, 4]), 2),
        C("vector refused", T([3]), 2),
        C("empty", T([0, 0]), 3),
    ],
    "linalg_matmul": [
        C("matrix and vector", T([2, 3]), T([3])),
        C("vector and matrix", T([3]), T([3, 4])),
        C("two vectors", T([3]), T([3])),
        C("matrices", tr(2, 3), T([3, 4])),
        C("broadcast batches", T([2, 1, 2, 3]), T([5, 3, 4])),
        C("batch and matrix", T([2, 2, 3]), tr(3, 4)),
        C("float64 and float32", T([2, 3], dtype=f64), T([3, 4])),
        C("sizes mismatch", T([2, 3]), T([4, 5])),
        C("zero-dim refused", T([]), T([3])),
    ],
    "conj": [
        C("real transposed", tr(2, 3)),
        C("complex transposed", tr(2, 3, dtype=c64)),
        C("complex128 channels last", cl(2, 3, 4, 5, dtype=c128)),
        C("complex storage offset", off(2, 3, dtype=c64)),
        C("complex expanded", expanded(2, 3, dtype=c64)),
        C("int64", T([3], dtype=i64)),
        C("bool", T([3], dtype=b8)),
        C("complex zero-dim", T([], dtype=c64)),
    ],
    "log_sigmoid_forward": [
        C("transposed", tr(2, 3)),
        C("channels last", cl(2, 3, 4, 5)),
        C("expanded", expanded(2, 3)),
        C("storage offset", off(2, 3)),
        C("int64", T([2, 3], dtype=i64)),
        C("float16", T([2, 3], dtype=f16)),
        C("bfloat16", T([2, 3], dtype=bf16)),
        C("complex", T([2, 3], dtype=c64)),
        # The buffer is empty on CUDA and XPU only.
        C("on meta", T([2, 3], device="meta")),
        C("on cuda", T([2, 3], device="cuda")),
        C("bool refused", T([2, 3], dtype=b8)),
        C("zero-dim", T([])),
        C("zero size", T([0, 3])),
        C("cuda transposed", tr(2, 3, device="cuda")),
    ],
    "bernoulli.Tensor": [C(name, t, T([2, 3])) for name, t in layouts()] + [
        C("p broadcasts", T([2, 3]), T([3])),
        C("p larger than self", T([3]), T([2, 3])),
        C("int64 p", T([2, 3]), T([2, 3], dtype=i64)),
        C("complex p", T([2, 3]), T([2, 3], dtype=c64)),
    ],
    "bernoulli_.Tensor": [C(name, t, T([2, 3])) for name, t in layouts()] + [
        C("p larger than self", T([3]), T([2, 3])),
        C("int64 p", T([2, 3]), T([2, 3], dtype=i64)),
    ],
    "bernoulli_.float": random_cases(0.5) + [
        C("p above one", T([2, 3]), 1.5),
        C("negative p", T([2, 3]), -0.5),
        C("default p", T([2, 3])),
    ],
    "random": random_cases(),
    "random_": random_cases(),
    "random.from": random_cases(0, 5) + [
        C("from above to", T([2, 3]), 5, 0),
        C("no upper bound", T([2, 3]), 0, None),
        C("int8 beyond its range", T([2, 3], dtype=i8), 0, 1000),
        C("uint8 from below zero", T([2, 3], dtype=u8), -1, 10),
        C("float16 beyond its precision", T([2, 3], dtype=f16), 0, 1 << 20),
        C("bool up to three", T([2, 3], dtype=b8), 0, 3),
    ],
    "random_.from": random_cases(0, 5) + [
        C("from above to", T([2, 3]), 5, 0),
        C("no upper bound", T([2, 3]), 0, None),
        C("int8 beyond its range", T([2, 3], dtype=i8), 0, 1000),
    ],
    "random.to": random_cases(5) + [
        C("to zero", T([2, 3]), 0),
        C("negative to", T([2, 3]), -3),
        C("int8 beyond its range", T([2, 3], dtype=i8), 1000),
    ],
    "random_.to": random_cases(5) + [
        C("to zero", T([2, 3]), 0),
        C("int8 beyond its range", T([2, 3], dtype=i8), 1000),
    ],
    "slogdet": [
        C("matrix", T([3, 3])),
        C("batch", T([2, 3, 3])),
        C("transposed complex batch", tr(2, 3, 3, dtype=c64)),
        C("float64", T([4, 4], dtype=f64)),
        C("empty batch", T([0, 2, 2])),
        C("int64 refused", T([3, 3], dtype=i64)),
        C("float16 refused", T([3, 3], dtype=f16)),
        C("not square refused", T([3, 4])),
        C("vector refused", T([3])),
    ],
    "norm_except_dim": [
        C("dim 0", T([3, 4, 5]), 2, 0),
        # The norm of the viewed matrix has no identity for a negative pow
        # over an empty dim.
        C("negative pow over an empty dim refused", T([3, 0]), -1, 0),
        C("negative pow of an empty input refused", T([0, 3]), -2, -1),
        C("default pow and dim", T([3, 4, 5])),
        C("every dim", T([3, 4, 5]), 2, -1),
        C("a middle dim of a transposed input", tr(3, 4, 5), 3, 1),
        C("the last dim", T([3, 4, 5]), 2, 2),
        C("negative dim", T([3, 4, 5]), 2, -2),
        C("channels last", cl(2, 3, 4, 5), 2, 0),
        C("vector", T([4]), 2, 0),
        C("float16", T([3, 4, 5], dtype=f16), 2, 1),
        C("complex", T([3, 4], dtype=c64), 2, 0),
        C("int64 refused", T([3, 4, 5], dtype=i64), 2, 0),
        C("dim out of range", T([3, 4, 5]), 2, 5),
        C("int32 with a dim out of range", T([3, 4, 5], dtype=i32), 2, 5),
        C("zero-dim refused", T([]), 2, 0),
        C("zero-dim, every dim", T([]), 2, -1),
        C("empty leading dim refused", T([0, 4]), 2, 0),
        C("empty trailing dim", T([3, 0]), 2, 0),
    ],
    "atleast_1d.Sequence": [
        C("zero-dim and a transposed matrix", [T([]), tr(2, 3)]),
        C("a vector", [T([3])]),
        C("none", []),
    ],
    "atleast_2d.Sequence": [
        C("zero-dim, vector and a transposed matrix", [T([]), T([3]), tr(2, 3)]),
        C("a batch", [T([2, 3, 4])]),
        C("none", []),
    ],
    "atleast_3d.Sequence": [
        C("zero-dim, vector, matrix and four dims",
          [T([]), T([3]), tr(2, 3), T([1, 2, 3, 4])]),
        C("a strided vector", [T([3], strides=[2])]),
        C("none", []),
    ],
    "resize_as": [
        C("transposed to another shape", tr(2, 3), T([3, 4])),
        C("transposed to its own shape made contiguous", tr(2, 3), T([2, 3])),
        C("channels last template, contiguous by default", cl(2, 3, 4, 5), cl(2, 3, 4, 5)),
        C("preserving the template's format", T([2, 3]), cl(2, 3, 4, 5),
          memory_format=torch.preserve_format),
        C("channels last asked", T([2, 3]), T([2, 3, 4, 5]), memory_format=torch.channels_last),
        C("channels last asked of two dims refused", T([2, 3]), T([2, 3]),
          memory_format=torch.channels_last),
        C("to zero-dim", T([2, 3]), T([])),
        C("to an empty shape", T([2, 3]), T([0, 3])),
        C("template of another dtype", T([2, 3], dtype=i64), T([4], dtype=f64)),
    ],
    "lift": [C(name, t) for name, t in layouts()],
    "to.other": [
        C("same dtype and device: itself", tr(2, 3), T([2])),
        C("to float64 keeps a transposed layout", tr(2, 3), T([2], dtype=f64)),
        C("to int64 of a channels last input", cl(2, 3, 4, 5), T([1], dtype=i64)),
        C("expanded to float64 laid out afresh", expanded(2, 3), T([2], dtype=f64)),
        C("cuda to cuda float16", T([2, 3], device="cuda"), T([2], dtype=f16, device="cuda")),
        C("channels last asked of a channels last input: itself", cl(2, 3, 4, 5), T([1]), False, False,
          torch.channels_last),
        C("contiguous asked of a channels last input", cl(2, 3, 4, 5), T([1]), False, False,
          torch.contiguous_format),
        C("copy asked", tr(2, 3), T([2]), False, True),
        C("contiguous format asked", tr(2, 3), T([2]), False, False, torch.contiguous_format),
        C("channels last asked of two dims refused", tr(2, 3), T([2], dtype=i64), False, False,
          torch.channels_last),
    ],
}

SWEEP_DTYPES = [b8, u8, i32, i64, f16, bf16, torch.float32, f64, c64]
_NAMES = {d: str(d).removeprefix("torch.") for d in SWEEP_DTYPES}

CASES["xlogy.Scalar_Self"] += [
    C(f"{kind} number, {_NAMES[d]} tensor sweep", n, T([3], dtype=d))
    for d in SWEEP_DTYPES for kind, n in [("bool", True), ("int", 3), ("float", 0.5), ("complex", 2j)]
]
CASES["fill.Tensor"] += [
    C(f"{_NAMES[a]} self, {_NAMES[b]} value sweep", T([3], dtype=a), T([], dtype=b))
    for a in SWEEP_DTYPES for b in SWEEP_DTYPES
]
CASES["to.other"] += [
    C(f"{_NAMES[a]} to {_NAMES[b]} sweep", T([3], dtype=a), T([1], dtype=b))
    for a in SWEEP_DTYPES for b in SWEEP_DTYPES
]
for _op in ["log_sigmoid_forward", "slogdet", "conj", "lift", "random", "random_"]:
    CASES[_op] += [C(f"{_NAMES[d]} sweep", T([3, 3], dtype=d)) for d in SWEEP_DTYPES]
CASES["matrix_power"] += [C(f"{_NAMES[d]} power {n} sweep", T([3, 3], dtype=d), n)
                          for d in SWEEP_DTYPES for n in (-2, -1, 0, 1, 2, 3)]
CASES["norm_except_dim"] += [C(f"{_NAMES[d]} dim {k} sweep", T([2, 3, 4], dtype=d), 2, k)
                             for d in SWEEP_DTYPES for k in (-1, 0, 1, 2)]
CASES["native_channel_shuffle"] += [C(f"{_NAMES[d]} sweep", T([2, 4, 3], dtype=d), 2) for d in SWEEP_DTYPES]
CASES["linalg_matmul"] += [
    C(f"{_NAMES[a]} and {_NAMES[b]} sweep", T([2, 3], dtype=a), T([3], dtype=b))
    for a in SWEEP_DTYPES for b in SWEEP_DTYPES
]

ODD_LAYOUTS = [
    ("permuted", T([4, 2, 3], then=lambda t: t.permute(1, 2, 0))),
    ("sliced with a step", T([2, 3, 8], then=lambda t: t[:, :, ::2])),
    ("expanded in the middle", T([2, 3, 4], strides=[4, 0, 1])),
    ("channels last 3d", T([2, 3, 2, 2, 2], fmt=torch.channels_last_3d)),
    ("size-1 dims of odd strides", T([2, 1, 4], strides=[4, 7, 1])),
    ("overlapping", T([3, 4], strides=[1, 1])),
]
for _op in ["random", "random_", "bernoulli_.float", "lift", "conj", "log_sigmoid_forward", "random.to", "random_.from"]:
    _extra = {"random.to": (5,), "random_.from": (0, 5), "bernoulli_.float": (0.5,)}.get(_op, ())
    CASES[_op] += [C(f"{name} layout", t, *_extra) for name, t in ODD_LAYOUTS]
CASES["bernoulli.Tensor"] += [C(f"{name} layout", t, T([1])) for name, t in ODD_LAYOUTS]
CASES["fill.Tensor"] += [C(f"{name} layout", t, T([])) for name, t in ODD_LAYOUTS]
CASES["to.other"] += [C(f"{name} layout to float64", t, T([1], dtype=f64)) for name, t in ODD_LAYOUTS]
CASES["xlogy.Scalar_Self"] += [C(f"{name} layout", 2, t) for name, t in ODD_LAYOUTS]
CASES["norm_except_dim"] += [C(f"{name} layout, dim {k}", t, 2, k) for name, t in ODD_LAYOUTS for k in (0, 1, -1)]
CASES["resize_as"] += [C(f"{name} layout to its own shape, preserving", t, t, memory_format=torch.preserve_format)
                       for name, t in ODD_LAYOUTS]
CASES["native_channel_shuffle"] += [C(f"{name} layout", t, 1) for name, t in ODD_LAYOUTS if name != "overlapping"]
# `self.view({b, groups, oc, -1})` refuses strides that do not allow it
# (on CUDA: the eager CPU kernel takes them).
CASES["native_channel_shuffle"].append(
    C("an expanded last dim refused", T([2, 2, 2, 4], strides=[6, 3, 2, 0], device="cuda"), 1))
# A size-1 dim takes the stride the last reshape computes for it, in a
# view and in a copy alike.
CASES["native_channel_shuffle"] += [
    C("size-1 dim of its own stride, one group", T([2, 3, 1, 4], strides=[12, 4, 7, 1]), 1),
    C("size-1 dim of its own stride, a group per channel", T([2, 4, 1, 3], strides=[12, 3, 5, 1]), 4),
    C("size-1 dim, transposed, two groups", T([2, 4, 1, 3], strides=[12, 1, 12, 4]), 2),
    C("size-1 trailing dim, two groups", T([2, 4, 3, 1], strides=[12, 3, 1, 9]), 2),
]

SYMBOLIC = [
    ("narrow.Tensor of a dynamic input", "narrow.Tensor",
     C("", D([4, 6], "x"), 1, T([], dtype=i64), 2)),
    ("native_channel_shuffle of dynamic sizes", "native_channel_shuffle",
     C("", D([2, 6, 3], "x"), 3)),
    ("norm_except_dim of dim 0", "norm_except_dim", C("", D([3, 4, 5], "v"), 2, 0)),
    ("norm_except_dim of every dim", "norm_except_dim", C("", D([3, 4, 5], "v"), 2, -1)),
    ("fill.Tensor of a dynamic input", "fill.Tensor", C("", D([3, 4], "x"), T([]))),
    ("slogdet of a dynamic batch", "slogdet", C("", D([2, 3, 3], "a"))),
    ("matrix_power minus one of a dynamic batch", "matrix_power", C("", D([2, 3, 3], "a"), -1)),
    ("chain_matmul of one dynamic matrix", "chain_matmul", C("", [D([2, 3], "a")])),
    ("log_sigmoid_forward of a dynamic input", "log_sigmoid_forward", C("", D([2, 3], "x"))),
    ("log_sigmoid_forward.output of a dynamic input into empty outs", "log_sigmoid_forward.output",
     C("", D([2, 3], "x"), output=T([0]), buffer=T([0]))),
    ("narrow.Tensor of the last dynamic dim", "narrow.Tensor",
     C("", D([4, 6], "x"), -1, T([], dtype=i64), 3)),
    ("xlogy.Scalar_Self of a dynamic input", "xlogy.Scalar_Self", C("", 2.5, D([3, 4], "x", dtype=i64))),
    ("bernoulli.Tensor of a dynamic input", "bernoulli.Tensor", C("", D([3, 4], "x"), D([4], "p"))),
    ("norm_except_dim of a middle dim", "norm_except_dim", C("", D([3, 4, 5], "v"), 2, 1)),
    ("norm_except_dim of the last dim", "norm_except_dim", C("", D([3, 4, 5], "v"), 2, 2)),
    ("chain_matmul of dynamic matrices", "chain_matmul",
     C("", [D([2, 3], "a"), D([3, 4], "b"), D([4, 5], "c")])),
    ("unsafe_split_with_sizes of dynamic rows", "unsafe_split_with_sizes",
     C("", D([4, 6], "x"), [2, 4], 1)),
    ("resize_as of a dynamic input to a template of its sizes", "resize_as",
     C("", D([2, 3], "x"), D([2, 3], "t"))),
    ("atleast_2d.Sequence of dynamic tensors", "atleast_2d.Sequence",
     C("", [D([3], "a"), D([2, 3], "b")])),
    ("atleast_3d.Sequence of dynamic tensors", "atleast_3d.Sequence",
     C("", [D([3], "a"), D([2, 3], "b"), D([2, 3, 4], "c")])),
    ("to.other of a dynamic input to float64", "to.other", C("", D([2, 3], "x"), T([2], dtype=f64))),
    ("to.other of a dynamic input to its own dtype", "to.other", C("", D([2, 3], "x"), T([2]))),
    ("random.from of a dynamic input", "random.from",
     C("", D([2, 3], "x"), 0, 5)),
]

# ---- _addmm_activation: addmm then relu or gelu; _convolution ----

CASES["_addmm_activation"] = [
    C("bias vector", T([4]), T([2, 3]), T([3, 4])),
    C("full bias, gelu", T([2, 4]), T([2, 3]), T([3, 4]), use_gelu=True),
    C("gelu on cuda", T([4], device="cuda"), T([2, 3], device="cuda"), T([3, 4], device="cuda"), use_gelu=True),
    C("beta and alpha", T([4]), T([2, 3]), T([3, 4]), beta=0.5, alpha=2),
    C("bias mismatch, beta 0", T([5]), T([2, 3]), T([3, 4]), beta=0),
    C("transposed matrices", T([4]), tr(2, 3), tr(3, 4)),
    C("float16", T([4], dtype=f16), T([2, 3], dtype=f16), T([3, 4], dtype=f16)),
    C("float64 bias promotes", T([4], dtype=f64), T([2, 3]), T([3, 4])),
    C("int64", T([4], dtype=i64), T([2, 3], dtype=i64), T([3, 4], dtype=i64)),
    C("bias mismatch", T([5]), T([2, 3]), T([3, 4])),
    C("inner mismatch", T([4]), T([2, 3]), T([2, 4])),
]
CASES["_addmm_activation.out"] = [
    C("bias vector", T([4]), T([2, 3]), T([3, 4]), out=T([2, 4])),
    C("resized", T([4]), T([2, 3]), T([3, 4]), out=T([0])),
    C("float64 out", T([4]), T([2, 3]), T([3, 4]), out=T([2, 4], dtype=f64)),
    C("int out refused", T([4]), T([2, 3]), T([3, 4]), out=T([2, 4], dtype=i64)),
]
SYMBOLIC += [
    ("_addmm_activation of dynamic matrices", "_addmm_activation",
     C("", D([4], "b"), D([2, 3], "x"), D([3, 4], "w"))),
]

_CONV_FLAGS = (False, False, True, True)
CASES["_convolution"] = [
    C("2d basic", T([2, 3, 8, 8]), T([4, 3, 3, 3]), T([4]), [1, 1], [0, 0], [1, 1], False, [0, 0], 1, *_CONV_FLAGS),
    C("2d stride padding dilation", T([1, 3, 9, 7]), T([6, 3, 3, 2]), None,
      [2, 1], [1, 2], [2, 1], False, [0, 0], 1, *_CONV_FLAGS),
    C("2d groups", T([1, 4, 5, 5]), T([8, 2, 3, 3]), None, [1, 1], [1, 1], [1, 1], False, [0, 0], 2, *_CONV_FLAGS),
    C("2d channels last input", cl(2, 3, 8, 8), T([4, 3, 3, 3]), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1,
      *_CONV_FLAGS),
    C("2d channels last on cuda", cl(2, 3, 8, 8, device="cuda"), T([4, 3, 3, 3], device="cuda"), None,
      [1, 1], [0, 0], [1, 1], False, [0, 0], 1, *_CONV_FLAGS),
    C("1d", T([2, 3, 10]), T([5, 3, 4]), T([5]), [2], [1], [1], False, [0], 1, *_CONV_FLAGS),
    C("3d", T([1, 2, 4, 5, 6]), T([3, 2, 2, 2, 2]), None, [1, 1, 1], [0, 0, 0], [1, 1, 1], False, [0, 0, 0], 1,
      *_CONV_FLAGS),
    C("transposed 2d", T([1, 4, 5, 5]), T([4, 3, 3, 3]), None, [2, 2], [1, 1], [1, 1], True, [1, 1], 1,
      *_CONV_FLAGS),
    C("float16 benchmark deterministic", T([2, 3, 8, 8], dtype=f16), T([4, 3, 3, 3], dtype=f16), None,
      [1, 1], [0, 0], [1, 1], False, [0, 0], 1, True, True, False, False),
    C("unbatched 2d", T([3, 8, 8]), T([4, 3, 3, 3]), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1,
      *_CONV_FLAGS),
    C("input and weight of other dtypes refused", T([1, 2, 5, 5], dtype=bf16), T([2, 2, 2, 2]), None,
      [1, 1], [0, 0], [1, 1], False, [0, 0], 1, *_CONV_FLAGS),
    C("channel mismatch", T([2, 3, 8, 8]), T([4, 2, 3, 3]), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1,
      *_CONV_FLAGS),
    C("kernel larger than input", T([1, 3, 2, 2]), T([4, 3, 3, 3]), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1,
      *_CONV_FLAGS),
]
SYMBOLIC += [
    ("_convolution of a dynamic image", "_convolution",
     C("", D([2, 3, 10, 12], "x", ["static", "static", "dynamic", "dynamic"]), T([4, 3, 3, 3]), None,
       [2, 2], [1, 1], [1, 1], False, [0, 0], 1, *_CONV_FLAGS)),
]

# ---- grouped matrix products ---------------------------------------------------

CASES["_grouped_mm"] = [
    C("2-d by 3-d, bfloat16", T([8, 16], dtype=bf16), T([4, 16, 32], dtype=bf16), T([4], dtype=i32)),
    C("2-d by 3-d, padded columns", T([8, 16], dtype=bf16),
      T([4, 30, 16], dtype=bf16, then=lambda t: t.transpose(1, 2)), T([4], dtype=i32)),
    C("2-d by 3-d, unaligned weights", T([8, 16], dtype=bf16), T([4, 16, 30], dtype=bf16), T([4], dtype=i32)),
    C("3-d by 3-d", T([4, 8, 16], dtype=bf16), T([4, 16, 32], dtype=bf16)),
    C("2-d by 2-d", T([8, 16], dtype=bf16), T([16, 32], dtype=bf16), T([4], dtype=i32)),
    C("3-d by 2-d", T([4, 8, 16]), T([16, 32]), T([4], dtype=i32)),
    C("float32, column-major weights", T([8, 16]), T([4, 32, 16], then=lambda t: t.transpose(1, 2)), T([4], dtype=i32)),
    C("float16 with its out dtype", T([8, 16], dtype=f16), T([4, 16, 32], dtype=f16), T([4], dtype=i32),
      out_dtype=f16),
    C("float64 refused", T([8, 16], dtype=f64), T([4, 16, 32], dtype=f64), T([4], dtype=i32)),
    C("4-d refused", T([2, 4, 8, 16], dtype=bf16), T([4, 16, 32], dtype=bf16), T([4], dtype=i32)),
    C("contraction mismatch", T([8, 12], dtype=bf16), T([4, 16, 32], dtype=bf16), T([4], dtype=i32)),
    C("unaligned rows", T([8, 12], dtype=bf16), T([12, 32], dtype=bf16), T([4], dtype=i32)),
    C("neither layout", T([8, 16], dtype=bf16, strides=[32, 2]), T([4, 16, 32], dtype=bf16), T([4], dtype=i32)),
    C("offsets missing", T([8, 16], dtype=bf16), T([4, 16, 32], dtype=bf16)),
    C("offsets not needed", T([4, 8, 16], dtype=bf16), T([4, 16, 32], dtype=bf16), T([4], dtype=i32)),
    C("int64 offsets", T([8, 16], dtype=bf16), T([4, 16, 32], dtype=bf16), T([4], dtype=i64)),
    C("2-d offsets", T([8, 16], dtype=bf16), T([4, 16, 32], dtype=bf16), T([2, 2], dtype=i32)),
    C("group count mismatch", T([8, 16], dtype=bf16), T([4, 16, 32], dtype=bf16), T([3], dtype=i32)),
    C("batch mismatch", T([4, 8, 16], dtype=bf16), T([2, 16, 32], dtype=bf16)),
    C("bias refused", T([8, 16], dtype=bf16), T([4, 16, 32], dtype=bf16), T([4], dtype=i32),
      T([4, 32], dtype=bf16)),
    C("out dtype mismatch", T([8, 16], dtype=bf16), T([4, 16, 32], dtype=bf16), T([4], dtype=i32),
      out_dtype=torch.float32),
]
SYMBOLIC += [
    ("grouped products of dynamic rows", "_grouped_mm",
     Case("", D([8, 16], "a", ["dynamic", "static"], dtype=bf16), T([4, 16, 32], dtype=bf16), T([4], dtype=i32))),
]

# ---- float8 and float4 matrix products ------------------------------------------

e4m3, e5m2, e8m0 = torch.float8_e4m3fn, torch.float8_e5m2, torch.float8_e8m0fnu


def _g(sizes, **kw):
    """A CUDA input (the products' layout checks are skipped on the CPU)."""
    return T(sizes, device="cuda", **kw)


def _col(k, n, dtype=e4m3, device="cuda"):
    """A column-major `[k, n]` operand."""
    return tr(k, n, dtype=dtype, device=device)


_ONE = _g([], dtype=torch.float32)
CASES["_scaled_mm"] = [
    C("tensorwise to bfloat16", _g([16, 32], dtype=e4m3), _col(32, 64), _ONE, _ONE, out_dtype=bf16),
    C("tensorwise in the operands' dtype", _g([16, 32], dtype=e4m3), _col(32, 64), _ONE, _ONE),
    C("e5m2 by e4m3 to float32", _g([16, 32], dtype=e5m2), _col(32, 64), _ONE, _ONE, out_dtype=torch.float32),
    C("one-element scales of two dims", _g([16, 32], dtype=e4m3), _col(32, 64), _g([1, 1]), _g([1, 1]),
      out_dtype=bf16),
    C("bias and a result scale, unchecked", _g([16, 32], dtype=e4m3), _col(32, 64), _ONE, _ONE,
      _g([7], dtype=bf16), _ONE, out_dtype=bf16),
    C("rowwise", _g([16, 32], dtype=e4m3), _col(32, 64), _g([16, 1]), _g([1, 64]), out_dtype=bf16),
    C("rowwise with a strided scale refused", _g([16, 32], dtype=e4m3), _col(32, 64), _g([16, 1]),
      _g([1, 64], strides=[128, 2]), out_dtype=bf16),
    C("tensorwise bfloat16 scales refused", _g([16, 32], dtype=e4m3), _col(32, 64), _g([], dtype=bf16),
      _g([], dtype=bf16)),
    C("rowwise bfloat16 scales refused", _g([16, 32], dtype=e4m3), _col(32, 64), _g([16, 1], dtype=bf16),
      _g([1, 64], dtype=bf16)),
    C("vector scales refused", _g([16, 32], dtype=e4m3), _col(32, 64), _g([16]), _g([64])),
    C("blocks of 1x128 by 128x128", _g([16, 256], dtype=e4m3), _col(256, 128), _g([16, 2]), _g([2, 1]),
      out_dtype=bf16),
    C("blocks of 1x128 by 1x128", _g([16, 256], dtype=e4m3), _col(256, 128), _g([16, 2]), _g([2, 128]),
      out_dtype=bf16),
    C("blocks of 128x128 by 1x128", _g([16, 256], dtype=e4m3), _col(256, 128), _g([1, 2]), _g([2, 128]),
      out_dtype=bf16),
    C("scales of no configuration refused", _g([16, 32], dtype=e4m3), _col(32, 64), _g([16, 3]), _g([3, 64]),
      out_dtype=bf16),
    C("mx blockwise e8m0 scales", _g([128, 64], dtype=e4m3), _col(64, 128), _g([512], dtype=e8m0),
      _g([512], dtype=e8m0), out_dtype=bf16),
    C("mx blockwise scales of another count refused", _g([128, 64], dtype=e4m3), _col(64, 128),
      _g([256], dtype=e8m0), _g([512], dtype=e8m0), out_dtype=bf16),
    C("mx blockwise strided scales refused", _g([128, 64], dtype=e4m3), _col(64, 128),
      _g([512], dtype=e8m0, strides=[2]), _g([512], dtype=e8m0), out_dtype=bf16),
    C("nvfp4 blockwise e4m3 scales", _g([128, 32], dtype=torch.float4_e2m1fn_x2),
      _col(32, 128, dtype=torch.float4_e2m1fn_x2), _g([512], dtype=e4m3), _g([512], dtype=e4m3),
      out_dtype=bf16),
    C("column-major self refused", tr(16, 32, dtype=e4m3, device="cuda"), _col(32, 64), _ONE, _ONE,
      out_dtype=bf16),
    C("row-major mat2 refused", _g([16, 32], dtype=e4m3), _g([32, 64], dtype=e4m3), _ONE, _ONE,
      out_dtype=bf16),
    C("inner size not a multiple of 16 refused", _g([16, 24], dtype=e4m3), _col(24, 64), _ONE, _ONE,
      out_dtype=bf16),
    C("mat2 columns not a multiple of 16 refused", _g([16, 32], dtype=e4m3), _col(32, 40), _ONE, _ONE,
      out_dtype=bf16),
    C("empty rows", _g([0, 32], dtype=e4m3), _col(32, 64), _ONE, _ONE, out_dtype=bf16),
    C("float32 operands refused", _g([16, 32]), _col(32, 64, dtype=torch.float32), _ONE, _ONE),
    C("3-d self refused", _g([2, 16, 32], dtype=e4m3), _col(32, 64), _ONE, _ONE),
    C("cpu, row-major mat2", T([4, 8], dtype=e4m3), T([8, 6], dtype=e4m3), T([]), T([]), out_dtype=bf16),
    C("cpu, inner sizes unchecked", T([4, 8], dtype=e4m3), T([5, 6], dtype=e4m3), T([]), T([])),
    C("cpu rowwise", T([4, 8], dtype=e4m3), T([8, 6], dtype=e4m3), T([4, 1]), T([1, 6]), out_dtype=bf16),
]
CASES["_scaled_mm_v2"] = [
    C("one recipe each", _g([16, 32], dtype=e4m3), _col(32, 64), [_ONE], [0], [0], [_ONE], [0], [0], None, bf16),
    C("in the operands' dtype", _g([16, 32], dtype=e4m3), _col(32, 64), [_ONE], [0], [0], [_ONE], [0], [0],
      None, None),
    C("bias of the columns", _g([16, 32], dtype=e4m3), _col(32, 64), [_ONE], [0], [0], [_ONE], [0], [0],
      _g([64], dtype=bf16), bf16),
    C("bias of another size refused", _g([16, 32], dtype=e4m3), _col(32, 64), [_ONE], [0], [0], [_ONE], [0],
      [0], _g([32], dtype=bf16), bf16),
    C("inner mismatch refused", _g([16, 32], dtype=e4m3), _col(48, 64), [_ONE], [0], [0], [_ONE], [0], [0],
      None, bf16),
    C("contraction dims (1, 0)", _g([16, 32], dtype=e4m3), _col(32, 64), [_ONE], [0], [0], [_ONE], [0], [0],
      None, bf16, [-1, -2]),
    C("other contraction dims refused", _g([16, 32], dtype=e4m3), _col(32, 64), [_ONE], [0], [0], [_ONE], [0],
      [0], None, bf16, [0, 1]),
    C("3-d refused", _g([2, 16, 32], dtype=e4m3), _col(32, 64), [_ONE], [0], [0], [_ONE], [0], [0], None, bf16),
]
_RECIPE = ([_ONE], [0], [0], [_ONE], [0], [0])
CASES["_scaled_addmm"] = [
    C("bfloat16 addend", _g([16, 64], dtype=bf16), _g([16, 32], dtype=e4m3), _col(32, 64), *_RECIPE),
    C("float32 addend, scaled", _g([16, 64]), _g([16, 32], dtype=e4m3), _col(32, 64), *_RECIPE, beta=0.5,
      alpha=2.0),
    C("contraction dims (1, 0)", _g([16, 64], dtype=bf16), _g([16, 32], dtype=e4m3), _col(32, 64), *_RECIPE,
      [1, 0]),
    C("complex alpha refused", _g([16, 64], dtype=bf16), _g([16, 32], dtype=e4m3), _col(32, 64), *_RECIPE,
      alpha=1j),
    C("other contraction dims refused", _g([16, 64], dtype=bf16), _g([16, 32], dtype=e4m3), _col(32, 64),
      *_RECIPE, [0, 1]),
    C("inner mismatch refused", _g([16, 64], dtype=bf16), _g([16, 32], dtype=e4m3), _col(48, 64), *_RECIPE),
    C("vector addend refused", _g([64], dtype=bf16), _g([16, 32], dtype=e4m3), _col(32, 64), *_RECIPE),
    C("addend of other rows refused", _g([8, 64], dtype=bf16), _g([16, 32], dtype=e4m3), _col(32, 64), *_RECIPE),
    C("addend of other columns refused", _g([16, 32], dtype=bf16), _g([16, 32], dtype=e4m3), _col(32, 64),
      *_RECIPE),
    C("float64 addend refused", _g([16, 64], dtype=f64), _g([16, 32], dtype=e4m3), _col(32, 64), *_RECIPE),
    C("column-major addend refused", tr(16, 64, dtype=bf16, device="cuda"), _g([16, 32], dtype=e4m3),
      _col(32, 64), *_RECIPE),
    C("padded rows of the addend refused", _g([16, 64], dtype=bf16, strides=[80, 1]), _g([16, 32], dtype=e4m3),
      _col(32, 64), *_RECIPE),
]
SYMBOLIC += [
    ("_scaled_mm.out of dynamic rows, tensorwise", "_scaled_mm.out",
     Case("", D([16, 32], "a", ["dynamic", "static"], dtype=e4m3), T([32, 64], dtype=e4m3), T([]), T([]),
          out_dtype=bf16, out=T([0], dtype=bf16))),
    ("_scaled_mm of dynamic rows, tensorwise", "_scaled_mm",
     Case("", D([16, 32], "a", ["dynamic", "static"], dtype=e4m3), T([32, 64], dtype=e4m3), T([]), T([]),
          out_dtype=bf16)),
    ("_scaled_mm of dynamic rows, rowwise", "_scaled_mm",
     Case("", D([16, 32], "a", ["dynamic", "static"], dtype=e4m3), T([32, 64], dtype=e4m3),
          D([16, 1], "sa", ["dynamic", "static"]), T([1, 64]), out_dtype=bf16)),
    ("_scaled_addmm of dynamic rows", "_scaled_addmm",
     Case("", D([16, 64], "c", ["dynamic", "static"], dtype=bf16), D([16, 32], "a", ["dynamic", "static"], dtype=e4m3),
          T([32, 64], dtype=e4m3), [T([])], [0], [0], [T([])], [0], [0])),
    ("_scaled_mm_v2 of dynamic sizes", "_scaled_mm_v2",
     Case("", D([16, 32], "a", dtype=e4m3), D([32, 64], "b", dtype=e4m3), [T([])], [0], [0], [T([])], [0], [0],
          None, bf16)),
]


def _b3(g, k, n, dtype=e4m3, **kw):
    """A 3-D `[g, k, n]` operand column-major in its last two dims."""
    return T([g, n, k], dtype=dtype, then=lambda t: t.transpose(1, 2), **kw)


_OFFS = T([4], dtype=i32)
CASES["_scaled_grouped_mm"] = [
    C("2-d by 3-d", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64]), T([4, 48]), _OFFS),
    C("2-d by 3-d into bfloat16", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64]), T([4, 48]), _OFFS,
      out_dtype=bf16),
    C("float32 out dtype refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64]), T([4, 48]), _OFFS,
      out_dtype=torch.float32),
    C("3-d by 3-d", T([4, 16, 32], dtype=e4m3), _b3(4, 32, 48), T([4, 16]), T([4, 48])),
    C("2-d by 2-d", T([16, 64], dtype=e4m3), _col(64, 48, device="cpu"), T([64]), T([192]), _OFFS),
    C("3-d by 2-d", T([4, 16, 32], dtype=e4m3), _col(32, 48, device="cpu"), T([4, 16]), T([48]), _OFFS),
    C("bfloat16 operands refused", T([64, 32], dtype=bf16), _b3(4, 32, 48, dtype=bf16), T([64]), T([4, 48]),
      _OFFS),
    C("row-major mat2 refused", T([64, 32], dtype=e4m3), T([4, 32, 48], dtype=e4m3), T([64]), T([4, 48]), _OFFS),
    C("column-major self refused", tr(64, 32, dtype=e4m3), _b3(4, 32, 48), T([64]), T([4, 48]), _OFFS),
    C("bfloat16 scales refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64], dtype=bf16),
      T([4, 48], dtype=bf16), _OFFS),
    C("row scales of another count refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([60]), T([4, 48]),
      _OFFS),
    C("2-d row scales refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64, 1]), T([4, 48]), _OFFS),
    C("strided row scales refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64], strides=[2]), T([4, 48]),
      _OFFS),
    C("column scales of another batch refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64]), T([3, 48]),
      _OFFS),
    C("column scales of another width refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64]), T([4, 40]),
      _OFFS),
    C("1-d column scales refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64]), T([192]), _OFFS),
    C("column scales strided in their last dim refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64]),
      T([4, 48], strides=[96, 2]), _OFFS),
    C("result scale refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64]), T([4, 48]), _OFFS, None, T([])),
    C("bias refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64]), T([4, 48]), _OFFS, T([4, 48], dtype=bf16)),
    C("offsets missing", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64]), T([4, 48])),
    C("mxfp8 scales", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64, 1], dtype=e8m0), T([4, 512], dtype=e8m0),
      _OFFS),
    C("mxfp8 scales of another shape refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64, 1], dtype=e8m0),
      T([4, 256], dtype=e8m0), _OFFS),
    C("mxfp8 1-d row scales refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64], dtype=e8m0),
      T([4, 512], dtype=e8m0), _OFFS),
    C("mxfp8 3-d column scales refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64, 1], dtype=e8m0),
      T([4, 2, 256], dtype=e8m0), _OFFS),
    C("mixed scale dtypes refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64], dtype=e8m0), T([4, 48]),
      _OFFS),
    C("zero-dim column scales refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), T([64]), T([]), _OFFS),
    C("zero-dim offsets of 2-d operands refused", T([16, 64], dtype=e4m3), _col(64, 48, device="cpu"), T([64]),
      T([192]), T([], dtype=i32)),
    C("cuda", T([64, 32], dtype=e4m3, device="cuda"), _b3(4, 32, 48, device="cuda"), T([64], device="cuda"),
      T([4, 48], device="cuda"), T([4], dtype=i32, device="cuda")),
]
SYMBOLIC += [
    ("_scaled_grouped_mm of dynamic rows", "_scaled_grouped_mm",
     Case("", D([64, 32], "a", ["dynamic", "static"], dtype=e4m3), T([4, 32, 48], dtype=e4m3, strides=[1536, 1, 32]),
          D([64], "s"), T([4, 48]), T([4], dtype=i32))),
]

# `meta_scaled_grouped_mm_v2` makes the result and checks nothing before:
# the scales, recipes, bias, contraction dims and the operands' dtypes and
# layouts are not read (one tensorwise scale each below).
_V2_SCALES = ([T([])], [0], [0], [T([])], [0], [0])
CASES["_scaled_grouped_mm_v2"] = [
    C("2-d by 3-d", T([64, 32], dtype=e4m3), _b3(4, 32, 48), *_V2_SCALES, _OFFS),
    C("2-d by 3-d into float32", T([64, 32], dtype=e4m3), _b3(4, 32, 48), *_V2_SCALES, _OFFS, None,
      torch.float32),
    C("2-d by 2-d", T([16, 64], dtype=e4m3), _col(64, 48, device="cpu"), *_V2_SCALES, _OFFS),
    C("3-d by 2-d", T([4, 16, 32], dtype=e4m3), _col(32, 48, device="cpu"), *_V2_SCALES, _OFFS),
    C("3-d by 3-d", T([4, 16, 32], dtype=e4m3), _b3(4, 32, 48), *_V2_SCALES),
    C("3-d by 3-d of an odd width into float64", T([4, 16, 32], dtype=e4m3), _b3(4, 32, 45), *_V2_SCALES,
      None, None, f64),
    C("3-d by 3-d with offsets", T([4, 16, 32], dtype=e4m3), _b3(4, 32, 48), *_V2_SCALES, _OFFS),
    C("bfloat16 operands, a bias and other contraction dims unread", T([64, 32], dtype=bf16),
      T([4, 32, 48], dtype=bf16), [T([64]), T([64])], [1, 2], [0, 1], [T([4, 48])], [1], [1], _OFFS,
      T([4, 48], dtype=bf16), None, [0, 1], True),
    C("inner sizes unread", T([64, 32], dtype=e4m3), _b3(4, 40, 48), *_V2_SCALES, _OFFS),
    C("2-d offsets", T([64, 32], dtype=e4m3), _b3(4, 32, 48), *_V2_SCALES, T([4, 2], dtype=i32)),
    C("empty", T([0, 32], dtype=e4m3), _b3(4, 32, 0), *_V2_SCALES, _OFFS),
    C("3-d by 3-d, empty", T([4, 0, 32], dtype=e4m3), _b3(4, 32, 0), *_V2_SCALES),
    C("4-d by 4-d", T([2, 4, 16, 32], dtype=e4m3), T([2, 4, 32, 48], dtype=e4m3), *_V2_SCALES),
    C("cuda", T([64, 32], dtype=e4m3, device="cuda"), _b3(4, 32, 48, device="cuda"),
      [T([], device="cuda")], [0], [0], [T([], device="cuda")], [0], [0], T([4], dtype=i32, device="cuda")),
    C("3-d batches that differ refused", T([4, 16, 32], dtype=e4m3), _b3(3, 32, 48), *_V2_SCALES),
    C("offsets of another count than the batch refused", T([64, 32], dtype=e4m3), _b3(3, 32, 48), *_V2_SCALES,
      _OFFS),
    C("3-d by 2-d, offsets of another count refused", T([3, 16, 32], dtype=e4m3), _col(32, 48, device="cpu"),
      *_V2_SCALES, _OFFS),
    C("2-d self without offsets refused", T([64, 32], dtype=e4m3), _b3(4, 32, 48), *_V2_SCALES),
    C("2-d by 2-d without offsets refused", T([16, 64], dtype=e4m3), _col(64, 48, device="cpu"), *_V2_SCALES),
    C("zero-dim offsets refused", T([16, 64], dtype=e4m3), _col(64, 48, device="cpu"), *_V2_SCALES,
      T([], dtype=i32)),
    C("1-d self refused", T([4], dtype=e4m3), _b3(4, 32, 48), *_V2_SCALES),
    C("1-d self by 2-d refused", T([4], dtype=e4m3), _col(4, 48, device="cpu"), *_V2_SCALES, _OFFS),
    C("2-d self by 1-d", T([16, 32], dtype=e4m3), T([4], dtype=e4m3), *_V2_SCALES, _OFFS),
    C("zero-dim operands refused", T([], dtype=e4m3), T([], dtype=e4m3), *_V2_SCALES),
    C("3-d self by zero-dim refused", T([4, 16, 32], dtype=e4m3), T([], dtype=e4m3), *_V2_SCALES),
]
SYMBOLIC += [
    ("_scaled_grouped_mm_v2 of dynamic 2-d by 3-d", "_scaled_grouped_mm_v2",
     Case("", D([64, 32], "a", dtype=e4m3), D([4, 32, 48], "b", dtype=e4m3), *_V2_SCALES, D([4], "offs", dtype=i32))),
    ("_scaled_grouped_mm_v2 of dynamic 3-d by 3-d", "_scaled_grouped_mm_v2",
     Case("", D([4, 16, 32], "a", dtype=e4m3), D([4, 32, 48], "b", dtype=e4m3), *_V2_SCALES)),
    ("_scaled_grouped_mm_v2 of dynamic 2-d by 2-d", "_scaled_grouped_mm_v2",
     Case("", D([16, 64], "a", dtype=e4m3), D([64, 48], "b", dtype=e4m3), *_V2_SCALES, D([4], "offs", dtype=i32),
          None, bf16)),
]

# ---- explicitly keyed Philox generators ------------------------------------------

u64 = torch.uint64
_KEY = T([2], dtype=u64)
for _op in ("_philox_normal", "_philox_uniform"):
    CASES[_op] = [
        C("one key", T([3, 4]), _KEY),
        C("transposed self", tr(3, 4), _KEY),
        C("channels-last self", cl(2, 3, 4, 4), _KEY),
        C("sliced self", T([4, 6], then=lambda t: t[:, ::2]), _KEY),
        C("float16 self", T([3, 4], dtype=f16), _KEY, 1.0, 2.0),
        C("a key per element", T([3, 4]), T([3, 4, 2], dtype=u64)),
        C("a key per row", T([3, 4]), T([3, 1, 2], dtype=u64)),
        C("keys of another batch refused", T([3, 4]), T([2, 4, 2], dtype=u64)),
        C("keys of another rank refused", T([3, 4]), T([3, 2], dtype=u64)),
        C("a key of three words refused", T([3, 4]), T([3], dtype=u64)),
        C("a zero-dim key refused", T([3, 4]), T([], dtype=u64)),
        C("an int64 key refused", T([3, 4]), T([2], dtype=i64)),
        C("an integral self refused", T([3, 4], dtype=i64), _KEY),
        C("a key on another device refused", T([3, 4]), T([2], dtype=u64, device="cuda")),
        C("zero-dim self", T([]), _KEY),
        C("empty self", T([0, 4]), _KEY),
    ]
CASES["_philox_randint"] = [
    C("int64 without bounds", T([3, 4], dtype=i64), _KEY),
    C("int32 of a small range", T([3, 4], dtype=i32), _KEY, 0, 10),
    C("int32 of a power-of-two range", T([3, 4], dtype=i32), _KEY, 0, 2 ** 30),
    C("int32 of a large odd range refused", T([3, 4], dtype=i32), _KEY, 0, 2 ** 30 + 1),
    C("int32 of the whole range", T([3, 4], dtype=i32), _KEY, -(2 ** 31), 2 ** 31),
    C("uint8", T([3, 4], dtype=u8), _KEY, 0, 200),
    C("int64 of a large odd range", T([3, 4], dtype=i64), _KEY, 0, 2 ** 30 + 1),
    C("transposed int32", tr(3, 4, dtype=i32), _KEY, None, 7),
    C("a float self refused", T([3, 4]), _KEY),
    C("a batched key", T([3, 4], dtype=i64), T([1, 4, 2], dtype=u64)),
    C("a key of another batch refused", T([3, 4], dtype=i64), T([2, 1, 2], dtype=u64)),
]
CASES["_philox_key_split"] = [
    C("one key", T([2], dtype=u64), 3),
    C("batched keys", T([4, 5, 2], dtype=u64), 2),
    C("transposed keys", tr(2, 4, dtype=u64), 3),
    C("no splits refused", T([2], dtype=u64), 0),
    C("a key of three words refused", T([3], dtype=u64), 2),
    C("a zero-dim key refused", T([], dtype=u64), 2),
    C("an int64 key refused", T([2], dtype=i64), 2),
]
CASES["_philox_key_fold_in"] = [
    C("one key", T([2], dtype=u64), 7),
    C("batched transposed keys", tr(2, 4, dtype=u64), 7),
    C("a key of three words refused", T([3], dtype=u64), 7),
    C("an int64 key refused", T([2], dtype=i64), 7),
]
CASES["_philox_key_fold_in.Tensor"] = [
    C("one key", T([2], dtype=u64), T([], dtype=u64)),
    C("batched keys, a one-element vector", T([4, 2], dtype=u64), T([1], dtype=u64)),
    C("two values refused", T([2], dtype=u64), T([2], dtype=u64)),
    C("int64 data refused", T([2], dtype=u64), T([], dtype=i64)),
    C("an int64 key refused", T([2], dtype=i64), T([], dtype=u64)),
]
SYMBOLIC += [
    ("_philox_normal of a dynamic channels-last self", "_philox_normal",
     Case("", D([2, 3, 4, 4], "x", fmt=torch.channels_last), T([2], dtype=u64))),
    ("_philox_uniform with a key per dynamic row", "_philox_uniform",
     Case("", D([3, 4], "x"), D([3, 1, 2], "k", ["dynamic", "static", "static"], dtype=u64))),
    ("_philox_randint of a dynamic self", "_philox_randint", Case("", D([3, 4], "x", dtype=i32), T([2], dtype=u64), 0, 10)),
    ("_philox_key_split of dynamic keys", "_philox_key_split",
     Case("", D([4, 2], "k", ["dynamic", "static"], dtype=u64), 3)),
    ("_philox_key_fold_in of dynamic keys", "_philox_key_fold_in",
     Case("", D([4, 2], "k", ["dynamic", "static"], dtype=u64), 5)),
    ("_philox_key_fold_in.Tensor of dynamic keys", "_philox_key_fold_in.Tensor",
     Case("", D([4, 2], "k", ["dynamic", "static"], dtype=u64), T([], dtype=u64))),
    ("_philox_normal.out of a dynamic self into an empty out", "_philox_normal.out",
     Case("", D([3, 4], "x"), T([2], dtype=u64), out=T([0]))),
    ("_philox_uniform.out of a dynamic self into an empty out", "_philox_uniform.out",
     Case("", D([3, 4], "x"), T([2], dtype=u64), out=T([0]))),
    ("_philox_randint.out of a dynamic self into an empty out", "_philox_randint.out",
     Case("", D([3, 4], "x", dtype=i64), T([2], dtype=u64), out=T([0], dtype=i64))),
    ("_philox_normal_ of a dynamic self", "_philox_normal_", Case("", D([3, 4], "x"), T([2], dtype=u64))),
    ("_philox_uniform_ of a dynamic self", "_philox_uniform_", Case("", D([3, 4], "x"), T([2], dtype=u64))),
    ("_philox_randint_ of a dynamic self", "_philox_randint_",
     Case("", D([3, 4], "x", dtype=i64), T([2], dtype=u64))),
]

# ---- quantized matrix products, is_same_size, the functional asserts ----

CASES["_int_mm"] = [
    C("int8 matrices", T([4, 3], dtype=i8), T([3, 5], dtype=i8)),
    C("uint8 by int8", T([4, 3], dtype=u8), T([3, 5], dtype=i8)),
    C("transposed operands", tr(4, 3, dtype=i8), tr(3, 5, dtype=i8)),
    C("int8 on cuda", T([32, 16], dtype=i8, device="cuda"), T([16, 8], dtype=i8, device="cuda")),
    C("float self refused", T([4, 3]), T([3, 5], dtype=i8)),
    C("uint8 mat2 refused", T([4, 3], dtype=i8), T([3, 5], dtype=u8)),
    C("inner mismatch", T([4, 3], dtype=i8), T([2, 5], dtype=i8)),
    C("vector refused", T([3], dtype=i8), T([3, 5], dtype=i8)),
]
CASES["_int_mm.out"] = [
    C("int32 out", T([4, 3], dtype=i8), T([3, 5], dtype=i8), out=T([4, 5], dtype=i32)),
    C("resized", T([4, 3], dtype=i8), T([3, 5], dtype=i8), out=T([0], dtype=i32)),
    C("int64 out", T([4, 3], dtype=i8), T([3, 5], dtype=i8), out=T([4, 5], dtype=i64)),
    C("float out", T([4, 3], dtype=i8), T([3, 5], dtype=i8), out=T([4, 5])),
]
CASES["_weight_int8pack_mm"] = [
    C("float32", T([4, 16]), T([8, 16], dtype=i8), T([8])),
    C("bfloat16 transposed activations", tr(16, 4, dtype=bf16), T([8, 16], dtype=i8), T([8], dtype=bf16)),
    C("float16", T([2, 16], dtype=f16), T([8, 16], dtype=i8), T([8], dtype=f16)),
    C("float64 refused", T([4, 16], dtype=f64), T([8, 16], dtype=i8), T([8])),
    C("float weights refused", T([4, 16]), T([8, 16]), T([8])),
    C("inner mismatch", T([4, 16]), T([8, 12], dtype=i8), T([8])),
    C("scales of another length", T([4, 16]), T([8, 16], dtype=i8), T([4])),
]
CASES["_convert_weight_to_int4pack"] = [
    C("two inner tiles", T([16, 64], dtype=u8), 2),
    C("eight inner tiles", T([32, 256], dtype=u8), 8),
    C("transposed weight", tr(64, 16, dtype=u8), 2),
    C("int32 refused", T([16, 64], dtype=i32), 2),
    C("3-d refused", T([2, 16, 64], dtype=u8), 2),
]
CASES["_convert_weight_to_int4pack_for_cpu"] = [
    C("weights", T([16, 64], dtype=i32), 2),
    C("odd width", T([16, 7], dtype=i32), 2),
    C("uint8 refused", T([16, 64], dtype=u8), 2),
]
# 2:4 semi-structured sparse products: the compressed operand holds half
# of each row (its metadata tensor is not read).


def _c(sizes, **kw):
    return T(sizes, device="cuda", **kw)


CASES["_sparse_semi_structured_linear"] = [
    C("float16", _c([8, 64], dtype=f16), _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16)),
    C("with a bias", _c([8, 64], dtype=f16), _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16),
      bias=_c([32], dtype=f16)),
    # The Python meta takes no activation.
    C("an activation refused", _c([8, 64], dtype=f16), _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16),
      activation="relu"),
    C("int8 to int32", _c([8, 64], dtype=i8), _c([32, 32], dtype=i8), _c([32, 2], dtype=torch.int32),
      out_dtype=i32),
    C("float16 to int32 refused", _c([8, 64], dtype=f16), _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16),
      out_dtype=i32),
    C("bias of another size refused", _c([8, 64], dtype=f16), _c([32, 32], dtype=f16),
      _c([32, 4], dtype=torch.int16), bias=_c([16], dtype=f16)),
    C("weight of another width refused", _c([8, 64], dtype=f16), _c([32, 16], dtype=f16),
      _c([32, 4], dtype=torch.int16)),
    C("odd input width refused", _c([8, 63], dtype=f16), _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16)),
    C("3-d input refused", _c([2, 8, 64], dtype=f16), _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16)),
    C("transposed input", tr(8, 64, dtype=f16, device="cuda"), _c([32, 32], dtype=f16),
      _c([32, 4], dtype=torch.int16)),
]
CASES["_sparse_semi_structured_mm"] = [
    C("float16", _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16), _c([64, 16], dtype=f16)),
    C("int8 to int32", _c([32, 32], dtype=i8), _c([32, 2], dtype=torch.int32), _c([64, 16], dtype=i8),
      out_dtype=i32),
    C("bfloat16 to float32 refused", _c([32, 32], dtype=bf16), _c([32, 4], dtype=torch.int16),
      _c([64, 16], dtype=bf16), out_dtype=torch.float32),
    C("inner mismatch refused", _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16), _c([48, 16], dtype=f16)),
    C("1-d metadata refused", _c([32, 32], dtype=f16), _c([128], dtype=torch.int16), _c([64, 16], dtype=f16)),
    C("3-d mat2 refused", _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16), _c([2, 64, 16], dtype=f16)),
    C("transposed mat2", _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16), tr(64, 16, dtype=f16,
                                                                                      device="cuda")),
]
CASES["_sparse_semi_structured_addmm"] = [
    C("float16", _c([32], dtype=f16), _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16),
      _c([64, 16], dtype=f16)),
    C("scaled", _c([32], dtype=f16), _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16),
      _c([64, 16], dtype=f16), alpha=2, beta=0.5),
    C("int8 to int32", _c([32], dtype=i32), _c([32, 32], dtype=i8), _c([32, 2], dtype=torch.int32),
      _c([64, 16], dtype=i8), out_dtype=i32),
    C("2-d input refused", _c([32, 16], dtype=f16), _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16),
      _c([64, 16], dtype=f16)),
    C("input of another length refused", _c([16], dtype=f16), _c([32, 32], dtype=f16),
      _c([32, 4], dtype=torch.int16), _c([64, 16], dtype=f16)),
    C("inner mismatch refused", _c([32], dtype=f16), _c([32, 32], dtype=f16), _c([32, 4], dtype=torch.int16),
      _c([60, 16], dtype=f16)),
]
CASES["_cslt_sparse_mm"] = [
    C("float16", _c([4096], dtype=f16), _c([64, 16], dtype=f16)),
    C("transposed result", _c([4096], dtype=f16), _c([64, 16], dtype=f16), transpose_result=True),
    C("int8 to int32", _c([4096], dtype=i8), _c([64, 16], dtype=i8), out_dtype=i32),
    C("fp8 to bfloat16", _c([4096], dtype=torch.float8_e4m3fn), _c([64, 16], dtype=torch.float8_e4m3fn),
      out_dtype=bf16),
    C("float16 to float32 refused", _c([4096], dtype=f16), _c([64, 16], dtype=f16), out_dtype=torch.float32),
    C("int8 to float64 refused", _c([4096], dtype=i8), _c([64, 16], dtype=i8), out_dtype=f64),
    C("a bias of the compressed rows", _c([32, 16], dtype=f16), _c([64, 16], dtype=f16), _c([32], dtype=f16)),
    C("a bias of another size refused", _c([32, 16], dtype=f16), _c([64, 16], dtype=f16), _c([16], dtype=f16)),
    C("float64 refused", _c([4096], dtype=f64), _c([64, 16], dtype=f64)),
    C("mixed dtypes refused", _c([4096], dtype=bf16), _c([64, 16], dtype=f16)),
    C("3-d dense refused", _c([4096], dtype=f16), _c([2, 64, 16], dtype=f16)),
    C("transposed dense", _c([4096], dtype=f16), tr(64, 16, dtype=f16, device="cuda")),
]

CASES["_dyn_quant_pack_4bit_weight"] = [
    C("weights, scales and a bias", T([64, 16], dtype=u8), T([64, 2, 2]), T([64]), 32, 32, 64),
    C("no bias", T([64, 16], dtype=u8), T([64, 2]), None, 32, 32, 64),
    C("bfloat16 scales of one block", T([64, 16], dtype=u8), T([64, 2], dtype=bf16), None, 32, 32, 64),
    C("int32 weights refused", T([64, 16], dtype=i32), T([64, 2]), None, 32, 32, 64),
    C("transposed weights", tr(16, 64, dtype=u8), T([64, 2]), T([64]), 32, 32, 64),
    C("empty weights", T([0, 16], dtype=u8), T([0, 2]), None, 32, 32, 0),
]
CASES["_dyn_quant_matmul_4bit"] = [
    C("float32 input", T([4, 32]), T([100]), 32, 32, 64),
    C("bfloat16 input of one block", T([4, 32], dtype=bf16), T([100]), 32, 32, 64),
    C("bfloat16 input of two blocks refused", T([4, 64], dtype=bf16), T([100]), 32, 64, 64),
    C("float16 input refused", T([4, 32], dtype=f16), T([100]), 32, 32, 64),
    C("3-d input refused", T([2, 4, 32]), T([100]), 32, 32, 64),
    C("transposed input", tr(4, 32), T([100]), 32, 32, 16),
]
CASES["_weight_int4pack_mm"] = [
    C("float32", T([4, 64]), T([2, 1, 32, 4], dtype=i32), 32, T([2, 16, 2])),
    C("bfloat16 transposed activations", tr(64, 4, dtype=bf16), T([2, 1, 32, 4], dtype=i32), 32,
      T([2, 16, 2], dtype=bf16)),
    C("float64 refused", T([4, 64], dtype=f64), T([2, 1, 32, 4], dtype=i32), 32, T([2, 16, 2])),
    C("2-d weights refused", T([4, 64]), T([16, 32], dtype=i32), 32, T([2, 16, 2])),
    C("uint8 weights refused", T([4, 64]), T([2, 1, 32, 4], dtype=u8), 32, T([2, 16, 2])),
]
CASES["_weight_int4pack_mm_for_cpu"] = [
    C("float32", T([4, 64]), T([16, 32], dtype=u8), 32, T([2, 16, 2])),
    C("float16", T([2, 64], dtype=f16), T([16, 32], dtype=u8), 32, T([2, 16, 2], dtype=f16)),
    C("int32 weights refused", T([4, 64]), T([16, 32], dtype=i32), 32, T([2, 16, 2])),
    C("3-d activations refused", T([2, 4, 64]), T([16, 32], dtype=u8), 32, T([2, 16, 2])),
]
CASES["_weight_int4pack_mm_with_scales_and_zeros"] = [
    C("float32", T([4, 64]), T([16, 32], dtype=i32), 32, T([2, 16]), T([2, 16])),
    C("bfloat16", T([4, 64], dtype=bf16), T([16, 32], dtype=i32), 32, T([2, 16]), T([2, 16])),
    C("uint8 weights refused", T([4, 64]), T([16, 32], dtype=u8), 32, T([2, 16]), T([2, 16])),
]
CASES["is_same_size"] = [
    C("same", T([2, 3]), T([2, 3])),
    C("same sizes, other layouts", tr(3, 2), T([2, 3], dtype=i64)),
    C("other sizes", T([2, 3]), T([3, 2])),
    C("other ranks", T([2, 3]), T([6])),
    C("zero-dim", T([]), T([])),
]
CASES["_make_dep_token"] = [
    C("default"),
    C("on cuda, a dtype ignored", dtype=f64, device="cuda"),
]
CASES["_functional_assert_async.msg"] = [
    C("bool", T([], dtype=b8), "checked", T([])),
    C("one-element float", T([1]), "checked", T([])),
    C("two elements", T([2], dtype=b8), "checked", T([])),
]
CASES["_functional_assert_scalar"] = [
    C("true", True, "checked", T([])),
    C("nonzero int", 3, "checked", T([])),
    C("false refused", False, "checked", T([])),
    # The token cloned by ATen's `clone`: an empty one's strides kept.
    C("empty strided token", 0.5, "checked", T([3, 5, 0, 3], strides=[2, 0, 3, 3], dtype=torch.int64)),
    C("token with gaps", 0.5, "checked", T([3, 2], strides=[2, 6], dtype=torch.int64)),
]
CASES["_functional_sym_constrain_range"] = [
    C("in range", 3, 0, 5, T([])),
    C("no bounds", 3, None, None, T([])),
    C("below min refused", 3, 4, None, T([])),
    C("above max refused", 3, None, 2, T([])),
]
CASES["_functional_sym_constrain_range_for_size"] = [
    C("in range", 3, 0, 5, T([])),
    C("no bounds", 3, None, None, T([])),
    C("above max refused", 3, None, 2, T([])),
    C("a negative int below a max", -1, None, 2, T([3, 3], dtype=b8)),
]
SYMBOLIC += [
    ("_int_mm of dynamic matrices", "_int_mm",
     C("", D([4, 3], "a", dtype=i8), D([3, 5], "b", dtype=i8))),
    ("_weight_int8pack_mm of dynamic activations", "_weight_int8pack_mm",
     C("", D([4, 16], "x", ["dynamic", "static"]), T([8, 16], dtype=i8), T([8]))),
    ("_sparse_semi_structured_linear of dynamic rows", "_sparse_semi_structured_linear",
     C("", D([8, 64], "x", ["dynamic", "static"], dtype=f16), T([32, 32], dtype=f16),
       T([32, 4], dtype=torch.int16))),
    ("_sparse_semi_structured_mm of dynamic columns", "_sparse_semi_structured_mm",
     C("", T([32, 32], dtype=f16), T([32, 4], dtype=torch.int16), D([64, 16], "b", ["static", "dynamic"], dtype=f16))),
    ("_sparse_semi_structured_addmm of dynamic rows", "_sparse_semi_structured_addmm",
     C("", D([32], "i", dtype=f16), D([32, 32], "a", ["dynamic", "static"], dtype=f16), T([32, 4], dtype=torch.int16),
       T([64, 16], dtype=f16))),
    ("_cslt_sparse_mm of dynamic columns", "_cslt_sparse_mm",
     C("", T([32, 16], dtype=f16), D([64, 16], "b", ["static", "dynamic"], dtype=f16), T([32], dtype=f16))),
    ("_dyn_quant_pack_4bit_weight of dynamic weights", "_dyn_quant_pack_4bit_weight",
     C("", D([64, 16], "w", ["dynamic", "static"], dtype=u8), D([64, 2], "s", ["dynamic", "static"]),
       D([64], "b"), 32, 32, 64)),
    ("_dyn_quant_matmul_4bit of dynamic rows", "_dyn_quant_matmul_4bit",
     C("", D([4, 32], "x", ["dynamic", "static"]), T([100]), 32, 32, 64)),
    ("_weight_int4pack_mm of dynamic activations", "_weight_int4pack_mm",
     C("", D([4, 64], "x", ["dynamic", "static"]), T([2, 1, 32, 4], dtype=i32), 32, T([2, 16, 2]))),
    ("_convert_weight_to_int4pack of a dynamic weight", "_convert_weight_to_int4pack",
     C("", D([16, 64], "w", dtype=u8), 2)),
    ("is_same_size of dynamic sizes", "is_same_size", C("", D([2, 3], "x"), D([2, 3], "y"))),
    ("is_same_size of a dynamic and a static size", "is_same_size",
     C("", D([2, 3], "x", ["static", "dynamic"]), T([2, 4]))),
    # `a.shape == b.shape` compares the sizes (a guard each) before the ranks.
    ("is_same_size of dynamic sizes of other ranks", "is_same_size", C("", D([2, 3], "x"), D([6], "y"))),
]
SYMBOLIC += [
    ("_functional_assert_scalar with a dynamic token", "_functional_assert_scalar",
     C("", 3, "checked", D([2], "t"))),
    ("_functional_sym_constrain_range with a dynamic token", "_functional_sym_constrain_range",
     C("", 3, 0, 5, D([2], "t"))),
    ("_functional_sym_constrain_range_for_size with a dynamic token", "_functional_sym_constrain_range_for_size",
     C("", 3, 2, 5, D([2], "t"))),
]

# The deprecated overload: the same arguments without `allow_tf32`.
CASES["_convolution.deprecated"] = [C(c.name, *c.args[:-1], **c.kwargs) for c in CASES["_convolution"]]
SYMBOLIC += [
    ("_convolution.deprecated of a dynamic image", "_convolution.deprecated",
     C("", D([2, 3, 10, 12], "x", ["static", "static", "dynamic", "dynamic"]), T([4, 3, 3, 3]), None,
       [2, 2], [1, 1], [1, 1], False, [0, 0], 1, *_CONV_FLAGS[:-1])),
]

# ---- the fused transformer kernels and their masked steps ----

CASES["_masked_scale"] = [
    C("plain", T([2, 3]), T([2, 3], dtype=b8), 2.0),
    C("channels last", cl(2, 3, 4, 5), T([2, 3, 4, 5], dtype=b8), 0.5),
    C("channels last 3d", T([2, 3, 4, 5, 6], fmt=torch.channels_last_3d), T([2, 3, 4, 5, 6], dtype=b8), 0.5),
    C("transposed", tr(3, 4), T([3, 4], dtype=b8), 2.0),
    C("float64", T([5], dtype=f64), T([5], dtype=b8), 2.0),
    C("mask of other sizes", T([2, 3]), T([7], dtype=b8), 2.0),
]
CASES["_masked_softmax"] = [
    C("same sizes", T([2, 3, 4]), T([2, 3, 4], dtype=b8)),
    # No meta kernel: ATen's kernel runs on zeros of the fake device.
    C("on meta refused", T([2, 3, 4], device="meta"), T([2, 3, 4], dtype=b8, device="meta")),
    C("dim", T([2, 3, 4]), T([2, 3, 4], dtype=b8), 1),
    C("transposed", tr(3, 4), T([3, 4], dtype=b8)),
    C("channels last", cl(2, 3, 4, 4), T([2, 3, 4, 4], dtype=b8)),
    C("float64", T([2, 5], dtype=f64), T([2, 5], dtype=b8)),
    C("attention mask", T([2, 3, 4, 4]), T([4, 4], dtype=b8), 3, 0),
    C("padding mask", T([2, 3, 4, 4]), T([2, 4], dtype=b8), 3, 1),
    C("padding mask, another dim", T([2, 3, 4, 4]), T([2, 4], dtype=b8), 2, 1),
    C("float mask", T([2, 3]), T([2, 3])),
    C("mask of other sizes", T([2, 3]), T([3, 2], dtype=b8)),
    C("attention mask of other sizes", T([2, 3, 4, 4]), T([4, 3], dtype=b8), 3, 0),
    C("int64 input", T([2, 3], dtype=i64), T([2, 3], dtype=b8)),
]
CASES["_transform_bias_rescale_qkv"] = [
    C("two heads", T([2, 5, 12]), T([12]), 2),
    C("one head float64", T([3, 4, 6], dtype=f64), T([6], dtype=f64), 1),
    C("empty length", T([2, 0, 3]), T([3]), 1),
    C("transposed", T([2, 12, 5], then=lambda t: t.transpose(1, 2)), T([12]), 2),
    C("heads not dividing", T([2, 5, 12]), T([12]), 3),
    C("width not three parts", T([2, 5, 10]), T([10]), 2),
    C("width not three parts, one head", T([2, 5, 10]), T([10]), 1),
    C("bias of another length", T([2, 5, 12]), T([6]), 2),
    C("int64", T([2, 5, 12], dtype=i64), T([12], dtype=i64), 2),
    C("bfloat16", T([2, 5, 12], dtype=bf16), T([12], dtype=bf16), 2),
    C("2-d qkv", T([5, 12]), T([12]), 2),
    # `at::empty({3, B, num_head, T, dim_per_head})` refuses a negative
    # head count the width's checks let through.
    C("negative heads refused", T([2, 5, 12]), T([12]), -1),
    C("negative heads of an empty width refused", T([0, 3, 0], dtype=f16), T([0], dtype=f16), -1),
]
_E = 8


CASES["_native_multi_head_attention"] = [
    C("weights averaged", T([2, 5, _E]), T([2, 5, _E]), T([2, 5, _E]), _E, 2, T([3 * _E, _E]), T([3 * _E]),
      T([_E, _E]), T([_E])),
    C("weights per head", T([2, 5, _E]), T([2, 7, _E]), T([2, 7, _E]), _E, 2, T([3 * _E, _E]), T([3 * _E]),
      T([_E, _E]), T([_E]), None, True, False),
    C("no weights", T([2, 5, _E]), T([2, 5, _E]), T([2, 5, _E]), _E, 2, T([3 * _E, _E]), T([3 * _E]),
      T([_E, _E]), T([_E]), None, False),
    C("projection to another width", T([2, 5, _E]), T([2, 5, _E]), T([2, 5, _E]), _E, 2, T([3 * _E, _E]),
      T([3 * _E]), T([6, _E]), T([6])),
    C("transposed query", T([5, 2, _E], then=lambda t: t.transpose(0, 1)), T([2, 5, _E]), T([2, 5, _E]), _E, 2,
      T([3 * _E, _E]), T([3 * _E]), T([_E, _E]), T([_E])),
    C("float64", T([2, 5, _E], dtype=f64), T([2, 5, _E], dtype=f64), T([2, 5, _E], dtype=f64), _E, 2,
      T([3 * _E, _E], dtype=f64), T([3 * _E], dtype=f64), T([_E, _E], dtype=f64), T([_E], dtype=f64)),
    C("empty query", T([0, 5, _E]), T([0, 5, _E]), T([0, 5, _E]), _E, 2, T([3 * _E, _E]), T([3 * _E]),
      T([_E, _E]), T([_E])),
    # The fake implementation returns for an empty query before it reads
    # a size (on CUDA: no eager kernel run, the CPU one wants 3-D inputs).
    C("an empty 1-d query and a zero-dim projection", *[T(s, device="cuda") for s in ([0], [2], [])], 1, 4,
      *[T(s, device="cuda") for s in ([], [2, 2, 3], [], [0], [0])]),
    C("a 1-d query refused", *[T(s) for s in ([3], [2], [])], 1, 4, *[T(s) for s in ([], [2, 2, 3], [], [0], [0])]),
]
CASES["_transformer_encoder_layer_fwd"] = [
    C("plain", T([2, 5, _E]), _E, 2, T([3 * _E, _E]), T([3 * _E]), T([_E, _E]), T([_E]), False, False, 1e-5,
      T([_E]), T([_E]), T([_E]), T([_E]), T([16, _E]), T([16]), T([_E, 16]), T([_E])),
    C("transposed source", T([5, 2, _E], then=lambda t: t.transpose(0, 1)), _E, 2, T([3 * _E, _E]), T([3 * _E]),
      T([_E, _E]), T([_E]), True, True, 1e-5, T([_E]), T([_E]), T([_E]), T([_E]), T([16, _E]), T([16]),
      T([_E, 16]), T([_E])),
    C("float64", T([2, 5, _E], dtype=f64), _E, 2, T([3 * _E, _E], dtype=f64), T([3 * _E], dtype=f64),
      T([_E, _E], dtype=f64), T([_E], dtype=f64), False, False, 1e-5, T([_E], dtype=f64), T([_E], dtype=f64),
      T([_E], dtype=f64), T([_E], dtype=f64), T([16, _E], dtype=f64), T([16], dtype=f64), T([_E, 16], dtype=f64),
      T([_E], dtype=f64)),
    C("empty source", T([0, 5, _E]), _E, 2, T([3 * _E, _E]), T([3 * _E]), T([_E, _E]), T([_E]), False, False,
      1e-5, T([_E]), T([_E]), T([_E]), T([_E]), T([16, _E]), T([16]), T([_E, 16]), T([_E])),
    C("empty transposed source", T([5, 0, _E], then=lambda t: t.transpose(0, 1)), _E, 2, T([3 * _E, _E]),
      T([3 * _E]), T([_E, _E]), T([_E]), False, False, 1e-5, T([_E]), T([_E]), T([_E]), T([_E]), T([16, _E]),
      T([16]), T([_E, 16]), T([_E])),
    # `empty_like(src)`, the reference's: a size-1 dim's stride is not kept.
    C("a size-one length of its own stride", T([2, 1, _E], strides=[_E, 5 * _E, 1]), _E, 2, T([3 * _E, _E]),
      T([3 * _E]), T([_E, _E]), T([_E]), False, False, 1e-5, T([_E]), T([_E]), T([_E]), T([_E]), T([16, _E]),
      T([16]), T([_E, 16]), T([_E])),
]

# ---- ATen composites of linear algebra, sequences and flat buffers ----

CASES["orgqr"] = [
    C("tall", T([5, 3]), T([3])),
    C("batched", T([2, 4, 4]), T([2, 3])),
    C("float64", T([5, 3], dtype=f64), T([2], dtype=f64)),
    C("complex64", T([4, 3], dtype=c64), T([3], dtype=c64)),
    C("transposed", tr(5, 3), T([3])),
    C("wide", T([3, 5]), T([3])),
    C("too many reflectors", T([5, 3]), T([4])),
    C("vector", T([5]), T([3])),
]
CASES["_compute_linear_combination"] = [
    C("matrices", T([3, 4, 5]), T([2, 3])),
    C("vectors", T([3, 5]), T([4, 3])),
    C("float64", T([3, 4], dtype=f64), T([2, 3], dtype=f64)),
    C("transposed", T([3, 5, 4], then=lambda t: t.transpose(1, 2)), T([2, 3])),
    C("count mismatch", T([3, 4]), T([2, 4])),
    C("dtypes differ", T([3, 4]), T([2, 3], dtype=f64)),
    C("vector coefficients refused", T([4, 3]), T([4])),
    C("zero-dim coefficients refused", T([4, 3]), T([])),
    C("3-d coefficients", T([4, 3]), T([2, 4, 5])),
    C("vector input", T([4]), T([2, 4])),
    C("zero-dim input refused", T([]), T([2])),
    C("empty input refused", T([0, 3]), T([2])),
    C("empty coefficients", T([4, 3]), T([0, 4])),
    # The coefficients' view `[c0, 1, ...]` must fit the storage of their
    # zeros: empty ones of a non-empty first dim have none.
    C("coefficients of no columns refused", T([3, 2, 2]), T([2, 0])),
    C("empty 3-d coefficients refused", T([3, 2, 2], strides=[12, 0, 0]), T([1, 1, 0])),
]
CASES["_unique"] = [
    C("vector", T([5])),
    C("matrix with inverse", T([3, 4]), True, True),
    C("unsorted", T([3, 4], dtype=i64), False),
    C("empty", T([0, 3]), True, True),
]
# Under the Python dispatcher its decomposition pads each sequence with
# `constant_pad_nd` (as many pads as the first has dims) and writes it
# with `select_scatter`, which checks nothing of it.
PAD_SEQUENCE_DISPATCHED = [
    C("trailing dims differ under the Python dispatcher", [T([2, 3]), T([1, 4])]),
    C("a sequence of more dims under the Python dispatcher", [T([2, 3]), T([4, 1, 5])]),
    C("a sequence of fewer dims under the Python dispatcher refused", [T([2, 3]), T([4])]),
    C("an empty sequence of another shape under the Python dispatcher", [T([1, 0], dtype=torch.uint8),
                                                                          T([0, 1, 2], dtype=i64)]),
]
# Its decomposition takes the longest length by `sym_max`, guarding
# nothing; ATen's composite reads every length as an integer.
SYMBOLIC += [
    ("pad_sequence of dynamic lengths under the Python dispatcher", "pad_sequence",
     C("", [D([3, 4], "a", ["dynamic", "static"]), D([5, 4], "b", ["dynamic", "static"])])),
    ("pad_sequence of dynamic lengths", "pad_sequence",
     C("", [D([3, 4], "a", ["dynamic", "static"]), D([5, 4], "b", ["dynamic", "static"])])),
]
DISPATCHED = {c.name for c in PAD_SEQUENCE_DISPATCHED} | {
    "pad_sequence of dynamic lengths under the Python dispatcher"}
# The functional forms of the random fills clone `self`: under the Python
# dispatcher the reference's clone lays out an empty strided vector
# afresh.
RANDOM_CLONE_DISPATCHED = "an empty strided vector under the Python dispatcher"
DISPATCHED |= {RANDOM_CLONE_DISPATCHED}
CASES["random"] += [C("an empty strided vector", T([0], strides=[2])),
                    C(RANDOM_CLONE_DISPATCHED, T([0], strides=[2], dtype=c64))]
CASES["random.to"] += [C(RANDOM_CLONE_DISPATCHED, T([0], strides=[2]), 5)]
CASES["bernoulli.Tensor"] += [C(RANDOM_CLONE_DISPATCHED, T([0], strides=[2]), T([0]))]
CASES["pad_sequence"] = [
    C("sequences", [T([3, 4]), T([5, 4]), T([2, 4])]),
    C("batch first", [T([3, 4]), T([5, 4])], True),
    C("left", [T([3]), T([5])], False, 1.0, "left"),
    C("float64 and float32", [T([3, 2], dtype=f64), T([5, 2])], True),
    C("transposed", [tr(4, 3), T([2, 3])]),
    C("one sequence", [T([3, 2, 2])]),
    C("no sequences", []),
    C("trailing dims differ", [T([3, 4]), T([5, 3])]),
    C("unknown side", [T([3]), T([5])], False, 0.0, "middle"),
    *PAD_SEQUENCE_DISPATCHED,
]
CASES["flatten_dense_tensors"] = [
    C("two", [T([2, 3]), T([4])]),
    C("transposed", [tr(2, 3), T([4])]),
    C("float64 and float32", [T([2], dtype=f64), T([3])]),
    C("one", [T([2, 3])]),
    C("one at an offset", [off(2, 3)]),
    C("one transposed at an offset", [T([3, 2], strides=[1, 3], offset=2)]),
    C("scalar", [T([])]),
    C("none", []),
    # `view(-1)` of one contiguous tensor keeps a size-1 dim's own stride.
    C("one element of its own stride", [T([1], strides=[2])]),
    C("one with a size-1 dim of its own stride", [T([1, 1], strides=[5, 3])]),
]
CASES["unflatten_dense_tensors"] = [
    C("two", T([10]), [T([2, 3]), T([4])]),
    C("one", T([6]), [T([2, 3])]),
    C("offset flat", T([12], then=lambda t: t[2:]), [T([2, 3]), T([4])]),
    C("none", T([0]), []),
    C("too short", T([5]), [T([2, 3])]),
    # An empty tensor is a new one of its sizes, the flat tensor's options.
    C("empty ones among them", T([10]), [T([2, 3]), T([0, 3]), T([4]), T([2, 0])]),
    C("an empty one of another dtype", T([6]), [T([0, 2, 3], dtype=f64)]),
]

# A primitive Core ATen programs keep where a decomposition calls it
# (`renorm` upcasting half precision): its meta's strides, the input's
# when dense, else dense in its memory order.
CASES["prims::convert_element_type"] = [
    C("float32 to float16", T([2, 3]), f16),
    C("float16 to float32", T([2, 3], dtype=f16), torch.float32),
    C("transposed kept", tr(3, 4), f64),
    C("channels last kept", cl(2, 3, 4, 4), bf16),
    C("expanded laid out densely", T([3, 4], strides=[0, 1]), f16),
    C("sliced laid out densely", T([2, 3], strides=[8, 2], offset=1), i64),
    C("to bool", T([4], dtype=i64), b8),
    C("to complex", T([2, 2]), c64),
    C("zero-dim", T([]), i32),
]

# A primitive Core ATen programs keep where `index_fill`'s and `lerp`'s
# references give their result the operator's layout: `empty_strided`
# of the input's sizes and the given strides.
CASES["prims::copy_strided"] = [
    C("transposed strides", T([2, 3]), [1, 2]),
    C("same strides", T([2, 3]), [3, 1]),
    C("of a transposed input", tr(3, 4), [4, 1]),
    C("overlapping strides", T([2, 3]), [0, 1]),
    C("zero-dim", T([]), []),
    C("float16", T([4], dtype=f16), [2]),
    C("stride count mismatch", T([2, 3]), [1]),
    C("negative strides", T([2, 3]), [-1, -1]),
]

# A primitive Core ATen programs keep where `xlogy`'s reference wraps a
# number: zero-dim, of the dtype and on the device given (its meta
# requires both).
_CPU = torch.device("cpu")
CASES["prims::scalar_tensor"] = [
    C("float value", 1.5, dtype=torch.float32, device=_CPU),
    C("int value as float64", 3, dtype=f64, device=_CPU),
    C("bool value", True, dtype=b8, device=_CPU),
    C("complex value", 1 + 2j, dtype=c64, device=_CPU),
    C("cuda", 2.0, dtype=f16, device=torch.device("cuda:0")),
    C("no dtype refused", 3, device=_CPU),
    C("no device refused", 3, dtype=i64),
    C("neither refused", 1.5),
]

# Dense to sparse COO: ATen's `dense_to_sparse` checks in their order
# (PyTorch runs the CPU kernel on zeros), the result of the input's sizes
# with zero strides. The compressed layouts are not modelled (refused as
# such), so their accepted cases are not asked.
_TO_SPARSE = [
    C("matrix", T([5, 5])),
    C("3-d int64", T([2, 3, 4], dtype=i64)),
    C("zero-dim", T([])),
    C("empty", T([0, 3])),
    C("transposed", tr(4, 3)),
    C("bool", T([3, 2], dtype=b8)),
    C("complex", T([2, 2], dtype=c64)),
    C("coo layout named", T([2, 3]), layout=torch.sparse_coo),
    C("one dense dim", T([2, 3, 4]), dense_dim=1),
    C("two dense dims", T([2, 3, 4]), dense_dim=2),
    C("dense_dim zero", T([2, 3]), dense_dim=0),
    C("dense_dim of every dim refused", T([2, 3]), dense_dim=2),
    C("dense_dim past the rank refused", T([2, 3]), dense_dim=3),
    C("negative dense_dim refused", T([2, 3]), dense_dim=-1),
    C("dense_dim of a zero-dim refused", T([]), dense_dim=1),
    C("strided layout refused", T([2, 3]), layout=torch.strided),
    C("blocksize for coo refused", T([4, 4]), blocksize=[2, 2]),
    C("blocksize of three refused", T([4, 4]), blocksize=[2, 2, 2]),
    C("non-positive blocksize refused", T([4, 4]), blocksize=[0, 2]),
    C("bsr without blocksize refused", T([4, 4]), layout=torch.sparse_bsr),
    C("csr dense_dim past rank - 2 refused", T([4, 4]), layout=torch.sparse_csr, dense_dim=1),
    # `_to_sparse` has no meta kernel; `to_sparse` to the input's own
    # layout never calls it.
    C("on meta refused", T([2, 3], device="meta")),
    C("strided layout on meta", T([2, 3], device="meta"), layout=torch.strided),
]
_TO_SPARSE_DIM = [
    C("every dim sparse", T([5, 5]), 2),
    C("one sparse dim", T([2, 3, 4]), 1),
    C("two sparse dims", T([2, 3, 4], dtype=i64), 2),
    C("zero-dim with none", T([]), 0),
    C("transposed", tr(3, 4), 1),
    C("zero sparse dims refused", T([2, 3]), 0),
    C("negative refused", T([2, 3]), -1),
    C("past the rank refused", T([2, 3]), 3),
    C("zero-dim with one refused", T([]), 1),
    C("on meta refused", T([2, 3], device="meta"), 1),
    # A new sparse tensor's own sizes `[0]` keep its stride 1.
    C("one dim of none", T([0]), 1),
    C("one dim of three", T([3]), 1),
    C("two dims of none", T([0, 0]), 2),
]
_TO_SPARSE += [C("one dim of none", T([0])), C("one dim of one", T([1]))]
CASES["_to_sparse"] = _TO_SPARSE
CASES["to_sparse"] = _TO_SPARSE
CASES["_to_sparse.sparse_dim"] = _TO_SPARSE_DIM
CASES["to_sparse.sparse_dim"] = _TO_SPARSE_DIM
SYMBOLIC += [
    ("_to_sparse of a dynamic input", "_to_sparse", C("", D([4, 6], "x"))),
    ("to_sparse.sparse_dim of a dynamic input", "to_sparse.sparse_dim", C("", D([4, 6], "x"), 1)),
]
