"""Cases of shape composites (diagonals, splits, products, integrals),
the random in-place fills and their functional forms, and `randint`.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import CL, C, D, S, T, b8, bf16, c64, cl, f16, f32, f64, i32, i64, off, tr

torch_channels_last = CL

CASES = {}
SYMBOLIC = []
# Recorded under the Python dispatcher, as export runs them: ATen's C++
# `addr_` takes no symbolic sizes, and `diag`'s `diagonal_copy` asks a
# symbolic tensor for its storage offset without it.
PYTHON_DISPATCHER = {"addr_", "diag"}


def fill_cases(*args):
    """A random fill of `self`'s sizes: dtypes and layouts."""
    return [
        C("matrix", T([2, 3]), *args),
        C("transposed keeps its layout", tr(2, 3), *args),
        C("channels last", cl(2, 3, 4, 5), *args),
        C("storage offset", off(2, 3), *args),
        C("float64", T([4], dtype=f64), *args),
        C("float16", T([4], dtype=f16), *args),
        C("zero-dim", T([]), *args),
        C("zero size", T([0, 3]), *args),
        C("int64 refused", T([3], dtype=i64), *args),
        C("bool refused", T([3], dtype=b8), *args),
        C("complex refused", T([3], dtype=c64), *args),
    ]


for _op in ["cauchy", "cauchy_"]:
    CASES[_op] = fill_cases() + [C("sigma zero refused", T([3]), 0.0, 0.0)]
for _op in ["exponential", "exponential_"]:
    CASES[_op] = fill_cases() + [C("lambda zero refused", T([3]), 0.0)]
for _op in ["geometric", "geometric_"]:
    CASES[_op] = fill_cases(0.5) + [
        C("int32", T([3], dtype=i32), 0.5),
        C("p one refused", T([3]), 1.0),
        C("p zero refused", T([3]), 0.0),
    ]
for _op in ["log_normal", "log_normal_"]:
    CASES[_op] = fill_cases() + [C("std zero refused", T([3]), 1.0, 0.0)]
for _op in ["normal_", "normal_functional"]:
    CASES[_op] = fill_cases() + [
        C("std zero", T([3]), 1.0, 0.0),
        C("std negative refused", T([3]), 1.0, -1.0),
    ]
for _op in ["uniform", "uniform_"]:
    CASES[_op] = fill_cases() + [C("from above to", T([3]), 2.0, 1.0)]

CASES["randint"] = [
    C("matrix", 5, [2, 3]),
    C("zero-dim", 5, []),
    C("zero size", 5, [0, 3]),
    C("high zero refused", 0, [2]),
    C("negative size refused", 5, [2, -1]),
    C("int32", 5, [3], dtype=i32),
    C("float64", 5, [3], dtype=f64),
    C("cuda", 5, [3], device="cuda"),
]
CASES["randint.low"] = [
    C("matrix", 1, 5, [2, 3]),
    C("negative low", -3, 5, [4]),
    C("low equal to high refused", 5, 5, [2]),
    C("int32", 0, 5, [3], dtype=i32),
    C("zero size", 0, 5, [0]),
]
SYMBOLIC += [
    ("randint of a symbolic size", "randint", C("", 5, [S(4, "n"), 3])),
    ("randint.low of a symbolic size", "randint.low", C("", 1, 5, [S(4, "n")])),
]

CASES["addr"] = [
    C("vectors into a matrix", T([2, 3]), T([2]), T([3])),
    C("broadcast self", T([3]), T([2]), T([3])),
    C("zero-dim self", T([]), T([2]), T([3])),
    C("transposed self", tr(2, 3), T([2]), T([3])),
    C("int64 and float", T([2, 3], dtype=i64), T([2]), T([3])),
    C("bool", T([2, 3], dtype=b8), T([2], dtype=b8), T([3], dtype=b8)),
    C("beta and alpha", T([2, 3]), T([2]), T([3]), beta=2, alpha=0.5),
    C("float alpha into int64 refused", T([2, 3], dtype=i64), T([2], dtype=i64), T([3], dtype=i64), alpha=0.5),
    C("matrix vec1 refused", T([2, 3]), T([2, 1]), T([3])),
    C("self not broadcastable refused", T([4, 3]), T([2]), T([3])),
]
CASES["rot90"] = [
    C("once", T([2, 3])),
    C("twice", T([2, 3]), 2),
    C("three times", T([2, 3, 4]), 3, [1, 2]),
    C("four times", T([2, 3]), 4),
    C("negative k", T([2, 3]), -1),
    C("transposed", tr(2, 3), 1),
    C("channels last", cl(2, 3, 4, 5), 1, [2, 3]),
    C("negative dims", T([2, 3, 4]), 1, [-1, 0]),
    C("vector refused", T([3]), 1),
    C("one dim refused", T([2, 3]), 1, [0]),
    C("same dims refused", T([2, 3]), 1, [1, 1]),
    C("dim out of range", T([2, 3]), 1, [0, 2]),
    # The flip lays the input out as `empty_like` does, size-1 dims afresh.
    C("twice, a size-1 dim of its own stride", T([5, 1], strides=[1, 5]), -2),
    C("three times, a size-1 dim of its own stride", T([4, 1], strides=[1, 4], dtype=bf16), 3),
    C("once, a row of a wider matrix", T([1, 4], strides=[5, 1], offset=6, dtype=f64), 1),
]
CASES["block_diag"] = [
    C("matrices", [T([2, 3]), T([4, 5])]),
    C("vector and zero-dim", [T([3]), T([]), T([2, 2])]),
    C("promoted", [T([2, 2], dtype=i64), T([1, 1], dtype=f64)]),
    C("one", [tr(2, 3)]),
    C("empty list", []),
    C("zero size", [T([0, 3]), T([2, 0])]),
    C("three dims refused", [T([2, 2, 2])]),
]
CASES["diag_embed"] = [
    C("vector", T([3])),
    C("batch", T([2, 3])),
    C("offset", T([2, 3]), 1),
    C("negative offset", T([2, 3]), -2),
    C("dims", T([2, 3]), 0, 0, 2),
    C("swapped dims", T([2, 3]), 1, -1, 0),
    C("transposed", tr(2, 3)),
    C("int64", T([3], dtype=i64)),
    C("zero-dim", T([])),
    C("same dims refused", T([2, 3]), 0, 1, 1),
    C("dim out of range", T([2, 3]), 0, 0, 3),
]
CASES["diag"] = [
    C("vector", T([3])),
    C("vector offset", T([3]), 2),
    C("vector negative offset", T([3]), -1),
    C("matrix", T([2, 3])),
    C("matrix offset", T([3, 4]), 1),
    C("matrix offset beyond", T([3, 4]), 5),
    C("transposed matrix", tr(3, 4), -1),
    C("storage offset", off(3, 3)),
    C("zero-dim refused", T([])),
    C("three dims refused", T([2, 2, 2])),
]
CASES["diagflat"] = [
    C("vector", T([3])),
    C("matrix", T([2, 3])),
    C("offset", T([2, 2]), 1),
    C("negative offset", T([2]), -2),
    C("transposed", tr(2, 3)),
    C("zero-dim", T([])),
    C("zero size", T([0, 2])),
]
CASES["kron"] = [
    C("matrices", T([2, 3]), T([4, 5])),
    C("ranks differ", T([2, 3, 2]), T([4])),
    C("vectors", T([2]), T([3])),
    C("zero-dim", T([]), T([3])),
    C("promoted", T([2, 2], dtype=i64), T([2, 2])),
    C("transposed", tr(2, 3), T([2, 2])),
    C("both transposed", tr(2, 3), tr(3, 2)),
    C("zero size", T([0, 2]), T([2, 2])),
]
CASES["inner"] = [
    C("vectors", T([3]), T([3])),
    C("matrices", T([2, 3]), T([4, 3])),
    C("batch and vector", T([2, 4, 3]), T([3])),
    C("zero-dim", T([]), T([2, 3])),
    C("zero-dim other", T([2, 3]), T([])),
    C("promoted", T([2, 3], dtype=i64), T([3])),
    C("transposed", tr(2, 3), T([4, 3])),
    C("mismatch refused", T([2, 3]), T([2, 4])),
]
for _name in ["hsplit", "vsplit", "dsplit"]:
    _dim3 = T([2, 4, 6])
    CASES[_name + ".int"] = [
        C("sections", T([4, 6, 8]), 2),
        C("one section", T([4, 6, 8]), 1),
        C("transposed", T([6, 4, 4], then=lambda t: t.transpose(0, 1)), 2),
        C("not divisible refused", T([3, 5, 7]), 2),
        C("zero sections refused", T([4, 6, 8]), 0),
        C("vector", T([6]), 3),
        C("zero-dim refused", T([]), 1),
    ]
    CASES[_name + ".array"] = [
        C("indices", T([4, 6, 8]), [1, 3]),
        C("indices past the end", T([4, 6, 8]), [2, 10]),
        C("decreasing indices", T([4, 6, 8]), [3, 1]),
        C("empty indices", T([4, 6, 8]), []),
        C("vector", T([6]), [2]),
        C("storage offset", off(4, 6, 8), [1]),
        C("zero-dim refused", T([]), [1]),
    ]
