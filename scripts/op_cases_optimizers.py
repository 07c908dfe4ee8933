"""Cases of the fused optimizer steps (`_fused_adam`, `_fused_adamw` and
their in-place forms) and of the gradient scaler's check
(`_amp_foreach_non_finite_check_and_unscale_`): parameters of mixed
layouts and dtypes, empty `max_exp_avg_sqs` (no amsgrad), and scaler
tensors of the wrong size or dtype (refused).

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

from op_case_inputs import C, D, T, cl, f16, f64, i64, tr

ADAM = dict(lr=0.1, beta1=0.9, beta2=0.99, weight_decay=0.0, eps=1e-8, amsgrad=False, maximize=False)


def adam_cases():
    params = [T([4, 3]), tr(3, 4), cl(1, 2, 3, 3), T([2], dtype=f16)]
    like = [T([4, 3]), T([4, 3]), cl(1, 2, 3, 3), T([2])]
    steps = [T([]) for _ in params]
    return [
        C("contiguous", [T([4, 3]), T([2])], [T([4, 3]), T([2])], [T([4, 3]), T([2])],
          [T([4, 3]), T([2])], [], [T([]), T([])], **ADAM),
        C("layouts and dtypes, amsgrad", params, like, like, like, like, steps, **{**ADAM, "amsgrad": True}),
        C("float64 states", [T([3])], [T([3])], [T([3], dtype=f64)], [T([3], dtype=f64)], [], [T([])], **ADAM),
    ]


CASES = {
    "_fused_adam": adam_cases(),
    "_fused_adam_": adam_cases(),
    "_fused_adamw": adam_cases(),
    "_fused_adamw_": adam_cases(),
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
