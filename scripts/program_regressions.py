"""The later modules of `export_programs.py`, each pinning a behaviour a
model sweep or a review found: derived and size-oblivious sizes,
unbacked counts and their memos, strides that name symbols, constants
the mode runs for real, layouts of convolutions and reductions.
"""

import torch
import torch.nn.functional as F


class DerivedSizes(torch.nn.Module):
    """Sizes derived from dynamic dims and data: `squeeze` of an unbacked
    dim (kept: `guard_or_false(size == 1)`), `repeat_interleave` by
    repeats of an unbacked length, `unbind` of a dim of size `(n + 1) // 2`
    (split as the reference splits it), keepdim reductions of a dim of
    size `m // 3` (reduced dims at `broadcast_in_dim`'s strides), `glu` of
    an unbacked length (its halves `narrow`ed: `Min(u, u//2)`) and
    `repeat_interleave` of that dim and of an unbacked length (a view of
    the contiguous clone of the expanded input), and the norm over a
    size-1 dim of an unbacked length (`abs` viewed without the dim)."""

    def forward(self, x, y):
        idx = torch.nonzero(x > 0)[:, 0].float()
        kept = idx.squeeze()
        flat = x.flatten()
        counts = (flat > 0).long()
        rep = flat.repeat_interleave(counts)
        again = rep.repeat_interleave(torch.ones_like(rep, dtype=torch.long))
        half = y.index_select(1, torch.arange(0, y.shape[1], 2))
        rows = half.unbind(1)
        third = y[:, : y.shape[1] // 3].unsqueeze(1)
        red = (third.sum(1, keepdim=True), third.amax(2, keepdim=True),
               torch.var_mean(third, 1, keepdim=True)[0], third.mean(1, keepdim=True))
        gated = F.glu(idx, 0)
        pairs = third.repeat_interleave(2, 2)
        twice = rep.repeat_interleave(2)
        norms = idx.view(1, -1).norm(dim=0)
        return (kept * 2.0, again + 1.0, rows[0] + rows[-1], gated, pairs, twice, norms) + red


class ObliviousPools(torch.nn.Module):
    """Pooling and normalisation of an image batch of one, exported with
    `backed_size_oblivious`: a pooled size is not checked positive by a
    guard, since `guard_or_false` no longer asks the hints."""

    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.zeros(3))
        self.register_buffer("var", torch.ones(3))

    def forward(self, x):
        p = F.lp_pool2d(x, 3.0, 4, 2, ceil_mode=True)
        n = F.batch_norm(x.float(), self.mean, self.var, None, None, training=False)
        return F.interpolate(p, scale_factor=2.5, mode="nearest-exact"), n @ n.mT


class ObliviousLayouts(torch.nn.Module):
    """Sequence-first attention over a sequence of one, of static sizes,
    beside a dynamic input, exported with `backed_size_oblivious`: every
    `view` takes `_view_unbacked_meta` then, whose strides for a size-1
    dim differ from `_reshape_view_helper`'s."""

    def __init__(self):
        super().__init__()
        self.layer = torch.nn.TransformerEncoderLayer(16, 2, dim_feedforward=7, dropout=0.0, activation="gelu")

    def forward(self, x, y):
        return self.layer(y) * x.sum(), x.unsqueeze(0).expand(3, -1, -1).reshape(-1)


class LateSizeAssert(torch.nn.Module):
    """A count checked against the batch (`u0 <= s0`) before a `gather`
    asserts it at least the index's rows (`u0 >= 6`): export places the
    second assert first, yet PyTorch never learnt `s0 >= 6`."""

    def __init__(self):
        super().__init__()
        self.register_buffer("index", torch.zeros(6, 2, dtype=torch.long))

    def forward(self, x):
        n = (x.flatten()[0].abs() * 3).long().clamp(min=0, max=x.shape[0]).item()
        torch._check_is_size(n)
        torch._check(n <= x.shape[0])
        z = x.new_zeros(n, 2)
        return torch.gather(z, 1, self.index).argmin()


class ObliviousAttention(torch.nn.Module):
    """Attention of embedding width 1 over an input whose last size is a
    symbol of hint 1, exported with `backed_size_oblivious`: a guard
    learns that size is 1, which a size-like symbol's range still does
    not say (its upper end stays 2), so a later layout tie stays undecided
    as PyTorch leaves it."""

    def __init__(self):
        super().__init__()
        self.first = torch.nn.MultiheadAttention(1, 1, batch_first=True, add_bias_kv=True)
        self.second = torch.nn.MultiheadAttention(1, 1, bias=False)

    def forward(self, x):
        v = torch.repeat_interleave(x, 3, dim=1)
        v = self.first(v, v, v, need_weights=True)[0]
        mask = torch.zeros(v.shape[1], v.shape[0], dtype=torch.bool)
        return self.second(v, v, v, key_padding_mask=mask, need_weights=False)[0]