CASES["sum_to_size"] = [
    C("rows", T([2, 3]), [1, 3]),
    C("leading dims", T([4, 2, 3]), [3]),
    C("same size", T([2, 3]), [2, 3]),
    C("to zero-dim", T([2, 3]), []),
    C("int64", T([2, 3], dtype=i64), [2, 1]),
    C("bool", T([2, 3], dtype=b8), [3]),
    C("transposed", tr(2, 3), [2, 1]),
    C("transposed same size", tr(2, 3), [2, 3]),
    C("not expandable refused", T([2, 3]), [4]),
]
CASES["take_along_dim"] = [
    C("along dim", T([3, 4]), T([3, 2], dtype=i64), 1),
    C("flattened", T([3, 4]), T([5], dtype=i64)),
    C("broadcast", T([3, 4]), T([1, 2], dtype=i64), 1),
    C("broadcast self", T([1, 4]), T([3, 2], dtype=i64), 1),
    C("negative dim", T([2, 3, 4]), T([2, 3, 1], dtype=i64), -1),
    C("transposed", tr(3, 4), T([3, 2], dtype=i64), 1),
    C("int32 indices refused", T([3, 4]), T([3, 2], dtype=i32), 1),
    C("ranks differ refused", T([3, 4]), T([2], dtype=i64), 1),
]
CASES["renorm"] = [
    C("matrix", T([2, 3]), 2, 0, 1.0),
    C("last dim", T([2, 3, 4]), 1, -1, 5),
    C("float16", T([2, 3], dtype=f16), 2, 0, 1.0),
    C("transposed", tr(2, 3), 2, 1, 1.0),
    C("channels last", cl(2, 3, 4, 5), 2, 1, 1.0),
    C("vector refused", T([3]), 2, 0, 1.0),
    C("non-positive p refused", T([2, 3]), 0, 0, 1.0),
    C("negative maxnorm refused", T([2, 3]), 2, 0, -1.0),
    C("int64 refused", T([2, 3], dtype=i64), 2, 0, 1.0),
]

CASES["cartesian_prod"] = [
    C("two vectors", [T([2]), T([3])]),
    C("three vectors", [T([2]), T([3]), T([4])]),
    C("one vector", [T([3])]),
    C("int64", [T([2], dtype=i64), T([3], dtype=i64)]),
    C("empty vector", [T([0]), T([3])]),
    C("mixed dtypes refused", [T([2]), T([3], dtype=i64)]),
    C("matrix refused", [T([2, 2]), T([3])]),
]
CASES["combinations"] = [
    C("pairs", T([4])),
    C("triples", T([5]), 3),
    C("with replacement", T([3]), 2, True),
    C("r zero", T([3]), 0),
    C("r one", T([3]), 1),
    C("matrix refused", T([2, 2])),
    C("negative r refused", T([3]), -1),
]
for _op in ["trapezoid.x", "trapz.x", "cumulative_trapezoid.x"]:
    CASES[_op] = [
        C("vector x", T([2, 5]), T([5])),
        C("same sizes", T([2, 5]), T([2, 5])),
        C("broadcast x", T([3, 2, 5]), T([2, 5])),
        C("first dim", T([4, 3]), T([4]), dim=0),
        C("int64", T([2, 5], dtype=i64), T([5], dtype=i64)),
        C("float64 x", T([2, 5]), T([5], dtype=f64)),
        C("transposed", tr(2, 5), T([5])),
        C("no samples", T([2, 0]), T([0])),
        C("bool refused", T([2, 5], dtype=b8), T([5])),
        C("x length mismatch refused", T([2, 5]), T([4])),
    ]
CASES["gradient.scalarint"] = [
    C("vector", T([5])),
    C("matrix", T([3, 4])),
    C("one dim", T([3, 4]), dim=1),
    C("spacing", T([3, 4]), spacing=2.0),
    C("edge order 2", T([3, 4]), edge_order=2),
    C("int64", T([3, 4], dtype=i64)),
    C("bool refused", T([5], dtype=b8)),
    C("transposed", tr(3, 4)),
    C("too few samples refused", T([1, 4])),
]
CASES["_chunk_cat"] = [
    C("matrices", [T([4, 6]), T([2, 6])], 1, 2),
    C("padded", [T([3, 5]), T([4, 7])], 1, 2),
    C("first dim", [T([4, 3]), T([6, 3])], 0, 2),
    C("negative dim", [T([2, 4, 6]), T([2, 4, 2])], -1, 3),
    C("one tensor", [T([3, 4])], 0, 4),
    C("mixed dtypes", [T([2, 4]), T([2, 4], dtype=f64)], 1, 2),
    C("transposed", [tr(4, 6)], 1, 2),
    C("empty list refused", [], 0, 2),
    C("zero chunks refused", [T([2, 4])], 1, 0),
    C("dims differ refused", [T([2, 4]), T([3, 4])], 1, 2),
]
CASES["_unsafe_masked_index"] = [
    C("one index", T([4, 5]), T([3, 5], dtype=b8), [T([3, 1], dtype=i64)], 0.0),
    C("two indices", T([4, 5]), T([3], dtype=b8), [T([3], dtype=i64), T([3], dtype=i64)], 1),
    C("skipped dim", T([4, 5]), T([2], dtype=b8), [None, T([2], dtype=i64)], 0.0),
    C("int32 index", T([4, 5]), T([3], dtype=b8), [T([3], dtype=i32)], 0.0),
    C("transposed", tr(4, 5), T([3, 5], dtype=b8), [T([3], dtype=i64)], 0.0),
    C("empty self", T([0, 5]), T([3], dtype=b8), [T([3], dtype=i64)], 0.0),
    C("float mask refused", T([4, 5]), T([3]), [T([3], dtype=i64)], 0.0),
    C("float index refused", T([4, 5]), T([3], dtype=b8), [T([3])], 0.0),
]
CASES["_unsafe_masked_index_put_accumulate"] = [
    C("one index", T([4, 5]), T([3, 1], dtype=b8), [T([3], dtype=i64)], T([3, 5])),
    C("two indices", T([4, 5]), T([3], dtype=b8), [T([3], dtype=i64), T([3], dtype=i64)], T([3])),
    C("transposed", tr(4, 5), T([3, 1], dtype=b8), [T([3], dtype=i64)], T([3, 5])),
    C("empty self", T([0, 5]), T([3, 1], dtype=b8), [T([3], dtype=i64)], T([3, 5])),
    C("float mask refused", T([4, 5]), T([3, 1]), [T([3], dtype=i64)], T([3, 5])),
]
CASES["resize"] = [
    C("grow", T([2, 3]), [4, 5]),
    C("same", T([2, 3]), [2, 3]),
    C("shrink", T([2, 3]), [5]),
    C("transposed same", tr(2, 3), [2, 3]),
    C("transposed other", tr(2, 3), [3, 3]),
    C("channels last format", T([2, 3, 4, 5]), [2, 3, 4, 5], memory_format=torch_channels_last),
    C("negative refused", T([2, 3]), [-1]),
]
CASES["resize_as_"] = [
    C("grow", T([2, 3]), T([4, 5])),
    C("cuda self, cpu template", T([2, 3], device="cuda"), T([4, 5])),
    C("same", T([2, 3]), T([2, 3])),
    C("transposed template", T([2, 3]), tr(3, 4)),
    C("transposed self same", tr(2, 3), T([2, 3])),
    C("other dtype template", T([2, 3]), T([6], dtype=i64)),
    C("channels last format", T([2, 3, 4, 5]), T([2, 3, 4, 5]), memory_format=torch_channels_last),
]
CASES["nonzero_numpy"] = [
    C("matrix", T([2, 3])),
    C("vector", T([4], dtype=i64)),
    C("zero-dim", T([])),
    C("three dims", T([2, 3, 4], dtype=b8)),
]

