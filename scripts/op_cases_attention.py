"""Cases of the fused attention backends of `ops/rules/attention.rules`:
the CUDA backends' forward entry points, and the gradients: the meta
kernels' `empty_like` and
`empty_permuted` gradients, and the efficient kernels' bias gradient,
its last dim padded to a multiple of 16 and sliced back. Also the flash
forwards' float8 and in-place forms, and MPS's math path.

Merged into `export_op_cases.py`'s CASES and SYMBOLIC; the format is
described there.
"""

import torch

from op_case_inputs import C, Case, D, T, bf16, f16, i64

CASES = {}
SYMBOLIC = []

# Operators whose fake result export records through the Python
# dispatcher: the efficient kernels' bias gradient, sliced back to a
# symbolic length, is refused without it ("Cannot call storage_offset()
# on tensor with symbolic sizes/strides").
PYTHON_DISPATCHER = {"_scaled_dot_product_efficient_attention_backward", "_efficient_attention_backward"}


def cu(sizes, **kw):
    """A float16 CUDA input."""
    return T(sizes, device="cuda", dtype=kw.pop("dtype", f16), **kw)


def seed(device="cuda"):
    """A philox seed or offset: a 0-d int64 tensor."""
    return T([], dtype=i64, device=device)


def heads_second(*sizes, **kw):
    """A `[batch, heads, length, width]` CUDA input laid out `[batch,
    length, heads, width]`, as the backends' outputs are."""
    b, h, n, w = sizes
    return cu([b, n, h, w], then=lambda t: t.transpose(1, 2), **kw)


# The inputs of a backward call: the gradient and output of the query's
# sizes and the log-sum-exp.
def grads(q, k, v, lse=None, dtype=f16):
    b, h, n, w = q
    wv = v[3]
    return (cu([b, h, n, wv], dtype=dtype), cu(q, dtype=dtype), cu(k, dtype=dtype), cu(v, dtype=dtype),
            cu([b, h, n, wv], dtype=dtype), cu(lse or [b, h, n], dtype=torch.float32))


Q, K, V = [2, 4, 7, 16], [2, 4, 9, 16], [2, 4, 9, 16]

