"""Layout cases added to operators whose result's strides come from a
decomposition's steps rather than from one elementwise rule: inputs whose
size-1 dims have strides of their own, half-precision expanded inputs.

`add(CASES)` appends them to cases defined elsewhere (the format is
described in `export_op_cases.py`); `symbolic()` gives symbolic cases that
sit beside an overload's own (written or derived), not in their place.
"""

from op_case_inputs import C, D, T, b8, f16, f64, i32, i64

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
    "_softmax": (0, False),
    "_log_softmax": (0, False),
    "log_softmax.int": (0,),
    "tril": (),
    "triu": (),
    "native_dropout": (0.5, True),
    "sort": (0,),
    "argsort": (0,),
    "msort": (),
    "isin.Tensor_Tensor": (T([3]),),
    "index_put": ([T([1], dtype=i64)], T([1])),
    "renorm": (2, 0, 1.0),
    "zero": (),
    "_prelu_kernel": (T([1]),),
}


# 4-D and 5-D layouts that `suggest_memory_format` and `.contiguous(memory_format=...)`
# tell apart: a batch of one whose strides look channels-last but for the batch
# stride, channels-last strides with one spatial size, a single channel.
SPATIAL = {
    "a batch of one with channels-last strides but the batch's": ([1, 2, 4, 5], [10, 1, 10, 2]),
    "channels-last strides of a 1x1 image": ([2, 3, 1, 1], [3, 1, 3, 3]),
    "a single channel, channels last": ([2, 1, 4, 5], [20, 1, 5, 1]),
    "channels last": ([2, 3, 4, 5], [60, 1, 15, 3]),
}
SPATIAL_3D = {
    "a single channel, channels last 3d": ([2, 1, 3, 4, 5], [60, 1, 20, 5, 1]),
    "channels last 3d": ([2, 3, 2, 4, 5], [120, 1, 60, 15, 3]),
}

# operator -> the arguments after the 4-D (or 5-D) input
SPATIAL_TRAILING = {
    "_adaptive_avg_pool2d": ([2, 2],),
    "max_pool2d": ([2, 2],),
    "avg_pool2d": ([2, 2],),
    "reflection_pad2d": ([1, 1, 1, 1],),
    "replication_pad2d": ([1, 1, 1, 1],),
    "constant_pad_nd": ([1, 1, 1, 1],),
    "upsample_nearest2d": ([8, 8],),
    "upsample_nearest2d.vec": (None, [2.0, 2.0]),
    "upsample_bilinear2d.vec": (None, False, [2.0, 2.0]),
    "upsample_bicubic2d.vec": (None, False, [2.0, 2.0]),
    "pixel_shuffle": (1,),
}
# (Not `upsample_nearest3d.vec`: with a single channel its answer depends on
# whether its Python decomposition ran, which an earlier call under the
# Python dispatcher decides in a long-lived process.)
SPATIAL_3D_TRAILING = {
    "constant_pad_nd": ([1, 1],),
    "upsample_nearest3d": ([4, 4, 4],),
}


def tensor(sizes, strides, dtype):
    """The input tensor of a layout (float32 unless it names a dtype)."""
    return T(sizes, strides=strides, **({"dtype": dtype} if dtype else {}))