CASES["linalg_multi_dot"] = [
    C("three matrices", [T([2, 3]), T([3, 4]), T([4, 5])]),
    C("vector first", [T([3]), T([3, 4]), T([4, 5])]),
    C("vector last", [T([2, 3]), T([3, 4]), T([4])]),
    C("vectors at both ends", [T([3]), T([3, 4]), T([4])]),
    C("two matrices", [T([2, 3]), T([3, 4])]),
    C("four matrices", [T([2, 3]), T([3, 4]), T([4, 5]), T([5, 2])]),
    C("transposed", [tr(2, 3), T([3, 4])]),
    C("float64", [T([2, 3], dtype=f64), T([3, 4], dtype=f64)]),
    C("one tensor refused", [T([2, 3])]),
    C("mixed dtypes refused", [T([2, 3]), T([3, 4], dtype=f64)]),
    C("size mismatch refused", [T([2, 3]), T([4, 5])]),
    C("three dims refused", [T([2, 3]), T([2, 3, 4])]),
]
CASES["linalg_vander"] = [
    C("vector", T([4])),
    C("columns", T([4]), N=3),
    C("batch", T([2, 4])),
    C("int64", T([4], dtype=i64)),
    C("bool refused", T([4], dtype=b8)),
    C("zero-dim refused", T([])),
    C("N zero refused", T([4]), N=0),
    C("N one", T([4]), N=1),
]
SYMBOLIC += [
    ("linalg_vander of a symbolic N", "linalg_vander", C("", D([4], "x"), N=S(3, "n"))),
]
for _op in ["quantile.scalar", "nanquantile.scalar"]:
    CASES[_op] = [
        C("every element", T([2, 3]), 0.5),
        C("one dim", T([2, 3]), 0.5, 1),
        C("kept dim", T([2, 3]), 0.5, 0, True),
        C("kept every element", T([2, 3]), 0.5, None, True),
        C("float64", T([4], dtype=f64), 0.25),
        C("transposed", tr(2, 3), 0.5, 0),
        C("zero-dim", T([]), 0.5),
        C("lower", T([2, 3]), 0.5, 1, interpolation="lower"),
        C("unknown interpolation refused", T([2, 3]), 0.5, 1, interpolation="upper"),
        C("q out of range refused", T([2, 3]), 1.5),
        C("int64 refused", T([3], dtype=i64), 0.5),
        C("empty dim", T([0, 3]), 0.5, 0),
    ]
# Of a tensor q (a vector or a zero-dim tensor). The fake tensors hold no
# values, so the q values are not checked (as FakeTensorMode does not).
for _op in ["quantile", "nanquantile"]:
    CASES[_op] = [
        C("vector q over a dim", T([4, 5]), T([2]), 1),
        C("vector q over a kept dim", T([4, 5]), T([2]), 1, True),
        C("vector q over every element", T([4, 5]), T([3])),
        C("vector q over every element kept", T([4, 5]), T([3]), None, True),
        C("zero-dim q over a dim", T([4, 5]), T([]), 1),
        C("zero-dim q over every element", T([4, 5]), T([])),
        C("zero-dim q over a kept dim", T([4, 5]), T([]), 0, True),
        C("middle of three dims", T([2, 3, 4]), T([3]), 1),
        C("negative dim kept", T([2, 3, 4]), T([3]), -1, True),
        C("transposed self", tr(4, 5), T([2]), 0),
        C("transposed self over a kept dim", tr(4, 5), T([2]), 1, True),
        C("transposed self over every element", tr(4, 5), T([2])),
        C("float64", T([4, 5], dtype=f64), T([2], dtype=f64), 1),
        C("zero-dim self", T([]), T([2])),
        C("zero-dim self over a kept dim 0", T([]), T([2]), 0, True),
        C("empty q", T([4, 5]), T([0]), 1),
        C("one q", T([4, 5]), T([1]), 0),
        C("lower", T([2, 3, 4]), T([3]), 1, interpolation="lower"),
        C("higher", T([2, 3, 4]), T([3]), 1, interpolation="higher"),
        C("midpoint", T([2, 3, 4]), T([3]), 1, interpolation="midpoint"),
        C("nearest zero-dim q", T([4, 5]), T([]), interpolation="nearest"),
        C("cuda", T([4, 5], device="cuda"), T([2], device="cuda"), 1),
        C("q of another dtype refused", T([4, 5]), T([2], dtype=f64), 1),
        C("int64 q refused", T([4, 5]), T([2], dtype=i64), 1),
        C("2-D q refused", T([4, 5]), T([2, 1]), 1),
        C("2-D q of another dtype refused", T([4, 5]), T([2, 2], dtype=f64), 1),
        C("int64 self refused", T([4, 5], dtype=i64), T([2], dtype=i64), 1),
        C("2-D q and int64 self refused", T([4, 5], dtype=i64), T([2, 2]), 1),
        C("float16 self refused", T([4, 5], dtype=f16), T([2], dtype=f16), 1),
        C("empty self refused", T([0, 5]), T([2]), 1),
        C("empty self and q of another dtype refused", T([0, 5]), T([2], dtype=f64), 1),
        C("unknown interpolation refused", T([4, 5]), T([2]), 1, interpolation="upper"),
        C("unknown interpolation and empty self refused", T([0, 5]), T([2]), 1, interpolation="upper"),
        C("dim out of range refused", T([4, 5]), T([2]), 2),
        C("dim out of range and int64 self refused", T([4, 5], dtype=i64), T([2], dtype=i64), 2),
        C("q on another device refused", T([4, 5]), T([2], device="cuda"), 1),
        C("zero-dim cpu q with a cuda self refused", T([4, 5], device="cuda"), T([]), 1),
    ]
