"""Export PyTorch's answers for operator cases as conformance fixtures.

Run by hand from the repository root with torch 2.15 installed (nothing else
is needed):

    python scripts/export_op_cases.py
    python scripts/export_op_cases.py --only pow masked_scatter

with PyTorch's default intra-op thread count (not `OMP_NUM_THREADS=1`):
the convolutions' oneDNN heuristic asks for several threads before it
asks the input's size, so the guards it records depend on it.

Writes one file per operator, ops/tests/fixtures/ops/<name>.json (and
removes the files of operators that no longer have cases; with `--only FAMILY [FAMILY...]`,
only the files of those operator families are written, and nothing is
removed), which
ops/tests/conformance/ replays through fake-tensor's own FakeTensorMode, one
test per file. Expected results are PyTorch's answers, never typed by hand:
every case (in the `op_cases_<family>.py` files) only says which inputs to make and which operator to call.
Aliases' and in-place forms' cases are their functional overloads'
(`op_cases_derived.py`); those of the `out=` forms derived from functional
overloads are made from the functional cases, their out tensors from what
PyTorch's functional call returns (`op_cases_outs.py`).

Every case runs under `torch._subclasses.fake_tensor.FakeTensorMode` (backed
by a fresh `ShapeEnv`, so data-dependent operators such as `nonzero` give
unbacked sizes instead of refusing) with the operator called as
`torch.ops.aten.<name>.<overload>` (another of torch's own namespaces by
a prefix: `torch_nn::<name>` is `torch.ops.torch_nn.<name>`).

Files
-----

A CASES key (`add.Tensor`, `add_.Tensor`, `add.out`) goes to the file of its
operator family (`family`): the name without its overload, an in-place
`foo_` as `foo` (torchgen's `BaseOperatorName`: a trailing underscore marks
the in-place variant, except in a dunder name such as `__and__`). So
`add.json` holds `aten::add.Tensor`, `aten::add.Scalar`, `aten::add_.Tensor`
and `aten::add.out`, with the symbolic cases of those overloads.

The fixtures' format (version 2: static cases with their inputs, outputs
or PyTorch's refusal, and symbolic cases with their symbols, guards and
samples near the hints) is described in `docs/op-case-fixtures.md`.

Every overload of CASES without a written symbolic case (SYMBOLIC) gets one
derived from its first static case that PyTorch accepts whose tensors are
all contiguous, on the CPU and have a dim of size 2 or more: the same call
with those dims dynamic, each tensor sourced by its schema argument's name
(`self`, `tensors1`), named "<case name>, dynamic sizes"
(`derived_symbolic`).
"""

import argparse
import contextlib
import json
import logging
import math
import pathlib
import re
import warnings

import sympy
import torch
import torch.nn.modules.linear_cross_entropy  # noqa: F401  (registers the torch_nn:: operators)
from torch._dispatch.python import enable_python_dispatcher
from torch._dynamo.source import LocalSource
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.symbolic_shapes import DimDynamic, ShapeEnv, StatelessSymbolicContext

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "ops" / "tests" / "fixtures" / "ops"
SCRIPT = "scripts/export_op_cases.py"
FORMAT_VERSION = 2

# ---- describing inputs -------------------------------------------------------

from op_case_inputs import Case, S, SizeOf, T  # noqa: E402  (the helpers every case file shares)

# ---- the cases, one file per family --------------------------------------------------
# Each `op_cases_<family>.py` defines CASES and SYMBOLIC as described above,
# for one family of operators (an overload has its cases in one place
# only), and may name operators to record under the Python dispatcher
# (PYTHON_DISPATCHER, below). They are merged in the order listed, which is
# the order of the symbolic cases in the fixtures.

import op_cases_core_basics  # noqa: E402
import op_cases_core_common  # noqa: E402
import op_cases_core_pointwise  # noqa: E402
import op_cases_core_layers  # noqa: E402
import op_cases_core_backward  # noqa: E402
import op_cases_attention  # noqa: E402
import op_cases_linalg  # noqa: E402
import op_cases_collectives  # noqa: E402
import op_cases_complex  # noqa: E402
import op_cases_composites  # noqa: E402
import op_cases_conv_backends  # noqa: E402
import op_cases_copies  # noqa: E402
import op_cases_elementwise  # noqa: E402
import op_cases_fft  # noqa: E402
import op_cases_foreach  # noqa: E402
import op_cases_gradients  # noqa: E402
import op_cases_indexing  # noqa: E402
import op_cases_inplace  # noqa: E402
import op_cases_losses  # noqa: E402
import op_cases_misc  # noqa: E402
import op_cases_optimizers  # noqa: E402
import op_cases_plain_mode  # noqa: E402
import op_cases_quantized  # noqa: E402
import op_cases_queries  # noqa: E402
import op_cases_recurrent  # noqa: E402
import op_cases_search  # noqa: E402
import op_cases_shapes  # noqa: E402
import op_cases_spatial  # noqa: E402
import op_cases_special  # noqa: E402
import op_cases_statistics  # noqa: E402
import op_cases_torchao  # noqa: E402
import op_cases_torchvision  # noqa: E402