def add(cases):
    """Append the layout cases to `cases` (a name an operator has already
    is kept)."""
    cases.setdefault("zero", []).extend([
        C("float32 matrix", T([2, 3])), C("int64", T([4], dtype=i64)), C("zero-dim", T([]))])
    cases.setdefault("_prelu_kernel", []).extend([
        C("a weight per channel", T([2, 3, 4]), T([3, 1])),
        C("float64 weight promotes", T([2, 3]), T([1], dtype=f64)),
        C("weight broadcast wider", T([3]), T([2, 1])),
        C("float16 with gaps around size-one dims", T([1, 1, 2], dtype=f16, strides=[2, 0, 3]),
          T([1, 1, 1], dtype=f16)),
    ])
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
        cases["masked_fill.Tensor"].append(
            C(name, tensor(sizes, strides, dtype), T(sizes, strides=strides, dtype=b8),
              T([], **({"dtype": dtype} if dtype else {}))))
        cases["native_layer_norm"].append(
            C(name, tensor(sizes, strides, dtype), [sizes[-1]], None, None, 1e-5))
    for table, layouts in ((SPATIAL_TRAILING, SPATIAL), (SPATIAL_3D_TRAILING, SPATIAL_3D)):
        for op, rest in table.items():
            have = {c.name for c in cases.setdefault(op, [])}
            for name, (sizes, strides) in layouts.items():
                if name not in have:
                    cases[op].append(C(name, T(sizes, strides=strides), *rest))
    for name, (sizes, strides, dtype) in LAYOUTS.items():
        for op in ("pow.Tensor_Scalar", "float_power.Tensor_Scalar"):
            cases[op].append(C(f"{name}, exponent 1 (a clone)", tensor(sizes, strides, dtype), 1))
    cases["rms_norm"].extend([
        C("transposed made contiguous", T([2, 2], strides=[1, 2]), [2]),
        C("transposed with a weight: made contiguous", T([2, 2], strides=[1, 2]), [2], T([2]), 1e-5),
        C("channels-last with a weight kept", T([4, 3, 2, 2], strides=[12, 1, 6, 3]), [2, 2], T([2, 2])),
        C("float16 permuted", T([4, 3, 2, 2], strides=[12, 1, 6, 3], dtype=f16), [2]),
        C("size-1 dim with its own stride", T([3, 1, 2, 2], strides=[4, 1, 2, 1]), [2, 2], T([2, 2])),
    ])
    stats = (T([4]), T([4]), T([4]), T([4]))
    cases["batch_norm"].extend([
        C("eval, channels-first 3-D transposed (kept)", T([3, 4, 5], strides=[20, 1, 4]), *stats,
          False, 0.1, 1e-5, False),
        C("training, 4-D permuted", T([2, 4, 3, 5], strides=[60, 1, 4, 12]), *stats,
          True, 0.1, 1e-5, False),
        C("2-D transposed", T([3, 4], strides=[1, 3]), None, None, None, None,
          True, 0.1, 1e-5, False),
        C("empty input cloned", T([0, 4, 5], strides=[20, 1, 4]), None, None, None, None,
          True, 0.1, 1e-5, False),
        C("empty input scaled by weight[0]", T([3, 4, 0], strides=[1, 3, 12]), *stats,
          True, 0.1, 1e-5, False),
        C("empty weight of an empty input refused", T([3, 0, 5]), T([0]), None, None, None,
          True, 0.1, 1e-5, False),
    ])
    # PyTorch registers these references as the operators' Meta kernels:
    # a plain fake mode takes their steps too, which lay out a size-1
    # dim's stride as their last step does, not as one elementwise step.
    for op, rest in STEPPED.items():
        for name, (sizes, strides) in STEPPED_LAYOUTS.items():
            cases[op].append(C(name, T(sizes, strides=strides), *rest))
    # `meta = float_reference`: an integer input takes one step.
    for op in ("isinf", "isfinite"):
        for name, (sizes, strides) in STEPPED_LAYOUTS.items():
            cases[op].append(C(f"int64, {name}", T(sizes, strides=strides, dtype=i64)))
    # `celu_strides`: an integral or bool input is converted to float
    # twice over.
    for dtype, dname in ((i64, "int64"), (f16, "float16"), (b8, "bool")):
        for name, (sizes, strides) in STEPPED_LAYOUTS.items():
            cases["celu"].append(C(f"{dname}, {name}", T(sizes, strides=strides, dtype=dtype)))
            cases["celu"].append(C(f"{dname}, {name}, an alpha", T(sizes, strides=strides, dtype=dtype), 2))
    # `softplus_strides`, `mish_strides`: likewise.
    for dtype, dname in ((i64, "int64"), (b8, "bool")):
        for name, (sizes, strides) in STEPPED_LAYOUTS.items():
            t = T(sizes, strides=strides, dtype=dtype)
            cases["mish"].append(C(f"{dname}, {name}", t))
            cases["softplus"].append(C(f"{dname}, {name}", t))
    for name, (sizes, strides) in STEPPED_LAYOUTS.items():
        cases["softplus"].append(C(f"int64, {name}, a beta", T(sizes, strides=strides, dtype=i64), 2))
    # Metas of their own that compute in no float dtype: `empty_like`
    # (`silu`, `nan_to_num`), `elementwise_meta` (`round`) or ATen's
    # unary kernel (`_conj_physical`).
    for op in ("silu", "nan_to_num", "round", "round.decimals", "_conj_physical"):
        decimals = {"decimals": 1} if op == "round.decimals" else {}
        for name, (sizes, strides) in STEPPED_LAYOUTS.items():
            cases[op].append(C(f"float16, {name}", T(sizes, strides=strides, dtype=f16), **decimals))
    # `convert = own`: sigmoid's meta kernel is one `empty_like` of the
    # promoted dtype, whatever the input's dtype.
    for op in ("sigmoid", "special_expit"):
        for dtype, dname in ((i64, "int64"), (f16, "float16"), (b8, "bool")):
            for name, (sizes, strides) in STEPPED_LAYOUTS.items():
                cases[op].append(C(f"{dname}, {name}", T(sizes, strides=strides, dtype=dtype)))
    for op, rest in DENSE_SIZE_ONE_CALLS.items():
        sizes, strides = DENSE_SIZE_ONE
        name = "dense with a size-1 dim's stride of its own"
        # (An operator may share its list of cases with another.)
        if name not in {c.name for c in cases[op]}:
            cases[op].append(C(name, T(sizes, strides=strides), *rest))
    # `threshold_backward`'s comparison converts `self` to its computation
    # dtype first.
    for dtype, dname in ((i64, "int64"), (f16, "float16")):
        for name, (sizes, strides) in STEPPED_LAYOUTS.items():
            t = T(sizes, strides=strides, dtype=dtype)
            cases["threshold_backward"].append(C(f"{dname}, {name}", t, t, 0.5))
    for op, rest in WHERE_NUMBER_CALLS.items():
        sizes, strides = DENSE_SIZE_ONE
        t = T(sizes, strides=strides)
        args = [T(sizes, strides=strides, dtype=b8) if a == "mask" else t if a == "self" else a for a in rest]
        cases[op].append(C(WHERE_NUMBER_DISPATCHED, t, *args))
    for op in STEPPED_BINARY:
        for name, (sizes, strides) in STEPPED_LAYOUTS.items():
            cases[op].append(C(f"both in {name}", T(sizes, strides=strides), T(sizes, strides=strides)))
            cases[op].append(C(f"{name}, then a contiguous one", T(sizes, strides=strides), T(sizes)))
    cases["lerp.Tensor"].append(
        C("a zero-dim weight of another dtype joins promotion",
          T([2, 3], dtype=i32), T([2, 3], dtype=i32), T([], dtype=f64)))
    cases["clamp.Tensor"].append(C("no bound refused", T([2, 3])))
    cases["lcm"].append(C("bool refused", T([2], dtype=b8), T([2], dtype=b8)))