CASES["linalg_tensorinv"] = [
    C("square", T([4, 6, 8, 3])),
    C("ind one", T([6, 2, 3]), 1),
    C("ind three", T([2, 3, 4, 24]), 3),
    C("float64", T([2, 3, 6], dtype=f64)),
    C("not square refused", T([2, 3, 4, 5])),
    C("ind zero refused", T([4, 4]), 0),
    C("int64 refused", T([2, 2, 4], dtype=i64)),
]
CASES["linalg_tensorsolve"] = [
    C("square", T([2, 3, 6]), T([2, 3])),
    C("four dims", T([6, 4, 4, 3, 2]), T([6, 4])),
    C("dims", T([6, 4, 4, 3, 2]), T([4, 3]), [1, 2]),
    C("float64", T([2, 3, 6], dtype=f64), T([2, 3], dtype=f64)),
    C("mismatch refused", T([2, 3, 6]), T([3, 2])),
    C("not square refused", T([2, 3, 5]), T([2, 3])),
]
for _op in ["linalg_matrix_norm", "linalg_matrix_norm.str_ord"]:
    # (an infinite order cannot be written in a fixture: JSON has no infinity)
    _ords = [2, -2, 1, -1] if "str" not in _op else ["fro", "nuc"]
    CASES[_op] = [C(f"ord {o}", T([3, 4]), o) for o in _ords] + [
        C("batch", T([2, 3, 4]), _ords[1]),
        C("kept", T([2, 3, 4]), _ords[0], keepdim=True),
        C("kept second", T([2, 3, 4]), _ords[1], keepdim=True),
        C("dims", T([3, 2, 4]), _ords[0], [0, 2]),
        C("dims reversed kept", T([3, 2, 4]), _ords[1], [2, 0], True),
        C("dtype", T([3, 4]), _ords[0], dtype=f64),
        C("transposed", tr(3, 4), _ords[0]),
        C("complex64", T([3, 4], dtype=c64), _ords[1]),
        C("float16", T([3, 4], dtype=f16), _ords[0]),
        C("vector refused", T([4]), _ords[0]),
        C("int64 refused", T([3, 4], dtype=i64), _ords[0]),
        C("same dims refused", T([3, 4]), _ords[0], [1, 1]),
        C("three dims refused", T([3, 4, 5]), _ords[0], [0, 1, 2]),
    ]
CASES["linalg_matrix_norm"].append(C("ord 3 refused", T([3, 4]), 3))
# A positive order over an empty dim gives zeros (`amax` has no
# identity); a negative one is refused by `amin`.
CASES["linalg_matrix_norm"] += [
    C("ord 2 of an empty matrix", T([0, 4]), 2),
    C("ord 1 of a matrix of empty rows", T([3, 0]), 1),
    C("ord 2 of an empty matrix kept", T([2, 3, 0]), 2, [-2, -1], True),
    C("ord -1 of a matrix of empty rows refused", T([3, 0]), -1),
    C("ord -2 of an empty batch", T([0, 3, 4]), -2),
]
CASES["linalg_matrix_norm.str_ord"].append(C("unknown ord refused", T([3, 4]), "abc"))
CASES["linalg_norm"] = [
    C("vector", T([4])),
    C("matrix", T([3, 4])),
    C("matrix ord", T([3, 4]), 1),
    C("matrix ord 2", T([3, 4]), 2),
    C("vector ord", T([4]), 3),
    C("one dim", T([3, 4]), None, [1]),
    C("one dim ord", T([3, 4]), 1, [0], True),
    C("two dims ord", T([2, 3, 4]), -1, [0, 2]),
    C("batch without ord", T([2, 3, 4])),
    C("dtype", T([3, 4]), None, None, False, dtype=f64),
    C("transposed", tr(3, 4), 1),
    C("three dims with ord refused", T([2, 3, 4]), 1),
    C("three dims listed refused", T([2, 3, 4]), 1, [0, 1, 2]),
]
CASES["linalg_norm.ord_str"] = [
    C("fro", T([3, 4]), "fro"),
    C("nuc", T([3, 4]), "nuc"),
    C("nuc kept", T([2, 3, 4]), "nuc", [1, 2], True),
    C("fro dims", T([2, 3, 4]), "fro", [0, 2]),
    C("vector refused", T([4]), "fro"),
    C("three dims refused", T([2, 3, 4]), "fro"),
]
CASES["linalg_cond"] = [
    C("default", T([3, 3])),
    C("rectangular", T([3, 4])),
    C("batch", T([2, 3, 3])),
    C("ord 1", T([3, 3]), 1),
    C("ord -2", T([3, 3]), -2),
    C("complex64", T([3, 3], dtype=c64)),
    C("complex64 ord 1", T([3, 3], dtype=c64), 1),
    C("empty", T([0, 0])),
    C("float64 batch ord -1", T([2, 3, 3], dtype=f64), -1),
    C("rectangular ord 1 refused", T([3, 4]), 1),
    C("vector refused", T([3])),
    C("ord 3 refused", T([3, 3]), 3),
]

CASES["histogram.bin_ct"] = [
    C("vector", T([5]), 4),
    # No meta kernel: ATen's kernel runs on zeros of the fake device.
    C("on meta refused", T([5], device="meta"), 4),
    C("default bins", T([5])),
    C("matrix", T([2, 3]), 4),
    C("range", T([5]), 4, range=[0.0, 1.0]),
    C("weight", T([5]), 4, weight=T([5])),
    C("density", T([5]), 4, density=True),
    C("float64", T([5], dtype=f64), 3),
    C("transposed", tr(2, 3), 4),
    C("zero-dim", T([]), 2),
    C("int64 refused", T([5], dtype=i64), 4),
    C("zero bins refused", T([5]), 0),
    C("weight dtype refused", T([5]), 4, weight=T([5], dtype=f64)),
    C("weight size refused", T([5]), 4, weight=T([4])),
    C("reversed range refused", T([5]), 4, range=[1.0, 0.0]),
    # Half precision: counted, but edges are inferred from the data only
    # in single and double precision.
    C("float16 with a range", T([5], dtype=f16), 4, range=[0.0, 1.0]),
    C("bfloat16 with a range", T([5], dtype=torch.bfloat16), 4, range=[0.0, 1.0]),
    C("empty float16", T([0], dtype=f16), 4),
    C("int64 with a range refused", T([5], dtype=i64), 4, range=[0.0, 1.0]),
]
CASES["histogram.bins_tensor"] = [
    C("vector", T([5]), T([4])),
    C("matrix", T([2, 3]), T([3])),
    C("weight", T([5]), T([4]), weight=T([5])),
    C("transposed bins", T([5]), T([4, 1], then=lambda t: t.reshape(4))),
    C("bins dtype refused", T([5]), T([4], dtype=f64)),
    C("empty bins refused", T([5]), T([0])),
    C("one edge, no bin refused", T([5]), T([1])),
    C("one edge, no bin, int64 refused", T([5], dtype=i64), T([1], dtype=i64)),
    C("matrix bins refused", T([5]), T([2, 2])),
    C("float16", T([5], dtype=f16), T([4], dtype=f16)),
    C("bfloat16", T([5], dtype=torch.bfloat16), T([4], dtype=torch.bfloat16)),
    C("int64 refused", T([5], dtype=i64), T([4], dtype=i64)),
]
CASES["histogramdd"] = [
    C("two dims", T([5, 2]), [3, 4]),
    C("one dim", T([5, 1]), [3]),
    C("batch", T([2, 5, 3]), [2, 3, 4]),
    C("weight", T([5, 2]), [3, 4], weight=T([5])),
    C("range", T([5, 2]), [3, 4], range=[0.0, 1.0, 0.0, 2.0]),
    C("float64", T([5, 2], dtype=f64), [3, 4]),
    C("bins mismatch refused", T([5, 2]), [3]),
    C("int64 refused", T([5, 2], dtype=i64), [3, 4]),
]
CASES["histogramdd.int_bins"] = [
    C("two dims", T([5, 2]), 3),
    C("weight", T([5, 2]), 3, weight=T([5])),
]
CASES["histogramdd.TensorList_bins"] = [
    C("two dims", T([5, 2]), [T([3]), T([4])]),
    C("weight", T([5, 2]), [T([3]), T([4])], weight=T([5])),
    C("bins mismatch refused", T([5, 2]), [T([3])]),
    C("bins dtype refused", T([5, 2]), [T([3]), T([4], dtype=f64)]),
]
CASES["_histogramdd_bin_edges"] = [
    C("two dims", T([5, 2]), [3, 4]),
    C("batch", T([2, 5, 3]), [2, 3, 4]),
    C("float64", T([5, 1], dtype=f64), [3]),
    C("bins mismatch refused", T([5, 2]), [3]),
]
CASES["_histogramdd_from_bin_cts"] = [
    C("two dims", T([5, 2]), [3, 4]),
    C("batch", T([2, 5, 3]), [2, 3, 4]),
    C("float64", T([5, 1], dtype=f64), [3]),
    C("bins mismatch refused", T([5, 2]), [3]),
]
CASES["_histogramdd_from_bin_tensors"] = [
    C("two dims", T([5, 2]), [T([3]), T([4])]),
    C("float64", T([5, 1], dtype=f64), [T([3], dtype=f64)]),
    C("bins mismatch refused", T([5, 2]), [T([3])]),
]


