"""Cases of the gradient operators of `ops/rules/gradients.rules`: the
backward operators AOTAutograd's joint graphs hold.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch
from op_case_inputs import CL, C, D, S, SizeOf, T, b8, cl, f16, f64, i32, i64, tr

CASES = {}
SYMBOLIC = []


def pair_cases(call):
    """Cases of an elementwise gradient of `grad_output` and the tensor the
    activation saw: `call(name, grad, x)` makes one case."""
    return [
        call("same shape", T([2, 3]), T([2, 3])),
        call("grad broadcast", T([3]), T([2, 3])),
        call("self broadcast", T([2, 3]), T([2, 1])),
        call("float16 gradient, float32 input", T([2, 3], dtype=f16), T([2, 3])),
        call("float16 both", T([2, 3], dtype=f16), T([2, 3], dtype=f16)),
        call("float64 zero-dim input", T([2, 3], dtype=f16), T([], dtype=f64)),
        call("int64 both", T([2, 3], dtype=i64), T([2, 3], dtype=i64)),
        call("int32 gradient, float input", T([2, 3], dtype=i32), T([2, 3])),
        call("transposed gradient", tr(2, 3), T([2, 3])),
        call("transposed input", T([2, 3]), tr(2, 3)),
        call("channels last both", cl(2, 3, 4, 5), cl(2, 3, 4, 5)),
        call("channels-last gradient, contiguous input", cl(2, 3, 4, 5), T([2, 3, 4, 5])),
        call("contiguous gradient, channels-last input", T([2, 3, 4, 5]), cl(2, 3, 4, 5)),
        call("an inner size-1 dim with a stride of its own",
             T([3, 1, 2], strides=[2, 5, 1]), T([3, 1, 2], strides=[2, 5, 1])),
        call("size-1 dims with strides of their own, broadcast", T([2, 1, 3], strides=[3, 1, 1]), T([3])),
        call("float16 expanded against float16 permuted",
             T([1, 2, 4], dtype=f16, strides=[4, 0, 1]), T([1, 2, 4], dtype=f16, strides=[1, 1, 2])),
        call("float32 expanded against float32 permuted",
             T([1, 2, 4], strides=[4, 0, 1]), T([1, 2, 4], strides=[1, 1, 2])),
        call("float16 expanded both", T([2, 3], dtype=f16, strides=[0, 1]), T([2, 3], dtype=f16, strides=[0, 1])),
        call("zero-dim", T([]), T([])),
        call("empty", T([0, 3]), T([0, 3])),
        call("sizes that do not broadcast", T([2, 3]), T([2, 4])),
    ]


def out_cases(call):
    """Cases of a `grad_input=` / `out=` overload: `call(name, grad, x, out)`."""
    return [
        call("out of the same shape", T([2, 3]), T([2, 3]), T([2, 3])),
        call("empty out is resized", T([2, 3]), T([2, 3]), T([0])),
        call("empty out resized after transposed inputs", tr(2, 3), tr(2, 3), T([0])),
        call("transposed out keeps its strides", T([2, 3]), T([2, 3]), tr(2, 3)),
        call("float result into an int64 out", T([2, 3]), T([2, 3]), T([2, 3], dtype=i64)),
    ]


# A channels-last input's dynamic dims: its strides stay numbers (a
# symbolic stride would be a guard of its own at the samples).
CL_DYNAMIC = ["dynamic", "static", "static", "static"]


def symbolic(op, call):
    """Symbolic cases of an elementwise gradient: dynamic sizes, broadcast
    and a transposed gradient."""
    return [
        (f"{op} of dynamic sizes", op.split(".")[0], call("", D([2, 3], "g"), D([2, 3], "x"))),
        (f"{op} of a dynamic gradient broadcast against its input", op.split(".")[0],
         call("", D([3], "g"), D([2, 3], "x"))),
        (f"{op} of a dynamic transposed gradient", op.split(".")[0],
         call("", D([2, 3], "g", ["static", "dynamic"], strides=[1, 2]), D([2, 3], "x"))),
        (f"{op} of dynamic channels-last tensors", op.split(".")[0],
         call("", D([2, 3, 4, 5], "g", CL_DYNAMIC, strides=[60, 1, 15, 3]),
              D([2, 3, 4, 5], "x", CL_DYNAMIC, strides=[60, 1, 15, 3]))),
    ]


def like(x):
    """A contiguous tensor of `x`'s sizes, dtype and device."""
    return T(x.sizes, dtype=x.dtype, device=getattr(x, "device", "cpu"))


# op -> (the call of the functional overload, its out= overload's name)
ELEMENTWISE = {
    "threshold_backward": (lambda n, g, x, **kw: C(n, g, x, 0.5, **kw), "grad_input"),
    "sigmoid_backward": (lambda n, g, x, **kw: C(n, g, x, **kw), "grad_input"),
    "tanh_backward": (lambda n, g, x, **kw: C(n, g, x, **kw), "grad_input"),
    "gelu_backward": (lambda n, g, x, **kw: C(n, g, x, **kw), "grad_input"),
    "silu_backward": (lambda n, g, x, **kw: C(n, g, x, **kw), "grad_input"),
    "mish_backward": (lambda n, g, x, **kw: C(n, g, x, **kw), None),
    "hardtanh_backward": (lambda n, g, x, **kw: C(n, g, x, -1.0, 1.0, **kw), "grad_input"),
    "softshrink_backward": (lambda n, g, x, **kw: C(n, g, x, 0.5, **kw), "grad_input"),
    "hardshrink_backward": (lambda n, g, x, **kw: C(n, g, x, 0.5, **kw), "grad_input"),
    "hardsigmoid_backward": (lambda n, g, x, **kw: C(n, g, x, **kw), "grad_input"),
    "hardswish_backward": (lambda n, g, x, **kw: C(n, g, x, **kw), "out"),
    "leaky_relu_backward": (lambda n, g, x, **kw: C(n, g, x, 0.01, False, **kw), "grad_input"),
    "elu_backward": (lambda n, g, x, **kw: C(n, g, 1.0, 1.0, 1.0, False, x, **kw), "grad_input"),
    "softplus_backward": (lambda n, g, x, **kw: C(n, g, x, 1.0, 20.0, **kw), "grad_input"),
    "log_sigmoid_backward": (lambda n, g, x, **kw: C(n, g, x, like(x), **kw), "grad_input"),
    "logit_backward": (lambda n, g, x, **kw: C(n, g, x, **kw), None),
    "rrelu_with_noise_backward": (
        lambda n, g, x, **kw: C(n, g, x, like(x), 0.125, 1 / 3, False, False, **kw), "out"),
}

for _op, (_call, _out) in ELEMENTWISE.items():
    CASES[_op] = pair_cases(_call)
    # An integral computation that turns float part way converts the
    # gradient then, which lays an expanded one out afresh (on CUDA: no
    # eager CPU kernel takes integers to refuse first).
    CASES[_op].append(_call("int32, expanded gradient beside a size-1 dim",
                            T([4, 4, 1, 2], strides=[0, 2, 1, 1], dtype=torch.int32, device="cuda"),
                            T([4, 4, 1, 2], dtype=torch.int32, device="cuda")))
    if _out is not None:
        CASES[f"{_op}.{_out}"] = out_cases(
            lambda n, g, x, o, _call=_call, _out=_out: _call(n, g, x, **{_out: o}))
    SYMBOLIC += symbolic(_op, _call)

CASES["mish_backward"] += [
    # The meta device has no kernel: the decomposition's dtype in a plain
    # fake mode, the composite's under the Python dispatcher.
    C("int64 on meta", T([2, 3], dtype=i64, device="meta"), T([2, 3], dtype=i64, device="meta")),
    C("int64 on meta under the dispatcher", T([2, 3], dtype=i64, device="meta"),
      T([2, 3], dtype=i64, device="meta")),
]
DISPATCHED = {"int64 on meta under the dispatcher"}
CASES["threshold_backward"] += [
    C("bool gradient promoted with the 0", T([2, 3], dtype=b8), T([2, 3]), 0.5),
]
CASES["gelu_backward"] += [
    C(f"tanh, {c.name}", *c.args, approximate="tanh")
    for c in pair_cases(lambda n, g, x: C(n, g, x))
]
CASES["elu_backward"] += [
    C(f"of the result, {c.name}", *c.args[:4], True, c.args[5])
    for c in pair_cases(lambda n, g, x: C(n, g, 1.0, 1.0, 1.0, False, x))
]
for _op in ["softshrink_backward", "hardshrink_backward"]:
    CASES[_op] += [
        C("negative lambda unchecked", T([2, 3]), T([2, 3]), -0.5),
        C("bool both", T([2, 3], dtype=b8), T([2, 3], dtype=b8), 0.5),
        C("float64 gradient, float16 input broadcast", T([3], dtype=f64), T([2, 3], dtype=f16), 0.5),
    ]
