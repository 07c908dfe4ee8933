"""Cases of the sorting, searching and index-reduction operators and the
renamed composites of `ops/rules/search.rules`.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

from op_case_inputs import C, D, T, b8, binary_cases, c64, cl, f16, f32, f64, i32, i64, off, tr

CASES = {
    "sort.stable": [
        C("last dim", T([2, 3]), stable=True),
        C("first dim descending", T([2, 3]), stable=False, dim=0, descending=True),
        C("transposed", tr(2, 3), stable=True),
        C("channels last", cl(1, 2, 3, 3), stable=True, dim=1),
        C("zero-dim", T([]), stable=True),
        C("dim out of range", T([2, 3]), stable=True, dim=2),
    ],
    "argsort": [
        C("last dim", T([2, 3])),
        C("first dim descending", T([2, 3]), 0, True),
        C("transposed", tr(2, 3)),
        C("int64", T([4], dtype=i64)),
        C("zero-dim", T([])),
        C("dim out of range", T([2, 3]), 2),
    ],
    "argsort.stable": [
        C("last dim", T([2, 3]), stable=True),
        C("transposed", tr(2, 3), stable=True, dim=0),
    ],
    "msort": [C("matrix", T([2, 3])), C("transposed", tr(2, 3)), C("zero-dim", T([]))],
    "searchsorted.Tensor": [
        C("1-d boundaries", T([5]), T([2, 3])),
        C("batched boundaries", T([2, 5]), T([2, 3])),
        C("int32 out", T([5]), T([3]), out_int32=True),
        C("transposed values", T([5]), tr(2, 3)),
        C("sorter", T([5]), T([3]), sorter=T([5], dtype=i64)),
        C("sorter of other sizes", T([5]), T([3]), sorter=T([4], dtype=i64)),
        C("batch mismatch", T([2, 5]), T([3, 3])),
        C("int64", T([5], dtype=i64), T([3], dtype=i64)),
        C("right with side right", T([5]), T([3]), right=True, side="right"),
        C("side right", T([5]), T([3]), side="right"),
        C("right with side left refused", T([5]), T([3]), right=True, side="left"),
        C("side of another name", T([5]), T([3]), side="middle"),
    ],
    "searchsorted.Scalar": [
        C("1-d boundaries", T([5]), 2.0),
        C("int32 out", T([5]), 1, out_int32=True),
        C("right with side left refused", T([5]), 1, right=True, side="left"),
        # The meta compares the leading sizes with the value's shape, which
        # a number has not.
        C("2-d boundaries refused", T([1, 5]), 2.0),
        C("2-d boundaries of an int refused", T([2, 5]), 1, out_int32=True),
        C("zero-dim boundaries", T([]), 2.0),
    ],
    "bucketize.Tensor": [
        C("matrix", T([2, 3]), T([4])),
        C("int32 out", T([3]), T([4]), out_int32=True),
        C("transposed", tr(2, 3), T([4])),
        C("zero-dim", T([]), T([4])),
    ],
    "nonzero_static": [
        C("matrix", T([2, 3]), size=4),
        C("vector", T([5]), size=2),
        C("zero size", T([2, 3]), size=0),
        C("zero-dim", T([]), size=1),
        C("bool", T([2, 3], dtype=b8), size=3, fill_value=0),
        C("cuda matrix", T([2, 3], device="cuda"), size=4),
        C("cuda vector", T([5], device="cuda"), size=2),
    ],
    "index_reduce": [
        C("prod", T([4, 3]), 0, T([2], dtype=i64), T([2, 3]), "prod"),
        C("mean along dim 1", T([3, 4]), 1, T([2], dtype=i64), T([3, 2]), "mean"),
        C("amax without self", T([4, 3]), 0, T([2], dtype=i64), T([2, 3]), "amax", include_self=False),
        C("transposed self", tr(4, 3), 0, T([2], dtype=i64), T([2, 3]), "amin"),
        C("channels last self", cl(1, 2, 3, 3), 1, T([2], dtype=i64), T([1, 2, 3, 3]), "prod"),
    ],
    "log_softmax.int": [
        C("last dim", T([2, 3]), -1),
        C("dtype", T([2, 3]), 1, f64),
        C("transposed", tr(2, 3), 0),
        C("zero-dim", T([]), 0),
        C("dim out of range", T([2, 3]), 2),
        C("bool refused", T([2, 3], dtype=b8), 1),
        C("bool to float32", T([2, 3], dtype=b8), 1, f32),
    ],
    "max.other": binary_cases(),
    "min.other": binary_cases(),
    "all": [C("matrix", T([2, 3])), C("uint8", T([3], dtype=i64)), C("zero-dim", T([]))],
    "all.dim": [C("last dim", T([2, 3]), 1), C("kept", T([2, 3]), 0, True), C("dim out of range", T([2]), 1)],
    "all.dims": [C("every dim", T([2, 3])), C("two dims", T([2, 3, 4]), [0, 2]), C("empty list", T([2, 3]), []),
                 C("empty list of a transposed input", tr(2, 3), []),
                 # Its `logical_not` lays an empty input out contiguously
                 # before the clone.
                 C("empty list of an empty strided input", T([3, 3, 0], strides=[6, 12, 0], dtype=b8), [])],
    "nanmean": [
        C("every dim", T([2, 3])),
        C("one dim", T([2, 3]), [1]),
        C("kept", T([2, 3]), [0], True),
        C("dtype", T([2, 3]), [1], dtype=f64),
        C("int64 dtype refused", T([2, 3]), [1], dtype=i64),
        C("complex dtype of a float input", T([2, 3]), [1], dtype=c64),
        C("int64 refused", T([2, 3], dtype=i64)),
        C("int64 with a float dtype refused", T([2, 3], dtype=i64), [1], dtype=f64),
        C("complex64", T([2, 3], dtype=c64), [1]),
        C("transposed", tr(2, 3), [1]),
    ],
    "frexp.Tensor": [
        C("float32", T([2, 3])),
        C("float64", T([3], dtype=f64)),
        C("float16", T([3], dtype=f16)),
        C("transposed", tr(2, 3)),
        C("storage offset", off(2, 3)),
        C("int64 refused", T([3], dtype=i64)),
        C("zero-dim", T([])),
    ],
    "ldexp.Tensor": [
        C("float and int", T([2, 3]), T([2, 3], dtype=i64)),
        C("broadcast", T([3, 1]), T([1, 4], dtype=i64)),
        C("int and int", T([3], dtype=i64), T([3], dtype=i64)),
        C("int32 and int32", T([3], dtype=i32), T([3], dtype=i32)),
        C("float16 and int", T([3], dtype=f16), T([3], dtype=i64)),
        C("float16 and float32", T([3], dtype=f16), T([3])),
        C("float and zero-dim float64", T([3]), T([], dtype=f64)),
        C("float64 and float", T([3], dtype=f64), T([3])),
        C("transposed self", tr(2, 3), T([2, 3], dtype=i64)),
        C("transposed other", T([2, 3]), tr(2, 3, dtype=i64)),
        C("complex and int", T([3], dtype=c64), T([3], dtype=i64)),
        C("size-1 dim with its own stride", T([1, 2], strides=[1, 1]), T([2], strides=[2], offset=1)),
        C("transposed other broadcast over a column", T([3, 1]), tr(3, 4, dtype=i64)),
    ],
    "tril_indices": [
        C("square", 3, 3),
        C("wide", 3, 5),
        C("tall", 5, 3),
        C("positive offset", 4, 4, 2),
        C("negative offset", 4, 4, -2),
        C("offset beyond", 3, 3, 7),
        C("offset below", 3, 3, -7),
        C("int32", 3, 4, dtype=i32),
        C("empty", 0, 3),
        C("float refused", 3, 3, dtype=f16),
        # The schema's default is long; an explicit None is refused.
        C("dtype None refused", 3, 3, dtype=None),
    ],
}
CASES["triu_indices"] = CASES["tril_indices"]
CASES["all"][1] = C("int64", T([3], dtype=i64))

# `log_softmax.int_out` converts `self` to another `dtype` with `toType`,
# which fixes its sizes; without a conversion it refuses them.
SYMBOLIC = [
    # `meta_sort` checks no dim: one out of range is taken.
    ("argsort with a dim out of range, dynamic sizes", "argsort", C("", D([2, 3], "self"), 2)),
    ("sort.stable with a dim out of range, dynamic sizes", "sort.stable",
     C("", D([2, 3], "self"), stable=True, dim=-3)),
    ("log_softmax.int_out of a dynamic matrix converted to float64", "log_softmax.int_out",
     C("", D([2, 3], "self"), 1, f64, out=T([0], dtype=f64))),
    ("log_softmax.int_out of a dynamic matrix in its own dtype", "log_softmax.int_out",
     C("", D([2, 3], "self"), 1, f32, out=T([0]))),
]
KEEP_DERIVED = {"log_softmax.int_out", "argsort", "sort.stable"}

CASES["unique_consecutive"] = [
    C("values only", T([2, 3])),
    C("inverse and counts", T([5], dtype=i64), True, True),
    C("along a dim", T([4, 3]), dim=0),
    C("along a dim with inverse", T([4, 3]), True, False, 1),
    # fake_impls slices the shape with dim=-1 as Python slices: the whole
    # shape follows the count (unique_dim normalises its dim first).
    C("along the last dim by -1", T([4, 3]), dim=-1),
    C("along dim -2", T([4, 3]), dim=-2),
    C("along the last dim of a 3-d tensor by -1", T([2, 4, 3]), True, True, -1),
    C("dim out of range", T([4, 3]), dim=2),
    C("empty", T([0])),
    C("zero-dim", T([])),
    # A dim of a zero-dim tensor is refused (no scalar wrap).
    C("zero-dim along dim -1 refused", T([]), dim=-1),
    C("zero-dim along dim 0 refused", T([]), dim=0),
    # Python's binding reads any number for a bool by its truth.
    C("a negative int for return_inverse", T([2, 3]), -3),
    C("a float for return_inverse", T([2, 3]), 2.5),
    C("zero for return_inverse", T([2, 3]), 0, True),
]

CASES["argwhere"] = [
    C("matrix", T([2, 3])),
    C("vector", T([5])),
    C("zero-dim", T([])),
    C("empty", T([0, 3])),
]

CASES["unique_dim"] = [
    C("dim out of range", T([4, 3]), 2),
    C("dim out of range of an empty tensor", T([0, 3]), 2),
    C("rows", T([4, 3]), 0),
    C("columns with inverse and counts", T([4, 3]), 1, True, True, True),
    C("negative dim", T([2, 3, 4]), -1),
    C("cuda without inverse", T([4, 3], device="cuda"), 0),
    C("cuda with counts", T([4, 3], device="cuda"), 0, True, False, True),
    C("int64", T([5, 2], dtype=i64), 0),
    C("empty", T([0, 3]), 0),
    C("empty other dim", T([3, 0]), 0),
    C("zero-dim refused", T([]), 0),
    C("zero-dim by -1 refused", T([]), -1),
]
SYMBOLIC += [
    ("unique_dim of dynamic sizes", "unique_dim", C("", D([4, 3], "x"), 1)),
]

# ---- bucketize of a number ----

CASES["bucketize.Scalar"] = [
    C("float", 2.5, T([4])),
    C("int, int32 result", 2, T([4], dtype=i64), out_int32=True),
    C("right", 2, T([4]), right=True),
    C("boundaries on cuda", 2.5, T([4], device="cuda")),
    C("two-dimensional boundaries", 2, T([4, 2])),
]
CASES["bucketize.Scalar_out"] = [
    C("float", 2.5, T([4]), out=T([0], dtype=i64)),
    C("into an out of its shape", 2.5, T([4]), out=T([], dtype=i64)),
    C("int32 result into an int64 out", 2, T([4], dtype=i64), out_int32=True, out=T([0], dtype=i64)),
    C("into a float out", 2.5, T([4]), out=T([0])),
    C("into an int32 out", 2.5, T([4]), out=T([0], dtype=i32)),
    C("zero-dim boundaries", 2.5, T([]), out=T([0], dtype=i64)),
    C("two-dimensional boundaries", 2, T([4, 2]), out=T([0], dtype=i64)),
    C("boundaries on cuda", 2.5, T([4], device="cuda"), out=T([0], dtype=i64, device="cuda")),
    C("boundaries on meta", 2.5, T([4], device="meta"), out=T([0], dtype=i64, device="meta")),
]
SYMBOLIC += [
    ("bucketize.Scalar of dynamic boundaries", "bucketize.Scalar", C("", 2.5, D([4], "b"))),
    ("bucketize.Scalar_out of dynamic boundaries", "bucketize.Scalar_out",
     C("", 2.5, D([4], "b"), out=T([0], dtype=i64))),
]

# `unique_dim_consecutive`: a count of the data without a fake
# implementation, refused by its tag.
CASES["unique_dim_consecutive"] = [
    C("rows", T([4, 3]), 0),
    C("columns with inverse and counts", T([4, 3]), 1, True, True),
    C("dim out of range", T([4, 3]), 2),
]
CASES["nonzero.out"] = [
    C("matrix", T([3, 4]), out=T([0], dtype=i64)),
    C("float out", T([3, 4]), out=T([0])),
]
CASES["masked_select.out"] = [
    C("same shape", T([2, 3]), T([2, 3], dtype=b8), out=T([0])),
    C("mask broadcasts", T([2, 3]), T([3], dtype=b8), out=T([0])),
]
SYMBOLIC += [
    ("unique_dim_consecutive of a dynamic matrix", "unique_dim_consecutive", C("", D([4, 3], "x"), 0)),
    ("nonzero.out of a dynamic matrix", "nonzero.out", C("", D([3, 4], "x"), out=T([0], dtype=i64))),
    ("masked_select.out of a dynamic matrix", "masked_select.out",
     C("", D([2, 3], "x"), T([2, 3], dtype=b8), out=T([0]))),
]
