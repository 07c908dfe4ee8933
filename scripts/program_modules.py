"""The first modules of `export_programs.py`: data-dependent sizes
(nonzero, masks, `item()`, unique), views and reshapes, attention, and
the builders of the whole models it exports.
"""

import torch
import torch.nn.functional as F


class Nonzero(torch.nn.Module):
    def forward(self, x):
        idx = torch.nonzero(x > 0)
        y = idx.float() * 2.0
        return torch.relu(y - 1.0).sum(0), y.mean()


class WhereColumns(torch.nn.Module):
    """`where(condition)`: the columns of one nonzero result, views at
    offsets of the unbacked count; then the data-dependent results used."""

    def forward(self, x):
        rows, cols = torch.where(x > 0)
        return rows.flip(0), cols * 2, torch.masked_select(x, x > 0).cumsum(0)


class VectorClones(torch.nn.Module):
    """Clones of views of symbolic tensors: on symbolic inputs the fake mode
    runs `torch._refs.clone`, whose `prims.clone` lays a vector out with
    stride 1 even where its one element sits at a symbolic stride, and
    keeps a dense view's strides, size-1 dims' included."""

    def forward(self, x):
        return (
            x[0:1, 0].clone(),
            x[:, 0].clone(),
            x[:, 0:1].clone(),
            x.t()[0:1].clone(),
        )


class EmptyDiagonals(torch.nn.Module):
    """Diagonals of symbolic tensors, some statically empty: on symbolic
    inputs `torch._refs.diagonal` moves the storage offset whatever the
    diagonal's size (ATen's kernel, on static ones, keeps an empty one's)."""

    def forward(self, x):
        return (
            x.diagonal(-2, 0, 1) + 1,
            x.diagonal(3, 0, 2),
            x.diagonal(1, 1, 2).t(),
        )


class ScatterOffsets(torch.nn.Module):
    """Scatters and a copy of a view at an offset: `clone_preserve_strides`
    keeps the offset, which the training IR records; the Core ATen
    program, traced twice, records the dispatch cache's hit at offset 0,
    as the training IR does for the repeated scatter."""

    def forward(self, x, y):
        v = x[1:]
        return (
            torch.slice_scatter(v, y, 1, 0, 2),
            torch.select_scatter(v, y[:, 0], 1, 1),
            torch.ops.aten.copy(v, v),
            torch.slice_scatter(x[1:], y, 1, 0, 2),
        )


class MaskedSelect(torch.nn.Module):
    def forward(self, x):
        v = torch.masked_select(x, x > 0)
        return (v * 3.0).relu(), v.sum()


class BoolMask(torch.nn.Module):
    def forward(self, x, y):
        picked = x[x > 0]
        z = y.clone()
        z[y < 0] = 0.0
        return picked * 2.0, z + 1.0


class ItemSlice(torch.nn.Module):
    def forward(self, x, n):
        k = n.item()
        torch._check(k >= 0)
        torch._check(k <= x.size(0))
        return x[:k] * 2.0, x[k:].sum(0)


class Narrow(torch.nn.Module):
    def forward(self, x, n):
        k = n.item()
        torch._check(k >= 0)
        torch._check(k + 1 <= x.size(0))
        return x.narrow(0, 1, k).relu(), x.narrow(1, 0, 2) + 1.0


class NewZeros(torch.nn.Module):
    def forward(self, x, n):
        k = n.item()
        torch._check(k >= 0)
        return x.new_zeros(k, x.size(1)) + 1.0, x.new_zeros(x.size(0) * 2)