CASES = {}
SYMBOLIC = []
# Overloads that keep their derived symbolic case (`derived_symbolic`)
# beside written ones.
KEEP_DERIVED = set()
MODULE_PYTHON_DISPATCHER = set()
# Titles of symbolic (or static) cases of overloads in PYTHON_DISPATCHER
# that run in a plain fake mode all the same: what PyTorch does without
# the dispatcher (ATen's kernels on fake tensors, `@plain(...)` in the
# rules).
PLAIN = set()
# Titles of static cases run under the Python dispatcher although their
# overload is not in PYTHON_DISPATCHER (`op_cases_overlap.py`: what the
# dispatcher changes, as export traces).
DISPATCHED = set()
# Overloads whose eager CPU kernel is not run: it trusts arguments its meta
# accepts unchecked (oneDNN's recurrent layer reads and writes past states
# of other sizes), so running it could corrupt the exporting process.
NO_EAGER = set()
for _module in (op_cases_core_basics, op_cases_core_common, op_cases_core_pointwise, op_cases_core_layers,
                op_cases_core_backward, op_cases_attention, op_cases_linalg, op_cases_collectives, op_cases_complex, op_cases_composites, op_cases_conv_backends, op_cases_copies, op_cases_elementwise,
                op_cases_fft, op_cases_foreach, op_cases_gradients, op_cases_indexing, op_cases_inplace, op_cases_losses, op_cases_misc, op_cases_optimizers, op_cases_plain_mode, op_cases_quantized, op_cases_queries,
                op_cases_recurrent, op_cases_search, op_cases_shapes, op_cases_spatial, op_cases_special,
                op_cases_statistics, op_cases_torchao, op_cases_torchvision):
    _twice = set(_module.CASES) & set(CASES)
    assert not _twice, f"cases written twice: {sorted(_twice)}"
    CASES.update(_module.CASES)
    SYMBOLIC += _module.SYMBOLIC
    KEEP_DERIVED |= getattr(_module, "KEEP_DERIVED", set())
    MODULE_PYTHON_DISPATCHER |= getattr(_module, "PYTHON_DISPATCHER", set())
    PLAIN |= getattr(_module, "PLAIN", set())
    DISPATCHED |= getattr(_module, "DISPATCHED", set())
    NO_EAGER |= getattr(_module, "NO_EAGER", set())

import op_cases_layouts  # noqa: E402

op_cases_layouts.add(CASES)
DISPATCHED |= op_cases_layouts.DISPATCHED


import op_cases_derived  # noqa: E402

op_cases_derived.add(CASES)


def plain(desc):
    """Whether an input description is a contiguous CPU tensor made directly
    (the inputs a symbolic case can make dynamic)."""
    return (desc.device == "cpu" and desc.strides is None and desc.fmt is None
            and desc.then is None and desc.offset == 0)


def descriptions(case):
    """Every T among a case's arguments (also inside lists)."""
    found = []
    for v in list(case.args) + list(case.kwargs.values()):
        for d in (v if isinstance(v, list) else [v]):
            if isinstance(d, T):
                found.append(d)
    return found


def fake_results(name, case):
    """PyTorch's fake kernel's results of the call with static sizes, as a
    list (one per schema return); None when it refuses the call."""
    op = aten_op(name)
    try:
        with FakeTensorMode(shape_env=ShapeEnv()), dispatcher_for(name):
            bound = [(n, d, kw, materialise(v, T.make), dflt) for (n, d, kw, v, dflt) in bind(op, case)]
            result = run_raw(op, bound)
    except Exception:  # a refusal
        return None
    return list(result) if len(op._schema.returns) > 1 else [result]


def accepted(name, case):
    """Whether PyTorch's fake kernel accepts the call with static sizes."""
    return fake_results(name, case) is not None


def results_of(name, case):
    """The (sizes, dtype, device) of each result of PyTorch's fake kernel on
    the call with static sizes (a list of them for a list of tensors); None
    when it refuses the call or a result is not a tensor."""
    results = fake_results(name, case)
    if results is None:
        return None

    def described(r):
        if isinstance(r, torch.Tensor):
            return (list(r.shape), r.dtype, str(r.device))
        if isinstance(r, (list, tuple)) and all(isinstance(t, torch.Tensor) for t in r):
            return [described(t) for t in r]
        return None

    results = [described(r) for r in results]
    return None if any(r is None for r in results) else results


def dynamic_copy(name, case):
    """The case with every tensor input dynamic: each dim of size 2 or more
    DimDynamic.DYNAMIC (sizes 0 and 1 are specialised anyway, so they stay
    static), sourced by its schema argument's name (`self`, `tensors1`),
    its layout (strides as a function of the sizes, or a memory format)
    kept."""
    op = aten_op(name)
    names = [a.name for a in op._schema.arguments]

    def dyn(desc, source):
        if not isinstance(desc, T):
            return desc
        return T(desc.sizes, dtype=desc.dtype, device=desc.device, strides=desc.strides, fmt=desc.fmt,
                 source=source, dynamic=["dynamic" if s >= 2 else "static" for s in desc.sizes])

    def convert(value, source):
        if isinstance(value, list):
            return [dyn(v, f"{source}{k}") for k, v in enumerate(value)]
        return dyn(value, source)

    args = [convert(v, names[i]) for i, v in enumerate(case.args)]
    kwargs = {k: convert(v, k) for k, v in case.kwargs.items()}
    return Case(case.name, *args, **kwargs)


def derived_symbolic(name):
    """A symbolic case for an overload without a written one: the first of
    its static cases that PyTorch accepts whose tensors are all contiguous,
    on the CPU, and have a dim of size 2 or more, with those dims dynamic."""
    for case in CASES[name]:
        descs = descriptions(case)
        if (descs and all(plain(d) for d in descs) and any(s >= 2 for d in descs for s in d.sizes)
                and accepted(name, case)):
            return (f"{case.name}, dynamic sizes", name, dynamic_copy(name, case))
    return None


