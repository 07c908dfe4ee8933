"""Cases of the pools, transposed and string-padded convolutions, pads,
samplers, upsamplings and spatial rearrangements of `ops/rules/pools.rules`,
`conv.rules`, `nn.rules`, `sampling.rules`, `spatial.rules` and the
distances of `distance.rules` (the FFTs' are in `op_cases_fft.py`, the
fused attention backends' in `op_cases_attention.py`).

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, Case, D, T, bf16, c64, cl, f16, f64, i32, i64, tr

CASES = {}
SYMBOLIC = []

# Operators whose fake result export records through a Python
# CompositeImplicitAutograd kernel (`torch._decomp`, `torch._refs`): under
# the Python dispatcher, as export runs them.
PYTHON_DISPATCHER = set()

CL3 = torch.channels_last_3d


def cl3(*sizes, **kw):
    """A channels-last-3d 5-d input."""
    return T(sizes, fmt=CL3, **kw)


# ---- pools -------------------------------------------------------------------------

CASES["max_pool1d_with_indices"] = [
    C("batched", T([2, 3, 10]), [3]),
    C("unbatched", T([3, 10]), [3], [2]),
    C("stride padding dilation", T([2, 3, 10]), [3], [2], [1], [2]),
    C("ceil mode", T([2, 3, 10]), [3], [2], [0], [1], True),
    C("transposed input", tr(2, 3, 10), [3]),
    C("int64", T([2, 3, 10], dtype=i64), [2]),
    C("kernel too large", T([2, 3, 2]), [3]),
    C("padding too large", T([2, 3, 10]), [2], [1], [2]),
    C("two kernel sizes", T([2, 3, 10]), [2, 2]),
    C("4-d input", T([1, 2, 3, 10]), [2]),
    C("zero batch", T([0, 3, 10]), [2]),
]
CASES["max_pool1d"] = [
    C("batched", T([2, 3, 10]), [3]),
    C("unbatched", T([3, 10]), [3], [2]),
    C("stride padding dilation", T([2, 3, 10]), [3], [2], [1], [2]),
    C("ceil mode", T([2, 3, 10]), [3], [2], [0], [1], True),
    C("transposed input", tr(2, 3, 10), [3]),
    C("transposed unbatched input", tr(3, 10), [2]),
    C("zero batch", T([0, 3, 10]), [2]),
    C("zero channels", T([2, 0, 10]), [2]),
    C("zero length", T([2, 3, 0]), [2]),
    C("padding too large", T([2, 3, 10]), [2], [1], [2]),
    C("1-d input", T([10]), [2]),
]
CASES["max_pool3d"] = [
    C("batched", T([2, 3, 6, 7, 8]), [2, 2, 2]),
    C("unbatched", T([3, 6, 7, 8]), [3]),
    C("stride padding dilation", T([2, 3, 6, 7, 8]), [3, 3, 3], [2, 1, 2], [1, 1, 0], [1, 2, 1]),
    C("ceil mode", T([2, 3, 6, 7, 8]), [2], [2], [0], [1], True),
    C("channels last 3d", cl3(2, 3, 6, 7, 8), [2]),
    C("kernel too large", T([2, 3, 2, 2, 2]), [3]),
    C("3-d input", T([6, 7, 8]), [2]),
]
CASES["adaptive_max_pool1d"] = [
    C("batched", T([2, 3, 10]), [5]),
    C("unbatched", T([3, 10]), [4]),
    C("transposed input", tr(2, 3, 10), [5]),
    C("larger output", T([2, 3, 10]), [20]),
    C("zero batch", T([0, 3, 10]), [5]),
    C("zero channels", T([2, 0, 10]), [5]),
    C("two output sizes", T([2, 3, 10]), [2, 2]),
    C("1-d input", T([10]), [5]),
]
CASES["adaptive_avg_pool3d"] = [
    C("batched", T([2, 3, 6, 7, 8]), [3, 2, 4]),
    C("unbatched", T([3, 6, 7, 8]), [2, 2, 2]),
    C("ones", T([2, 3, 6, 7, 8]), [1, 1, 1]),
    C("ones unbatched", T([3, 6, 7, 8]), [1, 1, 1]),
    C("ones channels last 3d", cl3(2, 3, 6, 7, 8), [1, 1, 1]),
    C("channels last 3d", cl3(2, 3, 6, 7, 8), [2, 1, 1]),
    C("transposed input", T([2, 3, 6, 8, 7], then=lambda t: t.transpose(3, 4)), [2, 2, 2]),
    C("ones int64", T([2, 3, 6, 7, 8], dtype=i64), [1, 1, 1]),
    C("negative output size", T([2, 3, 6, 7, 8]), [1, -1, 1]),
    C("two output sizes", T([2, 3, 6, 7, 8]), [1, 1]),
    C("3-d input", T([6, 7, 8]), [2, 2, 2]),
]
CASES["fractional_max_pool3d"] = [
    C("batched", T([2, 3, 6, 7, 8]), [2, 2, 2], [3, 3, 3], T([2, 3, 3])),
    C("unbatched", T([3, 6, 7, 8]), [2, 2, 2], [3, 4, 5], T([1, 3, 3])),
    C("channels last 3d", cl3(2, 3, 6, 7, 8), [2, 2, 2], [3, 3, 3], T([2, 3, 3])),
    C("int64 input", T([3, 6, 7, 8], dtype=i64), [2, 2, 2], [3, 3, 3], T([1, 3, 3])),
    C("zero batch", T([0, 3, 6, 7, 8]), [2, 2, 2], [3, 3, 3], T([2, 3, 3])),
    C("pool too large", T([2, 3, 6, 7, 8]), [2, 2, 2], [5, 3, 3], T([2, 3, 3])),
    C("pool too wide", T([2, 3, 6, 7, 8]), [2, 2, 2], [3, 3, 7], T([2, 3, 3])),
    C("empty dim", T([2, 3, 6, 0, 8]), [2, 2, 2], [3, 3, 3], T([2, 3, 3])),
    C("two kernel sizes", T([2, 3, 6, 7, 8]), [2, 2], [3, 3, 3], T([2, 3, 3])),
    C("3-d input", T([6, 7, 8]), [2, 2, 2], [3, 3, 3], T([2, 3, 3])),
]
SYMBOLIC += [
    ("max_pool1d of a dynamic length", "max_pool1d",
     Case("", D([2, 3, 10], "x", ["static", "static", "dynamic"]), [3])),
    ("adaptive_avg_pool3d to ones of dynamic dims", "adaptive_avg_pool3d",
     Case("", D([2, 3, 6, 7, 8], "x"), [1, 1, 1])),
    ("fractional_max_pool3d of dynamic dims", "fractional_max_pool3d",
     Case("", D([2, 3, 6, 7, 8], "x"), [2, 2, 2], [3, 3, 3], T([2, 3, 3]))),
]

# ---- convolutions --------------------------------------------------------------------

for _n in (1, 2, 3):
    _sp = [5, 6, 7][:_n]
    _k = [2, 3, 2][:_n]
    CASES[f"conv{_n}d.padding"] = [
        C("same", T([2, 4] + _sp), T([3, 4] + _k), T([3]), [1], "same"),
        C("same odd kernel", T([2, 4] + _sp), T([3, 4] + [3] * _n), None, [1], "same"),
        C("same dilated", T([2, 4] + _sp), T([3, 4] + _k), None, [1], "same", [2]),
        C("valid", T([2, 4] + _sp), T([3, 4] + _k), None, [2], "valid"),
        C("unbatched same", T([4] + _sp), T([3, 4] + _k), None, [1], "same"),
        C("groups", T([2, 4] + _sp), T([6, 2] + _k), None, [1], "same", [1], 2),
        C("same strided", T([2, 4] + _sp), T([3, 4] + _k), None, [2], "same"),
        C("unknown padding", T([2, 4] + _sp), T([3, 4] + _k), None, [1], "full"),
        C("wrong rank", T(_sp), T([3, 4] + _k), None, [1], "same"),
    ]
    _tname = "conv_transpose1d" if _n == 1 else f"conv_transpose{_n}d.input"
    CASES[_tname] = [
        C("batched", T([2, 4] + _sp), T([4, 3] + _k), T([3])),
        C("stride padding output padding", T([2, 4] + _sp), T([4, 3] + _k), None, [2], [1], [1]),
        C("groups dilation", T([2, 4] + _sp), T([4, 2] + _k), None, [1], [0], [0], 2, [2]),
        C("unbatched", T([4] + _sp), T([4, 3] + _k)),
        C("float64 bias", T([2, 4] + _sp), T([4, 3] + _k), T([3], dtype=f64)),
        C("wrong rank", T(_sp), T([4, 3] + _k)),
    ]
CASES["conv2d.padding"] += [
    C("channels last same", cl(2, 4, 5, 6), T([3, 4, 2, 3]), None, [1], "same"),
    C("channels last asymmetric", cl(2, 4, 5, 6), T([3, 4, 2, 2]), None, [1], "same"),
]
CASES["conv_transpose2d.input"] += [
    C("channels last", cl(2, 4, 5, 6), T([4, 3, 2, 3])),
    C("channels last weight", T([2, 4, 5, 6]), T([4, 3, 2, 3], fmt=torch.channels_last)),
]
CASES["conv3d.padding"] += [
    C("channels last 3d", cl3(2, 4, 5, 6, 7), T([3, 4, 2, 3, 2]), None, [1], "same"),
]
SYMBOLIC += [
    ("conv1d same padding of a dynamic length", "conv1d.padding",
     Case("", D([2, 4, 5], "x", ["static", "static", "dynamic"]), T([3, 4, 2]), None, [1], "same")),
    ("conv2d same padding of dynamic sizes", "conv2d.padding",
     Case("", D([2, 4, 5, 6], "x", ["static", "static", "dynamic", "dynamic"]), T([3, 4, 2, 3]), None, [1], "same")),
    ("conv3d same padding of dynamic sizes", "conv3d.padding",
     Case("", D([2, 4, 5, 6, 7], "x", ["static", "static", "dynamic", "dynamic", "dynamic"]), T([3, 4, 2, 3, 2]),
          None, [1], "same")),
    # A symbolic kernel: ATen's convolution arithmetic on the padding
    # `((k - 1)//2)`, which no guard shows exact.
    ("conv2d same padding of dynamic sizes, the kernel's too", "conv2d.padding",
     Case("", D([2, 4, 5, 6], "x"), D([3, 4, 3, 3], "w"), None, [1], "same")),
    ("conv_transpose1d of a dynamic length", "conv_transpose1d",
     Case("", D([2, 4, 5], "x", ["static", "static", "dynamic"]), T([4, 3, 2]), None, [2], [1])),
    ("conv_transpose2d of a dynamic height", "conv_transpose2d.input",
     Case("", D([2, 4, 5, 6], "x", ["static", "static", "dynamic", "static"]), T([4, 3, 2, 3]), None, [2], [1])),
    ("conv_transpose3d of a dynamic depth", "conv_transpose3d.input",
     Case("", D([2, 4, 5, 6, 7], "x", ["static", "static", "dynamic", "static", "static"]), T([4, 3, 2, 3, 2]),
          None, [2], [1])),
]
# Their derived case (every size dynamic, the weight's too) stays.
KEEP_DERIVED = {"conv1d", "conv2d", "conv3d"}
# `select_conv_backend` asks oneDNN first on the CPU: `use_mkldnn` decides
# its tests in turn (strided, dilated, a batch of at least 16, a kernel
# other than 1x1; then groups, a kernel above 3x3, a batch above 1, more
# than 20480 input elements), each a guard on a dynamic size. Hints of 10
# and 60 put the doubled samples past 16 and 20480, where they fail.
_batch = ["dynamic", "static", "static", "static"]
SYMBOLIC += [
    ("conv2d of a dynamic batch", "conv2d",
     Case("", D([10, 3, 8, 8], "x", _batch), T([4, 3, 3, 3]), T([4]))),
    ("conv2d of a dynamic batch, strided", "conv2d",
     Case("", D([10, 3, 8, 8], "x", _batch), T([4, 3, 3, 3]), None, [2])),
    ("conv2d of a dynamic batch, dilated", "conv2d",
     Case("", D([10, 3, 8, 8], "x", _batch), T([4, 3, 3, 3]), None, [1], [0], [2])),
    ("conv2d of a dynamic batch, 1x1 kernel", "conv2d",
     Case("", D([10, 3, 8, 8], "x", _batch), T([4, 3, 1, 1]))),
    ("conv2d of a dynamic batch in float64", "conv2d",
     Case("", D([10, 3, 8, 8], "x", _batch, dtype=f64), T([4, 3, 3, 3], dtype=f64))),
    ("conv2d of one image of dynamic size", "conv2d",
     Case("", D([1, 3, 60, 60], "x", ["static", "static", "dynamic", "dynamic"]), T([4, 3, 1, 1]))),
    ("conv1d of a dynamic batch", "conv1d",
     Case("", D([10, 3, 8], "x", ["dynamic", "static", "static"]), T([4, 3, 3]))),
    ("conv3d of a dynamic batch, channels last 3d", "conv3d",
     Case("", D([10, 3, 4, 6, 6], "x", ["dynamic", "static", "static", "static", "static"],
                fmt=torch.channels_last_3d), T([4, 3, 3, 3, 3]))),
    ("conv_transpose2d of a dynamic batch", "conv_transpose2d.input",
     Case("", D([10, 4, 5, 6], "x", _batch), T([4, 3, 2, 3]))),
    # Output sizes `s2 + s6 - 1` of several symbols: sympy's assumptions
    # do not fold `Max(1, s2 + s6 - 1)` in the contiguous strides, so the
    # printed strides keep the sizes as factors once simplify prunes it.
    ("conv_transpose2d of dynamic sizes, the weight's too", "conv_transpose2d.input",
     Case("", D([2, 4, 5, 6], "x"), D([4, 3, 2, 4], "w"), D([3], "b"))),
]
# ATen's `_convolution_mode`, which `conv{n}d.padding` calls on a batched
# input.
CASES["_convolution_mode"] = [
    C("same 2-d", T([2, 4, 5, 6]), T([3, 4, 2, 3]), T([3]), [1, 1], "same", [1, 1], 1),
    C("same 1-d, one stride", T([2, 4, 5]), T([3, 4, 3]), None, [1], "same", [1], 1),
    C("same 3-d dilated", T([2, 4, 5, 6, 7]), T([3, 4, 2, 3, 2]), None, [1], "same", [2], 1),
    C("same channels last asymmetric", cl(2, 4, 5, 6), T([3, 4, 2, 2]), None, [1, 1], "same", [1, 1], 1),
    C("valid channels last", cl(2, 4, 5, 6), T([3, 4, 2, 3]), None, [2, 1], "valid", [1, 1], 1),
    C("valid groups", T([2, 4, 5, 6]), T([6, 2, 2, 3]), None, [1], "valid", [1], 2),
    C("valid float64", T([2, 4, 5, 6], dtype=f64), T([3, 4, 2, 3], dtype=f64), None, [1], "valid", [1], 1),
    C("same strided", T([2, 4, 5, 6]), T([3, 4, 2, 3]), None, [2, 2], "same", [1, 1], 1),
    C("unknown padding", T([2, 4, 5, 6]), T([3, 4, 2, 3]), None, [1], "full", [1], 1),
    C("unbatched same", T([4, 5, 6]), T([3, 4, 2, 3]), None, [1], "same", [1], 1),
    C("unbatched valid", T([4, 5, 6]), T([3, 4, 2, 3]), None, [1], "valid", [1], 1),
]
SYMBOLIC += [
    ("_convolution_mode same of dynamic sizes", "_convolution_mode",
     Case("", D([2, 4, 5, 6], "x", ["static", "static", "dynamic", "dynamic"]), T([3, 4, 2, 3]), None, [1, 1],
          "same", [1, 1], 1)),
    ("_convolution_mode valid of dynamic sizes", "_convolution_mode",
     Case("", D([2, 4, 5, 6], "x", ["static", "static", "dynamic", "dynamic"]), T([3, 4, 2, 3]), None, [1, 1],
          "valid", [1, 1], 1)),
]
# `_convolution_same` pads with `constant_pad_nd`, whose C++ kernel
# specialises symbolic sizes where export's Python one keeps them.
PYTHON_DISPATCHER |= {"conv1d.padding", "conv2d.padding", "conv3d.padding", "_convolution_mode"}

# ---- pads by mode ----------------------------------------------------------------------

# `_pad_enum`'s mode (`at::padding_mode`): 0 reflect, 1 replicate,
# 2 circular, 3 constant.
CASES["_pad_enum"] = [
    C("constant", T([2, 3]), [1, 2], 3),
    C("constant value channels last", cl(1, 2, 3, 3), [1, 1, 0, 2], 3, 1.5),
    C("constant negative crops", T([2, 5]), [-1, -2], 3),
    C("constant odd pad length", T([2, 3]), [1], 3),
    C("reflect 1-d", T([2, 3, 5]), [1, 2], 0),
    C("reflect 2-d channels last", cl(1, 2, 4, 5), [1, 1, 2, 0], 0),
    C("reflect of a matrix", T([2, 3]), [1, 2], 0),
    C("replicate 3-d float64", T([1, 2, 3, 4, 5], dtype=f64), [1, 1, 1, 1, 1, 1], 1),
    C("replicate 1-d", T([2, 3, 5]), [1, 2], 1),
    C("circular 2-d", T([2, 3, 4, 5]), [1, 2, 0, 3], 2),
    C("circular transposed", tr(2, 3, 5), [1, 2], 2),
    C("reflect with a value", T([2, 3, 5]), [1, 2], 0, 1.0),
    C("reflect with a zero value", T([2, 3, 5]), [1, 2], 0, 0.0),
    C("reflect pad too large", T([2, 3, 2]), [2, 0], 0),
    C("reflect 4-d input, one pair", T([1, 2, 3, 4]), [1, 1], 0),
    C("pad longer than twice the rank", T([3]), [1, 1, 1, 1], 1),
    C("unknown mode", T([2, 3, 5]), [1, 2], 7),
]
CASES["_pad_circular"] = [
    C("1-d", T([2, 3, 5]), [1, 2]),
    C("2-d unbatched", T([3, 4, 5]), [1, 2, 0, 3]),
    C("3-d", T([1, 2, 3, 4, 5]), [1, 1, 2, 2, 0, 1]),
    C("channels last", cl(2, 3, 4, 5), [1, 1, 1, 1]),
    C("negative crops", T([2, 3, 5]), [-1, -2]),
    C("int64", T([2, 3, 5], dtype=i64), [2, 2]),
    C("wraps twice", T([2, 3, 2]), [3, 0]),
    C("too few padded dims", T([2, 3, 4, 5]), [1, 1]),
    C("odd pad length", T([2, 3, 5]), [1, 2, 1]),
]
SYMBOLIC += [
    ("_pad_circular of a dynamic length", "_pad_circular",
     Case("", D([2, 3, 5], "x", ["static", "static", "dynamic"]), [1, 2])),
    ("_pad_enum reflect of dynamic sizes", "_pad_enum",
     Case("", D([2, 3, 5], "x"), [1, 2], 0)),
]
PYTHON_DISPATCHER |= {"_pad_enum"}

# ---- samplers and sliding blocks ---------------------------------------------------

CASES["grid_sampler"] = [
    C("2-d", T([2, 3, 8, 9]), T([2, 4, 5, 2]), 0, 0, False),
    C("3-d", T([2, 3, 8, 9, 5]), T([2, 4, 5, 6, 3]), 1, 1, True),
    C("2-d channels last", cl(2, 3, 8, 9), T([2, 4, 5, 2]), 0, 0, False),
    C("2-d float64 grid", T([2, 3, 8, 9]), T([2, 4, 5, 2], dtype=f64), 0, 0, False),
    C("2-d bicubic", T([2, 3, 8, 9]), T([2, 4, 5, 2]), 2, 0, False),
    C("bad mode", T([2, 3, 8, 9]), T([2, 4, 5, 2]), 3, 0, False),
    C("3-d bicubic", T([2, 3, 8, 9, 5]), T([2, 4, 5, 6, 3]), 2, 0, False),
    C("batch mismatch", T([2, 3, 8, 9, 5]), T([3, 4, 5, 6, 3]), 0, 0, False),
]
CASES["im2col"] = [
    C("batched", T([2, 3, 8, 9]), [2, 3], [1, 1], [1, 0], [2, 1]),
    C("unbatched", T([3, 8, 9]), [2, 2], [1, 1], [0, 0], [1, 1]),
    C("channels last", cl(2, 3, 8, 9), [2, 3], [1, 1], [1, 0], [2, 1]),
    C("dilated", T([2, 3, 8, 9]), [2, 2], [2, 3], [0, 1], [1, 2]),
    C("one by one kernel", T([2, 3, 8, 9]), [1, 1], [1, 1], [0, 0], [1, 1]),
    C("transposed input", T([2, 3, 9, 8], then=lambda t: t.transpose(2, 3)), [2, 2], [1, 1], [0, 0], [1, 1]),
    C("zero batch", T([0, 3, 8, 9]), [2, 2], [1, 1], [0, 0], [1, 1]),
    C("int64", T([2, 3, 8, 9], dtype=i64), [2, 2], [1, 1], [0, 0], [1, 1]),
    C("kernel too large", T([2, 3, 2, 9]), [3, 2], [1, 1], [0, 0], [1, 1]),
    C("empty channels", T([2, 0, 8, 9]), [2, 2], [1, 1], [0, 0], [1, 1]),
    C("zero stride", T([2, 3, 8, 9]), [2, 2], [1, 1], [0, 0], [0, 1]),
    C("3-d kernel", T([2, 3, 8, 9]), [2, 2, 2], [1, 1], [0, 0], [1, 1]),
    C("2-d input", T([8, 9]), [2, 2], [1, 1], [0, 0], [1, 1]),
    C("one block", T([4, 2, 2, 3]), [2, 3], [2, 2], [1, 1], [2, 2]),
    C("one block unbatched", T([2, 3, 4]), [3, 4], [1, 1], [0, 0], [1, 1]),
    # The view of no elements takes contiguous strides.
    C("one block of an empty batch", T([0, 2, 2, 3]), [2, 3], [2, 2], [1, 1], [2, 2]),
]
SYMBOLIC += [
    # Each dim's block indices broadcast `arange(blocks)` against the
    # kernel's offsets, which asks whether the block count is 1: a guard
    # that refuses a single row of blocks.
    ("im2col of a dynamic image, its block counts guarded against 1", "im2col",
     C("", D([2, 3, 5, 3], "x", ["dynamic", "dynamic", "dynamic", "static"]), [2, 3], [1, 1], [0, 0], [1, 1])),
    ("im2col of dynamic sizes", "im2col",
     Case("", D([2, 3, 8, 9], "x", ["dynamic", "dynamic", "dynamic", "static"]), [2, 3], [1, 1], [1, 0], [2, 1])),
    # One block, decided by the broadcasts' guards (`Eq(((s2 + 1)//2), 1)`,
    # a replacement of `s1 - 2` by 1): the reshape is a view whose blocks
    # dim keeps the kernel width as its stride.
    ("im2col of one block of a dynamic image", "im2col",
     C("", D([4, 2, 2, 3], "x"), [2, 3], [2, 2], [1, 1], [2, 2])),
    ("im2col of one block of a dynamic unbatched image", "im2col",
     C("", D([2, 3, 4], "x"), [3, 4], [1, 1], [0, 0], [1, 1])),
    ("grid_sampler of dynamic sizes", "grid_sampler",
     Case("", D([2, 3, 8, 9], "x"), D([2, 4, 5, 2], "g", ["dynamic", "dynamic", "dynamic", "static"]), 0, 0, False)),
]
PYTHON_DISPATCHER |= {"im2col", "im2col.out"}

# ---- distances ------------------------------------------------------------------------

CASES["cdist"] = [
    C("matrices", T([3, 4]), T([5, 4])),
    C("batch broadcast", T([2, 1, 3, 4]), T([6, 5, 4]), 1.0),
    C("many rows", T([30, 4]), T([5, 4])),
    C("many rows, batched", T([2, 30, 4]), T([1, 5, 4])),
    C("matrix product mode", T([3, 4]), T([5, 4]), 2.0, 1),
    C("no matrix product", T([30, 4]), T([5, 4]), 2.0, 2),
    C("transposed", tr(3, 4), T([5, 4]), 0.0),
    C("float64", T([3, 4], dtype=f64), T([5, 4], dtype=f64)),
    C("empty rows", T([0, 4]), T([30, 4])),
    C("columns mismatch", T([3, 4]), T([5, 3])),
    C("integer", T([3, 4], dtype=i64), T([5, 4], dtype=i64)),
    C("integer, matrix product", T([30, 4], dtype=i64), T([5, 4], dtype=i64)),
    C("vector", T([4]), T([5, 4])),
    C("negative p", T([3, 4]), T([5, 4]), -1.0),
    C("bad compute mode", T([3, 4]), T([5, 4]), 2.0, 3),
    C("mixed dtypes, matrix product refused", T([2, 30, 4], dtype=f16), T([1, 5, 4])),
    C("mixed dtypes, matrix product mode refused", T([2, 3, 4], dtype=f64), T([1, 5, 4]), 2.0, 1),
    C("mixed dtypes, no matrix product", T([2, 3, 4], dtype=f16), T([1, 5, 4])),
]
CASES["pdist"] = [
    C("rows", T([5, 3])),
    C("one row", T([1, 3])),
    C("no rows", T([0, 3])),
    C("p one float64", T([4, 2], dtype=f64), 1.0),
    C("transposed", tr(5, 3)),
    C("integer", T([4, 2], dtype=i64)),
    C("three dims", T([4, 2, 3])),
    C("vector", T([4])),
    C("negative p", T([4, 2]), -1.0),
]
SYMBOLIC += [
    ("cdist of dynamic rows", "cdist", Case("", D([3, 4], "x"), D([5, 4], "y", ["dynamic", "static"]))),
    ("cdist by matrix products of dynamic rows", "cdist",
     Case("", D([30, 4], "x"), D([5, 4], "y", ["dynamic", "static"]))),
    ("pdist of dynamic rows", "pdist", Case("", D([5, 3], "x"))),
]

# ---- interpolating upsamplings --------------------------------------------------------

# Outside the Python dispatcher ATen's composite reads one scale from the
# factors given (`export_op_cases.PLAIN`).
LINEAR_VEC_PLAIN = "a matrix with empty scale factors in a plain fake mode refused"
PLAIN = {LINEAR_VEC_PLAIN}
CASES["upsample_linear1d.vec"] = [
    C("scale two", T([2, 3, 8]), None, False, [2.0]),
    C("output size align corners", T([2, 3, 8]), [5], True, None),
    C("fractional scale", T([2, 3, 8]), None, False, [0.29]),
    C("transposed input", tr(2, 3, 8), None, False, [2.0]),
    C("int64", T([2, 3, 8], dtype=i64), None, False, [2.0]),
    C("float16", T([2, 3, 8], dtype=f16), None, False, [2.0]),
    C("cuda", T([2, 3, 8], device="cuda"), [5], False, None),
    C("zero batch", T([0, 3, 8]), None, False, [2.0]),
    C("both given", T([2, 3, 8]), [4], False, [2.0]),
    C("neither given", T([2, 3, 8]), None, False, None),
    C("two output sizes", T([2, 3, 8]), [4, 4], False, None),
    C("a matrix with empty scale factors refused", T([1, 3]), None, True, []),
    C(LINEAR_VEC_PLAIN, T([3, 0]), None, False, []),
    C("zero output size refused", T([2, 3, 4]), [0], False, None),
    C("zero output size, align corners", T([2, 3, 4]), [0], True, None),
]
CASES["upsample_trilinear3d.vec"] = [
    C("scale two", T([2, 3, 4, 5, 6]), None, False, [2.0, 2.0, 2.0]),
    C("output size align corners", T([2, 3, 4, 5, 6]), [3, 7, 5], True, None),
    C("channels last 3d", cl3(2, 3, 4, 5, 6), None, False, [2.0, 1.5, 0.5]),
    C("channels last 3d on cuda", cl3(2, 3, 4, 5, 6, device="cuda"), None, False, [2.0, 2.0, 2.0]),
    C("channels last 3d on cuda, 16 channels", cl3(2, 16, 4, 5, 6, device="cuda"), None, False, [2.0, 2.0, 2.0]),
    C("int64", T([2, 3, 4, 5, 6], dtype=i64), [3, 3, 3], False, None),
    C("zero batch", T([0, 3, 4, 5, 6]), [3, 3, 3], False, None),
    C("two scales", T([2, 3, 4, 5, 6]), None, False, [2.0, 2.0]),
]
BICUBIC_FOUR_PLAIN = "four output sizes refused in a plain fake mode"
BICUBIC_ONE_SCALE_PLAIN = "one scale refused in a plain fake mode"
BICUBIC_EMPTY_SCALES_PLAIN = "an output size beside an empty scale list refused in a plain fake mode"
PLAIN |= {BICUBIC_FOUR_PLAIN, BICUBIC_ONE_SCALE_PLAIN, BICUBIC_EMPTY_SCALES_PLAIN}
CASES["upsample_bicubic2d.vec"] = [
    C("scale two", T([2, 3, 8, 10]), None, False, [2.0, 2.0]),
    # A given output size, even an empty one, is unpacked into two.
    C("empty output size beside scales refused", T([2, 3, 8, 10]), [], False, [2.0, 2.0]),
    C("one output size refused", T([2, 3, 8, 10]), [5], False, None),
    C("one scale refused", T([2, 3, 8, 10]), None, False, [2.0]),
    C("output size align corners", T([2, 3, 8, 10]), [5, 7], True, None),
    C("channels last", cl(2, 3, 8, 10), None, False, [0.5, 1.5]),
    C("channels last on cuda", cl(2, 3, 8, 10, device="cuda"), None, False, [2.0, 2.0]),
    C("fractional scales", T([2, 3, 8, 10]), None, False, [0.29, 1.5]),
    C("int64", T([2, 3, 8, 10], dtype=i64), [4, 4], False, None),
    C("uint8", T([2, 3, 8, 10], dtype=torch.uint8), [4, 4], False, None),
    C("float16", T([2, 3, 8, 10], dtype=f16), [4, 4], False, None),
    C("zero batch", T([0, 3, 8, 10]), [4, 4], False, None),
    C("both given", T([2, 3, 8, 10]), [4, 4], False, [2.0, 2.0]),
    C("neither given", T([2, 3, 8, 10]), None, False, None),
    C("3-d input", T([3, 8, 10]), [4, 4], False, None),
    # The decomposition reads a longer output size at indices 0 and 1;
    # ATen's composite, which a plain fake mode runs, wants exactly two.
    C("four output sizes, the first two read", T([2, 3, 8, 10]), [5, 4, 3, 2], False, None),
    C("three scales refused", T([2, 3, 8, 10]), None, False, [2.0, 2.0, 2.0]),
    C(BICUBIC_FOUR_PLAIN, T([2, 3, 8, 10]), [5, 4, 3, 2], False, None),
    C(BICUBIC_ONE_SCALE_PLAIN, T([2, 3, 8, 10]), None, False, [2.0]),
    # An empty scale list is none to the decomposition (`if scale_factors`)
    # and given to ATen's `upsample_compute_output_size` (eager's: the
    # case on CUDA, no eager kernel run).
    C("an output size beside an empty scale list", T([2, 3, 8, 10], device="cuda"), [4, 5], False, []),
    C(BICUBIC_EMPTY_SCALES_PLAIN, T([2, 3, 8, 10]), [4, 5], False, []),
]
CASES["_upsample_bilinear2d_aa.vec"] = [
    C("scale half", T([2, 3, 8, 10]), None, False, [0.5, 0.5]),
    C("output size", T([2, 3, 8, 10]), [5, 7], True, None),
    C("channels last", cl(2, 3, 8, 10), None, False, [2.0, 1.5]),
    C("int64", T([2, 3, 8, 10], dtype=i64), [4, 4], False, None),
    C("zero batch", T([0, 3, 8, 10]), [4, 4], False, None),
    C("zero channels", T([2, 0, 8, 10]), [4, 4], False, None),
    C("zero output size", T([2, 3, 8, 10]), [0, 4], False, None),
    C("three output sizes", T([2, 3, 8, 10]), [4, 4, 4], False, None),
    C("neither given", T([2, 3, 8, 10]), None, False, None),
    C("one scale factor", T([2, 3, 8, 10]), None, False, [2.0]),
    C("one-dim input, no scale factors", T([1]), None, True, []),
]
CASES["_upsample_bilinear2d_aa"] = [
    C("output size", T([2, 3, 8, 10]), [5, 7], False),
    C("scales", T([2, 3, 8, 10]), [16, 20], True, 2.0, 2.0),
    C("channels last", cl(2, 3, 8, 10), [5, 7], False),
    C("channels last on cuda", cl(2, 3, 8, 10, device="cuda"), [5, 7], False),
    C("transposed input", T([2, 3, 10, 8], then=lambda t: t.transpose(2, 3)), [5, 7], False),
    C("int64", T([2, 3, 8, 10], dtype=i64), [4, 4], False),
    C("zero batch", T([0, 3, 8, 10]), [4, 4], False),
    C("zero channels", T([2, 0, 8, 10]), [4, 4], False),
    C("zero output size", T([2, 3, 8, 10]), [0, 4], False),
    C("empty spatial", T([2, 3, 0, 10]), [4, 4], False),
    C("3-d input", T([3, 8, 10]), [4, 4], False),
]
SYMBOLIC += [
    ("upsample_linear1d by two of a dynamic length", "upsample_linear1d.vec",
     Case("", D([2, 3, 8], "x", ["static", "static", "dynamic"]), None, False, [2.0])),
    ("upsample_linear1d by 0.29 of a dynamic input", "upsample_linear1d.vec",
     Case("", D([2, 3, 8], "x"), None, False, [0.29])),
    ("upsample_trilinear3d by 0.4, 1.5 and 0.5 of a dynamic input", "upsample_trilinear3d.vec",
     Case("", D([2, 3, 4, 5, 6], "x"), None, False, [0.4, 1.5, 0.5])),
    ("upsample_trilinear3d to a size of a dynamic input", "upsample_trilinear3d.vec",
     Case("", D([2, 3, 4, 5, 6], "x"), [3, 7, 5], False, None)),
    ("upsample_bicubic2d to a size of a dynamic input", "upsample_bicubic2d.vec",
     Case("", D([2, 3, 8, 10], "x"), [5, 7], False, None)),
    # `sym_int(sym_float(w) * scale)`: TruncToInt(2.0*ToFloat(s2)), an
    # integral scale too.
    ("upsample_bicubic2d by integral scales of a dynamic input", "upsample_bicubic2d.vec",
     Case("", D([2, 3, 8, 10], "x"), None, False, [2.0, 3.0])),
    # Fractional scales: the decomposition's steps guard the truncated
    # sizes (its `arange(...).to(dtype)`, broadcasts and views).
    ("upsample_bicubic2d by 0.29 and 1.5 of a dynamic input", "upsample_bicubic2d.vec",
     Case("", D([2, 3, 8, 10], "x"), None, False, [0.29, 1.5])),
    ("upsample_bicubic2d of a dynamic uint8 input by 0.29 and 1.5", "upsample_bicubic2d.vec",
     Case("", D([2, 3, 8, 10], "x", dtype=torch.uint8), None, False, [0.29, 1.5])),
    ("upsample_bicubic2d by 0.5 and 1.5 of a dynamic input, corners aligned", "upsample_bicubic2d.vec",
     Case("", D([2, 3, 8, 10], "x"), None, True, [0.5, 1.5])),
    ("_upsample_bilinear2d_aa.vec to a size of a dynamic input", "_upsample_bilinear2d_aa.vec",
     Case("", D([2, 3, 8, 10], "x"), [5, 7], False, None)),
    ("_upsample_bilinear2d_aa of a dynamic input", "_upsample_bilinear2d_aa",
     Case("", D([2, 3, 8, 10], "x"), [5, 7], False)),
]
PYTHON_DISPATCHER |= {"upsample_linear1d.vec", "upsample_trilinear3d.vec", "upsample_bicubic2d.vec",
                      "_upsample_bilinear2d_aa.vec"}

# ---- attention ------------------------------------------------------------------------

CASES["_scaled_dot_product_flash_attention_for_cpu"] = [
    C("4-d", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 16])),
    C("causal with a mask", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 16]), 0.0, True, attn_mask=T([7, 9])),
    C("transposed query", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)), T([2, 4, 9, 16]),
      T([2, 4, 9, 16])),
    C("float16", T([2, 4, 7, 16], dtype=f16), T([2, 4, 9, 16], dtype=f16), T([2, 4, 9, 16], dtype=f16)),
    C("float64", T([2, 4, 7, 16], dtype=f64), T([2, 4, 9, 16], dtype=f64), T([2, 4, 9, 16], dtype=f64)),
    C("2-d query", T([7, 16]), T([9, 16]), T([9, 16])),
]
SYMBOLIC += [
    ("flash attention for cpu of dynamic sizes", "_scaled_dot_product_flash_attention_for_cpu",
     Case("", D([2, 4, 7, 16], "q"), D([2, 4, 9, 16], "k"), D([2, 4, 9, 16], "v"))),
]

CASES["upsample_linear1d"] = [
    C("output size", T([2, 3, 8]), [5], False),
    C("align corners with a scale", T([2, 3, 8]), [16], True, 2.0),
    C("transposed input", tr(2, 3, 8), [5], False),
    C("int64", T([2, 3, 8], dtype=i64), [5], False),
    C("cuda", T([2, 3, 8], device="cuda"), [5], False),
    C("zero batch", T([0, 3, 8]), [5], False),
    C("zero channels", T([2, 0, 8]), [5], False),
    C("zero output size", T([2, 3, 8]), [0], False),
    C("two output sizes", T([2, 3, 8]), [4, 4], False),
    # The decomposition zips the spatial dims with the output sizes and
    # its one scale: a second spatial dim is an index out of range,
    # none at all a failed unpacking.
    C("two output sizes of a 4-d input refused", T([1, 2, 3, 8]), [4, 4], False),
    C("2-d input refused", T([2, 3]), [5], False),
    C("no output sizes refused", T([2, 3, 8]), [], False),
]
CASES["upsample_linear1d.out"] = [
    C("output size", T([2, 3, 8]), [5], False, out=T([2, 3, 5])),
    C("resized", T([2, 3, 8]), [5], False, out=T([0])),
]
CASES["upsample_trilinear3d"] = [
    C("output size", T([2, 3, 4, 5, 6]), [3, 7, 5], False),
    C("scales", T([2, 3, 4, 5, 6]), [8, 10, 12], False, 2.0, 2.0, 2.0),
    C("channels last 3d", cl3(2, 3, 4, 5, 6), [3, 7, 5], True),
    C("channels last 3d on cuda", cl3(2, 3, 4, 5, 6, device="cuda"), [3, 7, 5], False),
    C("channels last 3d on cuda, 16 channels", cl3(2, 16, 4, 5, 6, device="cuda"), [3, 7, 5], False),
    C("zero output size", T([2, 3, 4, 5, 6]), [3, 7, 0], False),
    C("4-d input", T([3, 4, 5, 6]), [3, 7, 5], False),
]
CASES["upsample_trilinear3d.out"] = [
    C("resized", T([2, 3, 4, 5, 6]), [3, 7, 5], False, out=T([0])),
    C("channels last 3d resized", cl3(2, 3, 4, 5, 6), [3, 7, 5], False, out=T([0])),
]
CASES["upsample_bicubic2d"] = [
    C("output size", T([2, 3, 8, 10]), [5, 7], False),
    C("scales", T([2, 3, 8, 10]), [16, 20], True, 2.0, 2.0),
    C("channels last", cl(2, 3, 8, 10), [5, 7], False),
    C("channels last on cuda", cl(2, 3, 8, 10, device="cuda"), [5, 7], False),
    C("int64", T([2, 3, 8, 10], dtype=i64), [5, 7], False),
    C("zero output size", T([2, 3, 8, 10]), [0, 7], False),
    C("one output size", T([2, 3, 8, 10]), [5], False),
    C("3-d input", T([3, 8, 10]), [5, 7], False),
]
CASES["upsample_bicubic2d.out"] = [
    C("resized", T([2, 3, 8, 10]), [5, 7], False, out=T([0])),
    C("channels last resized", cl(2, 3, 8, 10), [5, 7], False, out=T([0])),
]
SYMBOLIC += [
    ("upsample_linear1d of a dynamic input", "upsample_linear1d", Case("", D([2, 3, 8], "x"), [5], False)),
    ("upsample_trilinear3d of a dynamic input", "upsample_trilinear3d",
     Case("", D([2, 3, 4, 5, 6], "x"), [3, 7, 5], False)),
    ("upsample_bicubic2d of a dynamic input", "upsample_bicubic2d", Case("", D([2, 3, 8, 10], "x"), [5, 7], False)),
]

# ---- backwards --------------------------------------------------------------------------

CASES["_adaptive_avg_pool3d_backward"] = [
    C("batched", T([2, 3, 2, 2, 2]), T([2, 3, 6, 7, 8])),
    C("unbatched", T([3, 2, 2, 2]), T([3, 6, 7, 8])),
    C("channels last 3d input", T([2, 3, 2, 2, 2]), cl3(2, 3, 6, 7, 8)),
    C("empty gradient", T([2, 3, 0, 2, 2]), T([2, 3, 6, 7, 8])),
    C("input of another dtype", T([2, 3, 2, 2, 2]), T([2, 3, 6, 7, 8], dtype=i32)),
    C("zero-dim", T([]), T([])),
]
CASES["adaptive_max_pool2d_backward"] = [
    C("batched", T([2, 3, 2, 2]), T([2, 3, 6, 7]), T([2, 3, 2, 2], dtype=i64)),
    C("unbatched", T([3, 2, 2]), T([3, 6, 7]), T([3, 2, 2], dtype=i64)),
    C("channels last input", T([2, 3, 2, 2]), cl(2, 3, 6, 7), T([2, 3, 2, 2], dtype=i64)),
    C("dtype mismatch", T([2, 3, 2, 2], dtype=f64), T([2, 3, 6, 7]), T([2, 3, 2, 2], dtype=i64)),
    C("empty gradient", T([2, 0, 2, 2]), T([2, 3, 6, 7]), T([2, 0, 2, 2], dtype=i64)),
    C("2-d gradient", T([2, 2]), T([6, 7]), T([2, 2], dtype=i64)),
]
CASES["adaptive_max_pool2d_backward.grad_input"] = [
    C("resized", T([2, 3, 2, 2]), T([2, 3, 6, 7]), T([2, 3, 2, 2], dtype=i64), grad_input=T([0])),
    C("channels last resized", T([2, 3, 2, 2]), cl(2, 3, 6, 7), T([2, 3, 2, 2], dtype=i64), grad_input=T([0])),
]
CASES["adaptive_max_pool3d_backward"] = [
    C("batched", T([2, 3, 2, 2, 2]), T([2, 3, 6, 7, 8]), T([2, 3, 2, 2, 2], dtype=i64)),
    C("channels last 3d input", T([2, 3, 2, 2, 2]), cl3(2, 3, 6, 7, 8), T([2, 3, 2, 2, 2], dtype=i64)),
    C("empty gradient", T([2, 3, 2, 0, 2]), T([2, 3, 6, 7, 8]), T([2, 3, 2, 0, 2], dtype=i64)),
    C("input of another dtype", T([2, 3, 2, 2, 2]), T([2, 3, 6, 7, 8], dtype=f64), T([2, 3, 2, 2, 2], dtype=i64)),
]
CASES["adaptive_max_pool3d_backward.grad_input"] = [
    C("resized", T([2, 3, 2, 2, 2]), T([2, 3, 6, 7, 8]), T([2, 3, 2, 2, 2], dtype=i64), grad_input=T([0])),
]
CASES["_pdist_backward"] = [
    C("rows", T([10]), T([5, 3]), 2.0, T([10])),
    C("transposed input", T([10]), tr(5, 3), 2.0, T([10])),
    C("strided distances", T([10]), T([5, 3]), 2.0, T([20], then=lambda t: t[::2])),
    C("gradient of another dtype", T([10], dtype=i64), T([5, 3]), 2.0, T([10], dtype=i64)),
]
CASES["_pdist_backward.out"] = [
    C("resized", T([10]), T([5, 3]), 2.0, T([10]), out=T([0])),
]
SYMBOLIC += [
    ("_adaptive_avg_pool3d_backward of dynamic sizes", "_adaptive_avg_pool3d_backward",
     Case("", D([2, 3, 2, 2, 2], "g"), D([2, 3, 6, 7, 8], "x"))),
    ("_adaptive_avg_pool3d_backward.out of dynamic sizes", "_adaptive_avg_pool3d_backward.out",
     Case("", D([2, 3, 2, 2, 2], "g"), D([2, 3, 6, 7, 8], "x"), out=T([0]))),
    ("grid_sampler_3d_backward.out of a dynamic batch", "grid_sampler_3d_backward.out",
     Case("", D([2, 3, 4, 5, 6], "g", ["dynamic", "static", "static", "static", "static"]),
          D([2, 3, 8, 9, 5], "x", ["dynamic", "static", "static", "static", "static"]),
          D([2, 4, 5, 6, 3], "grid", ["dynamic", "static", "static", "static", "static"]), 0, 0, False,
          [True, True], out0=T([0]), out1=T([0]))),
    ("adaptive_max_pool2d_backward of dynamic sizes", "adaptive_max_pool2d_backward",
     Case("", D([2, 3, 2, 2], "g"), D([2, 3, 6, 7], "x"), T([2, 3, 2, 2], dtype=i64))),
]

CASES["im2col.out"] = [
    C("resized", T([2, 3, 8, 9]), [2, 3], [1, 1], [1, 0], [2, 1], out=T([0])),
    C("of its size", T([3, 8, 9]), [2, 2], [1, 1], [0, 0], [1, 1], out=T([12, 56])),
]
CASES["fractional_max_pool3d.output"] = [
    C("resized", T([2, 3, 6, 7, 8]), [2, 2, 2], [3, 3, 3], T([2, 3, 3]), output=T([0]), indices=T([0], dtype=i64)),
    C("of its size", T([3, 6, 7, 8]), [2, 2, 2], [3, 4, 5], T([1, 3, 3]), output=T([3, 3, 4, 5]),
      indices=T([3, 3, 4, 5], dtype=i64)),
    C("float64 output refused", T([2, 3, 6, 7, 8]), [2, 2, 2], [3, 3, 3], T([2, 3, 3]), output=T([0], dtype=f64),
      indices=T([0], dtype=i64)),
    C("int32 indices refused", T([2, 3, 6, 7, 8]), [2, 2, 2], [3, 3, 3], T([2, 3, 3]), output=T([0]),
      indices=T([0], dtype=i32)),
]
SYMBOLIC += [
    ("im2col.out of a dynamic batch and channels", "im2col.out",
     Case("", D([2, 3, 8, 9], "x", ["dynamic", "dynamic", "static", "static"]), [2, 3], [1, 1], [1, 0], [2, 1],
          out=T([0]))),
]

# ---- layouts the memory-format rules decide ----------------------------------------------


def cl_like(*sizes, **kw):
    """A 3-d input laid out as a channels-last 4-d one with height 1."""
    return T(sizes, then=lambda t: t.unsqueeze(2).contiguous(memory_format=torch.channels_last).squeeze(2), **kw)


CASES["max_pool1d"] += [C("channels last like input", cl_like(2, 3, 10), [3])]
CASES["max_pool1d_with_indices"] += [C("channels last like input", cl_like(2, 3, 10), [3])]
CASES["adaptive_max_pool1d"] += [C("channels last like input", cl_like(2, 3, 10), [5])]
CASES["conv1d.padding"] += [C("channels last like input", cl_like(2, 4, 5), T([3, 4, 2]), None, [1], "same")]
CASES["conv_transpose1d"] += [C("channels last like input", cl_like(2, 4, 5), T([4, 3, 2]))]
CASES["conv_transpose2d.input"] += [
    C("channels last on cuda", cl(2, 4, 5, 6, device="cuda"), T([4, 3, 2, 3], device="cuda")),
    C("channels last float64 on cuda", cl(2, 4, 5, 6, dtype=f64, device="cuda"), T([4, 3, 2, 3], dtype=f64, device="cuda")),
    C("channels last zero batch", cl(0, 4, 5, 6), T([4, 3, 2, 3])),
]
CASES["conv_transpose3d.input"] += [
    C("channels last 3d", cl3(2, 4, 5, 6, 7), T([4, 3, 2, 3, 2])),
    C("channels last 3d, one in the batch", cl3(1, 4, 5, 6, 7), T([4, 3, 2, 3, 2])),
    C("channels last 3d, groups", cl3(1, 4, 5, 6, 7), T([4, 3, 2, 3, 2]), None, [1], [0], [0], 2),
]
CASES["conv3d.padding"] += [
    C("channels last 3d valid", cl3(2, 4, 5, 6, 7), T([3, 4, 2, 3, 2]), None, [1], "valid"),
    C("channels last 3d asymmetric, one in the batch", cl3(1, 4, 5, 6, 7), T([3, 4, 2, 3, 2]), None, [1], "same"),
]
CASES["upsample_linear1d.vec"] += [C("channels last like input", cl_like(2, 3, 8), None, False, [2.0])]
CASES["upsample_bicubic2d.vec"] += [C("transposed input", T([2, 3, 10, 8], then=lambda t: t.transpose(2, 3)), [5, 7], False, None)]
CASES["fractional_max_pool3d"] += [C("transposed input", T([2, 3, 6, 8, 7], then=lambda t: t.transpose(3, 4)),
                                     [2, 2, 2], [3, 3, 3], T([2, 3, 3]))]
CASES["grid_sampler"] += [C("3-d channels last 3d", cl3(2, 3, 8, 9, 5), T([2, 4, 5, 6, 3]), 0, 0, False)]

CASES["max_pool3d_with_indices_backward"] = [
    C("batched", T([2, 3, 3, 3, 4]), T([2, 3, 6, 7, 8]), [2], [2], [0], [1], False, T([2, 3, 3, 3, 4], dtype=i64)),
    C("unbatched", T([3, 3, 3, 4]), T([3, 6, 7, 8]), [2], [2], [0], [1], False, T([3, 3, 3, 4], dtype=i64)),
    C("channels last 3d", T([2, 3, 3, 3, 4]), cl3(2, 3, 6, 7, 8), [2], [2], [0], [1], False,
      T([2, 3, 3, 3, 4], dtype=i64)),
    C("ceil mode", T([2, 3, 3, 4, 4]), T([2, 3, 6, 7, 8]), [2], [2], [0], [1], True, T([2, 3, 3, 4, 4], dtype=i64)),
    C("channels mismatch", T([2, 4, 3, 3, 4]), T([2, 3, 6, 7, 8]), [2], [2], [0], [1], False,
      T([2, 4, 3, 3, 4], dtype=i64)),
    C("indices of another size", T([2, 3, 3, 3, 4]), T([2, 3, 6, 7, 8]), [2], [2], [0], [1], False,
      T([2, 3, 3, 3, 3], dtype=i64)),
    C("two kernel sizes", T([2, 3, 3, 3, 4]), T([2, 3, 6, 7, 8]), [2, 2], [2], [0], [1], False,
      T([2, 3, 3, 3, 4], dtype=i64)),
    # The output sizes checked are the gradient's, not the pool's.
    C("an input narrower than the kernel", T([2, 3, 3, 3, 1]), T([2, 3, 6, 7, 1]), [2], [2], [0], [1], False,
      T([2, 3, 3, 3, 1], dtype=i64)),
    C("an empty input dim refused", T([2, 3, 3, 3, 1]), T([2, 3, 6, 0, 8]), [2], [2], [0], [1], False,
      T([2, 3, 3, 3, 1], dtype=i64)),
]
CASES["max_pool3d_with_indices_backward.grad_input"] = [
    C("resized", T([2, 3, 3, 3, 4]), T([2, 3, 6, 7, 8]), [2], [2], [0], [1], False, T([2, 3, 3, 3, 4], dtype=i64),
      grad_input=T([0])),
]
CASES["avg_pool3d_backward"] = [
    C("batched", T([2, 3, 3, 3, 4]), T([2, 3, 6, 7, 8]), [2], [2], [0], False, True, None),
    C("unbatched, empty stride", T([3, 3, 3, 4]), T([3, 6, 7, 8]), [2], [], [0], False, True, None),
    C("channels last 3d", T([2, 3, 3, 3, 4]), cl3(2, 3, 6, 7, 8), [2], [2], [0], False, True, None),
    C("padding and ceil mode", T([2, 3, 4, 4, 5]), T([2, 3, 6, 7, 8]), [2], [2], [1], True, False, 3),
    C("gradient of another size", T([2, 3, 3, 3, 3]), T([2, 3, 6, 7, 8]), [2], [2], [0], False, True, None),
    C("zero divisor", T([2, 3, 3, 3, 4]), T([2, 3, 6, 7, 8]), [2], [2], [0], False, True, 0),
    C("3-d input", T([3, 3, 4]), T([6, 7, 8]), [2], [2], [0], False, True, None),
    # The input at least the kernel's size, padding aside.
    C("input narrower than the kernel, padded, refused", T([2, 3, 4, 4, 1]), T([2, 3, 6, 7, 1]), [2], [2], [1],
      False, True, None),
    C("three kernel sizes, input narrower refused", T([2, 3, 7, 7, 2]), T([2, 3, 6, 7, 1]), [2, 3, 2], [1], [1],
      False, True, None),
]
CASES["avg_pool3d_backward.grad_input"] = [
    C("resized", T([2, 3, 3, 3, 4]), T([2, 3, 6, 7, 8]), [2], [2], [0], False, True, None, grad_input=T([0])),
]

CASES["grid_sampler_2d_backward"] = [
    C("both", T([2, 3, 4, 5]), T([2, 3, 8, 9]), T([2, 4, 5, 2]), 0, 0, False, [True, True]),
    C("grid only", T([2, 3, 4, 5]), T([2, 3, 8, 9]), T([2, 4, 5, 2]), 0, 0, False, [False, True]),
    C("channels last input", T([2, 3, 4, 5]), cl(2, 3, 8, 9), T([2, 4, 5, 2]), 1, 1, True, [True, True]),
    C("transposed grid", T([2, 3, 4, 5]), T([2, 3, 8, 9]), T([2, 5, 4, 2], then=lambda t: t.transpose(1, 2)),
      0, 0, False, [True, True]),
]
CASES["grid_sampler_3d_backward"] = [
    C("both", T([2, 3, 4, 5, 6]), T([2, 3, 8, 9, 5]), T([2, 4, 5, 6, 3]), 0, 0, False, [True, True]),
    C("grid only", T([2, 3, 4, 5, 6]), T([2, 3, 8, 9, 5]), T([2, 4, 5, 6, 3]), 0, 0, False, [False, True]),
    C("channels last 3d input", T([2, 3, 4, 5, 6]), cl3(2, 3, 8, 9, 5), T([2, 4, 5, 6, 3]), 0, 0, False,
      [True, True]),
    C("batch mismatch", T([2, 3, 4, 5, 6]), T([2, 3, 8, 9, 5]), T([3, 4, 5, 6, 3]), 0, 0, False, [True, True]),
    C("grid of another last size", T([2, 3, 4, 5, 6]), T([2, 3, 8, 9, 5]), T([2, 4, 5, 6, 2]), 0, 0, False,
      [True, True]),
    C("empty spatial dim", T([2, 3, 4, 5, 6]), T([2, 3, 0, 9, 5]), T([2, 4, 5, 6, 3]), 0, 0, False, [True, True]),
    C("4-d input", T([2, 3, 4, 5]), T([2, 3, 8, 9]), T([2, 4, 5, 2]), 0, 0, False, [True, True]),
]
CASES["_upsample_bilinear2d_aa_backward"] = [
    C("batched", T([2, 3, 5, 7]), [5, 7], [2, 3, 8, 10], False),
    C("channels last gradient", cl(2, 3, 5, 7), [5, 7], [2, 3, 8, 10], False),
    C("scales", T([2, 3, 16, 20]), [16, 20], [2, 3, 8, 10], True, 2.0, 2.0),
    C("gradient of another size", T([2, 3, 5, 6]), [5, 7], [2, 3, 8, 10], False),
    C("zero output size", T([2, 3, 0, 7]), [0, 7], [2, 3, 8, 10], False),
    C("3-d gradient", T([3, 5, 7]), [5, 7], [2, 3, 8, 10], False),
]

CASES["_cdist_backward"] = [
    C("matrices", T([3, 5]), T([3, 4]), T([5, 4]), 2.0, T([3, 5])),
    C("batch broadcast", T([6, 3, 5]), T([1, 3, 4]), T([6, 5, 4]), 1.0, T([6, 3, 5])),
    C("transposed", T([3, 5]), tr(3, 4), T([5, 4]), 2.0, T([3, 5])),
    C("empty rows", T([0, 5]), T([0, 4]), T([5, 4]), 2.0, T([0, 5])),
    C("empty transposed rows", tr(0, 5), tr(0, 4), T([5, 4]), 2.0, tr(0, 5)),
    C("empty other rows", T([3, 0]), tr(3, 4), T([0, 4]), 2.0, T([3, 0])),
    C("vector", T([3]), T([4]), T([5, 4]), 2.0, T([3, 5])),
]
SYMBOLIC += [
    ("_cdist_backward of dynamic rows", "_cdist_backward",
     Case("", T([3, 5]), D([3, 4], "x", ["dynamic", "static"]), D([5, 4], "y", ["dynamic", "static"]), 2.0,
          T([3, 5]))),
    # `x1.expand` to the broadcast batch, a symbolic size: ATen's C++
    # `expand`, refused in a plain fake mode.
    ("_cdist_backward of a dynamic batch that x1 broadcasts to", "_cdist_backward",
     Case("", D([6, 3, 5], "g"), D([1, 3, 4], "x"), D([6, 5, 4], "y"), 1.0, D([6, 3, 5], "c"))),
    ("_cdist_backward of a dynamic batch x1 has", "_cdist_backward",
     Case("", D([6, 3, 5], "g"), D([6, 3, 4], "x"), D([6, 5, 4], "y"), 1.0, D([6, 3, 5], "c"))),
]

CASES["upsample_linear1d_backward"] = [
    C("batched", T([2, 3, 5]), [5], [2, 3, 8], False),
    C("transposed gradient", tr(2, 3, 5), [5], [2, 3, 8], True, 0.5),
    C("gradient of another size", T([2, 3, 6]), [5], [2, 3, 8], False),
    C("zero input size", T([2, 3, 5]), [5], [2, 3, 0], False),
    C("two output sizes", T([2, 3, 5]), [5, 5], [2, 3, 8], False),
]
CASES["upsample_bicubic2d_backward"] = [
    C("batched", T([2, 3, 5, 6]), [5, 6], [2, 3, 8, 9], False),
    C("channels last gradient", cl(2, 3, 5, 6), [5, 6], [2, 3, 8, 9], False),
    C("gradient of another size", T([2, 3, 5, 7]), [5, 6], [2, 3, 8, 9], False),
    C("3-d gradient", T([3, 5, 6]), [5, 6], [2, 3, 8, 9], False),
]
CASES["upsample_trilinear3d_backward"] = [
    C("batched", T([2, 3, 5, 6, 2]), [5, 6, 2], [2, 3, 8, 9, 4], False),
    C("channels last 3d gradient", cl3(2, 3, 5, 6, 2), [5, 6, 2], [2, 3, 8, 9, 4], False),
    C("gradient of another size", T([2, 3, 5, 6, 3]), [5, 6, 2], [2, 3, 8, 9, 4], False),
    C("zero output size", T([2, 3, 5, 6, 0]), [5, 6, 0], [2, 3, 8, 9, 4], False),
]

CASES["fractional_max_pool2d_backward"] = [
    C("batched", T([2, 3, 3, 4]), cl(2, 3, 8, 9), [2, 2], [3, 4], T([2, 3, 3, 4], dtype=i64)),
    C("unbatched float64 gradient", T([3, 3, 4], dtype=f64), T([3, 8, 9]), [2, 2], [3, 4], T([3, 3, 4], dtype=i64)),
    C("gradient of another size", T([3, 3, 5]), T([3, 8, 9]), [2, 2], [3, 4], T([3, 3, 4], dtype=i64)),
]
CASES["fractional_max_pool3d_backward"] = [
    C("batched", T([2, 3, 3, 3, 3]), cl3(2, 3, 6, 7, 8), [2, 2, 2], [3, 3, 3], T([2, 3, 3, 3, 3], dtype=i64)),
    C("unbatched float64 gradient", T([3, 3, 3, 3], dtype=f64), T([3, 6, 7, 8]), [2, 2, 2], [3, 3, 3],
      T([3, 3, 3, 3], dtype=i64)),
    C("gradient of another size", T([2, 3, 3, 3, 4]), T([2, 3, 6, 7, 8]), [2, 2, 2], [3, 3, 3],
      T([2, 3, 3, 3, 4], dtype=i64)),
    C("int64 refused by the CPU kernel", T([3, 3, 3, 3], dtype=i64), T([3, 6, 7, 8], dtype=i64), [2, 2, 2],
      [3, 3, 3], T([3, 3, 3, 3], dtype=i64)),
]

CASES["conv_transpose2d.input"] += [
    C("complex", T([2, 4, 5, 6], dtype=c64), T([4, 3, 2, 3], dtype=c64), T([3], dtype=c64)),
    C("complex channels last", cl(2, 4, 5, 6, dtype=c64), T([4, 3, 2, 3], dtype=c64)),
]
CASES["conv2d.padding"] += [
    C("complex same", T([2, 4, 5, 6], dtype=c64), T([3, 4, 2, 3], dtype=c64), None, [1], "same"),
    C("complex channels last valid", cl(2, 4, 5, 6, dtype=c64), T([3, 4, 2, 3], dtype=c64), None, [1], "valid"),
]

# ---- nearest and bilinear upsamplings with the output size given ----

CASES["upsample_bilinear2d"] = [
    C("output size", T([2, 3, 8, 10]), [5, 7], False),
    C("scales", T([2, 3, 8, 10]), [16, 20], True, 2.0, 2.0),
    C("channels last", cl(2, 3, 8, 10), [5, 7], False),
    C("channels last on cuda", cl(2, 3, 8, 10, device="cuda"), [5, 7], False),
    C("channels last on cuda, 16 channels", cl(2, 16, 8, 10, device="cuda"), [5, 7], False),
    C("int64", T([2, 3, 8, 10], dtype=i64), [5, 7], False),
    C("zero output size", T([2, 3, 8, 10]), [0, 7], False),
    C("3-d input", T([3, 8, 10]), [5, 7], False),
    C("5-d input refused", T([1, 1, 2, 3, 8]), [4, 4, 4], False),
]
CASES["upsample_bilinear2d.out"] = [
    C("resized", T([2, 3, 8, 10]), [5, 7], False, out=T([0])),
]
# A plain fake mode runs the nearest upsamplings' Python metas, whose
# check refuses an empty input; export's dispatcher, their decompositions.
ZERO_BATCH_DISPATCHED = "zero batch under the Python dispatcher"
ZERO_CHANNELS_DISPATCHED = "zero channels under the Python dispatcher"
# The decomposition's source indices divide by the input's size where a
# scale is given (`isize / (isize * scale)`).
SCALED_EMPTY_DISPATCHED = "scale given, an empty spatial dim under the Python dispatcher"
# The decomposition indexes dim 2 by the one output size and keeps the
# others, where ATen's meta wants a 3-d input.
FOUR_D_DISPATCHED = "4-d input under the Python dispatcher"
# The decomposition divides by an output size only where no positive
# scale is given.
ZERO_OUTPUT_SCALED_DISPATCHED = "zero output size with a positive scale under the Python dispatcher"
ZERO_OUTPUT_DISPATCHED = "zero output size without a positive scale under the Python dispatcher refused"
# The decomposition passes one scale per spatial dim of the operator,
# which more output sizes index past.
MORE_SIZES_DISPATCHED = "more output sizes than scales under the Python dispatcher refused"
DISPATCHED = {ZERO_BATCH_DISPATCHED, ZERO_CHANNELS_DISPATCHED, SCALED_EMPTY_DISPATCHED, FOUR_D_DISPATCHED,
              ZERO_OUTPUT_SCALED_DISPATCHED, ZERO_OUTPUT_DISPATCHED, MORE_SIZES_DISPATCHED}
for _op in ["upsample_nearest1d", "_upsample_nearest_exact1d"]:
    CASES[_op] = [
        C("output size", T([2, 3, 8]), [5]),
        C("scale given", T([2, 3, 8]), [16], 2.0),
        C("transposed input", tr(2, 8, 3), [6]),
        C("int64", T([2, 3, 8], dtype=i64), [5]),
        C("zero batch", T([0, 3, 8]), [5]),
        C("int32 zero batch", T([0, 3, 8], dtype=i32), [5]),
        C(ZERO_BATCH_DISPATCHED, T([0, 3, 8], dtype=i32), [5]),
        C(ZERO_CHANNELS_DISPATCHED, T([2, 0, 8]), [5]),
        C(SCALED_EMPTY_DISPATCHED, T([2, 3, 0]), [16], 2.0),
        C("zero channels refused", T([2, 0, 8]), [5]),
        C("zero output size refused", T([2, 3, 8]), [0]),
        C("4-d input refused", T([2, 3, 8, 10]), [5]),
        C(FOUR_D_DISPATCHED, T([2, 3, 8, 10]), [5]),
        C(MORE_SIZES_DISPATCHED, T([3, 3, 2, 2]), [1, 3]),
    ]
for _op in ["upsample_nearest2d", "_upsample_nearest_exact2d"]:
    CASES[_op] = [
        C("output size", T([2, 3, 8, 10]), [5, 7]),
        C("scales given", T([2, 3, 8, 10]), [16, 20], 2.0, 2.0),
        C("a scale given as a bool", T([2, 1, 2, 3]), [1, 5], False),
        C("channels last", cl(2, 3, 8, 10), [5, 7]),
        C("channels last on cuda, few channels", cl(2, 3, 8, 10, device="cuda"), [5, 7]),
        C("transposed spatial dims", T([2, 3, 10, 8], then=lambda t: t.transpose(2, 3)), [5, 7]),
        C("float16", T([2, 3, 8, 10], dtype=f16), [5, 7]),
        C("zero batch", T([0, 3, 8, 10]), [5, 7]),
        C(SCALED_EMPTY_DISPATCHED, T([2, 3, 8, 0]), [5, 7], None, 2.0),
        C("zero channels refused", T([2, 0, 8, 10]), [5, 7]),
        C("zero output size refused", T([2, 3, 8, 10]), [0, 7]),
        C("3-d input refused", T([3, 8, 10]), [5, 7]),
        C(ZERO_OUTPUT_SCALED_DISPATCHED, T([2, 1, 2, 1]), [0, 5], 1e-05, -1.0),
        C(ZERO_OUTPUT_DISPATCHED, T([2, 1, 2, 1]), [5, 0], 1e-05, -1.0),
    ]
for _op in ["upsample_nearest3d", "_upsample_nearest_exact3d"]:
    CASES[_op] = [
        C("output size", T([2, 3, 4, 6, 8]), [5, 7, 9]),
        C("channels last 3d", T([2, 3, 4, 6, 8], fmt=torch.channels_last_3d), [5, 7, 9]),
        C("4-d input refused", T([2, 3, 8, 10]), [5, 7, 9]),
        C("zero batch", T([0, 3, 4, 6, 8]), [5, 7, 9]),
        C(ZERO_BATCH_DISPATCHED, T([0, 3, 4, 6, 8]), [5, 7, 9]),
        C(MORE_SIZES_DISPATCHED, T([2, 3, 2, 2, 2, 2]), [1, 3, 2, 2]),
    ]
for _op in ["upsample_nearest1d", "upsample_nearest2d", "upsample_nearest3d"]:
    _out = {"upsample_nearest1d": [2, 3, 5], "upsample_nearest2d": [2, 3, 5, 7],
            "upsample_nearest3d": [2, 3, 5, 7, 9]}[_op]
    CASES[f"{_op}.out"] = [
        C("resized", CASES[_op][0].args[0], CASES[_op][0].args[1], out=T([0])),
        C("written", CASES[_op][0].args[0], CASES[_op][0].args[1], out=T(_out)),
    ]
for _op in ["_upsample_nearest_exact1d", "_upsample_nearest_exact2d", "_upsample_nearest_exact3d"]:
    CASES[f"{_op}.out"] = [C("resized", CASES[_op][0].args[0], CASES[_op][0].args[1], out=T([0]))]
# The out wrapper keeps the result's memory format when it resizes `out`,
# and wants its exact dtype.
for _op in ["upsample_nearest1d", "upsample_nearest2d", "upsample_nearest3d", "_upsample_nearest_exact1d",
            "_upsample_nearest_exact2d", "_upsample_nearest_exact3d"]:
    _x, _size = CASES[_op][0].args[0], CASES[_op][0].args[1]
    CASES[f"{_op}.out"] += [
        C("out of another dtype refused", _x, _size, out=T([0], dtype=f64)),
        C("out of a wider dtype refused", T(_x.sizes, dtype=f16), _size, out=T([0])),
        # The decomposition takes the empty batch the functional form's
        # Python meta refuses.
        C("an empty batch resized", T([0, *_x.sizes[1:]]), _size, out=T([0])),
    ]
    if _op.endswith("2d"):
        CASES[f"{_op}.out"] += [C("channels last resized", cl(2, 3, 8, 10), [5, 7], out=T([0])),
                                C("channels last written", cl(2, 3, 8, 10), [5, 7], out=T([2, 3, 5, 7]))]
    if _op.endswith("3d"):
        CASES[f"{_op}.out"] += [C("channels last 3d resized", T([2, 3, 4, 6, 8], fmt=torch.channels_last_3d),
                                  [5, 7, 9], out=T([0]))]
SYMBOLIC += [
    ("upsample_nearest2d of dynamic sizes to a given size", "upsample_nearest2d",
     Case("", D([2, 3, 8, 10], "x"), [5, 7])),
    ("upsample_bilinear2d of dynamic sizes to a given size", "upsample_bilinear2d",
     Case("", D([2, 3, 8, 10], "x"), [5, 7], False)),
]

CASES["affine_grid_generator"] = [
    C("2-d grid", T([2, 2, 3]), [2, 3, 4, 5], False),
    C("align corners", T([2, 2, 3]), [2, 3, 4, 5], True),
    C("3-d grid", T([2, 3, 4]), [2, 3, 4, 5, 6], False),
    C("transposed theta", T([2, 3, 2], then=lambda t: t.transpose(1, 2)), [2, 3, 4, 5], False),
    C("float64", T([1, 2, 3], dtype=f64), [1, 1, 2, 2], False),
    C("float16", T([1, 2, 3], dtype=f16), [1, 1, 2, 2], False),
    C("3-d size refused", T([2, 2, 3]), [2, 3, 4], False),
    C("theta of another batch refused", T([3, 2, 3]), [2, 3, 4, 5], False),
]
SYMBOLIC += [
    ("affine_grid_generator of a dynamic batch", "affine_grid_generator",
     Case("", D([2, 2, 3], "theta", dynamic=["dynamic", "static", "static"]), [2, 3, 4, 5], False)),
]

# ---- the bicubic and Lanczos antialiased upsamplings --------------------------------

for _mode in ["bicubic", "lanczos"]:
    CASES[f"_upsample_{_mode}2d_aa"] = [
        C("output size", T([2, 3, 8, 10]), [5, 7], False),
        C("scales", T([2, 3, 8, 10]), [16, 20], True, 2.0, 2.0),
        C("channels last", cl(2, 3, 8, 10), [5, 7], False),
        C("channels last on cuda", cl(2, 3, 8, 10, device="cuda"), [5, 7], False),
        C("transposed input", T([2, 3, 10, 8], then=lambda t: t.transpose(2, 3)), [5, 7], False),
        C("float64", T([2, 3, 8, 10], dtype=f64), [4, 4], False),
        C("zero batch", T([0, 3, 8, 10]), [4, 4], False),
        C("zero channels", T([2, 0, 8, 10]), [4, 4], False),
        C("zero output size", T([2, 3, 8, 10]), [0, 4], False),
        C("empty spatial", T([2, 3, 0, 10]), [4, 4], False),
        C("3-d input", T([3, 8, 10]), [4, 4], False),
        C("three output sizes", T([2, 3, 8, 10]), [4, 4, 4], False),
    ]
    CASES[f"_upsample_{_mode}2d_aa.vec"] = [
        C("scale half", T([2, 3, 8, 10]), None, False, [0.5, 0.5]),
        C("output size", T([2, 3, 8, 10]), [5, 7], True, None),
        C("channels last", cl(2, 3, 8, 10), None, False, [2.0, 1.5]),
        C("fractional scales", T([2, 3, 8, 10]), None, False, [0.29, 1.5]),
        C("float16", T([2, 3, 8, 10], dtype=f16), [4, 4], False, None),
        C("zero batch", T([0, 3, 8, 10]), [4, 4], False, None),
        C("zero output size", T([2, 3, 8, 10]), [0, 4], False, None),
        C("three output sizes", T([2, 3, 8, 10]), [4, 4, 4], False, None),
        C("neither given", T([2, 3, 8, 10]), None, False, None),
        C("one scale factor", T([2, 3, 8, 10]), None, False, [2.0]),
        C("one-dim input, no scale factors", T([1], dtype=f64), None, True, []),
    ]
    CASES[f"_upsample_{_mode}2d_aa_backward"] = [
        C("batched", T([2, 3, 5, 7]), [5, 7], [2, 3, 8, 10], False),
        C("channels last gradient", cl(2, 3, 5, 7), [5, 7], [2, 3, 8, 10], False),
        C("transposed gradient", T([2, 3, 7, 5], then=lambda t: t.transpose(2, 3)), [5, 7], [2, 3, 8, 10],
          False),
        C("scales", T([2, 3, 16, 20]), [16, 20], [2, 3, 8, 10], True, 2.0, 2.0),
        C("float64", T([2, 3, 5, 7], dtype=f64), [5, 7], [2, 3, 8, 10], False),
        C("gradient of another size", T([2, 3, 5, 6]), [5, 7], [2, 3, 8, 10], False),
        C("zero output size", T([2, 3, 0, 7]), [0, 7], [2, 3, 8, 10], False),
        C("3-d gradient", T([3, 5, 7]), [5, 7], [2, 3, 8, 10], False),
    ]
    SYMBOLIC += [
        (f"_upsample_{_mode}2d_aa.vec to a size of a dynamic input", f"_upsample_{_mode}2d_aa.vec",
         Case("", D([2, 3, 8, 10], "x"), [5, 7], False, None)),
        (f"_upsample_{_mode}2d_aa.vec by two of a dynamic input", f"_upsample_{_mode}2d_aa.vec",
         Case("", D([2, 3, 8, 10], "x"), None, False, [2.0, 2.0])),
        (f"_upsample_{_mode}2d_aa of a dynamic input", f"_upsample_{_mode}2d_aa",
         Case("", D([2, 3, 8, 10], "x"), [5, 7], False)),
        (f"_upsample_{_mode}2d_aa of a channels-last dynamic input", f"_upsample_{_mode}2d_aa",
         Case("", D([2, 3, 8, 10], "x", fmt=torch.channels_last), [5, 7], False)),
        (f"_upsample_{_mode}2d_aa_backward of a dynamic gradient", f"_upsample_{_mode}2d_aa_backward",
         Case("", D([2, 3, 5, 7], "g"), [5, 7], [2, 3, 8, 10], False)),
    ]
    PYTHON_DISPATCHER |= {f"_upsample_{_mode}2d_aa.vec"}