class WideBounds(torch.nn.Module):
    """`nonzero` of a tensor of data-dependent sizes: the new size's
    upper bound is the element count's, `4 * (2**63 - 2)`, beyond 64 bits,
    in the range constraints and in the runtime assert that checks it."""

    def forward(self, x):
        a = torch.nonzero(x > 0).float()
        b = torch.cat([a, a * 2.0])
        c = torch.nonzero(b)
        return c.float().sum(0), c[:, 0] + 1


class StridedViews(torch.nn.Module):
    """Views of an input whose innermost stride is its own symbol (every
    other element): merging dims takes the smaller stride with Python's
    `min`, which non-strict export makes `sym_min` (a `Min` expression
    where the ranges cannot order the strides), not a guarded choice."""

    def forward(self, x):
        a = x.reshape(x.shape[-1], -1)
        b = a.unsqueeze(0).expand(3, *a.shape)
        c = x.flatten(1, 2)
        d = x.transpose(0, 1).reshape(-1, x.shape[3])
        return a, b.reshape(3, -1), c, d


class ColumnConvs(torch.nn.Module):
    """1-D convolutions of a one-long input whose length dim has the
    batch's stride: `input.contiguous()` keeps it (size-1 dims aside it is
    contiguous), so unsqueezed to 2-D it suggests channels-last, which the
    backend's memory format converts the result to."""

    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(6, 3, 1))
        self.wt = torch.nn.Parameter(torch.randn(3, 2, 1))

    def forward(self, x):
        return F.conv1d(x, self.w), F.conv_transpose1d(x, self.wt)


class ColumnLogSoftmax(torch.nn.Module):
    """`log_softmax` of a column whose size-1 dim has the stride of the
    rows: on symbolic sizes each subtraction of its decomposition takes
    the mode's fast path, which lays the result out contiguously."""

    def forward(self, x):
        v = x[:1].t()
        return F.log_softmax(v, 0), F.log_softmax(v, 1), torch.log_softmax(x.t(), 0)


class Quantiles(torch.nn.Module):
    """`quantile` / `nanquantile` by tensors of q values: the q dim comes
    first and innermost in memory; a q value outside [0, 1] is accepted,
    as FakeTensorMode does not read the values (eager refuses it)."""

    def forward(self, x):
        a = torch.quantile(x, torch.tensor([0.25, 1.5]), dim=1, keepdim=True)
        b = torch.nanquantile(x.t(), torch.tensor([0.5, 0.75, 0.9]), dim=0, interpolation="nearest")
        return a, b


class Constants(torch.nn.Module):
    """Tensors built from numbers in the program (lifted constants of one
    element): FakeTensorMode runs what uses only constants for real, in
    eager mode, and its small results stay constants (`expand` of a
    zero-dim constant to one element gives every dim stride 0, eager's
    answer, where a fake `expand` gives 1), also through `mul.Scalar` by
    a symbolic size (the reference computes with a SymFloat) and
    `quantile`'s decomposition in the Core ATen IR; a larger result is
    not a constant, and the fake `expand` lays out the next one."""

    def forward(self, x):
        q = torch.tensor(0.5)
        k = torch.tensor(3)
        a = q.expand(1, 1, 1)
        b = (k * 2).expand(1, 1)
        c = (q * x.shape[0]).expand(1, 1)
        d = q.expand(1, 2, 1)
        e = torch.tensor([1.5]).expand(1, 1, 1)
        f = q.unsqueeze(0).expand(2, 1)
        g = torch.quantile(x, q, dim=None, keepdim=True, interpolation="nearest")
        h = x.sum().expand(1, 1)
        return a, b, c, d, e, f, g, h


class UnbackedMemos(torch.nn.Module):
    """Data-dependent counts PyTorch's fake tensors memoise per tensor
    (`nonzero` with `where(condition)`, `unique` whatever its flags,
    `unique_consecutive` without a dim) and those made afresh at every
    call (`masked_select`, `repeat_interleave`, a `unique_consecutive`
    along a dim)."""

    def forward(self, x, r):
        m = x > 0
        a = x.masked_select(m)
        b = x.masked_select(m)
        u1 = torch.unique(x)
        u2 = torch.unique(x, return_counts=True)[1]
        u3 = torch.unique(x, sorted=False, return_inverse=True)[0]
        n1 = torch.nonzero(m)
        w = torch.where(m)[0]
        n2 = torch.nonzero(m)
        i1 = torch.repeat_interleave(r)
        i2 = torch.repeat_interleave(r)
        c1 = torch.unique_consecutive(r)
        c2 = torch.unique_consecutive(r, return_counts=True)[1]
        c3 = torch.unique_consecutive(r, dim=0)
        return a, b, u1, u2, u3, n1, w, n2, i1, i2, c1, c2, c3