def all_symbolic(keep=lambda name: True):
    """The written symbolic cases, then one derived (`derived_symbolic`) for
    every overload of CASES that has none written but in PLAIN (or is in
    KEEP_DERIVED)
    and that it finds a case for, then the layout cases of
    `op_cases_layouts.symbolic()`; only those of the overloads `keep`
    accepts."""
    # A plain-mode case (PLAIN) leaves an overload's symbolic cases under
    # the dispatcher as they were.
    written = {name for title, name, _ in SYMBOLIC if title not in PLAIN} - KEEP_DERIVED
    derived = [derived_symbolic(name) for name in sorted(CASES) if name not in written and keep(name)]
    extra = [s for s in op_cases_layouts.symbolic() if keep(s[1])]
    return [s for s in SYMBOLIC if keep(s[1])] + [d for d in derived if d is not None] + extra


# ---- schemas and encoding ------------------------------------------------------------


def aten_op(name):
    """The OpOverload a CASES key names: `add.Tensor` in `aten`, or another
    of torch's own namespaces by prefix (`torch_nn::_linear_cross_entropy_batch_chunked`)."""
    namespace, _, name = name.rpartition("::")
    base, _, overload = name.partition(".")
    return getattr(getattr(getattr(torch.ops, namespace or "aten"), base), overload or "default")