class View(torch.nn.Module):
    def forward(self, x):
        b, s, h = x.shape
        y = x.view(b, s, 2, h // 2)
        z = y.transpose(1, 2)
        return z.reshape(b * 2, s, h // 2), x.view(-1), y.view(b, -1)


class RepeatInterleave(torch.nn.Module):
    def forward(self, x, r):
        y = torch.repeat_interleave(x, r, dim=0)
        return y * 2.0, torch.repeat_interleave(x, 2, dim=1)


class Unique(torch.nn.Module):
    def forward(self, x):
        u = torch.unique(x)
        return u.float() + 1.0


class TensorSplit(torch.nn.Module):
    def forward(self, x, idx):
        a, b, c = torch.tensor_split(x, idx, dim=0)
        return a * 2.0, b.sum(0), c + 1.0


class Interpolate(torch.nn.Module):
    def forward(self, x):
        a = F.interpolate(x, scale_factor=2.0, mode="nearest")
        b = F.interpolate(x, scale_factor=0.5, mode="bilinear", align_corners=False)
        return a, b


class InterpolateFractions(torch.nn.Module):
    """Scale factors that are not integers: sizes `TruncToInt(c*ToFloat(s))`
    evaluated in floating point (`100 * 0.29` is `28.999999999999996`)."""

    def forward(self, x):
        a = F.interpolate(x, scale_factor=1 / 3, mode="bicubic", align_corners=False)
        b = F.interpolate(x, scale_factor=(0.75, 0.29), mode="nearest")
        return a, b


class Aliases(torch.nn.Module):
    """Operators user code names by an alias or an overload the default IR
    keeps: `arange(start, end)`, `detach`, `where` with a number first,
    `clip`, `absolute`, `concat`, a split by sizes."""

    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)

    def forward(self, x):
        n = x.shape[1]
        pos = torch.arange(1, n + 1)
        y = self.lin(x).detach()
        z = torch.where(y > 0, 1.0, y) + pos.unsqueeze(-1)
        a = torch.clip(z, -1, 1).absolute()
        parts = torch.split(a, [2, n - 2], dim=1)
        return torch.norm(parts[1], p=2, dim=-1), torch.concat([parts[0], parts[0]], dim=1)


class ParamBiasAttention(torch.nn.Module):
    """Heads transposed out of one projection, attended with a mask
    computed from a parameter (T5's and BEiT's position biases). The CPU
    flash kernel takes the mask only when it does not require grad, so
    the result is laid out as the flash kernel lays it out (the query's
    strides) when exported under `torch.no_grad()`, contiguous (the math
    path) when exported with grad: `param_bias_attention_grad` is the
    same program exported with grad, and propagation must tell the two
    apart from the recorded layouts alone."""

    def __init__(self):
        super().__init__()
        self.qkv = torch.nn.Linear(32, 96)
        self.bias = torch.nn.Parameter(torch.randn(1, 4, 9, 9))

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, 4, 8).unbind(2)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        return F.scaled_dot_product_attention(q, k, v, attn_mask=self.bias * 2)


class Sdpa(torch.nn.Module):
    def forward(self, q, k, v):
        return F.scaled_dot_product_attention(q, k, v), F.scaled_dot_product_attention(
            q, k, v, is_causal=True
        )


