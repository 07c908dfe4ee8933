"""Cases derived from other overloads' cases once every family's are
merged: those of aliases, recorded under their own names, and those of the
in-place forms of functional operators.

`export_op_cases.py` calls `add(CASES)` after merging the families.
"""

import torch

from op_case_inputs import C, T, b8, binary_cases, c64, cl, f16, f32, f64, i32, i64, off, tr, u8, unary_cases

# Declared with `@derive(inplace)` on the functional rule; recorded on the
# functional overload's cases, `self` first: PyTorch refuses those whose
# result cannot be written into `self` (another shape, a dtype it does not
# cast to), and the others return `self`, its layout kept.
INPLACE_FROM_FUNCTIONAL = [
    "__iand__.Scalar",
    "__iand__.Tensor",
    "__ilshift__.Scalar",
    "__ilshift__.Tensor",
    "__ior__.Scalar",
    "__ior__.Tensor",
    "__irshift__.Scalar",
    "__irshift__.Tensor",
    "__ixor__.Scalar",
    "__ixor__.Tensor",
    "_philox_normal_",
    "_philox_randint_",
    "_philox_uniform_",
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


def add(CASES):
    """Add the aliases' and the in-place forms' cases to CASES."""
    add_aliases(CASES)
    add_inplace_forms(CASES)


def add_aliases(CASES):
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
    # ATen's composite: `pow` of the exponent `.to(double)`, which lays
    # out afresh one with gaps.
    CASES["float_power.Scalar"].append(C("a float32 exponent with gaps", 2, T([1, 3, 4], strides=[1, 6, 1])))
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
        # `vector_norm`: a negative or infinite p of an empty input has no
        # identity.
        C("negative p of an empty input refused", T([3, 0]), -1),
        C("infinite p of an empty input refused", T([0]), float("inf")),
    ]
    CASES["norm.ScalarOpt_dim"] = [
        C("one dim", T([3, 4]), 2, [1]),
        C("keepdim", T([2, 3, 4]), 2, [0, 2], True),
        C("no p", T([3, 4]), None, [0]),
        C("complex", T([3, 4], dtype=c64), 2, [1], True),
        C("transposed", tr(3, 4), 1, [1]),
        C("channels last", cl(2, 3, 4, 4), 2, [1], True),
        C("a size-1 dim of its own stride kept", T([1, 1, 4, 1], strides=[4, 4, 1, 4]), 2, [3], True),
        C("no p over a size-1 dim", T([1, 1, 4, 1], strides=[4, 4, 1, 4]), None, [0], True),
        C("int refused", T([3], dtype=i64), 2, [0]),
        C("negative p over an empty dim refused", T([3, 0]), -1, [1]),
        C("negative p over a dim of an empty input", T([3, 0]), -1, [0]),
    ]
    CASES["norm.ScalarOpt_dtype"] = [
        C("float64", T([3, 4]), 2, dtype=f64),
        C("complex to complex128", T([3], dtype=c64), 2, dtype=torch.complex128),
        C("narrowing refused", T([3, 4], dtype=f64), 2, dtype=f32),
        C("negative p of an empty input refused", T([3, 0]), -1, dtype=f64),
    ]
    CASES["norm.ScalarOpt_dim_dtype"] = [
        C("float64", T([3, 4]), 2, [0], False, dtype=f64),
        C("keepdim", T([2, 3]), 1, [1], True, dtype=f64),
        C("a size-1 dim of its own stride kept", T([1, 1, 4, 1], strides=[4, 4, 1, 4]), 2, [3], True, dtype=f64),
        C("a size-1 dim of its own stride kept, p True", T([1, 1, 4, 1], strides=[4, 4, 1, 4]), True, [3], True,
          dtype=f64),
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


def functional_name(inplace):
    """`add` of `add_`, and `__and__` of Python's augmented assignment
    `__iand__` (torchgen's `BaseOperatorName`)."""
    if inplace.startswith("__i") and inplace.endswith("__"):
        return "__" + inplace[3:]
    return inplace[:-1]


def add_inplace_forms(CASES):
    """Declared with `@derive(inplace)` on the functional rule: each
    in-place form takes its functional overload's cases whose first
    argument is a tensor."""
    for _op in INPLACE_FROM_FUNCTIONAL + list(INPLACE_VIEWS):
        _base, _, _overload = _op.partition(".")
        _functional = INPLACE_VIEWS.get(_op) or functional_name(_base) + ("." + _overload if _overload else "")
        assert _op not in CASES, f"cases of {_op} written twice"
        CASES[_op] = [c for c in CASES[_functional] if c.args and isinstance(c.args[0], T)]
        assert CASES[_op], f"no tensor-first case of {_functional} for {_op}"

    # `_register_inplace_meta` (`lerp_`, `addcmul_`, `addcdiv_`) and the
    # `mul_` meta `multiply_` reaches: a result dtype `self` cannot hold
    # is written anyway; only the broadcast is checked.
    for _op in ["addcmul_", "addcdiv_"]:
        CASES[_op] += [
            C("int32 self, float operands", T([2, 3], dtype=i32), T([2, 3]), T([3])),
            C("bool self, float operands", T([3], dtype=b8), T([3]), T([3])),
            C("self broadcast refused", T([3], dtype=i32), T([2, 3]), T([3])),
        ]
    CASES["lerp_.Scalar"] += [C("int32 self, int32 end", T([3], dtype=i32), T([3], dtype=i32), 0.5)]
    CASES["lerp_.Tensor"] += [
        C("float32 self, complex zero-dim weight", T([3]), T([3]), T([], dtype=c64)),
        C("self broadcast refused", T([3]), T([2, 3]), T([3])),
    ]
    CASES["multiply_.Tensor"] += [C("int32 self, float other", T([2, 3], dtype=i32), T([3]))]
    CASES["multiply_.Scalar"] += [C("int32 self, float number", T([3], dtype=i32), 2.5)]