"""Cases of the quantize and dequantize steps of PT2E-quantized programs
(`quantized_decomposed::`, registered when
`torch.ao.quantization.fx._decomposed` is imported): layouts kept, float16
inputs converted, the dtypes each checks, one-element scale and zero
point tensors, quantized value bounds, per-token and per-group shapes.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch
import torch.ao.quantization.fx._decomposed  # noqa: F401  (registers the operators)

from op_case_inputs import C, D, T, bf16, cl, f16, f64, i32, i64, tr

i8, u8, i16 = torch.int8, torch.uint8, torch.int16
f8 = torch.float8_e4m3fn
Q = "quantized_decomposed::"


def q_layouts():
    return [
        C("matrix", T([2, 3]), 0.1, 0, -128, 127, i8),
        C("transposed", tr(2, 3), 0.1, 0, -128, 127, i8),
        C("channels last to uint8", cl(1, 2, 3, 3), 0.1, 3, 0, 255, u8),
        C("expanded", T([2, 3], strides=[0, 1]), 0.1, 0, -128, 127, i8),
        C("float16 input", T([2, 3], dtype=f16), 0.1, 0, -128, 127, i8),
        C("bfloat16 transposed input", tr(2, 3, dtype=bf16), 0.1, 0, -128, 127, i8),
        C("float64 input refused", T([2, 3], dtype=f64), 0.1, 0, -128, 127, i8),
        C("to float8", T([4]), 0.1, 0, -448, 448, f8),
    ]


def tensor_qparams(cases, scale=T([]), zero_point=T([], dtype=i64)):
    """The cases with tensor scale and zero point."""
    return [C(c.name, c.args[0], scale, zero_point, *c.args[3:], **c.kwargs) for c in cases]


def tensor_bounds(cases):
    """The cases with tensor scale, zero point and bounds (`.tensor2`)."""
    scalar = T([], dtype=i64)
    return [C(c.name, c.args[0], T([]), scalar, scalar, scalar, *c.args[5:], **c.kwargs) for c in cases]


def dq_layouts():
    return [
        C("int8 matrix", T([2, 3], dtype=i8), 0.1, 0, -128, 127, i8),
        C("transposed uint8", tr(2, 3, dtype=u8), 0.1, 3, 0, 255, u8),
        C("channels last", cl(1, 2, 3, 3, dtype=i8), 0.1, 0, -128, 127, i8),
        C("into float16", T([2, 3], dtype=i8), 0.1, 0, -128, 127, i8, out_dtype=f16),
        C("int32 values", T([4], dtype=i32), 0.1, 0, -128, 127, i32),
    ]


CASES = {
    Q + "quantize_per_tensor": q_layouts(),
    Q + "quantize_per_tensor.tensor": tensor_qparams(q_layouts()) + [
        C("scale of two elements", T([2, 3]), T([2]), T([], dtype=i64), -128, 127, i8),
        C("zero point of two elements", T([2, 3]), T([]), T([2], dtype=i64), -128, 127, i8),
    ],
    Q + "quantize_per_tensor.tensor2": tensor_bounds(q_layouts()[:3]),
    Q + "dequantize_per_tensor": dq_layouts() + [
        C("any input dtype", T([2, 3]), 0.1, 0, -128, 127, i8),
    ],
    Q + "dequantize_per_tensor.tensor": tensor_qparams(dq_layouts()) + [
        C("input of another dtype", T([2, 3]), T([]), T([], dtype=i64), -128, 127, i8),
        C("int64 values refused", T([2], dtype=i64), T([]), T([], dtype=i64), 0, 9, i64),
        C("scale of two elements", T([2, 3], dtype=i8), T([2]), T([], dtype=i64), -128, 127, i8),
    ],
    Q + "dequantize_per_tensor.tensor2": tensor_bounds(dq_layouts()[:4]),
    Q + "choose_qparams.tensor": [
        C("float32", T([2, 3]), -128, 127, 1e-5, i8),
        C("bfloat16", T([2, 3], dtype=bf16), 0, 255, 1e-5, u8),
        C("int64 refused", T([2], dtype=i64), -128, 127, 1e-5, i8),
        C("bounds crossed", T([2, 3]), 127, -128, 1e-5, i8),
    ],
    Q + "choose_qparams_symmetric.tensor": [
        C("float32", T([2, 3]), -128, 127, 1e-5, i8),
        C("zero-dim", T([]), -128, 127, 1e-5, i8),
    ],
    Q + "quantize_per_channel": [
        C("rows", T([4, 3]), T([4]), T([4], dtype=i64), 0, -128, 127, i8),
        C("columns of a transposed input", tr(4, 3), T([4]), T([4], dtype=i64), 1, -128, 127, i8),
        C("channels last", cl(2, 3, 4, 4), T([3]), T([3], dtype=i64), 1, 0, 255, u8),
        C("axis out of range", T([4, 3]), T([4]), T([4], dtype=i64), 2, -128, 127, i8),
        C("bounds below the dtype's", T([4, 3]), T([4]), T([4], dtype=i64), 0, -129, 127, i8),
        C("bounds above the dtype's", T([4, 3]), T([4]), T([4], dtype=i64), 0, 0, 256, u8),
        C("dtype without bounds", T([4, 3]), T([4]), T([4], dtype=i64), 0, 0, 9, i64),
        C("float16 input", T([4, 3], dtype=f16), T([4]), T([4], dtype=i64), 0, -128, 127, i8),
    ],
    Q + "dequantize_per_channel": [
        C("rows", T([4, 3], dtype=i8), T([4]), T([4], dtype=i64), 0, -128, 127, i8),
        C("no zero points, into float16", tr(4, 3, dtype=i8), T([3]), None, 1, -128, 127, i8, out_dtype=f16),
        C("input of another dtype", T([4, 3]), T([4]), T([4], dtype=i64), 0, -128, 127, i8),
        C("axis out of range", T([4, 3], dtype=i8), T([4]), T([4], dtype=i64), 3, -128, 127, i8),
        C("int16", T([4, 3], dtype=i16), T([4]), T([4], dtype=i64), 0, -32768, 32767, i16),
    ],
    Q + "choose_qparams_per_token": [
        C("tokens", T([2, 5, 8]), i8),
        C("a vector", T([8]), i8),
        C("zero-dim", T([]), i8),
    ],
    Q + "choose_qparams_per_token_asymmetric": [
        C("tokens", T([2, 5, 8]), i8),
        C("transposed", tr(5, 8), i8),
    ],
    Q + "quantize_per_token": [
        C("tokens", T([2, 5, 8]), T([2, 5, 1]), T([2, 5, 1], dtype=i64), -128, 127, i8),
        C("transposed", tr(5, 8), T([8, 1]), T([8, 1], dtype=i64), -128, 127, i8),
        C("bounds below the dtype's", T([5, 8]), T([5, 1]), T([5, 1], dtype=i64), -200, 127, i8),
    ],
    Q + "dequantize_per_token": [
        C("tokens", T([2, 5, 8], dtype=i8), T([2, 5, 1]), T([2, 5, 1], dtype=i64), -128, 127, i8, f16),
        C("unsupported dtype", T([5, 8], dtype=i8), T([5, 1]), T([5, 1], dtype=i64), -128, 127, i64, f16),
    ],
    Q + "quantize_per_channel_group": [
        C("groups of four", T([3, 8]), T([6]), T([6], dtype=i64), -8, 7, i8, 4),
        C("a group wider than a row", T([3, 8]), T([3, 1]), T([3, 1], dtype=i64), -8, 7, i8, 16),
        C("a group that does not divide a row", T([3, 8]), T([6]), T([6], dtype=i64), -8, 7, i8, 3),
        C("groups of one", T([3, 8]), T([24]), T([24], dtype=i64), -8, 7, i8, 1),
        C("three dims", T([2, 3, 8]), T([12]), T([12], dtype=i64), -8, 7, i8, 4),
        C("transposed", tr(8, 3), T([6]), T([6], dtype=i64), -8, 7, i8, 4),
    ],
    Q + "convert_element_type.no_fuse": [
        C("to float16", T([2, 3]), f16),
        C("transposed to int8", tr(2, 3), i8),
        C("expanded", T([2, 3], strides=[0, 1]), f64),
    ],
}

SYMBOLIC = [
    ("quantize_per_tensor of a dynamic activation", Q + "quantize_per_tensor",
     C("", D([2, 3, 4], "x"), 0.1, 0, -128, 127, i8)),
    ("choose_qparams_per_token of dynamic tokens", Q + "choose_qparams_per_token",
     C("", D([2, 5, 8], "x"), i8)),
    ("quantize_per_channel_group of a dynamic row", Q + "quantize_per_channel_group",
     C("", D([3, 8], "x"), T([3, 1]), T([3, 1], dtype=i64), -8, 7, i8, 16)),
]

# The fake quantization of quantization-aware training (aten).
CASES["fake_quantize_per_tensor_affine_cachemask"] = [
    C("matrix", T([2, 3]), 0.1, 0, -128, 127),
    C("transposed", tr(2, 3), 0.1, 3, 0, 255),
    C("channels last float16", cl(1, 2, 3, 3, dtype=f16), 0.1, 0, -128, 127),
    C("expanded", T([2, 3], strides=[0, 1]), 0.1, 0, -128, 127),
    C("float64", T([4], dtype=f64), 0.1, 0, -128, 127),
    C("int64 refused", T([4], dtype=i64), 0.1, 0, -128, 127),
    C("bounds crossed", T([4]), 0.1, 0, 127, -128),
    C("zero point out of bounds", T([4]), 0.1, 200, -128, 127),
]
CASES["fake_quantize_per_tensor_affine"] = CASES["fake_quantize_per_tensor_affine_cachemask"]
CASES["_fake_quantize_per_tensor_affine_cachemask_tensor_qparams"] = [
    C("matrix", T([2, 3]), T([]), T([], dtype=i32), T([], dtype=i64), -128, 127),
    C("transposed, one-element parameters", tr(2, 3), T([1]), T([1], dtype=i32), T([1], dtype=i64), 0, 255),
    C("float16", T([4], dtype=f16), T([]), T([], dtype=i32), T([], dtype=i64), -128, 127),
    C("int64 refused", T([4], dtype=i64), T([]), T([], dtype=i32), T([], dtype=i64), -128, 127),
    C("bounds crossed", T([4]), T([]), T([], dtype=i32), T([], dtype=i64), 127, -128),
    C("float zero point", T([4]), T([]), T([]), T([], dtype=i64), -128, 127),
    C("two scales", T([4]), T([2]), T([], dtype=i32), T([], dtype=i64), -128, 127),
    # `fake_quant_enabled` is read as a number after the parameters and
    # before the dtype's dispatch.
    C("six enabling flags refused", T([4]), T([]), T([], dtype=i32), T([2, 3], dtype=i64), -128, 127),
    C("int64 with six enabling flags refused", T([4], dtype=i64), T([]), T([], dtype=i32), T([2, 3]), -128, 127),
]
CASES["fake_quantize_per_tensor_affine.tensor_qparams"] = [
    C("matrix", T([2, 3]), T([]), T([], dtype=i32), -128, 127),
    C("transposed", tr(2, 3), T([]), T([], dtype=i32), 0, 255),
    C("int64 refused", T([4], dtype=i64), T([]), T([], dtype=i32), -128, 127),
]
CASES["fake_quantize_per_channel_affine_cachemask"] = [
    C("rows", T([4, 3]), T([4]), T([4], dtype=i32), 0, -128, 127),
    C("columns of a transposed input", tr(4, 3), T([3]), T([3], dtype=i32), 1, -128, 127),
    C("channels last", cl(2, 3, 4, 4), T([3]), T([3], dtype=i32), 1, 0, 255),
    C("float zero points", T([4, 3]), T([4]), T([4]), 0, -128, 127),
    C("float16 zero points", T([4, 3]), T([4]), T([4], dtype=f16), 0, -128, 127),
    C("int64 zero points", T([4, 3]), T([4]), T([4], dtype=i64), 0, -128, 127),
    C("float64 scales", T([4, 3]), T([4], dtype=f64), T([4], dtype=i32), 0, -128, 127),
    C("2-d scales", T([4, 3]), T([4, 1]), T([4], dtype=i32), 0, -128, 127),
    C("2-d zero points", T([4, 3]), T([4]), T([4, 1], dtype=i32), 0, -128, 127),
    C("zero points of another length", T([4, 3]), T([4]), T([3], dtype=i32), 0, -128, 127),
    C("scales of another length than the axis", T([4, 3]), T([3]), T([3], dtype=i32), 0, -128, 127),
    C("axis out of range", T([4, 3]), T([4]), T([4], dtype=i32), 2, -128, 127),
    C("negative axis", T([4, 3]), T([3]), T([3], dtype=i32), -1, -128, 127),
    C("bounds crossed", T([4, 3]), T([4]), T([4], dtype=i32), 0, 127, -128),
    C("bounds above zero", T([4, 3]), T([4]), T([4], dtype=i32), 0, 1, 127),
    # Only integer zero points are bounded, by their `min()` and `max()`,
    # which refuse none.
    C("float zero points, bounds above zero", T([4, 3]), T([4]), T([4]), 0, 1, 127),
    C("empty input and zero points refused", T([0, 3]), T([0]), T([0], dtype=i32), 0, -128, 127),
    C("empty input and float zero points", T([0, 3]), T([0]), T([0]), 0, -128, 127),
    C("int64 input", T([4, 3], dtype=i64), T([4]), T([4], dtype=i32), 0, -128, 127),
    C("float16 input", T([4, 3], dtype=f16), T([4]), T([4], dtype=i32), 0, -128, 127),
    C("bfloat16 scales refused by the kernel", T([4, 3]), T([4], dtype=bf16), T([4], dtype=i32), 0, -128, 127),
    C("bfloat16 input", T([4, 3], dtype=bf16), T([4]), T([4], dtype=i32), 0, -128, 127),
]
CASES["fake_quantize_per_channel_affine"] = CASES["fake_quantize_per_channel_affine_cachemask"]


def observer_cases():
    """The observer's state: flags, running bounds, scale and zero point."""
    def state(n=1):
        return [T([1], dtype=i64), T([1], dtype=i64), T([n]), T([n]), T([n]), T([n], dtype=i32)]
    return [
        C("per tensor", T([4, 3]), *state(), 0.01, -128, 127, 0),
        C("transposed, per channel", tr(4, 3), *state(4), 0.01, -128, 127, 0, True),
        C("channels last", cl(2, 3, 4, 4), *state(), 0.01, 0, 255, 1),
        C("empty input", T([0, 3]), *state(), 0.01, -128, 127, 0),
        C("empty transposed input", tr(0, 3), *state(), 0.01, -128, 127, 0),
        C("empty input, axis out of range", T([0, 3]), *state(), 0.01, -128, 127, 2),
        C("axis out of range", T([4, 3]), *state(), 0.01, -128, 127, 2),
    ]


CASES["_fused_moving_avg_obs_fq_helper"] = observer_cases()
CASES["fused_moving_avg_obs_fake_quant"] = observer_cases()
