"""Cases of the unary and binary pointwise overloads that share
`unary_cases`/`binary_cases`, activations and their in-place forms,
dropouts, `movedim`, `chunk`, `unbind`, bitwise and comparison
overloads, the scatters (`scatter`, `scatter_add`, `scatter_reduce.two`,
`select_scatter`, `masked_scatter`), `diagonal`, reflection and
replication pads, `avg_pool1d`/`avg_pool3d` and adaptive pools, the random
factories and `_native_batch_norm_legit`.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import CL, C, D, T, b8, binary_cases, c64, cl, f16, f32, f64, i32, i64, off, tr, u8, unary_cases

CASES = {}
# A title run under the Python dispatcher (`export_op_cases.DISPATCHED`),
# whose decomposition of `dropout` does not check `p`.
DROPOUT_P_DISPATCHED = "p above one under the Python dispatcher"
DISPATCHED = {DROPOUT_P_DISPATCHED}
# `meta_masked_scatter` broadcasts with `_maybe_broadcast`, whose Python
# `expand` reaches ATen's C++ kernel in a plain fake mode.
SYMBOLIC = [
    # `add.Scalar`'s meta converts with the C++ `to` (fixing the sizes);
    # its out= form runs the reference, which keeps them.
    ("add.Scalar of a dynamic int64 matrix and a float", "add.Scalar", C("", D([2, 3], "x", dtype=i64), 2.5)),
    ("add.Scalar_out of a dynamic int64 matrix and a float into an empty out", "add.Scalar_out",
     C("", D([2, 3], "x", dtype=i64), 2.5, out=T([0]))),
    ("sub.Scalar_out of a dynamic int64 matrix and a float into an empty out", "sub.Scalar_out",
     C("", D([2, 3], "x", dtype=i64), 2.5, out=T([0]))),
    # The out's own sizes are replaced by the result's (`s4` by `s2 + 3`),
    # which sympy's `replace` expands: its strides print expanded.
    ("reflection_pad1d.out into a dynamic out of the result's shape", "reflection_pad1d.out",
     C("", D([2, 3, 5], "x"), [1, 2], out=D([2, 3, 8], "o"))),
    ("masked_scatter of a dynamic matrix by a broadcast mask", "masked_scatter",
     C("", D([2, 3], "x"), T([3], dtype=b8), T([6]))),
    ("masked_scatter of a static matrix by a dynamic mask of its sizes", "masked_scatter",
     C("", T([2, 3]), D([2, 3], "m", dtype=b8), T([6]))),
]
KEEP_DERIVED = {"masked_scatter"}

for _op in ["acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "erf", "expm1",
            "log10", "log1p", "log2", "sin", "sinh", "tan", "reciprocal", "isnan", "isinf",
            "ceil", "floor", "trunc", "round", "sign"]:
    CASES[_op] = unary_cases()
for _op in ["ge.Tensor", "ne.Tensor", "logical_and", "logical_or", "logical_xor", "atan2", "logaddexp",
            "bitwise_or.Tensor", "bitwise_xor.Tensor"]:
    CASES[_op] = binary_cases()
CASES["logaddexp"] += [C("bool operands refused", T([2], dtype=b8), T([2], dtype=b8)),
                       C("bool and int64", T([2], dtype=b8), T([2], dtype=i64))]
for _op in ["le.Scalar", "bitwise_and.Scalar", "bitwise_or.Scalar", "bitwise_xor.Scalar"]:
    CASES[_op] = binary_cases(scalar=True)



def activation_cases():
    """Cases of the activations of torchvision's models: unary cases plus
    non-dense, expanded and complex inputs."""
    return unary_cases() + [
        C("sliced non-dense", T([4, 6], then=lambda t: t[:, ::2])),
        C("expanded", T([1, 3], then=lambda t: t.expand(4, 3))),
        C("complex64", T([3], dtype=c64)),
    ]


def inplace_activation_cases():
    """Cases of in-place activations: `self` keeps its layout, whatever it is."""
    return [
        C("float32 matrix", T([2, 3])),
        C("transposed keeps its strides", tr(2, 3)),
        C("channels last", cl(1, 2, 3, 3)),
        C("storage offset", off(2, 3)),
        C("sliced non-dense", T([4, 6], then=lambda t: t[:, ::2])),
        C("expanded", T([1, 3], then=lambda t: t.expand(4, 3))),
        C("int64", T([4], dtype=i64)),
        C("bool", T([4], dtype=b8)),
        C("float16", T([2, 2], dtype=f16)),
        C("zero-dim", T([])),
        C("zero size", T([0, 3])),
    ]


def dropout_cases(feature=False):
    """Cases of the dropout family: `p` and `train` decide what comes out."""
    return [
        C("training", T([2, 3]), 0.5, True),
        C("evaluation is self", off(2, 3), 0.5, False),
        C("p zero is self", T([2, 3]), 0.0, True),
        C("p one", off(2, 3), 1.0, True),
        C("p one int64", T([2, 3], dtype=i64), 1.0, True),
        C("int64 training", T([2, 3], dtype=i64), 0.5, True),
        C("bool training", T([2, 3], dtype=b8), 0.5, True),
        C("int64 evaluation", T([2, 3], dtype=i64), 0.5, False),
        C("empty int64 training is self", T([0, 3], dtype=i64), 0.5, True),
        C("p above one", T([2, 3]), 1.5, False),
        C("negative p", T([2, 3]), -0.5, True),
        C(DROPOUT_P_DISPATCHED, T([2, 3]), 1.5, True),
        C("vector training", T([3]), 0.5, True),
        C("vector p one", T([3]), 1.0, True),
        C("zero-dim training", T([]), 0.5, True),
        C("sliced non-dense training", T([4, 6], then=lambda t: t[:, ::2]), 0.5, True),
        C("expanded training", T([1, 3], then=lambda t: t.expand(4, 3)), 0.5, True),
        C("transposed 3-d training", T([2, 4, 3], then=lambda t: t.transpose(1, 2)), 0.5, True),
        C("channels last training", cl(2, 3, 4, 4), 0.5, True),
        C("float16 training", T([2, 3], dtype=f16), 0.5, True),
        C("complex training", T([2, 3], dtype=c64), 0.5, True),
    ]


for _op in ["silu", "hardsigmoid", "hardswish"]:
    CASES[_op] = activation_cases()
for _op in ["silu_", "hardsigmoid_", "hardswish_", "sigmoid_", "relu_"]:
    CASES[_op] = inplace_activation_cases()
for _op in ["dropout_", "feature_dropout", "feature_dropout_", "alpha_dropout", "alpha_dropout_",
            "feature_alpha_dropout", "feature_alpha_dropout_"]:
    CASES[_op] = dropout_cases()


CASES.update({
    "hardtanh_": inplace_activation_cases() + [
        C("bounds", T([2, 3]), -2, 2),
        C("int tensor float bounds", T([4], dtype=i64), -1.5, 2.5),
        C("uint8 negative bound", T([4], dtype=u8), -1, 1),
        C("uint8 strided, float bounds, the upper below its range refused", T([5], dtype=u8, strides=[3]), 2.5,
          -1),
    ],
    "gelu_": inplace_activation_cases() + [
        C("tanh approximation", T([2, 3]), approximate="tanh"),
        C("unknown approximation", T([2, 3]), approximate="exact"),
    ],
    "swapaxes": [
        C("first and last", T([2, 3, 4]), 0, 2),
        C("negative axes", T([2, 3, 4]), -1, -3),
        C("same axis", T([2, 3, 4]), 1, 1),
        C("storage offset", off(2, 3), 0, 1),
        C("zero-dim", T([]), 0, -1),
        C("axis out of range", T([2, 3]), 0, 2),
    ],
    "swapdims": [
        C("matrix", T([2, 3]), 0, 1),
        C("channels last", cl(1, 2, 3, 3), 1, 3),
        C("dim out of range", T([2, 3]), -3, 0),
    ],
    "movedim.int": [
        C("first to third", T([2, 3, 4, 5]), 0, 2),
        C("last to second", T([2, 3, 4, 5]), -1, 1),
        C("to itself", T([2, 3, 4]), 1, 1),
        C("storage offset", off(2, 3), 1, 0),
        C("channels last to front", cl(2, 3, 4, 5), 1, -1),
        C("zero-dim", T([]), 0, -1),
        C("zero-dim out of range", T([]), 0, 1),
        C("destination out of range", T([2, 3]), 0, 2),
    ],
    "moveaxis.int": [
        C("first to last", T([2, 3, 4]), 0, -1),
        C("transposed", tr(2, 3), 1, 0),
        C("source out of range", T([2, 3]), 3, 0),
    ],
    "chunk": [
        C("uneven", T([7, 3]), 3),
        C("fewer pieces than asked", T([6, 3]), 4),
        C("more chunks than elements", T([2, 3]), 5),
        C("last dim", T([5, 9]), 3, -1),
        C("empty dim", T([0, 3]), 3),
        C("empty other dim", T([4, 0]), 2),
        C("transposed", tr(4, 6), 4, 1),
        C("storage offset", off(5, 2), 2),
        C("one chunk", T([3, 2]), 1),
        C("zero chunks", T([2, 3]), 0),
        C("zero-dim", T([]), 2),
        C("dim out of range", T([2, 3]), 2, 2),
    ],
    # Run under the Python dispatcher (see PYTHON_DISPATCHER).
    "unsafe_chunk": [
        C("uneven", T([7, 3]), 3),
        C("empty dim", T([0, 3]), 3),
        C("last dim", tr(5, 9), 2, -1),
        # The Python implementation does not check `chunks`.
        C("negative chunks: one piece", T([1, 4]), -1),
        C("negative chunks: a negative split size refused", T([5, 4]), -3),
        C("negative chunks: a split size of 0 refused", T([3, 4]), -2),
        C("zero chunks refused", T([3, 4]), 0),
    ],
    "unbind.int": [
        C("rows", T([3, 4])),
        C("last dim", T([3, 4]), -1),
        C("storage offset", off(2, 3), 1),
        C("channels last", cl(1, 2, 2, 2), 1),
        C("empty dim", T([0, 4])),
        C("vector", T([3])),
        C("zero-dim", T([])),
        C("dim out of range", T([3, 4]), 2),
    ],
})

CASES.update({
    "bitwise_not": unary_cases() + [
        C("int32", T([2, 3], dtype=i32)),
        C("uint8", T([4], dtype=u8)),
    ],
    "div.Scalar_mode": [
        C("floor float", T([2, 3]), 2, rounding_mode="floor"),
        C("trunc int by int", T([4], dtype=i64), 3, rounding_mode="trunc"),
        C("floor int by float", T([4], dtype=i32), 2.5, rounding_mode="floor"),
        C("true division of ints", T([4], dtype=i64), 2, rounding_mode=None),
        C("floor bool by bool", T([3], dtype=b8), True, rounding_mode="floor"),
        C("float16 by float", T([3], dtype=f16), 1.5, rounding_mode="trunc"),
        C("transposed", tr(2, 3), 2, rounding_mode="floor"),
        C("channels last", cl(1, 2, 3, 3), 2, rounding_mode="trunc"),
        C("zero-dim", T([], dtype=i64), 2, rounding_mode="floor"),
        C("unknown mode", T([2]), 2, rounding_mode="round"),
        C("floor of channels last", cl(1, 2, 3, 3), 2, rounding_mode="floor"),
        C("floor of transposed ints", tr(2, 3, dtype=i64), 2, rounding_mode="floor"),
        C("floor of float16 with gaps", T([2, 3, 1, 2], dtype=f16, strides=[1, 3, 0, 12]), 2.0,
          rounding_mode="floor"),
        # `true_divide` and `trunc_divide` convert the operand first too.
        C("true division of bfloat16 with gaps", T([2, 1], dtype=torch.bfloat16, strides=[2, 12]), 1, rounding_mode=None),
        C("trunc of bfloat16 with gaps", T([2, 1], dtype=torch.bfloat16, strides=[2, 12]), 1, rounding_mode="trunc"),
    ],
    "any.dims": [
        C("one dim", T([2, 3, 4]), [1]),
        C("two dims keepdim", T([2, 3, 4]), [0, 2], True),
        C("none reduces all", T([2, 3])),
        C("empty list reduces all", T([2, 3]), []),
        C("empty list of a transposed input", tr(2, 3), []),
        C("empty list of an expanded input", T([2, 1], then=lambda t: t.expand(2, 3)), []),
        C("empty list of an empty strided input", T([3, 3, 0], strides=[6, 12, 0], dtype=b8), []),
        C("uint8 stays uint8", T([2, 3], dtype=u8), [0]),
        C("int64", T([2, 3], dtype=i64), [-1]),
        C("transposed", tr(2, 3), [0]),
        C("zero size", T([0, 3]), [0]),
        C("zero-dim", T([]), [0]),
        C("dim out of range", T([2, 3]), [2]),
        C("repeated dim", T([2, 3]), [0, 0]),
    ],
    "logaddexp.out": [
        C("same shape out", T([2, 3]), T([2, 3]), out=T([2, 3])),
        C("broadcast into resized empty out", T([2, 1]), T([1, 3]), out=T([0])),
        C("float result into int out", T([2]), T([2]), out=T([2], dtype=i64)),
    ],
    "atan2.out": [
        C("same shape out", T([2, 3]), T([2, 3]), out=T([2, 3])),
        C("broadcast into resized empty out", T([2, 1]), T([1, 3]), out=T([0])),
        C("transposed out keeps its strides", T([2, 3]), T([2, 3]), out=tr(2, 3)),
        C("resized out follows transposed inputs", tr(2, 3), tr(2, 3), out=T([0])),
        C("int inputs into float out", T([2], dtype=i64), T([2], dtype=i64), out=T([2])),
        C("float result into int out", T([2]), T([2]), out=T([2], dtype=i64)),
        C("float64 out", T([2]), T([2]), out=T([2], dtype=f64)),
        C("float result into float16 out", T([2]), T([2]), out=T([2], dtype=f16)),
        C("out with a storage offset", T([2, 3]), T([3]), out=off(2, 3)),
        C("size mismatch", T([2, 3]), T([2, 4]), out=T([2, 3])),
    ],
})


def scatter_cases(value=False):
    """Cases of the scatters: `src` a tensor, or a number (`value`)."""
    def src(sizes, **kw):
        return 1.5 if value else T(sizes, **kw)
    cases = [
        C("rows", T([4, 3]), 0, T([2, 3], dtype=i64), src([2, 3])),
        C("columns", T([4, 3]), 1, T([4, 2], dtype=i64), src([4, 2])),
        C("negative dim", T([4, 3]), -1, T([2, 2], dtype=i64), src([2, 2])),
        C("int32 index", T([4, 3]), 0, T([2, 3], dtype=i32), src([2, 3])),
        C("transposed self is laid out contiguously", tr(4, 3), 0, T([2, 3], dtype=i64), src([2, 3])),
        C("storage offset self", off(4, 3), 0, T([2, 3], dtype=i64), src([2, 3])),
        C("index larger than self off dim", T([4, 3]), 0, T([2, 4], dtype=i64), src([2, 4])),
        C("index larger along dim", T([2, 3]), 0, T([4, 3], dtype=i64), src([4, 3])),
        C("float index", T([4, 3]), 0, T([2, 3]), src([2, 3])),
        C("empty float index", T([4, 3]), 0, T([0, 3]), src([0, 3])),
        C("empty index of another rank", T([4, 3]), 0, T([0], dtype=i64), src([0])),
        C("index rank differs", T([4, 3]), 0, T([2], dtype=i64), src([2])),
        C("zero-dim", T([]), 0, T([], dtype=i64), src([])),
        C("dim out of range", T([4, 3]), 2, T([2, 3], dtype=i64), src([2, 3])),
    ]
    if not value:
        cases += [
            C("src larger than index", T([4, 3]), 0, T([2, 2], dtype=i64), T([3, 3])),
            C("src smaller than index", T([4, 3]), 0, T([2, 3], dtype=i64), T([1, 3])),
            C("src dtype differs", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3], dtype=f64)),
            C("src rank differs", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3, 1])),
        ]
    return cases


CASES.update({
    "scatter.src": scatter_cases(),
    "scatter.value": scatter_cases(value=True) + [
        C("int value into float", T([4, 3]), 0, T([2, 3], dtype=i64), 2),
        C("complex value into float", T([4, 3]), 0, T([2, 3], dtype=i64), 1 + 1j),
    ],
    "scatter_add": scatter_cases(),
    "scatter_reduce.two": [
        C(c.name, *c.args, "sum") for c in scatter_cases()
    ] + [
        C("prod", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3]), "prod"),
        C("mean without self", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3]), "mean", include_self=False),
        C("amax", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3]), "amax"),
        C("amin", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3]), "amin"),
        C("unknown reduction", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3]), "add"),
    ],
    "select_scatter": [
        C("row", T([4, 3]), T([3]), 0, 1),
        C("column", T([4, 3]), T([4]), 1, -1),
        C("transposed self kept", tr(4, 3), T([3]), 0, 0),
        C("storage offset kept", off(4, 3), T([3]), 0, 2),
        C("channels last kept", cl(2, 3, 4, 5), T([2, 4, 5]), 1, 0),
        C("overlapping self cloned", T([4, 3], strides=[0, 1]), T([3]), 0, 0),
        C("src of another shape", T([4, 3]), T([5]), 0, 0),
        C("index out of range", T([4, 3]), T([3]), 0, 9),
        C("int64", T([4, 3], dtype=i64), T([3], dtype=i64), 0, 1),
    ],
    "masked_scatter": [
        C("same shape", T([2, 3]), T([2, 3], dtype=b8), T([6])),
        C("mask broadcasts", T([2, 3]), T([3], dtype=b8), T([6])),
        C("self broadcasts", T([3]), T([2, 3], dtype=b8), T([6])),
        C("uint8 mask", T([2, 3]), T([2, 3], dtype=u8), T([6])),
        C("float mask", T([2, 3]), T([2, 3]), T([6])),
        C("source dtype differs", T([2, 3]), T([2, 3], dtype=b8), T([6], dtype=f64)),
        C("transposed self laid out contiguously", tr(2, 3), T([2, 3], dtype=b8), T([6])),
        C("channels last self laid out contiguously", cl(1, 2, 3, 3), T([1, 2, 3, 3], dtype=b8), T([18])),
        C("mismatch", T([2, 3]), T([2, 4], dtype=b8), T([6])),
        C("zero-dim", T([]), T([], dtype=b8), T([1])),
    ],
    "diagonal": [
        C("square", T([3, 3])),
        C("rectangle", T([3, 5])),
        C("positive offset", T([3, 5]), 2),
        C("negative offset", T([5, 3]), -2),
        C("offset past the end", T([3, 5]), 7),
        C("negative offset past the end", T([3, 5]), -4),
        C("other dims", T([2, 3, 4]), 0, 1, 2),
        C("reversed dims", T([2, 3, 4]), 1, 2, 0),
        C("negative dims", T([2, 3, 4]), -1, -1, -3),
        C("transposed", tr(3, 4), 1),
        C("storage offset", off(3, 4), 1),
        C("storage offset and negative offset", off(4, 3), -1),
        C("zero size", T([0, 3])),
        C("identical dims", T([3, 3]), 0, 1, 1),
        C("identical after wrapping", T([3, 3]), 0, 0, -2),
        C("dim out of range", T([3, 3]), 0, 0, 2),
        C("vector", T([3])),
        C("zero-dim", T([])),
    ],
})

CASES.update({
    "reflection_pad1d": [
        C("batched", T([2, 3, 5]), [1, 2]),
        C("unbatched", T([3, 5]), [2, 1]),
        C("negative pads crop", T([2, 3, 5]), [-1, 2]),
        C("transposed input laid out contiguously", tr(2, 5, 3), [1, 1]),
        C("int64", T([2, 3, 5], dtype=i64), [1, 1]),
        C("bool", T([2, 3, 5], dtype=b8), [1, 1]),
        C("zero batch", T([0, 3, 5]), [1, 1]),
        C("zero channels", T([2, 0, 5]), [1, 1]),
        C("pad as large as the dim", T([2, 3, 5]), [5, 0]),
        C("right pad too large", T([2, 3, 5]), [0, 6]),
        C("output too small", T([2, 3, 5]), [-3, -2]),
        C("three pads", T([2, 3, 5]), [1, 1, 1]),
        C("1-d input", T([5]), [1, 1]),
    ],
    "reflection_pad2d": [
        C("batched", T([2, 3, 5, 6]), [1, 2, 3, 4]),
        C("unbatched", T([3, 5, 6]), [1, 0, 0, 1]),
        C("channels last kept", cl(2, 3, 5, 6), [1, 1, 1, 1]),
        C("channels last on cuda", cl(2, 3, 5, 6, device="cuda"), [1, 1, 1, 1]),
        C("transposed input", tr(2, 3, 6, 5), [1, 1, 1, 1]),
        C("zero batch", T([0, 3, 5, 6]), [1, 1, 1, 1]),
        C("zero height", T([2, 3, 0, 6]), [1, 1, 1, 1]),
        C("top pad too large", T([2, 3, 5, 6]), [1, 1, 5, 0]),
        C("left pad too large", T([2, 3, 5, 6]), [6, 1, 1, 1]),
        C("negative pads", T([2, 3, 5, 6]), [-1, -1, -2, 0]),
        C("two pads", T([2, 3, 5, 6]), [1, 1]),
        C("float16", T([2, 3, 5, 6], dtype=f16), [1, 1, 1, 1]),
    ],
    "reflection_pad3d": [
        C("batched", T([2, 3, 4, 5, 6]), [1, 2, 1, 2, 1, 2]),
        C("unbatched", T([3, 4, 5, 6]), [1, 1, 1, 1, 1, 1]),
        C("zero batch", T([0, 3, 4, 5, 6]), [1, 1, 1, 1, 1, 1]),
        C("channels last 3d laid out contiguously", T([2, 3, 4, 5, 6], fmt=torch.channels_last_3d), [1, 1, 1, 1, 1, 1]),
        C("front pad too large", T([2, 3, 4, 5, 6]), [1, 1, 1, 1, 4, 0]),
        C("four pads", T([2, 3, 4, 5, 6]), [1, 1, 1, 1]),
        C("zero depth", T([2, 3, 0, 5, 6]), [1, 1, 1, 1, 1, 1]),
    ],
    "replication_pad1d": [
        C("batched", T([2, 3, 5]), [1, 2]),
        C("unbatched", T([3, 5]), [2, 0]),
        C("pads larger than the width", T([2, 3, 2]), [5, 5]),
        C("transposed input", tr(2, 5, 3), [1, 1]),
        C("bool refused", T([2, 3, 5], dtype=b8), [1, 1]),
        C("output too small", T([2, 3, 5]), [-3, -3]),
        C("zero batch", T([0, 3, 5]), [1, 1]),
        C("four-d refused", T([1, 2, 3, 5]), [1, 1]),
    ],
    "replication_pad2d": [
        C("batched", T([2, 3, 5, 6]), [1, 2, 3, 4]),
        C("unbatched", T([3, 5, 6]), [1, 0, 0, 1]),
        C("pads larger than the dims", T([2, 3, 2, 2]), [5, 5, 5, 5]),
        C("channels last kept", cl(2, 3, 5, 6), [1, 1, 1, 1]),
        C("bool refused", T([2, 3, 5, 6], dtype=b8), [1, 1, 1, 1]),
        C("int64", T([2, 3, 5, 6], dtype=i64), [1, 1, 1, 1]),
        C("output too small", T([2, 3, 5, 6]), [-3, -3, 0, 0]),
        C("zero batch", T([0, 3, 5, 6]), [1, 1, 1, 1]),
        C("zero channels", T([2, 0, 5, 6]), [1, 1, 1, 1]),
    ],
    "replication_pad3d": [
        C("batched", T([2, 3, 4, 5, 6]), [1, 2, 1, 2, 1, 2]),
        C("unbatched", T([3, 4, 5, 6]), [3, 3, 3, 3, 3, 3]),
        C("pads larger than the dims", T([1, 1, 2, 2, 2]), [5, 5, 5, 5, 5, 5]),
        C("bool refused", T([2, 3, 4, 5, 6], dtype=b8), [1, 1, 1, 1, 1, 1]),
        C("zero batch", T([0, 3, 4, 5, 6]), [1, 1, 1, 1, 1, 1]),
        C("transposed input", T([2, 3, 4, 6, 5], then=lambda t: t.transpose(3, 4)), [1, 1, 1, 1, 1, 1]),
    ],
    "avg_pool1d": [
        C("batched", T([2, 3, 10]), [3]),
        C("unbatched", T([3, 10]), [3], [2]),
        C("stride and padding", T([2, 3, 10]), [4], [3], [2]),
        C("ceil mode", T([2, 3, 10]), [3], [2], [0], True),
        C("transposed input", tr(2, 3, 10), [3]),
        C("channels last like input", T([2, 3, 10], then=lambda t: t.unsqueeze(2).contiguous(memory_format=CL).squeeze(2)), [3]),
        C("float64", T([2, 3, 10], dtype=f64), [2]),
        C("int64", T([2, 3, 10], dtype=i64), [2]),
        C("kernel too large", T([2, 3, 2]), [3]),
        C("padding too large", T([2, 3, 10]), [2], [1], [2]),
        C("two kernel sizes", T([2, 3, 10]), [2, 2]),
        C("4-d input", T([1, 2, 3, 10]), [2]),
        C("zero batch", T([0, 3, 10]), [2]),
    ],
    "adaptive_avg_pool1d": [
        C("batched", T([2, 3, 10]), [5]),
        C("unbatched", T([3, 10]), [4]),
        C("output one", T([2, 3, 10]), [1]),
        C("transposed input", tr(2, 3, 10), [5]),
        C("larger output", T([2, 3, 10]), [20]),
        C("int64", T([2, 3, 10], dtype=i64), [5]),
        C("two output sizes", T([2, 3, 10]), [2, 2]),
        C("1-d input", T([10]), [5]),
        C("output one of int64 refused", T([2, 3, 10], dtype=i64), [1]),
        C("output one of a 2-d input", T([3, 10]), [1]),
    ],
    "avg_pool3d": [
        C("batched", T([2, 3, 6, 7, 8]), [2, 2, 2]),
        C("unbatched", T([3, 6, 7, 8]), [3]),
        C("stride and padding", T([2, 3, 6, 7, 8]), [3, 3, 3], [2, 1, 2], [1, 1, 0]),
        C("one stride", T([2, 3, 6, 7, 8]), [2], [1]),
        C("ceil mode", T([2, 3, 6, 7, 8]), [2], [2], [0], True),
        C("channels last 3d laid out contiguously", T([2, 3, 6, 7, 8], fmt=torch.channels_last_3d), [2]),
        C("divisor", T([2, 3, 6, 7, 8]), [2], divisor_override=3),
        C("divisor zero", T([2, 3, 6, 7, 8]), [2], divisor_override=0),
        C("two kernel sizes", T([2, 3, 6, 7, 8]), [2, 2]),
        C("uint8 refused", T([2, 3, 6, 7, 8], dtype=u8), [2]),
        C("int64", T([2, 3, 6, 7, 8], dtype=i64), [2]),
        C("kernel larger than input", T([2, 3, 2, 7, 8]), [3]),
        C("padding too large", T([2, 3, 6, 7, 8]), [2], [1], [2]),
        C("3-d input", T([6, 7, 8]), [2]),
        C("zero batch", T([0, 3, 6, 7, 8]), [2]),
        C("zero channels", T([2, 0, 6, 7, 8]), [2]),
    ],
    "_adaptive_avg_pool3d": [
        C("batched", T([2, 3, 6, 7, 8]), [2, 3, 4]),
        C("unbatched", T([3, 6, 7, 8]), [1, 1, 1]),
        C("channels last 3d laid out contiguously", T([2, 3, 6, 7, 8], fmt=torch.channels_last_3d), [2, 2, 2]),
        C("larger output", T([2, 3, 6, 7, 8]), [12, 7, 9]),
        C("3-d input", T([6, 7, 8]), [2, 2, 2]),
        C("int64", T([2, 3, 6, 7, 8], dtype=i64), [2, 2, 2]),
        C("zero batch", T([0, 3, 6, 7, 8]), [2, 2, 2]),
    ],
})


def random_factory_cases(**kw):
    """Cases of `rand` and `randn` (`kw`: `generator=None` for their
    overloads taking a generator, keyword-only and without a default)."""
    return [
        C("matrix", [2, 3], **kw),
        C("float16", [4], dtype=f16, **kw),
        C("float64", [4], dtype=f64, **kw),
        C("complex64", [2], dtype=c64, **kw),
        C("int64", [4], dtype=i64, **kw),
        C("bool", [4], dtype=b8, **kw),
        C("cuda", [2, 2], device=torch.device("cuda:0"), **kw),
        C("zero-dim", [], **kw),
        C("zero size", [0, 3], **kw),
        C("negative size", [2, -1], **kw),
    ]


def randperm_cases(**kw):
    """Cases of `randperm` (`kw` as for `random_factory_cases`)."""
    return [
        C("default int64", 5, **kw),
        C("explicit None is the default dtype", 5, dtype=None, **kw),
        C("float32", 5, dtype=f32, **kw),
        C("uint8", 300, dtype=u8, **kw),
        C("bool", 5, dtype=b8, **kw),
        C("cuda", 4, device=torch.device("cuda:0"), **kw),
        C("zero", 0, **kw),
        C("negative", -1, **kw),
    ]


def randint_cases(*bounds, **kw):
    """Cases of `randint` between `bounds` (`high`, or `low, high`),
    with bounds that are refused (`kw` as for `random_factory_cases`)."""
    refused = (0,) if len(bounds) == 1 else (5, 1)
    return [
        C("matrix", *bounds, [2, 3], **kw),
        C("int32", *bounds, [4], dtype=i32, **kw),
        C("float32", *bounds, [4], dtype=f32, **kw),
        C("explicit None is the default dtype", *bounds, [4], dtype=None, **kw),
        C("cuda", *bounds, [2, 2], device=torch.device("cuda:0"), **kw),
        C("zero size", *bounds, [0, 3], **kw),
        C("bounds refused", *refused, [2, 3], **kw),
        C("negative size", *bounds, [2, -1], **kw),
    ]


CASES.update({
    "rand": random_factory_cases(),
    # `torch._refs.randn` refuses pinned memory; its generator overload
    # does not.
    "randn": random_factory_cases() + [C("pinned memory refused", [2, 3], pin_memory=True)],
    "randperm": randperm_cases(),
    "rand.generator": random_factory_cases(generator=None),
    "randn.generator": random_factory_cases(generator=None),
    "randperm.generator": randperm_cases(generator=None),
    "randint.generator": randint_cases(5, generator=None),
    "randint.low_generator": randint_cases(1, 5, generator=None),
})

CASES.update({
    "_native_batch_norm_legit": [
        C("training", T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), True, 0.1, 1e-5),
        C("eval bool refused", T([2, 3, 4, 5], dtype=b8), None, None, T([3]), T([3]), False, 0.1, 1e-5),
        C("training bool refused", T([2, 3, 4, 5], dtype=b8), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("eval int64", T([2, 3, 4, 5], dtype=i64), None, None, T([3]), T([3]), False, 0.1, 1e-5),
        C("eval", T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), False, 0.1, 1e-5),
        C("training channels last", cl(2, 3, 4, 5), T([3]), T([3]), T([3]), T([3]), True, 0.1, 1e-5),
        C("eval channels last", cl(2, 3, 4, 5), None, None, T([3]), T([3]), False, 0.1, 1e-5),
        C("training transposed", tr(2, 3, 5, 4), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("training float16", T([2, 3, 4, 5], dtype=f16), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("eval float16", T([2, 3, 4, 5], dtype=f16), None, None, T([3]), T([3]), False, 0.1, 1e-5),
        C("training 2-d", T([4, 3]), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("training 3-d", T([4, 3, 7]), T([3]), None, T([3]), T([3]), True, 0.1, 1e-5),
        C("training one value per channel refused", T([1, 3, 1]), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("training cuda", T([2, 3, 4, 5], device="cuda"), None, None, T([3], device="cuda"),
          T([3], device="cuda"), True, 0.1, 1e-5),
        C("training cuda float16", T([2, 3, 4, 5], dtype=f16, device="cuda"), None, None,
          T([3], device="cuda"), T([3], device="cuda"), True, 0.1, 1e-5),
        C("eval cuda float16", T([2, 3, 4, 5], dtype=f16, device="cuda"), None, None,
          T([3], device="cuda"), T([3], device="cuda"), False, 0.1, 1e-5),
        C("training int refused", T([2, 3, 4, 5], dtype=i64), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("weight of another size", T([2, 3, 4, 5]), T([4]), None, T([3]), T([3]), True, 0.1, 1e-5),
        C("running mean of another size", T([2, 3, 4, 5]), None, None, T([4]), T([3]), True, 0.1, 1e-5),
        C("zero batch", T([0, 3, 4, 5]), None, None, T([3]), T([3]), True, 0.1, 1e-5),
        C("1-d input", T([3]), None, None, T([3]), T([3]), True, 0.1, 1e-5),
    ],
    "_native_batch_norm_legit.no_stats": [
        C("training", T([2, 3, 4, 5]), T([3]), T([3]), True, 0.1, 1e-5),
        C("training channels last", cl(2, 3, 4, 5), None, None, True, 0.1, 1e-5),
        C("training float16", T([2, 3, 4, 5], dtype=f16), None, None, True, 0.1, 1e-5),
        C("training 2-d", T([4, 3]), T([3]), T([3]), True, 0.1, 1e-5),
        C("training 1-d complex with a bias", T([4], dtype=c64), None, T([4]), True, -1.0, 1.0),
        C("training zero-dim", T([]), None, None, True, 0.1, 1e-5),
        C("eval refused", T([2, 3, 4, 5]), None, None, False, 0.1, 1e-5),
        C("training cuda float16", T([2, 3, 4, 5], dtype=f16, device="cuda"), None, None, True, 0.1, 1e-5),
    ],
})

for _op in ["abs", "log", "neg", "rsqrt", "sigmoid", "sqrt", "tanh", "logical_not"]:
    CASES[_op] = unary_cases()
for _op in ["gt.Tensor", "lt.Tensor", "le.Tensor", "maximum", "minimum", "bitwise_and.Tensor",
            "__and__.Tensor"]:
    CASES[_op] = binary_cases()
for _op in ["ge.Scalar", "gt.Scalar", "lt.Scalar", "ne.Scalar", "div.Scalar", "sub.Scalar"]:
    CASES[_op] = binary_cases(scalar=True)

CASES["abs"] += [C("complex64 gives float32", T([2, 3], dtype=c64))]
CASES["le.Tensor"] += [C("float and broadcast int64", T([2, 3]), T([3], dtype=i64))]
CASES["maximum"] += [C("int32 and broadcast float16", T([2, 3], dtype=i32), T([3], dtype=f16))]
CASES["bitwise_and.Tensor"] += [
    C("bool and broadcast int32", T([3], dtype=b8), T([2, 3], dtype=i32)),
    C("float refused", T([3]), T([3])),
]
CASES["__and__.Tensor"] += [C("bool broadcast", T([3], dtype=b8), T([2, 3], dtype=b8))]
CASES["sub.Scalar"] += [C("alpha", T([2]), 2, 3), C("bool tensor refused", T([2], dtype=b8), True)]