CASES["_scaled_dot_product_flash_attention_backward"] = [
    C("4-d", *grads(Q, K, V), cu([0], dtype=i64), cu([0], dtype=i64), 7, 9, 0.0, False, seed(), seed()),
    C("value of another head dim, causal", *grads(Q, K, [2, 4, 9, 8]), cu([0], dtype=i64), cu([0], dtype=i64),
      7, 9, 0.1, True, seed(), seed(), scale=0.5),
    C("transposed query and key", cu([2, 4, 7, 16]), heads_second(2, 4, 7, 16), heads_second(2, 4, 9, 16),
      cu([2, 4, 9, 16]), cu([2, 4, 7, 16]), cu([2, 4, 7], dtype=torch.float32), cu([0], dtype=i64),
      cu([0], dtype=i64), 7, 9, 0.0, False, seed(), seed()),
    C("bfloat16", *grads(Q, K, V, dtype=bf16), cu([0], dtype=i64), cu([0], dtype=i64), 7, 9, 0.0, False,
      seed(), seed()),
    C("strided value", cu([2, 4, 7, 16]), cu(Q), cu(K), cu([2, 4, 9, 32], then=lambda t: t[..., ::2]),
      cu([2, 4, 7, 16]), cu([2, 4, 7], dtype=torch.float32), cu([0], dtype=i64), cu([0], dtype=i64), 7, 9,
      0.0, False, seed(), seed()),
]
CASES["_flash_attention_backward"] = [
    C("dense", cu([2, 7, 4, 16]), cu([2, 7, 4, 16]), cu([2, 9, 4, 16]), cu([2, 9, 4, 16]), cu([2, 7, 4, 16]),
      cu([2, 4, 7], dtype=torch.float32), cu([0], dtype=i64), cu([0], dtype=i64), 7, 9, 0.0, False,
      cu([2], dtype=i64), cu([0], dtype=i64)),
    C("value of another head dim, a window", cu([2, 7, 4, 8]), cu([2, 7, 4, 16]), cu([2, 9, 4, 16]),
      cu([2, 9, 4, 8]), cu([2, 7, 4, 8]), cu([2, 4, 7], dtype=torch.float32), cu([0], dtype=i64),
      cu([0], dtype=i64), 7, 9, 0.0, True, cu([2], dtype=i64), cu([0], dtype=i64), scale=0.25,
      window_size_left=3, window_size_right=0),
    C("transposed query", cu([2, 7, 4, 16]), cu([2, 4, 7, 16], then=lambda t: t.transpose(1, 2)),
      cu([2, 9, 4, 16]), cu([2, 9, 4, 16]), cu([2, 7, 4, 16]), cu([2, 4, 7], dtype=torch.float32),
      cu([0], dtype=i64), cu([0], dtype=i64), 7, 9, 0.0, False, cu([2], dtype=i64), cu([0], dtype=i64)),
    C("packed", cu([10, 4, 16]), cu([10, 4, 16]), cu([12, 4, 16]), cu([12, 4, 16]), cu([10, 4, 16]),
      cu([4, 10], dtype=torch.float32), cu([3], dtype=torch.int32), cu([3], dtype=torch.int32), 6, 7, 0.0,
      False, cu([2], dtype=i64), cu([0], dtype=i64)),
]
CASES["_scaled_dot_product_cudnn_attention_backward"] = [
    C("4-d", cu([2, 4, 7, 16]), cu(Q), cu(K), cu(V), cu([2, 4, 7, 16]), cu([2, 4, 7], dtype=torch.float32),
      seed(), seed(), cu([2, 4, 7, 9]), cu([0], dtype=i64), cu([0], dtype=i64), 7, 9, 0.0, False),
    C("permuted query, value of another head dim", cu([2, 4, 7, 8]),
      cu([7, 2, 4, 16], then=lambda t: t.permute(1, 2, 0, 3)), cu(K), cu([2, 4, 9, 8]), cu([2, 4, 7, 8]),
      cu([2, 4, 7], dtype=torch.float32), seed(), seed(), cu([2, 4, 7, 9]), cu([0], dtype=i64),
      cu([0], dtype=i64), 7, 9, 0.1, True, scale=0.5),
]
CASES["_scaled_dot_product_fused_attention_overrideable_backward"] = [
    C("4-d with a bias", cu([2, 4, 7, 16]), cu(Q), cu(K), cu(V), cu([2, 4, 7, 9]), [True, True, True, True],
      cu([2, 4, 7, 16]), cu([2, 4, 7], dtype=torch.float32), cu([0], dtype=i64), cu([0], dtype=i64), 7, 9,
      0.0, False, seed(), seed()),
    C("transposed query, a broadcast bias", cu([2, 4, 7, 8]), heads_second(2, 4, 7, 16), cu(K), cu([2, 4, 9, 8]),
      cu([2, 4, 7, 1], then=lambda t: t.expand(2, 4, 7, 9)), [True, True, True, False], cu([2, 4, 7, 8]),
      cu([2, 4, 7], dtype=torch.float32), cu([0], dtype=i64), cu([0], dtype=i64), 7, 9, 0.0, True, seed(),
      seed(), scale=0.5),
]
CASES["_scaled_dot_product_flash_attention_for_cpu_backward"] = [
    C("4-d", T([2, 4, 7, 16]), T(Q), T(K), T(V), T([2, 4, 7, 16]), T([2, 4, 7]), 0.0, False),
    C("value of another head dim, a mask", T([2, 4, 7, 8]), T(Q), T(K), T([2, 4, 9, 8]), T([2, 4, 7, 8]),
      T([2, 4, 7]), 0.0, True, attn_mask=T([7, 9]), scale=0.5),
    C("transposed query", T([2, 4, 7, 16]), T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)), T(K), T(V),
      T([2, 4, 7, 16]), T([2, 4, 7]), 0.0, False),
    C("float64", T([2, 4, 7, 16], dtype=torch.float64), T(Q, dtype=torch.float64), T(K, dtype=torch.float64),
      T(V, dtype=torch.float64), T([2, 4, 7, 16], dtype=torch.float64), T([2, 4, 7], dtype=torch.float64),
      0.0, False),
]
CASES["_scaled_dot_product_efficient_attention_backward"] = [
    C("4-d, no bias", cu([2, 4, 7, 16]), cu(Q), cu(K), cu(V), None, cu([2, 4, 7, 16]),
      cu([2, 4, 32], dtype=torch.float32), seed(), seed(), 0.0, [True, True, True, False]),
    C("a bias of 9 keys", cu([2, 4, 7, 16]), cu(Q), cu(K), cu(V), cu([2, 4, 7, 9]), cu([2, 4, 7, 16]),
      cu([2, 4, 32], dtype=torch.float32), seed(), seed(), 0.0, [True, True, True, True], True),
    C("a bias of 32 keys", cu([2, 4, 7, 16]), cu(Q), cu([2, 4, 32, 16]), cu([2, 4, 32, 16]),
      cu([2, 4, 7, 32]), cu([2, 4, 7, 16]), cu([2, 4, 32], dtype=torch.float32), seed(), seed(), 0.0,
      [True, True, True, True], scale=0.5),
    C("a bias not asked for", cu([2, 4, 7, 16]), cu(Q), cu(K), cu(V), cu([2, 4, 7, 9]), cu([2, 4, 7, 16]),
      cu([2, 4, 32], dtype=torch.float32), seed(), seed(), 0.0, [True, True, True, False]),
    C("grouped heads, value of another head dim", cu([2, 8, 7, 8]), cu([2, 8, 7, 16]), cu([2, 2, 9, 12]),
      cu([2, 2, 9, 8]), None, cu([2, 8, 7, 8]), cu([2, 8, 32], dtype=torch.float32), seed(), seed(), 0.0,
      [True, True, True, False]),
    C("bfloat16, transposed query", cu([2, 4, 7, 16], dtype=bf16), heads_second(2, 4, 7, 16, dtype=bf16),
      cu(K, dtype=bf16), cu(V, dtype=bf16), None, cu([2, 4, 7, 16], dtype=bf16),
      cu([2, 4, 32], dtype=torch.float32), seed(), seed(), 0.0, [True, True, True, False]),
]
CASES["_efficient_attention_backward"] = [
    C("dense, no bias", cu([2, 7, 4, 16]), cu([2, 7, 4, 16]), cu([2, 9, 4, 16]), cu([2, 9, 4, 16]), None,
      cu([2, 7, 4, 16]), None, None, 7, 9, cu([2, 4, 32], dtype=torch.float32), 0.0, seed(), seed(), 0,
      False),
    C("a bias of 9 keys", cu([2, 7, 4, 16]), cu([2, 7, 4, 16]), cu([2, 9, 4, 16]), cu([2, 9, 4, 8]),
      cu([2, 4, 7, 9]), cu([2, 7, 4, 8]), None, None, 7, 9, cu([2, 4, 32], dtype=torch.float32), 0.0,
      seed(), seed(), 1, True, scale=0.5),
    C("a bias of 48 keys", cu([2, 7, 4, 16]), cu([2, 7, 4, 16]), cu([2, 48, 4, 16]), cu([2, 48, 4, 16]),
      cu([2, 4, 7, 48], dtype=bf16), cu([2, 7, 4, 16]), None, None, 7, 48,
      cu([2, 4, 32], dtype=torch.float32), 0.0, seed(), seed(), 0, False),
    C("transposed query", cu([2, 7, 4, 16]), cu([2, 4, 7, 16], then=lambda t: t.transpose(1, 2)),
      cu([2, 9, 4, 16]), cu([2, 9, 4, 16]), None, cu([2, 7, 4, 16]), None, None, 7, 9,
      cu([2, 4, 32], dtype=torch.float32), 0.0, seed(), seed(), 0, False),
    C("shared storage", cu([2, 7, 4, 16]), cu([2, 7, 4, 16]), cu([2, 7, 4, 16]), cu([2, 7, 4, 16]), None,
      cu([2, 7, 4, 16]), None, None, 7, 7, cu([2, 4, 32], dtype=torch.float32), 0.0, seed(), seed(), 0,
      False, shared_storage_dqdkdv=True),
    C("shared storage, key of another length", cu([2, 7, 4, 16]), cu([2, 7, 4, 16]), cu([2, 9, 4, 16]),
      cu([2, 9, 4, 16]), None, cu([2, 7, 4, 16]), None, None, 7, 9, cu([2, 4, 32], dtype=torch.float32),
      0.0, seed(), seed(), 0, False, shared_storage_dqdkdv=True),
    C("shared storage, value of another width", cu([2, 7, 4, 16]), cu([2, 7, 4, 16]), cu([2, 7, 4, 16]),
      cu([2, 7, 4, 8]), None, cu([2, 7, 4, 8]), None, None, 7, 7, cu([2, 4, 32], dtype=torch.float32),
      0.0, seed(), seed(), 0, False, shared_storage_dqdkdv=True),
    C("shared storage, key of other heads", cu([2, 7, 4, 16]), cu([2, 7, 4, 16]), cu([2, 7, 2, 16]),
      cu([2, 7, 2, 16]), None, cu([2, 7, 4, 16]), None, None, 7, 7, cu([2, 4, 32], dtype=torch.float32),
      0.0, seed(), seed(), 0, False, shared_storage_dqdkdv=True),
    C("packed", cu([1, 10, 4, 16]), cu([1, 10, 4, 16]), cu([1, 12, 4, 16]), cu([1, 12, 4, 16]), None,
      cu([1, 10, 4, 16]), cu([3], dtype=torch.int32), cu([3], dtype=torch.int32), 6, 7,
      cu([2, 4, 32], dtype=torch.float32), 0.0, seed(), seed(), 0, False),
]
# Symbolic inputs are real tensors made first: on the CPU, whose fake
# tensors run the same meta kernels.
SYMBOLIC += [
    ("_scaled_dot_product_flash_attention_backward of dynamic batch, heads and lengths",
     "_scaled_dot_product_flash_attention_backward",
     Case("", D([2, 4, 7, 16], "g", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 4, 7, 16], "q", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 4, 9, 16], "k", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 4, 9, 16], "v", ["dynamic", "dynamic", "dynamic", "static"]),
          T([2, 4, 7, 16]), T([2, 4, 7], dtype=torch.float32), T([0], dtype=i64), T([0], dtype=i64), 7, 9,
          0.0, False, seed("cpu"), seed("cpu"))),
    ("_scaled_dot_product_flash_attention_for_cpu_backward of dynamic sizes",
     "_scaled_dot_product_flash_attention_for_cpu_backward",
     Case("", D([2, 4, 7, 16], "g"), D([2, 4, 7, 16], "q"), D([2, 4, 9, 16], "k"), D([2, 4, 9, 16], "v"),
          T([2, 4, 7, 16]), T([2, 4, 7]), 0.0, False)),
    ("_scaled_dot_product_efficient_attention_backward of a dynamic bias length",
     "_scaled_dot_product_efficient_attention_backward",
     Case("", D([2, 4, 7, 16], "g", ["dynamic", "static", "dynamic", "static"]),
          D([2, 4, 7, 16], "q", ["dynamic", "static", "dynamic", "static"]),
          D([2, 4, 9, 16], "k", ["dynamic", "static", "dynamic", "static"]),
          D([2, 4, 9, 16], "v", ["dynamic", "static", "dynamic", "static"]),
          D([2, 4, 7, 9], "bias", ["dynamic", "static", "dynamic", "dynamic"]),
          T([2, 4, 7, 16]), T([2, 4, 32], dtype=torch.float32), seed("cpu"), seed("cpu"), 0.0,
          [True, True, True, True])),
    ("_efficient_attention_backward of a dynamic bias length", "_efficient_attention_backward",
     Case("", D([2, 7, 4, 16], "g", ["dynamic", "dynamic", "static", "static"]),
          D([2, 7, 4, 16], "q", ["dynamic", "dynamic", "static", "static"]),
          D([2, 9, 4, 16], "k", ["dynamic", "dynamic", "static", "static"]),
          D([2, 9, 4, 16], "v", ["dynamic", "dynamic", "static", "static"]),
          D([2, 4, 7, 9], "bias", ["dynamic", "static", "dynamic", "dynamic"]),
          T([2, 7, 4, 16]), None, None, 7, 9, T([2, 4, 32], dtype=torch.float32), 0.0, seed("cpu"), seed("cpu"), 0,
          True)),
]
SYMBOLIC += [
    ("_flash_attention_backward of dynamic batch, lengths and heads", "_flash_attention_backward",
     Case("", D([2, 7, 4, 16], "g", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 7, 4, 16], "q", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 9, 4, 16], "k", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 9, 4, 16], "v", ["dynamic", "dynamic", "dynamic", "static"]),
          T([2, 7, 4, 16]), T([2, 4, 7], dtype=torch.float32), T([0], dtype=i64), T([0], dtype=i64), 7, 9,
          0.0, False, T([2], dtype=i64), T([0], dtype=i64))),
    ("_scaled_dot_product_cudnn_attention_backward of dynamic batch, heads and lengths",
     "_scaled_dot_product_cudnn_attention_backward",
     Case("", D([2, 4, 7, 16], "g", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 4, 7, 16], "q", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 4, 9, 16], "k", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 4, 9, 16], "v", ["dynamic", "dynamic", "dynamic", "static"]),
          T([2, 4, 7, 16]), T([2, 4, 7], dtype=torch.float32), seed("cpu"), seed("cpu"), T([2, 4, 7, 9]),
          T([0], dtype=i64), T([0], dtype=i64), 7, 9, 0.0, False)),
    ("_scaled_dot_product_fused_attention_overrideable_backward of a dynamic bias",
     "_scaled_dot_product_fused_attention_overrideable_backward",
     Case("", D([2, 4, 7, 16], "g", ["dynamic", "static", "dynamic", "static"]),
          D([2, 4, 7, 16], "q", ["dynamic", "static", "dynamic", "static"]),
          D([2, 4, 9, 16], "k", ["dynamic", "static", "dynamic", "static"]),
          D([2, 4, 9, 16], "v", ["dynamic", "static", "dynamic", "static"]),
          D([2, 4, 7, 9], "bias", ["dynamic", "static", "dynamic", "dynamic"]), [True, True, True, True],
          T([2, 4, 7, 16]), T([2, 4, 7], dtype=torch.float32), T([0], dtype=i64), T([0], dtype=i64), 7, 9,
          0.0, False, seed("cpu"), seed("cpu"))),
]

