"""Cases of the convolution backends `aten::convolution` dispatches to
(`thnn_conv2d`, `_slow_conv2d_forward`, `slow_conv3d`,
`slow_conv3d_forward`, `slow_conv_dilated2d`, `slow_conv_dilated3d`,
`slow_conv_transpose2d`, `slow_conv_transpose3d`, `conv_tbc`) of
`ops/rules/conv_backends.rules`. Most have no meta kernel: the fake mode
runs their CPU kernel on zeros, so their layout is the CPU kernel's and
their symbolic cases are refused.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, T, b8, bf16, c64, cl, f16, f64, i32, i64, tr

CASES = {}
SYMBOLIC = []

CL3 = torch.channels_last_3d


def cl3(*sizes, **kw):
    """A channels-last-3d 5-d input."""
    return T(sizes, fmt=CL3, **kw)


# ---- 2-d: the im2col kernel and the dilated one ------------------------------------------

for _op in ("thnn_conv2d", "_slow_conv2d_forward"):
    CASES[_op] = [
        C("plain", T([2, 3, 8, 9]), T([4, 3, 3, 2]), [3, 2], T([4]), [1, 1], [0, 0]),
        C("stride padding", T([2, 3, 8, 9]), T([4, 3, 3, 3]), [3, 3], None, [2, 3], [1, 2]),
        C("channels last input", cl(2, 3, 8, 9), T([4, 3, 3, 3]), [3, 3], None, [1, 1], [0, 0]),
        C("2-d weight, channels last input", cl(2, 3, 8, 9), T([4, 27]), [3, 3], None, [1, 1], [0, 0]),
        C("bool", T([2, 3, 8, 9], dtype=b8), T([4, 3, 3, 3], dtype=b8), [3, 3], None, [1, 1], [0, 0]),
        C("channels last weight", T([2, 3, 8, 9]), T([4, 3, 3, 3], fmt=torch.channels_last), [3, 3], None,
          [1, 1], [0, 0]),
        C("transposed input", T([2, 3, 9, 8], then=lambda t: t.transpose(2, 3)), T([4, 3, 2, 2]), [2, 2], None,
          [1, 1], [0, 0]),
        C("float64", T([2, 3, 8, 9], dtype=f64), T([4, 3, 3, 3], dtype=f64), [3, 3], T([4], dtype=f64),
          [1, 1], [1, 1]),
        C("bfloat16", T([1, 3, 5, 5], dtype=bf16), T([2, 3, 3, 3], dtype=bf16), [3, 3], None, [1, 1], [0, 0]),
        C("zero batch", T([0, 3, 8, 9]), T([4, 3, 3, 3]), [3, 3], None, [1, 1], [0, 0]),
        C("one by one kernel", T([2, 3, 8, 9]), T([4, 3, 1, 1]), [1, 1], None, [1, 1], [0, 0]),
        C("kernel too large", T([2, 3, 2, 9]), T([4, 3, 3, 3]), [3, 3], None, [1, 1], [0, 0]),
        C("channel mismatch", T([2, 5, 8, 9]), T([4, 3, 3, 3]), [3, 3], None, [1, 1], [0, 0]),
        C("bias of another length", T([2, 3, 8, 9]), T([4, 3, 3, 3]), [3, 3], T([5]), [1, 1], [0, 0]),
        C("unbatched", T([3, 8, 9]), T([4, 3, 3, 3]), [3, 3], None, [1, 1], [0, 0]),
        C("zero stride", T([2, 3, 8, 9]), T([4, 3, 3, 3]), [3, 3], None, [0, 1], [0, 0]),
        C("empty channels", T([2, 0, 8, 9]), T([4, 0, 3, 3]), [3, 3], None, [1, 1], [0, 0]),
        C("int64", T([2, 3, 8, 9], dtype=i64), T([4, 3, 3, 3], dtype=i64), [3, 3], None, [1, 1], [0, 0]),
        C("grouped channels", T([2, 6, 8, 9]), T([4, 3, 3, 3]), [3, 3], None, [1, 1], [0, 0]),
        C("kernel size not the weight's", T([2, 3, 8, 9]), T([4, 3, 3, 3]), [1, 3], None, [1, 1], [0, 0]),
        C("2-d weight", T([2, 3, 8, 9]), T([4, 27]), [3, 3], None, [1, 1], [0, 0]),
    ]
CASES["slow_conv_dilated2d"] = [
    C("plain", T([2, 3, 8, 9]), T([4, 3, 3, 2]), [3, 2], T([4])),
    # No meta kernel: ATen's kernel runs on zeros of the fake device.
    C("on meta refused", T([2, 3, 8, 9], device="meta"), T([4, 3, 3, 2], device="meta"), [3, 2],
      T([4], device="meta")),
    C("bool", T([2, 3, 8, 9], dtype=b8), T([4, 3, 3, 2], dtype=b8), [3, 2]),
    C("stride padding dilation", T([2, 3, 8, 9]), T([4, 3, 3, 3]), [3, 3], None, [2, 1], [1, 2], [2, 3]),
    C("channels last input", cl(2, 3, 8, 9), T([4, 3, 3, 3]), [3, 3], None, [1, 1], [0, 0], [2, 2]),
    C("channels last weight", T([2, 3, 8, 9]), T([4, 3, 3, 3], fmt=torch.channels_last), [3, 3], None,
      [1, 1], [0, 0], [2, 2]),
    C("transposed input", T([2, 3, 9, 8], then=lambda t: t.transpose(2, 3)), T([4, 3, 2, 2]), [2, 2]),
    C("unbatched", T([3, 8, 9]), T([4, 3, 3, 3]), [3, 3], None, [1, 1], [0, 0], [2, 2]),
    C("float64", T([2, 3, 8, 9], dtype=f64), T([4, 3, 3, 3], dtype=f64), [3, 3], T([4], dtype=f64)),
    C("zero batch", T([0, 3, 8, 9]), T([4, 3, 3, 3]), [3, 3]),
    C("kernel size other than the weight's", T([2, 3, 4, 4]), T([3, 3, 2, 1]), [2, 2]),
    C("kernel too large", T([2, 3, 4, 9]), T([4, 3, 3, 3]), [3, 3], None, [1, 1], [0, 0], [2, 2]),
    C("channel mismatch", T([2, 5, 8, 9]), T([4, 3, 3, 3]), [3, 3]),
    C("bias of another length", T([2, 3, 8, 9]), T([4, 3, 3, 3]), [3, 3], T([5])),
    C("int64", T([2, 3, 8, 9], dtype=i64), T([4, 3, 3, 3], dtype=i64), [3, 3]),
    C("5-d input", T([2, 3, 4, 8, 9]), T([4, 3, 3, 3]), [3, 3]),
    C("kernel size not the weight's", T([2, 3, 8, 9]), T([4, 3, 3, 3]), [2, 3]),
    C("output length below zero", T([2, 3, 2, 9]), T([4, 3, 3, 3]), [3, 3], None, [1, 1], [0, 0], [3, 1]),
    C("unbatched, channels last weight", T([3, 8, 9]), T([4, 3, 3, 3], fmt=torch.channels_last), [3, 3]),
    # The CPU kernel takes floating dtypes and int64.
    C("int32 refused", T([2, 3, 8, 9], dtype=i32), T([4, 3, 3, 3], dtype=i32), [3, 3]),
    C("complex refused", T([2, 3, 8, 9], dtype=c64), T([4, 3, 3, 3], dtype=c64), [3, 3]),
]

# ---- 3-d ----------------------------------------------------------------------------------

for _op in ("slow_conv3d", "slow_conv3d_forward"):
    CASES[_op] = [
        C("plain", T([2, 3, 5, 6, 7]), T([4, 3, 2, 3, 2]), [2, 3, 2], T([4]), [1, 1, 1], [0, 0, 0]),
        C("bool", T([2, 3, 5, 6, 7], dtype=b8), T([4, 3, 2, 3, 2], dtype=b8), [2, 3, 2], None, [1, 1, 1],
          [0, 0, 0]),
        C("stride padding", T([2, 3, 5, 6, 7]), T([4, 3, 2, 2, 2]), [2, 2, 2], None, [2, 1, 3], [1, 0, 2]),
        C("channels last 3d input", cl3(2, 3, 5, 6, 7), T([4, 3, 2, 2, 2]), [2, 2, 2], None, [1, 1, 1],
          [0, 0, 0]),
        C("channels last 3d weight", T([2, 3, 5, 6, 7]), cl3(4, 3, 2, 2, 2), [2, 2, 2], None, [1, 1, 1],
          [0, 0, 0]),
        C("unbatched", T([3, 5, 6, 7]), T([4, 3, 2, 2, 2]), [2, 2, 2], None, [1, 1, 1], [0, 0, 0]),
        C("float64", T([2, 3, 5, 6, 7], dtype=f64), T([4, 3, 2, 2, 2], dtype=f64), [2, 2, 2], None, [1, 1, 1],
          [0, 0, 0]),
        C("zero batch", T([0, 3, 5, 6, 7]), T([4, 3, 2, 2, 2]), [2, 2, 2], None, [1, 1, 1], [0, 0, 0]),
        C("kernel too large", T([2, 3, 1, 6, 7]), T([4, 3, 2, 2, 2]), [2, 2, 2], None, [1, 1, 1], [0, 0, 0]),
        C("channel mismatch", T([2, 5, 5, 6, 7]), T([4, 3, 2, 2, 2]), [2, 2, 2], None, [1, 1, 1], [0, 0, 0]),
        C("4-d input", T([2, 3, 5, 6]), T([4, 3, 2, 2, 2]), [2, 2, 2], None, [1, 1, 1], [0, 0, 0]),
        C("grouped channels", T([2, 6, 5, 6, 7]), T([4, 3, 2, 2, 2]), [2, 2, 2], None, [1, 1, 1], [0, 0, 0]),
        # The CPU kernel takes real dtypes but bool.
        C("int32", T([2, 3, 5, 6, 7], dtype=i32), T([4, 3, 2, 2, 2], dtype=i32), [2, 2, 2], None, [1, 1, 1],
          [0, 0, 0]),
        C("complex refused", T([2, 3, 5, 6, 7], dtype=c64), T([4, 3, 2, 2, 2], dtype=c64), [2, 2, 2], None,
          [1, 1, 1], [0, 0, 0]),
        C("kernel size not the weight's", T([2, 3, 5, 6, 7]), T([4, 3, 2, 2, 2]), [1, 2, 4], None, [1, 1, 1],
          [0, 0, 0]),
    ]
CASES["slow_conv_dilated3d"] = [
    C("plain", T([2, 3, 5, 6, 7]), T([4, 3, 2, 3, 2]), [2, 3, 2], T([4])),
    C("bool", T([2, 3, 5, 6, 7], dtype=b8), T([4, 3, 2, 3, 2], dtype=b8), [2, 3, 2]),
    C("stride padding dilation", T([2, 3, 5, 6, 7]), T([4, 3, 2, 2, 2]), [2, 2, 2], None, [2, 1, 1], [1, 0, 2],
      [1, 2, 2]),
    C("channels last 3d input", cl3(2, 3, 5, 6, 7), T([4, 3, 2, 2, 2]), [2, 2, 2]),
    C("unbatched", T([3, 5, 6, 7]), T([4, 3, 2, 2, 2]), [2, 2, 2]),
    C("float64", T([2, 3, 5, 6, 7], dtype=f64), T([4, 3, 2, 2, 2], dtype=f64), [2, 2, 2]),
    C("zero batch", T([0, 3, 5, 6, 7]), T([4, 3, 2, 2, 2]), [2, 2, 2]),
    C("kernel too large", T([2, 3, 2, 6, 7]), T([4, 3, 2, 2, 2]), [2, 2, 2], None, [1, 1, 1], [0, 0, 0],
      [2, 1, 1]),
    C("channel mismatch", T([2, 5, 5, 6, 7]), T([4, 3, 2, 2, 2]), [2, 2, 2]),
    C("int64", T([2, 3, 5, 6, 7], dtype=i64), T([4, 3, 2, 2, 2], dtype=i64), [2, 2, 2]),
    C("uint8 refused", T([2, 3, 5, 6, 7], dtype=torch.uint8), T([4, 3, 2, 2, 2], dtype=torch.uint8), [2, 2, 2]),
]

# ---- transposed ---------------------------------------------------------------------------

CASES["slow_conv_transpose2d"] = [
    C("plain", T([2, 3, 5, 6]), T([3, 4, 3, 2]), [3, 2], T([4])),
    C("stride padding output padding dilation", T([2, 3, 5, 6]), T([3, 4, 3, 3]), [3, 3], None, [2, 3], [1, 0],
      [1, 2], [1, 2]),
    C("channels last input", cl(2, 3, 5, 6), T([3, 4, 3, 3]), [3, 3]),
    C("channels last weight", T([2, 3, 5, 6]), T([3, 4, 3, 3], fmt=torch.channels_last), [3, 3]),
    C("transposed input", T([2, 3, 6, 5], then=lambda t: t.transpose(2, 3)), T([3, 4, 2, 2]), [2, 2]),
    C("unbatched", T([3, 5, 6]), T([3, 4, 3, 3]), [3, 3]),
    C("float16", T([2, 3, 5, 6], dtype=f16), T([3, 4, 3, 3], dtype=f16), [3, 3]),
    C("zero batch", T([0, 3, 5, 6]), T([3, 4, 3, 3]), [3, 3]),
    C("output padding too large", T([2, 3, 5, 6]), T([3, 4, 3, 3]), [3, 3], None, [1, 1], [0, 0], [1, 1]),
    C("channel mismatch", T([2, 5, 5, 6]), T([3, 4, 3, 3]), [3, 3]),
    C("bias of another length", T([2, 3, 5, 6]), T([3, 4, 3, 3]), [3, 3], T([5])),
    C("zero stride", T([2, 3, 5, 6]), T([3, 4, 3, 3]), [3, 3], None, [0, 1]),
    C("kernel size not the weight's", T([2, 3, 5, 6]), T([3, 4, 3, 3]), [2, 1]),
    C("output too small", T([2, 3, 1, 6]), T([3, 4, 1, 3]), [1, 3], None, [1, 1], [1, 0]),
]
CASES["slow_conv_transpose3d"] = [
    C("plain", T([2, 3, 4, 5, 6]), T([3, 4, 2, 3, 2]), [2, 3, 2], T([4])),
    C("bool", T([2, 3, 4, 5, 6], dtype=b8), T([3, 4, 2, 3, 2], dtype=b8), [2, 3, 2]),
    C("stride padding output padding dilation", T([2, 3, 4, 5, 6]), T([3, 4, 2, 2, 2]), [2, 2, 2], None,
      [2, 1, 3], [1, 0, 1], [1, 0, 2], [1, 2, 1]),
    C("channels last 3d input", cl3(2, 3, 4, 5, 6), T([3, 4, 2, 2, 2]), [2, 2, 2]),
    C("unbatched", T([3, 4, 5, 6]), T([3, 4, 2, 2, 2]), [2, 2, 2]),
    C("float64", T([2, 3, 4, 5, 6], dtype=f64), T([3, 4, 2, 2, 2], dtype=f64), [2, 2, 2]),
    C("zero batch", T([0, 3, 4, 5, 6]), T([3, 4, 2, 2, 2]), [2, 2, 2]),
    C("output padding too large", T([2, 3, 4, 5, 6]), T([3, 4, 2, 2, 2]), [2, 2, 2], None, [1, 1, 1],
      [0, 0, 0], [1, 0, 0]),
    C("channel mismatch", T([2, 5, 4, 5, 6]), T([3, 4, 2, 2, 2]), [2, 2, 2]),
    C("int64", T([2, 3, 4, 5, 6], dtype=i64), T([3, 4, 2, 2, 2], dtype=i64), [2, 2, 2]),
    C("int32 refused", T([2, 3, 4, 5, 6], dtype=i32), T([3, 4, 2, 2, 2], dtype=i32), [2, 2, 2]),
    C("kernel size other than the weight's", T([2, 3, 4, 4, 4]), T([3, 4, 2, 2, 1]), [2, 2, 2]),
]

# ---- time, batch, channels ------------------------------------------------------------------

CASES["conv_tbc"] = [
    C("plain", T([7, 2, 3]), T([3, 3, 4]), T([4])),
    C("padded", T([7, 2, 3]), T([2, 3, 4]), T([4]), 2),
    C("transposed input", tr(7, 2, 3), T([3, 3, 4]), T([4])),
    C("negative output length", T([2, 2, 3]), T([5, 3, 4]), T([4])),
    C("float64", T([7, 2, 3], dtype=f64), T([3, 3, 4], dtype=f64), T([4], dtype=f64), 1),
    C("kernel longer than input", T([2, 2, 3]), T([3, 3, 4]), T([4])),
    C("empty output length", T([2, 2, 3]), T([4, 3, 4]), T([4]), 1),
    C("channel mismatch", T([7, 2, 5]), T([3, 3, 4]), T([4])),
    C("bias of another length", T([7, 2, 3]), T([3, 3, 4]), T([5])),
    C("2-d input", T([7, 3]), T([3, 3, 4]), T([4])),
    C("2-d weight", T([7, 2, 3]), T([3, 4]), T([4])),
]