def out_variant_cases(*args, shape, **kw):
    """Cases of a derived `out=` overload: an out of the result's sizes, an
    empty one (resized), a transposed one of the result's sizes (kept when
    2-D), an int64 one (the cast refused unless the result is integral)
    and a float64 one (a safe cast, refused where the dtype must be
    exact)."""
    cases = [
        C("out of the same shape", *args, out=T(shape), **kw),
        C("empty out is resized", *args, out=T([0]), **kw),
        C("int64 out", *args, out=T(shape, dtype=i64), **kw),
        C("float64 out", *args, out=T(shape, dtype=f64), **kw),
    ]
    if len(shape) == 2:
        cases.append(C("transposed out", *args, out=tr(*shape), **kw))
    return cases


for _op in ["cauchy", "exponential", "geometric", "log_normal", "uniform"]:
    _extra = (0.5,) if _op == "geometric" else ()
    CASES[_op + ".out"] = out_variant_cases(T([2, 3]), *_extra, shape=[2, 3])
CASES["addr.out"] = out_variant_cases(T([2, 3]), T([2]), T([3]), shape=[2, 3])
CASES["addr_"] = [
    C("float self", T([2, 3]), T([2]), T([3])),
    C("transposed self", tr(2, 3), T([2]), T([3])),
    C("int64 self with float vectors refused", T([2, 3], dtype=i64), T([2]), T([3])),
    C("broadcast self resized", T([3]), T([2]), T([3])),
]
KEEP_DERIVED = {"addr_"}
SYMBOLIC += [
    # `addr` with `self` as its out: a `self` of other sizes is resized.
    ("addr_ of a dynamic self of other sizes", "addr_", C("", D([3], "self"), D([2], "vec1"), D([3], "vec2"))),
]
CASES["diag_embed.out"] = out_variant_cases(T([3]), shape=[3, 3])
CASES["block_diag.out"] = out_variant_cases([T([2, 3]), T([1, 1])], shape=[3, 4])
CASES["rot90.out"] = out_variant_cases(T([2, 3]), shape=[3, 2])
CASES["renorm.out"] = out_variant_cases(T([2, 3]), 2, 0, 1.0, shape=[2, 3])
CASES["renorm_"] = [
    C("float self", T([2, 3]), 2, 0, 1.0),
    C("transposed self", tr(2, 3), 2, 1, 1.0),
    C("int64 self refused", T([2, 3], dtype=i64), 2, 0, 1.0),
]
for _op in ["quantile.scalar_out", "nanquantile.scalar_out"]:
    CASES[_op] = out_variant_cases(T([2, 3]), 0.5, 1, shape=[2])
for _op in ["quantile.out", "nanquantile.out"]:
    CASES[_op] = out_variant_cases(T([4, 5]), T([2]), 1, shape=[2, 4]) + [
        C("zero-dim q, empty out", T([4, 5]), T([]), 1, out=T([0])),
        C("kept dims, empty out", T([4, 5]), T([3]), None, True, out=T([0])),
        C("out of another shape is resized", T([2, 3, 4]), T([3]), 1, out=T([3, 3])),
        C("transposed self, empty out", tr(4, 5), T([2]), 0, out=T([0])),
        C("2-D q and float64 out refused", T([4, 5]), T([2, 2]), 1, out=T([0], dtype=f64)),
        C("out on another device refused", T([4, 5]), T([2]), 1, out=T([0], device="cuda")),
    ]
CASES["_histogramdd_from_bin_cts.out"] = out_variant_cases(T([5, 2]), [3, 4], shape=[3, 4])


def expanded(*sizes, to, **kw):
    """An input of `sizes` expanded to `to` (stride 0 where it broadcasts)."""
    return T(list(sizes), then=lambda t: t.expand(*to), **kw)


for _op in ["cauchy", "exponential", "log_normal", "uniform", "normal_functional"]:
    CASES[_op].append(C("expanded", expanded(3, 1, to=(3, 4))))
# `prims.normal` restrided as `compute_elementwise_output_strides(self)`.
CASES["normal_functional"].append(C("an empty strided vector", T([0], strides=[2])))
CASES["geometric"].append(C("expanded", expanded(3, 1, to=(3, 4)), 0.5))
CASES["rot90"] += [
    C("twice transposed", tr(2, 3), 2),
    C("none channels last", cl(2, 3, 4, 5), 0, [2, 3]),
    C("expanded", expanded(3, 1, to=(3, 4)), 1),
]
CASES["diag_embed"] += [
    C("complex64 offset", T([2, 3], dtype=c64), -1, 2, 0),
    C("expanded", expanded(1, 3, to=(2, 3))),
    # Its reference's masking step gives size-1 dims strides of their own,
    # which the closing `contiguous()` keeps.
    C("a batch of one with an offset", T([1, 4]), 1, 0, 1),
    C("a batch of one at the front", T([1, 2]), 0, 0, 1),
    C("size-1 dims, float16", T([1, 1, 2], strides=[6, 3, 1], dtype=f16), 1, 0, 1),
    C("a permuted size-1 middle dim", T([4, 1, 4], strides=[1, 4, 4], dtype=bf16), -1, 0, 1),
    C("a size-1 tail, negative offset", T([3, 1, 1], strides=[1, 1, 1], dtype=f64), -1, 0, 1),
]
CASES["kron"] += [
    C("channels last", cl(1, 2, 2, 2), T([2, 1, 1, 1])),
    C("both zero-dim", T([]), T([])),
    C("bool", T([2], dtype=b8), T([2], dtype=b8)),
]
CASES["inner"] += [
    C("batches", T([2, 3, 4]), T([5, 4])),
    C("both transposed", tr(2, 3), tr(4, 3)),
    C("complex64", T([2, 3], dtype=c64), T([3], dtype=c64)),
]
CASES["sum_to_size"] += [
    C("expanded same size", expanded(3, 1, to=(3, 4)), [3, 4]),
    C("expanded summed", expanded(3, 1, to=(3, 4)), [3, 1]),
    C("channels last summed", cl(2, 3, 4, 5), [1, 3, 1, 1]),
]
CASES["take_along_dim"] += [
    C("transposed flattened refused", tr(3, 4), T([5], dtype=i64)),
    C("transposed indices", T([3, 4]), tr(3, 2, dtype=i64), 1),
    C("zero-dim", T([]), T([], dtype=i64), 0),
]
CASES["addr"] += [
    C("beta zero transposed self", tr(2, 3), T([2]), T([3]), beta=0),
    C("complex alpha", T([2, 3], dtype=c64), T([2], dtype=c64), T([3], dtype=c64), alpha=1j),
    C("expanded self", expanded(2, 1, to=(2, 3)), T([2]), T([3])),
]
CASES["block_diag"] += [
    C("complex and bool", [T([2, 2], dtype=c64), T([1], dtype=b8)]),
    C("zero-dim int", [T([], dtype=i64), T([], dtype=i32)]),
]
CASES["renorm"] += [
    C("expanded", expanded(3, 1, to=(3, 4)), 2, 0, 1.0),
    C("complex64", T([2, 3], dtype=c64), 2, 0, 1.0),
]
CASES["linalg_vander"] += [
    C("complex64", T([3], dtype=c64)),
    C("int32", T([3], dtype=i32)),
    C("transposed batch", tr(4, 2)),
]
CASES["quantile.scalar"] += [
    C("zero-dim kept", T([]), 0.5, 0, True),
    C("negative dim", T([2, 3, 4]), 0.25, -2, True),
]
for _op in ["trapezoid.x", "cumulative_trapezoid.x"]:
    CASES[_op] += [
        C("int y float x", T([2, 5], dtype=i64), T([5])),
        C("x of the same rank broadcast", T([3, 5]), T([1, 5])),
        C("channels last y", cl(2, 3, 4, 5), T([5])),
        C("dim out of range", T([2, 5]), T([5]), dim=2),
    ]
