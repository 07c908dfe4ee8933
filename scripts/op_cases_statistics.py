"""Cases of the reductions and scans of `ops/rules/statistics.rules`.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, D, T, b8, c64, f16, f32, f64, i32, i64, tr

CASES = {}
SYMBOLIC = []


def dims_cases(extra=(), **kw):
    """Reductions over `int[1]? dim`: every dim, some, kept, of several
    dtypes and layouts."""
    return [
        C("every dim", T([2, 3, 4]), None, *extra, **kw),
        C("last dim", T([2, 3, 4]), [-1], *extra, **kw),
        C("two dims kept", T([2, 3, 4]), [0, 2], *extra, keepdim=True, **kw),
        C("kept in front of an empty dim", T([2, 0, 3]), [0], *extra, keepdim=True, **kw),
        C("int64", T([2, 3], dtype=i64), [1], *extra, **kw),
        C("complex64", T([2, 3], dtype=c64), [1], *extra, **kw),
        C("float16", T([2, 3], dtype=f16), [0], *extra, **kw),
        C("transposed", tr(2, 3), [1], *extra, **kw),
        C("zero size", T([0, 3]), [1], *extra, **kw),
        C("zero-dim", T([]), None, *extra, **kw),
        C("dim out of range", T([2, 3]), [2], *extra, **kw),
    ]


for _op in ["var_mean.correction", "std_mean.correction", "std.correction"]:
    CASES[_op] = dims_cases() + [C("correction", T([2, 3]), [1], correction=0)]
for _op in ["var_mean.dim", "std_mean.dim", "std.dim"]:
    CASES[_op] = dims_cases(extra=(True,))
for _op in ["var_mean", "std_mean", "std", "var", "median", "nanmedian", "max", "min"]:
    unbiased = (False,) if _op in ("var_mean", "std_mean", "std", "var") else ()
    CASES[_op] = [
        C("matrix", T([2, 3]), *unbiased),
        C("int64", T([4], dtype=i64), *unbiased),
        C("complex64", T([3], dtype=c64), *unbiased),
        C("transposed", tr(2, 3), *unbiased),
        C("zero-dim", T([]), *unbiased),
        C("zero size", T([0, 3]), *unbiased),
        C("bool", T([3], dtype=b8), *unbiased),
    ]


def one_dim_cases(*before):
    """Reductions over one dim returning values and indices."""
    return [
        C("last dim", T([2, 3, 4]), *before, -1),
        C("first dim kept", T([2, 3, 4]), *before, 0, True),
        C("int64", T([2, 3], dtype=i64), *before, 1),
        C("transposed", tr(2, 3), *before, 1),
        C("zero-dim", T([]), *before, 0),
        C("zero-dim kept", T([]), *before, 0, True),
        C("zero size kept dim", T([0, 3]), *before, 1),
        C("dim out of range", T([2, 3]), *before, 2),
    ]


for _op in ["median.dim", "nanmedian.dim", "mode"]:
    CASES[_op] = one_dim_cases()
CASES["kthvalue"] = one_dim_cases(1) + [
    C("k of the size", T([2, 3]), 3, 1),
    C("k beyond the size", T([2, 3]), 4, 1),
    C("k zero", T([2, 3]), 0, 1),
]

CASES["linalg__powsum"] = [
    C("every dim", T([3, 4])),
    C("a dim kept of a permuted input", T([4, 1, 3], then=lambda t: t.permute(2, 1, 0)), 2, [1], True),
    C("two dims", T([2, 3, 4]), 3, [0, 2]),
    C("int64, integral order", T([3, 4], dtype=i64), 2),
    C("int64, float order", T([3, 4], dtype=i64), 2.0),
    C("bool, infinite order", T([3], dtype=b8), float("inf")),
    C("complex", T([3], dtype=c64), 2),
    C("float16 into float64", T([3, 4], dtype=f16), 2, [1], dtype=f64),
    # A given bool dtype sums into int64, a complex one into its real dtype.
    C("into bool", T([3, 4]), 2, dtype=b8),
    C("into complex64", T([3, 4]), 2, dtype=c64),
    C("int64 into int32", T([3, 4], dtype=i64), 2, dtype=i32),
    C("float order into int32", T([3, 4], dtype=i64), 2.0, dtype=i32),
    C("int32 widened", T([3, 4], dtype=i32), 2),
    C("empty, infinite order", T([0, 3]), float("inf")),
    C("dim out of range", T([3, 4]), 2, [2]),
]
CASES["logsumexp"] = [
    C("last dim", T([2, 3, 4]), [-1]),
    C("two dims kept", T([2, 3, 4]), [0, 2], True),
    C("int64", T([2, 3], dtype=i64), [1]),
    C("bool", T([2, 3], dtype=b8), [1]),
    C("complex64", T([2, 3], dtype=c64), [1]),
    C("transposed", tr(2, 3), [1]),
    C("zero size", T([0, 3]), [1]),
    C("every dim", T([2, 3]), []),
    C("dim out of range", T([2, 3]), [2]),
]


def scan_cases(*extra):
    return [
        C("last dim", T([2, 3]), -1, *extra),
        C("first dim", T([2, 3]), 0, *extra),
        C("int64", T([2, 3], dtype=i64), 1, *extra),
        C("bool", T([2, 3], dtype=b8), 1, *extra),
        C("float16", T([3], dtype=f16), 0, *extra),
        C("transposed", tr(2, 3), 1, *extra),
        C("zero-dim", T([]), 0, *extra),
        C("zero size", T([0, 3]), 1, *extra),
        C("dim out of range", T([2, 3]), 2, *extra),
        C("zero-dim, dim out of range", T([]), -2, *extra),
        C("empty, dim out of range", T([0]), 3, *extra),
    ]


CASES["cumprod"] = scan_cases() + [C("dtype", T([2, 3], dtype=i64), 1, dtype=f16)]
CASES["logcumsumexp"] = scan_cases()
CASES["cummax"] = scan_cases()
CASES["cummin"] = scan_cases()

CASES["aminmax"] = [
    C("every dim", T([2, 3])),
    C("one dim", T([2, 3]), dim=1),
    C("one dim kept", T([2, 3]), dim=0, keepdim=True),
    C("kept in front of an empty dim", T([2, 0, 3]), dim=0, keepdim=True),
    C("every dim kept", T([2, 3]), keepdim=True),
    C("int64", T([2, 3], dtype=i64), dim=1),
    C("transposed", tr(2, 3), dim=1),
    C("zero size refused", T([0, 3])),
    C("zero size over another dim", T([0, 3]), dim=0),
    C("zero-dim", T([])),
]
CASES["nansum"] = [
    C("every dim", T([2, 3])),
    C("one dim", T([2, 3]), [1]),
    C("kept", T([2, 3]), [0], True),
    C("int64", T([2, 3], dtype=i64), [1]),
    C("bool", T([2, 3], dtype=b8)),
    C("dtype", T([2, 3]), [1], dtype=f16),
    C("transposed", tr(2, 3), [1]),
    C("empty dims", T([2, 3]), []),
]
CASES["count_nonzero"] = [
    C("every dim", T([2, 3])),
    C("one dim", T([2, 3]), 1),
    C("bool", T([2, 3], dtype=b8), 0),
    C("transposed", tr(2, 3), 1),
    C("zero-dim", T([])),
    C("dim out of range", T([2, 3]), 2),
]
CASES["count_nonzero.dim_IntList"] = [
    C("two dims", T([2, 3, 4]), [0, 2]),
    C("empty list", T([2, 3]), []),
    C("int64", T([2, 3], dtype=i64), [1]),
]
CASES["dist"] = [
    C("same shape", T([2, 3]), T([2, 3])),
    C("broadcast", T([3, 1]), T([1, 4])),
    C("p", T([2, 3]), T([2, 3]), 1),
    C("float16 and float32", T([3], dtype=f16), T([3])),
    C("complex64", T([3], dtype=c64), T([3], dtype=c64)),
    C("int64 refused", T([3], dtype=i64), T([3], dtype=i64)),
    C("size mismatch", T([2, 3]), T([2, 4])),
    # `vector_norm` of the difference: a negative or infinite `p` of an
    # empty one has no identity.
    C("negative p of empty operands refused", T([5, 0]), T([5, 0]), -1),
    C("infinite p of an empty broadcast refused", T([0, 1]), T([3]), float("inf")),
    C("zero p of empty operands", T([5, 0]), T([5, 0]), 0),
]

CASES["hash_tensor"] = [
    C("every dim", T([2, 3])),
    C("one dim", T([2, 3]), [1]),
    C("kept", T([2, 3]), [0], keepdim=True),
    C("int64", T([3], dtype=i64)),
    C("transposed", tr(2, 3), [1]),
    # An empty input: its reduced dims named and non-empty
    # (`zero_numel_check_dims`).
    C("empty input over every dim refused", T([0, 3])),
    C("empty input over its empty dim refused", T([2, 0]), [-1]),
    C("empty input over a non-empty dim", T([0, 3]), [1]),
    C("empty zero-dim-like input over dim 0", T([0]), [0], keepdim=True),
]
CASES["bincount"] = [
    C("counts", T([5], dtype=i64)),
    C("minlength", T([5], dtype=i64), None, 4),
    C("float32 weights", T([5], dtype=i64), T([5])),
    C("float16 weights", T([5], dtype=i64), T([5], dtype=f16)),
    C("empty input", T([0], dtype=i64), None, 3),
    # An empty input is answered before the weights are read: int64.
    C("empty input with float32 weights", T([0], dtype=i64), T([0]), 2),
    C("empty input with float16 weights", T([0], dtype=i64), T([0], dtype=f16)),
    C("mps float16 weights", T([5], dtype=i64, device="mps"), T([5], dtype=f16, device="mps")),
    C("mps float64 weights", T([5], dtype=i64, device="mps"), T([5], dtype=f64, device="mps")),
]

CASES["pairwise_distance"] = [
    C("matrices", T([2, 3]), T([2, 3])),
    C("broadcast vector", T([3]), T([2, 3])),
    C("kept", T([2, 3]), T([2, 3]), keepdim=True),
    C("vectors", T([4]), T([4])),
    C("zero-dim and vector", T([]), T([3])),
    C("int64", T([2, 3], dtype=i64), T([2, 3], dtype=i64)),
    C("complex64", T([2, 3], dtype=c64), T([2, 3], dtype=c64)),
    C("transposed", tr(2, 3), T([2, 3])),
    C("mismatch", T([2, 3]), T([2, 4])),
    C("bools refused", T([3, 4], dtype=b8), T([3, 4], dtype=b8)),
    C("bool and float", T([3, 4], dtype=b8), T([3, 4])),
    # The norm of a negative or infinite p has no identity: an empty
    # innermost dim is refused, an empty outer one is not.
    C("negative p over an empty innermost dim refused", T([2, 0]), T([2, 0]), -1.0),
    C("negative p over an empty broadcast refused", T([1, 1]), T([0]), -1.0),
    C("infinite p over an empty vector refused", T([0]), T([0]), float("inf")),
    C("negative p over an empty outer dim", T([0, 3]), T([0, 3]), -1.0),
    C("two-norm over an empty innermost dim", T([2, 0]), T([2, 0]), 2.0),
]

CASES["cosine_similarity"] = [
    C("rows", T([2, 3]), T([2, 3])),
    C("broadcast along dim 1", T([3, 1, 4]), T([2, 4]), 1),
    C("last dim", T([2, 3]), T([2, 3]), -1),
    C("int64 refused", T([2, 3], dtype=i64), T([2, 3], dtype=i64)),
    C("negative eps refused", T([2, 3]), T([2, 3]), 1, -0.5),
    C("negative eps refused before the sizes", T([2, 3]), T([2, 4]), 1, -1.0),
    C("negative zero eps", T([2, 3]), T([2, 3]), 1, -0.0),
    C("int64 refused before a negative eps", T([2, 3], dtype=i64), T([2, 3], dtype=i64), 1, -1.0),
    C("float16 and float32", T([2, 3], dtype=f16), T([2, 3])),
    C("transposed", tr(2, 3), T([2, 3])),
]
CASES["rms_norm"] = [
    C("last dim", T([2, 3, 4]), [4]),
    C("two dims with weight", T([2, 3, 4]), [3, 4], T([3, 4])),
    C("transposed", tr(3, 4), [4]),
    C("float16 with a float32 weight", T([2, 4], dtype=f16), [4], T([4])),
    C("int64 refused", T([2, 4], dtype=i64), [4]),
    C("shape mismatch", T([2, 3, 4]), [3]),
    C("weight mismatch", T([2, 3, 4]), [4], T([3])),
]

# `torch._decomp`'s decomposition: no check of the normalised sizes or of
# the weight's shape (it broadcasts), the statistics returned too.
CASES["_fused_rms_norm"] = [
    C("last dim", T([2, 3, 4]), [4], None, None),
    # The decomposition multiplies by the weight unchecked: the result is
    # the input broadcast with it.
    C("a weight of more dims", T([3]), [3], T([2, 3]), None),
    C("a zero-dim input with a weight", T([]), [], T([5]), None),
    C("two dims with weight", T([2, 3, 4]), [3, 4], T([3, 4]), 1e-5),
    C("transposed", tr(3, 4), [4], None, None),
    C("float16 with a float32 weight", T([2, 4], dtype=f16), [4], T([4]), None),
    C("bfloat16", T([2, 4], dtype=torch.bfloat16), [4], None, 1e-6),
    C("float64", T([2, 4], dtype=f64), [4], None, None),
    C("complex", T([2, 4], dtype=torch.complex64), [4], None, None),
    C("channels-last with a weight kept", T([4, 3, 2, 2], strides=[12, 1, 6, 3]), [2, 2], T([2, 2]), None),
    C("size-1 dim with its own stride", T([3, 1, 2, 2], strides=[4, 1, 2, 1]), [2, 2], T([2, 2]), None),
    C("sizes not checked", T([2, 3, 4]), [3], None, None),
    C("no normalized dims: every dim", T([2, 3]), [], None, None),
    C("zero-dim", T([]), [1], None, None),
    C("int64 refused", T([2, 4], dtype=i64), [4], None, None),
    C("more dims than the input refused", T([4]), [2, 4], None, None),
    # `mean(dim=[-1, -2])` of a zero-dim input: -2 is out of range.
    C("more dims than a zero-dim input refused", T([]), [2, 4], None, None),
]

# ---- weight normalisation ----

CASES["_weight_norm"] = [
    C("first dim", T([3, 4]), T([3, 1])),
    C("last dim", T([3, 4]), T([1, 4]), 1),
    C("middle dim", T([2, 3, 4]), T([1, 3, 1]), 1),
    C("whole tensor", T([3, 4]), T([1, 4]), -1),
    # `norm_except_dim` transposes another dim to the front, wrapping a
    # negative one.
    C("middle dim by -2", T([2, 3, 4]), T([1, 3, 1]), -2),
    C("first dim by -3", T([2, 3, 4]), T([2, 1, 1]), -3),
    C("first dim of a matrix by -2", T([3, 4]), T([3, 1]), -2),
    C("dim out of range", T([3, 4]), T([3, 1]), 2),
    C("negative dim out of range", T([3, 4]), T([3, 1]), -3),
    C("transposed v", tr(4, 3), T([4, 1])),
    C("float16", T([3, 4], dtype=f16), T([3, 1], dtype=f16)),
    C("bfloat16 g", T([3, 4]), T([3, 1], dtype=torch.bfloat16)),
    C("float64 g", T([3, 4]), T([3, 1], dtype=f64)),
    C("conv weight", T([8, 3, 3, 3]), T([8, 1, 1, 1])),
    C("vector g refused", T([3, 4]), T([3])),
    C("devices differ refused", T([3, 4]), T([3, 1], device="cuda")),
    C("bfloat16", T([3, 4], dtype=torch.bfloat16), T([3, 1], dtype=torch.bfloat16)),
    C("bfloat16 last dim", T([3, 4], dtype=torch.bfloat16), T([1, 4], dtype=torch.bfloat16), 1),
    C("float64 v and float32 g refused", T([3, 4], dtype=f64), T([3, 1])),
    C("complex v refused", T([3, 4], dtype=torch.complex64), T([3, 1])),
    C("vector", T([4]), T([4])),
    C("float64 vector with float32 g", T([4], dtype=f64), T([4])),
    # The fused path takes float16 too: its norm is float32.
    C("float64 v and float16 g refused", T([3, 4], dtype=f64), T([3, 1], dtype=f16)),
    C("float64 v and float16 g over a middle dim", T([3, 4, 5], dtype=f64), T([1, 4, 1], dtype=f16), 1),
    C("float16 v and float64 g", T([3, 4], dtype=f16), T([3, 1], dtype=f64)),
    C("float32 v and float16 g over the last dim", T([3, 4]), T([1, 4], dtype=f16), 1),
    # Off the fused path `norm_except_dim` views the transposed `v` as
    # `[v.size(dim), -1]`: refused when empty along `dim`.
    C("middle dim empty refused", T([2, 0, 5]), T([1, 0, 1]), 1),
    C("empty first dim by -3 refused", T([0, 1, 5]), T([0, 1, 1]), -3),
    C("middle dim of an empty batch", T([0, 3, 5]), T([1, 3, 1]), 1),
]
SYMBOLIC += [
    # ATen's C++ `to` of the input to another dtype fixes its sizes at
    # their hints in a plain fake mode.
    ("linalg__powsum of a dynamic input into another dtype", "linalg__powsum",
     C("", D([2, 3, 4], "x"), 3, [0, 2], dtype=f64)),
    ("linalg__powsum of a dynamic input into its own dtype", "linalg__powsum",
     C("", D([2, 3, 4], "x"), 3, [0, 2], dtype=f32)),
    # Without a dtype, a real input goes to its result dtype first.
    ("linalg__powsum of a dynamic int32 input, summed as int64", "linalg__powsum",
     C("", D([3, 4], "x", dtype=i32), 2)),
    ("linalg__powsum of a dynamic int64 input by a float order", "linalg__powsum",
     C("", D([3, 4], "x", dtype=i64), 2.0)),
    ("linalg__powsum of a dynamic complex input", "linalg__powsum",
     C("", D([3, 4], "x", dtype=c64), 2)),
]
SYMBOLIC += [
    # Its multiplications go through the mode: on symbolic sizes the fast
    # binary path makes the channels-last 1x1 maps contiguous.
    ("rms_norm of a dynamic channels-last batch of 1x1 maps with a weight", "rms_norm",
     C("", D([4, 6, 1, 1], "x", ["dynamic", "static", "static", "static"], strides=[6, 1, 6, 6]),
       [1], T([1]), None)),
    ("_fused_rms_norm of a dynamic batch with a weight", "_fused_rms_norm",
     C("", D([4, 6], "x", ["dynamic", "static"]), [6], T([6]), None)),
    ("_fused_rms_norm of a dynamic channels-last batch of 1x1 maps", "_fused_rms_norm",
     C("", D([4, 6, 1, 1], "x", ["dynamic", "static", "static", "static"], strides=[6, 1, 6, 6]),
       [1], T([1]), None)),
    ("_weight_norm of a dynamic weight", "_weight_norm",
     C("", D([6, 4], "v"), D([6, 1], "g", dynamic=["dynamic", "static"]))),
    # Off the fused path, `norm_except_dim` reads the transposed sizes as
    # C++ integers: every size of `v` is specialized.
    ("_weight_norm of a dynamic weight over a middle dim", "_weight_norm",
     C("", D([2, 3, 4], "v"), D([1, 3, 1], "g", dynamic=["static", "dynamic", "static"]), 1)),
    ("_weight_norm of a dynamic matrix over its first dim by -2", "_weight_norm",
     C("", D([3, 4], "v"), D([3, 1], "g", dynamic=["dynamic", "static"]), -2)),
    ("_weight_norm of a dynamic matrix over the whole tensor", "_weight_norm",
     C("", D([3, 4], "v"), D([1, 4], "g", dynamic=["static", "dynamic"]), -1)),
]

# ---- the deprecated _aminmax ----

CASES["_aminmax"] = [
    C("matrix", T([2, 3])),
    # No meta kernel: ATen's kernel runs on zeros of the fake device.
    C("on meta refused", T([2, 3], device="meta")),
    C("int64", T([2, 3], dtype=i64)),
    C("transposed", tr(2, 3)),
    C("zero-dim", T([])),
    C("bool", T([4], dtype=b8)),
    C("complex refused", T([2, 3], dtype=c64)),
    C("zero size refused", T([0, 3])),
]
CASES["_aminmax.dim"] = [
    C("one dim", T([2, 3]), 1),
    C("one dim kept", T([2, 3]), 0, True),
    C("negative dim", T([2, 3, 4]), -1),
    C("float16 transposed", tr(2, 3, dtype=f16), 1, True),
    C("zero size over another dim", T([0, 3]), 1),
    C("zero size refused", T([0, 3]), 0),
    C("complex refused before the empty dim", T([0, 3], dtype=c64), 0),
    C("dim out of range", T([2, 3]), 2),
    C("zero-dim", T([]), 0),
]
SYMBOLIC += [
    ("_aminmax.dim of a dynamic matrix", "_aminmax.dim", C("", D([2, 3], "x"), 1, True)),
]

# ---- _weight_norm_interface: the fused weight norm and its norm ----

CASES["_weight_norm_interface"] = [
    C("first dim", T([4, 3, 2]), T([4, 1, 1])),
    C("last dim", T([4, 3]), T([1, 3]), 1),
    C("middle dim", T([4, 3, 2]), T([1, 3, 1]), 1),
    C("negative dim reduces every dim", T([4, 3]), T([1, 1]), -1),
    C("vector", T([5]), T([5])),
    C("transposed v", tr(3, 4), T([4, 1])),
    C("float16 g", T([4, 3], dtype=f16), T([4, 1], dtype=f16)),
    C("float64 v, float32 g", T([4, 3], dtype=f64), T([4, 1])),
    C("float32 v, float64 g", T([4, 3]), T([4, 1], dtype=f64)),
]
CASES["_weight_norm_interface_backward"] = [
    C("first dim", T([4, 3, 2]), T([4, 3, 2]), T([4, 1, 1]), T([4, 1, 1]), 0),
    C("transposed v", T([4, 3]), tr(3, 4), T([4, 1]), T([4, 1]), 0),
    C("float64 g", T([4, 3]), T([4, 3]), T([1, 3], dtype=f64), T([1, 3]), 1),
]
SYMBOLIC += [
    ("_weight_norm_interface of a dynamic weight", "_weight_norm_interface",
     C("", D([4, 3, 2], "v"), D([4, 1, 1], "g", ["dynamic", "static", "static"]))),
]

# ---- norms, covariances and ranks of ATen's composites ----

CASES["nuclear_norm"] = [
    C("matrix", T([3, 4])),
    C("kept", T([3, 4]), True),
    C("float64", T([4, 3], dtype=f64)),
    C("complex64", T([3, 3], dtype=c64)),
    C("vector", T([4])),
    C("batched", T([2, 3, 4])),
    C("int64", T([3, 4], dtype=i64)),
]
CASES["nuclear_norm.dim"] = [
    C("last two", T([2, 3, 4]), [1, 2]),
    C("first two kept", T([3, 4, 2]), [0, 1], True),
    C("negative dims", T([2, 3, 4]), [-1, -3]),
    C("transposed", tr(3, 4), [0, 1]),
    C("one dim", T([2, 3, 4]), [1]),
    C("same dim twice", T([2, 3, 4]), [1, 1]),
]
CASES["linalg_matrix_rank"] = [
    C("matrix", T([3, 4]), 0.1),
    C("batched hermitian", T([2, 3, 3]), 0.1, True),
    C("float64", T([4, 3], dtype=f64), 0.5),
    C("complex64", T([3, 3], dtype=c64), 0.1),
    C("vector", T([4]), 0.1),
    C("int64", T([3, 4], dtype=i64), 0.1),
    C("hermitian int64", T([2, 2, 2], dtype=i64), 1.0, True),
]
CASES["linalg_matrix_rank.tol_tensor"] = [
    C("matrix", T([3, 4]), T([])),
    C("batched tolerance", T([2, 3, 4]), T([2])),
    C("broadcast tolerance", T([2, 3, 4]), T([5, 1])),
    C("hermitian", T([2, 3, 3]), T([]), True),
    C("float64 tolerance", T([3, 4]), T([], dtype=f64)),
    C("vector", T([4]), T([])),
    C("tolerance of other batch", T([2, 3, 4]), T([3])),
    C("hermitian int64", T([2, 2, 2], dtype=i64), T([]), True),
]
CASES["linalg_cond.p_str"] = [
    C("frobenius", T([3, 3]), "fro"),
    C("nuclear batched", T([2, 4, 4]), "nuc"),
    C("float64", T([3, 3], dtype=f64), "fro"),
    C("complex64", T([3, 3], dtype=c64), "nuc"),
    C("transposed", tr(3, 3), "fro"),
    C("not square", T([3, 4]), "fro"),
    C("unknown norm", T([3, 3]), "inf"),
    C("vector", T([3]), "fro"),
]

# ---- gradient with spacings and dims given ----

CASES["gradient.array"] = [
    C("one dim", T([3, 4]), dim=[1]),
    C("two dims", T([3, 4, 5]), dim=[0, 2]),
    C("edge order 2", T([3, 4]), dim=[0], edge_order=2),
    C("int64", T([3, 4], dtype=i64), dim=[0, 1]),
    C("transposed", tr(3, 4), dim=[1]),
    C("too few samples", T([1, 4]), dim=[0]),
    C("dim out of range", T([3, 4]), dim=[2]),
]
CASES["gradient.scalararray"] = [
    C("one dim", T([3, 4]), spacing=2.0, dim=[1]),
    C("int spacing of an int64 input", T([3, 4], dtype=i64), spacing=2, dim=[0, 1]),
    C("float64", T([3, 4], dtype=f64), spacing=0.5, dim=[0]),
    C("edge order 3", T([5, 4]), spacing=1.0, dim=[0], edge_order=3),
]
CASES["gradient.scalarrayint"] = [
    C("a spacing per dim", T([3, 4]), spacing=[2.0, 0.5]),
    C("one spacing for every dim", T([3, 4, 5]), spacing=[2.0]),
    C("one dim", T([3, 4], dtype=i64), spacing=[2], dim=1),
    C("int spacings of an int64 input", T([3, 4], dtype=i64), spacing=[2, 3]),
    C("as many spacings as dims refused with one dim", T([3, 4]), spacing=[1.0, 2.0], dim=0),
    C("too many spacings", T([3, 4]), spacing=[1.0, 2.0, 3.0]),
]
CASES["gradient.scalarrayarray"] = [
    C("two dims", T([3, 4, 5]), spacing=[2.0, 0.5], dim=[0, 2]),
    C("one dim, edge order 2", T([3, 4]), spacing=[1.5], dim=[1], edge_order=2),
    C("float64", T([3, 4], dtype=f64), spacing=[0.5, 2.0], dim=[1, 0]),
    C("fewer spacings than dims", T([3, 4]), spacing=[0.1], dim=[1, 0]),
]
CASES["gradient.tensorarray"] = [
    C("coordinates", T([3, 4]), spacing=[T([4])], dim=[1]),
    C("two dims", T([3, 4]), spacing=[T([3]), T([4])], dim=[0, 1]),
    C("float64 coordinates", T([3, 4]), spacing=[T([4], dtype=f64)], dim=[1]),
    C("int64 input", T([3, 4], dtype=i64), spacing=[T([4])], dim=[1]),
    C("coordinates of another length", T([3, 4]), spacing=[T([3])], dim=[1]),
    C("matrix coordinates", T([3, 4]), spacing=[T([2, 2])], dim=[1]),
    # The centre takes the coefficients' length where the input's slices
    # broadcast against it (one centre difference).
    C("coordinates longer than a dim of three", T([3, 4]), spacing=[T([4])], dim=[0]),
    C("coordinates of two for a dim of three", T([3, 4]), spacing=[T([2])], dim=[0]),
]
CASES["gradient.tensorarrayint"] = [
    C("every dim", T([3, 4]), spacing=[T([3]), T([4])]),
    C("one dim", T([3, 4]), spacing=[T([4])], dim=1),
    C("edge order 2", T([3, 4]), spacing=[T([3]), T([4])], edge_order=2),
    C("zero-dim spacings", T([3, 4]), spacing=[T([]), T([])]),
    C("coordinates longer than a dim of three", T([3, 4]), spacing=[T([5])], dim=0),
]
SYMBOLIC += [
    ("gradient.scalarrayarray of a dynamic input", "gradient.scalarrayarray",
     C("", D([3, 4], "x"), spacing=[2.0], dim=[1])),
    ("gradient.tensorarray of a dynamic input, static coordinates", "gradient.tensorarray",
     C("", D([3, 4], "x"), spacing=[T([4])], dim=[1])),
    ("gradient.tensorarrayint of a dynamic input, static coordinates", "gradient.tensorarrayint",
     C("", D([3, 4], "x"), spacing=[T([3]), T([4])])),
]

# ---- values of the data, refused ----

# `equal` and `allclose` answer a value of the data, which the fake mode
# refuses by their tag whatever the arguments; `cov` and `corrcoef`,
# ATen's composites, reach `equal` on every input.
CASES["equal"] = [
    C("same shapes", T([2, 3]), T([2, 3])),
    C("shapes differ", T([2, 3]), T([3])),
    C("dtypes differ", T([2, 3]), T([2, 3], dtype=i64)),
]
CASES["allclose"] = [
    C("same shapes", T([2, 3]), T([2, 3])),
    C("tolerances", T([4], dtype=f64), T([4], dtype=f64), 1e-3, 1e-6, True),
    C("broadcast", T([2, 3]), T([3])),
]
CASES["cov"] = [
    C("variables in rows", T([3, 5])),
    C("one variable", T([5])),
    C("correction and frequency weights", T([3, 5]), correction=0, fweights=T([5], dtype=i64)),
    C("observation weights", T([2, 4], dtype=f64), aweights=T([4], dtype=f64)),
    C("three dims", T([2, 3, 4])),
]
CASES["corrcoef"] = [
    C("variables in rows", T([3, 5])),
    C("one variable", T([5])),
    C("three dims", T([2, 3, 4])),
]
SYMBOLIC += [
    ("equal of dynamic matrices", "equal", C("", D([2, 3], "a"), D([2, 3], "b"))),
    ("allclose of dynamic matrices", "allclose", C("", D([2, 3], "a"), D([2, 3], "b"))),
    ("cov of a dynamic matrix", "cov", C("", D([3, 5], "x"))),
    ("corrcoef of a dynamic matrix", "corrcoef", C("", D([3, 5], "x"))),
]
