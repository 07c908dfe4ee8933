"""Cases of the in-place operators whose checks are not TensorIterator's
(`ops/src/kernels/inplace_refs.rs`, `masked_scatter_`): `abs_`,
`absolute_`, `pow_`, `float_power_`, `ldexp_`, `masked_scatter_` and
`as_strided_`, each across dtypes, layouts of `self`, broadcasting both
ways, and the calls PyTorch refuses.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, D, SizeOf, T, b8, bf16, c64, cl, f16, f64, i32, i64, off, tr, u8

c128 = torch.complex128
c32 = torch.complex32


def abs_cases():
    """`abs_` and `absolute_`: real dtypes kept, complex refused."""
    return [
        C("float32", T([2, 3])),
        C("int64", T([4], dtype=i64)),
        C("int32", T([4], dtype=i32)),
        C("bool", T([4], dtype=b8)),
        C("float16", T([2, 2], dtype=f16)),
        C("bfloat16", T([2, 2], dtype=bf16)),
        C("transposed", tr(2, 3)),
        C("channels last", cl(2, 3, 4, 5)),
        C("storage offset", off(2, 3)),
        C("expanded", T([2, 3], strides=[0, 1])),
        C("zero-dim", T([])),
        C("zero size", T([0, 3])),
        C("complex64 refused", T([3], dtype=c64)),
        C("complex128 refused", T([2, 2], dtype=c128)),
    ]


def pow_scalar_cases():
    """`pow_.Scalar`: the exponent's kind against `self`'s dtype."""
    return [
        C("float32 int exponent", T([2, 3]), 2),
        C("float32 float exponent", T([2, 3]), 2.5),
        C("float32 exponent one", T([2, 3]), 1),
        C("float32 exponent one half", T([2, 3]), 0.5),
        C("float64 bool exponent", T([3], dtype=f64), True),
        C("int64 int exponent", T([3], dtype=i64), 3),
        C("int64 negative int exponent", T([3], dtype=i64), -2),
        C("int32 int exponent", T([3], dtype=i32), 2),
        C("int64 float exponent refused", T([3], dtype=i64), 2.5),
        C("bool int exponent refused", T([3], dtype=b8), 2),
        C("bool bool exponent refused", T([3], dtype=b8), True),
        C("float32 complex exponent refused", T([3]), 2j),
        C("complex64 int exponent", T([3], dtype=c64), 2),
        C("complex64 complex exponent", T([3], dtype=c64), 1 + 1j),
        C("float16 float exponent", T([2, 2], dtype=f16), 3.0),
        C("transposed", tr(2, 3), 3),
        C("channels last", cl(2, 3, 4, 5), 3),
        C("storage offset", off(2, 3), 3),
        C("zero-dim", T([]), 3),
        C("zero size", T([0, 3]), 3),
    ]


def pow_tensor_cases():
    """`pow_.Tensor`: broadcasting both ways and promotion against `self`."""
    return [
        C("same shape", T([2, 3]), T([2, 3])),
        C("exponent broadcasts", T([2, 3]), T([3])),
        C("exponent column broadcasts", T([2, 3]), T([2, 1])),
        C("self would broadcast refused", T([3]), T([2, 3])),
        C("both would broadcast refused", T([3, 1]), T([1, 4])),
        C("size mismatch", T([2, 3]), T([2, 4])),
        C("float self int exponent", T([3]), T([3], dtype=i64)),
        C("float32 self float64 exponent", T([3]), T([3], dtype=f64)),
        C("float16 self zero-dim float64 exponent", T([3], dtype=f16), T([], dtype=f64)),
        C("int64 self float exponent refused", T([3], dtype=i64), T([3])),
        C("int64 self zero-dim float exponent refused", T([3], dtype=i64), T([])),
        C("int32 self int64 exponent", T([3], dtype=i32), T([3], dtype=i64)),
        C("bool self bool exponent refused", T([3], dtype=b8), T([3], dtype=b8)),
        C("float self complex exponent refused", T([3]), T([3], dtype=c64)),
        C("complex self float exponent", T([3], dtype=c64), T([3])),
        C("transposed self", tr(2, 3), T([2, 3])),
        C("channels last self", cl(2, 3, 4, 5), T([5])),
        C("channels last self contiguous exponent", cl(2, 3, 4, 5), T([2, 3, 4, 5])),
        C("storage offset self", off(2, 3), T([3])),
        C("zero-dim self zero-dim exponent", T([]), T([])),
        C("zero-dim self refuses a vector", T([]), T([3])),
        C("zero size", T([0, 3]), T([3])),
        C("cuda self cpu zero-dim exponent", T([3], device="cuda"), T([])),
    ]


def float_power_scalar_cases():
    """`float_power_.Scalar`: `self` must already be double (complex
    double for a complex computation)."""
    return [
        C("float64 int exponent", T([2, 3], dtype=f64), 2),
        C("float64 float exponent", T([2, 3], dtype=f64), 0.5),
        C("float64 exponent one", T([2, 3], dtype=f64), 1),
        C("complex128 int exponent", T([3], dtype=c128), 2),
        C("complex128 complex exponent", T([3], dtype=c128), 1j),
        C("float32 refused", T([3]), 2),
        C("int64 refused", T([3], dtype=i64), 2),
        C("bool refused", T([3], dtype=b8), 2),
        C("float16 refused", T([3], dtype=f16), 2.0),
        C("float64 complex exponent refused", T([3], dtype=f64), 2j),
        C("complex64 refused", T([3], dtype=c64), 2),
        C("transposed", tr(2, 3, dtype=f64), 3),
        C("channels last", cl(2, 3, 4, 5, dtype=f64), 3),
        C("storage offset", off(2, 3, dtype=f64), 3),
        C("zero-dim", T([], dtype=f64), 3),
    ]


def float_power_tensor_cases():
    """`float_power_.Tensor`: `self`'s dtype, then the exponent broadcasts
    to it."""
    return [
        C("float64 same shape", T([2, 3], dtype=f64), T([2, 3], dtype=f64)),
        C("float64 self float32 exponent", T([2, 3], dtype=f64), T([2, 3])),
        C("float64 self int exponent broadcasts", T([2, 3], dtype=f64), T([3], dtype=i64)),
        C("float64 self bool exponent", T([3], dtype=f64), T([3], dtype=b8)),
        C("complex128 self float exponent", T([3], dtype=c128), T([3])),
        C("complex128 self complex64 exponent", T([3], dtype=c128), T([3], dtype=c64)),
        C("float64 self complex exponent refused", T([3], dtype=f64), T([3], dtype=c64)),
        C("float32 self refused", T([3]), T([3])),
        C("int64 self refused", T([3], dtype=i64), T([3], dtype=i64)),
        C("complex64 self refused", T([3], dtype=c64), T([3])),
        C("self would broadcast refused", T([3], dtype=f64), T([2, 3], dtype=f64)),
        C("size mismatch", T([2, 3], dtype=f64), T([2, 4], dtype=f64)),
        C("transposed self", tr(2, 3, dtype=f64), T([2, 3])),
        C("channels last self", cl(2, 3, 4, 5, dtype=f64), T([5], dtype=f64)),
        C("storage offset self", off(2, 3, dtype=f64), T([3], dtype=f64)),
        C("zero-dim self zero-dim exponent", T([], dtype=f64), T([])),
    ]


def ldexp_cases():
    """`ldexp_`: the result copied into `self` (any dtype), which must hold
    the broadcast shape."""
    return [
        C("float32 int64 exponent", T([2, 3]), T([2, 3], dtype=i64)),
        C("float32 exponent broadcasts", T([2, 3]), T([3], dtype=i64)),
        C("int64 self", T([3], dtype=i64), T([3], dtype=i64)),
        C("bool self", T([3], dtype=b8), T([3], dtype=i64)),
        C("float16 self float64 exponent", T([3], dtype=f16), T([3], dtype=f64)),
        C("float32 self complex exponent", T([3]), T([3], dtype=c64)),
        C("complex self", T([3], dtype=c64), T([3], dtype=i32)),
        C("self would broadcast refused", T([3]), T([2, 3], dtype=i64)),
        C("size mismatch", T([2, 3]), T([2, 4], dtype=i64)),
        C("transposed self", tr(2, 3), T([2, 3], dtype=i64)),
        C("channels last self", cl(2, 3, 4, 5), T([5], dtype=i64)),
        C("storage offset self", off(2, 3), T([3], dtype=i64)),
        C("zero-dim self zero-dim exponent", T([]), T([], dtype=i64)),
    ]


def masked_scatter_cases():
    """`masked_scatter_`: only the mask's and the source's dtypes are
    checked."""
    return [
        C("same shape", T([2, 3]), T([2, 3], dtype=b8), T([6])),
        C("mask broadcasts", T([2, 3]), T([3], dtype=b8), T([6])),
        C("mask larger than self", T([3]), T([2, 3], dtype=b8), T([6])),
        C("mask not broadcastable", T([2, 3]), T([4], dtype=b8), T([6])),
        C("uint8 mask", T([2, 3]), T([2, 3], dtype=u8), T([6])),
        C("int64 mask refused", T([2, 3]), T([2, 3], dtype=i64), T([6])),
        C("float mask refused", T([2, 3]), T([2, 3]), T([6])),
        C("source dtype differs refused", T([2, 3]), T([2, 3], dtype=b8), T([6], dtype=f64)),
        C("int64 self and source", T([2, 3], dtype=i64), T([2, 3], dtype=b8), T([6], dtype=i64)),
        C("complex self and source", T([3], dtype=c64), T([3], dtype=b8), T([3], dtype=c64)),
        C("source of another shape", T([2, 3]), T([2, 3], dtype=b8), T([2, 5])),
        C("transposed self", tr(2, 3), T([2, 3], dtype=b8), T([6])),
        C("channels last self", cl(2, 3, 4, 5), T([2, 3, 4, 5], dtype=b8), T([120])),
        C("storage offset self", off(2, 3), T([3], dtype=b8), T([6])),
        C("zero-dim", T([]), T([], dtype=b8), T([1])),
    ]


def as_strided_cases():
    """`as_strided_`: `self` takes the geometry, inside its storage."""
    return [
        C("matrix", T([4, 6]), [3, 4], [4, 1]),
        C("offset given", T([4, 6]), [3, 4], [4, 1], 2),
        C("offset kept", off(2, 3), [2, 2], [1, 1]),
        C("whole storage", T([4, 5]), [20], [1]),
        C("overlapping", T([4, 6]), [3, 4], [1, 1]),
        C("transposed self", tr(4, 6), [6, 4], [1, 6]),
        C("channels last self", cl(2, 3, 4, 5), [2, 60], [60, 1]),
        C("zero-dim", T([4, 6]), [], []),
        C("zero size anywhere", T([4, 6]), [0, 2], [100, 2], 100),
        C("float16 whole storage", T([4, 5], dtype=f16), [20], [1]),
        C("beyond the storage refused", T([4, 6]), [30, 4], [4, 1]),
        C("one past the storage refused", T([4, 5]), [20], [1], 1),
        C("offset beyond the storage refused", T([4, 5]), [2, 2], [1, 2], 30),
        C("beyond an offset self's storage refused", off(2, 3), [3, 3], [3, 1]),
        C("negative stride refused", T([4, 6]), [3, 4], [-4, 1]),
        C("lengths differ refused", T([4, 6]), [3, 4], [4]),
        C("negative offset refused", T([4, 6]), [3, 4], [4, 1], -1),
        C("negative size refused", T([4, 6]), [-1, 4], [4, 1]),
    ]


SWEEP_DTYPES = [b8, u8, i32, i64, f16, bf16, torch.float32, f64, c64]


def dtype_sweep(number_exponents=False):
    """Every pair of dtypes (`self`, a vector exponent; `self`, a zero-dim
    exponent), or every dtype of `self` with every kind of Python number."""
    names = {d: str(d).removeprefix("torch.") for d in SWEEP_DTYPES}
    if number_exponents:
        return [C(f"{names[a]} self, {kind} exponent", T([3], dtype=a), n)
                for a in SWEEP_DTYPES for kind, n in [("bool", True), ("int", 3), ("float", 0.5), ("complex", 2j)]]
    return ([C(f"{names[a]} self, {names[b]} exponent", T([3], dtype=a), T([3], dtype=b))
             for a in SWEEP_DTYPES for b in SWEEP_DTYPES]
            + [C(f"{names[a]} self, zero-dim {names[b]} exponent", T([3], dtype=a), T([], dtype=b))
               for a in SWEEP_DTYPES for b in SWEEP_DTYPES])


def layouts():
    """`self` layouts the in-place operators keep: permuted, sliced with a
    step, expanded, channels last, at an offset, with size-1 dims."""
    return [
        ("permuted", T([4, 2, 3], then=lambda t: t.permute(1, 2, 0))),
        ("sliced with a step", T([2, 3, 8], then=lambda t: t[:, :, ::2])),
        ("expanded", T([2, 3, 4], strides=[0, 4, 1])),
        ("channels last", cl(2, 3, 2, 4)),
        ("offset", off(2, 3, 4)),
        ("size-1 dims of odd strides", T([2, 1, 4], strides=[4, 7, 1])),
    ]


def layout_sweep(other):
    """Each layout of `self` against exponents of a shape `[2, 3, 4]` self
    broadcasts from (`other(sizes)` makes one)."""
    cases = []
    for name, t in layouts():
        sizes = [2, 3, 4] if name != "size-1 dims of odd strides" else [2, 1, 4]
        for oname, osizes in [("same shape", sizes), ("last dim", sizes[-1:]), ("zero-dim", [])]:
            cases.append(C(f"{name} self, {oname} exponent", t, other(osizes)))
    return cases


CASES = {
    "abs_": abs_cases() + [C(f"{name} layout", t) for name, t in layouts()] + [C(f"{d} sweep", T([3], dtype=d)) for d in SWEEP_DTYPES],
    "absolute_": abs_cases() + [C(f"{d} sweep", T([3], dtype=d)) for d in SWEEP_DTYPES],
    "pow_.Scalar": pow_scalar_cases() + dtype_sweep(number_exponents=True),
    "pow_.Tensor": pow_tensor_cases() + dtype_sweep() + layout_sweep(lambda s: T(s)),
    "float_power_.Scalar": float_power_scalar_cases() + dtype_sweep(number_exponents=True),
    "float_power_.Tensor": float_power_tensor_cases() + dtype_sweep(),
    "ldexp_": ldexp_cases() + dtype_sweep() + layout_sweep(lambda s: T(s, dtype=i64)),
    "masked_scatter_": masked_scatter_cases() + [
        C(f"{name} self, sweep", t, T([4], dtype=b8), T([30])) for name, t in layouts()],
    "as_strided_": as_strided_cases() + [
        C(f"{name} self, within", t, [2, 2], [1, 2]) for name, t in layouts()] + [
        C(f"{name} self, beyond", t, [4, 30], [30, 1]) for name, t in layouts()],
}

SYMBOLIC = [
    ("pow_.Tensor of a broadcast exponent", "pow_.Tensor",
     C("", D([3, 4], "x"), D([4], "y"))),
    ("pow_.Tensor refusing to broadcast self", "pow_.Tensor",
     C("", D([4], "x"), D([3, 4], "y"))),
    ("float_power_.Tensor of a broadcast exponent", "float_power_.Tensor",
     C("", D([3, 4], "x", dtype=f64), D([4], "y"))),
    ("ldexp_ of a broadcast exponent", "ldexp_",
     C("", D([3, 4], "x"), D([4], "y", dtype=i64))),
    ("masked_scatter_ of dynamic sizes", "masked_scatter_",
     C("", D([3, 4], "x"), D([3, 4], "m", dtype=b8), D([12], "s"))),
    ("as_strided_ within a dynamic storage", "as_strided_",
     C("", D([3, 4], "x"), [2, 2], [1, 2], 1)),
    ("as_strided_ to the dynamic sizes transposed", "as_strided_",
     C("", D([3, 4], "x"), [SizeOf("x", 1), SizeOf("x", 0)], [1, SizeOf("x", 1)])),
    ("as_strided_ beyond a dynamic storage", "as_strided_",
     C("", D([3, 4], "x"), [SizeOf("x", 0), 5], [5, 1])),
    ("ldexp_ refusing to broadcast self", "ldexp_",
     C("", D([4], "x"), D([3, 4], "y", dtype=i64))),
    ("ldexp_ of a size-one self dim", "ldexp_",
     C("", D([3, 1], "x", ["dynamic", "static"]), D([3, 4], "y", dtype=i64))),
    ("float_power_.Tensor refusing to broadcast self", "float_power_.Tensor",
     C("", D([4], "x", dtype=f64), D([3, 4], "y"))),
    ("pow_.Scalar of a dynamic input", "pow_.Scalar", C("", D([3, 4], "x"), 2.5)),
    ("float_power_.Scalar of a dynamic input", "float_power_.Scalar", C("", D([3, 4], "x", dtype=f64), 2)),
    ("masked_scatter_ with a broadcast mask", "masked_scatter_",
     C("", D([3, 4], "x"), D([4], "m", dtype=b8), D([12], "s"))),
    ("pow_.Tensor of a size-one exponent dim", "pow_.Tensor",
     C("", D([3, 4], "x"), D([3, 1], "y", ["dynamic", "static"]))),
]
