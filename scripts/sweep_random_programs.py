"""Export random chains of tensor operations with every dim `Dim.AUTO`: a
search for disagreements in how operations compose on symbolic sizes
(view geometry after views, guards of sizes made by earlier steps,
promotion across steps, data-dependent sizes used later).

Run by hand from the repository root with torch 2.15 installed:

    python scripts/sweep_random_programs.py DIR FIRST_SEED COUNT
    cargo run --release -- verify DIR/*.json

Program `r<seed>` is made from `random.Random(seed)` (its tensors' values
from `torch.manual_seed(seed)`): one or two inputs of rank 1-4, sizes
2-8, in a random dtype (float32 most often; float16, bfloat16, float64,
int64, int32, bool, uint8) and layout (contiguous,
transposed, channels-last, every other element of the last dim, dims
reversed); then 4-9 steps, each an operation of the menu below applied
to an earlier tensor (its fixed arguments drawn when the step is made),
or with probability 0.4 a binary operation of two earlier tensors. A
step is kept only when eager PyTorch accepts it on the sample inputs and
its result is a non-empty tensor of at most 100,000 elements, so every
program runs. The module returns its last three results.

Each program is exported with every dim of every input `Dim.AUTO` (export
decides which stay dynamic and records the guards), and written as
`r<seed>.json` (the default IR) and `r<seed>_core.json` (Core ATen IR,
`run_decompositions()`); what PyTorch cannot export is reported and
skipped. Nothing is committed: a disagreement found becomes a program of
`export_programs.py` or an operator case.
"""

import math
import pathlib
import random
import sys
import warnings

import torch
import torch.nn.functional as F
from torch.export import Dim

from export_common import write_program

warnings.filterwarnings("ignore")

MENU = {}


def op(f):
    """Register a menu entry: `f(t, r)` gives the step applied to a tensor
    like `t` (its arguments drawn from `r`), or None when it does not
    apply to `t`."""
    MENU[f.__name__] = f
    return f


def dim(t, r):
    return r.randrange(t.dim())


def floating(t):
    return t.is_floating_point()


# Views and reshapes.
@op
def permute(t, r):
    return t.dim() >= 2 and (lambda p: lambda x: x.permute(*p))(r.sample(range(t.dim()), t.dim()))


@op
def transpose(t, r):
    return t.dim() >= 2 and (lambda a, b: lambda x: x.transpose(a, b))(dim(t, r), dim(t, r))


@op
def merge(t, r):
    if t.dim() < 2:
        return None
    a = r.randrange(t.dim() - 1)
    return lambda x: x.reshape(*x.shape[:a], x.shape[a] * x.shape[a + 1], *x.shape[a + 2:])


@op
def view_merge(t, r):
    if t.dim() < 2:
        return None
    a = r.randrange(t.dim() - 1)
    return lambda x: x.view(*x.shape[:a], -1, *x.shape[a + 2:])


@op
def unflatten(t, r):
    return 1 <= t.dim() < 5 and (lambda a: lambda x: x.unflatten(a, (2, -1)))(dim(t, r))


@op
def flatten_all(t, r):
    return lambda x: x.reshape(-1)


@op
def unsqueeze(t, r):
    return t.dim() < 5 and (lambda a: lambda x: x.unsqueeze(a))(r.randrange(t.dim() + 1))


@op
def squeeze(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.squeeze(a))(dim(t, r))


@op
def expand(t, r):
    if t.dim() >= 5:
        return None
    a, k = r.randrange(t.dim() + 1), r.choice([1, 3])
    return lambda x: x.unsqueeze(a).expand(*x.shape[:a], k, *x.shape[a:])


@op
def narrow_middle(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.narrow(a, 1, x.shape[a] - 2))(dim(t, r))


