"""Modules pinning behaviours that sweeps of small exploratory programs
found (each exported by `export_programs.py`): an operator's arguments
computed from sizes that stay symbolic, torchvision's detection
operators and torch's functional collectives (custom operators beside
aten's), what an asserted conjunction teaches, and the higher-order
operators a program's Python code or its custom operators bring
(`hints_wrapper`, `print`, `auto_functionalized_v2`), `torch.vmap`'s
pre-dispatch nodes, and integer inputs of dynamic value.
"""

import torch
import torch.nn.functional as F


class SameConvWeights(torch.nn.Module):
    """`padding="same"` convolutions of weights given as inputs, their
    kernel sizes symbolic: ATen's `_convolution_same` computes the padding
    from them (`dilation * (kernel - 1)`, split with the smaller half on
    the left), guards on whether it is symmetric, pads the input by the
    difference where it is not, and passes the symbolic padding on to
    `convolution`, whose checks and output lengths keep it symbolic."""

    def forward(self, x, w, v, z):
        return F.conv2d(x, w, padding="same"), F.conv1d(z, v, padding="same", dilation=2)


class TorchvisionOps(torch.nn.Module):
    """torchvision's detection operators on boxes of symbolic count, as
    detection heads call them: `roi_align`, `roi_pool` and their
    position-sensitive kin (boxes given a batch index first, a `cat`),
    `deform_conv2d`, `nms` (an unbacked count of at least 2, which indexes
    the boxes kept), and `roi_align` and `nms` under `torch.autocast`, whose
    torchvision kernels run them in float32 (`roi_align`'s result cast back
    to its input's dtype)."""

    def forward(self, x, boxes, scores, offset, weight):
        from torchvision import ops

        rois = [boxes]
        keep = ops.nms(boxes, scores, 0.5)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            low = x.bfloat16()
            cast = ops.roi_align(low, [boxes.bfloat16()], 2, 0.25, 2, True)
            kept = ops.nms(boxes.bfloat16(), scores.bfloat16(), 0.3)
        return (
            ops.roi_align(x, rois, (3, 4), spatial_scale=0.5, sampling_ratio=2, aligned=True),
            ops.roi_pool(x, rois, 2, 1.0),
            ops.ps_roi_align(x, rois, 2),
            ops.ps_roi_pool(x, rois, (2, 2)),
            ops.deform_conv2d(x, offset, weight, padding=1),
            keep,
            boxes[keep],
            cast,
            kept,
        )


def torchvision_ops_inputs():
    """The inputs of [`TorchvisionOps`]: an image batch, three boxes and
    their scores, offsets and a weight for a 3x3 deformable convolution."""
    boxes = torch.tensor([[0.0, 0.0, 5.0, 5.0], [1.0, 1.0, 8.0, 9.0], [2.0, 3.0, 10.0, 12.0]])
    return (torch.randn(1, 8, 16, 16), boxes, torch.rand(3), torch.randn(1, 18, 16, 16), torch.randn(4, 8, 3, 3))


class Collectives(torch.nn.Module):
    """A tensor-parallel step's functional collectives, each followed by
    its `wait_tensor`, on a fake process group of four ranks: an all-reduce,
    all-gathers along dims 0 and 1 (the latter a `chunk` and `cat` of the
    gathered rows), a reduce-scatter, an all-to-all whose output splits
    come from the input's dynamic size, a broadcast, and the autograd
    variants of the gather and the scatter."""

    def forward(self, x):
        import torch.distributed as dist
        import torch.distributed._functional_collectives as fc

        group = dist.group.WORLD
        n = x.shape[0]
        gathered = fc.all_gather_tensor(x, 0, group)
        return (
            fc.all_reduce(x, "sum", group) + 1,
            gathered * 2,
            fc.reduce_scatter_tensor(gathered, "sum", 0, group),
            fc.all_gather_tensor(x, 1, group),
            fc.all_to_all_single(x, [n - 2, 2, 0, 0], [1, 1, n - 3, 1], group),
            fc.broadcast(x.t(), 0, group),
            fc.all_gather_tensor_autograd(x, 0, group),
            fc.reduce_scatter_tensor_autograd(gathered, "sum", 0, group),
        )


