"""Cases of the factories of `ops/rules/factories_like.rules`, the window
functions of `windows.rules`, the shape composites of
`ops/rules/shape_composites.rules`, and small composites of the default
export IR (`isin` with a number, the Python bitwise operators, `range`).

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, Case, D, S, T, b8, binary_cases, c64, cl, f16, f64, i32, i64, off, tr

CASES = {}
CHALF_CLONE_DISPATCHED = "an empty strided vector preserving its format under the Python dispatcher"
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
        C("negative strides", T([2]), [5, 3, 0], [1, -1, 1]),
    ],
    # With pinned memory the reference takes `where(cond, one, 0)`, whose
    # integer 0 promotes a bool `one` to int64.
    "eye": [C("square", 3), C("dtype", 2, dtype=i64), C("zero", 0), C("negative", -1),
            C("bool pinned", 3, dtype=b8, pin_memory=True),
            C("sparse layout refused", 3, layout=torch.sparse_coo)],
    "eye.m": [C("wide", 2, 4), C("tall", 4, 2), C("negative", 2, -1),
              C("bool pinned", 2, 3, dtype=b8, pin_memory=True),
              C("float16 pinned", 2, 3, dtype=f16, pin_memory=True),
              C("default dtype pinned", 2, 3, pin_memory=True),
              C("bool not pinned", 2, 3, dtype=b8, pin_memory=False)],
})
for _op in ["linspace", "logspace"]:
    CASES[_op] = [
        C("floats", 0.0, 1.0, 5),
        C("ints", 0, 10, 4),
        C("dtype", 0, 10, 4, dtype=i64),
        C("complex end", 0, 1j, 3),
        # A complex end makes a complex dtype; a given one must be complex.
        C("complex end into float64 refused", 0, 1j, 3, dtype=f64),
        C("complex end into complex128", 0, 1j, 3, dtype=torch.complex128),
        C("zero steps", 0, 1, 0),
        C("negative steps", 0, 1, -1),
    ]
    CASES[f"{_op}.Tensor_Tensor"] = [
        C("zero-dim ends", T([]), T([]), 4),
        C("int64 ends", T([], dtype=i64), T([], dtype=i64), 3),
        C("dtype", T([]), T([]), 4, dtype=f64),
        C("1-d end refused", T([]), T([2]), 4),
        C("cuda ends", T([], device="cuda"), T([], device="cuda"), 4),
        C("cuda end and cpu start", T([]), T([], device="cuda"), 4),
        C("cuda ends, one step", T([], device="cuda"), T([], device="cuda"), 1),
        C("cuda ends, no step", T([], device="cuda"), T([], device="cuda"), 0),
        C("cuda ends onto the cpu", T([], device="cuda"), T([], device="cuda"), 4, device="cpu"),
    ]
    CASES[f"{_op}.Tensor_Scalar"] = [
        C("zero-dim start", T([]), 1.0, 4),
        C("1-d start refused", T([2]), 1.0, 4),
        C("complex end into float64 refused", T([]), 2j, 4, dtype=f64),
        C("cuda start", T([], device="cuda"), 1.0, 4),
    ]
    CASES[f"{_op}.Scalar_Tensor"] = [
        C("zero-dim end", 0.0, T([]), 4),
        C("cuda end", 0.0, T([], device="cuda"), 4),
        C("complex start", 1j, T([]), 4),
        C("complex start into int64 refused", 1j, T([]), 4, dtype=i64),
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
        # `view(-1)` of a one-element vector keeps its stride.
        C("one-element vector of a stride of its own", T([1], strides=[12], dtype=torch.bool)),
        C("one-element vector expanded", T([1], strides=[0])),
        C("one-element matrix of strides of its own", T([1, 1], strides=[0, 3])),
    ],
    "meshgrid.indexing": [
        C("ij", [T([2]), T([3])], indexing="ij"),
        C("xy", [T([2]), T([3])], indexing="xy"),
        C("three with a zero-dim", [T([2]), T([]), T([4])], indexing="ij"),
        C("xy of three", [T([2]), T([3]), T([4])], indexing="xy"),
        C("size one", [T([1]), T([3])], indexing="ij"),
        C("strided input", [T([6], then=lambda t: t[::2]), T([3])], indexing="ij"),
        C("2-d refused", [T([2, 2]), T([3])], indexing="ij"),
        C("mixed dtypes refused", [T([2], dtype=b8), T([3])], indexing="ij"),
        C("mixed dtypes before a bad indexing", [T([2], dtype=i32), T([3])], indexing="zz"),
        C("mixed devices refused", [T([2]), T([3], device="cuda")], indexing="ij"),
        C("int64", [T([2], dtype=i64), T([3], dtype=i64)], indexing="xy"),
    ],
    "meshgrid": [C("two", [T([2]), T([3])]), C("mixed dtypes refused", [T([2], dtype=i32), T([3])])],
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
        C("from an empty tensor refused", T([0, 3]), T([2], dtype=i64)),
        C("nothing from an empty tensor", T([0, 3]), T([0], dtype=i64)),
    ],
    "chalf": [C("float", T([2, 3])), C("transposed kept", tr(2, 3)), C("channels last", cl(1, 2, 3, 3)),
              # `self.to(complex32, memory_format=...)`: `_to_copy`'s clone.
              C("an empty strided vector preserving its format", T([0], strides=[6]),
                memory_format=torch.preserve_format),
              C(CHALF_CLONE_DISPATCHED, T([0], strides=[6]), memory_format=torch.preserve_format),
              C("to channels last", T([2, 3, 1, 1], strides=[3, 1, 1, 1]), memory_format=torch.channels_last)],
    "float_power.Tensor_Tensor": [
        C("floats", T([2, 3]), T([2, 3])),
        C("broadcast ints", T([3, 1], dtype=i64), T([1, 4], dtype=i64)),
        C("complex", T([3], dtype=c64), T([3])),
        C("transposed", tr(2, 3), T([2, 3])),
        # `pow` of the operands `.to(double)`: a double one as it is.
        C("double with an expanded dim", T([5, 4, 2], dtype=f64, strides=[1, 0, 6]), T([5, 4, 2], dtype=f64)),
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
        C("complex elements refused", T([2, 3], dtype=c64), T([4])),
        C("complex32 elements", T([2, 3], dtype=torch.complex32), T([4], dtype=torch.complex32)),
        C("bool elements refused", T([2, 3], dtype=b8), T([4])),
        C("bool test elements refused", T([2, 3]), T([4], dtype=b8)),
    ],
})
CASES["frobenius_norm.dim"] = [
    C("one dim", T([2, 3]), [1]),
    C("two dims kept", T([2, 3, 4]), [0, 2], True),
    C("no dims: every dim", T([2, 3]), []),
    C("complex to real", T([2, 3], dtype=c64), [1]),
    C("float16", T([2, 3], dtype=f16), [1, 0]),
    C("a size-1 dim of its own stride kept", T([1, 1, 4, 1], strides=[4, 4, 1, 4]), [3], True),
    C("three dims refused", T([2, 3, 4]), [0, 1, 2]),
    C("integers refused", T([2, 3], dtype=i64), [0]),
]
CASES["frobenius_norm.out"] = [
    C("into a resized empty out", T([2, 3]), [1], out=T([0])),
    C("kept dims into an out of the size", T([2, 3]), [0, 1], True, out=T([1, 1])),
    C("into a float64 out refused", T([2, 3]), [1], out=T([2], dtype=f64)),
]

CASES["triu"] = CASES["tril"]

SYMBOLIC = [
    ("frobenius_norm over a dynamic dim", "frobenius_norm.dim", Case("", D([3, 4], "x"), [1])),
    ("frobenius_norm of dynamic dims into an out", "frobenius_norm.out",
     Case("", D([3, 4], "x"), [0], out=T([0]))),
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

# `trace.out`: refused on symbolic sizes in a plain fake mode, computed
# by the reference under the dispatcher (a castable out dtype).
SYMBOLIC += [
    ("trace.out of a dynamic matrix", "trace.out", Case("", D([3, 4], "x"), out=T([0]))),
    ("trace.out of a dynamic matrix under the Python dispatcher", "trace.out",
     Case("", D([3, 4], "x"), out=T([0], dtype=f64))),
]
DISPATCHED = {"trace.out of a dynamic matrix under the Python dispatcher", CHALF_CLONE_DISPATCHED}

CASES["movedim.intlist"] = [
    C("two dims", T([2, 3, 4]), [0, 1], [2, 0]),
    C("negative dims", T([2, 3, 4]), [-1], [0]),
    C("transposed", tr(2, 3), [0], [1]),
    C("nothing moved", T([2, 3]), [], []),
    C("lengths differ", T([2, 3]), [0], []),
    C("repeated", T([2, 3, 4]), [0, 0], [1, 2]),
    C("repeated destination", T([2, 3, 4]), [0, 1], [2, 2]),
    C("zero-dim", T([]), [-1], [0]),
    C("zero-dim repeated refused", T([]), [0, 0], [0, 0]),
]

# ---- isin with a number, the Python bitwise operators, and small composites ----

CASES["isin.Tensor_Scalar"] = [
    C("float matrix", T([2, 3]), 2),
    C("int elements, float number", T([4], dtype=i64), 2.5),
    C("transposed", tr(2, 3), 1),
    C("zero-dim", T([]), 3),
    C("invert", T([3]), 1, invert=True),
    C("bool elements refused", T([3], dtype=b8), 1),
    C("complex elements refused", T([3], dtype=c64), 1),
    C("bool number refused", T([3]), True),
]
CASES["isin.Scalar_Tensor"] = [
    C("int number", 2, T([2, 3])),
    C("float number", 1.5, T([4], dtype=i64)),
    C("transposed tests", 1, tr(2, 3)),
    C("cuda tests", 1, T([3], device="cuda")),
    C("bool number refused", True, T([3])),
    C("complex tests refused", 1, T([3], dtype=c64)),
]
for _op in ["__and__.Scalar", "__or__.Scalar", "__xor__.Scalar"]:
    CASES[_op] = binary_cases(scalar=True)
for _op in ["__or__.Tensor", "__xor__.Tensor"]:
    CASES[_op] = binary_cases()
for _op in ["__lshift__", "__rshift__"]:
    CASES[f"{_op}.Tensor"] = [
        C("ints", T([2, 3], dtype=i64), T([2, 3], dtype=i64)),
        C("broadcast", T([3, 1], dtype=i32), T([1, 4], dtype=i64)),
        C("zero-dim shift", T([2], dtype=i32), T([], dtype=i64)),
        C("transposed", tr(2, 3, dtype=i64), T([2, 3], dtype=i64)),
        C("uint8", T([4], dtype=torch.uint8), T([4], dtype=torch.uint8)),
        C("float input refused", T([2]), T([2], dtype=i64)),
        C("bool shift refused", T([2], dtype=i64), T([2], dtype=b8)),
        C("bool input refused", T([2], dtype=b8), T([2], dtype=i64)),
    ]
    CASES[f"{_op}.Scalar"] = [
        C("int", T([2, 3], dtype=i64), 2),
        C("int32", T([2, 3], dtype=i32), 1),
        C("bool number", T([3], dtype=i64), True),
        C("transposed", tr(2, 3, dtype=i64), 1),
        C("zero-dim", T([], dtype=torch.int16), 3),
        C("float number refused", T([2], dtype=i64), 2.5),
        C("float input refused", T([2]), 1),
        C("bool input refused", T([2], dtype=b8), 1),
    ]
CASES["floor_divide.Scalar"] = binary_cases(scalar=True) + [
    C("float by a float", T([3]), 0.5),
    C("channels last", cl(1, 2, 3, 3), 2),
]
CASES["floor_divide_.Scalar"] = [
    C("float", T([2, 3]), 2),
    C("int", T([3], dtype=i64), 2),
    C("int by a float refused", T([3], dtype=i64), 2.5),
    C("transposed kept", tr(2, 3), 2),
]
CASES["lift_fresh"] = [
    C("matrix", T([2, 3])),
    C("transposed", tr(2, 3)),
    C("storage offset", off(2, 3)),
    C("zero-dim", T([], dtype=i64)),
]
CASES["inverse"] = [
    C("matrix", T([3, 3])),
    C("batch", T([2, 3, 3])),
    C("float64", T([2, 2], dtype=f64)),
    C("complex", T([2, 2], dtype=c64)),
    C("transposed", tr(3, 3)),
    C("empty", T([0, 0])),
    C("not square refused", T([2, 3])),
    C("int refused", T([2, 2], dtype=i64)),
    C("float16 refused", T([2, 2], dtype=f16)),
    C("vector refused", T([3])),
]
CASES["range.step"] = [
    C("ints", 1, 10, 2),
    C("floats", 0, 3, 0.5),
    C("negative step", 10, 1, -3),
    C("single", 2, 2, 1),
    C("dtype", 0, 5, 1, dtype=i64),
    C("fractional end", 0.0, 2.5, 1.0),
    C("wrong order refused", 10, 1, 3),
    C("zero step refused", 0, 3, 0),
    C("bool refused", 0, 3, 1, dtype=b8),
    C("negative float bounds into int64", -0.5, -3.7, -1, dtype=i64),
    # The order is checked on the bounds as given, the length on the
    # bounds truncated.
    C("bounds in the wrong order before truncation refused", 0.9, 0.1, 1, dtype=i32),
    C("float bounds truncated for the length", 2, 0.5, -1, dtype=i64),
    C("complex refused", 0, 3, 1, dtype=c64),
    C("float16", 0, 3, 1, dtype=f16),
]
CASES["range"] = [
    C("ints", 0, 3),
    C("floats", 0.5, 3.2),
    C("dtype", 1, 4, dtype=f64),
    # An integral dtype truncates the bounds to int64 first.
    C("float bounds into int64", 0.5, 3.2, dtype=i64),
    C("float bounds into int32", 0.9, 5.9, dtype=i32),
    C("wrong order refused", 3, 0),
    C("bool refused", 0, 3, dtype=b8),
]
for _op, _extra in [("hann_window", []), ("hamming_window", [0.5, 0.4]), ("bartlett_window", []),
                    ("blackman_window", []), ("kaiser_window", [10.0])]:
    _periodic = "periodic_alpha_beta" if _op == "hamming_window" else ("beta" if _op == "kaiser_window" else "periodic")
    CASES[_op] = [
        C("five", 5),
        C("empty", 0),
        C("one", 1),
        C("float64", 4, dtype=f64),
        C("float16", 4, dtype=f16),
        C("int64", 4, dtype=i64),
        C("complex", 4, dtype=c64),
        C("cuda", 4, device="cuda"),
        C("negative refused", -1),
    ]
    CASES[f"{_op}.periodic"] = [
        C("periodic", 5, True),
        C("symmetric", 5, False),
        C("symmetric empty", 0, False),
        C("symmetric negative refused", -2, False),
        C("periodic negative refused", -2, True),
        C("bool dtype", 3, False, dtype=b8),
    ]
    if _extra:
        CASES[f"{_op}.{_periodic}"] = [
            C("periodic", 5, True, *_extra),
            C("symmetric float64", 5, False, *_extra, dtype=f64),
            C("int32", 5, True, *_extra, dtype=i32),
        ]
CASES["hamming_window.periodic_alpha"] = [
    C("periodic", 5, True, 0.5),
    C("symmetric", 4, False, 0.54, dtype=f64),
]
SYMBOLIC += [
    ("isin of dynamic elements and a number", "isin.Tensor_Scalar", Case("", D([3, 4], "x"), 2)),
    ("lshift of dynamic sizes by a number", "__lshift__.Scalar", Case("", D([3, 4], "x", dtype=i64), 1)),
    ("inverse of a dynamic batch", "inverse", Case("", D([2, 3, 3], "x", dynamic=["dynamic", "static", "static"]))),
]

# ---- autograd helpers and small ATen kernels ----

CASES["_grad_sum_to_size"] = [
    C("leading dim summed", T([3, 4]), [1, 4]),
    C("same sizes: self", tr(3, 4), [4, 3]),
    C("no size: self", tr(3, 4), None),
    C("dims in front summed", T([2, 3, 4]), [4]),
    C("channels last", cl(2, 3, 4, 5), [3, 1, 1]),
    C("not expandable", T([2, 3, 4]), [5]),
]
CASES["_dim_arange"] = [
    C("dim 1", T([3, 4]), 1),
    C("negative dim", tr(3, 4), -2),
    C("cuda", T([3], device="cuda"), 0),
    C("empty dim", T([0, 4]), 0),
    C("dim out of range", T([3, 4]), 2),
    C("zero-dim refused", T([]), 0),
]
CASES["_lazy_clone"] = [
    C("matrix", T([3, 4])),
    C("transposed", tr(3, 4)),
    C("strided", T([3, 4], then=lambda t: t[:, ::2])),
    C("storage offset", off(3, 4)),
    C("channels last", cl(2, 3, 4, 5)),
    C("expanded", T([3, 1], then=lambda t: t.expand(3, 4))),
    C("int64 zero-dim", T([], dtype=i64)),
]
CASES["_is_all_true"] = [
    C("matrix", T([3, 4], dtype=b8)),
    C("transposed", tr(3, 4, dtype=b8)),
    C("zero-dim", T([], dtype=b8)),
    C("empty", T([0], dtype=b8)),
    C("cuda", T([3], dtype=b8, device="cuda")),
    C("float refused", T([3, 4])),
]
CASES["_is_any_true"] = [
    C("matrix", T([3, 4], dtype=b8)),
    C("strided", T([3, 4], dtype=b8, then=lambda t: t[:, ::2])),
    C("zero-dim", T([], dtype=b8)),
    C("cuda", T([3], dtype=b8, device="cuda")),
    C("int64 refused", T([3], dtype=i64)),
]
CASES["_logcumsumexp"] = [
    C("matrix", T([3, 4]), 1),
    # No meta kernel: ATen's kernel runs on zeros of the fake device.
    C("on meta refused", T([3, 4], device="meta"), 1),
    C("transposed", tr(3, 4), 0),
    C("strided float64", T([3, 4], dtype=f64, then=lambda t: t[:, ::2]), 1),
    C("channels last", cl(2, 3, 4, 5), 1),
    C("float16", T([3, 4], dtype=f16), -1),
    C("complex", T([3], dtype=c64), 0),
    C("zero-dim", T([]), 0),
    C("int64 refused", T([3, 4], dtype=i64), 1),
    C("bool refused", T([3], dtype=b8), 0),
    C("dim out of range", T([3, 4]), 2),
]
CASES["fill_diagonal_"] = [
    C("matrix", T([3, 4]), 1.0),
    C("tall with wrap", T([7, 3]), 2, True),
    C("transposed", tr(3, 4), 0.5),
    C("cube", T([3, 3, 3]), 1),
    C("int64", T([3, 3], dtype=i64), 2),
    C("cube of unequal dims", T([3, 4, 3]), 1.0),
    C("vector refused", T([3]), 1.0),
]
SYMBOLIC += [
    ("fill_diagonal_ of a dynamic matrix", "fill_diagonal_", C("", D([3, 4], "x"), 1.0)),
    # Each size compared with the first in turn (a guard each), then the
    # strides read as integers: every size is fixed.
    ("fill_diagonal_ of a dynamic cube", "fill_diagonal_", C("", D([3, 3, 3], "x"), 1)),
    # The wrapped diagonals are counted with `numel()`, refused on
    # symbolic sizes.
    ("fill_diagonal_ of a dynamic tall matrix with wrap", "fill_diagonal_",
     C("", D([7, 3], "x"), 2, True)),
]
CASES["requires_grad_"] = [
    C("matrix", T([3, 4])),
    C("transposed", tr(3, 4)),
    C("complex", T([3], dtype=c64)),
    C("int64 with False", T([3, 4], dtype=i64), False),
    C("int64 refused", T([3, 4], dtype=i64)),
    C("bool refused", T([3], dtype=b8), True),
]
CASES["_euclidean_dist"] = [
    C("matrices", T([3, 4]), T([5, 4])),
    C("transposed first", tr(3, 4), T([5, 4])),
    C("transposed second", T([3, 4]), tr(5, 4)),
    C("batch and matrix", T([2, 3, 4]), T([5, 4])),
    C("batches broadcast", T([2, 1, 3, 4]), T([5, 6, 4])),
    C("vector first", T([4]), T([5, 4])),
    C("float16", T([3, 4], dtype=f16), T([5, 4], dtype=f16)),
    C("float64", T([3, 4], dtype=f64), T([5, 4], dtype=f64)),
    C("int64", T([3, 4], dtype=i64), T([5, 4], dtype=i64)),
    C("dtypes differ", T([3, 4]), T([5, 4], dtype=f64)),
    # Integral inputs are padded with int64 norms, so their product is.
    C("uint8 and int64", T([2, 5, 3], dtype=torch.uint8), T([2, 4, 3], dtype=i64)),
    C("int32 and bool", T([5, 3], dtype=torch.int32), T([4, 3], dtype=torch.bool)),
    C("columns differ", T([3, 4]), T([5, 3])),
    C("vector second", T([3, 4]), T([4])),
]