def split_args(text):
    """Split a schema's argument list on top-level commas."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


SCHEMA_ARG = re.compile(r"^(?P<type>[A-Za-z]+(?:\([a-z!| >*-]+\))?(?:\[\d*\])?\??(?:\[\d*\])?\??)\s+(?P<name>\w+)(?:=(?P<default>.*))?$")


def schema_args(op):
    """[(name, declared type without alias annotation, kwarg_only, default_value or MISSING)]."""
    text = str(op._schema)
    inner = text[text.index("(") + 1 : text.rindex(") ->")]
    declared = {}
    for part in split_args(inner):
        if part == "*":
            continue
        m = SCHEMA_ARG.match(part)
        if not m:
            raise ValueError(f"cannot parse schema argument {part!r} of {text}")
        declared[m["name"]] = re.sub(r"\([a-z!| >*-]+\)", "", m["type"])
    out = []
    for a in op._schema.arguments:
        default = a.default_value if a.has_default_value() else MISSING
        if declared[a.name].startswith("ScalarType") and isinstance(default, int):
            default = SCALAR_TYPES[default]  # `ScalarType? dtype=4` (randperm)
        out.append((a.name, declared[a.name], a.kwarg_only, default))
    return out


# c10::ScalarType numbers, as a schema writes a dtype default.
SCALAR_TYPES = {0: torch.uint8, 1: torch.int8, 2: torch.int16, 3: torch.int32, 4: torch.int64,
                5: torch.float16, 6: torch.float32, 7: torch.float64, 9: torch.complex64,
                10: torch.complex128, 11: torch.bool, 15: torch.bfloat16, 23: torch.float8_e5m2,
                24: torch.float8_e4m3fn, 25: torch.float8_e5m2fnuz, 26: torch.float8_e4m3fnuz,
                27: torch.uint16, 28: torch.uint32, 29: torch.uint64, 44: torch.float8_e8m0fnu}


MISSING = object()


def dtype_name(d):
    return str(d).removeprefix("torch.")


def tensor_meta(t):
    meta = {
        "sizes": [sym_value(s) for s in t.shape],
        "strides": [sym_value(s) for s in t.stride()],
        "storage_offset": sym_value(t.storage_offset()),
        "dtype": dtype_name(t.dtype),
        "device": str(t.device),
    }
    if t.layout != torch.strided:
        meta["layout"] = str(t.layout).removeprefix("torch.")
    if t.requires_grad:
        meta["requires_grad"] = True
    return meta


# Set per case: how symbols are printed (renaming PyTorch's hashed names).
RENAME = {}
SHAPE_ENV = [None]


def sym_expr_str(expr):
    env = SHAPE_ENV[0]
    if env is not None:
        expr = env.simplify(expr)
    return str(expr.xreplace(RENAME))


def sym_value(v):
    if isinstance(v, torch.SymInt):
        node_expr = v.node.expr
        if isinstance(node_expr, sympy.Integer) or getattr(node_expr, "is_number", False):
            return int(node_expr)
        return sym_expr_str(node_expr)
    return int(v)


def json_float(v):
    """A float as JSON holds it: a number, or "inf", "-inf" or "nan"."""
    v = float(v)
    if math.isfinite(v):
        return v
    return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf")


def scalar_value(v):
    if isinstance(v, bool):
        return {"bool": v}
    if isinstance(v, int):
        return {"int": v}
    if isinstance(v, float):
        return {"float": json_float(v)}
    if isinstance(v, complex):
        return {"complex": [v.real, v.imag]}
    raise TypeError(f"not a scalar: {v!r}")


def encode(declared, value):
    """A Python argument value as a typed fixture VALUE."""
    if value is None:
        return {"none": None}
    base = declared.rstrip("?")
    fixed = re.match(r"^(\w+)\[(\d*)\]\??$", declared)
    if declared == "Tensor?[]":
        return {"opt_tensors": [None if t is None else tensor_meta(t) for t in value]}
    if base == "Tensor" and isinstance(value, (bool, int, float)):
        # A number for a tensor: taken by `add`, `mul`, ... only.
        return scalar_value(value)
    if base == "Tensor":
        return {"tensor": tensor_meta(value)}
    if base == "Tensor[]":
        return {"tensors": [tensor_meta(t) for t in value]}
    if isinstance(value, torch.dtype):
        # A dtype for a number: kept as given, for the replay to fit (its
        # `ScalarType` number).
        return {"dtype": dtype_name(value)}
    # Python's binding takes a bool for an int and any number for a bool;
    # the fixture keeps the value as given, for the replay to fit.
    integer = base in ("int", "SymInt") or fixed and fixed[1] in ("int", "SymInt")
    if isinstance(value, bool) and integer:
        return {"bool": value}
    if base == "bool" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return scalar_value(value)
    if fixed and fixed[1] in ("int", "SymInt"):
        if isinstance(value, int) and fixed[1] == "SymInt":
            # The binding repeats an int for an `int[N]` only: kept as
            # given, for the replay to refuse as PyTorch does.
            return {"int": sym_value(value)}
        if isinstance(value, int):
            value = [value] * int(fixed[2] or 1)
        return {"ints": [sym_value(v) for v in value]}
    if fixed and fixed[1] == "bool":
        return {"bools": list(value)}
    if fixed and fixed[1] == "float":
        return {"floats": [json_float(v) for v in value]}
    if fixed and fixed[1] == "Scalar":
        # As the export writes a `Scalar[]`: ints when every number is one.
        if all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return {"ints": [int(v) for v in value]}
        return {"floats": [json_float(v) for v in value]}
    if base in ("int", "SymInt"):
        return {"int": sym_value(value)}
    if base == "float":
        return {"float": json_float(value)}
    if base == "bool":
        return {"bool": bool(value)}
    if base == "Scalar":
        return {"scalar": scalar_value(value)}
    if base == "ScalarType" and isinstance(value, int):
        # A number for a dtype (its `ScalarType` number, a bool 0 or 1):
        # kept as given, for the replay to fit.
        return {"bool": value} if isinstance(value, bool) else {"int": value}
    if base == "ScalarType":
        return {"dtype": dtype_name(value)}
    if base == "Layout":
        return {"layout": str(value).removeprefix("torch.")}
    if base == "Device":
        return {"device": str(torch.device(value))}
    if base == "MemoryFormat":
        if isinstance(value, int):  # a schema default: c10::MemoryFormat's index
            value = [torch.contiguous_format, torch.preserve_format, torch.channels_last,
                     torch.channels_last_3d][value]
        return {"memory_format": str(value).removeprefix("torch.")}
    if base == "str" or (base == "Any" and isinstance(value, str)):
        # `Any`: a collective's group name or reduction, given as a string.
        return {"str": value}
    raise TypeError(f"no encoding for schema type {declared}")


def bind(op, case):
    """Every schema argument in order: (name, declared type, value, defaulted)."""
    args = schema_args(op)
    positional = list(case.args)
    kwargs = dict(case.kwargs)
    bound = []
    for name, declared, kwarg_only, default in args:
        if not kwarg_only and positional:
            bound.append((name, declared, kwarg_only, positional.pop(0), False))
        elif name in kwargs:
            bound.append((name, declared, kwarg_only, kwargs.pop(name), False))
        elif default is not MISSING:
            bound.append((name, declared, kwarg_only, default, True))
        else:
            raise ValueError(f"{op}: case {case.name!r} gives no {name}")
    if positional or kwargs:
        raise ValueError(f"{op}: case {case.name!r} has extra arguments {positional} {kwargs}")
    return bound


def materialise(value, make, make_int=lambda s: s.hint):
    """Replace T descriptions by tensors (`make`) and S and SizeOf
    descriptions by integers (`make_int`: an S's hint unless a symbolic case
    says otherwise), also inside lists."""
    if isinstance(value, T):
        return make(value)
    if isinstance(value, (S, SizeOf)):
        return make_int(value)
    if isinstance(value, list):
        return [materialise(v, make, make_int) for v in value]
    return value


def error_of(e):
    message = str(e).strip().splitlines()
    return {"class": type(e).__name__, "message": message[0] if message else ""}


def alias_of(out, tensor_args):
    for i, t in tensor_args:
        if out is t:
            return {"inplace": i}
    if out.layout != torch.strided:
        # A sparse result has no storage of its own to share.
        return None
    for i, t in tensor_args:
        if out.untyped_storage()._cdata == t.untyped_storage()._cdata:
            return {"view_of": i}
    return None


def unbacked_of(t):
    names = set()
    for v in list(t.shape) + list(t.stride()) + [t.storage_offset()]:
        if isinstance(v, torch.SymInt):
            for s in v.node.expr.free_symbols:
                if str(s).startswith("u"):
                    names.add(str(s.xreplace(RENAME)))
    return sorted(names)


def encode_output(out, tensor_args):
    entry = {"tensor": tensor_meta(out), "alias": alias_of(out, tensor_args)}
    unbacked = unbacked_of(out)
    if unbacked:
        entry["unbacked"] = unbacked
    return entry


# Operators recorded under the Python dispatcher, as export runs them: their
# Python implementation (`py_impl`) is their meaning in exported programs
# (tensor_split's C++ one reads tensor data; upsample's C++ one specialises
# symbolic sizes where the Python one keeps `2*s0`; expand's is
# `prims.broadcast_in_dim`, whose new size-1 dims get a nonzero stride;
# group_norm and pad decompose in Python; native_group_norm's reference runs
# its views as the fake mode's own (without the Python dispatcher they are
# ATen's `computeStride`, which lays size-1 dims out differently); the C++
# ones of unsafe_chunk and constant_pad_nd specialise symbolic sizes where
# the Python ones keep them).
PYTHON_DISPATCHER = {
    "constant_pad_nd",
    "expand",
    "unsafe_chunk",
    "group_norm",
    "native_group_norm",
    "pad",
    "tensor_split.tensor_indices_or_sections",
    "upsample_nearest2d.vec",
    "upsample_bilinear2d.vec",
    "col2im",
}
PYTHON_DISPATCHER |= MODULE_PYTHON_DISPATCHER


# The FFT families too: their meta kernels' `_exec_fft` permutes the input,
# which without the Python dispatcher reaches a C++ kernel that fixes every
# symbolic size and stride at its hint, and under it keeps them symbolic.
PYTHON_DISPATCHER_FAMILIES = ("fft_", "_fft_")


def uses_dispatcher(name, title=None):
    """Whether the cases of overload `name` run under the Python dispatcher
    (not the symbolic case `title` when PLAIN names it; the static case
    `title` when DISPATCHED names it)."""
    if title in PLAIN:
        return False
    if title in DISPATCHED:
        return True
    return name in PYTHON_DISPATCHER or family(name).startswith(PYTHON_DISPATCHER_FAMILIES)


def dispatcher_for(name, title=None):
    """The Python dispatcher for the operators that need it, else nothing."""
    return enable_python_dispatcher() if uses_dispatcher(name, title) else contextlib.nullcontext()


def note_dispatcher(record, name, title=None):
    """Say in a case's record that it ran under the Python dispatcher, so
    the replay sets the same (`python_dispatcher`)."""
    if uses_dispatcher(name, title):
        record["python_dispatcher"] = True


def rename_unbacked(env, before):
    """Name the unbacked symbols made since `before` u0, u1, ... (integers)
    and zuf0, ... (floats), in the order they were made."""
    for prefix in ("u", "zuf"):
        made = [s for s in env.var_to_range
                if s not in before and re.fullmatch(prefix + r"\d+", str(s))]
        for k, s in enumerate(sorted(made, key=lambda s: int(str(s)[len(prefix):]))):
            RENAME[s] = sympy.Symbol(f"{prefix}{k}", integer=prefix == "u")


def fresh_mode(env):
    """A fake mode over `env`, its dispatch cache emptied: the cache is shared
    by every mode and its key does not say whether the Python dispatcher was
    on, so one case's answer must not be another's."""
    FakeTensorMode.cache_clear()
    return FakeTensorMode(shape_env=env)


def static_case(name, case):
    op = aten_op(name)
    env = ShapeEnv()
    mode = fresh_mode(env)
    RENAME.clear()
    SHAPE_ENV[0] = env
    record = {"name": case.name}
    note_dispatcher(record, name, case.name)
    with mode:
        bound_desc = bind(op, case)
        bound = [(n, d, kw, materialise(v, T.make), dflt) for (n, d, kw, v, dflt) in bound_desc]
    record["inputs"] = input_records(bound)
    tensor_args = [(i, v) for i, (_, _, _, v, _) in enumerate(bound) if isinstance(v, torch.Tensor)]
    with mode, dispatcher_for(name, case.name):
        try:
            before = set(env.var_to_range)
            try:
                outputs_raw = run_raw(op, bound)
            except Exception as e:  # PyTorch's refusal is the expected answer
                record["error"] = error_of(e)
            if "error" not in record:
                rename_unbacked(env, before)
                record["outputs"] = encode_outputs(op, outputs_raw, tensor_args)
        finally:
            SHAPE_ENV[0] = None
    # Where the fake kernel and the eager one disagree on refusing the call,
    # record the eager answer too.
    eager = eager_outcome(name, op, case)
    if eager is not None and "error" in eager and eager["error"] != record.get("error"):
        record["eager_error"] = eager["error"]
    if eager is not None and "outputs" in eager and "error" in record:
        record["eager_outputs"] = eager["outputs"]
    return record


def on_cpu(value):
    if isinstance(value, T):
        return value.device == "cpu"
    if isinstance(value, list):
        return all(on_cpu(v) for v in value)
    if isinstance(value, torch.device):
        return value.type == "cpu"
    return True


def eager_outcome(name, op, case):
    """What PyTorch's eager CPU kernel does with the call: {"error": ERROR} or
    {"outputs": [OUTPUT, ...]}; None for cases on other devices and for
    overloads in NO_EAGER.

    Run on real tensors of the same layout filled with zeros (so indices are
    in range).
    """
    if name in NO_EAGER:
        return None
    bound_desc = bind(op, case)
    if not all(on_cpu(v) for (_, _, _, v, _) in bound_desc):
        return None

    def make(desc):
        t = desc.make()
        with torch.no_grad():  # an input may require grad
            return t.zero_()

    bound = [(n, d, kw, materialise(v, make), dflt) for (n, d, kw, v, dflt) in bound_desc]
    tensor_args = [(i, v) for i, (_, _, _, v, _) in enumerate(bound) if isinstance(v, torch.Tensor)]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = run_raw(op, bound)
    except Exception as e:  # the refusal is what is recorded
        return {"error": error_of(e)}
    return {"outputs": encode_outputs(op, result, tensor_args)}


def run_raw(op, bound):
    positional = [v for (_, _, kw, v, _) in bound if not kw]
    kwargs = {n: v for (n, _, kw, v, _) in bound if kw}
    return op(*positional, **kwargs)


def encode_outputs(op, result, tensor_args):
    returns = op._schema.returns
    results = list(result) if len(returns) > 1 else [result]
    outputs = []
    for ret, r in zip(returns, results):
        kind = str(ret.type)
        if kind.startswith("List"):
            outputs.append({"tensors": [encode_output(t, tensor_args) for t in r]})
        elif kind in ("SymInt", "int"):
            outputs.append({"int": sym_value(r)})
        elif kind in ("SymBool", "bool"):
            outputs.append({"bool": sym_expr_str(r.node.expr) if isinstance(r, torch.SymBool) else bool(r)})
        elif kind in ("Scalar", "number"):  # a Scalar return prints as `number`
            outputs.append({"scalar": sym_scalar(r)})
        elif r is None:  # a Tensor return left out (`output_mask`)
            outputs.append({"none": None})
        else:
            outputs.append(encode_output(r, tensor_args))
    return outputs


def sym_scalar(v):
    """A Scalar result: {"int" | "float" | "bool": value}, a symbolic value
    printed (`u0`, `zuf0`, `Eq(u0, 1)`)."""
    if isinstance(v, torch.SymBool):
        return {"bool": sym_expr_str(v.node.expr)}
    if isinstance(v, torch.SymFloat):
        return {"float": sym_expr_str(v.node.expr)}
    if isinstance(v, torch.SymInt):
        return {"int": sym_value(v)}
    return scalar_value(v)


def input_records(bound, extra=None):
    records = []
    for i, (n, d, _, v, dflt) in enumerate(bound):
        rec = {"name": n, "value": encode(d, v)}
        if dflt:
            rec["defaulted"] = True
        if extra and i in extra:
            if isinstance(extra[i], list):
                (metas,) = rec["value"].values()
                for meta, fields in zip(metas, extra[i]):
                    if meta is not None:
                        meta.update(fields)
            else:
                rec["value"]["tensor"].update(extra[i])
        records.append(rec)
    return records


DIM_DYNAMIC = {"dynamic": DimDynamic.DYNAMIC, "duck": DimDynamic.DUCK, "static": DimDynamic.STATIC}


def sample_points(descs):
    """Input sizes to check the guards at: the hints, each dynamic dim (or
    symbolic integer) moved alone (to hint + 1 and to 2), all of them 6, all
    doubled."""
    dims = []
    for t in descs:
        if isinstance(t, S):
            dims.append((t.source, t.hint))
            continue
        dims += [(f"{t.source}.size()[{d}]", h) for d, (h, dyn) in
                 enumerate(zip(t.sizes, t.dynamic)) if dyn != "static"]
    hints = dict(dims)
    points = [dict(hints)]
    for name, h in dims:
        for v in (h + 1, 2):
            if v != h:
                points.append({**hints, name: v})
    points.append({name: 6 for name, _ in dims})
    points.append({name: 2 * h for name, h in dims})
    unique = []
    for p in points:
        if p not in unique:
            unique.append(p)
    return unique


def resized(desc, point):
    """A symbolic input at a sample's sizes. An explicit layout keeps its
    strides: the cases that give one make dynamic only dims its strides do
    not depend on, or give them as a function of the sizes."""
    sizes = [point.get(f"{desc.source}.size()[{d}]", h) for d, h in enumerate(desc.sizes)]
    return T(sizes, dtype=desc.dtype, device=desc.device, strides=desc.strides, fmt=desc.fmt,
             then=desc.then)


def at_point(desc, point):
    """A symbolic input's value at a sample: a real tensor or an integer."""
    if isinstance(desc, S):
        return point.get(desc.source, desc.hint)
    return resized(desc, point).make()