class StrideSymbols(torch.nn.Module):
    """A step-sliced input whose innermost stride is a symbol of its own
    and whose dims the program makes equal (`x` plus its reversed
    permutation): the outer strides are recorded as products naming that
    symbol (`s0*s1*s27**2`) before the stride that is exactly it."""

    def forward(self, x):
        return x + x.permute(3, 2, 1, 0)


class UnbackedDiagonal(torch.nn.Module):
    """The diagonal of a matrix whose sizes are both data-dependent, one a
    clamped difference (`Max(0, u0 - Min(1, u0))`): its length
    `Max(0, Min(u1, Max(0, x)))` prints as sympy's removal of redundant
    arguments leaves it, `Max(0, Min(u1, x))`."""

    def forward(self, x, n):
        k = n.item()
        torch._check_is_size(k)
        torch._check(k <= x.shape[0])
        m = x.new_zeros(k, 5)[1:].reshape(5, -1)
        j = (m > 0).sum().item()
        torch._check(j >= 0)
        return torch.diagonal(m.new_zeros(j, m.shape[1]))


class ParameterMatmuls(torch.nn.Module):
    """A parameter (or a tensor computed from one: both require grad)
    times a batch of matrices: `should_fold` folds the batch into one `mm`
    and the result is `mT.contiguous()`, which keeps a size-1 dim's
    transposed stride."""

    def __init__(self):
        super().__init__()
        self.p0 = torch.nn.Parameter(torch.randn(1, 3))
        self.p1 = torch.nn.Parameter(torch.randn(4, 3))
        self.p2 = torch.nn.Parameter(torch.randn(3))

    def forward(self, x0, x1):
        a = self.p0 @ x0
        b = self.p1 @ x1
        c = (self.p2 * x0[0, :, 0]).unsqueeze(0) @ x0
        return a, b, c


class UnbackedBroadcasts(torch.nn.Module):
    """Elementwise operators broadcasting a size-1 dim against one of
    data-dependent length: `expand` gives it stride 0 (the length is not
    decided to be 1), so the other operand's strides order the dims."""

    def forward(self, x, w, v):
        b = x[x > 0]
        torch._check(b.shape[0] != 0)
        return b.unsqueeze(1) + w, b * v, v * b, (b.unsqueeze(1) * w).sum(0)