# ---- the flash forwards' float8 and in-place forms ----------------------------------

e4m3 = torch.float8_e4m3fn


def f8(sizes, **kw):
    """A float8 E4M3 CUDA input."""
    return cu(sizes, dtype=kw.pop("dtype", e4m3), **kw)


def scale():
    """A descale tensor: one float32 element."""
    return cu([1], dtype=torch.float32)


# The float8 query's conversion, whose C++ kernel fixes symbolic sizes
# without the Python dispatcher, under it (`export_op_cases.DISPATCHED`).
QUANTIZED_DISPATCHED = ("_scaled_dot_product_flash_attention.quantized of a dynamic heads-second float8 query "
                        "under the Python dispatcher")

CASES["_scaled_dot_product_flash_attention.quantized"] = [
    C("float8", f8([2, 4, 7, 16]), f8([2, 4, 9, 16]), f8([2, 4, 9, 16]), None, None, None),
    C("float8 with scales", f8([2, 4, 7, 16]), f8([2, 4, 9, 16]), f8([2, 4, 9, 16]), scale(), scale(), scale()),
    C("transposed float8 query, value of another head dim, debug mask",
      f8([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)), f8([2, 4, 9, 16]), f8([2, 4, 9, 8]), scale(), None,
      None, 0.0, False, True),
    C("strided float8 query", f8([2, 4, 7, 32], then=lambda t: t[..., ::2]), f8([2, 4, 9, 16]),
      f8([2, 4, 9, 8]), None, None, None),
    C("float16 query kept", cu([2, 4, 7, 16]), cu([2, 4, 9, 16]), cu([2, 4, 9, 16]), None, None, None),
    C("float8 e5m2 query kept", f8([2, 4, 7, 16], dtype=torch.float8_e5m2), cu([2, 4, 9, 16]),
      cu([2, 4, 9, 16]), None, None, None, scale=0.5),
    C("on the cpu", T([2, 4, 7, 16], dtype=e4m3), T([2, 4, 9, 16], dtype=e4m3), T([2, 4, 9, 16], dtype=e4m3),
      None, None, None),
    C("3-d query refused", f8([4, 7, 16]), f8([4, 9, 16]), f8([4, 9, 16]), None, None, None),
]
CASES["_flash_attention_forward.quantized"] = [
    C("dense float8", f8([2, 7, 4, 16]), f8([2, 9, 4, 16]), f8([2, 9, 4, 16]), None, None, 7, 9, 0.0, False,
      False, None, None, None),
    C("float8 with scales and a debug mask", f8([2, 7, 4, 16]), f8([2, 9, 4, 16]), f8([2, 9, 4, 16]), None,
      None, 7, 9, 0.0, False, True, scale(), scale(), scale()),
    C("transposed float8 query", f8([2, 4, 7, 16], then=lambda t: t.transpose(1, 2)), f8([2, 9, 4, 16]),
      f8([2, 9, 4, 8]), None, None, 7, 9, 0.0, True, False, None, None, None, window_size_left=3),
    C("packed float8", f8([10, 4, 16]), f8([12, 4, 16]), f8([12, 4, 16]), cu([3], dtype=torch.int32),
      cu([3], dtype=torch.int32), 6, 7, 0.0, False, False, None, None, None),
    C("bfloat16 query kept", cu([2, 7, 4, 16], dtype=bf16), cu([2, 9, 4, 16], dtype=bf16),
      cu([2, 9, 4, 16], dtype=bf16), None, None, 7, 9, 0.0, False, False, None, None, None),
    C("on the cpu", T([2, 7, 4, 16], dtype=e4m3), T([2, 9, 4, 16], dtype=e4m3), T([2, 9, 4, 16], dtype=e4m3),
      None, None, 7, 9, 0.0, False, False, None, None, None),
    C("2-d query", f8([7, 16]), f8([9, 16]), f8([9, 16]), None, None, 7, 9, 0.0, False, False, None, None, None),
    C("zero-dim query refused", f8([]), f8([9, 16]), f8([9, 16]), None, None, 7, 9, 0.0, False, False, None,
      None, None),
]
CASES["_flash_attention_forward_no_dropout_inplace"] = [
    C("dense", cu([2, 7, 4, 16]), cu([2, 7, 4, 16]), cu([2, 9, 4, 16]), cu([2, 9, 4, 16]), None, None, 7, 9,
      0.0, False, False),
    C("out of another shape, a debug mask", cu([0]), cu([2, 7, 4, 16]), cu([2, 9, 4, 16]), cu([2, 9, 4, 16]),
      None, None, 7, 9, 0.0, False, True),
    C("transposed query, value of another head dim", cu([2, 7, 4, 8]),
      cu([2, 4, 7, 16], then=lambda t: t.transpose(1, 2)), cu([2, 9, 4, 16]), cu([2, 9, 4, 8]), None, None,
      7, 9, 0.0, True, False, scale=0.5),
    C("packed", cu([10, 4, 16]), cu([10, 4, 16]), cu([12, 4, 16]), cu([12, 4, 16]), cu([3], dtype=torch.int32),
      cu([3], dtype=torch.int32), 6, 7, 0.0, False, False),
    C("on the cpu", T([2, 7, 4, 16]), T([2, 7, 4, 16]), T([2, 9, 4, 16]), T([2, 9, 4, 16]), None, None, 7, 9,
      0.0, False, False),
    C("2-d query", cu([7, 16]), cu([7, 16]), cu([9, 16]), cu([9, 16]), None, None, 7, 9, 0.0, False, False),
    C("1-d query refused", cu([16]), cu([16]), cu([9, 16]), cu([9, 16]), None, None, 7, 9, 0.0, False, False),
    # The debug mask it drops is still made, of the packed maximum length.
    C("packed, a negative maximum length refused by the debug mask", cu([0]), cu([10, 4, 16]), cu([12, 4, 16]),
      cu([12, 4, 16]), cu([3], dtype=torch.int32), cu([3], dtype=torch.int32), -1, 7, 0.0, False, True),
    C("packed, a negative maximum length without a debug mask", cu([0]), cu([10, 4, 16]), cu([12, 4, 16]),
      cu([12, 4, 16]), cu([3], dtype=torch.int32), cu([3], dtype=torch.int32), -1, 7, 0.0, False, False),
]
SYMBOLIC += [
    ("_scaled_dot_product_flash_attention.quantized of a dynamic float8 query",
     "_scaled_dot_product_flash_attention.quantized",
     Case("", D([2, 4, 7, 16], "q", ["dynamic", "dynamic", "dynamic", "static"], dtype=e4m3),
          D([2, 4, 9, 16], "k", ["dynamic", "dynamic", "dynamic", "static"], dtype=e4m3),
          D([2, 4, 9, 16], "v", ["dynamic", "dynamic", "dynamic", "static"], dtype=e4m3), None, None, None)),
    ("_scaled_dot_product_flash_attention.quantized of a dynamic heads-second float8 query",
     "_scaled_dot_product_flash_attention.quantized",
     Case("", D([2, 4, 7, 16], "q", ["dynamic", "dynamic", "dynamic", "static"], dtype=e4m3,
                strides=lambda s: [s[1] * s[2] * s[3], s[3], s[1] * s[3], 1]),
          D([2, 4, 9, 16], "k", ["dynamic", "dynamic", "dynamic", "static"], dtype=e4m3),
          D([2, 4, 9, 8], "v", ["dynamic", "dynamic", "dynamic", "static"], dtype=e4m3), None, None, None)),
    (QUANTIZED_DISPATCHED, "_scaled_dot_product_flash_attention.quantized",
     Case("", D([2, 4, 7, 16], "q", ["dynamic", "dynamic", "dynamic", "static"], dtype=e4m3,
                strides=lambda s: [s[1] * s[2] * s[3], s[3], s[1] * s[3], 1]),
          D([2, 4, 9, 16], "k", ["dynamic", "dynamic", "dynamic", "static"], dtype=e4m3),
          D([2, 4, 9, 8], "v", ["dynamic", "dynamic", "dynamic", "static"], dtype=e4m3), None, None, None)),
    ("_scaled_dot_product_flash_attention.quantized of a dynamic float16 query",
     "_scaled_dot_product_flash_attention.quantized",
     Case("", D([2, 4, 7, 16], "q", ["dynamic", "dynamic", "dynamic", "static"], dtype=f16),
          D([2, 4, 9, 16], "k", ["dynamic", "dynamic", "dynamic", "static"], dtype=f16),
          D([2, 4, 9, 16], "v", ["dynamic", "dynamic", "dynamic", "static"], dtype=f16), None, None, None, 0.0,
          False, True)),
    ("_flash_attention_forward.quantized of a dynamic float8 query", "_flash_attention_forward.quantized",
     Case("", D([2, 7, 4, 16], "q", ["dynamic", "dynamic", "dynamic", "static"], dtype=e4m3),
          D([2, 9, 4, 16], "k", ["dynamic", "dynamic", "dynamic", "static"], dtype=e4m3),
          D([2, 9, 4, 16], "v", ["dynamic", "dynamic", "dynamic", "static"], dtype=e4m3),
          None, None, 7, 9, 0.0, False, False, None, None, None)),
    ("_flash_attention_forward.quantized of a dynamic bfloat16 query", "_flash_attention_forward.quantized",
     Case("", D([2, 7, 4, 16], "q", ["dynamic", "dynamic", "dynamic", "static"], dtype=bf16),
          D([2, 9, 4, 16], "k", ["dynamic", "dynamic", "dynamic", "static"], dtype=bf16),
          D([2, 9, 4, 16], "v", ["dynamic", "dynamic", "dynamic", "static"], dtype=bf16),
          None, None, 7, 9, 0.0, False, True, None, None, None)),
    ("_flash_attention_forward_no_dropout_inplace of dynamic batch, heads and lengths",
     "_flash_attention_forward_no_dropout_inplace",
     Case("", T([0]), D([2, 7, 4, 16], "q", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 9, 4, 16], "k", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 9, 4, 16], "v", ["dynamic", "dynamic", "dynamic", "static"]),
          None, None, 7, 9, 0.0, False, True)),
]

