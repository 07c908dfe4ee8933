"""Rerun every static operator case with its tensor inputs in other
layouts, and record PyTorch's answers: a search for stride and layout
disagreements off the layouts the written cases chose.

Run by hand from the repository root with torch 2.15 installed, as
`export_op_cases.py` (default thread count):

    python scripts/sweep_layout_cases.py [--dtypes | --sizes | --devices] [--symbolic | --dispatcher] [--kinds=K,...] DIR [FAMILY...]
    FAKE_OP_CASES=DIR cargo test --release -p fake-ops --test conformance -- \\
        --skip every_declared_overload_has_cases \\
        --skip known_mismatches_name_recorded_cases --skip refusals_in_pytorch_words

For each static case whose tensor inputs are all contiguous CPU tensors
made directly (`plain`), the sweep makes up to three variants, each
changing every input it applies to at once:

- "transposed": an input of two or more dims is made with its last two
  sizes swapped and then transposed, so its sizes are the case's and its
  strides are not contiguous;
- "channels last": a 4-d input in `torch.channels_last`, a 5-d one in
  `torch.channels_last_3d`;
- "offset": every input starts at storage offset 3;
- "expanded": an input's first dim of size 2 or more has stride 0, as a
  broadcast by `expand` leaves it (overlapping, not dense);
- "strided": an input is every other element of its last dim (dense
  along no dim: the strides of a slice `[..., ::2]`).
- "requires grad": a floating-point or complex input is a leaf that
  requires grad (autograd refuses outs and in-place writes of it; the
  results require grad).

With `--sizes` it sweeps sizes instead: every input's first or last dim
of size 2 or more made empty, or of size 1, every one-dim input made
zero-dim, or every input given a leading dim of size 1 (the edge cases
of shape checks, empty results, size-1 strides, ranks and dim-0
promotion). With `--dtypes` it sweeps dtypes instead, each floating-point input made
int64, int32, uint8, bool, float16, bfloat16, float64 or complex64 in
turn (result dtypes, promotion and the kernels' dtype checks). With
`--devices` every CPU input is made on `cuda`, or on `meta`, in turn (the
device rules of the fake mode, and what the metas do per device). With
`--symbolic` it writes symbolic cases: the transposed, channels-last,
expanded and strided variants PyTorch accepts, each with its dims of
size 2 or more dynamic and its layout kept.

`--dispatcher` makes the static layout variants (or with `--dtypes` the
dtype variants), and each case as written ("as written"), under the
Python dispatcher, as export runs every
operator (the references and
decompositions it prefers write through `copy_`, whose Python meta
refuses a written tensor that overlaps itself). `--kinds=expanded,strided`
(or `--kinds=bfloat16`, ...) makes only the variants named.

A variant PyTorch's fake kernel refuses where the case itself is accepted
is still recorded (the refusal is the answer to match). The records are
written per operator family as fixtures of static cases only,
`DIR/<family>.json`, which the conformance test replays when
`FAKE_OP_CASES` names DIR. Nothing here is committed: it finds
disagreements, and each one fixed gets a written case in the family's
`op_cases_<family>.py`. A crash of PyTorch's own kernels is resumed past
as in `sweep_symbolic_cases.py` (`sweep_progress.py`).
"""

import logging
import pathlib
import sys
import warnings

import torch

import export_op_cases as E
from op_case_inputs import T, Case, off
from sweep_progress import Sweep

warnings.filterwarnings("ignore")
logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)


def contiguous_strides(sizes):
    strides, acc = [], 1
    for s in reversed(sizes):
        strides.insert(0, acc)
        acc *= max(s, 1)
    return strides


def transposed_strides(given):
    """The strides `transposed` gives a tensor of sizes `given`: contiguous
    strides of its sizes with the last two swapped, swapped back."""
    sizes = list(given)
    sizes[-1], sizes[-2] = sizes[-2], sizes[-1]
    strides = contiguous_strides(sizes)
    strides[-1], strides[-2] = strides[-2], strides[-1]
    return strides


def transposed(desc):
    if len(desc.sizes) < 2:
        return None
    return T(desc.sizes, dtype=desc.dtype, device=desc.device, strides=transposed_strides)