CASES["leaky_relu_backward"] += [
    C("of the result", T([2, 3]), T([2, 3]), 0.2, True),
    C("of the result with a negative slope", T([2, 3]), T([2, 3]), -0.2, True),
]
CASES["log_sigmoid_backward"] += [
    C("empty buffer (off the CPU)", T([2, 3]), T([2, 3]), T([0])),
    C("empty buffer, transposed gradient", tr(2, 3), T([2, 3]), T([0])),
    C("float64 buffer", T([2, 3]), T([2, 3]), T([2, 3], dtype=f64)),
    # The decomposition negates `abs(self)` in the computation dtype.
    C("all bool refused", T([2, 3], dtype=torch.bool), T([2, 3], dtype=torch.bool), T([0], dtype=torch.bool)),
    C("a bool self of a float32 gradient", T([2, 3]), T([2, 3], dtype=torch.bool), T([0])),
    # A buffer with elements is used as it is: nothing is negated, and the
    # result converted back to bool (on CUDA: eager's kernel refuses bool).
    C("all bool with a buffer of elements", *[T([2, 3], dtype=torch.bool, device="cuda")] * 2,
      T([2, 1], dtype=torch.bool, device="cuda")),
]
CASES["log_sigmoid_backward.grad_input"] += [
    C("all bool with a buffer of elements into a bool grad_input", *[T([], dtype=torch.bool, device="cuda")] * 3,
      grad_input=T([4, 3, 0, 2], dtype=torch.bool, device="cuda")),
]
CASES["logit_backward"] += [
    C(f"eps, {c.name}", *c.args, 1e-6)
    for c in pair_cases(lambda n, g, x: C(n, g, x))
]
CASES["rrelu_with_noise_backward"] += [
    C(f"training, {c.name}", *c.args[:5], True, False)
    for c in pair_cases(lambda n, g, x: C(n, g, x, T(x.sizes, dtype=x.dtype), 0.125, 1 / 3, False, False))
] + [
    C("training, float64 noise", T([2, 3]), T([2, 3]), T([2, 3], dtype=f64), 0.1, 0.3, True, False),
    C("training, transposed noise", T([2, 3]), T([2, 3]), tr(2, 3), 0.1, 0.3, True, False),
]

# `_log_softmax_backward_data(grad_output, output, dim, input_dtype)`.
CASES["_log_softmax_backward_data"] = [
    C("last dim", T([2, 3]), T([2, 3]), 1, T([1]).dtype),
    C("first dim", T([2, 3]), T([2, 3]), 0, T([1]).dtype),
    C("negative dim", T([2, 3, 4]), T([2, 3, 4]), -2, T([1]).dtype),
    C("float16 input dtype", T([2, 3], dtype=f16), T([2, 3], dtype=f16), 1, f16),
    C("float32 gradient of a float16 input", T([2, 3]), T([2, 3]), 1, f16),
    C("float64 output, float32 input dtype", T([2, 3]), T([2, 3], dtype=f64), 1, T([1]).dtype),
    C("float64 gradient and output, float32 input dtype", T([2, 3], dtype=f64), T([2, 3], dtype=f64), 1,
      T([1]).dtype),
    C("transposed", tr(2, 3), tr(2, 3), 0, T([1]).dtype),
    C("transposed gradient", tr(2, 3), T([2, 3]), 1, T([1]).dtype),
    C("channels last", cl(2, 3, 4, 5), cl(2, 3, 4, 5), 1, T([1]).dtype),
    C("zero-dim", T([]), T([]), 0, T([1]).dtype),
    C("sizes that do not broadcast", T([2, 3]), T([3, 3]), 1, T([1]).dtype),
    C("dim out of range", T([2, 3]), T([2, 3]), 2, T([1]).dtype),
    # Computed in the operands' dtype, converted only to another dtype:
    # integers (and bools) of the input dtype give `exp`'s float.
    C("bool gradient of a bool input", T([2, 3], dtype=torch.bool), T([2, 3], dtype=torch.bool), 1, torch.bool),
    C("int64 gradient of an int64 input", T([2, 3], dtype=torch.int64), T([2, 3], dtype=torch.int64), 1,
      torch.int64),
    C("int64 gradient of a float16 input", T([2, 3], dtype=torch.int64), T([2, 3], dtype=torch.int64), 1, f16),
    C("float gradient of an int64 input", T([2, 3]), T([2, 3]), 1, torch.int64),
]
CASES["_log_softmax_backward_data.out"] = [
    C("out of the same shape", T([2, 3]), T([2, 3]), 1, T([1]).dtype, out=T([2, 3])),
    C("empty out is resized", T([2, 3]), T([2, 3]), 1, T([1]).dtype, out=T([0])),
    C("float16 out", T([2, 3]), T([2, 3]), 1, f16, out=T([2, 3], dtype=f16)),
    # Computed as float32, which a bool out cannot take.
    C("bool out of a bool computation refused", T([1], dtype=torch.bool), T([1], dtype=torch.bool), -1,
      torch.bool, out=T([1], dtype=torch.bool)),
]
SYMBOLIC += [
    ("_log_softmax_backward_data of dynamic sizes", "_log_softmax_backward_data",
     C("", D([2, 3], "g"), D([2, 3], "y"), 1, T([1]).dtype)),
    ("_log_softmax_backward_data of a dynamic transposed gradient", "_log_softmax_backward_data",
     C("", D([2, 3], "g", ["static", "dynamic"], strides=[1, 2]), D([2, 3], "y"), 0, T([1]).dtype)),
]

# `glu_backward(grad_output, self, dim)`.
CASES["glu_jvp"] = [
    C("last dim", T([2, 3]), T([2, 6]), T([2, 6]), 1),
    C("first dim, negative", T([2, 3]), T([4, 3]), T([4, 3]), -2),
    C("transposed glu", T([3, 2], then=lambda t: t.t()), T([2, 6]), T([2, 6]), 1),
    C("channels-last glu", cl(1, 2, 3, 3), cl(1, 4, 3, 3), cl(1, 4, 3, 3), 1),
    C("float16 refused", T([2, 3], dtype=f16), T([2, 6], dtype=f16), T([2, 6], dtype=f16), 1),
    C("float64", T([2, 3], dtype=f64), T([2, 6], dtype=f64), T([2, 6], dtype=f64), 1),
    C("float64 x refused", T([2, 3]), T([2, 6], dtype=f64), T([2, 6]), 1),
    C("glu too wide refused", T([2, 4]), T([2, 6]), T([2, 6]), 1),
    C("int64 refused", T([2, 3], dtype=i64), T([2, 6], dtype=i64), T([2, 6], dtype=i64), 1),
    C("dim out of range refused", T([2, 3]), T([2, 6]), T([2, 6]), 2),
    C("zero-dim glu refused", T([]), T([2, 6]), T([2, 6]), 1),
    C("zero-dim glu along dim 0 refused", T([]), T([4]), T([4]), 0),
    C("on meta refused", T([2, 3], device="meta"), T([2, 6], device="meta"), T([2, 6], device="meta"), 1),
]
CASES["glu_backward"] = [
    C("last dim", T([2, 3]), T([2, 6]), -1),
    C("first dim", T([2, 3]), T([4, 3]), 0),
    C("middle dim of a 3-D input", T([2, 2, 4]), T([2, 4, 4]), 1),
    C("gradient broadcast", T([3]), T([2, 6]), 1),
    # The halves are concatenated along `self`'s wrapped dim counted from
    # the front of the broadcast, not shifted by the gradient's extra dims.
    C("gradient of more dims", T([5, 3, 1]), T([3, 2]), 1),
    C("gradient of more dims, negative dim", T([2, 3, 1]), T([3, 2]), -1),
    C("float16 gradient, float32 input", T([2, 3], dtype=f16), T([2, 6]), 1),
    C("float64 input", T([2, 3]), T([2, 6], dtype=f64), 1),
    C("transposed input", T([3, 2]), tr(6, 2), 0),
    C("transposed gradient", tr(2, 3), T([2, 6]), 1),
    C("channels last", cl(2, 3, 4, 5), cl(2, 6, 4, 5), 1),
    C("channels last along the last dim", cl(2, 3, 4, 2), cl(2, 3, 4, 4), 3),
    C("odd halving dim", T([2, 3]), T([2, 5]), 1),
    C("zero-dim input", T([]), T([]), 0),
    C("dim out of range", T([2, 3]), T([2, 6]), 2),
]
CASES["glu_backward.grad_input"] = [
    C("out of the same shape", T([2, 3]), T([2, 6]), 1, grad_input=T([2, 6])),
    C("empty out is resized", T([2, 3]), T([2, 6]), 1, grad_input=T([0])),
    C("float result into an int64 out", T([2, 3]), T([2, 6]), 1, grad_input=T([2, 6], dtype=i64)),
]
SYMBOLIC += [
    ("glu_backward of dynamic sizes", "glu_backward", C("", D([2, 3], "g"), D([2, 6], "x"), 1)),
    ("glu_backward of a dynamic channels-last input", "glu_backward",
     C("", D([2, 3, 4, 5], "g", CL_DYNAMIC, strides=[60, 1, 15, 3]),
       D([2, 6, 4, 5], "x", CL_DYNAMIC, strides=[120, 1, 30, 6]), 1)),
]

