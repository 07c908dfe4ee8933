"""Cases of the complex views and functions (`ops/rules/complex.rules`).

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, D, T, b8, bf16, c64, cl, f16, f64, i64, off, tr

c128 = torch.complex128

CASES = {
    "_conj": [
        C("complex matrix", T([2, 3], dtype=c64)),
        C("float matrix", T([2, 3])),
        C("transposed", tr(2, 3, dtype=c64)),
        C("storage offset", off(2, 3, dtype=c64)),
        C("zero-dim", T([], dtype=c64)),
    ],
    "view_as_real": [
        C("complex64 matrix", T([2, 3], dtype=c64)),
        C("complex128", T([4], dtype=c128)),
        C("transposed", tr(2, 3, dtype=c64)),
        C("storage offset", off(2, 3, dtype=c64)),
        C("sliced", T([4, 6], dtype=c64, then=lambda t: t[:, ::2])),
        C("zero-dim", T([], dtype=c64)),
        C("zero size", T([0, 3], dtype=c64)),
        C("float refused", T([2, 3])),
    ],
    "view_as_complex": [
        C("float32 pairs", T([3, 2])),
        C("float64 pairs", T([2, 3, 2], dtype=f64)),
        C("float16 pairs", T([3, 2], dtype=f16)),
        C("one pair", T([2])),
        C("offset of two", T([3, 2], strides=[2, 1], offset=2)),
        C("odd offset refused", T([3, 2], strides=[2, 1], offset=3)),
        C("last dim of three refused", T([3, 3])),
        C("last stride not one refused", T([2, 2], strides=[1, 2])),
        C("odd stride refused", T([3, 2], strides=[3, 1])),
        C("odd stride of a size-1 dim", T([1, 3, 2], strides=[7, 2, 1])),
        C("int64 refused", T([3, 2], dtype=i64)),
        C("zero-dim refused", T([])),
        C("zero size", T([0, 2])),
    ],
    "complex": [
        C("float32 parts", T([2, 3]), T([2, 3])),
        C("broadcast", T([3, 1]), T([1, 4])),
        C("float64 parts", T([3], dtype=f64), T([3], dtype=f64)),
        C("float16 parts", T([3], dtype=f16), T([3], dtype=f16)),
        C("transposed parts", tr(2, 3), tr(2, 3)),
        C("channels last parts", cl(1, 2, 3, 3), cl(1, 2, 3, 3)),
        C("mixed dtypes refused", T([3]), T([3], dtype=f64)),
        C("int64 refused", T([3], dtype=i64), T([3], dtype=i64)),
        C("size mismatch", T([2, 3]), T([2, 4])),
        C("bfloat16 parts", T([2, 3], dtype=bf16), T([2, 3], dtype=bf16)),
        C("bfloat16 and float16 parts", T([2, 3], dtype=f16), T([3], dtype=bf16)),
        C("size-1 dim with its own stride", T([1, 2], strides=[1, 1]), T([2], strides=[2], offset=1)),
    ],
    "polar": [
        C("float32 parts", T([2, 3]), T([2, 3])),
        C("broadcast", T([3, 1]), T([1, 4])),
        C("float64 parts", T([3], dtype=f64), T([3], dtype=f64)),
        C("transposed parts", tr(2, 3), tr(2, 3)),
        C("mixed dtypes refused", T([3]), T([3], dtype=f64)),
        C("int64 refused", T([3], dtype=i64), T([3], dtype=i64)),
    ],
}

for _op in ["mT", "mH", "adjoint"]:
    CASES[_op] = [
        C("matrix", T([2, 3])),
        C("batch of matrices", T([4, 2, 3])),
        C("complex", T([2, 3], dtype=c64)),
        C("complex zero-dim", T([], dtype=c64)),
        C("transposed", tr(2, 3)),
        C("storage offset", off(2, 3)),
        C("vector refused", T([3])),
        C("zero-dim refused", T([])),
    ]
CASES["matrix_H"] = [
    C("matrix", T([2, 3])),
    C("complex", T([2, 3], dtype=c64)),
    C("transposed", tr(2, 3)),
    C("storage offset", off(2, 3)),
    C("batch refused", T([4, 2, 3])),
    C("vector refused", T([3])),
    # A zero-dim tensor is conjugated: itself when real, a view if complex.
    C("zero-dim", T([])),
    C("complex zero-dim", T([], dtype=c64)),
]

SYMBOLIC = []

for _op in ["resolve_conj", "resolve_neg"]:
    CASES[_op] = [
        C("float matrix", T([2, 3])),
        C("complex", T([2, 3], dtype=c64)),
        C("transposed", tr(2, 3)),
        C("zero-dim", T([])),
    ]
CASES["conj_physical"] = [
    C("float matrix", T([2, 3])),
    C("complex", T([2, 3], dtype=c64)),
    C("transposed complex", tr(2, 3, dtype=c64)),
    C("int64", T([3], dtype=i64)),
]
CASES["_conj_physical"] = [
    C("complex", T([2, 3], dtype=c64)),
    C("float matrix", T([2, 3])),
    C("transposed complex", tr(2, 3, dtype=c64)),
    C("int64", T([3], dtype=i64)),
    C("bool", T([3], dtype=b8)),
]
CASES["positive"] = [
    C("float matrix", T([2, 3])),
    C("complex", T([2, 3], dtype=c64)),
    C("int64", T([3], dtype=i64)),
    C("bool refused", T([3], dtype=b8)),
]

# As export runs them (ATen's C++ kernels fix symbolic sizes at their hints).
PYTHON_DISPATCHER = {"complex", "polar"}

# The `out=` forms: `polar.out` wants exactly the result's dtype; in a
# plain fake mode `complex.out` fixes its arguments' sizes and `polar.out`
# its result's, where under the dispatcher their references keep them.
SYMBOLIC += [
    ("polar.out of dynamic parts", "polar.out", C("", D([3, 4], "a"), D([3, 4], "b"), out=T([0], dtype=c64))),
    ("complex.out of dynamic parts", "complex.out", C("", D([3, 4], "a"), D([3, 4], "b"), out=T([0], dtype=c64))),
    ("polar.out of dynamic parts under the Python dispatcher", "polar.out",
     C("", D([3, 4], "a"), D([3, 4], "b"), out=T([0], dtype=c64))),
    ("complex.out of dynamic parts under the Python dispatcher", "complex.out",
     C("", D([3, 4], "a"), D([3, 4], "b"), out=T([0], dtype=c64))),
]
DISPATCHED = {
    "polar.out of dynamic parts under the Python dispatcher",
    "complex.out of dynamic parts under the Python dispatcher",
}