def symbolic_fields(desc):
    """What a symbolic TENSOR adds: its source, hints and DimDynamic per dim."""
    if desc is None or desc.source is None:
        return {}
    return {"source": desc.source, "dynamic": list(desc.dynamic), "hints": list(desc.sizes)}


def int_hints(value):
    """The "hints" of an input holding symbolic integers: the value (a list
    for a list), each S at its hint; None when it holds none."""
    if isinstance(value, S):
        return value.hint
    if isinstance(value, list) and any(isinstance(v, S) for v in value):
        return [v.hint if isinstance(v, S) else v for v in value]
    return None


def has_unbacked(outputs):
    """Whether recorded outputs mention unbacked symbols."""
    return bool(re.search(r"\b(u|zuf)\d+\b", json.dumps(outputs)))


def symbolic_case(title, name, case):
    op = aten_op(name)
    env = ShapeEnv()
    mode = fresh_mode(env)
    RENAME.clear()
    SHAPE_ENV[0] = env
    symbols = {}
    sourced = []  # (description, fake tensor or SymInt) of every symbolic input

    def name_symbol(expr, source):
        if expr.is_symbol and expr not in RENAME:
            new = sympy.Symbol(f"s{len(RENAME)}", integer=True, positive=True)
            RENAME[expr] = new
            symbols[str(new)] = source

    def convert(desc):
        real = desc.make()
        if desc.source is None:
            return mode.from_tensor(real, static_shapes=True)
        ctx = StatelessSymbolicContext(dynamic_sizes=[DIM_DYNAMIC[d] for d in desc.dynamic])
        fake = mode.from_tensor(real, source=LocalSource(desc.source), symbolic_context=ctx)
        sourced.append((desc, fake))
        for d, s in enumerate(fake.shape):
            if isinstance(s, torch.SymInt):
                name_symbol(s.node.expr, f"{desc.source}.size()[{d}]")
        return fake

    def convert_int(desc):
        if isinstance(desc, SizeOf):
            return next(fake for d, fake in sourced if d.source == desc.source).shape[desc.dim]
        made = [v for d, v in sourced if isinstance(d, S) and d.source == desc.source]
        if made:  # one symbol per source
            return made[0]
        source = LocalSource(desc.source)
        expr = env.create_symbol(desc.hint, source, dynamic_dim=DimDynamic.DYNAMIC)
        value = env.create_symintnode(expr, hint=desc.hint, source=source)
        sourced.append((desc, value))
        if isinstance(value, torch.SymInt):
            name_symbol(value.node.expr, desc.source)
        return value

    try:
        bound_desc = bind(op, case)
        bound = [(n, d, kw, materialise(v, convert, convert_int), dflt)
                 for (n, d, kw, v, dflt) in bound_desc]
        extra = {}
        for i, (_, _, _, v, _) in enumerate(bound_desc):
            if isinstance(v, T):
                extra[i] = symbolic_fields(v)
            elif isinstance(v, list) and any(isinstance(t, T) for t in v):
                extra[i] = [symbolic_fields(t) for t in v]
        record = {"name": title, "op": op_name(name), "inputs": input_records(bound, extra),
                  "symbols": symbols}
        note_dispatcher(record, name, title)
        for (_, _, _, v, _), rec in zip(bound_desc, record["inputs"]):
            hints = int_hints(v)
            if hints is not None:
                rec["hints"] = hints
        tensor_args = [(i, v) for i, (_, _, _, v, _) in enumerate(bound) if isinstance(v, torch.Tensor)]
        # The inputs as they are before the call (an in-place view such as
        # `t_` changes its argument's sizes), for evaluating the guards.
        with mode:
            placeholders = [torch.ops.aten.alias(v) if isinstance(v, torch.Tensor) else v
                            for _, v in sourced]
        before = set(env.var_to_range)
        with mode, dispatcher_for(name, title):
            try:
                result = run_raw(op, bound)
            except Exception as e:  # PyTorch's refusal is the expected answer
                record["error"] = error_of(e)
        rename_unbacked(env, before)
        record["guards"] = [str(g.expr.xreplace(RENAME)) for g in env.guards]
        if "error" not in record:
            record["outputs"] = encode_outputs(op, result, tensor_args)
    finally:
        SHAPE_ENV[0] = None

    # The guards' meaning: at which input sizes they hold, and what PyTorch
    # computes there (not recorded for outputs of data-dependent sizes).
    samples = []
    data_dependent = "error" not in record and has_unbacked(record["outputs"])
    for point in sample_points([desc for desc, _ in sourced]):
        reals = [at_point(desc, point) for desc, _ in sourced]
        holds = guards_hold(env, placeholders, reals)
        sample = {"sizes": point, "guards_hold": bool(holds)}
        if holds and "error" not in record and not data_dependent:
            try:
                sample["outputs"] = concrete_outputs(op, case, point)
            except Exception as e:  # a check PyTorch defers to run time, not a guard
                sample["error"] = error_of(e)
            else:
                differs = static_differs(env, result, op, symbols, point, sample["outputs"])
                if differs:
                    sample["static_differs"] = differs
        samples.append(sample)
    record["samples"] = samples
    return record


