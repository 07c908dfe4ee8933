"""Cases of the indexing and shape composites of
`ops/rules/indexing_more.rules`.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, D, T, bf16, cl, f16, f64, i32, i64, off, tr

CASES = {
    "scatter.reduce": [
        C("add", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3]), reduce="add"),
        C("multiply", T([4, 3]), 1, T([4, 2], dtype=i64), T([4, 3]), reduce="multiply"),
        C("transposed self", tr(4, 3), 0, T([2, 3], dtype=i64), T([2, 3]), reduce="add"),
        C("unknown reduction", T([4, 3]), 0, T([2, 3], dtype=i64), T([2, 3]), reduce="sum"),
        C("float index refused", T([4, 3]), 0, T([2, 3]), T([2, 3]), reduce="add"),
    ],
    "scatter.value_reduce": [
        C("add", T([4, 3]), 0, T([2, 3], dtype=i64), 1.0, reduce="add"),
        C("transposed self", tr(4, 3), 0, T([2, 3], dtype=i64), 2, reduce="multiply"),
        C("unknown reduction", T([4, 3]), 0, T([2, 3], dtype=i64), 1.0, reduce="mean"),
    ],
    "index_copy": [
        C("rows", T([4, 3]), 0, T([2], dtype=i64), T([2, 3])),
        C("source of other sizes", T([4, 3]), 0, T([2], dtype=i64), T([3, 3])),
        C("columns", T([3, 4]), 1, T([2], dtype=i64), T([3, 2])),
        C("transposed self", tr(4, 3), 0, T([2], dtype=i64), T([2, 3])),
        C("channels last self", cl(1, 2, 3, 3), 1, T([1], dtype=i64), T([1, 1, 3, 3])),
        C("non-dense self with a size-1 dim", T([3, 4, 1], strides=[8, 2, 24]), 1, T([1], dtype=i64),
          T([3, 1, 1])),
        # `_index_copy`'s checks, in its order.
        C("an index of two dims of an empty self refused", T([0, 2, 2]), 0, T([0, 2], dtype=i64),
          T([0, 2, 2])),
        C("a source of another rank refused", T([3, 2, 2]), 0, T([2], dtype=i64), T([2])),
        C("fewer indices than the source's dim refused", T([3, 2, 2]), 0, T([2], dtype=i64), T([3, 2, 2])),
        C("a zero-dim source of one index", T([3, 2, 2]), 0, T([1], dtype=i64), T([])),
        C("a zero-dim source of two indices refused", T([3, 2, 2]), 0, T([2], dtype=i64), T([])),
        C("a zero-dim self", T([]), 0, T([1], dtype=i64), T([1])),
    ],
    "index_fill.int_Scalar": [
        C("rows", T([4, 3]), 0, T([2], dtype=i64), 1.0),
        C("transposed self", tr(4, 3), 1, T([2], dtype=i64), 0),
        C("storage offset self", off(4, 3), 0, T([2], dtype=i64), 0),
        C("transposed every other column", T([3, 4], strides=[2, 6]), 0, T([1], dtype=i64), 1.0),
        C("overlapping self", T([3, 2], strides=[1, 1]), 1, T([1], dtype=i64), 1.0),
        C("non-dense self with a size-1 dim", T([3, 4, 1], strides=[8, 2, 24]), 1, T([1], dtype=i64), -1.0),
        C("zero-dim self", T([]), 0, T([1], dtype=i64), 2.0),
        C("zero-dim index", T([4, 3]), 0, T([], dtype=i64), 1.0),
        C("matrix index refused", T([4, 3]), 0, T([1, 2], dtype=i64), 1.0),
        C("dim out of range refused", T([4, 3]), 2, T([2], dtype=i64), 1.0),
        C("negative dim", T([4, 3]), -1, T([2], dtype=i64), 1.0),
    ],
    "index_fill.int_Tensor": [
        C("rows", T([4, 3]), 0, T([2], dtype=i64), T([])),
        C("transposed self", tr(4, 3), 1, T([2], dtype=i64), T([])),
        C("transposed every other column", T([3, 4], strides=[2, 6]), 0, T([1], dtype=i64), T([])),
        C("vector value refused", T([4, 3]), 0, T([2], dtype=i64), T([3])),
        C("matrix index refused", T([4, 3]), 0, T([1, 2], dtype=i64), T([])),
    ],
    "put": [
        C("vector", T([5]), T([2], dtype=i64), T([2])),
        C("matrix", T([3, 4]), T([2, 2], dtype=i64), T([4])),
        C("transposed self", tr(3, 4), T([2], dtype=i64), T([2]), True),
    ],
    "unsafe_split.Tensor": [
        C("even", T([6, 2]), 2),
        C("uneven along dim 1", T([2, 7]), 3, 1),
        C("transposed", tr(6, 2), 4),
    ],
    "tile": [
        C("same rank", T([2, 3]), [2, 2]),
        C("fewer dims", T([2, 3]), [3]),
        C("more dims", T([3]), [2, 2]),
        C("transposed", tr(2, 3), [1, 2]),
        C("zero-dim", T([]), [2]),
    ],
    "stack": [
        C("two matrices", [T([2, 3]), T([2, 3])]),
        C("last dim", [T([2, 3]), T([2, 3])], -1),
        C("dtypes promote", [T([3], dtype=i64), T([3], dtype=f16)], 0),
        C("transposed inputs", [tr(2, 3), tr(2, 3)], 1),
        C("zero-dim", [T([]), T([])]),
        C("sizes differ", [T([2, 3]), T([3, 2])]),
        C("dim out of range", [T([2]), T([2])], 3),
        # `cat` along an existing dim, viewed: channels-last inputs keep
        # their layout; a new last dim is `cat` of unsqueezed inputs.
        C("channels last", [cl(2, 3, 4, 5), cl(2, 3, 4, 5)]),
        C("channels last along dim 1", [cl(2, 3, 4, 5), cl(2, 3, 4, 5)], 1),
        C("channels last along the new last dim", [cl(2, 3, 4, 5), cl(2, 3, 4, 5)], 4),
        C("channels last and contiguous", [cl(2, 3, 4, 5), T([2, 3, 4, 5])]),
        C("channels last with a size-1 channel", [cl(1, 2, 1, 4)] * 3),
        C("channels last with size-1 dims along dim 1", [cl(1, 2, 1, 4)] * 3, 1),
    ],
    "_safe_softmax": [
        C("last dim", T([2, 3]), -1),
        C("dtype", T([2, 3]), 0, f64),
        C("transposed", tr(2, 3), 1),
    ],
    "_softmax_backward_data": [
        C("float", T([2, 3]), T([2, 3]), 1, f16),
        C("transposed", tr(2, 3), tr(2, 3), 0, f16),
        C("same dtype", T([2, 3]), T([2, 3]), 1, T([1]).dtype),
        C("sizes differ", T([2, 3]), T([3, 3]), 1, f16),
        # The decomposition's steps, then contiguous(): size-1 dims keep
        # the strides the steps gave them.
        C("size-1 dims of their own strides", T([2, 1, 1, 3], strides=[126, 42, 14, 2], offset=92, dtype=f16),
          T([2, 1, 1, 3], strides=[1, 2, 2, 2], dtype=f16), -3, f16),
        C("a permuted output", T([5, 1, 3], offset=3, dtype=bf16), T([5, 1, 3], strides=[1, 15, 5], dtype=bf16),
          -2, bf16),
        # The decomposition broadcasts the gradient and the output.
        C("gradient and output broadcast", T([1, 2, 1]), T([3, 1, 2]), 1, f16),
        C("a zero-dim gradient broadcast", T([]), T([2, 1, 2]), 0, torch.uint8),
        C("broadcast dim out of range", T([2]), T([3, 1]), 2, torch.float32),
        # Computed in the operands' dtype, converted only to another dtype:
        # integers (and bools) of the input dtype give int64.
        C("bool gradient of a bool input", T([2, 3], dtype=torch.bool), T([2, 3], dtype=torch.bool), 1, torch.bool),
        C("int32 gradient of an int32 input", T([2, 3], dtype=i32), T([2, 3], dtype=i32), 1, i32),
        C("int64 gradient of a float16 input", T([2, 3], dtype=i64), T([2, 3], dtype=i64), 1, f16),
        C("float gradient of an int64 input", T([2, 3]), T([2, 3]), 1, i64),
    ],
    "pixel_shuffle": [
        C("by two", T([1, 8, 2, 3]), 2),
        C("batched", T([2, 3, 9, 2, 2]), 3),
        C("channels last", cl(1, 8, 2, 3), 2),
        C("not divisible", T([1, 6, 2, 2]), 2),
        # The CPU keeps the suggested format (channels-last-3d too); other
        # devices give contiguous results.
        C("channels last 3d", T([2, 3, 9, 2, 2], fmt=torch.channels_last_3d), 3),
        C("channels last on cuda", cl(1, 8, 2, 3, device="cuda"), 2),
        C("zero factor refused", T([1, 8, 2, 3]), 0),
    ],
}
for _op in ["atleast_1d", "atleast_2d", "atleast_3d"]:
    CASES[_op] = [
        C("zero-dim", T([])),
        C("vector", T([3])),
        C("matrix", T([2, 3])),
        C("3-d", T([2, 3, 4])),
        C("strided vector", T([6], then=lambda t: t[::2])),
        C("transposed", tr(2, 3)),
        C("int32", T([3], dtype=i32)),
    ]

# Titles run under the Python dispatcher (`export_op_cases.DISPATCHED`),
# where the conversion keeps symbolic sizes.
STACK_DISPATCHED = "stack of two dtypes under the Python dispatcher"
DISPATCHED = {STACK_DISPATCHED}

SYMBOLIC = [
    # `torch._refs.cat` converts an input of another dtype with `a.to`,
    # run on meta tensors: that input's sizes are fixed at their hints.
    ("stack of two dtypes", "stack",
     C("", [D([4, 6], "x"), D([4, 6], "y", dtype=f64)])),
    ("stack of two dtypes along the new last dim", "stack",
     C("", [D([4, 6], "x"), D([4, 6], "y", dtype=f64)], 2)),
    ("stack of int64 and float along dim 1", "stack",
     C("", [D([4, 6], "i", dtype=i64), D([4, 6], "x")], 1)),
    ("stack of three, one converted", "stack",
     C("", [D([3, 5], "x"), D([3, 5], "y"), D([3, 5], "z", dtype=f16)])),
    ("stack of transposed inputs of two dtypes", "stack",
     C("", [D([6, 4], "x", strides=[1, 6]), D([6, 4], "y", dtype=f64, strides=[1, 6])])),
    (STACK_DISPATCHED, "stack", C("", [D([4, 6], "x"), D([4, 6], "y", dtype=f64)])),
    ("stack of one dtype", "stack",
     C("", [D([4, 6], "x"), D([4, 6], "y")], 1)),
]

CASES.update({
    "hstack": [
        C("matrices", [T([2, 3]), T([2, 4])]),
        C("vectors", [T([3]), T([4])]),
        C("zero-dims", [T([]), T([])]),
        C("transposed", [tr(2, 3), tr(2, 3)]),
        C("rows differ", [T([2, 3]), T([3, 3])]),
    ],
    "vstack": [
        C("vectors", [T([3]), T([3])]),
        C("matrices", [T([2, 3]), T([1, 3])]),
        C("transposed", [tr(2, 3), tr(2, 3)]),
        C("zero-dims", [T([]), T([])]),
    ],
    "dstack": [
        C("matrices", [T([2, 3]), T([2, 3])]),
        C("vectors", [T([3]), T([3])]),
        C("3-d", [T([2, 3, 1]), T([2, 3, 2])]),
        C("transposed", [tr(2, 3), tr(2, 3)]),
    ],
    "column_stack": [
        C("vector and matrix", [T([3]), T([3, 2])]),
        C("vectors", [T([3]), T([3])]),
        C("zero-dims", [T([]), T([])]),
        C("transposed matrices", [tr(2, 3), tr(2, 3)]),
        C("strided vector", [T([6], then=lambda t: t[::2]), T([3])]),
    ],
})

# ---- embedding_renorm: a clone of the weight, its layout kept ----

CASES["embedding_renorm"] = [
    C("weight", T([10, 3]), T([1, 2], dtype=i64), 1.0, 2.0),
    C("transposed weight kept", T([3, 10], then=lambda t: t.t()), T([2], dtype=i64), 1.0, 2.0),
    C("vector weight", T([10]), T([1, 2], dtype=i64), 1.0, 2.0),
    C("int32 indices", T([10, 3]), T([2], dtype=i32), 1.0, 1.0),
    C("float indices", T([10, 3]), T([2]), 1.0, 2.0),
    C("float64 weight", T([10, 3], dtype=f64), T([2, 2], dtype=i64), 0.5, 2.0),
]
CASES["embedding_renorm_"] = [
    C("weight", T([10, 3]), T([1, 2], dtype=i64), 1.0, 2.0),
    C("transposed weight", tr(10, 3), T([2], dtype=i64), 1.0, 2.0),
]
SYMBOLIC += [
    ("embedding_renorm of a dynamic weight", "embedding_renorm",
     C("", D([10, 3], "w"), T([2], dtype=i64), 1.0, 2.0)),
]

# ---- the unsafe and implementation forms of index and index_put ----

b8, u8, i8 = torch.bool, torch.uint8, torch.int8
CASES["_unsafe_index.Tensor"] = [
    C("matrix index", T([5, 6, 7]), [T([2, 3], dtype=i64)]),
    # Its meta runs as a kernel: a zero-dim CPU index is broadcast.
    C("a last zero-dim index", T([4, 3, 2]), [T([2, 3], dtype=i64), T([], dtype=i64)]),
    C("second dim", T([5, 6, 7]), [None, T([4], dtype=i64)]),
    C("adjacent indices broadcast", T([5, 6, 7]), [None, T([4], dtype=i64), T([2, 1], dtype=i64)]),
    C("separated indices go first", T([5, 6, 7]), [T([4], dtype=i64), None, T([4], dtype=i64)]),
    C("permuted self", T([7, 5, 6], strides=[1, 42, 7]), [None, T([3], dtype=i64)]),
    C("channels last self", cl(2, 3, 4, 5), [None, None, T([3, 1], dtype=i64), T([6], dtype=i64)]),
    C("int32 index", T([5, 6], dtype=f16), [T([3], dtype=i32)]),
    C("empty dim", T([6, 0], strides=[1, 6]), [None, T([3], dtype=i64)]),
    C("zero-dim index", T([5, 6]), [T([], dtype=i64)]),
    C("bool mask refused", T([5, 6]), [T([5], dtype=b8)]),
    C("int8 index refused", T([5, 6]), [None, T([6], dtype=i8)]),
    C("uint8 mask refused", T([5, 6]), [T([5], dtype=u8)]),
    C("float index refused", T([5, 6]), [T([3])]),
    C("too many indices", T([5]), [T([1], dtype=i64), T([1], dtype=i64)]),
    C("no index", T([5]), []),
    C("indices that do not broadcast", T([5, 6]), [T([2], dtype=i64), T([3], dtype=i64)]),
]
CASES["_unsafe_index_put"] = [
    C("rows", T([5, 3]), [T([2], dtype=i64)], T([3])),
    C("second dim", T([5, 3]), [None, T([2], dtype=i64)], T([1])),
    C("accumulate", T([5, 3]), [T([2], dtype=i64)], T([2, 3]), True),
    C("transposed self kept", tr(5, 3), [T([2], dtype=i64)], T([3])),
    C("channels last self kept", cl(2, 3, 4, 5), [T([1], dtype=i64)], T([5])),
    C("strided self", T([5, 3], strides=[6, 2]), [T([2], dtype=i64)], T([3])),
    C("values of another dtype", T([5, 3]), [T([2], dtype=i64)], T([3], dtype=f64)),
    C("cuda self, cpu values", T([5, 3], device="cuda"), [T([2], dtype=i64)], T([3])),
    C("values that do not broadcast", T([5, 3]), [T([2], dtype=i64)], T([4])),
]
CASES["_index_put_impl"] = [
    C("rows", T([5, 3]), [T([2], dtype=i64)], T([3])),
    C("accumulate unsafe", T([5, 3]), [None, T([2], dtype=i64)], T([1]), True, True),
    C("transposed self kept", tr(5, 3), [T([2], dtype=i64)], T([3])),
    C("channels last self kept", cl(2, 3, 4, 5), [T([1], dtype=i64)], T([5])),
    C("strided self", T([5, 3], strides=[6, 2]), [T([2], dtype=i64)], T([3])),
    C("bool mask", T([5, 3]), [T([5], dtype=b8)], T([])),
    C("values of another dtype", T([5, 3], dtype=i32), [T([2], dtype=i64)], T([3], dtype=f64)),
    C("cuda self, cpu values", T([5, 3], device="cuda"), [T([2], dtype=i64)], T([3])),
    # ATen's `clone` keeps the strides of a self it calls dense (an empty
    # vector of any stride); the reference's is laid out afresh.
    C("empty strided self", T([0], strides=[3]), [T([0], dtype=i64)], T([0])),
    C("size-1 dim of its own stride", T([2, 1, 3], strides=[3, 1, 1]), [T([1], dtype=i64)], T([1])),
]
CASES["_index_put_impl_"] = [
    C("rows", T([5, 3]), [T([2], dtype=i64)], T([3])),
    C("transposed self kept", tr(5, 3), [None, T([2], dtype=i64)], T([1])),
    C("accumulate unsafe", T([5, 3]), [T([2], dtype=i64)], T([2, 3]), True, True),
    C("bool mask", T([5, 3]), [T([5], dtype=b8)], T([])),
    C("values of another dtype", T([5, 3]), [T([2], dtype=i64)], T([3], dtype=f64)),
    C("cuda self, cpu values", T([5, 3], device="cuda"), [T([2], dtype=i64)], T([3])),
]
SYMBOLIC += [
    ("_unsafe_index of a dynamic self by a dynamic index", "_unsafe_index.Tensor",
     C("", D([5, 6, 7], "x"), [None, D([4], "i", dtype=i64)])),
    # Its meta runs as a kernel: broadcasting the indices is a Python
    # `expand`, which a plain fake mode refuses on symbolic sizes.
    ("_unsafe_index of a static self by dynamic indices that broadcast", "_unsafe_index.Tensor",
     C("", T([5, 6, 7]), [None, D([4], "i", dtype=i64), D([2, 1], "j", ["dynamic", "static"], dtype=i64)])),
    ("_unsafe_index of a static self by dynamic indices of one shape", "_unsafe_index.Tensor",
     C("", T([5, 6, 7]), [None, D([4], "i", dtype=i64), D([4], "j", dtype=i64)])),
    # Separated indices move to the front by `self.permute`, which in the
    # meta run as a kernel is ATen's C++ permute in a plain fake mode:
    # every size of `self` fixed.
    ("_unsafe_index of a dynamic self by separated indices", "_unsafe_index.Tensor",
     C("", D([5, 6, 7], "x"), [D([4], "i", dtype=i64), None, D([4], "j", dtype=i64)])),
    ("_unsafe_index of a dynamic self by adjacent indices after a skipped dim", "_unsafe_index.Tensor",
     C("", D([5, 6, 7], "x"), [None, D([4], "i", dtype=i64), D([4], "j", dtype=i64)])),
    ("_unsafe_index_put into a dynamic self", "_unsafe_index_put",
     C("", D([5, 3], "x"), [D([2], "i", dtype=i64)], D([2, 3], "v"), True)),
    ("_index_put_impl into a dynamic self", "_index_put_impl",
     C("", D([5, 3], "x"), [D([2], "i", dtype=i64)], D([3], "v"))),
    ("_index_put_impl_ into a dynamic self", "_index_put_impl_",
     C("", D([5, 3], "x"), [D([2], "i", dtype=i64)], D([3], "v"))),
]

# ---- hacked twins: the indices declared `Tensor[]` (every one present) ----

CASES["index.Tensor_hacked_twin"] = [
    C("matrix index", T([5, 6, 7]), [T([2, 3], dtype=i64)]),
    C("adjacent indices broadcast", T([5, 6, 7]), [T([4], dtype=i64), T([2, 1], dtype=i64)]),
    C("permuted self", T([7, 5, 6], strides=[1, 42, 7]), [T([3], dtype=i64)]),
    C("channels last self", cl(2, 3, 4, 5), [T([3, 1], dtype=i64), T([2], dtype=i64)]),
    C("int32 index", T([5, 6], dtype=f16), [T([3], dtype=i32)]),
    C("bool mask", T([5, 6]), [T([5], dtype=torch.bool)]),
    C("float index refused", T([5, 6]), [T([3])]),
    # It is `index.Tensor`: a zero-dim CPU index is not broadcast.
    C("a last zero-dim index", T([4, 3, 2]), [T([2, 3], dtype=i64), T([], dtype=i64)]),
    C("too many indices", T([5]), [T([1], dtype=i64), T([1], dtype=i64)]),
]
CASES["_unsafe_index.Tensor_hacked_twin"] = [
    C("matrix index", T([5, 6, 7]), [T([2, 3], dtype=i64)]),
    C("adjacent indices broadcast", T([5, 6, 7]), [T([4], dtype=i64), T([2, 1], dtype=i64)]),
    C("transposed self", tr(5, 6), [T([3], dtype=i64)]),
    C("zero-dim index", T([5, 6]), [T([], dtype=i64)]),
    C("bool mask refused", T([5, 6]), [T([5], dtype=torch.bool)]),
]
CASES["index_put.hacked_twin"] = [
    C("rows", T([5, 3]), [T([2], dtype=i64)], T([3])),
    C("accumulate", T([5, 3]), [T([2], dtype=i64)], T([2, 3]), True),
    C("bool mask", T([5, 3]), [T([5], dtype=torch.bool)], T([])),
    C("transposed self kept", tr(5, 3), [T([2], dtype=i64)], T([3])),
    C("values of another dtype", T([5, 3]), [T([2], dtype=i64)], T([3], dtype=f64)),
    C("float index refused", T([5, 3]), [T([2])], T([3])),
]
CASES["index_put_.hacked_twin"] = [
    C("rows", T([5, 3]), [T([2], dtype=i64)], T([3])),
    C("transposed self kept", tr(5, 3), [T([2], dtype=i64), T([2], dtype=i64)], T([1])),
    C("accumulate", T([5, 3]), [T([2], dtype=i64)], T([2, 3]), True),
    C("values that do not broadcast", T([5, 3]), [T([2], dtype=i64)], T([4])),
]
CASES["_unsafe_index_put.hacked_twin"] = [
    C("rows", T([5, 3]), [T([2], dtype=i64)], T([3])),
    C("accumulate", T([5, 3]), [T([2], dtype=i64)], T([2, 3]), True),
    C("channels last self kept", cl(2, 3, 4, 5), [T([1], dtype=i64)], T([5])),
    C("strided self", T([5, 3], strides=[6, 2]), [T([2], dtype=i64)], T([3])),
    C("cuda self, cpu values", T([5, 3], device="cuda"), [T([2], dtype=i64)], T([3])),
]
CASES["_index_put_impl_.hacked_twin"] = [
    C("rows", T([5, 3]), [T([2], dtype=i64)], T([3])),
    C("transposed self kept", tr(5, 3), [T([2], dtype=i64)], T([3])),
    C("accumulate unsafe", T([5, 3]), [T([2], dtype=i64)], T([2, 3]), True, True),
    C("bool mask", T([5, 3]), [T([5], dtype=torch.bool)], T([])),
]
SYMBOLIC += [
    ("index hacked twin of a dynamic self by a dynamic index", "index.Tensor_hacked_twin",
     C("", D([5, 6, 7], "x"), [D([4], "i", dtype=i64)])),
    ("_unsafe_index hacked twin of a dynamic self", "_unsafe_index.Tensor_hacked_twin",
     C("", D([5, 6, 7], "x"), [D([4], "i", dtype=i64)])),
    ("index_put hacked twin into a dynamic self", "index_put.hacked_twin",
     C("", D([5, 3], "x"), [D([2], "i", dtype=i64)], D([3], "v"))),
    ("index_put_ hacked twin into a dynamic self", "index_put_.hacked_twin",
     C("", D([5, 3], "x"), [D([2], "i", dtype=i64)], D([3], "v"))),
    ("_unsafe_index_put hacked twin into a dynamic self", "_unsafe_index_put.hacked_twin",
     C("", D([5, 3], "x"), [D([2], "i", dtype=i64)], D([2, 3], "v"), True)),
    ("_index_put_impl_ hacked twin into a dynamic self", "_index_put_impl_.hacked_twin",
     C("", D([5, 3], "x"), [D([2], "i", dtype=i64)], D([3], "v"))),
]

# ---- `_stack`, `stack`'s kernel ----

CASES["_stack"] = [
    C("two matrices", [T([2, 3]), T([2, 3])]),
    C("last dim", [T([2, 3]), T([2, 3])], -1),
    C("dtypes promote", [T([3], dtype=i64), T([3], dtype=f16)], 0),
    C("transposed inputs", [tr(2, 3), tr(2, 3)], 1),
    C("channels last inputs", [cl(1, 2, 3, 3), cl(1, 2, 3, 3)], 1),
    C("one transposed, one contiguous", [tr(2, 3), T([2, 3])], 0),
    C("zero-dim", [T([]), T([])]),
    C("sizes differ", [T([2, 3]), T([3, 2])]),
    C("dim out of range", [T([2]), T([2])], 3),
]

