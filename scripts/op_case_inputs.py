"""Inputs of operator cases: how `export_op_cases.py` and the case files
beside it (`op_cases_*.py`) describe the tensors, symbolic integers and
calls of a case. Nothing here runs PyTorch's operators; `T.make` makes a
tensor (fake inside a FakeTensorMode).
"""

import torch



class T:
    """An input tensor to make inside the fake mode.

    sizes: its sizes. strides/offset: an explicit layout (made with as_strided
    over a fresh storage large enough; an offset alone takes contiguous
    strides); strides may be a function of the sizes, which a symbolic
    case's samples at other sizes call again. fmt: a memory format for torch.empty.
    then: a function applied after making it (a transpose, a slice), whose
    result is the input.
    """

    def __init__(self, sizes, dtype=torch.float32, device="cpu", strides=None, offset=0,
                 fmt=None, then=None, source=None, dynamic=None):
        self.sizes = list(sizes)
        self.dtype = dtype
        self.device = device
        self.strides = strides
        self.offset = offset
        self.fmt = fmt
        self.then = then
        self.source = source
        self.dynamic = dynamic

    def make(self):
        """The tensor: fake inside a FakeTensorMode, real (for symbolic cases) outside."""
        kw = {"dtype": self.dtype, "device": self.device}
        strides = self.strides(self.sizes) if callable(self.strides) else self.strides
        if strides is None and self.offset and self.fmt is None:
            # An offset alone: contiguous strides at that offset.
            strides, acc = [], 1
            for s in reversed(self.sizes):
                strides.insert(0, acc)
                acc *= max(s, 1)
        if strides is not None:
            need = self.offset + 1 + sum((s - 1) * st for s, st in zip(self.sizes, strides))
            if any(s == 0 for s in self.sizes):
                need = self.offset
            base = torch.empty([need], **kw)
            t = base.as_strided(self.sizes, strides, self.offset)
        elif self.fmt is not None:
            t = torch.empty(self.sizes, memory_format=self.fmt, **kw)
        else:
            t = torch.empty(self.sizes, **kw)
        if self.then is not None:
            t = self.then(t)
        return t


def cl(*sizes, **kw):
    """A channels-last 4-d input."""
    return T(sizes, fmt=torch.channels_last, **kw)


def tr(*sizes, **kw):
    """An input of `sizes` whose last two dims are transposed (strides like [1, n])."""
    s = list(sizes)
    s[-1], s[-2] = s[-2], s[-1]
    return T(s, then=lambda t: t.transpose(-1, -2), **kw)


def off(*sizes, **kw):
    """A contiguous input starting at storage offset 3."""
    strides = []
    acc = 1
    for s in reversed(sizes):
        strides.insert(0, acc)
        acc *= max(s, 1)
    return T(sizes, strides=strides, offset=3, **kw)


class S:
    """A symbolic integer argument (symbolic cases only): a SymInt made from
    a plain-integer source named `source` (`n`), with the value `hint`.
    Outside a symbolic case (and in its samples) it is its value."""

    def __init__(self, hint, source):
        self.hint = hint
        self.source = source


class SizeOf:
    """An integer argument (symbolic cases only) that is the size of dim
    `dim` of the symbolic input tensor whose source is `source`, as a traced
    program passes `x.size(0)` on."""

    def __init__(self, source, dim):
        self.source = source
        self.dim = dim


class Case:
    """One call: positional and keyword arguments as the Python API takes them."""

    def __init__(self, name, *args, **kwargs):
        self.name = name
        self.args = args
        self.kwargs = kwargs


C = Case
f32, f64, f16, bf16 = torch.float32, torch.float64, torch.float16, torch.bfloat16
i32, i64, u8, b8, c64 = torch.int32, torch.int64, torch.uint8, torch.bool, torch.complex64
CL = torch.channels_last


def D(sizes, source, dynamic=None, **kw):
    """A tensor whose dims are dynamic (DimDynamic.DYNAMIC) unless said.
    Its layout is given by `strides=`: a symbolic case records the sizes
    given here, so a `then=` that changes them would be misdescribed."""
    if "then" in kw:
        raise ValueError(f"D({sizes}, {source!r}): give a symbolic input strides=, not then=")
    dynamic = dynamic or ["dynamic"] * len(sizes)
    return T(sizes, source=source, dynamic=dynamic, **kw)