# ---- MPS's math path -----------------------------------------------------------------

# Symbolic cases run under the Python dispatcher (`export_op_cases.DISPATCHED`):
# without it the meta's `query.expand` of symbolic sizes is refused.
MPS_DISPATCHED = {
    "_scaled_dot_product_attention_math_for_mps of dynamic 4-d inputs under the Python dispatcher",
    "_scaled_dot_product_attention_math_for_mps of dynamic 5-d inputs under the Python dispatcher",
    "_scaled_dot_product_attention_math_for_mps of dynamic 3-d inputs under the Python dispatcher",
    "_scaled_dot_product_attention_math_for_mps of broadcast dynamic batch dims under the Python dispatcher",
}
DISPATCHED = set(MPS_DISPATCHED) | {QUANTIZED_DISPATCHED}

CASES["_scaled_dot_product_attention_math_for_mps"] = [
    C("4-d", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8])),
    C("3-d", T([4, 7, 16]), T([4, 9, 16]), T([4, 9, 8])),
    C("5-d", T([3, 2, 4, 7, 16]), T([3, 2, 4, 9, 16]), T([3, 2, 4, 9, 8])),
    C("6-d query, batch dims broadcast", T([2, 3, 5, 4, 7, 16]), T([3, 1, 4, 9, 16]), T([5, 4, 9, 8])),
    C("5-d query, 4-d key and value", T([3, 2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8])),
    C("3-d query, 4-d key and value", T([4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8])),
    C("2-d query expanded to a key's batch", T([7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8])),
    C("3-d query, 6-d value", T([4, 7, 16]), T([4, 9, 16]), T([2, 3, 5, 4, 9, 8])),
    C("query of a batch of 1 expanded", T([1, 4, 7, 16]), T([3, 4, 9, 16]), T([3, 4, 9, 8])),
    C("2-d and zero-dim keys unread", T([2, 4, 7, 16]), T([9, 16]), T([2, 4, 9, 8])),
    C("zero-dim key unread", T([2, 4, 7, 16]), T([]), T([2, 4, 9, 8])),
    C("transposed query", T([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)), T([2, 4, 9, 16]), T([2, 4, 9, 8])),
    C("transposed 5-d query", T([2, 3, 4, 7, 16], then=lambda t: t.transpose(0, 1)), T([3, 2, 4, 9, 16]),
      T([3, 2, 4, 9, 8])),
    C("mask, dropout, scale and grouped heads unread", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 8]),
      T([3, 3]), 0.5, True, T([1]), scale=0.3, enable_gqa=True),
    C("float16 query, other dtypes unread", T([2, 4, 7, 16], dtype=f16), T([2, 4, 9, 16]),
      T([2, 4, 9, 8], dtype=torch.int32)),
    C("int64 query", T([2, 4, 7, 16], dtype=i64), T([2, 4, 9, 16]), T([2, 4, 9, 8])),
    C("empty batch", T([0, 4, 7, 16]), T([0, 4, 9, 16]), T([0, 4, 9, 8])),
    C("empty 5-d batch", T([0, 2, 4, 7, 16]), T([0, 2, 4, 9, 16]), T([0, 2, 4, 9, 8])),
    C("no heads", T([2, 0, 7, 16]), T([2, 0, 9, 16]), T([2, 0, 9, 8])),
    C("cuda", cu([2, 4, 7, 16]), cu([2, 4, 9, 16]), cu([2, 4, 9, 8])),
    C("batch dims that do not broadcast refused", T([2, 4, 7, 16]), T([3, 4, 9, 16]), T([2, 4, 9, 8])),
    C("5-d batch dims that do not broadcast refused", T([2, 3, 4, 7, 16]), T([2, 4, 9, 16]),
      T([4, 2, 4, 9, 8])),
    C("2-d query and value refused", T([7, 16]), T([9, 16]), T([9, 8])),
    C("2-d value refused", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([9, 8])),
    C("1-d value refused", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([8])),
    C("zero-dim value refused", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([])),
    C("1-d query refused", T([16]), T([2, 4, 9, 16]), T([2, 4, 9, 8])),
    C("zero-dim query refused", T([]), T([2, 4, 9, 16]), T([2, 4, 9, 8])),
]
SYMBOLIC += [
    ("_scaled_dot_product_attention_math_for_mps of dynamic 4-d inputs",
     "_scaled_dot_product_attention_math_for_mps",
     Case("", D([2, 4, 7, 16], "q"), D([2, 4, 9, 16], "k"), D([2, 4, 9, 8], "v"))),
    ("_scaled_dot_product_attention_math_for_mps of a static query, dynamic key and value",
     "_scaled_dot_product_attention_math_for_mps",
     Case("", T([2, 4, 7, 16]), D([2, 4, 9, 16], "k"), D([2, 4, 9, 8], "v"))),
    ("_scaled_dot_product_attention_math_for_mps of dynamic 4-d inputs under the Python dispatcher",
     "_scaled_dot_product_attention_math_for_mps",
     Case("", D([2, 4, 7, 16], "q"), D([2, 4, 9, 16], "k"), D([2, 4, 9, 8], "v"))),
    ("_scaled_dot_product_attention_math_for_mps of dynamic 5-d inputs under the Python dispatcher",
     "_scaled_dot_product_attention_math_for_mps",
     Case("", D([3, 2, 4, 7, 16], "q"), D([3, 2, 4, 9, 16], "k"), D([3, 2, 4, 9, 8], "v"))),
    ("_scaled_dot_product_attention_math_for_mps of dynamic 3-d inputs under the Python dispatcher",
     "_scaled_dot_product_attention_math_for_mps",
     Case("", D([4, 7, 16], "q"), D([4, 9, 16], "k"), D([4, 9, 8], "v"))),
    ("_scaled_dot_product_attention_math_for_mps of broadcast dynamic batch dims under the Python dispatcher",
     "_scaled_dot_product_attention_math_for_mps",
     Case("", D([3, 1, 4, 7, 16], "q", ["dynamic", "static", "dynamic", "dynamic", "static"]),
          D([5, 4, 9, 16], "k", ["dynamic", "dynamic", "dynamic", "static"]),
          D([3, 5, 4, 9, 8], "v", ["dynamic", "dynamic", "dynamic", "dynamic", "static"]))),
]


