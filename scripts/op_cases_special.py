"""Cases of the special functions (`ops/rules/special.rules`): elementwise
operators that compute integral inputs in the default float dtype.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

from op_case_inputs import (C, D, T, b8, bf16, binary_cases, c64, cl, f16, f64, i64, inplace_cases, out_cases, tr,
                            unary_cases)

CASES = {}
SYMBOLIC = [
    # The reference keeps a zero-dim CPU tensor unbroadcast on symbolic
    # inputs (outside the meta kernel): the transposed input's layout.
    ("copysign of a dynamic transposed matrix by a zero-dim tensor", "copysign.Tensor",
     C("", D([2, 3], "x", ["static", "dynamic"], strides=[1, 2]), T([]))),
    # The polynomials of a tensor and a number call the tensor overload,
    # whose `elementwise_meta` converts an integral tensor with C++ `to`,
    # fixing its sizes.
    ("special_hermite_polynomial_h.n_scalar of a dynamic int64 vector", "special_hermite_polynomial_h.n_scalar",
     C("", D([3], "x", dtype=i64), 2)),
    ("special_chebyshev_polynomial_t.x_scalar of a dynamic bool n", "special_chebyshev_polynomial_t.x_scalar",
     C("", 0.5, D([2, 3], "n", dtype=b8))),
]
KEEP_DERIVED = {"special_hermite_polynomial_h.n_scalar", "special_chebyshev_polynomial_t.x_scalar"}


UNARY = ["lgamma", "digamma", "erfc", "erfinv", "exp2", "i0", "sinc", "special_erfcx", "special_i0e",
         "special_i1", "special_i1e", "special_ndtri", "special_ndtr", "special_log_ndtr", "special_entr",
         "special_airy_ai", "special_bessel_j0", "special_bessel_j1", "special_bessel_y0",
         "special_bessel_y1", "special_modified_bessel_i0", "special_modified_bessel_i1",
         "special_modified_bessel_k0", "special_modified_bessel_k1", "special_scaled_modified_bessel_k0",
         "special_scaled_modified_bessel_k1", "special_spherical_bessel_j0"]
INPLACE_UNARY = ["lgamma", "digamma", "erfc", "erfinv", "exp2", "i0", "sinc"]

for _op in UNARY:
    CASES[_op] = unary_cases() + [C("complex64", T([3], dtype=c64))]
    if _op != "special_ndtr":  # its out= form fixes sizes at their hints: not declared
        CASES[f"{_op}.out"] = out_cases()
for _op in INPLACE_UNARY:
    CASES[f"{_op}_"] = inplace_cases()

BINARY = ["special_zeta", "igamma", "igammac", "special_xlog1py", "xlogy.Tensor", "copysign.Tensor",
          "special_chebyshev_polynomial_t", "special_chebyshev_polynomial_u",
          "special_chebyshev_polynomial_v", "special_chebyshev_polynomial_w",
          "special_shifted_chebyshev_polynomial_t", "special_shifted_chebyshev_polynomial_u",
          "special_shifted_chebyshev_polynomial_v", "special_shifted_chebyshev_polynomial_w",
          "special_hermite_polynomial_h", "special_hermite_polynomial_he", "special_laguerre_polynomial_l",
          "special_legendre_polynomial_p"]
INPLACE_BINARY = {"igamma": "igamma_", "igammac": "igammac_", "xlogy.Tensor": "xlogy_.Tensor",
                  "copysign.Tensor": "copysign_.Tensor"}
OUT_NAME = {"xlogy.Tensor": "xlogy.OutTensor", "copysign.Tensor": "copysign.out"}

for _op in BINARY:
    CASES[_op] = binary_cases() + [C("complex64", T([3], dtype=c64), T([3], dtype=c64))]
    CASES[OUT_NAME.get(_op, f"{_op}.out")] = out_cases(binary=True)
for _op in INPLACE_BINARY.values():
    CASES[_op] = inplace_cases(binary=True)


def polygamma_cases(inplace=False):
    """polygamma takes its order first (its in-place form second)."""
    if inplace:
        return [C(c.name, c.args[0], 1) for c in inplace_cases()] + [C("negative order", T([3]), -1)]
    return [C(c.name, 1, *c.args) for c in unary_cases()] + [
        C("order zero", 0, T([2, 3])),
        C("order three of float64", 3, T([3], dtype=f64)),
        C("negative order", -1, T([3])),
        C("complex64", 1, T([3], dtype=c64)),
        # `meta_polygamma` is `empty_like(self)`: a non-dense input's dims
        # ordered by their strides, a size-1 dim's too.
        C("int64 strided beside a size-1 dim", 3, T([3, 1], strides=[2, 12], dtype=i64)),
        C("float16 strided beside a size-1 dim", 1, T([3, 1], strides=[2, 12], dtype=f16)),
    ]


CASES.update({
    "polygamma": polygamma_cases(),
    "special_polygamma": polygamma_cases(),
    "polygamma_": polygamma_cases(inplace=True),
    "polygamma.out": [C(c.name, 1, *c.args, **c.kwargs) for c in out_cases()],
    "special_polygamma.out": [C(c.name, 1, *c.args, **c.kwargs) for c in out_cases()],
})

CASES["mvlgamma"] = [C(c.name, *c.args, 2) for c in unary_cases()] + [
    C("p of one", T([2, 3]), 1),
    C("p of zero", T([2, 3]), 0),
    # The range `arange(-p / 2 + 1 / 2, 1 / 2, 1 / 2)` runs backwards.
    C("negative p refused", T([2, 3]), -1),
]

# ---- `torch.special` aliases: the cases of the operator each names ----

for _op in ["special_digamma", "special_erf", "special_erfc", "special_erfinv", "special_exp2",
            "special_expit", "special_expm1", "special_gammaln", "special_i0", "special_log1p",
            "special_psi", "special_sinc", "special_logit"]:
    CASES[_op] = unary_cases() + [C("complex64", T([3], dtype=c64))]
CASES["special_round"] = unary_cases() + [C("decimals", T([2, 3]), decimals=2)]
CASES["special_multigammaln"] = [C(c.name, *c.args, 2) for c in unary_cases()] + [
    C("negative p refused", T([2, 3]), -2),
]
for _op in ["special_gammainc", "special_gammaincc", "special_xlogy"]:
    CASES[_op] = binary_cases() + [C("complex64", T([3], dtype=c64), T([3], dtype=c64))]
for _op in ["special_xlogy", "special_xlog1py", "special_zeta"]:
    CASES[f"{_op}.other_scalar"] = binary_cases(scalar=True)
    CASES[f"{_op}.self_scalar"] = [C(c.name, c.args[1], c.args[0]) for c in binary_cases(scalar=True)]
for _op in BINARY[6:]:
    CASES[f"{_op}.n_scalar"] = binary_cases(scalar=True)
    CASES[f"{_op}.x_scalar"] = [C(c.name, c.args[1], c.args[0]) for c in binary_cases(scalar=True)]
for _op in ["special_log_softmax", "special_softmax"]:
    CASES[_op] = [
        C("last dim", T([2, 3]), -1),
        C("first dim", T([2, 3]), 0),
        C("transposed", T([3, 2], then=lambda t: t.t()), 1),
        C("dtype", T([2, 3]), 1, dtype=f64),
        C("int64", T([2, 3], dtype=i64), 1),
        C("bool", T([2, 3], dtype=b8), 1),
        C("dim out of range", T([2, 3]), 2),
    ]
CASES["special_logsumexp"] = [
    C("one dim", T([2, 3]), [1]),
    C("keepdim", T([2, 3]), [0], True),
    C("int64", T([2, 3], dtype=i64), [1]),
    C("two dims", T([2, 3, 4]), [0, 2]),
]
CASES["poisson"] = [
    C("matrix", T([2, 3])),
    C("transposed", T([3, 2], then=lambda t: t.t())),
    C("float64", T([4], dtype=f64)),
    C("zero-dim", T([])),
]

# ---- samplers of the gamma family and their gradients ----


CASES["binomial"] = [
    C("matrix", T([2, 3]), T([2, 3])),
    # No meta kernel: ATen's kernel runs on zeros of the fake device.
    C("on meta refused", T([2, 3], device="meta"), T([2, 3], device="meta")),
    C("transposed count", tr(2, 3), T([2, 3])),
    C("channels last count", cl(2, 3, 4, 5), T([2, 3, 4, 5])),
    C("float64", T([4], dtype=f64), T([4], dtype=f64)),
    C("prob broadcast", T([2, 3]), T([3])),
    # The result, of the count's sizes, is resized to the broadcast sizes
    # by the TensorIterator, laid out as its inputs.
    C("zero-dim count broadcast to a transposed prob", T([]), tr(2, 3)),
    C("count broadcast to the prob", T([3]), T([2, 1])),
    C("count and prob that do not broadcast", T([3]), T([2])),
    C("prob of another dtype", T([2, 3]), T([2, 3], dtype=f64)),
    C("zero-dim", T([]), T([])),
    C("integer count", T([3], dtype=i64), T([3])),
    # The CPU kernel is dispatched for float32 and float64 only.
    C("float16", T([3], dtype=f16), T([3], dtype=f16)),
]
CASES["_standard_gamma"] = [
    C("matrix", T([2, 3])),
    C("transposed", tr(2, 3)),
    C("channels last", cl(2, 3, 4, 5)),
    C("float64", T([4], dtype=f64)),
    C("strided", T([4, 6], then=lambda t: t[:, ::2])),
    C("zero-dim", T([])),
    C("integer", T([3], dtype=i64)),
]
CASES["_standard_gamma_grad"] = [
    C("matrix", T([2, 3]), T([2, 3])),
    C("transposed self", tr(2, 3), T([2, 3])),
    C("transposed output", T([2, 3]), tr(2, 3)),
    C("transposed self and output", tr(2, 3), tr(2, 3)),
    C("zero-dim self and a transposed output", T([]), tr(2, 3)),
    C("float64", T([4], dtype=f64), T([4], dtype=f64)),
    C("broadcast", T([2, 3]), T([3])),
    C("zero-dim self broadcast to the output", T([], dtype=f64), T([5, 4], dtype=f64)),
    C("dtypes differ", T([3]), T([3], dtype=f64)),
    C("integer", T([3], dtype=i64), T([3], dtype=i64)),
    C("float16", T([3], dtype=f16), T([3], dtype=f16)),
    C("float16 of another shape", T([2, 3], dtype=f16), T([2], dtype=f16)),
]
CASES["_sample_dirichlet"] = [
    C("matrix", T([2, 3])),
    C("transposed", tr(2, 3)),
    C("channels last", cl(2, 3, 4, 5)),
    C("float64 vector", T([4], dtype=f64)),
    C("zero-dim", T([])),
    C("integer", T([3], dtype=i64)),
    C("bfloat16", T([3], dtype=bf16)),
]
CASES["_dirichlet_grad"] = [
    C("matrix", T([2, 3]), T([2, 3]), T([2, 3])),
    C("transposed x", tr(2, 3), T([2, 3]), T([2, 3])),
    C("float64", T([4], dtype=f64), T([4], dtype=f64), T([4], dtype=f64)),
    C("total of another shape", T([2, 3]), T([2, 3]), T([2])),
    C("alpha of another shape", T([2, 3]), T([3]), T([2, 3])),
    C("zero-dim x broadcast to alpha", T([]), T([2, 2, 1]), T([2, 2, 1])),
    C("x broadcast to alpha and total", T([3]), T([2, 1]), T([2, 3])),
    C("one-element x and a transposed alpha", T([1]), tr(2, 3), T([2, 3])),
    C("transposed x of the broadcast sizes", tr(2, 3), T([3]), T([1])),
    C("dtypes differ", T([3]), T([3], dtype=f64), T([3])),
    C("float16", T([3], dtype=f16), T([3], dtype=f16), T([3], dtype=f16)),
    C("int64 of another shape", T([2, 3], dtype=i64), T([2, 3], dtype=i64), T([2], dtype=i64)),
]