class NumberWheres(torch.nn.Module):
    """Elementwise operators whose references are `torch.where(cond,
    number, x)`, on inputs with a size-1 dim of a stride of its own: under
    the Python dispatcher (as export traces) `_refs.where` gets the number
    itself, which does not order the dims; a zero-dim tensor does (the
    where overloads taking a number, `masked_fill` by a tensor,
    `hardshrink`'s ATen kernel). The references of `triu`, `tril` and
    `xlogy` (by a zero-dim tensor) hand `torch.where` numbers too, and
    floor division by a number keeps it a number through every step."""

    def __init__(self):
        super().__init__()
        self.register_buffer("quarter", torch.tensor(0.25))

    def forward(self, a, b):
        out = []
        for x in (a, b):
            out += [
                torch.relu(x), x.clamp(min=0.0), x.clamp(-0.5, 0.5), F.threshold(x, 0.1, 2.0),
                F.hardtanh(x), F.relu6(x), torch.xlogy(x, 2.0), x.masked_fill(x > 0, 1.0),
                x.masked_fill(x > 0, torch.tensor(1.0)), F.hardshrink(x),
                torch.where(x > 0, x, 0.0), torch.triu(x), torch.tril(x, -1),
                torch.xlogy(x, self.quarter),
            ]
        y = a.squeeze(1).t()
        out += [torch.floor_divide(y, 2), torch.div(y, 2, rounding_mode="floor"), y // 2.5]
        return out


class UnbackedFlattens(torch.nn.Module):
    """Reshapes of a contiguous tensor whose data-dependent last dim gives
    the strides `Max(1, u0)`: a view (`is_contiguous_or_false` takes the
    `Max` form), keeping the slice's storage offset."""

    def __init__(self):
        super().__init__()
        self.register_buffer("repeats", torch.tensor([1, 0, 2, 1, 0, 1, 2]))

    def forward(self, x):
        v = torch.repeat_interleave(x, self.repeats, dim=2)
        w = v[1:]
        return w.flatten(), w.reshape(-1), w.view(-1), v.flatten(1), w.reshape(w.shape[0], -1)


class ClampBounds(torch.nn.Module):
    """`clamp` by numbers, one bound or both, and `clip`, `hardtanh` and
    `relu6` (both), on a non-dense input with a size-1 dim of a stride of
    its own: `torch._refs.clamp` takes a `where` per bound, and the second
    lays out the first's dense result afresh, giving that dim stride 1.
    `hardsigmoid`'s decomposition clamps by one bound, then the other;
    `gelu`'s and `elu`'s references are several steps too."""

    def forward(self, x):
        s = x.shape[1]
        return (
            torch.clamp(x, min=-1.0, max=0.5),
            torch.clamp(x, min=-s * 0.5, max=s * 0.25),
            torch.clip(x, -1, 1),
            torch.clamp(x, min=-1.0),
            torch.clamp(x, max=0.5),
            F.hardtanh(x, -1.0, 1.0),
            F.relu6(x),
            x.clone().clamp_(-1, 1) * 1,
            torch.clamp(x.to(torch.float16), 0, 1),
            F.hardsigmoid(x),
            F.gelu(x),
            F.gelu(x, approximate="tanh"),
            F.elu(x),
        )


class InplaceMetaCasts(torch.nn.Module):
    """In-place operators whose fake meta writes a result `self`'s dtype
    cannot hold (eager refuses): `addcmul_`, `addcdiv_` and `lerp_`
    (`_register_inplace_meta`: the functional meta, then the broadcast
    alone) and `multiply_` (`mul_`'s `meta_binop_inplace`)."""

    def forward(self, x, f, v):
        a = x.clone()
        a.addcmul_(f, v)
        a.addcdiv_(f, v, value=0.5)
        a.multiply_(f)
        a.multiply_(2.5)
        b = x.clone()
        b.lerp_(x, 0.5)
        return a, b


class UnbackedModAsserts(torch.nn.Module):
    """Views of a tensor with a data-dependent width `u0` in `[0, 1]`,
    asserting `Eq(Mod(30*u0, 11), 0)`: `Mod` of a multiple of a symbol is
    not the multiple because its value range lies below the divisor (sympy
    knows no ranges), so the assert solves nothing and `u0` is not
    replaced by 0."""

    def forward(self, x):
        v = x[:, x.sum(0) > 100]
        w = v.reshape(-1, 5).view(11, -1)
        return torch.nonzero(w > 0), w.sum(1)


class UnbackedDiagEmbeds(torch.nn.Module):
    """`diag_embed` of a vector of data-dependent length: the reference's
    `cond.reshape(...)` is ATen's `computeStride`, whose `guard_or_false`
    answers an unbacked length's `numel == 0` without an error."""

    def forward(self, x):
        n = (x > 0).sum().item()
        torch._check(n >= 0)
        torch._check(n <= 12)
        kept = x[x > 0]
        return (
            torch.diag_embed(torch.arange(n), offset=1),
            torch.diag_embed(kept),
            torch.diag_embed(kept, offset=-2),
            torch.diag_embed(kept.unsqueeze(0).expand(3, -1), dim1=0, dim2=2),
        )


class HintOneBatchMatmul(torch.nn.Module):
    """An empty batch whose size is 1 at the hints (`(s - 1) // 2`) times
    a matrix: `matmul` folds the batch into the rows (an empty tensor
    always folds) and views the product back, so the size is kept, with no
    broadcast and no guard that it is 1 (the input is laid out so that
    export's metadata extraction does not test that size either)."""

    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(6, 5))

    def forward(self, x):
        return x[:, x.shape[1]:][2:9:2, -1:] @ self.w


class HintOneBatchFold(HintOneBatchMatmul):
    """The same batch, not empty: folding reshapes it to `[-1, k]`, a view
    only because its size is 1 (`computeStride`'s guard)."""

    def forward(self, x):
        return x[1::2] @ self.w


class UnbackedBatchMatmul(HintOneBatchMatmul):
    """A batch of data-dependent length times a matrix and a vector:
    folding it is not decided on its unknown size."""

    def forward(self, x):
        m = x[x.sum((1, 2)) > 0]
        return m @ self.w, m @ self.w[:, 0]


class UnbackedFlattenHinted(torch.nn.Module):
    """Flattening a boolean index of a diagonal one long at the hints:
    the size-oblivious view finds no strides, so the view tries
    contiguity on the optimisation hints (an unbacked size at 8192),
    asserting what it chose, before a guarded attempt would fail."""

    def forward(self, x):
        d = torch.diagonal(x, -2, 1, 2)
        m = d[:, d.sum((0, 2)) > 0]
        return m.flatten(0, 1), m.reshape(-1, m.shape[2])


class InplaceNumberSlices(torch.nn.Module):
    """In-place arithmetic by a Python number, `relu_` and `logical_not_`
    on slices one shorter than the input: their metas test no size
    against 1 (`other` is not a tensor; `relu_` and `logical_not_` return
    `self`), where the functional operators would."""

    def forward(self, x):
        y = x.clone()
        y[1:].div_(3)
        y[:, 1:].mul_(2)
        y[1:].add_(1.5)
        y[:-1].sub_(2, alpha=3)
        y[:, :-1].true_divide_(4)
        y[1:].divide_(5)
        y[1:].relu_()
        y.transpose(0, 1)[:-1].logical_not_()
        return y


class LdexpSizeOneStride(torch.nn.Module):
    """`ldexp` of a tensor whose size-1 dim has a stride of its own:
    the decomposition's power is taken of a zero-dim tensor, which takes
    part in the layout inside the meta kernel (static sizes) and keeps
    that stride."""

    def forward(self, a, x):
        return torch.ldexp(a, x), torch.ldexp(x, a)