CASES["_unsafe_masked_index"] += [
    C("channels last self", cl(2, 3, 4, 5), T([2, 1, 1], dtype=b8), [None, T([2], dtype=i64)], 0.0),
    C("int64 self", T([4, 5], dtype=i64), T([3, 5], dtype=b8), [T([3, 1], dtype=i64)], 2),
]
CASES["resize"] += [
    C("channels last other sizes", cl(2, 3, 4, 5), [2, 3, 4, 4]),
    C("storage offset same", off(2, 3), [2, 3]),
]
CASES["combinations"] += [
    C("triples with replacement", T([3]), 3, True),
    C("empty vector", T([0])),
    C("int64", T([4], dtype=i64)),
]
CASES["gradient.scalarint"] += [
    C("negative dim", T([3, 4]), dim=-1),
    C("float16", T([3, 4], dtype=f16)),
    C("complex64", T([3, 4], dtype=c64)),
    C("dim out of range", T([3, 4]), dim=2),
    # A zero-dim input has no dim to differentiate along: no subtraction,
    # so a bool one gives an empty list too.
    C("zero-dim bool", T([], dtype=b8)),
]
CASES["diag"] += [
    C("int64 vector", T([3], dtype=i64)),
    C("channels last-ish matrix", T([4, 3], then=lambda t: t[::2]), 0),
]
CASES["cartesian_prod"] += [
    C("sliced vectors", [T([6], then=lambda t: t[::2]), T([3])]),
]
CASES["_chunk_cat"] += [
    C("different ranks", [T([2, 4]), T([2, 4, 3])], 1, 2),
    C("float16", [T([3, 4], dtype=f16)], 1, 3),
]

SYMBOLIC += [
    # A chunk dim not known to divide: `constant_pad_nd` by a symbolic
    # amount, which a plain fake mode refuses (ATen's `IntArrayRef`).
    ("_chunk_cat padding a dynamic dim", "_chunk_cat", C("", [D([6, 6], "x")], 0, 4)),
    ("_chunk_cat of a dynamic dim it divides", "_chunk_cat", C("", [D([8, 6], "x", ["static", "dynamic"])], 0, 4)),
    ("diag_embed of a dynamic batch with an offset", "diag_embed", C("", D([2, 3], "x"), 2, 0, 2)),
    ("diag of a dynamic matrix", "diag", C("", D([3, 4], "x"), 1)),
    ("rot90 of a dynamic tensor twice", "rot90", C("", D([2, 3, 4], "x"), 2, [0, 2])),
    ("block_diag of dynamic matrices and a vector", "block_diag", C("", [D([2, 3], "a"), D([4], "b")])),
    ("addr of a dynamic broadcast self", "addr", C("", D([1, 3], "s", ["static", "dynamic"]), D([2], "u"), D([3], "v"))),
    ("vsplit of a dynamic tensor into indices", "vsplit.array", C("", D([6, 4], "x"), [2, 5])),
    ("dsplit of a dynamic tensor into sections", "dsplit.int", C("", D([2, 3, 6], "x"), 3)),
    ("sum_to_size of dynamic leading dims", "sum_to_size", C("", D([4, 2, 3], "x"), [1, 3])),
    ("inner of dynamic batches", "inner", C("", D([2, 3, 4], "x"), D([5, 4], "y"))),
    ("trapezoid of a dynamic first dim", "trapezoid.x", C("", D([4, 3], "y"), D([4], "x"), dim=0)),
    ("cumulative_trapezoid of a dynamic x of the same rank", "cumulative_trapezoid.x",
     C("", D([2, 5], "y"), D([2, 5], "x"))),
    ("linalg_norm of a dynamic matrix of order 1", "linalg_norm", C("", D([3, 4], "x"), 1)),
    ("linalg_matrix_norm of a dynamic batch of order -1 kept", "linalg_matrix_norm",
     C("", D([2, 3, 4], "x"), -1, keepdim=True)),
    ("linalg_matrix_norm nuc of a dynamic batch", "linalg_matrix_norm.str_ord", C("", D([2, 3, 4], "x"), "nuc")),
    ("linalg_cond of a dynamic batch of order 1", "linalg_cond", C("", D([2, 3, 3], "x"), 1)),
    ("linalg_tensorsolve of dynamic sizes", "linalg_tensorsolve", C("", D([2, 3, 6], "a"), D([2, 3], "b"))),
    ("quantile of a dynamic tensor over a dim", "quantile.scalar", C("", D([3, 4], "x"), 0.5, 1, True)),
    ("quantile of a dynamic tensor by a vector over a kept dim", "quantile",
     C("", D([3, 4], "x"), T([2]), 1, True)),
    ("quantile of a dynamic tensor by a dynamic vector over every element", "quantile",
     C("", D([3, 4], "x"), D([5], "q"))),
    ("quantile of a dynamic tensor by a dynamic vector over every element kept", "quantile",
     C("", D([3, 4], "x"), D([5], "q"), None, True)),
    ("quantile of a dynamic tensor by a zero-dim q over a dim", "quantile", C("", D([3, 4], "x"), T([]), 0)),
    ("quantile of three dynamic dims over the middle", "quantile", C("", D([2, 3, 4], "x"), D([5], "q"), 1)),
    ("quantile of a transposed tensor over its dynamic dim", "quantile",
     C("", D([3, 4], "x", ["static", "dynamic"], strides=[1, 3]), D([2], "q"), 1, interpolation="lower")),
    ("quantile of a dynamic size-1 dim", "quantile", C("", D([1, 4], "x"), T([2]), 0)),
    ("quantile of a dynamic tensor into an empty out", "quantile.out",
     C("", D([3, 4], "x"), D([2], "q"), 1, out=T([0]))),
    ("nanquantile of a dynamic tensor by a dynamic vector over the last dim", "nanquantile",
     C("", D([3, 4], "x"), D([3], "q"), -1, interpolation="nearest")),
    ("nanquantile of a dynamic tensor by a zero-dim q over every element", "nanquantile",
     C("", D([3, 4], "x"), T([]), interpolation="midpoint")),
    ("nanquantile of a transposed dynamic tensor into an empty out", "nanquantile.out",
     C("", D([3, 4], "x", ["static", "dynamic"], strides=[1, 3]), T([2]), 1, True, out=T([0]))),
    ("take_along_dim of dynamic flattened indices", "take_along_dim", C("", D([3, 4], "x"), D([5], "i", dtype=i64))),
    ("take_along_dim of a dynamic input broadcast along a dynamic batch", "take_along_dim",
     C("", D([1, 4], "x"), D([3, 2], "i", dtype=i64), 1)),
    ("take_along_dim of dynamic indices broadcast along a dynamic batch", "take_along_dim",
     C("", D([2, 4], "x"), D([1, 2], "i", dtype=i64), 1)),
    ("take_along_dim of a dynamic input and indices of one batch", "take_along_dim",
     C("", D([3, 4], "x"), D([3, 2], "i", dtype=i64), 1)),
    ("take_along_dim of three dynamic dims, both broadcast", "take_along_dim",
     C("", D([5, 1, 2], "x"), D([1, 3, 2], "i", dtype=i64), 1)),
    ("_unsafe_masked_index of a dynamic mask", "_unsafe_masked_index",
     C("", T([4, 5]), D([3, 5], "m", dtype=b8), [D([3, 1], "i", dtype=i64)], 0.0)),
    ("gradient of a dynamic matrix along one dim", "gradient.scalarint", C("", D([3, 4], "x"), dim=1)),
    ("combinations of a dynamic vector with replacement", "combinations", C("", D([4], "x"), 2, True)),
    ("cartesian_prod of three dynamic vectors", "cartesian_prod", C("", [D([2], "a"), D([3], "b"), D([4], "c")])),
    ("resize_as_ to a dynamic template", "resize_as_", C("", T([2, 3]), D([4, 5], "t"))),
]