# Operators whose Meta kernel is a reference of several steps
# (`elu_strides`, `gelu_strides`, `hardsigmoid_strides`,
# `clamp_number_strides`, `@pointwise(meta = reference)`,
# `log_sigmoid_forward`'s buffer).
STEPPED = {"elu": (), "gelu": (), "hardsigmoid": (), "hardtanh": (), "relu6": (), "clamp": (0.0, 1.0),
           # `@pointwise(meta = reference)`
           "isinf": (), "isfinite": (), "logit": (), "softshrink": (), "selu": (), "log_sigmoid": (),
           "sinc": (), "special_ndtr": (), "special_log_ndtr": (), "special_logit": (), "special_sinc": (),
           "hardswish": (), "log_sigmoid_forward": (), "hardshrink": (),
           # `torch._refs.clamp_min` and `clamp_max` are `clamp` by one number
           "clamp_min": (0.5,), "clamp_max": (0.5,),
           # `random_fill_strides`
           "cauchy": (), "exponential": (), "geometric": (0.5,), "log_normal": ()}
# A dense layout whose size-1 dim has a stride of its own: kept by ATen's
# `empty_like` (the fake quantizations' CPU kernels), laid out afresh by
# the references' (`meta_poisson`, the fused observer's meta).
DENSE_SIZE_ONE = ([2, 1, 3], [3, 7, 1])
DENSE_SIZE_ONE_CALLS = {
    "poisson": (),
    "fake_quantize_per_tensor_affine": (0.5, 0, 0, 255),
    "fake_quantize_per_tensor_affine_cachemask": (0.5, 0, 0, 255),
    "fake_quantize_per_tensor_affine.tensor_qparams": (T([1]), T([1], dtype=i32), 0, 255),
    "fake_quantize_per_channel_affine": (T([2]), T([2], dtype=i32), 0, 0, 255),
    "fake_quantize_per_channel_affine_cachemask": (T([2]), T([2], dtype=i32), 0, 0, 255),
    "_fused_moving_avg_obs_fq_helper": (T([1]), T([1]), T([1]), T([1]), T([1]), T([1]), 0.01, 0, 255, 0),
}
# `where(cond, number, self)` under the Python dispatcher: a reference's
# (`relu`, `clamp`, `masked_fill`) gets the number itself, which takes no
# part; a decomposition's (`threshold_backward`) reaches `where.ScalarSelf`,
# which makes it a zero-dim tensor that takes part, so the size-1 dim's own
# stride orders the dims.
WHERE_NUMBER_DISPATCHED = "dense with a size-1 dim's stride of its own, under the Python dispatcher"
DISPATCHED = {WHERE_NUMBER_DISPATCHED}
WHERE_NUMBER_CALLS = {
    "relu": (), "threshold": (0.5, 0.0), "clamp": (0.0, 1.0), "clamp_min": (0.5,), "clamp_max": (0.5,),
    "hardtanh": (), "threshold_backward": ("self", 0.5), "hardtanh_backward": ("self", -1.0, 1.0),
    "masked_fill.Scalar": ("mask", 0.5),
}
STEPPED_BINARY = ("float_power.Tensor_Tensor", "silu_backward")
STEPPED_LAYOUTS = {
    "a leading size-1 dim and a gapped stride": ([1, 2, 1], [6, 6, 2]),
    "size-1 dims around a strided pair": ([1, 3, 1, 2], [1, 2, 9, 6]),
}