class NestedSliceIadd(torch.nn.Module):
    """`a[:, 1:, 1:] += b`: the Core ATen program's inner `slice_scatter`
    and its `copy` are cache hits of the trace's first run (offset 0), but
    the outer `slice_scatter` of that copy is not, as the copy stood at
    another offset in the first run: it keeps its input's offset."""

    def forward(self, x):
        a = x * 2
        a[:, 1:, 1:] += x[:, 1:, 1:]
        return a


class SettledUnbacked(torch.nn.Module):
    """A boolean index whose count a broadcast then settles (`u0 == 4`):
    tensors made after that have plain sizes in PyTorch (`maybe_as_int`),
    so the meta kernels, not the fast binary path, lay them out (the
    size-1 dims keep strides of their own)."""

    def __init__(self):
        super().__init__()
        self.register_buffer("p", torch.ones(4, 1, 1, 3) > 0)

    def forward(self, x):
        v = x[x.flatten(1).sum(-1) > 0]
        return torch.lgamma(torch.logaddexp(v, self.p).squeeze((0, -1)))


def settled_unbacked_input():
    """Five rows of which the last four sum above 0, laid out as a
    permuted `[3, 1, 1, 5]`."""
    base = torch.ones(3, 1, 1, 5)
    base[..., 0] = -1
    return base.permute(3, 2, 1, 0)


class SingletonCount(torch.nn.Module):
    """A count known to be exactly 1 (`nonzero` of one element, at most 1,
    then checked, at least 1) stays the symbol `u0` in later sizes: a
    size-like symbol is replaced only by a value of at least 2 (PyTorch's
    `_set_replacement` compares size-oblivious bounds)."""

    def forward(self, x, y):
        n = x.nonzero()
        k = n.shape[0]
        torch._check(k >= 1)
        return torch.zeros(k * 3, y.shape[1]), y[:, :k].sum(1), n.new_ones(k + 1, 2), n * 2