# The gradients of views: (grad_output, input_sizes, the view's arguments).
CASES["select_backward"] = [
    C("middle dim", T([3, 4]), [3, 5, 4], 1, 2),
    C("negative index", T([3, 4]), [3, 5, 4], 1, -1),
    C("transposed gradient", tr(3, 4), [3, 5, 4], 1, 2),
    C("float16", T([3, 4], dtype=f16), [3, 5, 4], 1, 2),
    C("int64", T([5], dtype=i64), [2, 5], 0, 1),
    C("gradient of other sizes", T([3, 5]), [3, 5, 4], 1, 2),
    C("negative size refused", T([3, 4]), [3, -1, 4], 1, 2),
]
CASES["slice_backward"] = [
    C("whole dim", T([3, 4]), [3, 4], 1, 0, 4, 1),
    C("part of a dim", T([3, 2]), [3, 4], 1, 1, 3, 1),
    C("stepped", T([3, 4]), [3, 8], 1, 0, 8, 2),
    C("transposed gradient, whole dim", tr(3, 4), [3, 4], 1, 0, 4, 1),
    C("channels-last gradient", cl(2, 3, 4, 5), [2, 3, 4, 10], 3, 0, 10, 2),
    C("float64", T([3, 2], dtype=f64), [3, 4], 1, 1, 3, 1),
    C("negative size refused", T([3, 4]), [-3, 4], 1, 0, 4, 1),
]
CASES["diagonal_backward"] = [
    C("main diagonal", T([3]), [3, 3], 0, 0, 1),
    C("offset diagonal", T([2]), [3, 3], 1, 0, 1),
    C("batched", T([4, 3]), [3, 3, 4], 0, 0, 1),
    C("transposed gradient", tr(4, 3), [3, 3, 4], 0, 0, 1),
    C("float16", T([3], dtype=f16), [3, 3], 0, -2, -1),
    C("negative size refused", T([3]), [3, -3], 0, 0, 1),
]
for _op, _args in [("select_backward", ([3, 5, 4], 1, 2)), ("slice_backward", ([3, 4], 1, 1, 3, 1)),
                   ("diagonal_backward", ([3, 3], 0, 0, 1))]:
    _grad = CASES[_op][0].args[0]
    CASES[f"{_op}.out"] = [
        C("out of the input's sizes", _grad, *_args, out=T(_args[0])),
        C("empty out is resized", _grad, *_args, out=T([0])),
        C("int64 out refused", _grad, *_args, out=T(_args[0], dtype=i64)),
    ]
SYMBOLIC += [
    ("select_backward of symbolic input sizes", "select_backward",
     C("", D([3, 4], "g"), [S(3, "a"), S(5, "b"), S(4, "c")], 1, 2)),
    ("slice_backward of symbolic input sizes", "slice_backward",
     C("", D([3, 2], "g"), [S(3, "a"), S(4, "b")], 1, 1, 3, 1)),
    ("diagonal_backward of symbolic input sizes", "diagonal_backward",
     C("", D([3], "g"), [S(3, "a"), S(3, "b")], 0, 0, 1)),
]

# `unfold_backward(grad_in, input_sizes, dim, size, step)`: the gradient
# of `unfold(input, dim, size, step)`; `step >= size` takes the
# decomposition's one `index_put`, overlapping windows a loop of
# `index_add`s unless the gradient has exactly `unfold`'s sizes.
CASES["unfold_backward"] = [
    C("disjoint windows", T([2, 3, 2]), [2, 8], 1, 2, 3),
    C("windows that skip the tail", T([2, 2, 3]), [2, 8], 1, 3, 4),
    C("overlapping windows", T([2, 4, 3]), [2, 8], 1, 3, 2),
    C("overlapping windows, negative dim", T([2, 4, 3]), [2, 8], -1, 3, 2),
    C("first dim", T([3, 2, 2]), [8, 2], 0, 2, 3),
    C("transposed gradient", T([3, 2, 2], then=lambda t: t.transpose(0, 1)), [8, 3], 0, 2, 3),
    C("float16", T([2, 4, 3], dtype=f16), [2, 8], 1, 3, 2),
    C("int64", T([2, 3, 2], dtype=i64), [2, 8], 1, 2, 3),
    C("bool overlapping", T([2, 4, 3], dtype=b8), [2, 8], 1, 3, 2),
    C("1-d input", T([4, 2]), [8], 0, 2, 2),
    C("3-d input, middle dim", T([2, 3, 4, 2]), [2, 8, 4], 1, 2, 3),
    C("gradient of other sizes, disjoint windows", T([3, 3, 3]), [2, 8], 1, 2, 3),
    C("gradient with a broadcast batch, overlapping", T([1, 4, 3]), [2, 8], 1, 3, 2),
    C("gradient with fewer windows, overlapping", T([2, 3, 3]), [2, 8], 1, 3, 2),
    C("gradient with more windows, overlapping", T([2, 5, 3]), [2, 8], 1, 3, 2),
    C("gradient with a longer window, overlapping", T([2, 4, 4]), [2, 8], 1, 3, 2),
    C("gradient with a shorter window, overlapping", T([2, 4, 2]), [2, 8], 1, 3, 2),
    C("gradient of another batch, overlapping", T([3, 4, 3]), [2, 8], 1, 3, 2),
    C("gradient of more dims, overlapping", T([5, 2, 4, 3]), [2, 8], 1, 3, 2),
    C("gradient of fewer dims, overlapping", T([4, 3]), [2, 8], 1, 3, 2),
    C("gradient of fewer dims, disjoint windows", T([3, 2]), [2, 8], 1, 2, 3),
    C("zero-dim input", T([3]), [], 0, 3, 1),
    C("zero-dim input, one-element gradient", T([1]), [], 0, 1, 1),
    C("zero-dim input, zero-dim gradient", T([]), [], 0, 1, 1),
    C("empty input", T([0, 2]), [0], 0, 2, 1),
    C("window longer than the input", T([2, 0, 2]), [2, 1], 1, 2, 1),
    C("zero step refused", T([2, 4, 3]), [2, 8], 1, 3, 0),
    C("dim out of range", T([2, 4, 3]), [2, 8], 2, 3, 2),
    C("negative size refused", T([2, 4, 3]), [2, -8], 1, 3, 2),
]
CASES["unfold_backward.out"] = [
    C("out of the input's sizes", T([2, 3, 2]), [2, 8], 1, 2, 3, out=T([2, 8])),
    C("empty out is resized", T([2, 4, 3]), [2, 8], 1, 3, 2, out=T([0])),
    C("transposed out keeps its strides", T([2, 3, 2]), [2, 8], 1, 2, 3, out=tr(2, 8)),
    C("float16 out of a float32 gradient", T([2, 3, 2]), [2, 8], 1, 2, 3, out=T([2, 8], dtype=f16)),
    C("int64 out refused", T([2, 3, 2]), [2, 8], 1, 2, 3, out=T([2, 8], dtype=i64)),
]
SYMBOLIC += [
    ("unfold_backward of a dynamic gradient, disjoint windows", "unfold_backward",
     C("", D([2, 3, 2], "g"), [SizeOf("g", 0), 8], 1, 2, 3)),
    ("unfold_backward of symbolic input sizes, disjoint windows", "unfold_backward",
     C("", T([2, 3, 2]), [S(2, "a"), S(8, "b")], 1, 2, 3)),
    ("unfold_backward of a dynamic gradient, zero-dim input", "unfold_backward",
     C("", D([3], "g"), [], 0, 3, 1)),
]

# `smooth_l1_loss_backward(grad_output, self, target, reduction, beta)`,
# `huber_loss_backward(grad_output, self, target, reduction, delta)`.
for _op in ["smooth_l1_loss_backward", "huber_loss_backward"]:
    CASES[_op] = [
        C("none", T([2, 3]), T([2, 3]), T([2, 3]), 0, 1.0),
        C("mean, zero-dim gradient", T([]), T([2, 3]), T([2, 3]), 1, 1.0),
        C("sum, zero-dim gradient", T([]), T([2, 3]), T([2, 3]), 2, 0.5),
        C("target broadcast", T([2, 3]), T([2, 3]), T([3]), 0, 1.0),
        C("transposed input", T([2, 3]), tr(2, 3), T([2, 3]), 0, 1.0),
        C("transposed target", T([2, 3]), T([2, 3]), tr(2, 3), 0, 1.0),
        C("transposed gradient", tr(2, 3), T([2, 3]), T([2, 3]), 0, 1.0),
        C("channels last", cl(2, 3, 4, 5), cl(2, 3, 4, 5), T([2, 3, 4, 5]), 0, 1.0),
        C("float16", T([2, 3], dtype=f16), T([2, 3], dtype=f16), T([2, 3], dtype=f16), 0, 1.0),
        C("float64 target", T([2, 3]), T([2, 3]), T([2, 3], dtype=f64), 0, 1.0),
        C("float16 expanded input against a permuted target",
          T([1, 2, 4], dtype=f16), T([1, 2, 4], dtype=f16, strides=[4, 0, 1]),
          T([1, 2, 4], dtype=f16, strides=[1, 1, 2]), 0, 1.0),
        C("sizes that do not broadcast", T([2, 3]), T([2, 3]), T([4]), 0, 1.0),
        # `self - target` in the computation dtype of all three.
        C("all bool refused", T([3], dtype=b8), T([3], dtype=b8), T([3], dtype=b8), 1, 1.0),
        C("bool input and target of a float gradient", T([3]), T([3], dtype=b8), T([3], dtype=b8), 1, 1.0),
        # The mean divides by `self.numel()` first.
        C("mean of an empty input refused", T([]), T([0, 2]), T([0, 2]), 1, 1.0),
        C("mean of empty bool operands refused", T([0], dtype=b8), T([0], dtype=b8), T([0], dtype=b8), 1, 1.0),
    ]
    SYMBOLIC += [
        (f"{_op} of dynamic sizes", _op, C("", D([2, 3], "g"), D([2, 3], "x"), D([2, 3], "t"), 0, 1.0)),
        (f"{_op} of a dynamic mean", _op, C("", D([], "g"), D([2, 3], "x"), D([2, 3], "t"), 1, 1.0)),
    ]