def static_differs(env, result, op, symbols, point, concrete):
    """The output fields (`output J.sizes`, `.strides`, `.storage_offset`)
    where PyTorch's symbolic answer, evaluated at `point`, is not its
    answer on static inputs of those sizes: the fake `expand` of the
    references is `prims.broadcast_in_dim` on symbolic sizes and ATen's
    `expand` on static ones, which stride an added size-1 dim differently.
    The symbolic answer is compared exactly; a sample cannot check it
    there."""
    subs = {}
    for orig, renamed in RENAME.items():
        source = symbols.get(str(renamed))
        if source is not None:
            subs[orig] = point.get(source, env.var_to_val.get(orig))
    results = list(result) if len(op._schema.returns) > 1 else [result]
    tensors = [t for r in results for t in (r if isinstance(r, (list, tuple)) else [r])
               if isinstance(t, torch.Tensor)]

    def at(v):
        if isinstance(v, torch.SymInt):
            value = sympy.sympify(sympy.sympify(v.node.expr).xreplace(subs))
            return int(value) if value.is_number else None
        return int(v)

    differs = []
    for j, (t, want) in enumerate(zip(tensors, concrete)):
        for key, values in (("sizes", list(t.shape)), ("strides", list(t.stride())),
                            ("storage_offset", [t.storage_offset()])):
            ours = [at(v) for v in values]
            theirs = want[key] if key != "storage_offset" else [want[key]]
            if None not in ours and ours != list(theirs):
                differs.append(f"output {j}.{key}")
    return differs