def collectives_inputs():
    """The input of [`Collectives`], a fake process group of four ranks
    made first (the `fake` backend: no communication, none needed)."""
    import torch.distributed as dist
    from torch.testing._internal.distributed.fake_pg import FakeStore

    if not dist.is_initialized():
        dist.init_process_group("fake", store=FakeStore(), rank=0, world_size=4)
    return (torch.randn(8, 6),)


class AssertedConjunction(torch.nn.Module):
    """A count asserted within bounds by one conjunction
    (`torch._check((k >= 2) & (k <= n))`), then slicing from and up to it:
    the assert narrows the count's range to `[2, oo]`, but PyTorch's
    axioms hold the conjunction, not its parts, so each slice's bound test
    `k <= n` still falls back and the slices clamp (`Min(n, k)`)."""

    def forward(self, count, x):
        from torch.fx.experimental.symbolic_shapes import sym_and

        k = count.item()
        torch._check(sym_and(k >= 2, k <= x.shape[0]))
        return x[k:] * 2, x[:k].sum(0), torch.zeros(k, 3)


@torch.library.custom_op("findings::scale_", mutates_args=("x",))
def scale_(x: torch.Tensor, s: float) -> None:
    """Writes to its argument and returns nothing: no fake kernel needed."""
    x.mul_(s)


@torch.library.custom_op("findings::fill_each_", mutates_args=("xs",))
def fill_each_(xs: list[torch.Tensor], v: float) -> None:
    """Writes to each tensor of a list."""
    for x in xs:
        x.fill_(v)


class MutatingCustomOps(torch.nn.Module):
    """Custom operators that write to their arguments and return nothing,
    given a tensor (the base itself), a row slice, a column slice (a view
    `as_strided` makes again), an alias of a whole tensor, and a list:
    the default IR keeps the calls, the Core ATen IR makes each an
    `auto_functionalized_v2` whose results are copies of the bases
    (`clone_preserve_strides`, at the view's offset) and whose later uses
    read those copies, views made again from them."""

    def forward(self, x, y):
        a = x.clone()
        scale_(a, 2.0)
        b = x.clone()
        scale_(b[1:], 3.0)
        c = y.clone()
        scale_(c[:, 1:], 0.5)
        d = y.clone()
        scale_(d[:], 4.0)
        e, f = x.clone(), y.t().clone()
        fill_each_([e[2:], f], 1.0)
        g = x.clone()
        scale_(g.diagonal(), 5.0)
        return a + 1, b * 2, c.sum(0), d[:, :1], e.cumsum(0), f.t(), g.t()


@torch.library.custom_op("findings::first_row_then_scale_", mutates_args=("x",))
def first_row_then_scale_(x: torch.Tensor, s: float) -> torch.Tensor:
    """Writes to its argument and returns a copy of its first row."""
    row = x[0].clone()
    x.mul_(s)
    return row


@first_row_then_scale_.register_fake
def _(x, s):
    return x.new_empty(x.shape[1:])


class MutatingCustomOpResult(torch.nn.Module):
    """A custom operator that writes to a transposed view (made again with
    `as_strided` from its base's copy) and returns a tensor: its result
    needs the operator's kernel (`tests/custom_op.rs` registers one)."""

    def forward(self, x):
        h = x.clone()
        r = first_row_then_scale_(h.t(), 2.0)
        return r + 1, h


class HintsAndPrint(torch.nn.Module):
    """`hints_wrapper` around a block (its body inlined, its outputs the
    node's) and `print` of a size (nothing computed; in the Core ATen IR
    an effect threaded by a token, `with_effects`)."""

    def forward(self, x):
        from torch._higher_order_ops.hints_wrap import hints_wrapper

        def body(a, b):
            return (a.relu() + b, a.t() * 3)

        torch._higher_order_ops.print("rows: {}", x.shape[0])
        y, z = hints_wrapper(body, (x, x * 2), {}, hints={"inline": True})
        return y.sum(1), z


