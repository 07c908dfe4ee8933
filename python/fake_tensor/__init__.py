"""What PyTorch tensor operations produce -- sizes, strides, dtype, device,
aliasing -- without data, with symbolic sizes.

>>> import fake_tensor
>>> program = fake_tensor.load("examples/resnet18.json")
>>> result = program.propagate(hints={"s77": 16})
>>> result["values"][-1]["meta"]["sizes"]
['s77', 1000]

``load`` takes a path or bytes of a program saved by ``torch.export``;
``Program.propagate`` returns what ``fake prop --format json`` prints,
``Program.verify`` the counts of ``fake verify``, ``Program.mem`` what
``fake mem --format json`` prints (``Program.mem_text``: its lines); ``call`` runs one
operator; ``from_exported_program`` takes a ``torch.export.ExportedProgram``
(it needs torch). Every failure raises ``FakeTensorError`` with the
library's message.
"""

from __future__ import annotations

import io
from typing import Any, Optional, Sequence, Union

from ._native import FakeTensorError, Program, load
from ._native import call as _call

__all__ = [
    "FakeTensorError",
    "Program",
    "call",
    "from_exported_program",
    "load",
    "tensor",
]

Size = Union[int, str]


def tensor(
    dtype: str,
    sizes: Sequence[Size],
    strides: Optional[Sequence[Size]] = None,
    storage_offset: Size = 0,
    device: str = "cpu",
    requires_grad: bool = False,
) -> dict:
    """A tensor argument of ``call``: ``tensor("float32", [2, "s0"])``.

    Sizes, strides and the offset are ints or symbol names; strides are
    contiguous when not given.
    """
    t: dict[str, Any] = {
        "dtype": dtype,
        "sizes": list(sizes),
        "storage_offset": storage_offset,
        "device": device,
        "requires_grad": requires_grad,
    }
    if strides is not None:
        t["strides"] = list(strides)
    return {"tensor": t}


def _torch_name(value: Any) -> str:
    return str(value).removeprefix("torch.")


def _argument(value: Any) -> Any:
    """torch's dtypes, memory formats, layouts, devices and tensors (their
    metadata) in the call's JSON form; anything else unchanged."""
    torch = _torch()
    if torch is None:
        return value
    if isinstance(value, torch.Tensor):
        return tensor(
            _torch_name(value.dtype),
            [int(s) for s in value.shape],
            strides=[int(s) for s in value.stride()],
            storage_offset=int(value.storage_offset()),
            device=str(value.device),
            requires_grad=bool(value.requires_grad),
        )
    if isinstance(value, torch.dtype):
        return {"dtype": _torch_name(value)}
    if isinstance(value, torch.memory_format):
        return {"memory_format": _torch_name(value)}
    if isinstance(value, torch.layout):
        return {"layout": _torch_name(value)}
    if isinstance(value, torch.device):
        return {"device": str(value)}
    if isinstance(value, (list, tuple)):
        return [_argument(v) for v in value]
    return value


def _torch() -> Any:
    import sys

    # Only when the caller has imported torch: importing it here would
    # cost seconds for a call that cannot hold a torch object.
    return sys.modules.get("torch")


def call(op: str, *args: Any, hints: Optional[dict] = None, **kwargs: Any) -> dict:
    """Call one operator on fake tensors.

    ``call("aten::mm", tensor("float32", [2, 3]), tensor("float32", [3, 4]))``,
    or the text form of ``fake call``: ``call("aten::mm(f32[2,3], f32[3,4])")``.
    Symbols in sizes (``"s0"``) take their hint from ``hints`` (8 when not
    given). With torch imported, its dtypes, memory formats, layouts,
    devices and tensors (their metadata) may be passed as they are.

    Returns ``op`` (the overload called), ``outputs``, ``symbols``,
    ``guards`` and ``runtime_asserts``.
    """
    args = tuple(_argument(a) for a in args)
    kwargs = {k: _argument(v) for k, v in kwargs.items()}
    return _call(op, *args, hints=hints, **kwargs)


def from_exported_program(ep: Any) -> Program:
    """A ``torch.export.ExportedProgram`` as a ``Program``: saved with
    ``torch.export.save`` to memory and read back."""
    import torch

    buffer = io.BytesIO()
    torch.export.save(ep, buffer)
    return load(buffer.getvalue())