def guards_hold(env, placeholders, args):
    """Whether the ShapeEnv's guards (and the static sizes) hold for `args`,
    as `ShapeEnv.evaluate_guards_for_args(..., ignore_static=False)`, with
    each guard parenthesised: PyTorch's `produce_guards_expression` joins
    them with a bare `and`, so a disjunction among them
    (`a > 0 or b > 0 or c > 0`) would swallow its neighbours. A guard that
    divides by zero at these sizes (`Mod(s0, s0*s1)` at `s0 = 0`) does not
    hold there."""
    names = [LocalSource(f"t{i}") for i in range(len(placeholders))]
    guards = env.produce_guards(placeholders, names, ignore_static=False)
    if not guards:
        return True
    try:
        return env.evaluate_guards_expression(" and ".join(f"({g})" for g in guards), args)
    except ZeroDivisionError:
        return False


def concrete_outputs(op, case, point):
    """Output sizes, strides and offsets PyTorch computes for static inputs of these sizes."""
    mode = fresh_mode(None)

    def make(desc):
        if desc.source is None:
            return desc.make()
        return resized(desc, point).make()

    def make_int(desc):
        if isinstance(desc, SizeOf):
            tensor = next(d for d in descriptions(case) if d.source == desc.source)
            return point.get(f"{desc.source}.size()[{desc.dim}]", tensor.sizes[desc.dim])
        return point.get(desc.source, desc.hint)

    with mode, dispatcher_for(op_base_name(op)):
        bound = [(n, d, kw, materialise(v, make, make_int), dflt)
                 for (n, d, kw, v, dflt) in bind(op, case)]
        result = run_raw(op, bound)
    results = list(result) if len(op._schema.returns) > 1 else [result]
    tensors = [t for r in results for t in (r if isinstance(r, (list, tuple)) else [r])
               if isinstance(t, torch.Tensor)]
    return [{"sizes": list(r.shape), "strides": list(r.stride()), "storage_offset": r.storage_offset()}
            for r in tensors]