# ---- the CUDA attention backends' entry points ----------------------------------------


def cu(sizes, **kw):
    """A float16 CUDA input."""
    return T(sizes, device="cuda", dtype=kw.pop("dtype", f16), **kw)


CASES["_scaled_dot_product_flash_attention"] = [
    C("4-d", cu([2, 4, 7, 16]), cu([2, 4, 9, 16]), cu([2, 4, 9, 16])),
    C("value of another head dim", cu([2, 4, 7, 16]), cu([2, 4, 9, 16]), cu([2, 4, 9, 8])),
    C("transposed query", cu([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)), cu([2, 4, 9, 16]),
      cu([2, 4, 9, 8])),
    C("debug mask, short key", cu([2, 4, 7, 16]), cu([2, 4, 9, 16]), cu([2, 4, 9, 16]), 0.0, False, True),
    C("debug mask, medium key, wide heads", cu([1, 2, 7, 80]), cu([1, 2, 200, 80]), cu([1, 2, 200, 80]),
      0.1, True, True),
    C("debug mask, long key", cu([1, 2, 300, 16]), cu([1, 2, 300, 16]), cu([1, 2, 300, 16]), 0.0, False, True),
    C("bfloat16 with a scale", cu([2, 4, 7, 16], dtype=bf16), cu([2, 4, 9, 16], dtype=bf16),
      cu([2, 4, 9, 16], dtype=bf16), scale=0.5),
    C("on the cpu", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 16])),
    C("3-d query refused", cu([4, 7, 16]), cu([4, 9, 16]), cu([4, 9, 16])),
]
CASES["_scaled_dot_product_efficient_attention"] = [
    C("1-d key refused", T([3, 5, 1, 2], dtype=torch.int32), T([3]), T([4], dtype=torch.bfloat16), None, False),
    C("3-d operands", T([4, 2, 4]), T([4, 2, 4]), T([4, 2, 4]), T([4, 2, 4]), True, 0.5),
    C("4-d", cu([2, 4, 7, 16]), cu([2, 4, 9, 16]), cu([2, 4, 9, 16]), None, True),
    C("no log-sum-exp", cu([2, 4, 7, 16]), cu([2, 4, 9, 16]), cu([2, 4, 9, 16]), None, False),
    C("long query, value of another head dim", cu([2, 4, 70, 16]), cu([2, 4, 9, 16]), cu([2, 4, 9, 8]),
      None, True),
    C("transposed query, a bias", cu([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)), cu([2, 4, 9, 16]),
      cu([2, 4, 9, 16]), cu([2, 4, 7, 9]), True, 0.1, True),
    C("float32", cu([1, 2, 33, 8], dtype=torch.float32), cu([1, 2, 5, 8], dtype=torch.float32),
      cu([1, 2, 5, 8], dtype=torch.float32), None, True),
]
CASES["_flash_attention_forward"] = [
    C("dense", cu([2, 7, 4, 16]), cu([2, 9, 4, 16]), cu([2, 9, 4, 16]), None, None, 7, 9, 0.0, False, False),
    C("value of another head dim", cu([2, 7, 4, 16]), cu([2, 9, 4, 16]), cu([2, 9, 4, 8]), None, None, 7, 9,
      0.0, False, False),
    C("transposed query", cu([2, 4, 7, 16], then=lambda t: t.transpose(1, 2)), cu([2, 9, 4, 16]),
      cu([2, 9, 4, 8]), None, None, 7, 9, 0.0, True, False),
    C("debug mask", cu([2, 7, 4, 16]), cu([2, 9, 4, 16]), cu([2, 9, 4, 16]), None, None, 7, 9, 0.0, False, True),
    C("packed", cu([10, 4, 16]), cu([12, 4, 16]), cu([12, 4, 16]), cu([3], dtype=torch.int32),
      cu([3], dtype=torch.int32), 6, 7, 0.0, False, False),
    C("packed with a debug mask", cu([10, 4, 16]), cu([12, 4, 16]), cu([12, 4, 16]), cu([4], dtype=torch.int32),
      cu([4], dtype=torch.int32), 6, 300, 0.0, False, True),
]
CASES["_efficient_attention_forward"] = [
    C("dense", cu([2, 7, 4, 16]), cu([2, 9, 4, 16]), cu([2, 9, 4, 16]), None, None, None, None, None, 0.0, 0,
      True),
    C("no log-sum-exp", cu([2, 7, 4, 16]), cu([2, 9, 4, 16]), cu([2, 9, 4, 8]), None, None, None, None, None,
      0.0, 0),
    C("transposed query", cu([2, 4, 7, 16], then=lambda t: t.transpose(1, 2)), cu([2, 9, 4, 16]),
      cu([2, 9, 4, 16]), None, None, None, None, None, 0.0, 1, True),
    C("packed", cu([1, 10, 4, 16]), cu([1, 12, 4, 16]), cu([1, 12, 4, 16]), None, cu([3], dtype=torch.int32),
      cu([3], dtype=torch.int32), 40, 7, 0.0, 0, True),
    C("packed without a query maximum", cu([1, 10, 4, 16]), cu([1, 12, 4, 16]), cu([1, 12, 4, 16]), None,
      cu([3], dtype=torch.int32), cu([3], dtype=torch.int32), None, None, 0.0, 0, True),
]
CASES["_scaled_dot_product_cudnn_attention"] = [
    C("4-d", cu([2, 4, 7, 16]), cu([2, 4, 9, 16]), cu([2, 4, 9, 16]), None, True),
    C("value of another head dim, a bias", cu([2, 4, 7, 16]), cu([2, 4, 9, 16]), cu([2, 4, 9, 8]),
      cu([2, 4, 7, 9]), False, 0.1, True),
    C("transposed query", cu([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)), cu([2, 4, 9, 16]),
      cu([2, 4, 9, 8]), None, True),
    C("permuted query of the value's head dim", cu([7, 2, 4, 16], then=lambda t: t.permute(1, 2, 0, 3)),
      cu([2, 4, 9, 16]), cu([2, 4, 9, 16]), None, True, scale=0.5),
    C("on the cpu", T([2, 4, 7, 16]), T([2, 4, 9, 16]), T([2, 4, 9, 16]), None, True),
    C("5-d query refused", T([1, 2, 4, 7, 16]), T([1, 2, 4, 9, 16]), T([1, 2, 4, 9, 16]), None, True),
    C("3-d query refused", T([4, 7, 16]), T([4, 9, 16]), T([4, 9, 16]), None, True),
]
CASES["_scaled_dot_product_fused_attention_overrideable"] = [
    C("4-d", cu([2, 4, 7, 16]), cu([2, 4, 9, 16]), cu([2, 4, 9, 16])),
    C("3-d", cu([4, 7, 16]), cu([4, 9, 16]), cu([4, 9, 8])),
    C("transposed query, a bias", cu([2, 7, 4, 16], then=lambda t: t.transpose(1, 2)), cu([2, 4, 9, 16]),
      cu([2, 4, 9, 8]), cu([2, 4, 7, 9])),
    C("a bias broadcast over the keys", cu([2, 4, 7, 16]), cu([2, 4, 9, 16]), cu([2, 4, 9, 16]),
      cu([2, 4, 7, 1])),
    C("a bias of another length", cu([2, 4, 7, 16]), cu([2, 4, 9, 16]), cu([2, 4, 9, 16]), cu([2, 4, 7, 5])),
    C("key and value lengths differ", cu([2, 4, 7, 16]), cu([2, 4, 9, 16]), cu([2, 4, 8, 16])),
    C("2-d query refused", cu([7, 16]), cu([9, 16]), cu([9, 16])),
]
SYMBOLIC += [
    ("_scaled_dot_product_flash_attention of dynamic batch, heads and lengths",
     "_scaled_dot_product_flash_attention",
     Case("", D([2, 4, 7, 16], "q", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 4, 9, 16], "k", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 4, 9, 16], "v", ["dynamic", "dynamic", "dynamic", "static"]))),
    ("_scaled_dot_product_cudnn_attention of dynamic batch, heads and lengths",
     "_scaled_dot_product_cudnn_attention",
     Case("", D([2, 4, 7, 16], "q", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 4, 9, 16], "k", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 4, 9, 16], "v", ["dynamic", "dynamic", "dynamic", "static"]),
          None, True)),
    ("_scaled_dot_product_fused_attention_overrideable of dynamic lengths and a bias",
     "_scaled_dot_product_fused_attention_overrideable",
     Case("", D([2, 4, 7, 16], "q", ["static", "static", "dynamic", "static"]),
          D([2, 4, 9, 16], "k", ["static", "static", "dynamic", "static"]),
          D([2, 4, 9, 16], "v", ["static", "static", "dynamic", "static"]),
          D([2, 4, 7, 9], "bias", ["static", "static", "dynamic", "dynamic"]))),
    ("_scaled_dot_product_efficient_attention of a dynamic batch and heads",
     "_scaled_dot_product_efficient_attention",
     Case("", D([2, 4, 7, 16], "q", ["dynamic", "dynamic", "static", "static"]),
          D([2, 4, 9, 16], "k", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 4, 9, 16], "v", ["dynamic", "dynamic", "dynamic", "static"]),
          None, True)),
    ("_flash_attention_forward of dynamic batch, heads and lengths", "_flash_attention_forward",
     Case("", D([2, 7, 4, 16], "q", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 9, 4, 16], "k", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 9, 4, 16], "v", ["dynamic", "dynamic", "dynamic", "static"]),
          None, None, 7, 9, 0.0, False, False)),
    ("_efficient_attention_forward of a dynamic batch and heads", "_efficient_attention_forward",
     Case("", D([2, 7, 4, 16], "q", ["dynamic", "static", "dynamic", "static"]),
          D([2, 9, 4, 16], "k", ["dynamic", "dynamic", "dynamic", "static"]),
          D([2, 9, 4, 16], "v", ["dynamic", "dynamic", "dynamic", "static"]),
          None, None, None, None, None, 0.0, 0, True)),
]

