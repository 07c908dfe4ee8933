"""Cases of the fused optimizer steps (`_fused_adam`, `_fused_adamw`,
`_fused_sgd`, `_fused_adagrad`, their in-place forms and their overloads
taking a tensor learning rate), of the gradient scaler's update
(`_amp_update_scale_`) and of the gradient scaler's check
(`_amp_foreach_non_finite_check_and_unscale_`): parameters of mixed
layouts and dtypes, empty `max_exp_avg_sqs` (no amsgrad), and scaler
tensors of the wrong size or dtype (refused).

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

from op_case_inputs import C, D, T, cl, f16, f64, i32, i64, tr

ADAM = dict(lr=0.1, beta1=0.9, beta2=0.99, weight_decay=0.0, eps=1e-8, amsgrad=False, maximize=False)

# Size-1 dims whose strides are their own: `empty_like` (`_fused_adam`'s
# meta) lays them out afresh, a clone keeps them (`_fused_adamw`'s
# generated kernel clones with the fake mode's `clone`, the CPU kernels'
# functional forms with ATen's).
ODD = "size-1 dims with strides of their own"
ODD_DISPATCHED = ODD + ", under the Python dispatcher"
DISPATCHED = {ODD_DISPATCHED}


def odd():
    return [T([1], strides=[2]), T([2, 1, 3], strides=[3, 7, 1]), T([2, 3], strides=[1, 2])]


def odd_cases(*lists, **kwargs):
    """The ODD cases, plain and under the Python dispatcher: `lists` each
    a list of `odd()` tensors when True, else as given."""
    args = [odd() if l is True else l for l in lists]
    return [C(ODD, *args, **kwargs), C(ODD_DISPATCHED, *args, **kwargs)]


def adam_cases():
    params = [T([4, 3]), tr(3, 4), cl(1, 2, 3, 3), T([2], dtype=f16)]
    like = [T([4, 3]), T([4, 3]), cl(1, 2, 3, 3), T([2])]
    steps = [T([]) for _ in params]
    return [
        C("contiguous", [T([4, 3]), T([2])], [T([4, 3]), T([2])], [T([4, 3]), T([2])],
          [T([4, 3]), T([2])], [], [T([]), T([])], **ADAM),
        C("layouts and dtypes, amsgrad", params, like, like, like, like, steps, **{**ADAM, "amsgrad": True}),
        C("float64 states", [T([3])], [T([3])], [T([3], dtype=f64)], [T([3], dtype=f64)], [], [T([])], **ADAM),
        *odd_cases(True, True, True, True, [], [T([]), T([]), T([])], **ADAM),
        # The CPU kernel reads both scales as `data_ptr<float>()`.
        *scale_cases([T([3])], [T([3])], [T([3])], [T([3])], [], [T([])], **ADAM),
    ]


def scale_cases(*lists, **kwargs):
    """A float32 gradient scale and found-infinity flag, an int32 flag and
    a float64 scale (which a fused CPU kernel reads as floats)."""
    return [
        C("float32 scales", *lists, **kwargs, grad_scale=T([]), found_inf=T([])),
        C("an int32 found_inf", *lists, **kwargs, found_inf=T([4], dtype=i32)),
        C("a float64 grad_scale", *lists, **kwargs, grad_scale=T([], dtype=f64)),
    ]


SGD = dict(weight_decay=0.0, momentum=0.9, lr=0.1, dampening=0.0, nesterov=False, maximize=False,
           is_first_step=True)
SGD0 = {**SGD, "momentum": 0.0}
ADAGRAD = dict(lr=0.1, lr_decay=0.0, weight_decay=0.0, eps=1e-8, maximize=False)


def sgd_cases():
    return [
        C("momentum buffers", [T([4, 3]), T([2])], [T([4, 3]), T([2])], [T([4, 3]), T([2])], **SGD),
        C("transposed gradients", [T([4, 3])], [tr(3, 4)], [tr(3, 4)], **SGD),
        C("no momentum, no buffers", [T([4, 3]), tr(2, 2)], [T([4, 3]), T([2, 2])], [], **SGD0),
        C("gradients of another shape, unchecked", [T([4, 3])], [T([4, 2])], [], **SGD0),
        C("float16", [T([4], dtype=f16)], [T([4], dtype=f16)], [], **SGD0),
        C("momentum without buffers", [T([4, 3])], [T([4, 3])], [], **SGD),
        C("buffers without momentum refused", [T([4, 3])], [T([4, 3])], [T([4, 3])], **SGD0),
        C("fewer gradients", [T([4, 3]), T([2])], [T([4, 3])], [], **SGD0),
        C("float64 gradient", [T([4, 3])], [T([4, 3], dtype=f64)], [], **SGD0),
        C("float64 buffer", [T([4])], [T([4])], [T([4], dtype=f64)], **SGD),
        C("int64 parameters", [T([4], dtype=i64)], [T([4], dtype=i64)], [], **SGD0),
        C("empty lists", [], [], [], **SGD0),
        *odd_cases(True, True, True, **SGD),
        *scale_cases([T([4])], [T([4])], [T([4])], **SGD),
    ]


def adagrad_cases():
    return [
        C("parameters", [T([4, 3]), T([2])], [T([4, 3]), T([2])], [T([4, 3]), T([2])], [T([]), T([])], **ADAGRAD),
        C("transposed gradients", [T([4, 3])], [tr(3, 4)], [tr(3, 4)], [T([])], **ADAGRAD),
        C("float16 parameters, float32 steps", [T([4], dtype=f16)], [T([4], dtype=f16)], [T([4], dtype=f16)],
          [T([])], **ADAGRAD),
        C("fewer steps", [T([4])], [T([4])], [T([4])], [], **ADAGRAD),
        C("float64 sums", [T([4])], [T([4])], [T([4], dtype=f64)], [T([])], **ADAGRAD),
        C("int64 parameters", [T([4], dtype=i64)], [T([4], dtype=i64)], [T([4], dtype=i64)], [T([])], **ADAGRAD),
        *odd_cases(True, True, True, [T([]), T([]), T([])], **ADAGRAD),
        *scale_cases([T([4])], [T([4])], [T([4])], [T([])], **ADAGRAD),
    ]


def tensor_lr(cases):
    """`cases` with the learning rate a one-element tensor (the `tensor_lr`
    overloads), and one with a learning rate of two elements (refused)."""
    out = [C(c.name, *c.args, **{**c.kwargs, "lr": T([])}) for c in cases]
    first = cases[0]
    out.append(C("learning rate of two elements", *first.args, **{**first.kwargs, "lr": T([2])}))
    return out


def adam_cpu_cases():
    """Adam's cases for its CPU kernel (the `tensor_lr` overloads): the
    lists' lengths and dtypes it checks too."""
    return adam_cases() + [
        C("max_exp_avg_sqs without amsgrad", [T([3])], [T([3])], [T([3])], [T([3])], [T([3])], [T([])], **ADAM),
        C("fewer exp_avgs", [T([3]), T([2])], [T([3]), T([2])], [T([3])], [T([3]), T([2])], [],
          [T([]), T([])], **ADAM),
        C("int64 parameters", [T([3], dtype=i64)], [T([3], dtype=i64)], [T([3], dtype=i64)],
          [T([3], dtype=i64)], [], [T([])], **ADAM),
        C("empty lists", [], [], [], [], [], [], **ADAM),
    ]


