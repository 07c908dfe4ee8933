"""Cases of the remaining Core ATen overloads of layers and shapes (`gelu`,
`amin`, `cumsum`, `_log_softmax`, `softmax.int`, `clone`, `alias`,
`transpose`, `reshape`, `flatten`, `split`, `index.Tensor`, `index_put`,
`matmul`, `linear`, `layer_norm`, `batch_norm`, dropouts, pooling, ...),
and the written symbolic cases of the overloads of this and the three
files before it.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import CL, C, Case, D, S, SizeOf, T, b8, bf16, c64, cl, f16, f32, f64, i32, i64, off, tr, u8, unary_cases
from op_cases_core_pointwise import dropout_cases


def _grad(t):
    """`t` requiring grad."""
    return t.requires_grad_()


# A title run under the Python dispatcher (`export_op_cases.DISPATCHED`).
STRIDED_BATCH_DISPATCHED = "strided batch and a matrix of another dtype under the Python dispatcher"
BMM_DTYPE_DISPATCHED = "bmm.dtype float16 to float32, dynamic sizes under the Python dispatcher"
# `dropout`'s decomposition, which the Python dispatcher runs: an empty
# input not set aside, a complex one by a real mask.
DROPOUT_DISPATCHED = {
    "training an empty input under the Python dispatcher": (T([0, 3]), 0.5, True),
    "training an empty int64 input under the Python dispatcher": (T([0, 3], dtype=i64), 0.5, True),
    "not training under the Python dispatcher": (T([2, 3]), 0.5, False),
    "training a complex input under the Python dispatcher": (T([2, 3], dtype=c64), 0.5, True),
    "training a transposed complex input under the Python dispatcher": (tr(2, 3, dtype=c64), 0.5, True),
    "p one of a complex input under the Python dispatcher": (T([2, 3], dtype=c64), 1.0, True),
}
GROUP_NORM_OUT_DISPATCHED = "native_group_norm.out of a dynamic input with a weight, under the Python dispatcher"
# `native_batch_norm`'s decomposition refuses one running statistic
# without the other; ATen's kernel, which a plain fake mode runs, takes it.
BN_ONE_STAT_DISPATCHED = "training with a running variance alone, under the Python dispatcher"
DISPATCHED = {STRIDED_BATCH_DISPATCHED, BMM_DTYPE_DISPATCHED, GROUP_NORM_OUT_DISPATCHED,
              BN_ONE_STAT_DISPATCHED} | set(DROPOUT_DISPATCHED)

CASES = {}


def zero_fill_cases():
    """Cases of `zeros` and `_efficientzerotensor` (`empty`'s meta)."""
    return [
        C("matrix", [2, 3]),
        C("int64", [4], dtype=i64),
        C("cuda", [2], device=torch.device("cuda:0")),
        C("zero-dim", []),
        C("zero size", [0, 3]),
        C("negative size", [-1]),
    ]


CASES.update({
    "gelu": unary_cases() + [
        C("tanh approximation", T([2, 3]), approximate="tanh"),
        C("unknown approximation", T([2, 3]), approximate="exact"),
    ],
    "pow.Tensor_Scalar": [
        C("float tensor int exponent", T([2, 3]), 2),
        C("bool tensor int exponent", T([3], dtype=b8), 2),
        C("int tensor float exponent", T([3], dtype=i64), 0.5),
        C("int tensor int exponent", T([3], dtype=i32), 3),
        C("float16 tensor float exponent", T([3], dtype=f16), 2.5),
        C("complex exponent", T([3]), 1 + 1j),
        C("transposed", tr(2, 3), 2),
        C("channels last", cl(1, 2, 3, 3), 2.0),
        C("zero-dim", T([]), 2),
        C("negative int exponent of ints refused", T([3], dtype=i64), -1),
    ],
    "rsub.Scalar": [
        C("int tensor int number", T([3], dtype=i64), 2),
        C("float tensor", T([2, 3]), 2),
        C("int tensor float number", T([3], dtype=i32), 2.5),
        C("alpha", T([2]), 1, 2),
        C("transposed", tr(2, 3), 1),
        C("bool tensor refused", T([2], dtype=b8), True),
        C("float alpha with an int tensor and number refused", T([3], dtype=i32), 2, alpha=2.5),
        C("float alpha with an int tensor and a float number", T([3], dtype=i32), 1.5, alpha=2.5),
        C("float alpha with a bool tensor and number refused", T([], dtype=b8), False, alpha=0.5),
        C("int alpha with a bool tensor and number refused", T([2], dtype=b8), False, alpha=2),
        C("bool alpha with a bool tensor and number", T([2], dtype=b8), False, alpha=False),
        C("alpha of one with a bool tensor and number", T([2], dtype=b8), False, alpha=1.0),
    ],
    "where.ScalarOther": [
        C("float16 self", T([3], dtype=b8), T([2, 3], dtype=f16), 0.0),
        C("int self float other", T([3], dtype=b8), T([3], dtype=i32), 1.5),
        C("int self int other", T([3], dtype=b8), T([3], dtype=i64), 2),
        C("transposed self", T([2, 3], dtype=b8), tr(2, 3), 1.0),
        C("zero-dim", T([], dtype=b8), T([]), 1),
        C("mismatch", T([2], dtype=b8), T([3]), 1.0),
    ],
    "amin": [
        C("one dim", T([2, 3, 4]), [1]),
        C("all dims", T([2, 3])),
        C("keepdim", T([2, 3, 4]), [0, 2], True),
        C("kept in front of an empty dim", T([2, 0, 3]), [0], True),
        C("int64", T([2, 3], dtype=i64), [0]),
        C("transposed", tr(3, 4), [0], True),
        C("zero size reduced dim", T([0, 3]), [0]),
        C("dim out of range", T([2]), [1]),
    ],
    "cumsum": [
        C("float", T([2, 3]), 1),
        C("int32 accumulates to int64", T([2, 3], dtype=i32), 1),
        C("bool accumulates to int64", T([4], dtype=b8), 0),
        C("explicit dtype", T([2, 3], dtype=i64), 0, dtype=f32),
        C("transposed becomes contiguous", tr(3, 2), 0),
        C("channels last", cl(1, 2, 3, 3), 1),
        C("zero-dim", T([]), 0),
        C("negative dim", T([2, 3]), -1),
        C("dim out of range", T([2, 3]), 2),
    ],
    "_log_softmax": [
        C("dim 1", T([2, 3]), 1, False),
        C("last dim", T([2, 3, 4]), -1, False),
        C("transposed", tr(2, 3), 0, False),
        C("half to float on cpu", T([2, 3], dtype=f16), 1, True),
        C("bfloat16 half to float refused", T([2, 3], dtype=bf16), 1, True),
        C("zero-dim", T([]), 0, False),
        C("dim out of range", T([2, 3]), 2, False),
        C("zero-dim dim out of range", T([]), 1, False),
        C("bool refused", T([2, 3], dtype=b8), 1, False),
        C("empty bool refused", T([0, 3], dtype=b8), 1, False),
        C("int64", T([2, 3], dtype=i64), 1, False),
    ],
    "softmax.int": [
        C("last dim", T([2, 3]), -1),
        C("transposed becomes contiguous", tr(3, 2), 0),
        C("dtype", T([2, 3]), 0, f64),
        C("int input with float dtype", T([2, 3], dtype=i64), 1, f32),
        C("float16", T([2, 3], dtype=f16), 1),
        C("dim out of range", T([2, 3]), 2),
    ],
    "clone": [
        C("contiguous", T([2, 3])),
        C("permuted keeps its strides", T([3, 4, 2], strides=[4, 1, 12])),
        C("transposed", tr(2, 3)),
        C("channels last", cl(1, 2, 3, 3)),
        C("sliced non-dense becomes contiguous", T([4, 6], then=lambda t: t[:, ::2])),
        C("storage offset dropped", off(2, 3)),
        C("contiguous format", tr(2, 3), memory_format=torch.contiguous_format),
        C("to channels last", T([1, 2, 3, 3]), memory_format=CL),
        C("to channels last with zero height", T([2, 3, 0, 10]), memory_format=CL),
        C("zero-dim", T([], dtype=i64)),
    ],
    "lift_fresh_copy": [
        C("contiguous", T([2, 3])),
        C("permuted keeps its strides", T([3, 4, 2], strides=[4, 1, 12])),
        C("sliced non-dense becomes contiguous", T([4, 6], then=lambda t: t[:, ::2])),
        C("zero-dim", T([], dtype=i64)),
    ],
    "detach_": [
        C("contiguous", T([2, 3])),
        C("transposed", tr(2, 3)),
        C("storage offset", off(2, 3)),
    ],
    "alias": [
        C("contiguous", T([2, 3])),
        C("permuted", T([3, 2], strides=[1, 3])),
        C("storage offset", off(2, 3)),
        C("zero-dim", T([])),
    ],
    "t": [
        C("matrix", T([2, 3])),
        C("vector", T([3])),
        C("zero-dim", T([])),
        C("transposed", tr(2, 3)),
        C("storage offset", off(2, 3)),
        C("3-d refused", T([1, 2, 3])),
    ],
    "transpose.int": [
        C("first and last", T([2, 3, 4]), 0, -1),
        C("same dim", T([2, 3]), 1, 1),
        C("storage offset", off(2, 3), 0, 1),
        C("zero-dim", T([]), 0, -1),
        C("dim out of range", T([2, 3]), 0, 2),
    ],
    "squeeze.dim": [
        C("size one", T([2, 1, 3]), 1),
        C("not size one", T([2, 1, 3]), 0),
        C("negative dim", T([2, 3, 1]), -1),
        C("storage offset", off(2, 1, 3), 1),
        C("zero-dim", T([]), 0),
        C("dim out of range", T([2, 3]), 2),
    ],
    "_unsafe_view": [
        C("permuted infers minus one", T([4, 2, 3], strides=[1, 12, 4]), [4, -1]),
        C("merge", T([2, 3, 4]), [6, 4]),
        C("wrong numel", T([2, 3]), [4]),
    ],
    "reshape": [
        C("merge leading dims", T([2, 3, 4]), [6, -1]),
        C("permuted split views", T([4, 2, 3], strides=[1, 12, 4]), [4, 6]),
        C("transposed flattened copies", T([6, 4], strides=[1, 6]), [24]),
        C("channels last to flat copies", cl(2, 3, 4, 4), [2, 48]),
        C("storage offset view", off(2, 6), [3, 4]),
        C("zero-dim", T([]), [1]),
        C("wrong numel", T([2, 3]), [5]),
    ],
    "flatten.using_ints": [
        C("from dim 1", T([2, 3, 4, 5]), 1),
        C("middle dims", T([2, 3, 4, 5]), 1, 2),
        C("channels last copies", cl(2, 3, 8, 8), 1),
        C("zero-dim", T([])),
        C("zero-dim, end dim out of range", T([], dtype=f16), -1, 1),
        C("zero-dim, last dim", T([]), 0, -1),
        C("transposed", tr(2, 3)),
        C("one dim is self", T([2, 3]), 1, 1),
        C("start after end", T([2, 3, 4]), 2, 1),
        C("dim out of range", T([2, 3]), 0, 2),
    ],
    "split.Tensor": [
        C("rows", T([10, 4]), 4),
        C("last dim", T([2, 5]), 2, -1),
        C("even", T([8, 4]), 4),
        C("one piece", T([3, 4]), 5),
        C("transposed", tr(6, 4), 2, 1),
        C("storage offset", off(4, 2), 2),
        C("zero split size of an empty dim", T([0, 3]), 0),
        C("zero split size", T([4, 3]), 0),
        C("dim out of range", T([2, 3]), 1, 2),
    ],
    "split_with_sizes": [
        C("two pieces", T([4, 10]), [3, 7], 1),
        C("rows", T([6, 2]), [1, 2, 3]),
        C("empty piece", T([4, 3]), [0, 4]),
        C("transposed", tr(4, 6), [2, 4], 1),
        C("sizes do not sum", T([4, 10]), [3, 6], 1),
        C("negative size", T([4, 3]), [5, -1]),
    ],
    "index.Tensor": [
        C("matrix index", T([5, 6, 7]), [T([2, 3], dtype=i64)]),
        C("second dim", T([5, 6, 7]), [None, T([4], dtype=i64)]),
        C("adjacent indices broadcast", T([5, 6, 7]), [None, T([4], dtype=i64), T([2, 1], dtype=i64)]),
        C("separated indices go first", T([5, 6, 7]), [T([4], dtype=i64), None, T([4], dtype=i64)]),
        C("permuted self", T([7, 5, 6], strides=[1, 42, 7]), [None, T([3], dtype=i64)]),
        C("int32 index", T([5, 6]), [T([3], dtype=i32)]),
        C("Nones alone keep every dim", T([2, 3], strides=[1, 2]), [None, None]),
        # The fake mode's `index.Tensor` broadcasts with
        # `preserve_cpu_scalar_tensors`: a zero-dim CPU index stays
        # zero-dim, and the replaced shape is the last index's.
        C("a last zero-dim index", T([4, 3, 2]), [T([2, 3], dtype=i64), T([], dtype=i64)]),
        C("a first zero-dim index", T([4, 3, 2]), [T([], dtype=i64), T([2, 3], dtype=i64)]),
        C("zero-dim indices around a kept dim", T([4, 3, 2]), [T([2, 3], dtype=i64), None, T([], dtype=i64)]),
        C("three indices, the last two zero-dim", T([1, 3, 2]), [T([2, 3], dtype=i64), T([], dtype=i64),
                                                                 T([], dtype=i64)]),
        C("float index refused", T([5, 6]), [T([3])]),
        C("too many indices", T([5]), [T([1], dtype=i64), T([1], dtype=i64)]),
        C("bool mask", T([5, 6]), [T([5], dtype=b8)]),
        C("uint8 mask", T([5, 6]), [T([5], dtype=u8)]),
        C("int8 index", T([5, 6]), [T([5], dtype=torch.int8)]),
        C("empty dim", T([6, 0], strides=[1, 6]), [None, T([3], dtype=i64)]),
        C("indices that do not broadcast", T([5, 6]), [T([2], dtype=i64), T([3], dtype=i64)]),
        C("zero-dim index", T([5, 6]), [T([], dtype=i64)]),
    ],
    "index_put": [
        C("rows", T([5, 3]), [T([2], dtype=i64)], T([3])),
        C("second dim", T([5, 3]), [None, T([2], dtype=i64)], T([1])),
        C("accumulate", T([5, 3]), [T([2], dtype=i64)], T([2, 3]), True),
        C("bool mask", T([5, 3]), [T([5], dtype=b8)], T([])),
        C("transposed self kept", tr(5, 3), [T([2], dtype=i64)], T([3])),
        C("values of another dtype", T([5, 3]), [T([2], dtype=i64)], T([3], dtype=f64)),
        C("values that do not broadcast", T([5, 3]), [T([2], dtype=i64)], T([4])),
        C("float index refused", T([5, 3]), [T([2])], T([3])),
        C("zero-dim values on meta", T([5, 3]), [T([2], dtype=i64)], T([], device="meta")),
        C("values on meta refused", T([5, 3]), [T([2], dtype=i64)], T([3], device="meta")),
        C("index on meta", T([5, 3]), [T([2], dtype=i64, device="meta")], T([3])),
    ],
    "index_put_": [
        C("rows", T([5, 3]), [T([2], dtype=i64)], T([3])),
        C("transposed self kept", tr(5, 3), [None, T([2], dtype=i64)], T([1])),
        C("accumulate", T([5, 3]), [T([2], dtype=i64)], T([2, 3]), True),
        C("values that do not broadcast", T([5, 3]), [T([2], dtype=i64)], T([4])),
        C("zero-dim values on meta", T([5, 3]), [T([2], dtype=i64)], T([], device="meta")),
        C("values on meta refused", T([5, 3]), [T([2], dtype=i64)], T([3], device="meta")),
    ],
    "matmul": [
        C("vector and vector", T([3]), T([3])),
        C("matrix and vector", T([2, 3]), T([3])),
        C("vector and matrix", T([3]), T([3, 4])),
        C("matrix and matrix", T([2, 3]), T([3, 4])),
        C("batched and matrix", T([5, 2, 3]), T([3, 4])),
        C("batched and vector", T([5, 2, 3]), T([3])),
        C("vector and batched", T([3]), T([5, 3, 4])),
        C("broadcast batches", T([2, 1, 4, 3]), T([5, 3, 6])),
        C("transposed operands", tr(2, 3), tr(3, 4)),
        C("zero-dim refused", T([]), T([3])),
        C("inner mismatch", T([2, 3]), T([4, 5])),
        # Mixed dtypes: `mv` promotes, `mm` keeps the first operand's,
        # `dot` and `bmm` refuse.
        C("matrix and vector of other dtypes promote", T([2, 3], dtype=bf16), T([3], dtype=f64)),
        C("folded batch and vector promote", T([4, 2, 3], dtype=f16), T([3], dtype=bf16)),
        C("folded batch and matrix keep the first dtype", T([4, 2, 3], dtype=bf16), T([3, 5], dtype=f64)),
        C("vector and matrix keep the first dtype", T([3], dtype=bf16), T([3, 5], dtype=f64)),
        C("vectors of other dtypes refused", T([3], dtype=bf16), T([3], dtype=f64)),
        C("batched product of other dtypes refused", T([2, 2, 3]), T([2, 3, 4], dtype=f64)),
        C("unfoldable batch and vector refused", T([5, 2, 4], strides=[1, 20, 5]), T([4], dtype=f64)),
        # Export's decomposition folds only a contiguous batch, where ATen's
        # kernel asks only its leading dims to span each other.
        C(STRIDED_BATCH_DISPATCHED, T([4, 2, 3], dtype=bf16, strides=[12, 6, 2]), T([3, 5], dtype=f64)),
        C("strided batch and a matrix of another dtype", T([4, 2, 3], dtype=bf16, strides=[12, 6, 2]),
          T([3, 5], dtype=f64)),
        # A matrix that requires grad folds the batch it multiplies into one
        # `mm` (`should_fold`), the result `mT.contiguous()`.
        C("matrix requiring grad folds a batch", T([1, 3], then=_grad), T([2, 3, 2])),
        C("matrix requiring grad folds a batch of columns", T([4, 3], then=_grad), T([2, 3, 1])),
        C("matrix requiring grad times a batch", T([4, 3], then=_grad), T([2, 3, 5])),
    ],
    "linear": [
        C("batched with bias", T([2, 5, 3]), T([4, 3]), T([4])),
        C("vector input", T([3]), T([4, 3])),
        C("matrix without bias", T([2, 3]), T([4, 3])),
        C("transposed input", tr(2, 3), T([4, 3]), T([4])),
        C("feature mismatch", T([2, 3]), T([4, 5])),
        C("matrix with a float64 bias promotes (addmm)", T([2, 3]), T([4, 3]), T([4], dtype=f64)),
        C("batched float16 with a float32 bias promotes", T([2, 5, 3], dtype=f16), T([4, 3], dtype=f16), T([4])),
        C("vector input with a bias (flattened to one row)", T([3]), T([4, 3]), T([4])),
        C("vector weight", T([2, 5, 3]), T([3])),
        C("vector weight with a zero-dim bias", T([2, 5, 3]), T([3]), T([])),
        C("size-one bias broadcasts", T([2, 2, 5, 3]), T([4, 3]), T([1])),
        C("zero-dim bias broadcasts", T([2, 5, 3]), T([4, 3]), T([])),
        C("bias of more dims widens the result", T([5, 3]), T([4, 3]), T([2, 5, 4])),
        C("transposed batch with a bias (matmul, then add)", T([2, 4, 3], strides=[12, 1, 4]), T([5, 3]), T([5])),
        C("empty batch", T([0, 2, 3]), T([4, 3]), T([4])),
        C("zero-dim input refused", T([]), T([3])),
        C("matrix input, vector weight and a bias refused (addmm)", T([2, 3]), T([3]), T([])),
    ],
    "layer_norm": [
        C("last dim", T([2, 3, 4]), [4]),
        C("permuted becomes contiguous", T([3, 2, 4], strides=[4, 12, 1]), [4]),
        C("affine", T([2, 3, 4]), [3, 4], T([3, 4]), T([3, 4])),
        C("float16", T([2, 4], dtype=f16), [4]),
        C("shape mismatch", T([2, 3, 4]), [3]),
        C("size-1 dim with its own stride kept", T([3, 1, 3, 3], strides=[9, 1, 3, 1]), [3, 3]),
        C("int64 refused", T([2, 4], dtype=i64), [4]),
        C("complex refused", T([2, 4], dtype=c64), [4]),
        C("cuda bfloat16", T([2, 4], dtype=bf16, device="cuda"), [4]),
        C("cuda float16 with a float32 weight refused", T([2, 4], dtype=f16, device="cuda"), [4],
          T([4], device="cuda")),
        C("no normalized dims refused", T([2, 4]), []),
    ],
    "batch_norm": [
        C("eval channels last", cl(2, 3, 8, 8), None, None, T([3]), T([3]), False, 0.1, 1e-5, False),
        C(BN_ONE_STAT_DISPATCHED, T([2, 3, 4]), None, None, None, T([3]), True, 0.1, 1e-5, False),
        C("training with a running variance alone", T([2, 3, 4]), None, None, None, T([3]), True, 0.1, 1e-5,
          False),
        # A new tensor: the input's storage offset is not kept.
        C("training, an input at an offset", T([2, 3, 4], offset=3), None, None, None, None,
          True, 0.1, 1e-5, False),
        C("eval, an input at an offset", T([2, 3], offset=5), T([3]), T([3]), T([3]), T([3]),
          False, 0.1, 1e-5, False),
        C("empty, an input at an offset", T([0, 3], offset=2), None, None, None, None,
          True, 0.1, 1e-5, False),
        C("training one value per channel with running statistics refused", T([1, 3]), None, None,
          T([3]), T([3]), True, 0.1, 1e-5, False),
        C("training one value per channel, running variance alone refused", T([1, 3, 1]), None, None,
          None, T([3]), True, 0.1, 1e-5, False),
        C("training", T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), True, 0.1, 1e-5, False),
        C("training without running stats", T([2, 3, 4]), None, None, None, None, True, 0.1, 1e-5, False),
        C("eval float16", T([2, 3, 4], dtype=f16), None, None, T([3]), T([3]), False, 0.1, 1e-5, False),
        C("running mean of another size", T([2, 3, 4]), None, None, T([4]), T([3]), False, 0.1, 1e-5, False),
        # ATen counts elements (`_batch_norm_impl_index`): a one-element
        # statistic is refused, a 2-d weight of one per channel taken.
        C("one-element running mean refused", T([2, 3, 4]), None, None, T([1]), T([3]), False, 0.1, 1e-5, False),
        C("a 2-d weight of one per channel", T([2, 3, 4]), T([3, 1]), None, T([3]), T([3]), False, 0.1, 1e-5,
          False),
        C("training, one-element bias refused", T([2, 3, 4]), None, T([1]), None, None, True, 0.1, 1e-5, False),
        C("eval bool refused", T([2, 3, 4], dtype=b8), None, None, T([3]), T([3]), False, 0.1, 1e-5, False),
        C("eval int64", T([2, 3, 4], dtype=i64), None, None, T([3]), T([3]), False, 0.1, 1e-5, False),
        # An empty input is `input.clone() * weight[0] + bias[0]`, which
        # promotes with the zero-dim elements.
        C("empty int32 input with float parameters", T([3, 4, 0], dtype=i32), T([4]), T([4]), T([4]), T([4]),
          False, 0.1, 1e-5, False),
        C("empty float16 input with float parameters", T([3, 4, 0], dtype=f16), T([4]), T([4]), T([4]), T([4]),
          False, 0.1, 1e-5, False),
        C("empty int32 input without parameters", T([3, 4, 0], dtype=i32), None, None, T([4]), T([4]),
          True, 0.1, 1e-5, False),
        # ... before any shape is checked: a 1-D empty input, parameters
        # of another length.
        C("empty vector input with running statistics", T([0]), None, None, T([0]), T([0]),
          True, 0.1, 1e-5, False),
        C("empty vector input with parameters", T([0]), T([3]), T([3]), None, None, False, 0.1, 1e-5, False),
        C("empty input with parameters of another length", T([0, 3]), T([5]), T([5]), T([3]), T([3]),
          True, 0.1, 1e-5, False),
        C("empty input with an empty weight refused", T([0]), T([0]), None, None, None, True, 0.1, 1e-5, False),
        # `weight[0]` of a parameter of more dims is a tensor that
        # broadcasts with the input (and may widen it).
        C("empty input with matrix parameters", T([2, 0, 3, 4]), T([1, 4]), T([1, 4], dtype=f64), None, None,
          True, 0.1, 1e-5, False),
        C("empty input with parameters of more dims", T([0, 3]), T([1, 2, 1, 3]), None, None, None,
          True, 0.1, 1e-5, False),
        C("empty input with matrix parameters that do not broadcast refused", T([1, 0, 3, 4]), T([1, 3]),
          T([1, 3]), None, None, True, 0.1, 1e-5, False),
        C("empty input with a zero-dim weight refused", T([0, 3]), T([]), None, None, None,
          True, 0.1, 1e-5, False),
        # On CUDA the cuDNN backend takes the input contiguous in its
        # suggested format; without weight and bias, or in bfloat16, not.
        C("cuda transposed input", tr(3, 4, 5, device="cuda"), T([4], device="cuda"), T([4], device="cuda"),
          T([4], device="cuda"), T([4], device="cuda"), False, 0.1, 1e-5, True),
        C("cuda transposed input training without statistics", tr(3, 4, 5, device="cuda"), T([4], device="cuda"),
          T([4], device="cuda"), None, None, True, 0.1, 1e-5, True),
        C("cuda transposed input without weight", tr(3, 4, 5, device="cuda"), None, None,
          T([4], device="cuda"), T([4], device="cuda"), False, 0.1, 1e-5, True),
        C("cuda transposed bfloat16 input", tr(3, 4, 5, dtype=bf16, device="cuda"), T([4], device="cuda"),
          T([4], device="cuda"), T([4], device="cuda"), T([4], device="cuda"), False, 0.1, 1e-5, True),
    ],
    "_native_batch_norm_legit_no_training": [
        C("channels last", cl(2, 3, 8, 8), None, None, T([3]), T([3]), 0.1, 1e-5),
        C("bool refused", T([2, 3, 4, 5], dtype=b8), None, None, T([3]), T([3]), 0.1, 1e-5),
        C("float16 3-d", T([2, 3, 4], dtype=f16), None, None, T([3]), T([3]), 0.1, 1e-5),
        C("affine", T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), 0.1, 1e-5),
        C("transposed", tr(2, 3, 5, 4), None, None, T([3]), T([3]), 0.1, 1e-5),
        C("running mean of another size", T([2, 3, 4]), None, None, T([4]), T([3]), 0.1, 1e-5),
        C("running var of another size", T([2, 3, 4]), None, None, T([3]), T([4]), 0.1, 1e-5),
        C("vector input", T([3]), T([3]), T([3]), T([3]), T([3]), 0.1, 1e-5),
        C("zero-dim input", T([]), None, None, T([3]), T([3]), 0.1, 1e-5),
    ],
    "_fill_mem_eff_dropout_mask_": [
        C("matrix", T([2, 4]), 0.5, 1, 2),
        C("transposed", tr(2, 4), 0.1, 0, 0),
        C("float16 on cuda", T([2, 4], dtype=f16, device="cuda"), 0.5, 1, 2),
        C("int64", T([3], dtype=i64), 0.5, 1, 2),
    ],
    "native_dropout": [
        C("eval keeps a transposed layout", T([3, 2], strides=[1, 3]), 0.5, False),
        C("training", T([2, 3]), 0.5, True),
        C("training transposed", tr(2, 3), 0.5, True),
        C("train None", T([2, 3]), 0.5, None),
        C("float16", T([2, 3], dtype=f16), 0.1, True),
        C("p one", T([2, 3]), 1.0, True),
        C("int64 eval", T([2, 3], dtype=i64), 0.5, False),
        C("int64 training", T([2, 3], dtype=i64), 0.5, True),
        C("complex training", T([2, 3], dtype=c64), 0.5, True),
        C("p one int64", T([2, 3], dtype=i64), 1.0, True),
        C("p zero is self", T([2, 3]), 0.0, True),
        C("p above one is not checked", T([2, 3]), 1.5, True),
        C("sliced non-dense training", T([4, 6], then=lambda t: t[:, ::2]), 0.5, True),
        C("sliced non-dense eval", T([4, 6], then=lambda t: t[:, ::2]), 0.5, False),
        # `rand_like(input) > p`: the comparison lays out afresh the noise
        # `empty_like` ordered with the size-1 dim innermost.
        C("training with gaps around a size-one dim", T([5, 1, 3], strides=[3, 3, 3], dtype=f64), 1e-05, True),
    ],
    "_fused_dropout": [
        C("training", T([2, 3]), 0.5),
        C("transposed", tr(2, 3), 0.5),
        C("channels last", cl(2, 3, 4, 4), 0.2),
        C("float16", T([2, 3], dtype=f16), 0.1),
        C("bfloat16 transposed", tr(2, 3, dtype=bf16), 0.1),
        C("float64", T([2, 3], dtype=f64), 0.5),
        C("int64", T([2, 3], dtype=i64), 0.5),
        C("bool", T([2, 3], dtype=b8), 0.5),
        C("complex", T([2, 3], dtype=c64), 0.5),
        C("p one", T([2, 3]), 1.0),
        C("p zero", T([2, 3]), 0.0),
        C("zero-dim", T([]), 0.5),
        C("empty", T([0, 3]), 0.5),
        C("sliced non-dense", T([4, 6], then=lambda t: t[:, ::2]), 0.5),
        C("expanded", T([3, 1], then=lambda t: t.expand(3, 4)), 0.5),
        C("cuda", T([2, 3], device="cuda"), 0.5),
    ],
    "_fused_dropout.out": [
        C("outs of the results' sizes", T([2, 3], device="cuda"), 0.5, out0=T([2, 3], device="cuda"),
          out1=T([2, 3], device="cuda", dtype=torch.uint8)),
        C("empty outs are resized", T([2, 3], device="cuda"), 0.5, out0=T([0], device="cuda"),
          out1=T([0], device="cuda", dtype=torch.uint8)),
        C("float64 out", T([2, 3], device="cuda"), 0.5, out0=T([2, 3], device="cuda", dtype=f64),
          out1=T([2, 3], device="cuda", dtype=torch.uint8)),
        C("bool mask out", T([2, 3], device="cuda"), 0.5, out0=T([2, 3], device="cuda"),
          out1=T([2, 3], device="cuda", dtype=b8)),
    ],
    "dropout": [
        C("training keeps a transposed layout", T([3, 2], strides=[1, 3]), 0.1, True),
    ] + dropout_cases() + [C(title, *args) for title, args in DROPOUT_DISPATCHED.items()],
    "_adaptive_avg_pool2d": [
        C("global", T([2, 3, 8, 8]), [1, 1]),
        C("channels last", cl(2, 3, 8, 8), [2, 3]),
        C("unbatched", T([3, 8, 8]), [4, 4]),
        C("larger output", T([2, 3, 4, 4]), [8, 8]),
        C("int64 refused", T([2, 3, 8, 8], dtype=i64), [2, 2]),
        C("2-d input", T([8, 8]), [2, 2]),
        # Its meta takes an output size list of any length.
        C("three output sizes", T([2, 0, 3]), [2, 0, 3]),
        C("no output size", T([5, 2, 1]), []),
        C("one output size of channels last refused", cl(2, 3, 8, 8), [2]),
    ],
    "adaptive_avg_pool2d": [
        C("global of channels last", cl(2, 3, 8, 8), [1, 1]),
        C("global", T([2, 3, 8, 8]), [1, 1]),
        C("channels last", cl(2, 3, 8, 8), [2, 3]),
        C("unbatched", T([3, 8, 8]), [4, 4]),
        C("2-d input", T([8, 8]), [2, 2]),
        # An output of ones is a mean over the last two dims, of any rank.
        C("global of a 2-d input", T([8, 8]), [1, 1]),
        C("global of a 5-d input", T([2, 3, 4, 5, 6]), [1, 1]),
        C("global of int64 refused", T([2, 3, 8, 8], dtype=i64), [1, 1]),
        C("int64 pooled", T([2, 3, 8, 8], dtype=i64), [2, 2]),
        C("negative output size", T([2, 3, 8, 8]), [-1, 1]),
        C("one output size", T([2, 3, 8, 8]), [1]),
    ],
    "avg_pool2d": [
        C("stride padding ceil mode", T([2, 3, 9, 9]), [3, 3], [2, 2], [1, 1], True),
        C("channels last", cl(2, 3, 8, 8), [2, 2]),
        C("single ints", T([2, 3, 8, 8]), [2]),
        C("unbatched", T([3, 8, 8]), [2, 2]),
        C("divisor", T([2, 3, 8, 8]), [2, 2], divisor_override=3),
        C("kernel larger than input", T([2, 3, 2, 2]), [3, 3]),
        C("padding too large", T([2, 3, 8, 8]), [2, 2], [1, 1], [2, 2]),
        C("2-d input", T([8, 8]), [2, 2]),
        C("1-d input", T([8]), [2, 2]),
        C("5-d input", T([1, 1, 1, 8, 8]), [2, 2]),
        C("three kernel sizes", T([1, 1, 8, 8]), [2, 2, 2]),
        C("uint8 input", T([1, 1, 8, 8], dtype=torch.uint8), [2, 2]),
        C("zero divisor", T([1, 1, 8, 8]), [2, 2], divisor_override=0),
    ],
    "max_pool2d": [
        C("stride and padding", T([2, 3, 9, 9]), [3, 3], [2, 2], [1, 1]),
        C("default stride", T([2, 3, 8, 8]), [2, 2]),
        C("channels last", cl(2, 3, 8, 8), [2, 2]),
        C("unbatched", T([3, 8, 8]), [2, 2]),
        C("ceil mode and dilation", T([1, 2, 10, 10]), [3, 3], [2, 2], [0, 0], [2, 2], True),
        C("kernel larger than input", T([1, 1, 2, 2]), [3, 3]),
    ],
    "full_like": [
        C("transposed kept", T([3, 2], strides=[1, 3]), 7),
        C("channels last to float16", cl(2, 3, 8, 8), 7.0, dtype=f16),
        C("int value into float", T([2, 3]), 1),
        C("float value into int", T([2, 3], dtype=i64), 1.5),
        C("contiguous format", tr(2, 3), 1, memory_format=torch.contiguous_format),
        C("storage offset dropped", off(2, 3), 0),
        C("cuda", T([2, 3]), 1, device=torch.device("cuda:0")),
        C("sparse layout refused", T([2, 3]), 1.0, layout=torch.sparse_coo),
    ],
    "zeros": zero_fill_cases(),
    "_efficientzerotensor": zero_fill_cases(),
    "ones": [
        C("int32", [2, 3], dtype=i32),
        C("matrix", [2, 3]),
        C("bool", [4], dtype=b8),
        C("zero-dim", []),
        C("negative size", [2, -3]),
        C("sparse layout refused", [2, 3], layout=torch.sparse_coo),
    ],
    "empty_strided": [
        C("transposed strides", [2, 3], [1, 2]),
        C("contiguous", [2, 3], [3, 1]),
        C("overlapping", [2, 3], [0, 1]),
        C("int64", [4], [2], dtype=i64),
        C("zero-dim", [], []),
        C("lengths differ", [2, 3], [1]),
        C("negative size", [-1], [1]),
        C("negative size and lengths differ", [-1, 2], [1]),
        C("sparse layout refused", [2, 3], [3, 1], layout=torch.sparse_coo),
        # `set_sizes_and_strides`: a negative stride is 1 in the last dim,
        # else the next stride times max(the next size, 1).
        C("negative strides", [2, 3, 0, 4], [-1, -2, -1, -5]),
    ],
    "scalar_tensor": [
        C("int value is float32", 3),
        C("float value", 1.5),
        C("bool value", True),
        C("dtype", 3, dtype=i64),
        C("cuda", 2.0, device=torch.device("cuda:0")),
    ],
    "arange": [
        C("int end", 5),
        C("float end", 2.5),
        C("dtype", 5, dtype=f64),
        C("zero", 0),
        C("negative end refused", -3),
        C("sparse layout refused", 5, layout=torch.sparse_coo),
    ],
    "arange.start_step": [
        C("int step", 0, 10, 3),
        C("float step", 0, 1, 0.25),
        C("negative step", 10, 0, -3),
        C("dtype", 0, 5, 1, dtype=f64),
        C("empty", 3, 3, 1),
        C("zero step refused", 0, 5, 0),
        C("wrong sign refused", 0, 5, -1),
    ],
    "sym_size.int": [
        C("last dim", T([2, 3, 4]), -1),
        C("first dim", T([2, 3, 4]), 0),
        C("dim out of range", T([2, 3]), 2),
    ],
    "sym_numel": [
        C("matrix", T([2, 3])),
        C("zero-dim", T([])),
        C("empty", T([0, 3])),
    ],
    "sym_storage_offset": [
        C("fresh", T([2, 3])),
        C("offset view", off(2, 3)),
    ],
    "sym_stride.int": [
        C("last dim", T([2, 3, 4]), -1),
        C("transposed", tr(2, 3), 0),
        C("dim out of range", T([2, 3]), 2),
    ],
    "sym_is_contiguous": [
        C("contiguous", T([2, 3])),
        C("transposed", tr(2, 3)),
        C("one row transposed", tr(1, 3)),
        C("channels-last asked of a contiguous tensor", T([2, 3, 4, 5]), torch.channels_last),
        C("channels-last", cl(2, 3, 4, 5), torch.channels_last),
        C("channels-last of a matrix", T([2, 3]), torch.channels_last),
        # Any other format asks the default contiguity.
        C("preserve_format of a contiguous tensor", T([2, 3]), torch.preserve_format),
        C("preserve_format of a transposed tensor", tr(2, 3), torch.preserve_format),
    ],
    "_assert_tensor_metadata": [
        C("nothing asked", T([2, 3])),
        C("all matching", tr(2, 3), [2, 3], [1, 2], f32, device=torch.device("cpu"), layout=torch.strided),
        C("size mismatch", T([2, 3]), [2, 4]),
        C("stride mismatch", tr(2, 3), [2, 3], [3, 1]),
        C("dtype mismatch", T([2, 3]), None, None, f64),
        C("device mismatch", T([2, 3]), device=torch.device("cuda:0")),
        C("stride of a vector", T([3]), None, [2]),
        C("sizes of another length", T([3]), [3, 1]),
    ],
    "_local_scalar_dense": [
        C("int64", T([], dtype=i64)),
        C("float32", T([])),
        C("bool", T([], dtype=b8)),
        C("one-element vector", T([1], dtype=i32)),
        C("two elements reads the first", T([2])),
    ],
    "_assert_async": [
        C("bool", T([], dtype=b8)),
        C("one-element float", T([1])),
        C("two elements", T([2], dtype=b8)),
        C("empty", T([0], dtype=b8)),
    ],
    "_assert_async.msg": [
        C("bool", T([], dtype=b8), "checked"),
        C("two elements", T([2], dtype=b8), "checked"),
    ],
    "_assert_scalar": [
        C("true", True, "checked"),
        C("nonzero int", 3, "checked"),
        C("false refused", False, "checked"),
    ],
    "sym_constrain_range": [
        C("in range", 3, min=0, max=5),
        C("no bounds", 3),
        C("below min refused", 3, min=4),
        C("above max refused", 3, max=2),
        # A Python bool is the int it is.
        C("a bool", True, min=0, max=5),
        C("a bool below min refused", True, min=2),
    ],
    "sym_constrain_range_for_size": [
        C("in range", 3, min=0, max=5),
        C("no bounds", 3),
        C("above max refused", 3, max=2),
        # Without bounds only `size >= 0` is checked, of any number.
        C("a float without bounds", 2.5),
        C("a negative float without bounds refused", -2.5),
        C("a bool without bounds", True),
        C("a bool with bounds refused", True, min=0, max=5),
        # A plain int given bounds is checked against those alone.
        C("a negative int below a max", -1, max=4),
        C("a negative int above a negative min", -1, min=-3),
        C("an int below min refused", 3, min=4),
        C("a negative int without bounds refused", -1),
    ],
    "to.dtype": [
        C("other dtype of permuted", T([4, 2, 3], strides=[1, 12, 4]), f16),
        C("same dtype is self", T([4, 2, 3], strides=[1, 12, 4]), f32),
        C("copy", T([2, 3]), f32, False, True),
        C("channels last format", T([1, 2, 3, 3]), f32, memory_format=CL),
    ],
    **{
        op: [
            C("permuted float32", T([4, 2, 3], strides=[1, 12, 4])),
            C("already of that dtype is self", T([2, 3], dtype=dt)),
            C("non-dense int64", T([4, 6], dtype=i64, then=lambda t: t[1:, ::2]), True),
            C("channels-last bool", cl(1, 2, 3, 3, dtype=b8)),
        ]
        for op, dt in [("_cast_Byte", u8), ("_cast_Char", torch.int8), ("_cast_Double", f64),
                       ("_cast_Float", f32), ("_cast_Half", f16), ("_cast_Int", i32),
                       ("_cast_Long", i64), ("_cast_Short", torch.int16)]
    },
    "_autocast_to_reduced_precision": [
        C("float32 on the cpu", T([4, 2, 3], strides=[1, 12, 4]), True, True, f16, bf16),
        C("float32 on the cpu, disabled there", T([2, 3]), True, False, f16, bf16),
        C("float32 on cuda", T([2, 3], device="cuda"), True, False, f16, bf16),
        C("float32 on cuda, disabled there", T([2, 3], device="cuda"), False, True, f16, bf16),
        C("float64 is self", T([2, 3], dtype=f64), True, True, f16, bf16),
        C("float16 is self", T([2, 3], dtype=f16), True, True, f16, bf16),
        C("to its own dtype is self", T([2, 3]), True, True, f32, f32),
        C("on meta is self", T([2, 3], device="meta"), True, True, f16, bf16),
    ],
    "_autocast_to_full_precision": [
        C("float16 on the cpu", T([4, 2, 3], strides=[1, 12, 4], dtype=f16), True, True),
        C("bfloat16 on the cpu", T([2, 3], dtype=bf16), False, True),
        C("bfloat16 on the cpu, disabled there", T([2, 3], dtype=bf16), True, False),
        C("float16 on cuda", T([2, 3], dtype=f16, device="cuda"), True, False),
        C("float32 is self", T([2, 3]), True, True),
        C("int64 is self", T([2, 3], dtype=i64), True, True),
    ],
    "to.dtype_layout": [
        C("other dtype of permuted", T([4, 2, 3], strides=[1, 12, 4]), dtype=f64),
        C("nothing changes is self", T([4, 2, 3], strides=[1, 12, 4])),
        C("device", T([2, 3]), device=torch.device("cuda:0")),
        C("copy", off(2, 3), copy=True),
        # Pinned memory is refused by `_to_copy`, which `self` itself skips.
        C("pinned memory of a copy refused", T([2, 3]), dtype=f64, pin_memory=True),
        C("pinned memory of self itself", T([2, 3]), dtype=f32, pin_memory=True),
        C("non-dense moved to cuda", T([4, 6], then=lambda t: t[1:, ::2]), device=torch.device("cuda:0")),
        C("non-dense copied to its own device", T([4, 6], then=lambda t: t[1:, ::2]), device=torch.device("cpu"), copy=True),
    ],
    "item": [
        C("int64", T([], dtype=i64)),
        C("float", T([1])),
        C("two elements refused", T([2], dtype=i64)),
    ],
})


