"""Cases of the `_foreach_` operators that run one operator on each element
of their lists (`ops/rules/foreach.rules`): lists mixing layouts and
dtypes, lists of different lengths and empty lists (refused), numbers and
number lists, and the in-place forms, which write their `self` list and
return nothing. The overloads are read from the installed torch, so every
functional `_foreach_` overload of a family here and its in-place form get
cases.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, D, T, b8, c64, cl, f16, f64, i32, i64, tr

UNARY = ("abs acos asin atan ceil cos cosh erf erfc exp expm1 floor frac lgamma log log10 "
         "log1p log2 neg reciprocal round rsqrt sigmoid sign sin sinh sqrt tan tanh trunc").split()


def mixed():
    """A list mixing layouts, a zero-dim and an empty tensor."""
    return [T([2, 3]), tr(2, 3), cl(1, 2, 3, 3), T([]), T([0, 3])]


def unary():
    return [
        C("mixed layouts", mixed()),
        C("int64 and bool", [T([4], dtype=i64), T([2], dtype=b8)]),
        C("float16 and float64", [T([2, 2], dtype=f16), T([3], dtype=f64)]),
        C("complex", [T([2], dtype=c64)]),
        C("empty list", []),
    ]


def lists(n):
    """Cases of `n` tensor lists."""
    rest = n - 1
    return [
        C("same shapes", [T([2, 3]), T([4, 2])], *[[T([2, 3]), T([4, 2])]] * rest),
        C("transposed self", [tr(2, 3)], *[[T([2, 3])]] * rest),
        C("broadcast", [T([3, 1]), T([2])], *[[T([1, 4]), T([])]] * rest),
        C("dtypes", [T([2], dtype=i64), T([2], dtype=b8)], *[[T([2]), T([2], dtype=i32)]] * rest),
        C("channels last", [cl(1, 2, 3, 3)], *[[cl(1, 2, 3, 3)]] * rest),
        C("lengths differ", [T([2])], *[[T([2]), T([2])]] * rest),
        C("empty lists", [], *[[]] * rest),
        # Each element's own device, a CPU scalar joining any.
        C("elements on their own devices", [T([2, 3]), T([2], device="cuda")],
          *[[T([2, 3]), T([], device="cpu")]] * rest),
        C("an element across devices", [T([2], device="cuda")], *[[T([2])]] * rest),
    ]


def scalar():
    return [
        C("float tensors", [T([2, 3]), T([4, 2])], 2.5),
        C("float number", [T([2, 3]), T([2], dtype=i64), tr(2, 3)], 2.5),
        C("int number", [T([2, 3]), T([2], dtype=i64), T([2], dtype=b8)], 2),
        C("bool number", [T([2], dtype=b8), T([2])], True),
        C("empty list", [], 2),
    ]


def scalar_list():
    return [
        C("numbers", [T([2, 3]), T([4, 2])], [2, 2.5]),
        C("int and float numbers", [T([2, 3]), T([2], dtype=i64)], [2, 2.5]),
        C("ints", [tr(2, 3), T([2], dtype=i64)], [2, 3]),
        C("lengths differ", [T([2, 3]), T([2])], [2]),
    ]


def tensor():
    return [
        C("zero-dim other", [T([2, 3]), T([4, 2])], T([])),
        C("zero-dim float64 other", [T([2, 3]), T([2], dtype=i64)], T([], dtype=f64)),
        C("broadcast other", [tr(2, 3), T([4, 3])], T([3])),
        C("other that does not broadcast", [T([2, 3])], T([4])),
    ]


def cases_of(kind, n_lists):
    if kind == "List":
        return lists(n_lists)
    if kind == "Scalar":
        return scalar()
    if kind == "ScalarList":
        return scalar_list()
    return tensor()


CASES = {}
for name in UNARY:
    CASES[f"_foreach_{name}"] = unary()
    CASES[f"_foreach_{name}_"] = unary()

BINARY = {
    "add": ["List", "Scalar", "ScalarList", "Tensor"],
    "sub": ["List", "Scalar", "ScalarList"],
    "mul": ["List", "Scalar", "ScalarList", "Tensor"],
    "div": ["List", "Scalar", "ScalarList", "Tensor"],
    "clamp_max": ["List", "Scalar", "ScalarList"],
    "clamp_min": ["List", "Scalar", "ScalarList"],
    "maximum": ["List", "Scalar", "ScalarList"],
    "minimum": ["List", "Scalar", "ScalarList"],
    "pow": ["List", "Scalar", "ScalarList"],
}
for name, kinds in BINARY.items():
    for kind in kinds:
        CASES[f"_foreach_{name}.{kind}"] = cases_of(kind, 2)
        CASES[f"_foreach_{name}_.{kind}"] = cases_of(kind, 2)

CASES["_foreach_add.List"] += [C("alpha", [T([2])], [T([2])], alpha=2)]
CASES["_foreach_pow.ScalarAndTensor"] = [
    C("number to tensors", 2, [T([2, 3]), T([2], dtype=i64), tr(2, 3)]),
    C("float number to int tensors", 2.5, [T([2], dtype=i64)]),
    C("empty list", 2, []),
]

for name in ("addcdiv", "addcmul"):
    for suffix in ("", "_"):
        CASES[f"_foreach_{name}{suffix}.Scalar"] = lists(3) + [
            C("value", [T([2, 3])], [T([2, 3])], [T([3])], 0.5),
        ]
        CASES[f"_foreach_{name}{suffix}.ScalarList"] = [
            C("values", [T([2, 3]), T([4, 2])], [T([2, 3]), T([2])], [T([2, 3]), T([4, 1])], [0.5, 2]),
            C("transposed self", [tr(2, 3)], [T([3])], [T([2, 1])], [0.5]),
            C("lengths differ", [T([2])], [T([2])], [T([2])], [1, 2]),
        ]

for suffix in ("", "_"):
    CASES[f"_foreach_lerp{suffix}.List"] = lists(3)
    CASES[f"_foreach_lerp{suffix}.Scalar"] = [
        C("weight", [T([2, 3]), T([4, 2])], [T([2, 3]), T([2])], 0.5),
        C("transposed self", [tr(2, 3)], [T([3])], 0.5),
        C("lengths differ", [T([2])], [T([2]), T([2])], 0.5),
    ]
    CASES[f"_foreach_lerp{suffix}.ScalarList"] = [
        C("weights", [T([2, 3]), T([4, 2])], [T([2, 3]), T([2])], [0.5, 2.0]),
        C("transposed self", [tr(2, 3)], [T([3])], [0.5]),
        C("lengths differ", [T([2])], [T([2])], [0.5, 2.0]),
    ]

CASES["_foreach_clone"] = [
    C("layouts kept", mixed()),
    C("contiguous format", [tr(2, 3), cl(1, 2, 3, 3)], memory_format=torch.contiguous_format),
    C("channels last format", [T([1, 2, 3, 3])], memory_format=torch.channels_last),
    C("empty list", []),
]
# (The functional `_foreach_copy` checks no lengths: a longer `src` list
# crashes PyTorch, so its cases keep lengths equal.)
for suffix in ("", "_"):
    CASES[f"_foreach_copy{suffix}"] = [
        C("sources", [T([2, 3]), T([4, 2])], [T([2, 3]), T([4, 2], dtype=i64)]),
        C("broadcast sources", [T([2, 3]), tr(2, 3)], [T([3]), T([2, 3], dtype=i64)]),
        C("sources that do not broadcast", [T([2, 3])], [T([4])]),
    ]
    CASES[f"_foreach_zero{suffix}"] = [
        C("contiguous", [T([2, 3]), T([4, 2])]),
        C("layouts kept", mixed()),
        C("empty list", []),
        # Each a `clone`: an empty tensor's and a size-1 dim's own strides
        # kept where dense.
        C("empty and size-1 tensors of their own strides",
          [T([3, 0, 1], dtype=i64, strides=[6, 2, 1]), T([1], strides=[3]), T([3, 0, 1], dtype=i32)]),
    ]
CASES["_foreach_copy_"].append(C("lengths differ", [T([2])], [T([2]), T([2])]))
CASES["_foreach_mm"] = [
    C("matrices", [T([2, 3]), T([4, 2])], [T([3, 5]), T([2, 1])]),
    C("transposed", [tr(4, 2)], [T([4, 1])]),
    C("inner sizes differ", [T([2, 3])], [T([4, 5])]),
    C("lengths differ", [T([2, 3])], [T([3, 5]), T([3, 5])]),
]

CASES["_foreach_max"] = [
    C("dtypes and layouts", [T([2, 3]), tr(2, 3), T([4], dtype=i64), T([2], dtype=b8), T([])]),
    C("complex", [T([2], dtype=c64)]),
    C("an empty element", [T([2]), T([0, 3])]),
    C("empty list", []),    C("elements on their own devices", [T([2, 3]), T([4], device="cuda")]),
]
CASES["_foreach_powsum.Scalar"] = [
    C("dtypes", [T([2, 3]), T([4], dtype=i64), T([2], dtype=b8), T([2], dtype=c64), T([2], dtype=f16)]),
    C("float order of integers", [T([4], dtype=i64), T([2], dtype=b8)], 2.0),
    C("dtype given", [T([2, 3]), T([2], dtype=c64)], 3, dtype=f64),
    C("bool dtype given", [T([2, 3]), T([2], dtype=c64)], 2, dtype=b8),
    C("complex dtype given", [T([2, 3]), T([2], dtype=i64)], 2, dtype=c64),
    C("float order into int64", [T([4], dtype=i64), T([2], dtype=b8)], 2.0, dtype=i64),
    C("infinity of an empty element", [T([0, 3])], float("inf")),
    C("empty list", []),    C("elements on their own devices", [T([2, 3]), T([4], device="cuda")]),
]
CASES["_foreach_norm.Scalar"] = [
    C("dtypes", [T([2, 3]), T([4], dtype=i64), T([2], dtype=b8), T([2], dtype=c64), T([2], dtype=f16)]),
    C("dtype given", [T([2, 3]), T([2], dtype=c64)], 2, dtype=f64),
    C("infinity norm", [T([2, 3]), T([])], float("inf")),
    C("infinity norm of an empty element", [T([0, 3])], float("inf")),
    # A dtype for `ord` is its `ScalarType` number: `torch.int32` is 3.
    C("a dtype for the order", [T([2], dtype=b8), T([2, 3])], i32),
    C("empty list", []),    C("elements on their own devices", [T([2, 3]), T([4], device="cuda")]),
]

SYMBOLIC = [
    ("foreach add of symbolic lists", "_foreach_add.List",
     C("", [D([4, 3], "x"), D([5], "y")], [D([4, 3], "x2"), T([1])])),
    ("foreach in-place mul by a symbolic list", "_foreach_mul_.List",
     C("", [D([4, 3], "x")], [D([3], "y")])),
    ("foreach pow of numbers", "_foreach_pow.ScalarList",
     C("", [D([4, 3], "x"), D([2], "y", dtype=i64)], [2, 0.5])),
]

# Recorded under the Python dispatcher, as export runs them: without it
# ATen's `_foreach_` kernels refuse some symbolic calls ("SymIntArrayRef
# expected to contain only concrete integers") that it answers.
PYTHON_DISPATCHER = set(CASES) | {name for _, name, _ in SYMBOLIC}