def op_name(name):
    return name if "::" in name else "aten::" + name


def op_base_name(op):
    """The CASES key of an OpOverload (`add.Tensor`, `relu`)."""
    name = op._schema.name.removeprefix("aten::")
    return name + ("." + op._overloadname if op._overloadname != "default" else "")


# ---- writing -------------------------------------------------------------------------


# Keys in this order first, the rest sorted: a case reads name, inputs, answer.
KEY_ORDER = ["header", "ops", "symbolic", "name", "op", "schema", "symbols", "inputs", "value",
             "defaulted", "outputs", "error", "eager_error", "eager_outputs", "guards", "samples", "tensor", "tensors", "alias",
             "unbacked", "sizes", "strides", "storage_offset", "dtype", "device", "source",
             "hints", "dynamic", "guards_hold", "cases"]


def ordered(d):
    return sorted(d.items(), key=lambda kv: (KEY_ORDER.index(kv[0]) if kv[0] in KEY_ORDER
                                             else len(KEY_ORDER), kv[0]))


def flat(value):
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {flat(v)}" for k, v in ordered(value)) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flat(v) for v in value) + "]"
    return json.dumps(value)


def dump(value, indent=0):
    """JSON with keys in a fixed order and one short object or list per line."""
    text = flat(value)
    is_tensor = isinstance(value, dict) and "sizes" in value
    if not isinstance(value, (dict, list)) or is_tensor or len(text) + indent <= 140:
        return text
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {dump(v, indent + 1)}" for k, v in ordered(value)]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + dump(v, indent + 1) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def family(name):
    """The operator a CASES key belongs to, which names its fixture file: the
    name without its overload, an in-place `foo_` as `foo` (torchgen's
    `BaseOperatorName`: a trailing underscore marks the in-place variant,
    except in a dunder name such as `__and__`). So `add.Tensor`,
    `add.Scalar`, `add_.Tensor` and `add.out` all go to `add.json`."""
    base = name.rpartition("::")[2].partition(".")[0]
    if base.endswith("_") and not base.endswith("__"):
        base = base[:-1]
    return base


def main(argv=None):
    parser = argparse.ArgumentParser(description="Export PyTorch's answers for operator cases.")
    parser.add_argument("--only", nargs="+", metavar="FAMILY",
                        help="write only these operator families' files (`pow` for pow.json) "
                             "and remove no stale file")
    only = parser.parse_args(argv).only
    if only:
        unknown = sorted(set(only) - {family(name) for name in CASES})
        assert not unknown, f"no cases for families {unknown}"
    # PyTorch logs refused calls at error level; the refusal is recorded.
    logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)
    files = {}
    for name in sorted(CASES):
        if only and family(name) not in only:
            continue
        op = aten_op(name)
        names = [c.name for c in CASES[name]]
        assert len(set(names)) == len(names), f"duplicate case names for {name}"
        entry = files.setdefault(family(name), {"ops": {}, "symbolic": []})
        entry["ops"][op_name(name)] = {
            "schema": str(op._schema),
            "cases": [static_case(name, c) for c in CASES[name]],
        }
    stray = sorted(PLAIN - {title for title, name, _ in SYMBOLIC if uses_dispatcher(name)}
                   - {c.name for name in CASES if uses_dispatcher(name) for c in CASES[name]})
    assert not stray, f"PLAIN titles of no case run under the Python dispatcher: {stray}"
    symbolic = all_symbolic(lambda name: not only or family(name) in only)
    titles = [(name, title) for title, name, _ in symbolic]
    assert len(set(titles)) == len(titles), "duplicate symbolic case names"
    for title, name, case in symbolic:
        entry = files.setdefault(family(name), {"ops": {}, "symbolic": []})
        entry["symbolic"].append(symbolic_case(title, name, case))

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    written = set()
    total_bytes = 0
    for fam, entry in sorted(files.items()):
        fixture = {"header": header(), "ops": entry["ops"], "symbolic": entry["symbolic"]}
        text = dump(fixture) + "\n"
        path = OUT_DIR / f"{fam}.json"
        path.write_text(text)
        written.add(path.name)
        total_bytes += len(text)
    for stale in OUT_DIR.glob("*.json"):
        if not only and stale.name not in written:
            stale.unlink()
    ops = [op for e in files.values() for op in e["ops"].values()]
    total = sum(len(op["cases"]) for op in ops)
    errors = sum(1 for op in ops for c in op["cases"] if "error" in c)
    print(f"wrote {len(files)} files in {OUT_DIR.relative_to(ROOT)}: {len(ops)} overloads, "
          f"{total} cases ({errors} errors), {len(symbolic)} symbolic cases, {total_bytes} bytes")


def header():
    return {"format_version": FORMAT_VERSION, "script": SCRIPT, "torch_version": torch.__version__}


import op_cases_outs  # noqa: E402

# After every function `results_of` calls is defined; PyTorch logs the
# calls it refuses at error level.
logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)
op_cases_outs.add(CASES, results_of)
DISPATCHED |= op_cases_outs.DISPATCHED

import op_cases_overlap  # noqa: E402

op_cases_overlap.add(CASES)
DISPATCHED |= op_cases_overlap.DISPATCHED

import op_cases_autograd  # noqa: E402

op_cases_autograd.add(CASES)


if __name__ == "__main__":
    main()