# The pads' gradients: (grad_output, self, padding).
for _kind in ["reflection", "replication"]:
    CASES[f"{_kind}_pad1d_backward"] = [
        C("batched", T([2, 3, 7]), T([2, 3, 4]), [1, 2]),
        C("unbatched", T([3, 6]), T([3, 4]), [1, 1]),
        C("transposed gradient and input", T([2, 7, 3], then=lambda t: t.transpose(1, 2)),
          T([2, 4, 3], then=lambda t: t.transpose(1, 2)), [1, 2]),
        C("float64", T([2, 3, 7], dtype=f64), T([2, 3, 4], dtype=f64), [1, 2]),
        C("float16 gradient, float32 input", T([2, 3, 7], dtype=f16), T([2, 3, 4]), [1, 2]),
        C("width mismatch", T([2, 3, 6]), T([2, 3, 4]), [1, 2]),
        C("channel mismatch", T([2, 2, 7]), T([2, 3, 4]), [1, 2]),
        C("pad as wide as the input", T([2, 3, 12]), T([2, 3, 4]), [4, 4]),
        # The meta counts dims from the front (width 1, or 2 with a batch):
        # another rank is not refused for itself.
        C("4-d input, width at dim 1", T([2, 5, 4, 5]), T([2, 3, 4, 5]), [1, 1]),
        C("4-d input, gradient width mismatch", T([2, 3, 4, 5]), T([2, 3, 4, 3]), [1, 1]),
        C("vector input refused", T([5]), T([3]), [1, 1]),
        C("three pads", T([3, 5]), T([3, 3]), [1, 1, 1]),
    ]
    CASES[f"{_kind}_pad2d_backward"] = [
        C("batched", T([2, 3, 6, 7]), T([2, 3, 4, 4]), [1, 2, 1, 1]),
        C("unbatched", T([3, 6, 6]), T([3, 4, 4]), [1, 1, 1, 1]),
        C("channels-last input and gradient", cl(2, 3, 6, 7), cl(2, 3, 4, 4), [1, 2, 1, 1]),
        C("channels-last gradient only", cl(2, 3, 6, 7), T([2, 3, 4, 4]), [1, 2, 1, 1]),
        C("float64", T([2, 3, 6, 7], dtype=f64), T([2, 3, 4, 4], dtype=f64), [1, 2, 1, 1]),
        C("width mismatch", T([2, 3, 6, 6]), T([2, 3, 4, 4]), [1, 2, 1, 1]),
        C("height mismatch", T([2, 3, 5, 7]), T([2, 3, 4, 4]), [1, 2, 1, 1]),
        C("channel mismatch", T([2, 2, 6, 7]), T([2, 3, 4, 4]), [1, 2, 1, 1]),
        C("5-d input, dims from the front", T([2, 3, 4, 5, 6]), T([2, 3, 4, 3, 4]), [1, 1, 1, 1]),
        C("matrix input refused", T([5, 6]), T([3, 4]), [1, 1, 1, 1]),
        C("three pads refused", T([2, 5, 6]), T([2, 3, 4]), [1, 1, 1]),
    ]
    CASES[f"{_kind}_pad3d_backward"] = [
        C("batched", T([2, 3, 4, 6, 7]), T([2, 3, 2, 4, 4]), [1, 2, 1, 1, 1, 1]),
        C("unbatched", T([3, 4, 6, 6]), T([3, 2, 4, 4]), [1, 1, 1, 1, 1, 1]),
        C("channels-last-3d input", T([2, 3, 4, 6, 7]), T([2, 3, 2, 4, 4], fmt=torch.channels_last_3d),
          [1, 2, 1, 1, 1, 1]),
        C("float64", T([2, 3, 4, 6, 7], dtype=f64), T([2, 3, 2, 4, 4], dtype=f64), [1, 2, 1, 1, 1, 1]),
        C("depth mismatch", T([2, 3, 3, 6, 7]), T([2, 3, 2, 4, 4]), [1, 2, 1, 1, 1, 1]),
        C("width mismatch", T([2, 3, 4, 6, 6]), T([2, 3, 2, 4, 4]), [1, 2, 1, 1, 1, 1]),
        C("ranks differ", T([3, 4, 6, 7]), T([2, 3, 2, 4, 4]), [1, 2, 1, 1, 1, 1]),
        C("6-d input, dims from the front", T([2, 3, 4, 5, 6, 7]), T([2, 3, 4, 3, 4, 5]), [1, 1, 1, 1, 1, 1]),
        C("3-d input refused", T([3, 4, 5]), T([3, 2, 3]), [1, 1, 1, 1, 1, 1]),
        C("five pads refused", T([2, 3, 4, 5, 6]), T([2, 3, 2, 3, 4]), [1, 1, 1, 1, 1]),
    ]
    for _d, (_g, _x, _p) in {
        1: ([2, 3, 7], [2, 3, 4], [1, 2]),
        2: ([2, 3, 6, 7], [2, 3, 4, 4], [1, 2, 1, 1]),
        3: ([2, 3, 4, 6, 7], [2, 3, 2, 4, 4], [1, 2, 1, 1, 1, 1]),
    }.items():
        _op = f"{_kind}_pad{_d}d_backward"
        CASES[f"{_op}.grad_input"] = [
            C("out of the input's sizes", T(_g), T(_x), _p, grad_input=T(_x)),
            C("empty out is resized", T(_g), T(_x), _p, grad_input=T([0])),
            C("int64 out refused", T(_g), T(_x), _p, grad_input=T(_x, dtype=i64)),
        ]
        # (Padded dims of both dynamic would relate a symbol of each by
        # `Eq(s_grad, s_input + pad)`, of which PyTorch keeps the smaller
        # hint's symbol and the ShapeEnv here the older one: both right,
        # printed apart. So: no padding, or the gradient's sizes static.)
        SYMBOLIC += [
            (f"{_op} of dynamic sizes, no padding", _op, C("", D(_x, "g"), D(_x, "x"), [0] * len(_p))),
            (f"{_op} of a dynamic input against a static gradient", _op,
             C("", D(_g, "g", ["static"] * len(_g)), D(_x, "x"), _p)),
            (f"{_op}.grad_input of dynamic sizes, no padding", f"{_op}.grad_input",
             C("", D(_x, "g"), D(_x, "x"), [0] * len(_p), grad_input=T(_x))),
        ]