def amp_update_cases():
    """The scaler's update: one-element float32 scale and int32 tracker,
    and others the fake mode does not check."""
    return [
        C("one element each", T([1]), T([1], dtype=i32), T([1]), 2.0, 0.5, 10),
        C("zero-dim", T([]), T([], dtype=i32), T([]), 2.0, 0.5, 10),
        C("a float64 scale", T([1], dtype=f64), T([1], dtype=i32), T([1]), 2.0, 0.5, 10),
        C("a float32 tracker", T([1]), T([1]), T([1]), 2.0, 0.5, 10),
        C("two-element scale and tracker", T([2]), T([2], dtype=i32), T([1]), 2.0, 0.5, 10),
        C("transposed scale and tracker", tr(2, 3), tr(3, 2, dtype=i32), T([1]), 2.0, 0.5, 10),
    ]


CASES = {
    "_fused_sgd.tensor_lr": tensor_lr(sgd_cases()),
    "_fused_sgd_.tensor_lr": tensor_lr(sgd_cases()),
    "_fused_adagrad.tensor_lr": tensor_lr(adagrad_cases()),
    "_fused_adagrad_.tensor_lr": tensor_lr(adagrad_cases()),
    "_fused_adam.tensor_lr": tensor_lr(adam_cpu_cases()),
    "_fused_adam_.tensor_lr": tensor_lr(adam_cpu_cases()),
    "_fused_adamw.tensor_lr": tensor_lr(adam_cpu_cases()),
    "_fused_adamw_.tensor_lr": tensor_lr(adam_cpu_cases()),
    "_fused_sgd": sgd_cases(),
    "_fused_sgd_": sgd_cases(),
    "_fused_adagrad": adagrad_cases(),
    "_fused_adagrad_": adagrad_cases(),
    "_fused_adam": adam_cases(),
    "_fused_adam_": adam_cases(),
    "_fused_adamw": adam_cases(),
    "_fused_adamw_": adam_cases(),
    "_amp_update_scale_": amp_update_cases(),
    "_amp_update_scale": amp_update_cases(),
    "_amp_foreach_non_finite_check_and_unscale_": [
        C("one-element scaler tensors", [T([4, 3]), T([2, 5])], T([1]), T([])),
        C("transposed gradients", [tr(3, 4)], T([1]), T([1])),
        C("found_inf of two elements", [T([4, 3])], T([2]), T([])),
        C("inv_scale of two elements", [T([4, 3])], T([1]), T([2])),
        C("integral found_inf", [T([4, 3])], T([1], dtype=i64), T([])),
        C("integral inv_scale", [T([4, 3])], T([1]), T([], dtype=i64)),
    ],
}

SYMBOLIC = [
    ("_fused_adam of dynamic parameters", "_fused_adam",
     C("", [D([4, 3], "p")], [D([4, 3], "g")], [D([4, 3], "m")], [D([4, 3], "v")], [], [T([])], **ADAM)),
]