# ---- symbolic cases ----------------------------------------------------------------


# The derived symbolic cases stay beside the written ones.
KEEP_DERIVED = {"softmax.int", "_assert_async"}

SYMBOLIC = [
    ("_fill_mem_eff_dropout_mask_ of a dynamic matrix", "_fill_mem_eff_dropout_mask_",
     Case("", D([2, 4], "x"), 0.5, 1, 2)),
    ("fill.Tensor_out of a dynamic matrix", "fill.Tensor_out",
     Case("", D([2, 3], "x"), T([], dtype=f64), out=T([0]))),
    ("repeat_interleave.Tensor_out of dynamic repeats", "repeat_interleave.Tensor_out",
     Case("", D([3], "repeats", dtype=i64), output_size=6, out=T([0], dtype=i64))),
    ("full_like.out of a dynamic transposed input", "full_like.out",
     Case("", D([3, 2], "x", strides=lambda s: [1, s[0]]), 7, out=T([0]))),
    ("_fused_dropout of a dynamic channels-last input", "_fused_dropout",
     Case("", D([2, 3, 4, 4], "x", fmt=CL), 0.5)),
    ("_fused_dropout of a dynamic float16 input", "_fused_dropout", Case("", D([2, 3], "x", dtype=f16), 0.5)),
    ("_fused_dropout.out of a dynamic input into empty outs", "_fused_dropout.out",
     Case("", D([2, 3], "x"), 0.5, out0=T([0]), out1=T([0], dtype=u8))),
    # The meta leaves the check to run time: any tensor is taken.
    ("_assert_async of a dynamic vector", "_assert_async", C("", D([2], "self", dtype=b8))),
    # `_softmax`'s meta checks no dim: one out of range is taken.
    ("softmax.int with a dim out of range, dynamic sizes", "softmax.int", C("", D([2, 3], "self"), 2)),
    # `torch._refs.pow` squares as `a * a`, a multiplication through the
    # mode: on symbolic sizes its fast binary path makes an input that is
    # contiguous but for size-1 dims contiguous; a cube keeps the layout.
    ("pow.Tensor_Scalar squaring a dynamic channels-last batch of 1x1 maps", "pow.Tensor_Scalar",
     Case("", D([4, 6, 1, 1], "x", ["dynamic", "static", "static", "static"], strides=[6, 1, 6, 6]), 2)),
    ("pow.Tensor_Scalar cubing a dynamic channels-last batch of 1x1 maps", "pow.Tensor_Scalar",
     Case("", D([4, 6, 1, 1], "x", ["dynamic", "static", "static", "static"], strides=[6, 1, 6, 6]), 3)),
    # `elementwise_meta` converts an operand of another dtype with the C++
    # `to`, which fixes its symbolic sizes at their hints.
    ("add.Scalar of a dynamic int tensor and a float (sizes fixed)", "add.Scalar",
     Case("", D([2, 5, 6], "x", ["static", "dynamic", "dynamic"], dtype=i64), 2.5)),
    ("add.Scalar of a dynamic float tensor (sizes kept)", "add.Scalar",
     Case("", D([2, 5, 6], "x", ["static", "dynamic", "dynamic"]), 2.5)),
    ("special_bessel_y0 of a dynamic int tensor (sizes fixed)", "special_bessel_y0",
     Case("", D([5, 6], "x", dtype=i64))),
    ("addcmul of a dynamic bool input and float tensors (sizes fixed)", "addcmul",
     Case("", D([5, 6], "x", dtype=b8), D([5, 6], "y"), D([5, 6], "z"))),
    ("linear of a dynamic contiguous batch with a bias (flattened)", "linear",
     Case("", D([2, 5, 3], "x", ["dynamic", "dynamic", "static"]), T([4, 3]), T([4]))),
    ("linear of a dynamic batch with a bias (flattened: Mod(s0, 5*s0) is s0, no guard)", "linear",
     Case("", D([4, 5, 3], "x", ["dynamic", "static", "static"]), T([4, 3]), T([4]))),
    ("reshape merging two dynamic dims (Mod(s0, s0*s1) is never 0: no guard)", "reshape",
     Case("", D([2, 1, 5, 6], "x", ["static", "static", "dynamic", "dynamic"]), [2, 1, -1])),
    # The copy path's guard `(s0*s1)//3 < s1` bounds s0 below 3 through
    # `_refine_ranges`: s0 becomes 2.
    ("reshape of a dynamic transposed matrix into 3 rows", "reshape",
     Case("", D([2, 3], "x", strides=[1, 2]), [3, -1])),
    ("reshape of a dynamic matrix, the first size inferred", "reshape",
     Case("", D([2, 12], "x"), [2, -1, 6])),
    # A contiguous input is viewed (`reshape_symint`'s fast path): Python's
    # `infer_size` and `_reshape_view_helper`, whose split size
    # `n//(n//3)` simplifies to 3.
    ("reshape of a dynamic matrix into 3 columns", "reshape", Case("", D([4, 6], "x"), [-1, 3])),
    ("reshape_as of a dynamic matrix into 3 columns", "reshape_as",
     Case("", D([4, 6], "x"), D([8, 3], "y", ["static", "static"]))),
    ("linear of a dynamic transposed batch with a bias (matmul, add)", "linear",
     Case("", D([2, 4, 3], "x", ["dynamic", "static", "static"], strides=[12, 1, 4]), T([5, 3]), T([5]))),
    # native_layer_norm's reference runs through the fake mode: its
    # arithmetic steps take the fast path on symbolic sizes.
    ("layer_norm of a dynamic batch whose size-1 dims have strides of their own", "layer_norm",
     Case("", D([2, 1, 1, 6], "x", ["dynamic", "static", "static", "static"], strides=[6, 1, 1, 1]), [6])),
    ("native_layer_norm of a dynamic permuted pooling with an affine", "native_layer_norm",
     Case("", D([2, 1, 1, 6], "x", ["dynamic", "static", "static", "static"], strides=[6, 1, 1, 1]),
          [6], T([6]), T([6]), 1e-5)),
    ("bmm.dtype keeping the dtype, dynamic sizes", "bmm.dtype",
     Case("", D([5, 2, 3], "self"), D([5, 3, 4], "mat2"), f32)),
    # The meta's `.to(out_dtype)` fixes the sizes outside the dispatcher.
    ("bmm.dtype float16 to float32, dynamic sizes", "bmm.dtype",
     Case("", D([5, 2, 3], "self", dtype=f16), D([5, 3, 4], "mat2", dtype=f16), f32)),
    (BMM_DTYPE_DISPATCHED, "bmm.dtype",
     Case("", D([5, 2, 3], "self", dtype=f16), D([5, 3, 4], "mat2", dtype=f16), f32)),
    ("add broadcast equal sizes", "add.Tensor", Case("", D([3, 4], "x"), D([3, 4], "y"))),
    ("add broadcast against size one", "add.Tensor", Case("", D([3, 4], "x"), D([1, 4], "y", ["static", "dynamic"]))),
    # Output strides on symbolic sizes: the fake mode's fast binary path,
    # then the references' order (inputs broadcast with expand's strides).
    ("add of a dynamic input whose size-1 dim has a stride of its own", "add.Tensor",
     Case("", D([2, 1, 3], "x", ["dynamic", "static", "static"], strides=[3, 1, 1]), T([3]))),
    # A row broadcast over added dims, one of size 1: on symbolic sizes the
    # fake `expand` is `broadcast_in_dim`, which gives that dim the row's
    # stride times its length (ATen's `expand` gives it 0 after a widened
    # dim), and the row's order then places it outermost.
    ("add of a dynamic row to a column-major input with an inner size-1 dim", "add.Tensor",
     Case("", D([8], "y"), D([7, 1, 5, 8], "x", ["dynamic", "static", "dynamic", "dynamic"],
                             strides=lambda s: [1, s[0], s[0], s[0] * s[2]]))),
    # Not contiguous, so the reference answers, multiplying `other` by
    # `alpha` first (laid out afresh).
    ("add with alpha of a dynamic input and a transposed other with a size-1 dim", "add.Tensor",
     Case("", D([2, 1, 3], "x", ["dynamic", "static", "dynamic"], strides=lambda s: [1, 1, s[0]]),
          D([2, 1, 3], "y", ["dynamic", "static", "dynamic"], strides=lambda s: [1, s[0] * s[2], s[0]]), alpha=2)),
    ("sub with alpha of a zero-dim input and a dynamic other with a size-1 dim", "sub.Tensor",
     Case("", T([]), D([3, 1, 2], "y", ["dynamic", "static", "dynamic"], strides=lambda s: [1, 1, s[0]]), alpha=2)),
    ("mul of a column-major input with an inner size-1 dim and a dynamic row", "mul.Tensor",
     Case("", D([7, 1, 5, 8], "x", ["dynamic", "static", "dynamic", "dynamic"],
                strides=lambda s: [1, s[0], s[0], s[0] * s[2]]), D([8], "y"))),
    # The fake mode's fast path tests the operands as given: the float32
    # row is not dense, so the reference answers, on the row converted to
    # float64 (dense), and the size-1 dim keeps its place by its stride.
    ("mul of a dynamic float64 input by a strided float32 row", "mul.Tensor",
     Case("", D([2, 1, 3, 4], "x", ["dynamic", "static", "dynamic", "dynamic"], strides=[12, 4, 4, 1], dtype=f64),
          T([3, 4], strides=[8, 2]))),
    ("mul of a dynamic transposed input and a row", "mul.Tensor",
     Case("", D([4, 3], "x", ["static", "dynamic"], strides=[1, 4]), T([4, 1]))),
    ("where of a dynamic input whose size-1 dim has a stride of its own", "where.self",
     Case("", T([3], dtype=b8), D([2, 1, 3], "x", ["dynamic", "static", "static"], strides=[3, 1, 1]), T([3]))),
    ("cat along dim 0", "cat", Case("", [D([3, 4], "x"), D([5, 4], "y")], 0)),
    ("mm inner sizes", "mm", Case("", D([2, 3], "x"), D([3, 4], "y"))),
    ("view infers minus one", "view", Case("", D([4, 6], "x"), [-1])),
    # The inferred size `n // (n // 2)` is `2` once both divisions are
    # known exact (the first pass of the ShapeEnv's `simplify`).
    ("view infers minus one after a size of dynamic sizes", "view", Case("", D([2, 3, 4], "x"), [-1, 2])),
    ("sum keepdim", "sum.dim_IntList", Case("", D([3, 4, 5], "x"), [1], True)),
    ("expand size one dim", "expand", Case("", D([1, 4], "x", ["static", "dynamic"]), [3, -1])),
    ("slice with a constant end", "slice.Tensor", Case("", D([8, 2], "x"), 0, 0, 5)),
    ("conv2d output size", "convolution", Case(
        "", D([2, 3, 10, 12], "x", ["static", "static", "dynamic", "dynamic"]), T([4, 3, 3, 3]), None,
        [2, 2], [1, 1], [1, 1], False, [0, 0], 1)),
    # The fake kernel computes with a zero dilation (eager refuses it).
    ("conv2d of a zero dilation and a dynamic batch", "convolution", Case(
        "", D([2, 3, 8, 8], "x", ["dynamic", "static", "static", "static"]), T([4, 3, 3, 3]), None,
        [1, 1], [0, 0], [0, 0], False, [0, 0], 1)),
    ("diff along a dynamic dim", "diff", Case("", D([3, 6], "x"))),
    ("diff with a dynamic prepend", "diff", Case("", D([3, 6], "x"), 2, -1, D([3, 4], "p", ["static", "dynamic"]))),
    ("duck sized operands", "add.Tensor", Case(
        "", D([3, 4], "x", ["duck", "duck"]), D([3, 4], "y", ["duck", "duck"]))),
    ("narrow a dynamic dim", "narrow", Case("", D([8, 2], "x"), 0, 1, 3)),
    ("narrow from the end of a dynamic dim", "narrow", Case("", D([8, 2], "x"), 0, -2, 2)),
    ("unflatten a dynamic dim", "unflatten.int", Case("", D([6, 4], "x"), 0, [2, -1])),
    # ATen's C++ `infer_size_dv` checks the inferred size as one
    # disjunction, which teaches no divisibility: the view then splits
    # `s1` by `s1//6` and keeps `s1//(s1//6)` for the 6.
    ("unflatten a dynamic dim, the first size inferred", "unflatten.int",
     Case("", D([2, 12], "x"), 1, [-1, 6])),
    ("view_as dynamic sizes", "view_as", Case("", D([4, 6], "x"), D([24], "y"))),
    ("masked_fill broadcasting a dynamic mask", "masked_fill.Scalar",
     Case("", D([3, 4], "x", ["static", "dynamic"]), D([1, 4], "m", ["static", "dynamic"], dtype=b8), 1.0)),
    ("new_zeros of dynamic sizes", "new_zeros", Case("", D([3, 4], "x"), [5])),
    ("upsample nearest by two", "upsample_nearest2d.vec",
     Case("", D([2, 3, 8, 10], "x", ["static", "static", "dynamic", "dynamic"]), None, [2.0, 2.0])),
    ("upsample bilinear by a half", "upsample_bilinear2d.vec",
     Case("", D([2, 3, 8, 10], "x", ["static", "static", "dynamic", "dynamic"]), None, False, [0.5, 0.5])),
    # A factor that is not an integer keeps `TruncToInt(c*ToFloat(s))`,
    # evaluated in floating point: 100 * 0.29 is 28.999999999999996.
    ("upsample nearest by a third and by 0.29", "upsample_nearest2d.vec",
     Case("", D([1, 2, 9, 100], "x", ["static", "static", "dynamic", "dynamic"]), None, [1 / 3, 0.29])),
    # The decomposition samples the input's dims after the first two,
    # zipped with the output sizes: a 3-D input in its last dim only.
    ("upsample_bilinear2d of a 3-d input of a dynamic batch", "upsample_bilinear2d",
     Case("", D([3, 8, 10], "x", ["dynamic", "static", "static"]), [5, 7], False)),
    # The decomposition's steps guard each output size: its source
    # positions' conversion (`o >= 2`), the fast binary path (`o != 1`),
    # the view along the dim (`o != 0`), with `align_corners` the scale's
    # `out_size > 1`; an output size of 1 at the hints is specialised.
    ("upsample bilinear by 0.29 and 1.5 of dynamic sizes", "upsample_bilinear2d.vec",
     Case("", D([2, 3, 8, 10], "x"), None, False, [0.29, 1.5])),
    ("upsample bilinear by 0.29 to one row of dynamic sizes", "upsample_bilinear2d.vec",
     Case("", D([2, 3, 4, 10], "x"), None, False, [0.29, 1.5])),
    ("upsample bilinear aligned by a half of dynamic sizes", "upsample_bilinear2d.vec",
     Case("", D([2, 3, 8, 10], "x"), None, True, [0.5, 0.5])),
    # The decomposition export runs checks no empty dim.
    ("upsample bilinear of no channels and a dynamic batch", "upsample_bilinear2d.vec",
     Case("", D([2, 0, 8, 10], "x", ["dynamic", "static", "static", "static"]), None, False, [2.0, 2.0])),
    ("attention with dynamic sequence lengths", "scaled_dot_product_attention",
     Case("", D([2, 4, 7, 16], "q", ["static", "static", "dynamic", "static"]),
          D([2, 4, 9, 16], "k", ["static", "static", "dynamic", "static"]),
          D([2, 4, 9, 8], "v", ["static", "static", "dynamic", "static"]))),
    ("repeat_interleave of a dynamic dim", "repeat_interleave.self_int", Case("", D([3, 4], "x"), 2, 0)),
    ("split a dynamic dim", "split.Tensor", Case("", D([7, 3], "x"), 3)),
    ("split a dynamic dim in one piece", "split.Tensor", Case("", D([5, 3], "x"), 8)),
    # One piece of a dim whose hint is the split size: the guard
    # `Eq((s0 + 1)//2, 1)` bounds s0 by 2 (sympy settles the lower half of
    # the floor division for a positive s0), so s0 becomes 2.
    ("split a dynamic dim of the split size in one piece", "split.Tensor", Case("", D([2, 3], "x"), 2)),
    ("split a dynamic dim of the split size in one piece, last dim", "split.Tensor",
     Case("", D([3, 4], "x", ["static", "dynamic"]), 4, -1)),
    ("chunk a dynamic dim", "chunk", Case("", D([7, 3], "x"), 3)),
    ("chunk the last dynamic dim", "chunk", Case("", D([5, 9], "x"), 4, -1)),
    ("chunk a dynamic dim in more pieces than its size", "chunk", Case("", D([2, 3], "x"), 5)),
    ("unsafe_chunk a dynamic dim", "unsafe_chunk", Case("", D([7, 3], "x"), 3)),
    ("unbind a dynamic dim", "unbind.int", Case("", D([3, 4], "x"), 1)),
    ("movedim of dynamic dims", "movedim.int", Case("", D([2, 3, 4], "x"), 0, -1)),
    ("swapaxes of dynamic dims", "swapaxes", Case("", D([2, 3, 4], "x"), 0, 2)),
    ("feature_dropout of dynamic dims", "feature_dropout", Case("", D([2, 3, 4, 5], "x"), 0.5, True)),
    ("silu_ of dynamic dims", "silu_", Case("", D([3, 4], "x"))),
    ("diagonal of dynamic dims", "diagonal", Case("", D([3, 5], "x"), 1)),
    ("diagonal with a negative offset", "diagonal", Case("", D([5, 3], "x"), -2)),
    # Statically empty, yet `torch._refs.diagonal` (symbolic inputs) moves
    # the offset, where ATen's kernel (static ones) keeps it.
    ("diagonal statically empty of a dynamic tensor", "diagonal",
     Case("", D([1, 3, 4], "x", ["static", "dynamic", "dynamic"]), -2, 0, 1)),
    ("scatter into dynamic sizes", "scatter.src",
     Case("", D([4, 3], "x"), 0, D([2, 3], "i", ["dynamic", "static"], dtype=i64), D([2, 3], "s", ["dynamic", "static"]))),
    ("reflection_pad2d of dynamic dims", "reflection_pad2d",
     Case("", D([2, 3, 5, 6], "x", ["static", "static", "dynamic", "dynamic"]), [1, 2, 3, 4])),
    ("avg_pool3d of dynamic dims", "avg_pool3d",
     Case("", D([2, 3, 6, 7, 8], "x", ["static", "static", "dynamic", "dynamic", "dynamic"]), [2])),
    ("avg_pool1d of a dynamic length", "avg_pool1d",
     Case("", D([2, 3, 10], "x", ["static", "static", "dynamic"]), [3])),
    ("group norm with the sizes of a dynamic input", "native_group_norm",
     Case("", D([2, 6, 4], "x"), D([6], "w"), None, SizeOf("x", 0), SizeOf("x", 1), SizeOf("x", 2), 3, 1e-5)),
    # With a symbolic size the fake mode runs the reference from the
    # decomposition table on the CPU, not as a meta kernel: its CPU path
    # broadcasts the folded weight, guarding the channel count equal to C.
    ("group norm of a dynamic input given static sizes and affine parameters", "native_group_norm",
     Case("", D([2, 6, 4], "x"), T([6]), T([6]), 2, 6, 4, 3, 1e-5)),
    ("group norm of a dynamic channels-last input with a weight", "native_group_norm",
     Case("", D([2, 4, 3, 3], "x", strides=[36, 1, 12, 4], dtype=f16), T([4], dtype=f16), None,
          SizeOf("x", 0), 4, 9, 2, 1e-5)),
    # Its out form, torchgen's generated kernel, reads the results' sizes
    # as integers: fixed at their hints without a weight (and under the
    # Python dispatcher), refused with one in a plain fake mode.
    ("native_group_norm.out of a dynamic input without a weight", "native_group_norm.out",
     Case("", D([2, 4, 3, 3], "x"), None, None, 2, 4, 9, 2, 1e-5, out0=T([0]), out1=T([0]), out2=T([0]))),
    (GROUP_NORM_OUT_DISPATCHED, "native_group_norm.out",
     Case("", D([2, 6, 4], "x"), T([6]), T([6]), 2, 6, 4, 3, 1e-5, out0=T([0]), out1=T([0]), out2=T([0]))),
    ("empty of a symbolic size", "empty.memory_format", Case("", [S(5, "n"), 3])),
    ("empty_permuted of a symbolic size", "empty_permuted", Case("", [S(5, "n"), 3, 4], [2, 0, 1])),
    ("empty_strided of symbolic sizes and strides", "empty_strided", Case("", [S(5, "n"), 3], [1, S(5, "n")])),
    ("floor_divide of dynamic floats by a column", "floor_divide",
     Case("", D([2, 3], "x"), D([2, 1], "y", ["dynamic", "static"]))),
    # On symbolic inputs the references run outside the meta kernel, where
    # a zero-dim CPU tensor stays a CPU scalar (`_maybe_broadcast` keeps
    # it): the transposed input's layout survives every step.
    ("floor_divide of a dynamic transposed int64 matrix by a zero-dim tensor", "floor_divide",
     Case("", D([2, 3], "x", ["static", "dynamic"], strides=[1, 2], dtype=i64), T([]))),
    ("_assert_tensor_metadata of its own symbolic sizes", "_assert_tensor_metadata",
     Case("", D([2, 3], "x"), [SizeOf("x", 0), SizeOf("x", 1)], [SizeOf("x", 1), 1])),
    ("_assert_tensor_metadata of dynamic sizes against static ones", "_assert_tensor_metadata",
     Case("", D([2, 3], "x"), [2, 3])),
    ("full of a symbolic size", "full", Case("", [S(4, "n"), 2], 1.5)),
    ("_efficientzerotensor of symbolic sizes", "_efficientzerotensor", Case("", [S(4, "n"), S(3, "m")])),
    ("rand.generator of symbolic sizes", "rand.generator", Case("", [S(4, "n"), 3], generator=None)),
    ("randn.generator of symbolic sizes", "randn.generator", Case("", [S(4, "n"), S(3, "m")], generator=None)),
    ("randint.generator of a symbolic size", "randint.generator", Case("", 5, [S(4, "n"), 3], generator=None)),
    ("randint.low_generator of a symbolic size", "randint.low_generator",
     Case("", 1, 5, [S(4, "n")], generator=None)),
    ("randperm.generator of a symbolic length", "randperm.generator", Case("", S(5, "n"), generator=None)),
    ("ones of symbolic sizes", "ones", Case("", [S(4, "n"), S(3, "m")])),
    ("zeros of symbolic sizes", "zeros", Case("", [S(4, "n"), S(3, "m")])),
    ("rand of a symbolic size", "rand", Case("", [S(4, "n"), 3])),
    ("randn of a symbolic size", "randn", Case("", [3, S(4, "n")])),
    ("randperm of a symbolic length", "randperm", Case("", S(5, "n"))),
    ("batch norm training of dynamic dims", "_native_batch_norm_legit",
     Case("", D([2, 3, 4, 5], "x", ["dynamic", "static", "dynamic", "dynamic"]), None, None, T([3]), T([3]),
          True, 0.1, 1e-5)),
    # Output strides whose sizes sympy cannot show to be at least 1 as it
    # multiplies them (`((s1 - 2)//2) + 1` folds to `(s1//2)`, `(s2//2) - 1`
    # stays a sum): PyTorch prints those sums as factors.
    ("max_pool2d_with_indices of a dynamic input with a dilated window", "max_pool2d_with_indices",
     Case("", D([1, 2, 3, 6], "x", ["static", "dynamic", "dynamic", "dynamic"]), [3, 3], [2, 2], [0, 0],
          [1, 2], True)),
    ("avg_pool2d of a dynamic input without padding", "avg_pool2d",
     Case("", D([2, 3, 9, 10], "x", ["static", "dynamic", "dynamic", "dynamic"]), [3, 3], [3, 3])),
    ("reflection_pad2d of a dynamic input", "reflection_pad2d",
     Case("", D([1, 3, 5, 6], "x", ["static", "dynamic", "dynamic", "dynamic"]), [1, 1, -1, 0])),
]