# The batch norms' gradients: `batch_norm_backward` takes a `reserve`
# tensor more, which it does not read. (No case leaves out the statistics
# the mode needs, nor has an empty batch: the eager CPU kernel crashes
# on those.)
for _op, _extra in [("native_batch_norm_backward", ()), ("batch_norm_backward", (T([0]),))]:
    _bn = [
        C("training, every gradient", T([2, 3, 4, 5]), T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), T([3]),
          True, 1e-5, [True, True, True], *_extra),
        C("eval, every gradient", T([2, 3, 4, 5]), T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), T([3]),
          False, 1e-5, [True, True, True], *_extra),
        C("input gradient only", T([2, 3, 4, 5]), T([2, 3, 4, 5]), T([3]), T([3]), T([3]), T([3]), T([3]),
          True, 1e-5, [True, False, False], *_extra),
        C("channels-last both, training", cl(2, 3, 4, 5), cl(2, 3, 4, 5), T([3]), T([3]), T([3]), T([3]),
          T([3]), True, 1e-5, [True, True, True], *_extra),
        C("channels-last both, eval", cl(2, 3, 4, 5), cl(2, 3, 4, 5), T([3]), T([3]), T([3]), T([3]),
          T([3]), False, 1e-5, [True, True, True], *_extra),
        C("channels-last input, contiguous gradient", T([2, 3, 4, 5]), cl(2, 3, 4, 5), T([3]), T([3]), T([3]),
          T([3]), T([3]), True, 1e-5, [True, True, True], *_extra),
        C("contiguous input, channels-last gradient", cl(2, 3, 4, 5), T([2, 3, 4, 5]), T([3]), T([3]), T([3]),
          T([3]), T([3]), True, 1e-5, [True, True, True], *_extra),
        C("transposed 2-d gradient", tr(4, 3), T([4, 3]), T([3]), T([3]), T([3]), T([3]), T([3]), True, 1e-5,
          [True, True, True], *_extra),
        C("3-d input", T([2, 3, 7]), T([2, 3, 7]), T([3]), None, None, T([3]), T([3]), True, 1e-5,
          [True, True, True], *_extra),
        C("no weight", T([2, 3, 4, 5]), T([2, 3, 4, 5]), None, T([3]), T([3]), T([3]), T([3]), True, 1e-5,
          [True, True, True], *_extra),
        C("no weight, eval", T([2, 3, 4, 5]), T([2, 3, 4, 5]), None, T([3]), T([3]), None, None, False, 1e-5,
          [True, True, True], *_extra),
        C("float16 input, float32 weight and statistics", T([2, 3, 4, 5], dtype=f16), cl(2, 3, 4, 5, dtype=f16),
          T([3]), T([3]), T([3]), T([3]), T([3]), True, 1e-5, [True, True, True], *_extra),
        C("float16 input, no weight", T([2, 3, 4, 5], dtype=f16), T([2, 3, 4, 5], dtype=f16), None, None, None,
          T([3]), T([3]), True, 1e-5, [True, True, True], *_extra),
        C("float64 weight of a float32 input", T([2, 3, 4]), T([2, 3, 4]), T([3], dtype=f64), T([3]), T([3]),
          T([3]), T([3]), True, 1e-5, [True, True, True], *_extra),
        C("one channel", T([2, 1, 4]), T([2, 1, 4]), T([1]), T([1]), T([1]), T([1]), T([1]), True, 1e-5,
          [True, True, True], *_extra),
        C("1-d input refused", T([3]), T([3]), T([3]), T([3]), T([3]), T([3]), T([3]), True, 1e-5,
          [True, True, True], *_extra),
        C("gradient of another size refused", T([2, 4]), T([2, 3]), T([3]), T([3]), T([3]), T([3]), T([3]),
          True, 1e-5, [True, True, True], *_extra),
        # The decomposition divides by the channels (Python numbers), then
        # 1.0 by the elements per channel. (On CUDA: the CPU kernel, which
        # the export also runs, divides by zero in C++.)
        C("no channels on cuda refused", T([2, 0], device="cuda"), T([2, 0], device="cuda"),
          T([0], device="cuda"), T([0], device="cuda"), T([0], device="cuda"), T([0], device="cuda"),
          T([0], device="cuda"), False, 1e-5, [True, True, True], *[T([0], device="cuda") for _ in _extra]),
        C("empty batch on cuda refused", T([0, 5], device="cuda"), T([0, 5], device="cuda"),
          T([5], device="cuda"), T([5], device="cuda"), T([5], device="cuda"), T([5], device="cuda"),
          T([5], device="cuda"), True, 1e-5, [True, True, True], *[T([0], device="cuda") for _ in _extra]),
        # A bool input computes in bool: its mean, cast to bool, does not
        # subtract from it.
        C("bool input and statistics, eval, refused", T([2, 5], dtype=b8), T([2, 5], dtype=b8), None,
          T([5], dtype=b8), T([5], dtype=b8), None, None, False, 1e-5, [True, True, True], *_extra),
        C("bool input, float32 statistics, training, refused", T([2, 5]), T([2, 5], dtype=b8), None, None, None,
          T([5]), T([5]), True, 1e-5, [True, True, True], *_extra),
    ]
    CASES[_op] = _bn
    SYMBOLIC += [
        (f"{_op} of a dynamic input", _op,
         C("", D([2, 3, 4, 5], "g"), D([2, 3, 4, 5], "x"), T([3]), T([3]), T([3]), T([3]), T([3]), True, 1e-5,
           [True, True, True], *_extra)),
        (f"{_op} of a dynamic channels-last input, eval", _op,
         C("", D([2, 3, 4, 5], "g", CL_DYNAMIC, strides=[60, 1, 15, 3]),
           D([2, 3, 4, 5], "x", CL_DYNAMIC, strides=[60, 1, 15, 3]), T([3]), T([3]), T([3]), T([3]), T([3]),
           False, 1e-5, [True, True, True], *_extra)),
    ]


# The NLL losses' gradients (reduction 0 none, 1 mean, 2 sum); the
# `grad_input=` overloads are their out wrappers.
_tw = T([])
CASES["nll_loss_backward"] = [
    C("batch, mean", T([]), T([4, 3]), T([4], dtype=i64), None, 1, -100, _tw),
    C("batch, none", T([4]), T([4, 3]), T([4], dtype=i64), None, 0, -100, _tw),
    C("batch, sum", T([]), T([4, 3]), T([4], dtype=i64), None, 2, -100, _tw),
    C("batch, one-element gradient", T([1]), T([4, 3]), T([4], dtype=i64), None, 1, -100, _tw),
    C("class weights", T([4]), T([4, 3]), T([4], dtype=i64), T([3]), 0, -100, _tw),
    C("strided class weights", T([]), T([4, 3]), T([4], dtype=i64), T([3], strides=[2]), 1, 1, _tw),
    C("transposed input", T([]), tr(4, 3), T([4], dtype=i64), None, 1, -100, _tw),
    C("transposed input, none", T([4], strides=[2]), tr(4, 3), T([4], dtype=i64), None, 0, -100, _tw),
    C("unbatched", T([]), T([3]), T([], dtype=i64), None, 1, -100, _tw),
    C("unbatched with a one-element target", T([]), T([3]), T([1], dtype=i64), T([3]), 2, -100, _tw),
    C("unbatched with two targets refused", T([]), T([3]), T([2], dtype=i64), T([3]), 2, -100, _tw),
    C("float16 input, float32 gradient", T([]), T([4, 3], dtype=f16), T([4], dtype=i64), None, 1, -100, _tw),
    C("float16 input and total weight", T([], dtype=f16), T([4, 3], dtype=f16), T([4], dtype=i64), None, 1,
      -100, T([], dtype=f16)),
    C("float64 gradient of a float16 input", T([], dtype=f64), T([4, 3], dtype=f16), T([4], dtype=i64), None, 1,
      -100, _tw),
    C("float64 weights", T([4]), T([4, 3]), T([4], dtype=i64), T([3], dtype=f64), 0, -100, _tw),
    C("empty batch", T([0]), T([0, 3]), T([0], dtype=i64), None, 0, -100, _tw),
    # The decomposition scatters into zeros by `where(target != ignore,
    # target, 0)`: int32 or int64 (a bool target made int64 by the `0`).
    C("float target refused", T([]), T([3, 2]), T([3]), None, 1, -100, _tw),
    C("uint8 target refused", T([]), T([3, 2]), T([3], dtype=torch.uint8), None, 1, -100, _tw),
    C("bool target", T([]), T([3, 2]), T([3], dtype=b8), None, 1, -100, _tw),
    C("int32 target", T([]), T([3, 2]), T([3], dtype=i32), None, 1, -100, _tw),
    C("3-d input refused", T([]), T([2, 4, 3]), T([2], dtype=i64), None, 1, -100, _tw),
    C("2-d target refused", T([]), T([4, 3]), T([4, 1], dtype=i64), None, 1, -100, _tw),
    C("batch size mismatch refused", T([]), T([4, 3]), T([5], dtype=i64), None, 1, -100, _tw),
    C("two total weights refused", T([]), T([4, 3]), T([4], dtype=i64), None, 1, -100, T([2])),
    C("weights of another count refused", T([]), T([4, 3]), T([4], dtype=i64), T([4]), 1, -100, _tw),
    C("per-sample gradient of another size refused", T([3]), T([4, 3]), T([4], dtype=i64), None, 0, -100, _tw),
    C("several gradients with a mean refused", T([4]), T([4, 3]), T([4], dtype=i64), None, 1, -100, _tw),
    # `weight.shape[0]`: a zero-dim weight (of the one class) is refused.
    C("zero-dim weight of one class refused", T([4]), T([4, 1]), T([4], dtype=i64), T([]), 0, -100, _tw),
]
CASES["nll_loss_backward.grad_input"] = [
    C("out of the input's sizes", T([]), T([4, 3]), T([4], dtype=i64), None, 1, -100, _tw, grad_input=T([4, 3])),
    C("empty out is resized", T([]), T([4, 3]), T([4], dtype=i64), None, 1, -100, _tw, grad_input=T([0])),
    C("transposed out keeps its strides", T([4]), T([4, 3]), T([4], dtype=i64), None, 0, -100, _tw,
      grad_input=tr(4, 3)),
    C("int64 out refused", T([]), T([4, 3]), T([4], dtype=i64), None, 1, -100, _tw,
      grad_input=T([4, 3], dtype=i64)),
]
CASES["nll_loss2d_backward"] = [
    C("mean", T([]), T([2, 3, 4, 5]), T([2, 4, 5], dtype=i64), None, 1, -100, _tw),
    C("none", T([2, 4, 5]), T([2, 3, 4, 5]), T([2, 4, 5], dtype=i64), None, 0, -100, _tw),
    C("none, channels-last input", T([2, 4, 5]), cl(2, 3, 4, 5), T([2, 4, 5], dtype=i64), None, 0, -100, _tw),
    C("mean, channels-last input", T([]), cl(2, 3, 4, 5), T([2, 4, 5], dtype=i64), T([3]), 1, -100, _tw),
    C("none, transposed gradient", tr(2, 4, 5), T([2, 3, 4, 5]), T([2, 4, 5], dtype=i64), None, 0, -100, _tw),
    C("none, transposed target", T([2, 4, 5]), T([2, 3, 4, 5]), tr(2, 4, 5, dtype=i64), T([3]), 0, 1, _tw),
    C("one-element 3-d gradient", T([1, 1, 1]), T([2, 3, 4, 5]), T([2, 4, 5], dtype=i64), None, 2, -100, _tw),
    C("float16 input", T([2, 4, 5], dtype=f16), T([2, 3, 4, 5], dtype=f16), T([2, 4, 5], dtype=i64),
      T([3], dtype=f16), 0, -100, T([], dtype=f16)),
    C("float64 gradient", T([], dtype=f64), T([2, 3, 4, 5]), T([2, 4, 5], dtype=i64), None, 1, -100, _tw),
    C("3-d input refused", T([]), T([3, 4, 5]), T([2, 4, 5], dtype=i64), None, 1, -100, _tw),
    C("2-d target refused", T([]), T([2, 3, 4, 5]), T([2, 20], dtype=i64), None, 1, -100, _tw),
    C("target of another size refused", T([]), T([2, 3, 4, 5]), T([2, 4, 6], dtype=i64), None, 1, -100, _tw),
    C("two total weights refused", T([]), T([2, 3, 4, 5]), T([2, 4, 5], dtype=i64), None, 1, -100, T([2])),
    C("gradient of another size refused", T([2, 4, 6]), T([2, 3, 4, 5]), T([2, 4, 5], dtype=i64), None, 0,
      -100, _tw),
    C("zero-dim weight refused", T([2, 4, 5]), T([2, 3, 4, 5]), T([2, 4, 5], dtype=i64), T([]), 0, -100, _tw),
    C("one-class weight", T([]), T([2, 1, 4, 5]), T([2, 4, 5], dtype=i64), T([1]), 1, -100, _tw),
]
CASES["nll_loss2d_backward.grad_input"] = [
    C("out of the input's sizes", T([]), T([2, 3, 4, 5]), T([2, 4, 5], dtype=i64), None, 1, -100, _tw,
      grad_input=T([2, 3, 4, 5])),
    C("empty out is resized", T([2, 4, 5]), T([2, 3, 4, 5]), T([2, 4, 5], dtype=i64), None, 0, -100, _tw,
      grad_input=T([0])),
    C("channels-last out keeps its strides", T([]), T([2, 3, 4, 5]), T([2, 4, 5], dtype=i64), None, 1, -100,
      _tw, grad_input=cl(2, 3, 4, 5)),
    C("int64 out refused", T([]), T([2, 3, 4, 5]), T([2, 4, 5], dtype=i64), None, 1, -100, _tw,
      grad_input=T([2, 3, 4, 5], dtype=i64)),
]
SYMBOLIC += [
    ("nll_loss_backward of a dynamic batch, none", "nll_loss_backward",
     C("", D([4], "g"), D([4, 3], "x"), D([4], "t", dtype=i64), None, 0, -100, _tw)),
    ("nll_loss_backward of a dynamic batch, mean with weights", "nll_loss_backward",
     C("", T([]), D([4, 3], "x"), D([4], "t", dtype=i64), D([3], "w"), 1, -100, _tw)),
    ("nll_loss2d_backward of dynamic sizes, none", "nll_loss2d_backward",
     C("", D([2, 4, 5], "g"), D([2, 3, 4, 5], "x"), D([2, 4, 5], "t", dtype=i64), None, 0, -100, _tw)),
    ("nll_loss2d_backward of dynamic sizes, mean", "nll_loss2d_backward",
     C("", T([]), D([2, 3, 4, 5], "x"), D([2, 4, 5], "t", dtype=i64), None, 1, -100, _tw)),
    ("nll_loss_backward.grad_input of a dynamic batch", "nll_loss_backward.grad_input",
     C("", D([4], "g"), D([4, 3], "x"), D([4], "t", dtype=i64), None, 0, -100, _tw, grad_input=T([4, 3]))),
]