def channels_last(desc):
    fmt = {4: torch.channels_last, 5: torch.channels_last_3d}.get(len(desc.sizes))
    if fmt is None:
        return None
    return T(desc.sizes, dtype=desc.dtype, device=desc.device, fmt=fmt)


def offset(desc):
    return off(*desc.sizes, dtype=desc.dtype, device=desc.device)


def expanded_strides(sizes):
    """Contiguous strides of `sizes` with the first dim of size 2 or more
    at stride 0."""
    strides = contiguous_strides(sizes)
    first = next(d for d, s in enumerate(sizes) if s >= 2)
    strides[first] = 0
    return strides


def expanded(desc):
    if not any(s >= 2 for s in desc.sizes):
        return None
    return T(desc.sizes, dtype=desc.dtype, device=desc.device, strides=expanded_strides)


def strided_strides(sizes):
    """The strides of `x[..., ::2]` for an `x` twice as long in its last dim."""
    wide = list(sizes)
    wide[-1] *= 2
    strides = contiguous_strides(wide)
    strides[-1] = 2
    return strides


def strided(desc):
    if not desc.sizes or desc.sizes[-1] < 2:
        return None
    return T(desc.sizes, dtype=desc.dtype, device=desc.device, strides=strided_strides)


def as_written(desc):
    """The input as the case wrote it (a copy, so the case counts as a
    variant): with `--dispatcher`, the case itself under the dispatcher."""
    return T(desc.sizes, dtype=desc.dtype, device=desc.device)


def requiring_grad(desc):
    """A floating-point or complex input made a leaf that requires grad
    (autograd's checks: outs and in-place writes of such a leaf refused,
    results that require grad)."""
    if not (desc.dtype.is_floating_point or desc.dtype.is_complex):
        return None
    return T(desc.sizes, dtype=desc.dtype, device=desc.device, then=lambda t: t.requires_grad_())


VARIANTS = {"transposed": transposed, "channels last": channels_last, "offset": offset,
            "expanded": expanded, "strided": strided, "requires grad": requiring_grad}


def of_dtype(dtype):
    def make(desc):
        if not desc.dtype.is_floating_point or desc.dtype == dtype:
            return None
        return T(desc.sizes, dtype=dtype, device=desc.device)
    return make


DTYPE_VARIANTS = {str(d).removeprefix("torch."): of_dtype(d)
                  for d in (torch.int64, torch.int32, torch.uint8, torch.bool, torch.float16,
                            torch.bfloat16, torch.float64, torch.complex64)}


def on_device(device):
    def make(desc):
        if str(desc.device) == device:
            return None
        return T(desc.sizes, dtype=desc.dtype, device=device)
    return make


DEVICE_VARIANTS = {"on cuda": on_device("cuda"), "on meta": on_device("meta")}


def resized(pick, size):
    """An input with the dim `pick` chooses among those of size 2 or more
    made `size` long (contiguous)."""
    def make(desc):
        dims = [d for d, s in enumerate(desc.sizes) if s >= 2]
        if not dims:
            return None
        sizes = list(desc.sizes)
        sizes[pick(dims)] = size
        return T(sizes, dtype=desc.dtype, device=desc.device)
    return make


def zero_dim(desc):
    """A one-dim input made a zero-dim tensor (a dim-0 tensor in type
    promotion, a scalar against which everything broadcasts)."""
    if len(desc.sizes) != 1:
        return None
    return T([], dtype=desc.dtype, device=desc.device)


def leading_one(desc):
    """An input given a new leading dim of size 1 (one more dim to
    broadcast, batch or reject)."""
    return T([1, *desc.sizes], dtype=desc.dtype, device=desc.device)


SIZE_VARIANTS = {"first dim empty": resized(lambda dims: dims[0], 0),
                 "last dim empty": resized(lambda dims: dims[-1], 0),
                 "first dim one": resized(lambda dims: dims[0], 1),
                 "last dim one": resized(lambda dims: dims[-1], 1),
                 "zero-dim": zero_dim,
                 "leading one": leading_one}


# Symbolic variants: a dynamic input's layout is given by its strides as a
# function of its sizes, or by a memory format, so that the samples at
# other sizes are laid out alike.
SYMBOLIC_VARIANTS = {"transposed": transposed, "channels last": channels_last,
                     "expanded": expanded, "strided": strided}