CASES["randint"].append(C("explicit None dtype", 5, [3], dtype=None))
CASES["linalg_norm"] += [
    C("narrowing dtype refused", T([3, 4]), None, None, False, dtype=f16),
    C("complex input real dtype refused", T([3, 4], dtype=c64), 1, dtype=f64),
    C("complex input", T([3, 4], dtype=c64), 1),
    C("int64 refused", T([3, 4], dtype=i64)),
]
CASES["linalg_matrix_norm"] += [
    C("narrowing dtype refused", T([3, 4], dtype=f64), 1, dtype=f32),
    C("int dtype refused", T([3, 4]), -1, dtype=i64),
]
CASES["linalg_cond"] += [
    C("int64 refused", T([3, 3], dtype=i64)),
    C("float16 refused", T([3, 3], dtype=f16), 1),
]
CASES["linalg_multi_dot"] += [
    C("vectors only", [T([3]), T([3])]),
    C("middle vector refused", [T([2, 3]), T([3]), T([3, 4])]),
]
CASES["linalg_tensorinv"] += [
    C("complex64", T([2, 3, 6], dtype=c64)),
    C("zero-dim refused", T([])),
]

CASES["diag.out"] = out_variant_cases(T([3]), shape=[3, 3])
# A matrix's diagonal goes through `diagonal_copy.out`, which wants
# exactly the result's dtype; a vector's embedding casts.
CASES["diag.out"] += [
    C("matrix into a float64 out refused", T([2, 3]), out=T([0], dtype=f64)),
    C("row into a float16 out refused", T([1, 3]), 1, out=T([0], dtype=f16)),
    C("matrix into an empty out", T([3, 4]), -1, out=T([0])),
    C("matrix into an out of the result's shape", T([3, 3]), out=T([3])),
]
CASES["kron.out"] = out_variant_cases(T([2, 1]), T([1, 3]), shape=[2, 3]) + [
    # `KronImpl::kron_out` writes the product through a view of the
    # resized out: a transposed input, whose product the functional
    # cannot view, is taken.
    C("a transposed input into an empty out", T([2, 3], strides=[1, 2]), T([3, 2]), out=T([0])),
]
CASES["_chunk_cat.out"] = out_variant_cases([T([4, 3]), T([6, 3])], 0, 2, shape=[2, 15])
CASES["linalg_matrix_norm.out"] = out_variant_cases(T([2, 3, 4]), 1, shape=[2])
CASES["linalg_multi_dot.out"] = out_variant_cases([T([2, 3]), T([3, 4]), T([4, 2])], shape=[2, 2])
CASES["addr"] += [
    C("bool beta on float refused", T([2, 3]), T([2]), T([3]), beta=True),
    C("bool with float alpha refused", T([2, 3], dtype=b8), T([2], dtype=b8), T([3], dtype=b8), alpha=0.5),
    C("bool beta zero", T([2, 3], dtype=b8), T([2], dtype=b8), T([3], dtype=b8), beta=False),
    C("bool alpha zero", T([2, 3], dtype=b8), T([2], dtype=b8), T([3], dtype=b8), alpha=False),
    C("int beta zero", tr(2, 3, dtype=i64), T([2], dtype=i64), T([3], dtype=i64), beta=0),
]
CASES["block_diag"] += [C("devices differ refused", [T([2, 2]), T([1, 1], device="cuda")])]
CASES["quantile.scalar"] += [
    C("dim out of range", T([2, 3]), 0.5, 2),
    C("cuda", T([2, 3], device="cuda"), 0.5, 1),
]
CASES["rot90"] += [C("k minus six", T([2, 3]), -6), C("k five", T([2, 3, 4]), 5, [2, 1])]
CASES["diagflat"] += [C("large negative offset", T([2, 2]), -7), C("int64", T([3], dtype=i64), 1)]
CASES["cauchy"] += [C("cuda", T([2, 3], device="cuda")), C("bfloat16", T([3], dtype=torch.bfloat16))]
CASES["renorm"] += [C("complex maxnorm refused", T([2, 3]), 2, 0, 1j), C("complex p refused", T([2, 3]), 1j, 0, 1.0)]
CASES["histogram.bin_ct"] += [C("float16 refused", T([5], dtype=f16), 4), C("range of three refused", T([5]), 4, range=[0.0, 1.0, 2.0])]
CASES["hsplit.array"] += [C("negative indices", T([4, 6, 8]), [-4, -1]), C("transposed", tr(4, 6), [2])]
CASES["vsplit.int"] += [C("negative sections refused", T([4, 6]), -2)]
CASES["trapezoid.x"] += [C("zero-dim y refused", T([]), T([])), C("zero-dim y, vector x refused", T([]), T([1]))]
CASES["cumulative_trapezoid.x"] += [C("one sample", T([2, 1]), T([1])),
                                    C("zero-dim y, vector x refused", T([]), T([1]))]
CASES["trapz.x"] += [C("zero-dim y, vector x refused", T([]), T([1]))]
CASES["gradient.scalarint"] += [C("zero-dim", T([])), C("edge order 3 refused", T([5, 5]), edge_order=3),
                                C("zero-dim along dim 0 refused", T([]), dim=0)]
