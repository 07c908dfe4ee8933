"""Cases of the factories of `ops/rules/factories_like.rules` and the
shape composites of `ops/rules/shape_composites.rules`.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, Case, D, S, T, b8, c64, cl, f16, f64, i32, i64, off, tr

CASES = {}
for _op in ["ones_like", "zeros_like"]:
    CASES[_op] = [
        C("matrix", T([2, 3])),
        C("transposed kept", tr(2, 3)),
        C("channels last kept", cl(1, 2, 3, 3)),
        C("contiguous asked", tr(2, 3), memory_format=torch.contiguous_format),
        C("dtype", T([2, 3]), dtype=i64),
        C("storage offset", off(2, 3)),
        C("zero-dim", T([])),
    ]
CASES.update({
    "new_empty_strided": [
        C("contiguous", T([2]), [2, 3], [3, 1]),
        C("transposed", T([2], dtype=i64), [2, 3], [1, 2]),
        C("dtype", T([2]), [2, 3], [3, 1], dtype=f64),
        C("negative size", T([2]), [-1, 3], [3, 1]),
        C("lengths differ", T([2]), [2, 3], [1]),
    ],
    "eye": [C("square", 3), C("dtype", 2, dtype=i64), C("zero", 0), C("negative", -1)],
    "eye.m": [C("wide", 2, 4), C("tall", 4, 2), C("negative", 2, -1)],
})
for _op in ["linspace", "logspace"]:
    CASES[_op] = [
        C("floats", 0.0, 1.0, 5),
        C("ints", 0, 10, 4),
        C("dtype", 0, 10, 4, dtype=i64),
        C("complex end", 0, 1j, 3),
        C("zero steps", 0, 1, 0),
        C("negative steps", 0, 1, -1),
    ]
    CASES[f"{_op}.Tensor_Tensor"] = [
        C("zero-dim ends", T([]), T([]), 4),
        C("int64 ends", T([], dtype=i64), T([], dtype=i64), 3),
        C("dtype", T([]), T([]), 4, dtype=f64),
        C("1-d end refused", T([]), T([2]), 4),
    ]
    CASES[f"{_op}.Tensor_Scalar"] = [
        C("zero-dim start", T([]), 1.0, 4),
        C("1-d start refused", T([2]), 1.0, 4),
    ]
    CASES[f"{_op}.Scalar_Tensor"] = [
        C("zero-dim end", 0.0, T([]), 4),
        C("complex start", 1j, T([]), 4),
        C("1-d end refused", 0.0, T([2]), 4),
    ]

CASES.update({
    "real": [
        C("complex", T([2, 3], dtype=c64)),
        C("float itself", T([2, 3])),
        C("transposed complex", tr(2, 3, dtype=c64)),
        C("storage offset", off(2, 3, dtype=c64)),
        C("zero-dim complex", T([], dtype=c64)),
    ],
    "imag": [
        C("complex", T([2, 3], dtype=c64)),
        C("transposed complex", tr(2, 3, dtype=c64)),
        C("storage offset", off(2, 3, dtype=c64)),
        C("float refused", T([2, 3])),
    ],
    "numpy_T": [C("matrix", T([2, 3])), C("3-d", T([2, 3, 4])), C("vector", T([3])), C("transposed", tr(2, 3))],
    "ravel": [
        C("contiguous is a view", T([2, 3])),
        C("transposed is a copy", tr(2, 3)),
        C("storage offset view", off(2, 3)),
        C("strided vector is a copy", T([6], then=lambda t: t[::2])),
        C("channels last is a copy", cl(1, 2, 3, 3)),
        C("zero-dim", T([])),
    ],
    "meshgrid.indexing": [
        C("ij", [T([2]), T([3])], indexing="ij"),
        C("xy", [T([2]), T([3])], indexing="xy"),
        C("three with a zero-dim", [T([2]), T([]), T([4])], indexing="ij"),
        C("xy of three", [T([2]), T([3]), T([4])], indexing="xy"),
        C("size one", [T([1]), T([3])], indexing="ij"),
        C("strided input", [T([6], then=lambda t: t[::2]), T([3])], indexing="ij"),
        C("2-d refused", [T([2, 2]), T([3])], indexing="ij"),
    ],
    "meshgrid": [C("two", [T([2]), T([3])])],
    "fliplr": [C("matrix", T([2, 3])), C("transposed", tr(2, 3)), C("vector refused", T([3]))],
    "flipud": [C("matrix", T([2, 3])), C("transposed", tr(2, 3)), C("zero-dim refused", T([]))],
    "tril": [
        C("matrix", T([3, 4])),
        C("diagonal", T([3, 4]), 1),
        C("batch", T([2, 3, 3]), -1),
        C("transposed", tr(3, 4)),
        C("vector refused", T([3])),
    ],
    "trace": [
        C("matrix", T([3, 4])),
        C("int64", T([3, 3], dtype=i64)),
        C("bool", T([2, 2], dtype=b8)),
        C("transposed", tr(3, 4)),
        C("vector refused", T([3])),
    ],
    "take": [
        C("matrix index", T([3, 4]), T([2, 2], dtype=i64)),
        C("transposed index", T([3, 4]), tr(2, 3, dtype=i64)),
        C("zero-dim index", T([5]), T([], dtype=i64)),
        C("int32 index refused", T([5]), T([2], dtype=i32)),
    ],
    "chalf": [C("float", T([2, 3])), C("transposed kept", tr(2, 3)), C("channels last", cl(1, 2, 3, 3))],
    "float_power.Tensor_Tensor": [
        C("floats", T([2, 3]), T([2, 3])),
        C("broadcast ints", T([3, 1], dtype=i64), T([1, 4], dtype=i64)),
        C("complex", T([3], dtype=c64), T([3])),
        C("transposed", tr(2, 3), T([2, 3])),
    ],
    "float_power.Tensor_Scalar": [
        C("float", T([2, 3]), 2),
        C("int64 and complex number", T([3], dtype=i64), 1j),
        C("float16", T([3], dtype=f16), 0.5),
    ],
    "isclose": [
        C("floats", T([2, 3]), T([2, 3])),
        C("broadcast", T([3, 1]), T([1, 4])),
        C("int64", T([2], dtype=i64), T([2], dtype=i64)),
        C("dtypes differ", T([2]), T([2], dtype=f64)),
        C("transposed", tr(2, 3), T([2, 3])),
        C("negative rtol", T([2]), T([2]), -0.4),
        C("negative atol", T([2]), T([2]), 1e-5, -0.4),
        C("zero tolerances", T([2]), T([2]), 0.0, 0),
        C("negative rtol and dtypes differ", T([2]), T([2], dtype=f64), -0.4),
    ],
    "isin.Tensor_Tensor": [
        C("matrix", T([2, 3]), T([4])),
        C("transposed", tr(2, 3), T([4])),
        C("int64", T([3], dtype=i64), T([2, 2], dtype=i64)),
        C("zero-dim", T([]), T([3])),
    ],
})
CASES["triu"] = CASES["tril"]

SYMBOLIC = [
    ("linspace of a symbolic length", "linspace", Case("", 0.0, 1.0, S(5, "n"))),
    ("eye of a symbolic size", "eye.m", Case("", S(3, "n"), S(4, "m"))),
    ("square eye of a symbolic size", "eye", Case("", S(3, "n"))),
    ("linspace of tensor ends and a symbolic length", "linspace.Tensor_Tensor", Case("", T([]), T([]), S(4, "n"))),
    ("linspace of a tensor start and a symbolic length", "linspace.Tensor_Scalar", Case("", T([]), 1.0, S(4, "n"))),
    ("linspace of a tensor end and a symbolic length", "linspace.Scalar_Tensor", Case("", 0.0, T([]), S(4, "n"))),
    ("logspace of tensor ends and a symbolic length", "logspace.Tensor_Tensor", Case("", T([]), T([]), S(4, "n"))),
    ("logspace of a tensor start and a symbolic length", "logspace.Tensor_Scalar", Case("", T([]), 1.0, S(4, "n"))),
    ("logspace of a tensor end and a symbolic length", "logspace.Scalar_Tensor", Case("", 0.0, T([]), S(4, "n"))),
    ("meshgrid of dynamic lengths", "meshgrid.indexing",
     Case("", [D([2], "x"), D([3], "y")], indexing="xy")),
]

# As export runs it (ATen's C++ kernel refuses symbolic sizes).
PYTHON_DISPATCHER = {"trace"}

CASES["movedim.intlist"] = [
    C("two dims", T([2, 3, 4]), [0, 1], [2, 0]),
    C("negative dims", T([2, 3, 4]), [-1], [0]),
    C("transposed", tr(2, 3), [0], [1]),
    C("nothing moved", T([2, 3]), [], []),
    C("lengths differ", T([2, 3]), [0], []),
    C("repeated", T([2, 3, 4]), [0, 0], [1, 2]),
]