class Vmapped(torch.nn.Module):
    """`torch.vmap` as export's default IR keeps it: `_add_batch_dim` and
    `_remove_batch_dim` around the operators the function calls on
    logical tensors. Pointwise, reduction and softmax results; views and
    an operator on a view; an unbatched operand (`in_dims=None`); nested
    vmaps (a dot product per pair); a result made of no batched value (an
    expand); the four nested vmaps transformers expands an
    attention mask with; every other row of a tensor (batch dims with a
    gap); a linear layer, an index, `where` and `cat`; `view_as_complex`
    (batch strides counted in the complex elements)."""

    def forward(self, x, y, w, rows):
        vmap = torch.vmap
        b, h = torch.arange(x.shape[0]), torch.arange(2)
        q, kv = torch.arange(x.shape[1]), torch.arange(x.shape[1])
        mask = lambda bi, hi, qi, ki: ki <= qi  # noqa: E731
        for dims in [(None, None, None, 0), (None, None, 0, None), (None, 0, None, None), (0, None, None, None)]:
            mask = vmap(mask, in_dims=dims, out_dims=0)
        return (
            vmap(lambda a: (a.relu() * 2 + a.sum(0)).softmax(-1))(x),
            vmap(lambda a: (a.t(), a[1:], a.reshape(-1), a.unsqueeze(0).expand(2, -1, -1)))(x),
            vmap(lambda a: a.t().relu() + 1)(x),
            vmap(lambda a, c: a * c + c.mean(), in_dims=(0, None))(x, y),
            vmap(vmap(lambda a, c: torch.dot(a, c)), in_dims=(0, None))(x, y),
            vmap(lambda a: torch.ones(3))(x),
            vmap(lambda a: F.linear(a, w))(x),
            mask(b, h, q, kv),
            vmap(lambda a: torch.cat([torch.where(a > 0, a, 0.0), a.flip(0)]))(x[::2]),
            vmap(lambda a, j: F.gelu(a[j]).sum(0))(x, rows),
            vmap(torch.view_as_complex)(x[..., :2].contiguous()) * 2,
        )


class VmapInnerDim(torch.nn.Module):
    """`torch.vmap` over a dim inside others (`in_dims=1` of a contiguous
    tensor), and over the batch of a channels-last tensor (whose batched
    convolution keeps channels-last), where the batching rules lay
    results out otherwise than the operators on the logical tensors: the
    batch dim's node and every node of its region are unsupported, the
    rest runs. Then operators whose batching rules lay results out
    otherwise, with a batched weight (`linear`) or always (`fft_rfft`),
    and `cat` of empty batched tensors (which its rule skips): each and
    the rest of its region are unsupported."""

    def forward(self, x, y, w, ws):
        return (
            torch.vmap(lambda a: a.exp() + 1, in_dims=1)(x),
            x.sum(1),
            torch.vmap(lambda a: F.conv2d(a, w, padding=1).relu())(y),
            torch.vmap(F.linear)(x, ws),
            torch.vmap(torch.fft.rfft)(x),
            torch.vmap(lambda a, b: torch.cat([a, b]))(x[:, :0], x[:, :0]),
        )


class IntInputs(torch.nn.Module):
    """An integer input of dynamic value (a SymInt the program takes, not
    a size): a slice up to it, a size made from it; PyTorch's guards name
    it as `L['n']`."""

    def forward(self, x, n: int):
        return x[:n] * 2, torch.zeros(n * 2), x.new_ones(n, x.shape[1] + n)


class GuardedOneBroadcast(torch.nn.Module):
    """A dim whose size is an expression decided to be 1 only by a guard
    (`Min(s0, s1 - 1)` of a diagonal when the second dim is 2), broadcast
    against an unbacked size: the references' `broadcast_in_dim` gives it
    stride 0 (found by a random program's Core ATen form, where the vector
    norm over that dim becomes `abs`)."""

    def forward(self, x):
        d = x.diagonal(1)
        n = torch.linalg.vector_norm(d, 2, [1], keepdim=True)
        u = torch.unique(x.select(2, 0).round())
        return n + u, d.abs() + u