class AffineGridSteps(torch.nn.Module):
    """`affine_grid` over sizes computed from symbolic ones: its
    decomposition makes each spatial axis with `linspace`, whose `int
    steps` fixes every size above 1 at its hint."""

    def forward(self, x, theta, theta3, v):
        size = [x.shape[0], 3, x.shape[2] // 2, x.shape[3] - 3]
        volume = [v.shape[0], 1, v.shape[2] // 2, v.shape[3], v.shape[4]]
        return (
            F.affine_grid(theta, size, align_corners=False),
            F.affine_grid(theta3, volume, align_corners=True),
        )


class ReplacedCount(torch.nn.Module):
    """A count whose runtime asserts read `u0 >= 2` in the graph, which a
    later broadcast replaces by the batch (`Eq(s0 - u0, 0)`): PyTorch
    serialises the condition with that replacement applied."""

    def forward(self, x):
        v = torch.unique_consecutive(x.float() > 0, dim=0)
        return (v + x)[None, ..., None]


class HintOneMetadata(torch.nn.Module):
    """A batch of `s // 2`, 1 at the hints: export's metadata extraction
    of the slice tests it against 1 (`Eq(s//2, 1)`), so the references
    that broadcast it (`cumsum`'s `where`, `affine_grid`, bilinear
    `interpolate`) give a literal 1; a data-dependent length known to be
    at least 1 views without a guard on it."""

    def forward(self, x, y):
        b = x[: x.shape[0] // 2]
        v = y[:, y.movedim(1, 0).reshape(y.shape[1], -1).sum(1) > 0]
        torch._check(v.shape[1] >= 1)
        return (
            b.cumsum(1),
            F.affine_grid(torch.zeros(b.shape[0], 2, 3), list(b.shape), align_corners=False),
            F.interpolate(b, scale_factor=2.0, mode="bilinear"),
            v.view(-1),
            v.reshape(v.shape[0], -1),
        )


class TakeAlongStrided(torch.nn.Module):
    """`take_along_dim` of a step-sliced input: ATen's helper reads the
    input's sizes as integers (specialised), not its strides, whose symbol
    stays free."""

    def forward(self, x):
        return torch.take_along_dim(x, torch.argsort(x, 1), 1)


class FillSlice(torch.nn.Module):
    """`fill_` keeps `self`'s metadata (TensorIterator's nullary op):
    nothing is broadcast, so a derived size is not tested against 1. The
    input is laid out so that export's metadata extraction does not test
    it either."""

    def forward(self, x):
        v = x.clone()
        v[::2] = 1.0
        return v


class SymbolicStft(torch.nn.Module):
    """`stft` under the Python dispatcher is `torch._refs.stft`: frames
    unfolded on symbolic lengths, no size fixed at its hint (ATen's
    composite, outside export, fixes them)."""

    def forward(self, x, y, w):
        return (
            torch.stft(x, 8, hop_length=2, return_complex=True),
            torch.stft(y, 8, hop_length=3, win_length=5, window=w, center=False, return_complex=False),
        )


class FlatRolls(torch.nn.Module):
    """`roll` with no dims rolls the flattened input and views it back as
    its shape, so its strides are the view's products of sizes, never
    `Max(1, size)` (a diagonal's `Min` length kept as it is); with dims
    it is `index_select` along each, contiguous."""

    def forward(self, x, y):
        d = torch.diagonal(x, offset=-2, dim1=1, dim2=2)
        return (
            torch.roll(d, -3),
            torch.roll(d.unsqueeze(0), 2),
            torch.roll(y, 5),
            torch.roll(y.transpose(0, 2), 1),
            torch.roll(d, 1, 1),
            torch.roll(y, (1, -1), (0, 2)),
        )


class FloatAranges(torch.nn.Module):
    """`arange` with bounds that are symbolic floats (a size times or over
    a number, a size over a size) or a size with a float step, which
    `torch._refs.arange` gives `ceil((end - start) / step)` elements
    (`CeilToInt` of a quotient, a negative step's included), an `int64`
    result's too."""

    def forward(self, x):
        n = x.shape[0]
        down = torch.arange(n, 0, -0.7)
        return (
            torch.arange(0, n * 0.5, 0.5),
            torch.arange(0.0, n, 1.5),
            torch.arange(n / 2),
            torch.arange(0, n, n / 4),
            torch.split(down, 5)[-1] * 2,
            torch.arange(0.5, n * 1.5, 2.0, dtype=torch.int64),
            torch.arange(n * 2.5, -1, -1.25, dtype=torch.float64),
        )


class AugmentedBitwise(torch.nn.Module):
    """Python's augmented bitwise assignments, which the default IR keeps
    as `__iand__`, `__ior__`, `__ixor__`, `__ilshift__` and `__irshift__`
    on the tensor they write (a clone of a transposed input keeps its
    layout), by a tensor that broadcasts and by a number."""

    def forward(self, x, y, m):
        a = x.clone()
        a &= y
        a |= 6
        a ^= y
        a <<= 1
        a >>= y
        b = m.clone()
        b &= m.t().t()
        b |= True
        b ^= False
        return a, b


class SampledToOne(torch.nn.Module):
    """Upsamplings whose scaled dynamic dim has the hint 1 (`3 // 2`, `3 *
    0.6`): each decomposition's source indices (`arange(size)` times or
    plus a number, on the fast binary path) make that size the constant
    1, under a guard; every mode, given a scale or an output size."""

    def forward(self, a, b, c):
        out = []
        for mode in ("nearest", "linear", "nearest-exact"):
            out.append(F.interpolate(a, scale_factor=0.5, mode=mode))
        for mode in ("nearest", "bilinear", "bicubic", "nearest-exact"):
            out.append(F.interpolate(b, scale_factor=0.6, mode=mode))
        out.append(F.interpolate(b, scale_factor=0.5, mode="bilinear", align_corners=True))
        for mode in ("nearest", "trilinear"):
            out.append(F.interpolate(c, scale_factor=0.5, mode=mode))
        half = [b.shape[2] // 2, b.shape[3] // 2]
        out.append(torch.ops.aten.upsample_bilinear2d.default(b, half, False))
        out.append(torch.ops.aten.upsample_bicubic2d.default(b, half, True))
        out.append(torch.ops.aten.upsample_nearest2d.default(b, half))
        out.append(torch.ops.aten.upsample_linear1d.default(a, [a.shape[2] // 2], False))
        return out


class SymFloats(torch.nn.Module):
    """SymFloats and SymBools: sym_float, true division, pow, sqrt, item()
    of a float and of a bool tensor, used as Scalar and Tensor arguments."""

    def forward(self, x, t, b):
        n = x.size(0)
        f = torch.sym_float(n)
        r = n / 2
        p = f**2
        s = torch.sym_sqrt(n)
        v = t.item()
        flag = b.item()
        y = x * v + r + s
        z = x * (p / 3.0)
        torch._check(flag)
        return y, z, x * f, torch.full((2,), v)


class UnbackedViews(torch.nn.Module):
    """Views, reshapes, concatenation and splits of tensors whose sizes are
    data-dependent (`_view_unbacked_meta`, cat and split of unbacked
    sizes), indexing with nonzero's result, and single-argument where."""

    def forward(self, x, y):
        idx = torch.nonzero(x > 0)
        pairs = idx.t().contiguous().view(2, -1)
        both = torch.cat([idx, idx + 1], dim=0)
        rows = x[idx[:, 0]]
        (w,) = torch.where(y > 0)
        z = w.unsqueeze(1).expand(-1, 3).float()
        m = x[x > 0].view(1, -1)
        return both.sum(0), rows * 2.0, z + 1.0, m.t().contiguous(), pairs.float().mean(1)


class UnbackedAttention(torch.nn.Module):
    """Scaled-dot-product attention of operands narrowed to a
    data-dependent length in each dim in turn (batch, heads, sequence,
    head dim; and 3-D): ATen answers whether the query sequence or the
    value is empty without a data-dependent error (`guard_or_false`)."""

    def forward(self, x, n):
        k = n.item()
        torch._check(k >= 0)
        torch._check(k <= 5)
        outs = []
        for d in range(4):
            q = x.narrow(d, 0, k)
            outs.append(F.scaled_dot_product_attention(q, q, q))
        q = x[0].narrow(1, 0, k)
        outs.append(F.scaled_dot_product_attention(q, q, q))
        return tuple(outs)


class UnbackedQuotient(torch.nn.Module):
    """Sizes that divide by a data-dependent count bounded away from 0
    (as a detection head decodes `Min(150, u0)` proposals' boxes): the
    quotient's range comes from the ends' quotients, so slices starting
    inside it need no `Min`; by a count that may be 0, only its sign is
    known (`ValueRangeAnalysis.floordiv`)."""

    def forward(self, x, n):
        k = n.item()
        torch._check(k >= 2)
        m = torch.sym_min(36, k)
        q = 360 // m
        y = x[:q]
        z = x.new_zeros(q, 2)
        # A divisor that may be 0: the quotient is only known nonnegative.
        j = (n + 0).item()
        torch._check(j >= 0)
        m2 = torch.sym_min(36, j)
        torch._check(360 % m2 == 0)
        w = x.new_zeros(360).reshape(m2, -1)
        return y[1::4], y[3::4] + 1, z[2:], x[: 720 // (m + 1)], w[:, 0::4], w[:, 1:]


class SharedMask(torch.nn.Module):
    """One mask indexes several tensors, as a detector keeps the boxes and
    scores above a threshold: `meta_index_Tensor` counts a mask with
    `nonzero`, whose memo on the mask gives every indexing by it (and
    `nonzero`, `where`) the same unbacked count, until it is written."""

    def forward(self, scores, boxes, labels):
        keep = scores > 0.2
        s = scores[keep]
        b = boxes[keep]
        idx = keep.nonzero()
        w = torch.where(keep)[0]
        l8 = labels[keep.to(torch.int8)]
        other = boxes[:, 0] > 0
        o = scores[other]
        both = boxes.view(-1, 2, 2)[keep, 1]
        keep.logical_not_()
        after = scores[keep]
        return s, b * 2, idx, w, l8, o, both, after


class MaskedAssign(torch.nn.Module):
    """Boolean-mask assignment, index_put and masked_scatter-like updates."""

    def forward(self, x, y):
        x = x.clone()
        x[y > 0] = 1.0
        x[:, 0] = y
        idx = torch.nonzero(y > 0).squeeze(1)
        x.index_add_(0, idx, torch.ones(idx.size(0), x.size(1)))
        return x, x.masked_fill(x > 1.0, 0.0)


class SplitSizes(torch.nn.Module):
    """Sizes read from a tensor: split_with_sizes by tolist(), narrow and
    new_empty by item() values checked as sizes, topk by a data-dependent k."""

    def forward(self, x, sizes, k):
        a, b = sizes.tolist()
        torch._check_is_size(a)
        torch._check_is_size(b)
        torch._check(a + b == x.size(0))
        p, q = torch.split(x, [a, b])
        kk = k.item()
        torch._check_is_size(kk)
        torch._check(kk <= x.size(1))
        top = torch.topk(x, kk, dim=1).values
        return p * 2.0, q.sum(0), top, x.new_empty(a, 2).fill_(1.0)


class Autocast(torch.nn.Module):
    """torch.autocast regions (wrap_with_autocast): products in bfloat16,
    a loss, a pool and a product reduction in float32, a cat and a stack
    promoted, a region nested inside with autocast off, and ops without a
    policy run as given."""

    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(6, 4)

    def forward(self, x, w, t):
        y = x + 1
        with torch.autocast("cpu", dtype=torch.bfloat16):
            a = self.lin(y)
            b = torch.mm(a, w).relu()
            c = torch.cat([b, y[:, :3]], dim=1)
            loss = F.mse_loss(b.sum(1), t)
            with torch.autocast("cpu", enabled=False):
                d = torch.mm(y[:, :4], w.double().float())
            e = F.adaptive_avg_pool3d(c.view(1, 1, -1, 2, 3), 1)
            g = torch.prod(b, 1) + torch.stack([t, t.bfloat16()]).sum(0)
        with torch.autocast("cpu"):
            f = torch.bmm(x.unsqueeze(0), x.t().unsqueeze(0))
        return a.float() * 2, b, c, loss, d, e, f, g


class DerivedDims(torch.nn.Module):
    """Sizes given as derived Dims only: `x` is `[2*dx, 3]` and `z` is
    `[dx + 1, 3]`, so the symbol of `dx` appears only inside expressions
    whose hints are not its own."""

    def forward(self, x, z):
        half = x.view(2, -1, 3)[0]
        return half * z[1:], torch.cat([half, z]).sum(0), z[: half.size(0) - 1] + 1.0


class UniqueCounts(torch.nn.Module):
    """unique with inverse and counts, bincount-like scatter_add."""

    def forward(self, x):
        u, inv, counts = torch.unique(x, return_inverse=True, return_counts=True)
        return u.float() * 2.0, inv + 1, counts.sum()


class Cond(torch.nn.Module):
    """torch.cond on a size predicate: both branches propagated, outputs merged."""

    def forward(self, x, y):
        def true_fn(x, y):
            return (x + y).sin(), x.sum(0)

        def false_fn(x, y):
            return (x * y).cos(), y.mean(0)

        return torch.cond(x.shape[0] > 4, true_fn, false_fn, (x, y))


class CondOnData(torch.nn.Module):
    """torch.cond on a tensor predicate, branches of different sizes: the
    merged output's differing dim is a fresh unbacked size."""

    def forward(self, x):
        def true_fn(x):
            return x[:2].contiguous() * 2

        def false_fn(x):
            return x[:3].contiguous() + 1

        return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


class WhileLoop(torch.nn.Module):
    """torch while_loop: the body propagated once on the carried values."""

    def forward(self, x, n):
        def cond_fn(i, x):
            return i < n

        def body_fn(i, x):
            return i + 1, x * 2 + 1

        return torch._higher_order_ops.while_loop(cond_fn, body_fn, (torch.zeros((), dtype=torch.int64), x))


class MapBody(torch.nn.Module):
    """torch map: the body on the first slice, its outputs broadcast to the batch."""

    def forward(self, xs, y):
        def body(x, y):
            return (x + y).relu(), x.sum()

        return torch._higher_order_ops.map(body, xs, y)


class ScanBody(torch.nn.Module):
    """torch scan, reversed along dim 1: the combine function on the carries,
    the first slices and a parameter; its carries returned, its other
    outputs (one transposed) stacked along the scanned length."""

    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(3, 4))

    def forward(self, xs, h):
        from torch._higher_order_ops.scan import scan

        def combine(carry, x):
            c, n = carry
            c2 = torch.tanh(c + x @ self.w)
            return (c2, n + 1), ((c2 * 2).t(), x.sum(-1))

        init = (h, torch.zeros((), dtype=torch.int64))
        (c, n), (ys, s) = scan(combine, init, xs, dim=1, reverse=True)
        return c, n, ys, s


class GradRegion(torch.nn.Module):
    """A region that turns autograd on: wrap_with_set_grad_enabled's subgraph."""

    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 3)

    def forward(self, x):
        with torch.enable_grad():
            y = self.lin(x).tanh()
        return y * 2


class SymOps(torch.nn.Module):
    """SymInt and SymBool operators of exported graphs: shifts, unary plus,
    and/or of size conditions."""

    def forward(self, x, y):
        n, m = x.shape[0], y.shape[0]
        torch._check((n >= 2) & (m >= 2))
        torch._check((n > 3) | (m > 3))
        z = x.new_zeros(n << 1, +m)
        return z, y.new_ones(n >> 1)


class ConvBackends(torch.nn.Module):
    """Convolutions whose output layout depends on the backend ATen picks:
    torch.export traces with oneDNN and cuDNN disabled, so a channels-last
    5-D CPU convolution and every CUDA one come out contiguous, while a
    channels-last 4-D CPU one stays channels-last (the THNN kernels)."""

    def __init__(self, device="cpu"):
        super().__init__()
        kw = {"device": device}
        self.c3 = torch.nn.Conv3d(3, 4, 3, stride=2, **kw)
        self.c3_cl = torch.nn.Conv3d(3, 4, (1, 3, 3), **kw)
        w = self.c3_cl.weight.detach().to(memory_format=torch.channels_last_3d)
        self.c3_cl.weight = torch.nn.Parameter(w)
        self.c2 = torch.nn.Conv2d(3, 4, 3, padding=1, **kw)
        self.c2_dw = torch.nn.Conv2d(3, 3, 3, groups=3, **kw)
        self.t2 = torch.nn.ConvTranspose2d(3, 2, 3, stride=2, **kw)

    @staticmethod
    def cuda():
        m = ConvBackends("cuda")
        x = torch.empty(2, 3, 6, 8, 8, device="cuda").to(memory_format=torch.channels_last_3d)
        y = torch.empty(2, 3, 8, 8, device="cuda").to(memory_format=torch.channels_last)
        return m, (x, y)

    def forward(self, x, y):
        return self.c3(x), self.c3_cl(x.contiguous()), self.c2(y), self.c2_dw(y), self.t2(y)


class OnFakeDevice:
    """A program for a device this machine may lack (CUDA): `make()` builds
    its module and inputs inside the FakeTensorMode it is exported in."""

    def __init__(self, make):
        self.make = make