# A dynamic batch of pooled channels whose size-1 dims keep strides of
# their own (a convolution's channels-last output of height and width 1,
# as the squeeze-and-excitation blocks of MobileNetV3 and EfficientNet
# make): decompositions whose first step is the fake mode's fast binary
# path lay it out contiguously, the others keep its strides.
POOLED = D([2, 72, 1, 1], "x", dynamic=["dynamic", "static", "static", "static"],
           strides=[72, 1, 72, 72])
POOLED_TRAILING = {
    "silu": (), "hardsigmoid": (), "hardswish": (), "gelu": (), "mish": (), "elu": (),
    "leaky_relu": (), "relu": (), "hardtanh": (), "softplus": (), "sigmoid": (), "tanh": (),
    "selu": (), "celu": (), "threshold": (0.5, 0.0), "hardshrink": (), "softshrink": (),
    "log_sigmoid_forward": (), "exp": (), "sin": (), "abs": (), "neg": (), "sqrt": (),
    "rsqrt": (), "reciprocal": (), "erf": (), "log1p": (), "expm1": (), "sign": (),
    "logit": (), "log_sigmoid": (), "frac": (), "deg2rad": (), "rad2deg": (), "sinc": (),
    "square": (), "exp2": (), "trunc": (), "round": (), "nan_to_num": (), "sgn": (), "erfc": (),
    "erfinv": (), "i0": (), "lgamma": (), "digamma": (), "log": (), "log2": (), "log10": (),
    "ceil": (), "floor": (), "cos": (), "atan": (), "sinh": (), "asinh": (), "special_i0e": (),
    "special_ndtr": (), "special_erfcx": (), "relu6": (), "xlogy.Scalar_Other": (2.0,),
}

# Binary (and ternary) operators of two such inputs.
POOLED2 = D([2, 72, 1, 1], "y", dynamic=["dynamic", "static", "static", "static"],
            strides=[72, 1, 72, 72])
POOLED3 = D([2, 72, 1, 1], "z", dynamic=["dynamic", "static", "static", "static"],
            strides=[72, 1, 72, 72])
POOLED_BINARY = {
    "atan2": (), "xlogy.Tensor": (), "lerp.Scalar": (0.5,), "addcmul": (POOLED3,),
    "addcdiv": (POOLED3,), "hypot": (), "copysign.Tensor": (), "fmod.Tensor": (),
    "remainder.Tensor": (), "maximum": (), "minimum": (), "logaddexp": (),
    "pow.Tensor_Tensor": (), "heaviside": (), "nextafter": (), "floor_divide": (), "fmax": (),
    "fmin": (), "logaddexp2": (), "special_xlog1py": (), "ldexp.Tensor": (),
    "float_power.Tensor_Tensor": (), "true_divide.Tensor": (), "rsub.Tensor": (),
    "divide.Tensor": (), "multiply.Tensor": (), "subtract.Tensor": (),
}


def symbolic():
    """Symbolic layout cases, `(name, overload, case)` as SYMBOLIC holds them."""
    unary = [(f"{op} of a dynamic batch of pooled channels", op, C("", POOLED, *trailing))
             for op, trailing in POOLED_TRAILING.items()]
    binary = [(f"{op} of two dynamic batches of pooled channels", op,
               C("", POOLED, POOLED2, *trailing)) for op, trailing in POOLED_BINARY.items()]
    return unary + binary