def variant(case, make):
    """The case with `make` applied to every tensor input it applies to, or
    None when it applies to none."""
    changed = [False]

    def convert(value):
        if isinstance(value, list):
            return [convert(v) for v in value]
        if isinstance(value, T):
            new = make(value)
            if new is not None:
                changed[0] = True
                return new
        return value

    args = [convert(v) for v in case.args]
    kwargs = {k: convert(v) for k, v in case.kwargs.items()}
    return Case(case.name, *args, **kwargs) if changed[0] else None


def record(name, case, title, symbolic):
    """PyTorch's answer to a static variant, or to its dynamic copy (None
    when PyTorch refuses the static call: no symbolic case)."""
    if not symbolic:
        return E.static_case(name, case)
    if not E.accepted(name, case):
        return None
    return E.symbolic_case(title, name, E.dynamic_copy(name, case))


def record_all(sweep, name, tried, symbolic):
    """PyTorch's answers to the `(title, case)` variants `tried` of operator
    `name` (static, or symbolic copies), each run noted in `sweep` and
    skipped where an earlier run crashed on it."""
    records = []
    for title, changed in tried:
        key = f"{name}|{title}"
        if key in sweep.skip:
            continue
        try:
            found = sweep.run(key, 60, lambda: record(name, changed, title, symbolic))
            if found is not None:
                records.append(found)
        except Exception as e:  # noqa: BLE001 - report and go on
            print(f"skipped {key}: {type(e).__name__}: {str(e)[:100]}", flush=True)
    return records


def file_records(ops, sym, name, records, symbolic):
    """Put operator `name`'s records into a family's static cases (`ops`,
    by overload) or its symbolic ones (`sym`)."""
    if records and symbolic:
        sym += records
    elif records:
        ops[E.op_name(name)] = {"schema": str(E.aten_op(name)._schema), "cases": records}


def main(out, only, variants, symbolic=False):
    sweep = Sweep(out, only)
    for family, names in sweep.families():
        ops, sym = {}, []
        for name in names:
            tried = []
            seen = {c.name for c in E.CASES[name]}
            for case in E.CASES[name]:
                descs = E.descriptions(case)
                if not (descs and all(E.plain(d) for d in descs)):
                    continue
                for kind, make in variants.items():
                    changed = variant(case, make)
                    title = f"{case.name}, {'dynamic ' if symbolic else ''}{kind} (sweep)"
                    if changed is None or title in seen:
                        continue
                    seen.add(title)
                    changed.name = title
                    tried.append((title, changed))
            file_records(ops, sym, name, record_all(sweep, name, tried, symbolic), symbolic)
        sweep.write(family, ops, sym)
    sweep.done()


if __name__ == "__main__":
    argv = sys.argv[1:]
    kinds = [a.removeprefix("--kinds=").split(",") for a in argv if a.startswith("--kinds=")]
    flags = {a for a in argv if a.startswith("--") and not a.startswith("--kinds=")}
    argv = [a for a in argv if not a.startswith("--")]
    if (not argv or flags - {"--dtypes", "--sizes", "--devices", "--symbolic", "--dispatcher"}
            or len(kinds) > 1 or len(flags & {"--dtypes", "--sizes", "--devices"}) > 1
            or {"--dtypes", "--symbolic"} <= flags or {"--sizes", "--symbolic"} <= flags
            or {"--devices", "--symbolic"} <= flags
            or {"--symbolic", "--dispatcher"} <= flags):
        sys.exit(__doc__)
    chosen = (DTYPE_VARIANTS if "--dtypes" in flags
              else SIZE_VARIANTS if "--sizes" in flags
              else DEVICE_VARIANTS if "--devices" in flags
              else SYMBOLIC_VARIANTS if "--symbolic" in flags else VARIANTS)
    if "--dispatcher" in flags:
        E.uses_dispatcher = lambda name, title=None: True
        if not {"--dtypes", "--sizes", "--devices"} & flags:
            chosen = {"as written": as_written, **chosen}
    if kinds:
        if set(kinds[0]) - set(chosen):
            sys.exit(f"unknown kinds {sorted(set(kinds[0]) - set(chosen))}; known: {sorted(chosen)}")
        chosen = {k: v for k, v in chosen.items() if k in kinds[0]}
    main(pathlib.Path(argv[0]), set(argv[1:]), chosen, symbolic="--symbolic" in flags)
