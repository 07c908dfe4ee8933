"""Cases of the views and `*_copy` operators of `ops/rules/copies.rules`.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, D, Case, T, c64, cl, f64, i32, i64, off, tr

# A static case run under the Python dispatcher (`export_op_cases.DISPATCHED`).
SQUEEZE_COPY_TWICE_DISPATCHED = "a dim twice under the Python dispatcher"

CASES = {
    "unfold": [
        C("windows of a vector", T([7]), 0, 2, 1),
        C("windows with a step", T([3, 8]), 1, 3, 2),
        C("first dim", T([5, 4]), 0, 2, 2),
        C("negative dim", T([2, 6]), -1, 2, 3),
        C("transposed", tr(4, 6), 0, 2, 1),
        C("storage offset", off(4, 6), 1, 3, 3),
        C("size of the whole dim", T([2, 5]), 1, 5, 1),
        C("zero-dim", T([]), 0, 1, 1),
        C("size zero", T([2, 5]), 1, 0, 1),
        C("size too large", T([2, 5]), 1, 6, 1),
        C("step zero", T([2, 5]), 1, 2, 0),
        C("dim out of range", T([2, 5]), 2, 2, 1),
    ],
    "unfold_copy": [
        C("windows with a step", T([3, 8]), 1, 3, 2),
        C("transposed", tr(4, 6), 0, 2, 1),
        C("size too large", T([2, 5]), 1, 6, 1),
    ],
    "broadcast_to": [
        C("new leading dim", T([3]), [2, 3]),
        C("size one expanded", T([3, 1]), [3, 4]),
        C("minus one keeps", T([3, 1]), [-1, 4]),
        C("transposed", tr(2, 3), [4, 2, 3]),
        C("storage offset", off(1, 3), [2, 3]),
        C("mismatch", T([3]), [4]),
        C("zero-dim", T([]), [2, 2]),
    ],
    "broadcast_tensors": [
        C("two shapes", [T([3, 1]), T([1, 4])]),
        C("three with a zero-dim", [T([2, 3]), T([3]), T([])]),
        C("one tensor", [T([2, 3])]),
        C("transposed and offset", [tr(2, 3), off(1, 3)]),
        C("dtypes kept", [T([2], dtype=i64), T([3, 1], dtype=c64)]),
        C("mismatch", [T([2]), T([3])]),
    ],
    "squeeze": [
        C("ones removed", T([1, 3, 1])),
        C("nothing to remove", T([2, 3])),
        C("transposed", T([3, 1], then=lambda t: t.t())),
        C("zero-dim", T([])),
        C("storage offset", off(1, 3)),
    ],
    "alias_copy": [C("matrix", T([2, 3])), C("transposed", tr(2, 3)), C("channels last", cl(1, 2, 3, 3))],
    "permute_copy": [
        C("reversed", T([2, 3, 4]), [2, 1, 0]),
        C("channels last", cl(1, 2, 3, 3), [0, 2, 3, 1]),
        C("repeated dim", T([2, 3]), [0, 0]),
    ],
    "t_copy": [C("matrix", T([2, 3])), C("vector", T([3])), C("3-d refused", T([2, 3, 4]))],
    "transpose_copy.int": [C("last two", T([2, 3, 4]), 1, 2), C("out of range", T([2, 3]), 0, 2)],
    "unsqueeze_copy": [C("front", T([2, 3]), 0), C("transposed", tr(2, 3), -1), C("out of range", T([2]), 3)],
    "squeeze_copy": [C("ones removed", T([1, 3, 1])), C("transposed", T([3, 1], then=lambda t: t.t()))],
    "squeeze_copy.dim": [C("dim of one", T([1, 3]), 0), C("dim not one", T([2, 3]), 0)],
    "squeeze_copy.dims": [C("two dims", T([1, 3, 1]), [0, 2]), C("empty list", T([1, 3]), []),
                          C("a dim twice refused", T([1], dtype=torch.bool), [0, 0]),
                          C(SQUEEZE_COPY_TWICE_DISPATCHED, T([1, 5, 3], dtype=torch.bool), [0, -3, -2])],
    "expand_copy": [
        C("new leading dim", T([3]), [2, 3]),
        C("transposed", tr(2, 3), [4, 2, 3]),
        C("mismatch", T([3]), [4]),
    ],
    "narrow_copy": [
        C("middle", T([5, 4]), 0, 1, 3),
        C("from the end", T([5, 4]), 1, -2, 2),
        C("transposed", tr(4, 5), 1, 0, 2),
        C("too long", T([5, 4]), 0, 3, 3),
        C("zero-dim", T([]), 0, 0, 1),
    ],
    "as_strided_copy": [
        C("matrix", T([4, 6]), [3, 4], [4, 1]),
        C("offset given", T([4, 6]), [3, 4], [4, 1], 2),
        C("overlapping", T([4, 6]), [3, 4], [1, 1]),
        C("lengths differ", T([4, 6]), [3, 4], [4]),
        C("negative size", T([4, 6]), [-1, 4], [4, 1]),
    ],
    "as_strided_scatter": [
        C("matrix", T([4, 6]), T([3, 4]), [3, 4], [4, 1]),
        C("transposed self", tr(4, 6), T([3, 4]), [3, 4], [4, 1]),
        C("offset given", T([4, 6]), T([3, 4]), [3, 4], [4, 1], 2),
        C("storage offset self", off(4, 6), T([2, 2]), [2, 2], [6, 1]),
        C("src of other sizes", T([4, 6]), T([2, 4]), [3, 4], [4, 1]),
        C("negative offset refused", T([4, 6]), T([2, 2]), [2, 2], [1, 1], -1),
        # `as_strided`'s checks.
        C("strides of another length refused", T([4, 6]), T([2, 2]), [2, 2], [1]),
        C("negative stride refused", T([4, 6]), T([2, 2]), [2, 2], [-1, 1]),
        C("channels last self", cl(1, 2, 3, 3), T([2, 2]), [2, 2], [3, 1]),
        # The decomposition's `copy_` into a view that overlaps itself.
        C("a view that overlaps itself under the dispatcher refused", T([3, 4]), T([3, 4]), [3, 4], [4, 0]),
        C("a zero stride of size 1 under the dispatcher", T([3, 4]), T([3, 1]), [3, 1], [4, 0]),
    ],
    "unbind_copy.int": [C("first dim", T([3, 4]), 0), C("last dim", T([2, 3]), -1), C("zero-dim", T([]), 0)],
    "split_with_sizes_copy": [
        C("two pieces", T([5, 3]), [2, 3]),
        C("along dim 1", T([2, 6]), [1, 2, 3], 1),
        C("sizes do not add up", T([5, 3]), [2, 2]),
    ],
    "view_copy": [
        C("flatten", T([2, 3]), [6]),
        C("infer", T([2, 3, 4]), [-1, 4]),
        C("transposed refused", tr(2, 3), [6]),
        C("transposed compatible", tr(2, 3), [3, 2, 1]),
        C("wrong numel", T([2, 3]), [5]),
    ],
    "diagonal_copy": [
        C("main diagonal", T([3, 4])),
        C("offset", T([3, 4]), 1),
        C("negative offset of a batch", T([2, 3, 4]), -1, 1, 2),
        C("transposed", tr(3, 4)),
        C("same dims", T([3, 4]), 0, 1, 1),
    ],
    "diagonal_scatter": [
        C("main diagonal", T([3, 4]), T([3])),
        C("cpu src into cuda", T([3, 4], device="cuda"), T([3])),
        C("offset", T([3, 4]), T([3]), 1),
        C("batch", T([2, 3, 4]), T([2, 3]), -1, 1, 2),
        C("transposed self", tr(3, 4), T([3])),
        C("storage offset self", off(3, 4), T([3])),
        C("src of another length", T([3, 4]), T([2])),
        C("dims out of range", T([3, 4]), T([3]), 0, 0, 5),
    ],
}

# The derived symbolic cases stay beside the written ones.
KEEP_DERIVED = {"diagonal_scatter"}

# A title run under the Python dispatcher (`export_op_cases.DISPATCHED`).
VIEW_COPY_OUT_DISPATCHED = "view_copy.out of a dynamic tensor inferring a size under the Python dispatcher"
# The references (`_make_copy_from_view` in `out_wrapper()`), which keep
# symbolic sizes that ATen's `out=` kernels fix or refuse.
COPY_OUTS_DISPATCHED = {
    "permute_copy.out of a dynamic tensor under the Python dispatcher":
        ("permute_copy.out", (D([2, 3, 4], "x"), [2, 1, 0])),
    "unfold_copy.out of a dynamic matrix under the Python dispatcher":
        ("unfold_copy.out", (D([2, 7], "x"), 1, 3, 2)),
    "diagonal_copy.out of a dynamic matrix under the Python dispatcher":
        ("diagonal_copy.out", (D([3, 4], "x"),)),
}
VIEW_COPY_DTYPE_DISPATCHED = "view_copy.dtype of dynamic sizes, larger, under the Python dispatcher"
DISPATCHED = {"a view that overlaps itself under the dispatcher refused",
              "a zero stride of size 1 under the dispatcher", VIEW_COPY_OUT_DISPATCHED, VIEW_COPY_DTYPE_DISPATCHED, SQUEEZE_COPY_TWICE_DISPATCHED} | set(COPY_OUTS_DISPATCHED)

SYMBOLIC = [
    # `meta_diagonal_scatter` checks neither `src` nor the dims.
    ("diagonal_scatter of a src of another length, dynamic sizes", "diagonal_scatter",
     Case("", D([3, 4], "self"), D([2], "src"))),
    ("unfold of a dynamic dim", "unfold", Case("", D([3, 9], "x"), 1, 3, 2)),
    ("broadcast_tensors of dynamic dims", "broadcast_tensors",
     Case("", [D([3, 1], "x", ["dynamic", "static"]), D([1, 4], "y", ["static", "dynamic"])])),
]

# As export runs them: the references' view-then-clone, where ATen's C++
# kernels fix symbolic sizes at their hints or refuse them.
PYTHON_DISPATCHER = {
    "permute_copy", "unfold_copy", "unbind_copy.int", "narrow_copy", "split_with_sizes_copy",
    "diagonal_copy", "view_copy", "alias_copy", "t_copy", "transpose_copy.int", "unsqueeze_copy",
    "squeeze_copy", "squeeze_copy.dim", "squeeze_copy.dims", "expand_copy", "as_strided_copy",
}

# ---- view_copy.dtype, _reshape_copy and _reshape_alias ----

CASES["view_copy.dtype"] = [
    C("same size", T([4, 6]), i32),
    C("same dtype", tr(4, 6), torch.float32),
    C("smaller", T([4, 6]), torch.int16),
    C("larger", T([4, 6]), f64),
    C("larger at an offset", T([4, 6], then=lambda t: t[:, 2:]), f64),
    C("smaller at an offset", off(2, 3), torch.uint8),
    C("complex as float", T([3], dtype=c64), f64),
    C("last size not divisible refused", T([4, 5]), f64),
    C("transposed refused", tr(4, 6), torch.int16),
    C("transposed same size", tr(4, 6), i32),
]
CASES["_reshape_copy"] = [
    C("flatten", T([2, 3]), [6]),
    C("infer", T([2, 3, 4]), [-1, 4]),
    C("transposed", tr(2, 3), [6]),
    C("channels last", cl(1, 2, 3, 3), [2, 9]),
    C("storage offset", off(2, 3), [3, 2]),
    C("wrong numel", T([2, 3]), [5]),
    C("two inferred sizes", T([2, 3]), [-1, -1]),
]
CASES["_reshape_alias"] = [
    C("flatten", T([2, 3]), [6], [1]),
    C("strides ignored", T([2, 3]), [3, 2], [1, 3]),
    C("at an offset", T([4, 6], then=lambda t: t[1:, ::2]), [3, 3], [1, 3]),
    C("transposed split", tr(4, 6), [6, 2, 2], [1, 12, 6]),
    C("transposed merge refused", tr(2, 3), [6], [1]),
    C("wrong numel", T([2, 3]), [5], [1]),
]
SYMBOLIC += [
    ("view_copy.dtype of dynamic sizes, smaller", "view_copy.dtype", C("", D([4, 6], "x"), torch.int16)),
    ("view_copy.dtype of dynamic sizes, larger", "view_copy.dtype", C("", D([4, 6], "x"), f64)),
    (VIEW_COPY_DTYPE_DISPATCHED, "view_copy.dtype", C("", D([4, 2], "x"), f64)),
    ("_reshape_copy merging dynamic dims", "_reshape_copy", C("", D([2, 3, 4], "x"), [-1, 4])),
    # ATen's C++ `view_copy_symint` on meta tensors: `infer_size_dv`'s
    # sizes, kept symbolic; under the dispatcher its reference, the fake
    # `view` written into the out.
    ("view_copy.out of a dynamic tensor inferring a size", "view_copy.out",
     C("", D([2, 3, 4], "x"), [-1, 4], out=T([0]))),
    (VIEW_COPY_OUT_DISPATCHED, "view_copy.out", C("", D([2, 3, 4], "x"), [-1, 4], out=T([0]))),
    *((title, op, C("", *args, out=T([0]))) for title, (op, args) in COPY_OUTS_DISPATCHED.items()),
    # The fake `view` with `allow_copy=True`: a contiguous input split by
    # Python's `infer_size`; a transposed one copied to the inferred sizes.
    ("view_copy of a dynamic matrix into 3 columns", "view_copy", C("", D([4, 6], "x"), [-1, 3])),
    ("view_copy of a dynamic transposed matrix, copied", "view_copy",
     C("", D([6, 4], "x", strides=[1, 6]), [3, 8])),
    # A non-contiguous input: the view of its contiguous clone, uncloned.
    ("_reshape_copy of a dynamic transposed matrix", "_reshape_copy",
     C("", D([6, 4], "x", strides=[1, 6]), [3, 8])),
    ("_reshape_copy of a dynamic matrix into 3 columns", "_reshape_copy", C("", D([4, 6], "x"), [-1, 3])),
    ("_reshape_alias merging dynamic dims", "_reshape_alias", C("", D([2, 3, 4], "x"), [-1, 4], [4, 1])),
]

# ---- copies derived from their views (`@derive(copy)`) ----
# ATen's view-copy composites (the view, then `clone` contiguous), recorded
# under the Python dispatcher as export runs them: without it the C++
# composite refuses symbolic sizes (`storage_offset()`).

c128 = torch.complex128
CASES["select_copy.int"] = [
    C("row", T([4, 6]), 0, 2),
    C("column of a transposed matrix", tr(4, 6), 1, 3),
    C("negative index", T([4, 6]), 1, -2),
    C("channels last", cl(2, 3, 4, 5), 1, 1),
    C("storage offset", off(4, 6), 0, 1),
    C("int64 batch", T([2, 3, 4], dtype=i64), -1, 0),
    C("index out of range", T([4, 6]), 1, 7),
    C("index below range", T([4, 6]), 0, -5),
    C("zero-dim refused", T([]), 0, 0),
    # ATen's `select` wraps the dim strictly (`select.int`'s meta does not).
    C("a dim below minus the rank refused", T([2, 3, 2]), -4, 0),
    C("dim out of range", T([4, 6]), 2, 0),
]
CASES["slice_copy.Tensor"] = [
    C("rows with a step", T([6, 4]), 0, 1, 5, 2),
    C("transposed", tr(4, 6), 1, 1, None, 2),
    C("open ends", T([4, 6]), 1),
    C("end past the size", T([4, 6]), 1, 2, 100),
    C("negative start", T([4, 6]), 0, -3, None),
    C("channels last", cl(2, 3, 4, 5), 2, 1, 3),
    C("storage offset", off(4, 6), 1, 2, 5),
    C("empty slice", T([4, 6]), 1, 4, 2),
    C("float64 vector", T([8], dtype=f64), 0, 1, 7, 3),
    C("step zero refused", T([4, 6]), 0, 1, 3, 0),
    C("dim out of range", T([4, 6]), 2, 0, 1),
]
CASES["split_copy.Tensor"] = [
    C("even pieces", T([6, 4]), 2),
    C("last piece shorter", T([5, 4]), 2),
    C("along dim 1 of a transposed matrix", tr(5, 6), 4, 1),
    C("channels last", cl(2, 3, 4, 5), 2, 1),
    C("storage offset", off(5, 3), 3),
    C("one piece", T([3, 2], dtype=i32), 5),
    C("zero split size refused", T([5, 4]), 0),
    C("zero-dim refused", T([]), 1),
]
CASES["detach_copy"] = [
    C("matrix", T([4, 6])),
    C("transposed", tr(4, 6)),
    C("storage offset", off(4, 6)),
    C("channels last", cl(2, 3, 4, 5)),
    C("strided", T([4, 6], then=lambda t: t[:, ::2])),
    C("zero-dim int64", T([], dtype=i64)),
]
CASES["view_as_real_copy"] = [
    C("matrix", T([4, 6], dtype=c64)),
    C("transposed", tr(4, 6, dtype=c64)),
    C("storage offset", off(4, 6, dtype=c128)),
    C("zero-dim", T([], dtype=c64)),
    C("float refused", T([4, 6])),
]
CASES["view_as_complex_copy"] = [
    C("matrix of pairs", T([4, 6, 2])),
    C("float64", T([3, 2], dtype=f64)),
    C("strided rows", T([4, 6, 2], then=lambda t: t[::2])),
    C("last size not two", T([4, 6, 3])),
    C("last stride not one", T([2, 4, 6], then=lambda t: t.permute(1, 2, 0))),
    C("int refused", T([4, 2], dtype=i64)),
    C("zero-dim refused", T([])),
]
CASES["_neg_view"] = [
    C("matrix", T([4, 6])),
    C("transposed", tr(4, 6)),
    C("storage offset", off(4, 6)),
    C("int64", T([3], dtype=i64)),
    C("complex", T([2, 3], dtype=c64)),
]
CASES["_neg_view_copy"] = [
    C("matrix", T([4, 6])),
    C("transposed", tr(4, 6)),
    C("storage offset", off(4, 6)),
    C("channels last", cl(2, 3, 4, 5)),
    C("bool", T([3, 2], dtype=torch.bool)),
]
CASES["_conj_copy"] = [
    C("matrix", T([4, 6], dtype=c64)),
    C("transposed", tr(4, 6, dtype=c128)),
    C("storage offset", off(4, 6, dtype=c64)),
    C("float refused", T([4, 6])),
]
CASES["_fw_primal"] = [
    C("matrix", T([4, 6]), 0),
    C("transposed", tr(4, 6), 0),
    C("storage offset", off(4, 6), 1),
    C("channels last", cl(2, 3, 4, 5), 0),
]
# In a plain fake mode the view-copy kernel runs ATen's `_reshape_alias`:
# sizes and strides as given (counts equal, no size negative), cloned
# contiguous.
RESHAPE_ALIAS_PLAIN = [
    C("fewer elements in a plain fake mode", T([3, 2, 3]), [3], [4]),
    C("more elements in a plain fake mode", T([3, 2, 3]), [5, 5], [5, 1]),
    C("overlapping strides in a plain fake mode", T([3, 2, 3]), [2, 9], [1, 2]),
    C("permuted strides in a plain fake mode", T([3, 2, 3]), [3, 6], [1, 3]),
    C("lengths differ in a plain fake mode refused", T([3, 2, 3]), [6, 3], [3]),
    C("negative size in a plain fake mode refused", T([3, 2, 3]), [-1], [1]),
]
PLAIN = {c.name for c in RESHAPE_ALIAS_PLAIN}
CASES["_reshape_alias_copy"] = [
    C("flatten", T([4, 6]), [24], [1]),
    C("strides ignored", T([4, 6]), [3, 8], [1, 3]),
    C("transposed", tr(4, 6), [3, 8], [8, 1]),
    C("storage offset", off(4, 6), [2, 12], [12, 1]),
    C("element count not checked", T([4, 6]), [5], [1]),
    C("lengths differ refused", T([4, 6]), [4, 6], [1]),
    C("negative size refused", T([4, 6]), [-1], [1]),
    *RESHAPE_ALIAS_PLAIN,
]
SYMBOLIC += [
    ("select_copy of dynamic sizes, negative index", "select_copy.int", C("", D([4, 6], "x"), 1, -2)),
    ("slice_copy of a dynamic dim with a step", "slice_copy.Tensor", C("", D([4, 6], "x"), 1, 1, None, 2)),
    ("split_copy of a dynamic dim", "split_copy.Tensor", C("", D([5, 6], "x"), 4, 1)),
]
# The views' copies' `out=` forms: the copy computed on symbolic sizes,
# the out resized to its sizes fixed at their hints (in a plain fake mode
# `slice_copy` refuses them first, as ATen's C++ `slice` does).
SYMBOLIC += [
    ("select_copy.int_out of dynamic sizes", "select_copy.int_out", C("", D([4, 6], "x"), 1, -2, out=T([0]))),
    ("slice_copy.Tensor_out of a dynamic dim with a step", "slice_copy.Tensor_out",
     C("", D([4, 6], "x"), 1, 1, None, 2, out=T([0]))),
    ("slice_copy.Tensor_out of a dynamic dim under the Python dispatcher", "slice_copy.Tensor_out",
     C("", D([4, 6], "x"), 1, 1, None, 2, out=T([0]))),
    ("view_as_real_copy.out of dynamic sizes under the Python dispatcher", "view_as_real_copy.out",
     C("", D([4, 6], "x", dtype=c64), out=T([0]))),
]
DISPATCHED |= {
    "slice_copy.Tensor_out of a dynamic dim under the Python dispatcher",
    "view_as_real_copy.out of dynamic sizes under the Python dispatcher",
}
PYTHON_DISPATCHER |= {
    "select_copy.int", "slice_copy.Tensor", "split_copy.Tensor", "detach_copy", "view_as_real_copy",
    "view_as_complex_copy", "_neg_view_copy", "_conj_copy", "_reshape_alias_copy",
}