# ---- ATen's naive math path ------------------------------------------------------------

CASES["_scaled_dot_product_attention_math"] = [
    C("4-d", T([2, 3, 4, 8]), T([2, 3, 5, 8]), T([2, 3, 5, 6])),
    C("3-d", T([3, 4, 8]), T([3, 5, 8]), T([3, 5, 6])),
    C("2-d", T([4, 8]), T([5, 8]), T([5, 6])),
    C("2-d grouped query refused", T([4, 8]), T([5, 8]), T([5, 6]), enable_gqa=True),
    C("1-d query", T([8]), T([5, 8]), T([5, 6])),
    C("float16", T([2, 3, 4, 8], dtype=f16), T([2, 3, 5, 8], dtype=f16), T([2, 3, 5, 6], dtype=f16)),
    C("bfloat16 with a float32 mask", T([2, 3, 4, 8], dtype=bf16), T([2, 3, 5, 8], dtype=bf16),
      T([2, 3, 5, 6], dtype=bf16), T([4, 5])),
    C("causal", T([2, 3, 4, 8]), T([2, 3, 5, 8]), T([2, 3, 5, 6]), None, 0.0, True),
    C("a mask broadcasting the batch", T([1, 3, 4, 8]), T([1, 3, 5, 8]), T([1, 3, 5, 6]), T([2, 3, 4, 5])),
    C("bool mask", T([2, 3, 4, 8]), T([2, 3, 5, 8]), T([2, 3, 5, 6]), T([4, 5], dtype=torch.bool)),
    C("grouped-query", T([2, 4, 4, 8]), T([2, 2, 5, 8]), T([2, 2, 5, 6]), enable_gqa=True),
    C("grouped-query, as many heads", T([2, 2, 4, 8]), T([2, 2, 5, 8]), T([2, 2, 5, 6]), enable_gqa=True),
    C("grouped-query heads that do not divide", T([2, 3, 4, 8]), T([2, 2, 5, 8]), T([2, 2, 5, 6]),
      enable_gqa=True),
    C("transposed query", T([2, 4, 3, 8], then=lambda t: t.transpose(1, 2)), T([2, 3, 5, 8]), T([2, 3, 5, 6])),
    C("dropout", T([2, 3, 4, 8]), T([2, 3, 5, 8]), T([2, 3, 5, 6]), None, 0.5),
    C("dropout with a mask", T([2, 3, 4, 8]), T([2, 3, 5, 8]), T([2, 3, 5, 6]), None, 0.5, False,
      T([2, 3, 4, 5], dtype=torch.bool)),
    C("negative scale", T([2, 3, 4, 8]), T([2, 3, 5, 8]), T([2, 3, 5, 6]), scale=-0.5),
    C("batch dims broadcast", T([2, 3, 4, 8]), T([1, 3, 5, 8]), T([1, 1, 5, 6])),
    C("int64 refused", T([2, 3, 4, 8], dtype=i64), T([2, 3, 5, 8], dtype=i64), T([2, 3, 5, 6], dtype=i64)),
    C("head dims that differ refused", T([2, 3, 4, 8]), T([2, 3, 5, 7]), T([2, 3, 5, 6])),
    C("causal with a mask refused", T([2, 3, 4, 8]), T([2, 3, 5, 8]), T([2, 3, 5, 6]), T([4, 5]), 0.0, True),
]
SYMBOLIC += [
    ("_scaled_dot_product_attention_math of dynamic inputs and mask", "_scaled_dot_product_attention_math",
     Case("", D([2, 3, 4, 8], "q"), D([2, 3, 5, 8], "k"), D([2, 3, 5, 6], "v"), D([4, 5], "m"))),
    ("_scaled_dot_product_attention_math of dynamic causal inputs", "_scaled_dot_product_attention_math",
     Case("", D([2, 3, 4, 8], "q"), D([2, 3, 5, 8], "k"), D([2, 3, 5, 6], "v"), None, 0.0, True)),
    ("_scaled_dot_product_attention_math of dynamic grouped-query inputs", "_scaled_dot_product_attention_math",
     Case("", D([2, 4, 4, 8], "q"), D([2, 2, 5, 8], "k"), D([2, 2, 5, 6], "v"), enable_gqa=True)),
    ("_scaled_dot_product_attention_math of dynamic grouped-query inputs of as many heads",
     "_scaled_dot_product_attention_math",
     Case("", D([2, 2, 4, 8], "q"), D([2, 2, 5, 8], "k"), D([2, 2, 5, 6], "v"), enable_gqa=True)),
    ("_scaled_dot_product_attention_math of dynamic inputs and mask under the Python dispatcher",
     "_scaled_dot_product_attention_math",
     Case("", D([2, 3, 4, 8], "q"), D([2, 3, 5, 8], "k"), D([2, 3, 5, 6], "v"), D([4, 5], "m"))),
    ("_scaled_dot_product_attention_math of dynamic 3-d float16 inputs under the Python dispatcher",
     "_scaled_dot_product_attention_math",
     Case("", D([3, 4, 8], "q", dtype=f16), D([3, 5, 8], "k", dtype=f16), D([3, 5, 6], "v", dtype=f16))),
]
DISPATCHED |= {
    "_scaled_dot_product_attention_math of dynamic inputs and mask under the Python dispatcher",
    "_scaled_dot_product_attention_math of dynamic 3-d float16 inputs under the Python dispatcher",
}
