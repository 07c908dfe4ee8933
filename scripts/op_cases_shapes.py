"""Cases of shape composites (diagonals, splits, products, integrals),
the random in-place fills and their functional forms, and `randint`.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

from op_case_inputs import C, D, S, T, b8, c64, cl, f16, f64, i32, i64, off, tr

CASES = {}
SYMBOLIC = []


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
