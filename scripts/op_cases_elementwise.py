"""Cases of the elementwise operators of `ops/rules/elementwise.rules`:
arithmetic aliases, binary functions, predicates and activations, with
their in-place and `out=` forms.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import (
    C, D, T, b8, binary_cases, c64, f16, i32, i64, inplace_cases, out_cases, tr, unary_cases,
)

CASES = {}
# The metas built on `elementwise_meta` expand every operand whose sizes
# differ from the common ones; in a plain fake mode `expand` is ATen's
# C++ kernel, which refuses symbolic sizes (unless a conversion to the
# result dtype fixed them first).
SYMBOLIC = [
    ("addcmul of dynamic operands that broadcast", "addcmul",
     C("", D([3, 1], "a", ["dynamic", "static"]), D([1, 4], "b", ["static", "dynamic"]), D([4], "c"))),
    ("addcmul of a dynamic float16 column broadcast against float32 rows (its sizes fixed)", "addcmul",
     C("", D([3, 1], "a", ["dynamic", "static"], dtype=f16), T([1, 4]), T([4]))),
    ("lerp of a dynamic matrix towards a dynamic row", "lerp.Scalar", C("", D([3, 4], "x"), D([4], "y"), 0.5)),
    ("lerp of a dynamic matrix towards a static row", "lerp.Scalar", C("", D([3, 4], "x"), T([4]), 0.5)),
    ("__rshift__ of a dynamic vector by a zero-dim shift", "__rshift__.Tensor",
     C("", D([4], "x", dtype=i32), T([], dtype=i32))),
    ("_add_relu of dynamic operands that broadcast", "_add_relu.Tensor", C("", D([3, 4], "x"), D([4], "y"))),
    # `sub.Scalar`'s meta converts an int tensor with the C++ `to`, fixing its sizes.
    ("subtract.Scalar of a dynamic int tensor and a float", "subtract.Scalar", C("", D([3], "x", dtype=i64), 2.5)),
    # No meta: `self` is returned unchecked.
    ("logit_ of a dynamic int64 self", "logit_", C("", D([2, 3], "self", dtype=i64))),
]
# Their cases of the same sizes, derived, are kept beside.
KEEP_DERIVED = {"addcmul", "lerp.Scalar", "__rshift__.Tensor", "_add_relu.Tensor", "subtract.Scalar", "logit_"}


def extended(cases, *extra, **kw):
    """The cases with `extra` arguments appended and keywords added."""
    return [C(c.name, *c.args, *extra, **{**c.kwargs, **kw}) for c in cases]


def scalar_inplace_cases(number):
    """Cases of an in-place overload whose other operand is a number."""
    return [
        C("float self", T([2, 3]), number),
        C("transposed self", tr(2, 3), number),
        C("int64 self", T([2, 3], dtype=i64), number),
        C("float16 self", T([2, 3], dtype=f16), number),
    ]


def int_cases():
    """Integral operands for the integer-only operators."""
    return [
        C("int64", T([2, 3], dtype=i64), T([2, 3], dtype=i64)),
        C("int32 and broadcast int64", T([2, 3], dtype=i32), T([3], dtype=i64)),
        C("transposed int64", tr(2, 3, dtype=i64), T([2, 3], dtype=i64)),
    ]


# name: (functional, in-place or None, out or None, extra cases)
BINARY = {
    "divide.Tensor": ("divide_.Tensor", "divide.out"),
    "true_divide.Tensor": ("true_divide_.Tensor", "true_divide.out"),
    "multiply.Tensor": ("multiply_.Tensor", "multiply.out"),
    "subtract.Tensor": ("subtract_.Tensor", "subtract.out"),
    "rsub.Tensor": (None, "rsub.Tensor_out"),
    "bitwise_left_shift.Tensor": ("bitwise_left_shift_.Tensor", "bitwise_left_shift.Tensor_out"),
    "bitwise_right_shift.Tensor": ("bitwise_right_shift_.Tensor", "bitwise_right_shift.Tensor_out"),
    "fmax": (None, "fmax.out"),
    "fmin": (None, "fmin.out"),
    "gcd": ("gcd_", "gcd.out"),
    "lcm": ("lcm_", "lcm.out"),
    "hypot": ("hypot_", "hypot.out"),
    "nextafter": ("nextafter_", "nextafter.out"),
    "heaviside": ("heaviside_", "heaviside.out"),
    "logaddexp2": (None, "logaddexp2.out"),
    "clamp_min.Tensor": ("clamp_min_.Tensor", "clamp_min.Tensor_out"),
    "clamp_max.Tensor": ("clamp_max_.Tensor", "clamp_max.Tensor_out"),
}
for _op, (_inplace, _out) in BINARY.items():
    CASES[_op] = binary_cases() + int_cases() + [C("complex64", T([3], dtype=c64), T([3], dtype=c64))]
    if _inplace:
        CASES[_inplace] = inplace_cases(binary=True)
    if _out:
        CASES[_out] = out_cases(binary=True)
CASES["logaddexp2"] += [C("bool operands refused", T([2], dtype=b8), T([2], dtype=b8)),
                        C("complex operands that do not broadcast", T([2, 3], dtype=c64), T([2, 4], dtype=c64))]
CASES["subtract.Tensor"] += [C("bool operands refused", T([2], dtype=b8), T([2], dtype=b8)),
                             C("alpha", T([2]), T([2]), alpha=2),
                         C("alpha lays self out afresh", T([1, 2], strides=[1, 1]), T([]), alpha=2),
                         C("default alpha", T([1, 2], strides=[1, 1]), T([])),
                         C("alpha of an overlapping self", T([3, 2], strides=[0, 1]), T([3, 2], strides=[1, 3]), alpha=3),
                             C("float alpha with an int and a float", T([2], dtype=i32), T([2]), alpha=2.5),
                             C("float alpha with two ints refused", T([2], dtype=i32), T([2], dtype=i32),
                               alpha=2.5)]
CASES["subtract_.Tensor"] += [C("float alpha for int32", T([2], dtype=i32), T([2], dtype=i32), alpha=2.5),
                              C("int32 minus float refused", T([2], dtype=i32), T([2]))]
CASES["rsub.Tensor"] += [C("bool operands refused", T([2], dtype=b8), T([2], dtype=b8)),
                         C("alpha", T([2]), T([2]), alpha=2),
                         C("alpha lays self out afresh", T([1, 2], strides=[1, 1]), T([]), alpha=2),
                         C("default alpha", T([1, 2], strides=[1, 1]), T([])),
                         C("alpha of an overlapping self", T([3, 2], strides=[0, 1]), T([3, 2], strides=[1, 3]), alpha=3),
                         C("float alpha for int64 refused", T([2], dtype=i64), T([2], dtype=i64), alpha=0.5)]

SCALAR = {
    "divide.Scalar": "divide_.Scalar",
    "true_divide.Scalar": "true_divide_.Scalar",
    "multiply.Scalar": "multiply_.Scalar",
    "subtract.Scalar": "subtract_.Scalar",
    "bitwise_left_shift.Tensor_Scalar": "bitwise_left_shift_.Tensor_Scalar",
    "bitwise_right_shift.Tensor_Scalar": "bitwise_right_shift_.Tensor_Scalar",
    "clamp_max": "clamp_max_",
}
for _op, _inplace in SCALAR.items():
    CASES[_op] = binary_cases(scalar=True)
    CASES[_inplace] = scalar_inplace_cases(2)
CASES["subtract.Scalar"] += [C("float alpha for int32", T([2], dtype=i32), 2, alpha=2.5)]
CASES["clamp_max"] += [C("uint8 above its range", T([3, 2], dtype=torch.uint8), 300),
                       C("uint8 below its range refused", T([3, 2], dtype=torch.uint8), -1),
                       C("uint8 above its range, a size-1 dim of its own stride",
                         T([3, 1], strides=[1, 5], dtype=torch.uint8), 256)]
CASES["clamp_max_"] += [C("uint8 below its range refused", T([3, 2], dtype=torch.uint8), -1)]
CASES["subtract_.Scalar"] += [C("float alpha for int32", T([2], dtype=i32), 2, alpha=2.5),
                              C("int32 minus a float refused", T([2], dtype=i32), 1.5)]
CASES["bitwise_left_shift.Tensor_Scalar_out"] = [
    C("int64 out", T([2, 3], dtype=i64), 1, out=T([2, 3], dtype=i64)),
    C("empty out is resized", T([2, 3], dtype=i64), 1, out=T([0], dtype=i64)),
]
CASES["bitwise_right_shift.Tensor_Scalar_out"] = CASES["bitwise_left_shift.Tensor_Scalar_out"]
CASES["clamp_max.out"] = [
    C("out of the same shape", T([2, 3]), 1, out=T([2, 3])),
    C("empty out is resized", T([2, 3]), 1, out=T([0])),
    C("transposed out keeps its strides", T([2, 3]), 1, out=tr(2, 3)),
]

# name: (extra arguments, in-place or None, out or None)
UNARY = {
    "round.decimals": ({"decimals": 2}, "round_.decimals", "round.decimals_out"),
    "frac": ({}, "frac_", None),
    "deg2rad": ({}, "deg2rad_", "deg2rad.out"),
    "rad2deg": ({}, "rad2deg_", "rad2deg.out"),
    "square": ({}, "square_", "square.out"),
    "sgn": ({}, "sgn_", None),
    "signbit": ({}, None, None),
    "isfinite": ({}, None, None),
    "isposinf": ({}, None, None),
    "isneginf": ({}, None, None),
    "isreal": ({}, None, None),
    "logit": ({}, "logit_", "logit.out"),
    "nan_to_num": ({}, "nan_to_num_", None),
    "angle": ({}, None, None),
    "log_sigmoid": ({}, None, "log_sigmoid.out"),
    "celu": ({}, "celu_", "celu.out"),
    "selu": ({}, "selu_", None),
    "mish": ({}, "mish_", "mish.out"),
    "softplus": ({}, None, "softplus.out"),
    "hardshrink": ({}, None, "hardshrink.out"),
    "softshrink": ({}, None, "softshrink.out"),
    "relu6": ({}, "relu6_", None),
}
for _op, (_kw, _inplace, _out) in UNARY.items():
    CASES[_op] = extended(unary_cases() + [C("complex64", T([3], dtype=c64))], **_kw)
    if _inplace:
        CASES[_inplace] = extended(inplace_cases(), **_kw)
    if _out:
        CASES[_out] = extended(out_cases(), **_kw)
CASES["logit"] += [C("eps", T([2, 3]), 1e-6)]
CASES["nan_to_num"] += [C("replacements", T([2, 3]), 0.0, 1.0, -1.0)]
CASES["softplus"] += [
    # The dispatcher keeps beta=1 when a threshold follows it: a bool
    # input takes only a bool beta.
    C("bool with a threshold refused", T([4], dtype=b8), 1, 2),
    C("bool with an int beta refused", T([4], dtype=b8), 2),
    C("bool with a float threshold refused", T([4], dtype=b8), 1, 20.0),
    C("bool with a bool beta and a threshold", T([4], dtype=b8), True, 2),
    C("int64 with a threshold", T([4], dtype=i64), 1, 2),
    C("beta and threshold", T([2, 3]), 2, 10),
    C("int64 with a float beta refused", T([2, 3], dtype=i64), 1.5, 20),
    C("int64 with a float threshold", T([2, 3], dtype=i64), 1, 2.5),
]
CASES["celu"] += [
    # `torch._refs.nn.functional.celu` checks a given alpha.
    C("zero alpha refused", T([2, 3]), 0),
    C("zero float alpha refused", T([2, 3]), 0.0),
    C("negative alpha", T([2, 3]), -2.0),
    C("int64 with an int alpha", T([2, 3], dtype=i64), 2),
    C("int64 with a float alpha refused", T([2, 3], dtype=i64), 1.5),
    C("bool with an int alpha refused", T([2, 3], dtype=b8), 2),
]
CASES["celu_"] += [C("zero alpha refused", T([2, 3]), 0)]
CASES["isreal"] += [
    # A complex input's answer is laid out as its imaginary parts' view.
    C("complex64 with size-1 dims of their own strides", T([5, 1, 1], dtype=c64, strides=[1, 5, 1])),
    C("complex64 transposed", tr(2, 3, dtype=c64)),
]
CASES["softshrink"] += [
    C("negative lambda", T([2, 3]), -0.5),
    C("zero lambda", T([2, 3]), 0),
    C("lambda past float16's max", T([2], dtype=f16), 1e5),
    C("lambda within float32's max", T([2]), 1e5),
    C("int64 with negative lambda", T([2], dtype=i64), -1),
]
CASES["threshold"] = extended(unary_cases() + [C("complex64", T([3], dtype=c64))], 0.5, 0)
CASES["threshold_"] = extended(inplace_cases(), 0.5, 0)
CASES["threshold.out"] = extended(out_cases(), 0.5, 0)


def ternary_cases(third_number=False):
    """Three operands (the third a number when `third_number`)."""
    third = (lambda t: 0.5) if third_number else (lambda t: t)
    return [
        C("same shape", T([2, 3]), T([2, 3]), third(T([2, 3]))),
        C("broadcast", T([3, 1]), T([1, 4]), third(T([4]))),
        C("int64", T([2], dtype=i64), T([2], dtype=i64), third(T([2], dtype=i64))),
        C("float16 and float32", T([2], dtype=f16), T([2]), third(T([2]))),
        C("transposed first", tr(2, 3), T([2, 3]), third(T([2, 3]))),
        C("float16 throughout", T([2], dtype=f16), T([2], dtype=f16), third(T([2], dtype=f16))),
        C("size mismatch", T([2, 3]), T([2, 4]), third(T([2, 3]))),
    ]


CASES.update({
    "lerp.Scalar": ternary_cases(third_number=True),
    "lerp.Scalar_out": [C("empty out is resized", T([2, 3]), T([2, 3]), 0.5, out=T([0]))],
    "lerp.Tensor": ternary_cases(),
    "lerp.Tensor_out": [C("empty out is resized", T([2, 3]), T([2, 3]), T([2, 3]), out=T([0]))],
    "addcmul": ternary_cases() + [C("value", T([2]), T([2]), T([2]), value=2)],
    "addcmul.out": [C("empty out is resized", T([2, 3]), T([2, 3]), T([2, 3]), out=T([0]))],
    "addcdiv": ternary_cases() + [C("value", T([2]), T([2]), T([2]), value=2)],
    "addcdiv.out": [C("empty out is resized", T([2, 3]), T([2, 3]), T([2, 3]), out=T([0]))],
})

# ---- _add_relu: add then relu, fused; its in-place forms check nothing ----

CASES["_add_relu.Tensor"] = binary_cases() + int_cases() + [
    C("alpha", T([2, 3]), T([2, 3]), alpha=2),
    C("float alpha for int64 taken", T([2], dtype=i64), T([2], dtype=i64), alpha=2.5),
]
CASES["_add_relu_.Tensor"] = [
    C("same shape", T([2, 3]), T([2, 3])),
    C("transposed self", tr(2, 3), T([3])),
    C("int self, float other", T([2, 3], dtype=i64), T([2, 3])),
    C("self smaller than the broadcast shape taken", T([1, 3]), T([2, 3])),
    C("alpha", T([2, 3]), T([2, 3]), alpha=2),
]
CASES["_add_relu_.Scalar"] = scalar_inplace_cases(2.5) + [C("alpha", T([2, 3]), 2, 3)]

# The number and out= overloads, which the fake mode runs through ATen's
# CPU kernel: static sizes only.
CASES["_add_relu.Scalar"] = binary_cases(scalar=True) + [
    C("alpha", T([2, 3]), 2, 3),
    # No meta kernel: ATen's kernel runs on zeros of the fake device.
    C("on meta refused", T([2, 3], device="meta"), 2),
    # The kernel knows the bounds of the signed integers, float32 and float64.
    C("float16 tensor", T([2, 3], dtype=f16), 2),
    C("uint8 tensor", T([2, 3], dtype=torch.uint8), 2),
    C("int8 tensor", T([2, 3], dtype=torch.int8), 2),
]
CASES["_add_relu.out"] = out_cases(binary=True) + [
    C("inputs that do not broadcast", T([2, 3]), T([2, 4]), out=T([2, 3])),
    C("bool inputs", T([2], dtype=b8), T([2], dtype=b8), out=T([2], dtype=b8)),
    C("float16 self, float32 other", T([2], dtype=f16), T([2]), out=T([2])),
    # The kernel dispatches on the operands' common dtype: neither complex
    # nor half precision.
    C("float32 self, complex other refused", T([3]), T([3], dtype=c64), out=T([3], dtype=c64)),
    C("int64 self, float16 other refused", T([3], dtype=i64), T([3], dtype=f16), out=T([3], dtype=f16)),
]
CASES["_add_relu.Scalar_out"] = [
    C("float", T([2, 3]), 2, out=T([2, 3])),
    C("resized", tr(2, 3), 2.5, out=T([0])),
    C("int self, float number, int out refused", T([2], dtype=i64), 2.5, out=T([2], dtype=i64)),
    C("int self, float out", T([2], dtype=i64), 2, out=T([2])),
]