def cl3(*sizes, **kw):
    """A channels-last-3d 5-d input."""
    return T(sizes, fmt=torch.channels_last_3d, **kw)


# The upsamplings' gradients: the gradient has the output's sizes, the
# result `input_size`. (The symbolic cases of ATen's meta kernels are the
# derived ones: those kernels refuse symbolic sizes in the size lists.)
for _op in ["upsample_nearest1d_backward", "_upsample_nearest_exact1d_backward"]:
    CASES[_op] = [
        C("batched", T([2, 3, 5]), [5], [2, 3, 8]),
        C("with a scale", T([2, 3, 5]), [5], [2, 3, 8], 0.5),
        C("transposed gradient", T([3, 2, 5], then=lambda t: t.transpose(0, 1)), [5], [2, 3, 8]),
        C("float16", T([2, 3, 5], dtype=f16), [5], [2, 3, 8]),
        C("empty batch", T([0, 3, 5]), [5], [0, 3, 8]),
        C("gradient of another size refused", T([2, 3, 6]), [5], [2, 3, 8]),
        C("gradient of another rank refused", T([3, 5]), [5], [2, 3, 8]),
        C("zero input size refused", T([2, 3, 5]), [5], [2, 3, 0]),
        C("two output sizes refused", T([2, 3, 5]), [5, 5], [2, 3, 8]),
    ]
    CASES[f"{_op}.grad_input"] = [
        C("out of the input's sizes", T([2, 3, 5]), [5], [2, 3, 8], grad_input=T([2, 3, 8])),
        C("empty out is resized", T([2, 3, 5]), [5], [2, 3, 8], grad_input=T([0])),
        C("transposed out keeps its strides", T([2, 3, 5]), [5], [2, 3, 8],
          grad_input=T([2, 8, 3], then=lambda t: t.transpose(1, 2))),
        C("float64 out refused", T([2, 3, 5]), [5], [2, 3, 8], grad_input=T([2, 3, 8], dtype=f64)),
    ]
for _op in ["upsample_nearest2d_backward", "_upsample_nearest_exact2d_backward", "upsample_bilinear2d_backward"]:
    _ac = [False] if _op == "upsample_bilinear2d_backward" else []
    CASES[_op] = [
        C("batched", T([2, 3, 5, 6]), [5, 6], [2, 3, 8, 9], *_ac),
        C("channels-last gradient", cl(2, 3, 5, 6), [5, 6], [2, 3, 8, 9], *_ac),
        C("transposed gradient", tr(2, 3, 5, 6), [5, 6], [2, 3, 8, 9], *_ac),
        C("float16 channels-last gradient", cl(2, 3, 5, 6, dtype=f16), [5, 6], [2, 3, 8, 9], *_ac),
        C("one channel, channels-last gradient", cl(2, 1, 5, 6), [5, 6], [2, 1, 8, 9], *_ac),
        C("gradient of another size refused", T([2, 3, 5, 7]), [5, 6], [2, 3, 8, 9], *_ac),
        C("3-d gradient refused", T([3, 5, 6]), [5, 6], [2, 3, 8, 9], *_ac),
        C("zero output size refused", T([2, 3, 0, 6]), [0, 6], [2, 3, 8, 9], *_ac),
        C("three input sizes refused", T([2, 3, 5, 6]), [5, 6], [2, 3, 8], *_ac),
    ]
    # (ATen's meta kernel, the bilinear one's, refuses symbolic sizes in
    # the size lists; the sizes of the gradient stay dynamic.)
    _n = 2 if _op == "upsample_bilinear2d_backward" else SizeOf("g", 0)
    SYMBOLIC += [
        (f"{_op} of a dynamic channels-last gradient", _op,
         C("", D([2, 3, 5, 6], "g", CL_DYNAMIC, strides=[90, 1, 18, 3]), [5, 6], [_n, 3, 8, 9], *_ac)),
    ]
    if _op != "upsample_bilinear2d_backward":
        SYMBOLIC += [
            (f"{_op} of a dynamic gradient", _op,
             C("", D([2, 3, 5, 6], "g"), [SizeOf("g", 2), SizeOf("g", 3)],
               [SizeOf("g", 0), SizeOf("g", 1), 8, 9])),
        ]
for _op in ["upsample_nearest3d_backward", "_upsample_nearest_exact3d_backward"]:
    CASES[_op] = [
        C("batched", T([2, 3, 5, 6, 2]), [5, 6, 2], [2, 3, 8, 9, 4]),
        C("channels-last-3d gradient", cl3(2, 3, 5, 6, 2), [5, 6, 2], [2, 3, 8, 9, 4]),
        C("with scales", T([2, 3, 5, 6, 2]), [5, 6, 2], [2, 3, 8, 9, 4], 0.5, 0.5, 0.5),
        C("float64", T([2, 3, 5, 6, 2], dtype=f64), [5, 6, 2], [2, 3, 8, 9, 4]),
        C("gradient of another size refused", T([2, 3, 5, 6, 3]), [5, 6, 2], [2, 3, 8, 9, 4]),
        C("4-d gradient refused", T([3, 5, 6, 2]), [5, 6, 2], [2, 3, 8, 9, 4]),
        C("zero input size refused", T([2, 3, 5, 6, 2]), [5, 6, 2], [2, 3, 8, 0, 4]),
    ]
    CASES[f"{_op}.grad_input"] = [
        C("out of the input's sizes", T([2, 3, 5, 6, 2]), [5, 6, 2], [2, 3, 8, 9, 4],
          grad_input=T([2, 3, 8, 9, 4])),
        C("empty out is resized", cl3(2, 3, 5, 6, 2), [5, 6, 2], [2, 3, 8, 9, 4], grad_input=T([0])),
        C("float64 out refused", T([2, 3, 5, 6, 2]), [5, 6, 2], [2, 3, 8, 9, 4],
          grad_input=T([2, 3, 8, 9, 4], dtype=f64)),
    ]