def unary_cases():
    """Cases every elementwise unary operator gets: dtypes across the
    promotion categories, layouts TensorIterator treats differently, and
    empty and zero-dim tensors."""
    return [
        C("float32 matrix", T([2, 3])),
        C("int64 input", T([4], dtype=i64)),
        C("bool input", T([4], dtype=b8)),
        C("float16", T([2, 2], dtype=f16)),
        C("float64", T([3], dtype=f64)),
        C("transposed", tr(2, 3)),
        C("channels last", cl(1, 2, 3, 3)),
        C("storage offset", off(2, 3)),
        C("zero-dim", T([])),
        C("zero size", T([0, 3])),
        C("size-1 dims with strides of their own", T([5, 1, 1], strides=[1, 5, 1])),
        C("contiguous and channels last at once", T([2, 3, 1, 1], strides=[3, 1, 1, 1])),
        C("contiguous but for an inner size-1 dim's stride", T([3, 1, 2], strides=[2, 5, 1])),
        C("float16 expanded", T([2, 3], dtype=f16, strides=[0, 1])),
    ]


def binary_cases(scalar=False):
    """Cases every elementwise binary operator gets (`scalar`: the second
    operand is a Python number)."""
    if scalar:
        return [
            C("float tensor int number", T([2, 3]), 2),
            C("int tensor float number", T([2], dtype=i64), 2.5),
            C("int tensor int number", T([2], dtype=i32), 3),
            C("bool tensor bool number", T([2], dtype=b8), True),
            C("transposed", tr(2, 3), 1),
            C("zero-dim tensor", T([], dtype=i64), 1),
            C("size-1 dim of stride 1 and a number", T([1, 5], strides=[1, 1]), 2),
            C("an inner size-1 dim with a stride of its own and a number",
              T([3, 1, 2], strides=[2, 5, 1]), 2),
        ]
    return [
        C("same shape", T([2, 3]), T([2, 3])),
        C("broadcast", T([3, 1]), T([1, 4])),
        C("int and float", T([2], dtype=i64), T([2])),
        C("bool and int", T([2], dtype=b8), T([2], dtype=i32)),
        C("int32 and zero-dim int64", T([2], dtype=i32), T([], dtype=i64)),
        C("float16 and zero-dim float64", T([2], dtype=f16), T([], dtype=f64)),
        C("transposed and contiguous", tr(2, 3), T([2, 3])),
        C("channels last both", cl(1, 2, 3, 3), cl(1, 2, 3, 3)),
        C("size mismatch", T([2, 3]), T([2, 4])),
        C("cpu zero-dim joins cuda", T([]), T([2], device="cuda")),
        C("size-1 dims with strides of their own, broadcast",
          T([2, 1, 3], strides=[3, 1, 1]), T([3])),
        C("an added size-1 dim against a strided one",
          T([5, 1, 1], strides=[1, 5, 1]), T([5, 1, 5], strides=[5, 5, 1])),
        C("size-1 dim of stride 1 and a zero-dim tensor", T([1, 5], strides=[1, 1]), T([])),
        C("empty and broadcast", T([0, 1], strides=[1, 1]), T([1])),
        # The references convert an operand to the computation dtype first,
        # laying a non-dense one out afresh (float16 computes in float32).
        C("float16 expanded against float16 permuted",
          T([1, 2, 4], dtype=f16, strides=[4, 0, 1]), T([1, 2, 4], dtype=f16, strides=[1, 1, 2])),
        C("int32 expanded against int64 permuted",
          T([1, 2, 4], dtype=i32, strides=[4, 0, 1]), T([1, 2, 4], dtype=i64, strides=[1, 1, 2])),
        C("float32 expanded against float32 permuted",
          T([1, 2, 4], strides=[4, 0, 1]), T([1, 2, 4], strides=[1, 1, 2])),
        C("bool sliced against float16 transposed",
          T([3, 2, 4, 1], dtype=b8, strides=[16, 8, 1, 1]), T([3, 2, 4, 4], dtype=f16, strides=[1, 3, 6, 24])),
    ]


def out_cases(binary=False):
    """Cases of an `out=` overload: a resized empty out, a transposed one
    kept, and a result cast into an integral out (refused)."""
    ins = [T([2, 3]), T([2, 3])] if binary else [T([2, 3])]
    return [
        C("out of the same shape", *ins, out=T([2, 3])),
        C("empty out is resized", *ins, out=T([0])),
        C("transposed out keeps its strides", *ins, out=tr(2, 3)),
        C("int inputs into a float64 out", *[T([2, 3], dtype=i64) for _ in ins], out=T([2, 3], dtype=f64)),
        C("into an int64 out", *ins, out=T([2, 3], dtype=i64)),
    ]


def inplace_cases(binary=False):
    """Cases of an in-place overload: float self, an int self (the float
    result cannot be cast), a transposed self kept."""
    other = [T([3])] if binary else []
    return [
        C("float self", T([2, 3]), *other),
        C("transposed self", tr(2, 3), *other),
        C("int64 self", T([2, 3], dtype=i64), *other),
        C("float16 self", T([2, 3], dtype=f16), *other),
    ]
