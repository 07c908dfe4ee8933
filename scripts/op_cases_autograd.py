"""Cases of autograd's kernel above the fake mode: inputs that require grad
(leaves, as a module's parameters are), met by each kind of check and
record that `ops/catalog/autograd.txt` names (see
`scripts/export_autograd.py`): a leaf written in place (generated kernels,
`autogradNotImplementedFallback`, `copy_`), `out=` forms given a tensor
that requires grad, an argument without a derivative formula, `resize_`,
results given the grad function or not (their `requires_grad`), an integer
result of a differentiable call and a complex result autograd does not
differentiate.

`add(CASES)` appends them to cases defined elsewhere (the format is
described in `export_op_cases.py`).
"""

from op_case_inputs import C, T, c64, i32, i64


def G(sizes, **kw):
    """A leaf that requires grad."""
    return T(sizes, then=lambda t: t.requires_grad_(), **kw)


CASES = {
    # A generated kernel: `check_inplace(self)`, then history.
    "add_.Tensor": [
        C("a leaf requiring grad written refused", G([2, 3]), T([2, 3])),
        C("other requiring grad: self requires grad after", T([2, 3]), G([2, 3])),
    ],
    # A written integer result given the grad function requires grad.
    "addcmul_": [
        C("int32 self, operands requiring grad", T([2, 3], dtype=i32), G([2, 3]), G([2, 3])),
    ],
    # `out=`: inputs then outs tested.
    "add.out": [
        C("an input requiring grad refused", G([2, 3]), T([2, 3]), out=T([2, 3])),
        C("an out requiring grad refused", T([2, 3]), T([2, 3]), out=G([2, 3])),
    ],
    "cat.out": [
        C("tensors requiring grad refused", [G([2, 3]), G([1, 3])], out=T([3, 3])),
    ],
    # `check_no_requires_grad`: running statistics have no derivative.
    "native_batch_norm": [
        C("training, weight requiring grad: only the output requires grad",
          G([2, 3, 4]), G([3]), G([3]), T([3]), T([3]), True, 0.1, 1e-5),
        C("running mean requiring grad refused",
          T([2, 3, 4]), T([3]), T([3]), G([3]), T([3]), True, 0.1, 1e-5),
    ],
    # History: an integer result of a differentiable call.
    "fill.Tensor": [
        C("int64 self, value requiring grad refused", T([2, 3], dtype=i64), G([])),
        C("self requiring grad", G([2, 3]), T([])),
    ],
    # Complex results: refused where complex derivatives are not
    # implemented.
    "sigmoid_backward": [
        C("complex requiring grad", G([2, 3], dtype=c64), G([2, 3], dtype=c64)),
    ],
    "xlogy.Tensor": [
        C("complex requiring grad refused", G([2, 3], dtype=c64), G([2, 3], dtype=c64)),
    ],
    # No derivative: results never require grad.
    "zeros_like": [
        C("of a tensor requiring grad", G([2, 3])),
    ],
    # `autogradNotImplementedFallback`: an out written is tested only when
    # it requires grad itself.
    "_adaptive_avg_pool3d.out": [
        C("an out requiring grad refused", T([2, 3, 4, 4, 4]), [2, 2, 2], out=G([2, 3, 2, 2, 2])),
        C("an input requiring grad accepted", G([2, 3, 4, 4, 4]), [2, 2, 2], out=T([2, 3, 2, 2, 2])),
    ],
    "__ilshift__.Scalar": [
        C("a leaf requiring grad written refused", G([2, 3]), 1),
    ],
    # The manual `copy_` and `resize_`.
    "copy_": [
        C("a leaf requiring grad written refused", G([2, 3]), T([2, 3])),
        C("a source requiring grad: self requires grad after", T([2, 3]), G([2, 3])),
    ],
    "resize_": [
        C("a tensor requiring grad refused", G([2, 3]), [6]),
    ],
    # An in-place foreach: each element tested.
    "_foreach_add_.Scalar": [
        C("elements requiring grad refused", [G([2]), G([3])], 1.0),
    ],
    # Composites whose body is one call (`calls` lines): the callee's
    # kernel, its messages naming the callee.
    "special_erf.out": [
        C("an input requiring grad refused as erf's", G([2, 3]), out=T([2, 3])),
    ],
    "special_erf": [
        C("complex requiring grad refused as erf's", G([3], dtype=c64)),
    ],
    "arctan_": [
        C("a leaf requiring grad written refused", G([2, 3])),
    ],
    "__iand__.Tensor": [
        C("a leaf requiring grad written refused by the fallback", G([2, 3]), T([2, 3])),
    ],
    "greater_.Tensor": [
        C("other requiring grad: self requires grad after", T([2, 3], dtype=i64), G([2, 3])),
    ],
}


def add(cases):
    """Append the autograd cases to `cases`."""
    for op, extra in CASES.items():
        have = cases.setdefault(op, [])
        names = {c.name for c in have}
        have.extend(c for c in extra if c.name not in names)
