"""Cases of torchao's affine quantization primitives (`torchao::`,
registered when `torchao.quantization` is imported; their Python bodies
run on fake tensors, or the Meta kernels of the float8 steps kept
whole): per-tensor, per-row, per-group and per-token blocks, the layouts their views keep or refuse, the dtypes and bounds
each checks, and symbolic sizes whose block comparisons guard.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch
import torchao.quantization  # noqa: F401  (registers the operators)

from op_case_inputs import C, D, SizeOf, T, bf16, cl, f16, f64, i32, i64, tr

i8, u8 = torch.int8, torch.uint8
A = "torchao::"

CASES = {
    A + "quantize_affine": [
        C("per tensor", T([4, 6]), [4, 6], T([1]), T([1], dtype=i32), i8),
        C("per row", T([4, 6]), [1, 6], T([4]), T([4], dtype=i32), i8),
        C("per group", T([4, 8]), [1, 4], T([4, 2]), T([4, 2], dtype=i32), i8),
        C("per token of a batch", T([2, 3, 8]), [1, 1, 8], T([2, 3]), T([2, 3], dtype=i32), i8),
        C("transposed input per row", tr(4, 6), [1, 6], T([4]), T([4], dtype=i32), i8),
        C("transposed input per group refused", tr(4, 8), [1, 4], T([4, 2]), T([4, 2], dtype=i32), i8),
        C("channels-last input per tensor", cl(2, 3, 4, 4), [2, 3, 4, 4], T([1]), T([1], dtype=i32), i8),
        C("bfloat16 input, float32 scale", T([4, 6], dtype=bf16), [1, 6], T([4]), T([4], dtype=i32), i8),
        C("float16 input and scale", T([4, 6], dtype=f16), [1, 6], T([4], dtype=f16), T([4], dtype=i32), i8),
        C("uint8 with bounds", T([4, 6]), [1, 6], T([4]), T([4], dtype=i32), u8, 0, 15),
        C("int32", T([4, 6]), [4, 6], T([1]), T([1], dtype=i64), torch.int32),
        C("bounds outside the dtype refused", T([4, 6]), [1, 6], T([4]), T([4], dtype=i32), i8, -200, 127),
        C("float64 input refused", T([4, 6], dtype=f64), [1, 6], T([4]), T([4], dtype=i32), i8),
        C("float32 output refused", T([4, 6]), [1, 6], T([4]), T([4], dtype=i32), torch.float32),
        C("no zero point refused", T([4, 6]), [1, 6], T([4]), None, i8),
        C("block of another rank refused", T([4, 6]), [6], T([4]), T([4], dtype=i32), i8),
        C("block not dividing refused", T([4, 6]), [1, 4], T([4, 2]), T([4, 2], dtype=i32), i8),
        C("scale of the wrong size refused", T([4, 6]), [1, 6], T([3]), T([4], dtype=i32), i8),
    ],
    A + "dequantize_affine": [
        C("per row", T([4, 6], dtype=i8), [1, 6], T([4]), T([4], dtype=i32), i8),
        C("per tensor without zero point", T([4, 6], dtype=i8), [4, 6], T([1]), None, i8),
        C("per group", T([4, 8], dtype=i8), [1, 4], T([4, 2]), T([4, 2], dtype=i32), i8),
        C("transposed input per row", tr(4, 6, dtype=i8), [1, 6], T([4]), T([4], dtype=i32), i8),
        C("channels-last input per tensor", cl(2, 3, 4, 4, dtype=i8), [2, 3, 4, 4], T([1]), None, i8),
        C("to bfloat16, float32 scale", T([4, 6], dtype=i8), [1, 6], T([4]), T([4], dtype=i32), i8,
          output_dtype=bf16),
        C("to float16 with bounds", T([4, 6], dtype=u8), [1, 6], T([4], dtype=f16), None, u8, 0, 15,
          output_dtype=f16),
        C("int32 input", T([4, 6], dtype=torch.int32), [1, 6], T([4]), None, torch.int32),
        C("input of another dtype refused", T([4, 6], dtype=u8), [1, 6], T([4]), None, i8),
        C("float64 output refused", T([4, 6], dtype=i8), [1, 6], T([4]), None, i8, output_dtype=f64),
        C("bounds outside the dtype refused", T([4, 6], dtype=i8), [1, 6], T([4]), None, i8, 0, 300),
        C("block not dividing refused", T([4, 6], dtype=i8), [1, 4], T([4, 2]), None, i8),
    ],
    A + "choose_qparams_affine": [
        C("symmetric per row", T([4, 6]), "SYMMETRIC", [1, 6], i8),
        C("asymmetric per tensor", T([4, 6]), "ASYMMETRIC", [4, 6], u8),
        C("asymmetric per group kept", T([4, 8]), "ASYMMETRIC", [1, 4], i8, keepdim=True),
        C("symmetric per group", T([4, 8]), "SYMMETRIC", [1, 4], i8),
        C("per token of a batch", T([2, 3, 8]), "ASYMMETRIC", [1, 1, 8], i8),
        C("per token of a batch kept", T([2, 3, 8]), "SYMMETRIC", [1, 1, 8], i8, keepdim=True),
        C("dtypes asked for", T([4, 6]), "ASYMMETRIC", [1, 6], i8, scale_dtype=f64, zero_point_dtype=i64),
        C("bfloat16 input", T([4, 6], dtype=bf16), "SYMMETRIC", [1, 6], i8),
        C("int64 input", T([4, 6], dtype=i64), "SYMMETRIC", [1, 6], i8),
        C("no clipping error", T([4, 6]), "SYMMETRIC_NO_CLIPPING_ERR", [1, 6], i8, -8, 7),
        C("transposed input per row", tr(4, 6), "ASYMMETRIC", [1, 6], i8),
        C("transposed input per group refused", tr(4, 8), "ASYMMETRIC", [1, 4], i8),
        C("blocks of one element: every dim reduced", T([2, 3]), "ASYMMETRIC", [1, 1], i8),
        C("blocks of one element kept refused", T([2, 3]), "ASYMMETRIC", [1, 1], i8, keepdim=True),
        C("one element in blocks of one kept", T([1, 1]), "ASYMMETRIC", [1, 1], i8, keepdim=True),
        C("empty block refused", T([0, 6]), "ASYMMETRIC", [1, 6], i8),
        C("unknown mapping refused", T([4, 6]), "AFFINE", [1, 6], i8),
        C("float32 target refused", T([4, 6]), "SYMMETRIC", [1, 6], torch.float32),
        C("block not dividing refused", T([4, 6]), "SYMMETRIC", [1, 4], i8),
    ],
    A + "quantize_affine_float8_non_decomposed": [
        C("matrix", T([4, 6]), T([1])),
        C("transposed, float8_e5m2", tr(4, 6), T([4, 1]), torch.float8_e5m2),
        C("channels last", cl(2, 3, 4, 4), T([1])),
        C("expanded rows", T([4, 6], strides=[0, 1]), T([1])),
    ],
    A + "dequantize_affine_float8_non_decomposed": [
        C("matrix", T([4, 6], dtype=torch.float8_e4m3fn), T([1])),
        C("transposed to bfloat16", tr(4, 6, dtype=torch.float8_e4m3fn), T([1]), bf16),
        C("channels last", cl(2, 3, 4, 4, dtype=torch.float8_e4m3fn), T([1])),
    ],
}

SYMBOLIC = [
    ("quantize_affine per tensor of a dynamic batch", A + "quantize_affine",
     C("", D([4, 8], "x", ["dynamic", "static"]), [SizeOf("x", 0), 8], T([1]), T([1], dtype=i32), i8)),
    ("quantize_affine per group of a dynamic row length", A + "quantize_affine",
     C("", D([4, 8], "x", ["static", "dynamic"]), [1, 4], T([4, 2]), T([4, 2], dtype=i32), i8)),
    ("dequantize_affine per tensor of a dynamic batch", A + "dequantize_affine",
     C("", D([4, 8], "x", ["dynamic", "static"], dtype=i8), [SizeOf("x", 0), 8], T([1]), None, i8)),
    ("choose_qparams_affine per token of a dynamic batch", A + "choose_qparams_affine",
     C("", D([4, 8], "x", ["dynamic", "static"]), "ASYMMETRIC", [1, 8], i8)),
    ("choose_qparams_affine per token of a dynamic batch kept", A + "choose_qparams_affine",
     C("", D([4, 8], "x", ["dynamic", "static"]), "SYMMETRIC", [1, 8], i8, keepdim=True)),
    ("choose_qparams_affine per group of a dynamic row length", A + "choose_qparams_affine",
     C("", D([4, 8], "x", ["static", "dynamic"]), "ASYMMETRIC", [1, 4], i8, keepdim=True)),
]
