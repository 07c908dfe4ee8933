"""Which operator a composite's call reaches autograd through: the `calls`
lines of `ops/catalog/autograd.txt` (`export_autograd.py` writes them).

A composite overload (CompositeImplicitAutograd: no autograd kernel of its
own) runs its C++ body above autograd, so each operator the body calls
meets its own autograd kernel. When the body is one call of another
overload with the composite's own tensors (`special_erf.out` calls
`erf.out(self, out=out)`, `__iand__.Tensor` calls `bitwise_and_.Tensor`,
`arctan_` calls `atan_`), the composite checks and records exactly what
that overload's kernel does: its steps, with the callee's argument names
replaced by the composite's, and its messages (which name the callee).

The body is read off PyTorch itself: every case of the composite in the
operator cases (`export_op_cases.CASES`) is run in a fake mode, plain and
under the Python dispatcher, under a dispatch mode that sees the calls
below the composite's body (a composite is expanded above the Python
key), each tensor argument named by the composite's argument it is. A
composite is written as calling its callee only when every case that
PyTorch accepts made that one call with the same arguments and returned
its results as they are; a body that branches (`diag.out` calls
`diag_embed.out` or `diagonal_copy.out` by rank) or makes several calls
is left a composite.
"""

import warnings

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch._dispatch.python import enable_python_dispatcher
from torch.fx.experimental.symbolic_shapes import ShapeEnv

import export_op_cases as E


class Calls(TorchDispatchMode):
    """Records each call below a composite's body: the overload, how its
    arguments are named (the composite's argument a tensor is, `?` for
    another tensor), and whether its results are the composite's."""

    def __init__(self, names):
        super().__init__()
        self.names = names
        self.calls = []

    def name_of(self, v):
        if isinstance(v, torch.Tensor):
            return next((k for k, t in self.names.items() if t is v), "?")
        if isinstance(v, (list, tuple)) and any(isinstance(x, torch.Tensor) for x in v):
            return [self.name_of(x) for x in v]
        return None

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        named = {}
        for a, v in zip(func._schema.arguments, args):
            named[a.name] = self.name_of(v)
        for k, v in kwargs.items():
            named[k] = self.name_of(v)
        self.calls.append((func, {k: v for k, v in named.items() if v is not None}, out))
        return out


def argument_names(bound):
    """The composite's tensors by argument name (`tensors[i]` for a list's
    elements)."""
    names = {}
    for (n, _, _, v, _) in bound:
        if isinstance(v, torch.Tensor):
            names[n] = v
        elif isinstance(v, (list, tuple)):
            for i, x in enumerate(v):
                if isinstance(x, torch.Tensor):
                    names[f"{n}[{i}]"] = x
    return names


def as_list(result):
    return list(result) if isinstance(result, (list, tuple)) else [result]


def same(a, b):
    """Whether two results are the same objects (lists element by element)."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(x is y for x, y in zip(a, b))
    return a is b


def trace(name, case, dispatcher):
    """The one call the composite `name`'s body made on `case`, as
    (callee, {callee argument: composite argument}), or "refused" when
    PyTorch refuses the case, or None when the body made no call or
    several, or returned something else than its callee's results."""
    op = E.aten_op(name)
    mode = E.fresh_mode(ShapeEnv())
    with mode:
        bound = [(n, d, kw, E.materialise(v, E.T.make), f) for (n, d, kw, v, f) in E.bind(op, case)]
    calls = Calls(argument_names(bound))
    context = enable_python_dispatcher() if dispatcher else warnings.catch_warnings()
    with mode, context, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with calls:
                result = E.run_raw(op, bound)
        except Exception:  # noqa: BLE001 - a refusal says nothing of the body
            return "refused"
    if len(calls.calls) != 1:
        return None
    func, named, out = calls.calls[0]
    returns = as_list(result) if len(op._schema.returns) > 1 else [result]
    theirs = as_list(out) if len(func._schema.returns) > 1 else [out]
    if len(returns) != len(theirs) or not all(same(a, b) for a, b in zip(returns, theirs)):
        return None
    mapping = {}
    for arg, given in named.items():
        if isinstance(given, list):
            bases = {g.partition("[")[0] for g in given}
            indices = [g.partition("[")[2].rstrip("]") for g in given]
            if len(bases) != 1 or "?" in bases or indices != [str(i) for i in range(len(given))]:
                return None
            given = bases.pop()
        if given != "?":
            mapping[arg] = given
    return func, mapping


def callee(name):
    """The overload composite `name` calls on every case PyTorch accepts,
    and its argument names, or None."""
    found = set()
    for case in E.CASES[name]:
        for dispatcher in (False, True):
            try:
                t = trace(name, case, dispatcher)
            except Exception:  # noqa: BLE001 - a case that cannot be made here
                return None
            if t == "refused":
                continue
            if t is None:
                return None
            func, mapping = t
            found.add((func.name(), tuple(sorted(mapping.items()))))
    if len(found) != 1:
        return None
    target, mapping = found.pop()
    return target, dict(mapping)


def renamed(step, mapping):
    """A callee's step with its argument names replaced by the composite's
    (`history`/`rebase`/`complex` name results, kept); None when the step
    tests an argument the composite does not give (no `calls` line then)."""
    word, _, rest = step.partition(" ")
    if word in ("history", "rebase", "complex"):
        return step
    named, sep, args = rest.rpartition(": ") if ": " in rest else ("", "", rest)
    if word == "inplace_each":
        if named not in mapping:
            return None
        named = mapping[named]
    # A tensor the body makes itself (a wrapped number) never requires grad.
    kept = [mapping[a] for a in args.split() if a in mapping]
    if word in ("inplace", "forbid", "differentiable_dtype") and len(kept) != len(args.split()):
        return None
    return f"{word} {named}{sep}{' '.join(kept)}".rstrip() if sep else f"{word} {' '.join(kept)}".rstrip()


def calls_lines(catalog, composites):
    """The `calls` lines of the composites among `composites` (overload
    names without `aten::`) whose body is one call of an overload with a
    derived or fallback kernel in `catalog` (its lines by overload)."""
    lines = []
    for name in composites:
        if name not in E.CASES:
            continue
        found = callee(name)
        if found is None:
            continue
        target, mapping = found
        line = catalog.get(target)
        if line is None:
            continue
        kind, _, steps = line.partition(" ")[2].partition("; ")
        if kind == "fallback" and not steps:
            if fallback_fits(name, target, mapping):
                lines.append(f"aten::{name} calls {target} fallback")
            continue
        if kind != "derived":
            continue
        new = [renamed(s, mapping) for s in steps.split("; ")] if steps else []
        if any(s is None for s in new):
            continue
        lines.append("; ".join([f"aten::{name} calls {target} derived"] + new))
    return lines


def fallback_fits(name, target, mapping):
    """Whether the arguments the fallback `target` writes are the ones the
    composite writes (its checks name the composite's written arguments)."""
    def written(schema):
        return {a.name for a in schema.arguments if a.alias_info is not None and a.alias_info.is_write}
    theirs = written(E.aten_op(target.removeprefix("aten::"))._schema)
    ours = written(E.aten_op(name)._schema)
    return {mapping.get(a) for a in theirs} == ours
