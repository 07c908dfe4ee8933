"""Symbolic cases, in a plain fake mode (no Python dispatcher), of
operators whose other symbolic cases run under the dispatcher, as export
traces: without it ATen's kernels run on the fake tensors, which fix every
size they read at its hint or refuse symbolic sizes (`@plain(...)` in the
rules, `PlainMode` in the runtime).

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; PLAIN names the
titles that run without the dispatcher.
"""

from op_case_inputs import C, D, S, b8, c64, f16, f64, i64

CASES = {}

SYMBOLIC = [
    # `@plain(specialize)`: every tensor argument's sizes read as integers.
    ("fft_fft of a dynamic input in a plain fake mode", "fft_fft", C("", D([4, 8], "x"))),
    ("fft_fft.out of a dynamic input in a plain fake mode", "fft_fft.out",
     C("", D([4, 8], "x"), out=D([0], "o", ["static"], dtype=c64))),
    ("fft_rfft of a dynamic input in a plain fake mode", "fft_rfft", C("", D([4, 8], "x"))),
    ("fft_irfft of a dynamic input in a plain fake mode", "fft_irfft", C("", D([4, 5], "x", dtype=c64))),
    ("fft_fft2 of a dynamic input in a plain fake mode", "fft_fft2", C("", D([3, 4, 8], "x"))),
    # A symbolic integer argument stays: only tensors' sizes are read.
    ("_fft_c2r with a symbolic last size in a plain fake mode", "_fft_c2r",
     C("", D([3, 4, 5], "x", dtype=c64), [1, 2], 0, S(8, "n"))),
    ("upsample_nearest2d.vec by two in a plain fake mode", "upsample_nearest2d.vec",
     C("", D([2, 3, 8, 10], "x", ["static", "static", "dynamic", "dynamic"]), None, [2.0, 2.0])),
    ("upsample_bilinear2d.vec to a size in a plain fake mode", "upsample_bilinear2d.vec",
     C("", D([2, 3, 8, 10], "x"), [5, 7], False, None)),
    ("_upsample_bicubic2d_aa.vec by two in a plain fake mode", "_upsample_bicubic2d_aa.vec",
     C("", D([2, 3, 8, 10], "x"), None, False, [2.0, 2.0])),
    ("upsample_nearest1d.vec by two in a plain fake mode", "upsample_nearest1d.vec",
     C("", D([2, 3, 8], "x"), None, [2.0])),
    ("constant_pad_nd in a plain fake mode", "constant_pad_nd", C("", D([2, 3], "x"), [1, 2])),
    ("pad in a plain fake mode", "pad", C("", D([2, 3], "x"), [1, 2], "constant")),
    # An integer list holding a symbol: refused (an `IntArrayRef`), or,
    # for the FFTs, read as integers.
    ("constant_pad_nd by a symbolic pad in a plain fake mode", "constant_pad_nd",
     C("", D([2, 3], "x", ["static", "static"]), [0, S(4, "n")])),
    ("upsample_nearest2d.vec to a symbolic size in a plain fake mode", "upsample_nearest2d.vec",
     C("", D([2, 3, 8, 10], "x"), [S(5, "h"), 7], None)),
    ("fft_fft2 to a symbolic size in a plain fake mode", "fft_fft2",
     C("", D([5, 7], "x"), [S(5, "h"), 4])),
    ("complex in a plain fake mode", "complex", C("", D([2, 3], "re"), D([2, 3], "im"))),
    ("polar in a plain fake mode", "polar", C("", D([2, 3], "r"), D([2, 3], "theta"))),
    ("permute_copy in a plain fake mode", "permute_copy", C("", D([2, 3, 4], "x"), [2, 1, 0])),
    ("unbind_copy in a plain fake mode", "unbind_copy.int", C("", D([3, 4], "x"), 0)),
    ("unfold_copy in a plain fake mode", "unfold_copy", C("", D([3, 8], "x"), 1, 3, 2)),
    ("unsafe_chunk in a plain fake mode", "unsafe_chunk", C("", D([7, 3], "x"), 3, 0)),
    ("im2col in a plain fake mode", "im2col",
     C("", D([2, 3, 8, 9], "x", ["dynamic", "dynamic", "dynamic", "static"]), [2, 3], [1, 1], [1, 0], [2, 1])),
    # `same` pads an asymmetric kernel first (ATen's `constant_pad_nd`);
    # `valid` runs the convolution itself.
    ("conv2d.padding same in a plain fake mode", "conv2d.padding",
     C("", D([2, 4, 5, 6], "x", ["static", "static", "dynamic", "dynamic"]), D([3, 4, 2, 3], "w", ["static"] * 4),
       None, [1, 1], "same")),
    ("conv2d.padding valid in a plain fake mode", "conv2d.padding",
     C("", D([2, 4, 5, 6], "x", ["static", "static", "dynamic", "dynamic"]), D([3, 4, 2, 3], "w", ["static"] * 4),
       None, [1, 1], "valid")),
    # `@plain(refuse_symbolic)`: `storage_offset()` refused at once.
    ("diag in a plain fake mode", "diag", C("", D([3, 4], "x"))),
    ("diagonal_copy in a plain fake mode", "diagonal_copy", C("", D([3, 4], "x"))),
    ("trace in a plain fake mode", "trace", C("", D([3, 4], "x"))),
    ("_reshape_alias_copy in a plain fake mode", "_reshape_alias_copy", C("", D([4, 6], "x"), [24], [1])),
    # `@plain(read_then_refuse)`: the kernel's checks, the sizes read,
    # then refused.
    ("narrow_copy in a plain fake mode", "narrow_copy", C("", D([6, 4], "x"), 0, 1, 3)),
    ("split_with_sizes_copy in a plain fake mode", "split_with_sizes_copy", C("", D([5, 3], "x"), [2, 3])),
    ("slice_copy in a plain fake mode", "slice_copy.Tensor", C("", D([4, 6], "x"), 1, 1, None, 2)),
    ("split_copy in a plain fake mode", "split_copy.Tensor", C("", D([5, 6], "x"), 4, 1)),
    ("bilinear in a plain fake mode", "bilinear", C("", D([4, 3], "a"), D([4, 5], "b"), D([2, 3, 5], "w"))),
    ("pinverse in a plain fake mode", "pinverse", C("", D([5, 3], "x", dtype=f64))),
    # `meta_addbmm` expands `self` whatever its sizes: ATen's `expand`
    # refuses symbolic ones.
    ("addbmm of a dynamic matrix self in a plain fake mode", "addbmm",
     C("", D([3, 5], "s"), D([4, 3, 2], "b1"), D([4, 2, 5], "b2"))),
    ("addbmm of a static self in a plain fake mode", "addbmm",
     C("", D([3, 5], "s"), D([4, 3, 2], "b1", ["dynamic", "static", "static"]),
       D([4, 2, 5], "b2", ["dynamic", "static", "static"]))),
    # `_foreach_` operators: ATen's kernel on meta tensors runs each
    # element's reference, whose `to` fixes the sizes of an element it
    # converts and whose `_maybe_broadcast` refuses an expansion to
    # symbolic sizes (`Defaults::refs_as_meta`).
    ("_foreach_acos of int64 and bool in a plain fake mode", "_foreach_acos",
     C("", [D([4], "a", dtype=i64), D([2], "b", dtype=b8)])),
    ("_foreach_acos of float32 in a plain fake mode", "_foreach_acos",
     C("", [D([4, 3], "a"), D([2], "b")])),
    ("_foreach_acos_ of float16 and float64 in a plain fake mode", "_foreach_acos_",
     C("", [D([2, 2], "a", dtype=f16), D([3], "b", dtype=f64)])),
    ("_foreach_add.List of lists that broadcast in a plain fake mode", "_foreach_add.List",
     C("", [D([4, 3], "x"), D([5], "y")], [D([4, 3], "x2"), D([1], "y2", ["static"])])),
    ("_foreach_add.List of one shape in a plain fake mode", "_foreach_add.List",
     C("", [D([4, 3], "x")], [D([4, 3], "x2")])),
    ("_foreach_clamp_min.Scalar in a plain fake mode", "_foreach_clamp_min.Scalar",
     C("", [D([2, 3], "a"), D([4, 2], "b")], 2.5)),
    # `sigmoid`'s meta is its own `empty_like`: nothing converted.
    ("_foreach_sigmoid of int64 and bool in a plain fake mode", "_foreach_sigmoid",
     C("", [D([4], "a", dtype=i64), D([2], "b", dtype=b8)])),
]

PLAIN = {title for title, _, _ in SYMBOLIC}