class Mha(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = torch.nn.MultiheadAttention(16, 4, batch_first=True)

    def forward(self, x):
        out, weights = self.attn(x, x, x)
        return out, weights


class ChannelShuffle(torch.nn.Module):
    def forward(self, x):
        b, c, h, w = x.shape
        y = x.view(b, 2, c // 2, h, w).transpose(1, 2).contiguous()
        return y.view(b, c, h, w)


class UpsampledGroupNorm(torch.nn.Module):
    """A decoder stage: group norm of an input whose height and width are one
    symbol doubled, so the reference's view back splits `4*h**2` by `2*h`
    (sympy keeps `(2*h**2)//h`, which equals `2*h`)."""

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(4, 16, 3, padding=1)
        self.norm = torch.nn.GroupNorm(4, 16)
        self.up = torch.nn.Upsample(scale_factor=2.0, mode="nearest")
        self.norm2 = torch.nn.GroupNorm(8, 16)

    def forward(self, x):
        y = torch.nn.functional.silu(self.norm(self.conv(x)))
        return self.norm2(self.up(y))


class ViewAs(torch.nn.Module):
    def forward(self, x, y):
        return x.view_as(y) + y, x.reshape_as(y) * 2.0, x.t().reshape_as(y.t())


class InplaceViews(torch.nn.Module):
    def forward(self, x):
        y = x.clone()
        v = y[:, 1:]
        v.mul_(2.0)
        t = y.t()
        t.add_(1.0)
        z = y[:2].clone()
        z.resize_(3, 4)
        return y, v, z


class SliceReshape(torch.nn.Module):
    """Reshapes of sliced and transposed tensors, size-1 dims, copy branch."""

    def forward(self, x):
        b, s, h = x.shape
        a = x[:, :, 16:32].transpose(1, 2).reshape(b, 1, 16, s)
        c = x[:, 1:2].reshape(b, h)
        d = x.unsqueeze(1).reshape(b, 1, s, h)
        e = x.transpose(1, 2).reshape(b, h * s)
        e.add_(1.0)
        f = x.reshape(b, s, 1, h, 1)
        g = f.reshape(b, s * h)
        return a, c, d, e, g


class UnsqueezeExpand(torch.nn.Module):
    def forward(self, x, b):
        y = b.expand(x.size(0), 3).unsqueeze(0)
        return y + x.unsqueeze(0), b.expand(2, 3).unsqueeze(2)


class Arange(torch.nn.Module):
    def forward(self, x):
        n = x.size(0)
        a = torch.arange(n)
        b = torch.arange(1, n, 2)
        c = torch.arange(0, n * 2, 3, dtype=torch.float32)
        return a + 1, b, c


class AudioFeatures(torch.nn.Module):
    """A convolutional audio feature extractor (strided conv1d stack, group
    norm, GELU), then a transpose and a linear projection, as speech models
    have it."""

    def __init__(self):
        super().__init__()
        self.conv0 = torch.nn.Conv1d(1, 32, 10, stride=5, bias=False)
        self.norm = torch.nn.GroupNorm(32, 32)
        self.conv1 = torch.nn.Conv1d(32, 32, 3, stride=2, bias=False)
        self.conv2 = torch.nn.Conv1d(32, 32, 2, stride=2, bias=False)
        self.proj = torch.nn.Linear(32, 48)

    def forward(self, audio):
        x = audio.unsqueeze(1)
        x = F.gelu(self.norm(self.conv0(x)))
        x = F.gelu(self.conv1(x))
        x = F.gelu(self.conv2(x))
        return self.proj(x.transpose(1, 2))


class BiasedAttention(torch.nn.Module):
    """Attention as T5, Swin and Falcon write it: a learned position bias
    (a 3-D mask, which the flash kernel does not take: the math path), one key and
    value head against four query heads (multi-query: the flash kernel),
    and a slice of a buffer written in place (functionalized into `copy`
    and `slice_scatter`, fresh results at offset 0)."""

    def __init__(self):
        super().__init__()
        self.q = torch.nn.Linear(16, 64)
        self.kv = torch.nn.Linear(16, 32)
        self.bias = torch.nn.Parameter(torch.randn(4, 7, 7))

    def forward(self, x):
        b, n, _ = x.shape
        q = self.q(x).view(b, n, 4, 16).transpose(1, 2)
        k, v = self.kv(x).view(b, n, 2, 16).unbind(2)
        k, v = k.unsqueeze(1), v.unsqueeze(1)
        biased = F.scaled_dot_product_attention(q, q, q, attn_mask=self.bias[:, :n, :n])
        mqa = F.scaled_dot_product_attention(q, k, v)
        out = (biased + mqa).transpose(1, 2).reshape(b, n, 64)
        buf = torch.zeros(b, n + 1, 64)
        buf[:, 1:] = out
        buf[:, :1] = buf[:, 1:2]
        return buf


def swin_t():
    import torchvision

    return torchvision.models.swin_t(weights=None)


def mobilenet_v3_small():
    import torchvision

    return torchvision.models.mobilenet_v3_small(weights=None)


# The decoder stacks' shared size: two layers, grouped-query attention, no
# key-value cache.
TINY_DECODER = dict(
    num_hidden_layers=2,
    hidden_size=64,
    num_attention_heads=4,
    num_key_value_heads=2,
    intermediate_size=128,
    vocab_size=1000,
    use_cache=False,
)


def llama():
    """A two-layer Llama of `transformers` (grouped-query attention, rotary
    embeddings, RMSNorm), without its key-value cache."""
    import transformers

    return transformers.LlamaModel(transformers.LlamaConfig(**TINY_DECODER))


def mixtral():
    """A two-layer Mixtral of `transformers` (four experts, two per token),
    without its key-value cache: its experts run through `transformers`'
    own grouped-matmul custom operator."""
    import transformers

    config = transformers.MixtralConfig(
        **TINY_DECODER, max_position_embeddings=64, num_local_experts=4, num_experts_per_tok=2
    )
    return transformers.MixtralModel(config)


class Quantized(torch.nn.Module):
    """A PT2E-quantized convolution and linear layer as `convert_pt2e`
    leaves them: each activation quantized and dequantized per tensor,
    the weights stored as int8 and dequantized per channel; then a
    dynamically quantized projection (per-token parameters chosen from the
    activation, as the dynamic quantizers do) and a per-tensor pair with
    tensor parameters (`choose_qparams`)."""

    def __init__(self):
        super().__init__()
        self.register_buffer("w", torch.randint(-127, 127, (8, 3, 3, 3), dtype=torch.int8))
        self.register_buffer("w_scales", torch.rand(8) / 100)
        self.register_buffer("w_zero", torch.zeros(8, dtype=torch.int64))
        self.register_buffer("lw", torch.randint(-127, 127, (5, 8), dtype=torch.int8))
        self.bias = torch.nn.Parameter(torch.randn(8))

    def forward(self, x):
        qd = torch.ops.quantized_decomposed
        xq = qd.quantize_per_tensor(x, 0.02, 1, -128, 127, torch.int8)
        xd = qd.dequantize_per_tensor(xq, 0.02, 1, -128, 127, torch.int8)
        w = qd.dequantize_per_channel(self.w, self.w_scales, self.w_zero, 0, -127, 127, torch.int8)
        y = torch.relu(F.conv2d(xd, w, self.bias)).mean((2, 3))
        scales, zeros = qd.choose_qparams_per_token_asymmetric(y, torch.int8)
        yq = qd.quantize_per_token(y, scales, zeros, -128, 127, torch.int8)
        yd = qd.dequantize_per_token(yq, scales, zeros, -128, 127, torch.int8, torch.float32)
        lw = qd.dequantize_per_tensor(self.lw, 0.01, 0, -127, 127, torch.int8)
        z = F.linear(yd, lw)
        scale, zero = qd.choose_qparams.tensor(z, -128, 127, 1e-5, torch.int8)
        zq = qd.quantize_per_tensor.tensor(z, scale, zero, -128, 127, torch.int8)
        return qd.dequantize_per_tensor.tensor(zq, scale, zero, -128, 127, torch.int8)


def subclass_weights():
    """Two linear layers whose weights `torchao` quantized to int8
    (`Int8WeightOnlyConfig`): tensor-subclass parameters, whose inner
    tensors the program reads with `export::access_subclass_inner_tensor`
    (`qdata`, `scale`) before dequantizing them itself."""
    from torchao.quantization import Int8WeightOnlyConfig, quantize_

    model = torch.nn.Sequential(torch.nn.Linear(64, 32), torch.nn.ReLU(), torch.nn.Linear(32, 16))
    quantize_(model, Int8WeightOnlyConfig())
    return model


def torchao_dynamic_int8():
    """Two linear layers `torchao` quantized with dynamic int8
    activations and int8 weights (`Int8DynamicActivationInt8WeightConfig`):
    every call chooses the activations' per-token scales and zero points
    and quantizes them (`torchao::choose_qparams_affine`,
    `torchao::quantize_affine`) before `_int_mm`."""
    from torchao.quantization import Int8DynamicActivationInt8WeightConfig, quantize_

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 32), torch.nn.ReLU(), torch.nn.Linear(32, 16))
    quantize_(model, Int8DynamicActivationInt8WeightConfig())
    return model


def torchao_intx_weights():
    """Two linear layers with dynamic int8 activations and grouped intx
    weights (`Int8DynamicActivationIntxWeightConfig`): the activations
    chosen, quantized and dequantized per token, the weights dequantized
    per group (`torchao::dequantize_affine`)."""
    from torchao.quantization import Int8DynamicActivationIntxWeightConfig, quantize_

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 32), torch.nn.ReLU(), torch.nn.Linear(32, 16))
    quantize_(model, Int8DynamicActivationIntxWeightConfig())
    return model


# name -> (module, args, dynamic_shapes)