@op
def narrow_half(t, r):
    if t.dim() < 1:
        return None
    a = dim(t, r)
    return lambda x: x.narrow(a, x.shape[a] // 2, x.shape[a] - x.shape[a] // 2)


@op
def slice_step(t, r):
    if t.dim() < 1:
        return None
    a, s = dim(t, r), r.choice([2, 3])
    return lambda x: x[(slice(None),) * a + (slice(None, None, s),)]


@op
def slice_tail(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x[(slice(None),) * a + (slice(-2, None),)])(dim(t, r))


@op
def select(t, r):
    return t.dim() >= 1 and (lambda a, i: lambda x: x.select(a, i))(dim(t, r), r.choice([0, -1]))


@op
def diagonal(t, r):
    if t.dim() < 2:
        return None
    a, b = r.sample(range(t.dim()), 2)
    return (lambda o: lambda x: x.diagonal(o, a, b))(r.choice([0, 1, -1]))


@op
def movedim(t, r):
    return t.dim() >= 1 and (lambda a, b: lambda x: x.movedim(a, b))(dim(t, r), dim(t, r))


@op
def unfold(t, r):
    return 1 <= t.dim() < 5 and (lambda a: lambda x: x.unfold(a, 2, 1))(dim(t, r))


@op
def none_index(t, r):
    return 1 <= t.dim() < 4 and (lambda x: x[:, None, ..., None])


@op
def as_strided(t, r):
    return t.dim() >= 1 and (lambda x: x.contiguous().as_strided((x.shape[0], 2), (1, 1)))


@op
def split(t, r):
    return t.dim() >= 1 and (lambda a, i: lambda x: x.split(2, a)[i])(dim(t, r), r.choice([0, -1]))


@op
def split_sizes(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.split([1, x.shape[a] - 1], a)[1])(dim(t, r))


@op
def tensor_split(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: torch.tensor_split(x, 3, a)[1])(dim(t, r))


@op
def chunk(t, r):
    return t.dim() >= 1 and (lambda a, n: lambda x: x.chunk(n, a)[-1])(dim(t, r), r.choice([2, 3]))


@op
def unbind(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.unbind(a)[0])(dim(t, r))


# Layouts and copies.
@op
def contiguous(t, r):
    return lambda x: x.contiguous()


@op
def clone_preserving(t, r):
    return lambda x: x.clone(memory_format=torch.preserve_format)


@op
def channels_last(t, r):
    return t.dim() == 4 and (lambda x: x.contiguous(memory_format=torch.channels_last))


@op
def empty_like_filled(t, r):
    return lambda x: torch.empty_like(x).fill_(1) + x


@op
def zeros_like_channels_last(t, r):
    return t.dim() == 4 and (lambda x: torch.zeros_like(x, memory_format=torch.channels_last) + x)


@op
def flip(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.flip(a))(dim(t, r))


@op
def roll(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.roll(1, a))(dim(t, r))


@op
def cat_self(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: torch.cat([x, x * 2], a))(dim(t, r))


@op
def stack_self(t, r):
    return t.dim() < 5 and (lambda a: lambda x: torch.stack([x, x], a))(r.randrange(t.dim() + 1))


@op
def repeat(t, r):
    return 1 <= t.dim() < 5 and (lambda x: x.repeat(2, *([1] * (x.dim() - 1))))


@op
def repeat_interleave(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.repeat_interleave(2, a))(dim(t, r))


@op
def pad(t, r):
    return t.dim() >= 1 and (lambda p: lambda x: F.pad(x, p))(r.choice([(1, 2), (-1, 1)]))


# Elementwise, with numbers and conversions.
@op
def add_number(t, r):
    return (lambda v: lambda x: x + v)(r.choice([1, 2.5]))


@op
def mul_number(t, r):
    return (lambda v: lambda x: x * v)(r.choice([3, 1.5]))


@op
def true_divide(t, r):
    return lambda x: x / 2


@op
def floor_divide(t, r):
    return t.dtype != torch.bool and (lambda x: x // 2)


@op
def negate(t, r):
    return t.dtype != torch.bool and (lambda x: -x)


@op
def bitwise_not(t, r):
    return not floating(t) and (lambda x: ~x)


@op
def unary(t, r):
    return (lambda f: lambda x: f(x))(r.choice([
        torch.relu, torch.sigmoid, torch.exp, torch.abs, lambda x: x.abs().sqrt(), lambda x: x.pow(2),
        lambda x: (x > 0).to(x.dtype), lambda x: torch.where(x > 0, x, 0.0),
        lambda x: x.masked_fill(x < 0, 0.5)]))


@op
def to_dtype(t, r):
    return (lambda d: lambda x: x.to(d))(r.choice([torch.float32, torch.float16, torch.int64, torch.bool]))


@op
def round_trip_half(t, r):
    return lambda x: x.half().float() + x


@op
def clamp(t, r):
    return t.dtype != torch.bool and (lambda x: x.clamp(0, 3))


@op
def clamp_by_tensors(t, r):
    return t.dim() >= 1 and floating(t) and (lambda x: x.clamp(min=x.mean(), max=x.amax(-1, keepdim=True)))


@op
def lerp(t, r):
    return t.dim() >= 1 and floating(t) and (lambda x: torch.lerp(x, x.flip(-1), 0.3))


@op
def addcmul(t, r):
    return t.dim() >= 1 and floating(t) and (lambda x: torch.addcmul(x, x, x.mean(0, keepdim=True), value=0.5))


# Reductions and scans.
@op
def reduce_dim(t, r):
    if t.dim() < 1:
        return None
    a, keep = dim(t, r), r.random() < 0.5
    f = r.choice([torch.sum, torch.mean, torch.amax, torch.prod, torch.any, torch.var])
    return lambda x: f(x, a, keepdim=keep)


@op
def reduce_all(t, r):
    return lambda x: x.sum()


@op
def max_dim(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.max(a).values + x.max(a).indices)(dim(t, r))


@op
def argmax(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.argmax(a).float())(dim(t, r))


@op
def softmax(t, r):
    return t.dim() >= 1 and (lambda a, f: lambda x: f(x, a))(dim(t, r), r.choice([torch.softmax, torch.log_softmax]))


@op
def scan(t, r):
    if t.dim() < 1:
        return None
    a = dim(t, r)
    return r.choice([lambda x: x.cumsum(a), lambda x: x.cumprod(a), lambda x: x.cummax(a).values,
                     lambda x: x.logcumsumexp(a)])


@op
def sort(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.sort(a).values)(dim(t, r))


@op
def topk(t, r):
    return t.dim() >= 1 and (lambda x: x.topk(1, -1).values)


@op
def kthvalue(t, r):
    return t.dim() >= 1 and (lambda x: x.kthvalue(1, -1, keepdim=True).values)


@op
def median(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.median(a).values)(dim(t, r))


@op
def norm(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.norm(dim=a, keepdim=True))(dim(t, r))


@op
def std_mean(t, r):
    return t.dim() >= 1 and (lambda x: torch.std_mean(x, -1)[0])


# Indexing, data-dependent sizes and writes.
@op
def index_select(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.index_select(a, torch.arange(0, x.shape[a], 2)))(dim(t, r))


@op
def gather(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: x.gather(a, torch.zeros_like(x, dtype=torch.long)))(dim(t, r))


@op
def advanced_index(t, r):
    return t.dim() >= 1 and (lambda x: x[torch.tensor([0, 1, 0])])


@op
def advanced_index_broadcast(t, r):
    return t.dim() >= 3 and (lambda x: x[:, torch.tensor([[0], [1]]), torch.tensor([0, 1])])


@op
def boolean_mask(t, r):
    return lambda x: x[x > 0]


@op
def nonzero(t, r):
    return lambda x: x.nonzero().float()


@op
def masked_select(t, r):
    return lambda x: x.masked_select(x > 0.5) * 2


@op
def unique(t, r):
    return lambda x: torch.unique(x.round()).float()


@op
def item_narrow(t, r):
    def step(x):
        n = (x.abs().sum() > 0).long().item()
        torch._check(n >= 0)
        torch._check(n <= x.shape[0])
        return x.narrow(0, 0, n)
    return t.dim() >= 1 and step


@op
def set_masked(t, r):
    def step(x):
        y = x.clone()
        y[y > 0] = 0
        return y
    return step


@op
def set_slice(t, r):
    def step(x):
        y = x.clone()
        y[..., 1:] = 1
        return y
    return t.dim() >= 1 and step


@op
def write_through_view(t, r):
    write = r.choice([lambda x, y: y.select(0, 0).mul_(2), lambda x, y: y.mT.add_(1),
                      lambda x, y: y[..., :1].copy_(x[..., -1:])])

    def step(x):
        y = x.clone()
        write(x, y)
        return y
    return t.dim() >= 1 and t.dtype != torch.bool and step


@op
def scatter_add(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: torch.zeros_like(x).scatter_add(
        a, torch.zeros_like(x, dtype=torch.long), x))(dim(t, r))


@op
def index_put_accumulate(t, r):
    return t.dim() >= 1 and (lambda x: x.index_put(
        (torch.tensor([0, 0]),), x[:1].expand(2, *x.shape[1:]), accumulate=True))


@op
def searchsorted(t, r):
    return t.dim() >= 1 and (lambda x: torch.searchsorted(x.sort(-1).values, x).float())


@op
def bucketize(t, r):
    return lambda x: torch.bucketize(x, torch.tensor([-1.0, 0.0, 1.0])).float()


# Sizes as values.
@op
def full_of_shape(t, r):
    return lambda x: torch.full(x.shape, 2.0) * x


@op
def new_ones_last(t, r):
    return t.dim() >= 1 and (lambda x: x.new_ones(x.shape[-1]) + x)


@op
def arange_last(t, r):
    return t.dim() >= 1 and (lambda x: x + torch.arange(x.shape[-1], dtype=x.dtype))


@op
def scale_by_size(t, r):
    return t.dim() >= 1 and floating(t) and (lambda x: x / math.sqrt(x.shape[-1]) * (x.shape[0] / 2))


# Layers.
@op
def matmul_self(t, r):
    return t.dim() >= 2 and (lambda x: x @ x.mT)


@op
def matmul_vector(t, r):
    return t.dim() >= 2 and (lambda x: x @ x.select(-2, 0))


@op
def einsum(t, r):
    return t.dim() >= 2 and (lambda x: torch.einsum("...ij,...kj->...ik", x, x))


@op
def layer_norm(t, r):
    return t.dim() >= 1 and (lambda x: F.layer_norm(x, x.shape[-1:]))


@op
def group_norm(t, r):
    return t.dim() >= 3 and (lambda x: F.group_norm(x, 1))


@op
def batch_norm(t, r):
    return t.dim() >= 2 and (lambda c: lambda x: F.batch_norm(x, torch.zeros(c), torch.ones(c)))(t.shape[1])


@op
def linear(t, r):
    return t.dim() >= 1 and (lambda n: lambda x: F.linear(x, torch.ones(3, n)))(t.shape[-1])


@op
def embedding(t, r):
    return lambda x: F.embedding((x.abs() * 3).long().clamp(max=4), torch.randn(5, 3))


@op
def conv2d(t, r):
    return t.dim() == 4 and (lambda c: lambda x: F.conv2d(x, torch.ones(2, c, 2, 2), padding=1, stride=2))(t.shape[1])


@op
def conv1d_same(t, r):
    return t.dim() == 3 and (lambda c: lambda x: F.conv1d(x, torch.ones(2, c, 3), padding="same"))(t.shape[1])


@op
def pool(t, r):
    return t.dim() == 4 and r.choice([lambda x: F.avg_pool2d(x, 2, ceil_mode=True), lambda x: F.max_pool2d(x, 2),
                                      lambda x: F.adaptive_avg_pool2d(x, 3)])


@op
def interpolate(t, r):
    return t.dim() == 4 and r.choice([lambda x: F.interpolate(x, scale_factor=2),
                                      lambda x: F.interpolate(x, scale_factor=1.5, mode="bilinear")])


@op
def pixel_shuffle(t, r):
    return t.dim() == 4 and (lambda x: F.pixel_shuffle(x, 2))


@op
def im2col(t, r):
    return t.dim() == 4 and (lambda x: F.unfold(x, 2))


@op
def attention(t, r):
    return t.dim() >= 3 and (lambda causal: lambda x: F.scaled_dot_product_attention(
        x, x, x, is_causal=causal))(t.dim() == 4 and r.random() < 0.5)


@op
def cdist(t, r):
    return 2 <= t.dim() <= 3 and (lambda x: torch.cdist(x, x))


@op
def tril(t, r):
    return t.dim() >= 2 and (lambda x: x.tril(1))


@op
def fft(t, r):
    return t.dim() >= 1 and r.choice([lambda x: torch.fft.rfft(x).abs(), lambda x: torch.fft.fft(x).real])


@op
def complex_views(t, r):
    return r.choice([lambda x: torch.view_as_real(torch.polar(x.abs(), x)).sum(-1),
                     lambda x: torch.view_as_complex(x.unsqueeze(-1).expand(*x.shape, 2).contiguous()).abs()])



# Reductions, scans and statistics of other forms.
@op
def reduce_dims(t, r):
    if t.dim() < 2:
        return None
    dims, keep = sorted(r.sample(range(t.dim()), 2)), r.random() < 0.5
    f = r.choice([torch.mean, torch.amax, torch.sum, torch.logsumexp, torch.nansum,
                  lambda x, d, keepdim: torch.std(x, d, keepdim=keepdim, correction=0)])
    return lambda x: f(x, dims, keepdim=keep)


@op
def statistics(t, r):
    if t.dim() < 1:
        return None
    a = dim(t, r)
    return r.choice([lambda x: torch.var_mean(x, a)[0], lambda x: torch.aminmax(x, dim=a).max,
                     lambda x: x.mode(a).values, lambda x: x.nanmedian(a).values,
                     lambda x: torch.quantile(x.float(), 0.25, dim=a), lambda x: x.count_nonzero(a),
                     lambda x: x.argsort(a, descending=True), lambda x: x.msort()])


@op
def difference(t, r):
    return t.dim() >= 1 and (lambda a: lambda x: torch.diff(x, dim=a))(dim(t, r))


@op
def histogram_counts(t, r):
    return lambda x: torch.histc(x.float(), bins=r.choice([4, 7]))


# Matrix products of other forms.
@op
def batched_products(t, r):
    if t.dim() != 3:
        return None
    return r.choice([lambda x: torch.bmm(x, x.transpose(1, 2)),
                     lambda x: torch.baddbmm(x[:, :, :1], x, x.transpose(1, 2)[:, :, :1]),
                     lambda x: torch.einsum("bij,bkj->bik", x, x)])


@op
def matrix_products(t, r):
    if t.dim() != 2:
        return None
    return r.choice([lambda x: torch.addmm(x[:1], x, x.t()[:, :1].expand(-1, x.shape[0])),
                     lambda x: torch.kron(x, x[:2, :2]), lambda x: torch.tensordot(x, x, dims=([1], [1])),
                     lambda x: torch.outer(x[0], x[:, 0]), lambda x: torch.chain_matmul(x, x.t(), x)])


@op
def vector_products(t, r):
    if t.dim() != 1:
        return None
    return r.choice([lambda x: torch.cartesian_prod(x, x[:2]), lambda x: torch.stack(torch.meshgrid(x, x[:3],
                                                                                                   indexing="ij")),
                     lambda x: torch.diag_embed(x), lambda x: torch.block_diag(x.unsqueeze(0), x[:2].unsqueeze(1))])


# Writes and selections by index.
@op
def index_writes(t, r):
    if t.dim() < 1:
        return None
    a = dim(t, r)
    write = r.choice([lambda x, i, src: x.index_add(a, i, src), lambda x, i, src: x.index_copy(a, i, src),
                      lambda x, i, src: x.index_fill(a, i, 1), lambda x, i, src: x.index_reduce(a, i, src, "amax")])
    return lambda x: write(x, torch.tensor([0, 1]), x.narrow(a, 0, 2))


@op
def scatter_writes(t, r):
    if t.dim() < 1:
        return None
    a = dim(t, r)
    return r.choice([
        lambda x: torch.zeros_like(x).scatter_reduce(a, torch.zeros_like(x, dtype=torch.long), x, "amax"),
        lambda x: x.scatter(a, torch.zeros_like(x, dtype=torch.long).narrow(a, 0, 1), 2.0),
        lambda x: x.select_scatter(x.select(a, 0), a, 1),
        lambda x: x.slice_scatter(x.narrow(a, 0, 1), a, 1, 2),
        lambda x: x.take_along_dim(x.argsort(a), a),
        lambda x: x.take(torch.tensor([0, 2, 1])),
    ])


@op
def diagonal_writes(t, r):
    if t.dim() < 2:
        return None
    return r.choice([lambda x: x.diagonal_scatter(x.diagonal()), lambda x: x.triu(1), lambda x: x.tril(-1),
                     lambda x: torch.rot90(x, 1, (0, 1)), lambda x: x.fill_diagonal_(0) if x.dim() == 2 else x + 0])


@op
def data_dependent(t, r):
    return r.choice([
        lambda x: torch.repeat_interleave(x.flatten()[:3], torch.tensor([1, 0, 2])),
        lambda x: torch.unique_consecutive(x.flatten().round()).float(),
        lambda x: torch.stack(torch.where(x.flatten() > 0)).float(),
        lambda x: torch.bincount(x.flatten().abs().long() % 5).float(),
        lambda x: F.one_hot(x.flatten().abs().long() % 4, 4).float(),
        lambda x: x.flatten()[x.flatten().argmax()].expand(3),
    ])


# Layers of other forms.
@op
def pooling(t, r):
    if t.dim() < 3:
        return None
    return r.choice([lambda x: F.adaptive_avg_pool2d(x, (2, 3)), lambda x: F.adaptive_max_pool2d(x, 2),
                     lambda x: F.max_pool2d(x, 2, return_indices=True)[1].float(),
                     lambda x: F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False),
                     lambda x: F.lp_pool2d(x, 2, 2), lambda x: F.max_pool1d(x.flatten(0, -3), 2)])


@op
def normalizations(t, r):
    if t.dim() < 2:
        return None
    return r.choice([lambda x: F.normalize(x, dim=1), lambda x: F.instance_norm(x) if x.dim() >= 3 else x * 1,
                     lambda x: F.local_response_norm(x, 2), lambda x: F.rms_norm(x, x.shape[-1:]),
                     lambda x: F.cosine_similarity(x, x.flip(0), dim=-1),
                     lambda x: F.pairwise_distance(x, x.flip(0))])


@op
def activations(t, r):
    return r.choice([lambda x: F.glu(x, -1), F.softplus, F.hardtanh, F.silu, F.mish, F.elu, F.selu, F.gelu,
                     lambda x: F.log_softmax(x, -1), lambda x: F.softmin(x, 0), F.hardswish,
                     lambda x: F.leaky_relu(x, 0.2), lambda x: torch.nan_to_num(x, 0.0), F.logsigmoid])


@op
def spatial(t, r):
    if t.dim() != 4:
        return None
    return r.choice([
        lambda x: F.grid_sample(x, torch.zeros(x.shape[0], 3, 2, 2), align_corners=False),
        lambda x: F.affine_grid(torch.zeros(x.shape[0], 2, 3), list(x.shape), align_corners=False),
        lambda x: F.fold(F.unfold(x, 2), x.shape[-2:], 2),
        lambda x: F.pixel_unshuffle(x[..., :2 * (x.shape[-2] // 2), :2 * (x.shape[-1] // 2)], 2),
        lambda x: F.interpolate(x, scale_factor=1.5, mode="bicubic"),
        lambda x: F.pad(x, (1, 2, 0, 1), mode="reflect"),
        lambda x: F.pad(x, (1, 1, 1, 1), mode="replicate"),
    ])


@op
def embeddings(t, r):
    return lambda x: F.embedding_bag(x.flatten().abs().long() % 5, torch.ones(5, 3),
                                     torch.tensor([0, 1]), mode=r.choice(["sum", "mean", "max"]))

BINARY = [
    torch.add, torch.mul, torch.sub, torch.maximum, torch.eq, torch.lt, torch.atan2, torch.remainder,
    torch.fmod, lambda a, b: a / (b.float().abs() + 1), lambda a, b: a & b, lambda a, b: a | b,
    lambda a, b: torch.where(a > 0, a, b), lambda a, b: a ** 2 + b, lambda a, b: torch.add(a, b, alpha=2),
    lambda a, b: a.type_as(b) + b, lambda a, b: torch.cat([a, b.to(a.dtype)], 0),
    lambda a, b: torch.stack([a, b], 0), lambda a, b: a.expand_as(b) * 1, lambda a, b: a.reshape(b.shape) + 0,
    lambda a, b: torch.matmul(a.float(), b.float()), lambda a, b: a.masked_fill(b > 0, 1),
]

DTYPES = [torch.float32] * 3 + [torch.float16, torch.bfloat16, torch.float64, torch.int64, torch.int32,
                                torch.bool, torch.uint8]


def make_input(r):
    rank = r.choice([1, 2, 3, 3, 4, 4])
    sizes = [r.choice(range(2, 9)) for _ in range(rank)]
    dtype = r.choice(DTYPES)

    def sample(*s):
        return (torch.randn(*s) * 4).to(dtype)

    k = r.random()
    if rank >= 2 and k < 0.2:
        return sample(*sizes).mT
    if rank == 4 and k < 0.45:
        return sample(*sizes).contiguous(memory_format=torch.channels_last)
    if k < 0.55:
        return sample(*sizes[:-1], sizes[-1] * 2)[..., ::2]
    if rank >= 2 and k < 0.62:
        return sample(*sizes).permute(*reversed(range(rank)))
    return sample(*sizes)


class Program(torch.nn.Module):
    def __init__(self, steps):
        super().__init__()
        self.steps = steps

    def forward(self, *xs):
        pool = list(xs)
        for f, operands in self.steps:
            pool.append(f(*(pool[i] for i in operands)))
        return tuple(pool[len(xs):][-3:])


def usable(out):
    return isinstance(out, torch.Tensor) and 0 < out.numel() <= 100_000


def make(seed):
    r = random.Random(seed)
    torch.manual_seed(seed)
    inputs = [make_input(r) for _ in range(r.choice([1, 1, 2]))]
    pool, steps, names = list(inputs), [], sorted(MENU)
    for _ in range(r.randrange(4, 10)):
        for _attempt in range(20):
            if r.random() < 0.4 and len(pool) > 1:
                operands = (r.randrange(len(pool)), r.randrange(len(pool)))
                f = r.choice(BINARY)
            else:
                operands = (r.randrange(len(pool)),)
                try:
                    f = MENU[r.choice(names)](pool[operands[0]], r)
                except Exception:  # noqa: BLE001 - a step that does not apply
                    continue
                if not f:
                    continue
            try:
                out = f(*(pool[i] for i in operands))
            except Exception:  # noqa: BLE001 - eager PyTorch refuses the step
                continue
            if usable(out):
                steps.append((f, operands))
                pool.append(out)
                break
    return Program(steps), tuple(inputs)


def main(out, first, count):
    out.mkdir(parents=True, exist_ok=True)
    written = failed = 0
    for seed in range(first, first + count):
        module, args = make(seed)
        dynamic = (tuple({d: Dim.AUTO for d in range(a.dim())} for a in args),)
        try:
            ep = torch.export.export(module, args, dynamic_shapes=dynamic)
            write_program(ep, out / f"r{seed}.json")
            write_program(ep.run_decompositions(), out / f"r{seed}_core.json")
            written += 1
        except Exception as e:  # noqa: BLE001 - report what PyTorch cannot export
            failed += 1
            print(f"r{seed}: not exported: {type(e).__name__}: {str(e).splitlines()[0][:200]}", flush=True)
    print(f"{written} programs written, {failed} not exported")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(pathlib.Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