# `_prelu_kernel_backward(grad_output, self, weight)`: the weight as
# `prelu` passes it, reshaped to broadcast along the channels.
CASES["_prelu_kernel_backward"] = [
    C("same shape", T([2, 3]), T([2, 3]), T([2, 3])),
    C("one weight", T([2, 3, 4, 5]), T([2, 3, 4, 5]), T([1])),
    C("a weight per channel", T([2, 3, 4, 5]), T([2, 3, 4, 5]), T([3, 1, 1])),
    C("channels-last input and gradient", cl(2, 3, 4, 5), cl(2, 3, 4, 5), T([3, 1, 1])),
    C("channels-last input only", T([2, 3, 4, 5]), cl(2, 3, 4, 5), T([3, 1, 1])),
    C("channels-last gradient only", cl(2, 3, 4, 5), T([2, 3, 4, 5]), T([3, 1, 1])),
    C("transposed gradient", tr(2, 3), T([2, 3]), T([3])),
    C("transposed input", T([2, 3]), tr(2, 3), T([3])),
    C("float16 gradient, float32 input", T([2, 3], dtype=f16), T([2, 3]), T([3])),
    C("float64 weight", T([2, 3]), T([2, 3]), T([3], dtype=f64)),
    C("float64 zero-dim weight", T([2, 3], dtype=f16), T([2, 3], dtype=f16), T([], dtype=f64)),
    C("int64 all", T([2, 3], dtype=i64), T([2, 3], dtype=i64), T([3], dtype=i64)),
    C("zero-dim", T([]), T([]), T([])),
    C("empty", T([0, 3]), T([0, 3]), T([3])),
    C("sizes that do not broadcast", T([2, 3]), T([2, 4]), T([1])),
    # A reduced-precision product converts its operands, laying a
    # non-dense input out afresh; a float32 one keeps its order.
    C("bfloat16 input strided beside a size-1 dim", T([5, 1], dtype=torch.bfloat16),
      T([5, 1], dtype=torch.bfloat16, strides=[2, 6]), T([], dtype=i32)),
    C("float16 input strided beside a size-1 dim", T([5, 1], dtype=f16), T([5, 1], dtype=f16, strides=[2, 6]),
      T([1], dtype=f16)),
    C("float32 input strided beside a size-1 dim", T([5, 1]), T([5, 1], strides=[2, 6]), T([])),
    C("float32 input strided beside a size-1 dim under the dispatcher", T([5, 1]), T([5, 1], strides=[2, 6]),
      T([])),
]
DISPATCHED |= {"float32 input strided beside a size-1 dim under the dispatcher"}
SYMBOLIC += [
    ("_prelu_kernel_backward of dynamic sizes", "_prelu_kernel_backward",
     C("", D([2, 3], "g"), D([2, 3], "x"), T([1]))),
    ("_prelu_kernel_backward of dynamic channels-last tensors", "_prelu_kernel_backward",
     C("", D([2, 3, 4, 5], "g", CL_DYNAMIC, strides=[60, 1, 15, 3]),
       D([2, 3, 4, 5], "x", CL_DYNAMIC, strides=[60, 1, 15, 3]), T([3, 1, 1]))),
]

# `masked_scatter_backward(grad_output, mask, sizes)`: `new_empty(sizes)`.
CASES["masked_scatter_backward"] = [
    C("sizes of the mask", T([6]), T([2, 3], dtype=b8), [2, 3]),
    C("float16 transposed gradient", tr(3, 2, dtype=f16), T([2, 3], dtype=b8), [2, 3]),
    C("empty", T([0]), T([0, 3], dtype=b8), [0, 3]),
    C("zero-dim", T([1]), T([], dtype=b8), []),
    C("negative size refused", T([6]), T([2, 3], dtype=b8), [-1, 3]),
]
SYMBOLIC += [
    ("masked_scatter_backward of the sizes of a dynamic mask", "masked_scatter_backward",
     C("", D([6], "g"), D([2, 3], "m", dtype=b8), [SizeOf("m", 0), SizeOf("m", 1)])),
]


# The embedding bags' gradients: 4 bags of 5 features over 7 indices
# (mode 0 sum, 1 mean, 2 max). (No case has no weights: the eager CPU
# kernel writes out of bounds.)
def _bag_inputs():
    idx = T([7], dtype=i64)
    return idx, T([4], dtype=i64), T([7], dtype=i64), T([4], dtype=i64), T([4, 5], dtype=i64)


_idx, _off, _o2b, _bs, _mi = _bag_inputs()
CASES["_embedding_bag_dense_backward"] = [
    C("sum", T([4, 5]), _idx, _o2b, _bs, _mi, 10, False, 0, None),
    C("mean, scaled by frequency", T([4, 5]), _idx, _o2b, _bs, _mi, 10, True, 1, None),
    C("max", T([4, 5]), _idx, _o2b, _bs, _mi, 10, False, 2, None),
    C("per-sample weights and a padding index", T([4, 5]), _idx, _o2b, _bs, _mi, 10, False, 0, T([7]), 3),
    C("transposed float64 gradient", tr(4, 5, dtype=f64), _idx, _o2b, _bs, _mi, 10, False, 0, None),
    C("float16", T([4, 5], dtype=f16), _idx, _o2b, _bs, _mi, 10, False, 0, None),
    C("3-d gradient", T([4, 5, 2]), _idx, _o2b, _bs, _mi, 10, False, 0, None),
    C("empty gradient", T([0, 5]), T([0], dtype=i64), T([0], dtype=i64), T([0], dtype=i64), T([0, 5], dtype=i64),
      10, False, 0, None),
    C("int64 gradient refused", T([4, 5], dtype=i64), _idx, _o2b, _bs, _mi, 10, False, 0, None),
    C("1-d gradient refused", T([4]), _idx, _o2b, _bs, _mi, 10, False, 0, None),
]
CASES["_embedding_bag_backward"] = [
    C("sum", T([4, 5]), _idx, _off, _o2b, _bs, _mi, 10, False, 0, False, None),
    C("mean", T([4, 5]), _idx, _off, _o2b, _bs, _mi, 10, True, 1, False, None),
    C("max, float64", T([4, 5], dtype=f64), _idx, _off, _o2b, _bs, _mi, 10, False, 2, False, None),
    C("per-sample weights", T([4, 5]), _idx, _off, _o2b, _bs, _mi, 10, False, 0, False, T([7]), 2),
    C("transposed gradient", tr(4, 5), _idx, _off, _o2b, _bs, _mi, 10, False, 0, False, None),
    C("int32 gradient refused", T([4, 5], dtype=i32), _idx, _off, _o2b, _bs, _mi, 10, False, 0, False, None),
    # A sparse COO gradient, which refuses scale_grad_by_freq.
    C("sparse", T([4, 5]), _idx, _off, _o2b, _bs, _mi, 10, False, 0, True, None),
    C("sparse, max, float64", T([4, 5], dtype=f64), _idx, _off, _o2b, _bs, _mi, 10, False, 2, True, None),
    C("sparse, frequency scaled refused", T([4, 5]), _idx, _off, _o2b, _bs, _mi, 10, True, 1, True, None),
    # The sparse gradient's indices (one row) and values (`grad` rows by
    # `offset2bag`, `[-1, features]`) must count the same.
    C("sparse, 3-d gradient refused", T([1, 4, 5]), T([1, 7], dtype=i64), T([1, 4], dtype=i64),
      T([1, 7], dtype=i64), T([1, 4], dtype=i64), T([1, 4, 5], dtype=i64), 10, False, 0, True, None),
    C("sparse, mean", T([4, 5]), _idx, _off, _o2b, _bs, _mi, 10, False, 1, True, None),
    C("sparse, mean of 2-d bag sizes refused", T([4, 5]), _idx, _off, _o2b, T([1, 4], dtype=i64), _mi, 10,
      False, 1, True, None),
    C("sparse, per-sample weights", T([4, 5]), _idx, _off, _o2b, _bs, _mi, 10, False, 0, True, T([7])),
    C("sparse, bags made from the offsets", T([4, 5]), _idx, _off, T([0], dtype=i64), _bs, _mi, 10, False, 0,
      True, None),
    C("sparse, fewer indices refused", T([4, 5]), T([6], dtype=i64), _off, _o2b, _bs, _mi, 10, False, 0,
      True, None),
    C("sparse, float indices refused", T([4, 5]), T([7]), _off, _o2b, _bs, _mi, 10, False, 0, True, None),
    # A padding index filters by data: the CPU kernel runs on zeros, its
    # composite checking the indices and offsets (promoted together),
    # then `offset2bag`, each integral and contiguous.
    C("sparse, padding index", T([4, 5]), _idx, _off, _o2b, _bs, _mi, 10, False, 0, True, None, 1),
    C("sparse, padding index, float offsets refused", T([4, 5]), _idx, T([4]), _o2b, _bs, _mi, 10, False, 0,
      True, None, 1),
    C("sparse, padding index, int32 indices and int64 offsets", T([4, 5]), T([7], dtype=i32), _off, _o2b, _bs,
      _mi, 10, False, 0, True, None, 1),
    C("sparse, padding index, transposed indices refused", T([4, 5]), T([2, 7], dtype=i64, strides=[1, 2]),
      _off, T([14], dtype=i64), _bs, _mi, 10, False, 0, True, None, 1),
    C("sparse, padding index, transposed offset2bag refused", T([4, 5]), T([2, 7], dtype=i64), _off,
      T([2, 7], dtype=i64, strides=[1, 2]), _bs, _mi, 10, False, 0, True, None, 1),
]
CASES["_embedding_bag_per_sample_weights_backward"] = [
    C("sum", T([4, 5]), T([10, 5]), _idx, _off, _o2b, 0),
    C("with a padding index", T([4, 5]), T([10, 5]), _idx, _off, _o2b, 0, 3),
    C("float64 transposed gradient", tr(4, 5, dtype=f64), T([10, 5], dtype=f64), _idx, _off, _o2b, 0),
    C("no indices", T([4, 5]), T([10, 5]), T([0], dtype=i64), _off, T([0], dtype=i64), 0),
    C("mean refused", T([4, 5]), T([10, 5]), _idx, _off, _o2b, 1),
    C("3-d gradient refused", T([4, 5, 2]), T([10, 5]), _idx, _off, _o2b, 0),
    C("2-d indices refused", T([4, 5]), T([10, 5]), T([7, 1], dtype=i64), _off, _o2b, 0),
    C("weight of other features refused", T([4, 5]), T([10, 6]), _idx, _off, _o2b, 0),
]
SYMBOLIC += [
    ("_embedding_bag_dense_backward of a dynamic gradient", "_embedding_bag_dense_backward",
     C("", D([4, 5], "g"), _idx, _o2b, _bs, _mi, S(10, "n"), False, 0, None)),
    ("_embedding_bag_backward of a dynamic gradient", "_embedding_bag_backward",
     C("", D([4, 5], "g"), _idx, _off, _o2b, _bs, _mi, S(10, "n"), False, 0, False, None)),
    ("_embedding_bag_per_sample_weights_backward of dynamic sizes", "_embedding_bag_per_sample_weights_backward",
     C("", D([4, 5], "g"), D([10, 5], "w"), D([7], "i", dtype=i64), _off, D([7], "o", dtype=i64), 0)),
    ("_embedding_bag_per_sample_weights_backward.out of dynamic sizes",
     "_embedding_bag_per_sample_weights_backward.out",
     C("", D([4, 5], "g"), D([10, 5], "w"), D([7], "i", dtype=i64), _off, D([7], "o", dtype=i64), 0,
       out=T([0]))),
]


