"""Writes into a tensor whose elements overlap in memory (an expanded
tensor: a dim of more than one element at stride 0), appended to cases
defined elsewhere (the format is described in `export_op_cases.py`).

In a plain fake mode only C++ kernels that assert no internal overlap
refuse them (TensorIterator's outputs as given; `scatter`'s and
`index_reduce`'s out once resized), in ATen's words, and metas that
restride their outs (`meta_sort`) find an expanded out's storage too
small. Under the Python
dispatcher, as export traces, the references and decompositions that
write through `copy_` reach its Python meta, which refuses them too
(`meta_copy_`'s words), while in-place forms with Python metas of their
own and structured kernels writing their outs themselves take them. The
titles in `DISPATCHED` run under the dispatcher.
"""

from op_case_inputs import C, T, i64

DISPATCHER = "under the Python dispatcher"


def expanded(*sizes, **kw):
    """A contiguous tensor of `sizes` whose first dim of two or more
    elements has stride 0, as `expand` leaves a broadcast dim."""
    strides, acc = [], 1
    for s in reversed(sizes):
        strides.insert(0, acc)
        acc *= max(s, 1)
    first = next(d for d, s in enumerate(sizes) if s >= 2)
    strides[first] = 0
    return T(list(sizes), strides=strides, **kw)


def matrix():
    return T([2, 3])


# operator -> (title, args, kwargs) of a call writing an expanded tensor:
# each is recorded in a plain fake mode and under the Python dispatcher.
WRITES = {
    # TensorIterator's out, refused as given.
    "hardshrink_backward.grad_input": ([matrix(), matrix(), 0.5], {"grad_input": expanded(2, 3)}),
    "index.Tensor_out": ([T([3, 3]), [T([2], dtype=i64)]], {"out": expanded(2, 3)}),
    # `scatter_meta_impl` and `index_reduce`'s meta, once resized.
    "scatter.src_out": ([matrix(), 0, T([2, 3], dtype=i64), matrix()], {"out": expanded(2, 3)}),
    "index_reduce.out": ([T([3, 2]), 0, T([2], dtype=i64), T([2, 2]), "prod"], {"out": expanded(3, 2)}),
    # Out wrappers and C++ composites: `copy_` into the out.
    "add.out": ([matrix(), matrix()], {"out": expanded(2, 3)}),
    "cumsum.out": ([matrix(), 1], {"out": expanded(2, 3)}),
    "copy.out": ([matrix(), matrix()], {"out": expanded(2, 3)}),
    "tensordot.out": ([T([2, 4]), T([4, 3]), [1], [0]], {"out": expanded(2, 3)}),
    "zeros.out": ([[2, 3]], {"out": expanded(2, 3)}),
    "zeros_like.out": ([matrix()], {"out": expanded(2, 3)}),
    "permute_copy.out": ([T([3, 2]), [1, 0]], {"out": expanded(2, 3)}),
    "view_copy.out": ([T([3, 2]), [2, 3]], {"out": expanded(2, 3)}),
    # `meta_sort` and `linalg_solve`'s out: `as_strided_` to the result's
    # layout first, which must fit the out's storage ("setStorage: ...
    # out of bounds").
    "sort.values": ([matrix()], {"values": expanded(2, 3), "indices": expanded(2, 3, dtype=i64)}),
    "linalg_solve.out": ([T([3, 3]), T([3, 2])], {"out": expanded(3, 2)}),
    # A structured kernel writing its out itself.
    "avg_pool2d_backward.grad_input": (
        [T([1, 1, 2, 3]), T([1, 1, 4, 6]), [2, 2], [2, 2], [0, 0], False, True, None],
        {"grad_input": expanded(1, 1, 4, 6)}),
    "upsample_nearest2d_backward.grad_input": (
        [T([1, 1, 4, 6]), [4, 6], [1, 1, 2, 3]], {"grad_input": expanded(1, 1, 2, 3)}),
    # In-place references and decompositions: `copy_` into `self`.
    "sin_": ([expanded(2, 3)], {}),
    "abs_": ([expanded(2, 3)], {}),
    "addmm_": ([expanded(2, 3), T([2, 4]), T([4, 3])], {}),
    "cumsum_": ([expanded(2, 3), 1], {}),
    "logit_": ([expanded(2, 3)], {}),
    "polygamma_": ([expanded(2, 3), 1], {}),
    "normal_": ([expanded(2, 3)], {}),
    "copy_": ([expanded(2, 3), matrix()], {}),
    # In-place forms with Python metas of their own.
    "scatter_add_": ([expanded(2, 3), 0, T([2, 3], dtype=i64), matrix()], {}),
    "index_copy_": ([expanded(3, 2), 0, T([2], dtype=i64), T([2, 2])], {}),
    "add_.Tensor": ([expanded(2, 3), matrix()], {}),
    # Running statistics updated in place (by `copy_`) in training only.
    "native_batch_norm": ([T([2, 3]), None, None, expanded(3), expanded(3), True, 0.1, 1e-5], {}),
    "instance_norm": ([T([2, 3, 4]), None, None, expanded(3), expanded(3), True, 0.1, 1e-5, False], {}),
}

# Titles of the cases run under the Python dispatcher.
DISPATCHED = set()


def add(cases):
    """Append each write of `WRITES` to `cases`, once in a plain fake mode
    and once under the Python dispatcher (named in `DISPATCHED`)."""
    for op, (args, kwargs) in WRITES.items():
        title = "an expanded tensor written"
        cases[op].append(C(title, *args, **kwargs))
        cases[op].append(C(f"{title} {DISPATCHER}", *args, **kwargs))
        DISPATCHED.add(f"{title} {DISPATCHER}")
    # In evaluation the running statistics are only read.
    title = f"eval with expanded running statistics {DISPATCHER}"
    cases["instance_norm"].append(
        C(title, T([2, 3, 4]), None, None, expanded(3), expanded(3), False, 0.1, 1e-5, False))
    DISPATCHED.add(title)