CASES["_unsafe_masked_index_put_accumulate"] += [
    C("values not broadcastable refused", T([4, 5]), T([3, 1], dtype=b8), [T([3], dtype=i64)], T([2, 5])),
    C("int64 self", T([4, 5], dtype=i64), T([3, 1], dtype=b8), [T([3], dtype=i64)], T([3, 5], dtype=i64)),
]
CASES["resize_as_"] += [
    C("preserve format from a channels-last template", T([2, 3, 4, 5]), cl(2, 3, 4, 5),
      memory_format=torch.preserve_format),
    C("storage offset kept", off(2, 3), T([3, 3])),
]
CASES["nonzero_numpy"] += [C("cuda", T([2, 3], device="cuda")), C("transposed", tr(2, 3))]
CASES["sum_to_size"] += [C("more dims refused", T([2, 3]), [1, 2, 3])]
CASES["kron"] += [C("zero-dim and matrix", T([]), T([2, 3]))]
CASES["inner"] += [C("vector and batch", T([3]), T([2, 4, 3]))]
CASES["linalg_matrix_norm"] += [
    C("order 1 dims reversed", T([3, 2, 4]), 1, [2, 0]),
    C("order -1 dims reversed kept", T([3, 2, 4]), -1, [2, 0], True),
    C("order 1 transposed kept", tr(3, 4), 1, keepdim=True),
    C("order 2 complex dtype", T([3, 4], dtype=c64), 2, dtype=torch.complex128),
]
CASES["linalg_norm"] += [
    C("two dims without ord", T([2, 3, 4]), None, [0, 2]),
    C("two dims ord 2 kept", T([2, 3, 4]), 2, [2, 1], True),
    C("zero-dim", T([])),
]
CASES["linalg_tensorsolve"] += [
    C("dims moved", T([3, 2, 6]), T([2, 3]), [0]),
    C("float64 four dims", T([2, 3, 6, 1], dtype=f64), T([2, 3], dtype=f64)),
    C("more dims than self refused", T([]), T([0, 3]), [2]),
    C("two dims of a vector refused", T([6]), T([2, 3]), [0, -1]),
    # `sizes().slice(other.dim(), ndim - other.dim()).vec()`: `other` of
    # more dims than `self` is refused, even where the products match.
    C("other of more dims refused", T([6, 1]), T([6, 1, 1])),
    C("zero-dim self, one-element other refused", T([]), T([1])),
    C("zero-dim both", T([]), T([])),
]
CASES["linalg_multi_dot"] += [
    C("empty inner", [T([2, 0]), T([0, 3])]),
    C("five matrices", [T([2, 3]), T([3, 4]), T([4, 5]), T([5, 6]), T([6, 2])]),
]
CASES["linalg_vander"] += [C("N larger", T([3]), N=5)]
CASES["linalg_cond"] += [C("complex batch ord -1", T([2, 3, 3], dtype=c64), -1), C("transposed", tr(3, 3))]

# ---- tensor_split by sections or indices, trapezoids by a spacing, vander, view.dtype ----

CASES["tensor_split.sections"] = [
    C("even", T([6, 2]), 3),
    C("uneven", T([7, 2]), 3),
    C("more sections than elements", T([2, 3]), 4),
    C("last dim", T([2, 7]), 3, -1),
    C("transposed", tr(5, 4), 2, 1),
    C("offset", off(7, 2), 3),
    C("one section", T([4]), 1),
    C("zero sections refused", T([4]), 0),
    C("zero-dim refused", T([]), 2),
    C("dim out of range refused", T([4]), 2, 1),
]
CASES["tensor_split.indices"] = [
    C("two indices", T([7, 2]), [1, 4]),
    C("unordered and past the end", T([7, 2]), [5, 2, 9]),
    C("negative indices", T([7, 2]), [-2, -1]),
    C("no indices", T([4, 3]), []),
    C("last dim", T([2, 7]), [3], -1),
    C("transposed", tr(5, 4), [1, 3], 1),
    C("zero-dim refused", T([]), [1]),
]
for _op in ["trapezoid.dx", "cumulative_trapezoid.dx"]:
    CASES[_op] = [
        C("default spacing", T([2, 5])),
        C("spacing", T([2, 5]), dx=0.5),
        C("int spacing", T([2, 5]), dx=2),
        C("first dim", T([4, 3]), dim=0),
        C("int64", T([2, 5], dtype=i64)),
        C("int32", T([2, 5], dtype=i32)),
        C("float16", T([2, 5], dtype=f16)),
        C("float64", T([3], dtype=f64)),
        C("transposed", tr(2, 5)),
        C("no samples", T([2, 0])),
        C("one sample", T([3, 1])),
        C("bool refused", T([3], dtype=b8)),
        C("complex spacing refused", T([3]), dx=1j),
        C("bool spacing refused", T([3]), dx=True),
    ]
CASES["trapezoid.dx"] += [C("zero-dim y refused", T([]))]
CASES["cumulative_trapezoid.dx"] += [C("zero-dim y refused", T([]))]
CASES["trapz.dx"] = [
    C("default spacing", T([2, 5])),
    C("spacing", T([2, 5]), dx=0.5),
    C("first dim", T([4, 3]), dim=0),
    C("int64", T([2, 5], dtype=i64)),
    C("transposed", tr(2, 5)),
    C("no samples", T([2, 0])),
    C("zero-dim y refused", T([])),
]
CASES["vander"] = [
    C("square", T([3])),
    C("columns", T([3]), 5),
    C("increasing", T([4]), 2, True),
    C("no columns", T([3]), 0),
    C("int32 promotes", T([3], dtype=i32)),
    C("bool promotes", T([3], dtype=b8)),
    C("float64", T([3], dtype=f64)),
    C("empty", T([0])),
    C("negative N refused", T([3]), -1),
    C("matrix refused", T([2, 2])),
    C("zero-dim refused", T([])),
]
CASES["view.dtype"] = [
    C("same size", T([4, 6]), i32),
    C("same dtype", T([4, 6]), f32),
    C("smaller", T([4, 6]), torch.int16),
    C("larger", T([4, 6]), f64),
    C("larger at an offset", T([4, 6], then=lambda t: t[:, 2:]), f64),
    C("smaller at an offset", off(2, 3), torch.uint8),
    C("bytes to float", T([2, 8], dtype=torch.uint8), f32),
    C("complex as float", T([3], dtype=c64), f64),
    C("vector larger", T([8], dtype=torch.int16), i64),
    C("last size not divisible refused", T([4, 5]), f64),
    C("odd offset refused", T([4, 6], then=lambda t: t[:, 1:5]), f64),
    C("transposed refused", tr(4, 6), torch.int16),
    C("zero-dim refused", T([]), torch.int16),
    C("zero-dim same size", T([]), i32),
]
SYMBOLIC += [
    ("tensor_split of a dynamic dim into sections", "tensor_split.sections", C("", D([7, 3], "x"), 3)),
    ("tensor_split of a dynamic dim at indices", "tensor_split.indices", C("", D([7, 3], "x"), [2, 5])),
    ("trapezoid of a dynamic dim by a spacing", "trapezoid.dx", C("", D([4, 3], "y"), dx=0.5, dim=0)),
    ("view.dtype of dynamic sizes, larger", "view.dtype", C("", D([4, 6], "x"), f64)),
    ("view.dtype of dynamic sizes, smaller", "view.dtype", C("", D([4, 6], "x"), torch.int16)),
    ("vander of a dynamic length", "vander", C("", D([4], "x"))),
]

# ---- randint_like with a tensor bound ----

CASES["randint_like.Tensor"] = [
    C("matrix", T([2, 3]), T([], dtype=i64)),
    C("transposed keeps its layout", tr(2, 3), T([], dtype=i64)),
    C("another dtype", T([2, 3]), T([], dtype=i64), dtype=i32),
    C("channels last to contiguous", cl(2, 3, 4, 5), T([], dtype=i64), memory_format=torch.contiguous_format),
    C("another device", T([2, 3]), T([], dtype=i64), device="cuda"),
    C("bound of several elements", T([2, 3]), T([3])),
]
SYMBOLIC += [
    ("randint_like.Tensor of a dynamic input", "randint_like.Tensor", C("", D([2, 3], "x"), T([], dtype=i64))),
]
