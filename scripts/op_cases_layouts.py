"""Layout cases added to operators whose result's strides come from a
decomposition's steps rather than from one elementwise rule: inputs whose
size-1 dims have strides of their own, half-precision expanded inputs.

`add(CASES)` appends them to cases defined elsewhere (the format is
described in `export_op_cases.py`).
"""

from op_case_inputs import C, T, b8, f16, f64, i32

# A tensor input in each layout: name -> (sizes, strides, dtype).
LAYOUTS = {
    "an inner size-1 dim with a stride of its own": ([3, 1, 2], [2, 5, 1], None),
    "outer size-1 dim with a stride of its own": ([1, 2, 3, 4], [48, 12, 4, 1], None),
    "float16 expanded": ([2, 3], [0, 1], f16),
}

# operator -> the arguments after the tensor
TRAILING = {
    "relu": (),
    "hardtanh": (),
    "threshold": (0.5, 0.0),
    "clamp": (0.0, 1.0),
    "clamp_min": (0.0,),
    "clamp_max": (1.0,),
    "pow.Tensor_Scalar": (2,),
    "empty_like": (),
    "zeros_like": (),
    "ones_like": (),
    "full_like": (1.0,),
    "rand_like": (),
    "randn_like": (),
    "flip": ([0],),
    "fliplr": (),
    "flipud": (),
    "rrelu": (),
    "exponential": (),
    "cauchy": (),
    "geometric": (0.5,),
    "log_normal": (),
}


def tensor(sizes, strides, dtype):
    """The input tensor of a layout (float32 unless it names a dtype)."""
    return T(sizes, strides=strides, **({"dtype": dtype} if dtype else {}))


def add(cases):
    """Append the layout cases to `cases` (a name an operator has already
    is kept)."""
    for op, rest in TRAILING.items():
        have = {c.name for c in cases[op]}
        for name, (sizes, strides, dtype) in LAYOUTS.items():
            if name not in have:
                cases[op].append(C(name, tensor(sizes, strides, dtype), *rest))
    for name, (sizes, strides, dtype) in LAYOUTS.items():
        cases["where.ScalarOther"].append(
            C(name, T(sizes, strides=strides, dtype=b8), tensor(sizes, strides, dtype), 0.0))
        cases["masked_fill.Scalar"].append(
            C(name, tensor(sizes, strides, dtype), T(sizes, strides=strides, dtype=b8), 0.0))
    cases["lerp.Tensor"].append(
        C("a zero-dim weight of another dtype joins promotion",
          T([2, 3], dtype=i32), T([2, 3], dtype=i32), T([], dtype=f64)))
    cases["clamp.Tensor"].append(C("no bound refused", T([2, 3])))
    cases["lcm"].append(C("bool refused", T([2], dtype=b8), T([2], dtype=b8)))
