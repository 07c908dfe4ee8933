"""Cases of torch's functional collectives (`_c10d_functional::`, given
Meta kernels when `torch.distributed._functional_collectives` is
imported; no process group is needed to run them on fake tensors): the
sizes and layouts those kernels give, and the checks they make.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch.distributed._functional_collectives  # noqa: F401  (registers the Meta kernels)

from op_case_inputs import C, Case, D, T, bf16, tr

F = "_c10d_functional::"
G = "_c10d_functional_autograd::"

CASES = {
    F + "all_reduce": [
        C("a matrix", T([4, 6]), "sum", "0"),
        C("transposed, laid out contiguously", tr(4, 6), "avg", "0"),
        C("zero-dim", T([]), "max", "0"),
    ],
    F + "all_reduce_": [
        C("a matrix, in place", T([4, 6]), "sum", "0"),
        C("transposed, in place", tr(4, 6), "sum", "0"),
    ],
    F + "wait_tensor": [
        C("a matrix", T([4, 6])),
        C("transposed, its layout kept", tr(4, 6)),
    ],
    F + "broadcast": [
        C("a matrix", T([4, 6]), 0, "0"),
        C("transposed, its layout kept", tr(4, 6), 1, "0"),
    ],
    F + "broadcast_": [
        C("a matrix, in place", T([4, 6]), 0, "0"),
    ],
    F + "all_gather_into_tensor": [
        C("rows of four ranks", T([4, 6]), 4, "0"),
        C("bfloat16 rows of two ranks", T([3, 5], dtype=bf16), 2, "0"),
        C("transposed input, contiguous output", tr(4, 6), 4, "0"),
        C("zero-dim", T([]), 4, "0"),
    ],
    G + "all_gather_into_tensor": [
        C("rows of four ranks", T([4, 6]), 4, "0"),
    ],
    F + "reduce_scatter_tensor": [
        C("rows over four ranks", T([8, 6]), "sum", 4, "0"),
        C("rows not dividing", T([7, 6]), "sum", 4, "0"),
        C("transposed input, contiguous output", tr(8, 6), "sum", 2, "0"),
    ],
    G + "reduce_scatter_tensor": [
        C("rows over four ranks", T([8, 6]), "sum", 4, "0"),
    ],
    F + "all_to_all_single": [
        C("uneven splits", T([8, 6]), [5, 2, 0, 1], [2, 2, 2, 2], "0"),
        C("a negative split refused", T([8, 6]), [9, -1], [4, 4], "0"),
        C("zero-dim refused", T([]), [1], [1], "0"),
    ],
    G + "all_to_all_single": [
        C("uneven splits", T([8, 6]), [5, 2, 0, 1], [2, 2, 2, 2], "0"),
    ],
}

SYMBOLIC = [
    ("all_gather_into_tensor of dynamic rows", F + "all_gather_into_tensor",
     Case("", D([4, 6], "x"), 4, "0")),
    ("reduce_scatter_tensor of dynamic rows", F + "reduce_scatter_tensor",
     Case("", D([8, 6], "x"), "sum", 4, "0")),
    ("all_reduce of a dynamic transposed matrix", F + "all_reduce",
     Case("", D([4, 6], "x", ["static", "dynamic"], strides=[1, 4]), "sum", "0")),
    ("wait_tensor of a dynamic transposed matrix", F + "wait_tensor",
     Case("", D([4, 6], "x", ["static", "dynamic"], strides=[1, 4]))),
]