# The cuDNN and MIOpen backends' gradients: the input first, then the
# gradient; `native_batch_norm_backward` in training, every gradient asked.
def _backend_bn_backward(reserve):
    def t(sizes, **kw):
        return T(sizes, device="cuda", **kw)

    r = (t([0], dtype=torch.uint8),) if reserve else ()
    return [
        C("every gradient", t([2, 3, 4, 5]), t([2, 3, 4, 5]), t([3]), t([3]), t([3]), t([3]), t([3]), 1e-5, *r),
        C("channels-last both", cl(2, 3, 4, 5, device="cuda"), cl(2, 3, 4, 5, device="cuda"), t([3]), t([3]),
          t([3]), t([3]), t([3]), 1e-5, *r),
        C("channels-last input, contiguous gradient", cl(2, 3, 4, 5, device="cuda"), t([2, 3, 4, 5]), t([3]),
          t([3]), t([3]), t([3]), t([3]), 1e-5, *r),
        C("no running statistics", t([2, 3, 7]), t([2, 3, 7]), t([3]), None, None, t([3]), t([3]), 1e-5, *r),
        C("float16 input, float32 weight", t([2, 3, 4], dtype=f16), t([2, 3, 4], dtype=f16), t([3]), t([3]),
          t([3]), t([3]), t([3]), 1e-5, *r),
        C("float64 weight", t([2, 3, 4]), t([2, 3, 4]), t([3], dtype=f64), t([3]), t([3]), t([3]), t([3]), 1e-5,
          *r),
        C("gradient of another size refused", t([2, 3]), t([2, 4]), t([3]), t([3]), t([3]), t([3]), t([3]),
          1e-5, *r),
    ]


CASES["cudnn_batch_norm_backward"] = _backend_bn_backward(True)
CASES["miopen_batch_norm_backward"] = _backend_bn_backward(False)
CASES["cudnn_batch_norm_backward.out"] = [
    C("outs of the gradients' sizes", T([2, 3, 4], device="cuda"), T([2, 3, 4], device="cuda"),
      T([3], device="cuda"), None, None, T([3], device="cuda"), T([3], device="cuda"), 1e-5,
      T([0], device="cuda", dtype=torch.uint8), out0=T([2, 3, 4], device="cuda"), out1=T([3], device="cuda"),
      out2=T([3], device="cuda")),
    C("empty outs are resized", T([2, 3, 4], device="cuda"), T([2, 3, 4], device="cuda"),
      T([3], device="cuda"), None, None, T([3], device="cuda"), T([3], device="cuda"), 1e-5,
      T([0], device="cuda", dtype=torch.uint8), out0=T([0], device="cuda"), out1=T([0], device="cuda"),
      out2=T([0], device="cuda")),
]
CASES["miopen_batch_norm_backward.out"] = [
    C("outs of the gradients' sizes", T([2, 3, 4], device="cuda"), T([2, 3, 4], device="cuda"),
      T([3], device="cuda"), None, None, T([3], device="cuda"), T([3], device="cuda"), 1e-5,
      out0=T([2, 3, 4], device="cuda"), out1=T([3], device="cuda"), out2=T([3], device="cuda")),
    C("float64 out", T([2, 3, 4], device="cuda"), T([2, 3, 4], device="cuda"),
      T([3], device="cuda"), None, None, T([3], device="cuda"), T([3], device="cuda"), 1e-5,
      out0=T([2, 3, 4], device="cuda", dtype=f64), out1=T([3], device="cuda"), out2=T([3], device="cuda")),
]
SYMBOLIC += [
    ("cudnn_batch_norm_backward of a dynamic input", "cudnn_batch_norm_backward",
     C("", D([2, 3, 4], "x"), D([2, 3, 4], "g"), T([3]), None,
       None, T([3]), T([3]), 1e-5, T([0], dtype=torch.uint8))),
    ("miopen_batch_norm_backward of a dynamic channels-last input", "miopen_batch_norm_backward",
     C("", D([2, 3, 4, 4], "x", fmt=CL), D([2, 3, 4, 4], "g", fmt=CL),
       T([3]), None, None, T([3]), T([3]), 1e-5)),
    ("miopen_batch_norm_backward.out of a dynamic input", "miopen_batch_norm_backward.out",
     C("", D([2, 3, 4], "x"), D([2, 3, 4], "g"), T([3]), None, None, T([3]), T([3]), 1e-5,
       out0=T([2, 3, 4]), out1=T([0]), out2=T([3]))),
    ("cudnn_batch_norm_backward.out of a dynamic input", "cudnn_batch_norm_backward.out",
     C("", D([2, 3, 4], "x"), D([2, 3, 4], "g"), T([3]), None,
       None, T([3]), T([3]), 1e-5, T([0], dtype=torch.uint8),
       out0=T([0]), out1=T([3]), out2=T([3]))),
]


# `native_batch_norm_backward.out`: each gradient there copied into its
# `out` (resized when its sizes differ, exactly its dtype); every `out`
# returned.
def _bn_out(name, grad, x, mask, out0, out1, out2, train=True):
    return C(name, grad, x, T([3]), T([3]), T([3]), T([3]), T([3]), train, 1e-5, mask,
             out0=out0, out1=out1, out2=out2)


CASES["native_batch_norm_backward.out"] = [
    _bn_out("outs of the gradients' sizes", T([2, 3, 4]), T([2, 3, 4]), [True, True, True], T([2, 3, 4]),
            T([3]), T([3])),
    _bn_out("empty outs are resized", T([2, 3, 4]), T([2, 3, 4]), [True, True, True], T([0]), T([0]), T([0])),
    _bn_out("a channels-last out keeps its strides", cl(2, 3, 4, 5), cl(2, 3, 4, 5), [True, True, True],
            cl(2, 3, 4, 5), T([3]), T([3])),
    _bn_out("outs without a gradient untouched", T([2, 3, 4]), T([2, 3, 4]), [True, False, False],
            T([2, 3, 4]), T([5], dtype=f64), T([0], dtype=i64)),
    _bn_out("float64 out refused", T([2, 3, 4]), T([2, 3, 4]), [True, True, True], T([2, 3, 4], dtype=f64),
            T([3]), T([3])),
    _bn_out("float64 weight gradient out refused", T([2, 3, 4]), T([2, 3, 4]), [True, True, False],
            T([2, 3, 4]), T([3], dtype=f64), T([3])),
]
SYMBOLIC += [
    ("native_batch_norm_backward.out of a dynamic input", "native_batch_norm_backward.out",
     _bn_out("", D([2, 3, 4], "g"), D([2, 3, 4], "x"), [True, True, True], T([0]), T([3]), T([3]))),
]

CASES["linear_backward"] = [
    C("every gradient", T([5, 3]), T([5, 4]), T([4, 3]), [True, True, True]),
    C("the weight's alone (the bias's made too)", T([5, 3]), T([5, 4]), T([4, 3]), [False, True, False]),
    C("the input's alone, batched", T([2, 5, 3]), tr(4, 5), T([4, 3]), [True, False, False]),
    C("float16 gradient", T([5, 3]), T([5, 4], dtype=f16), T([4, 3]), [True, False, True]),
    C("none", T([5, 3]), T([5, 4]), T([4, 3]), [False, False, False]),
]
