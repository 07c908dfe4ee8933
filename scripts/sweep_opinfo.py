"""Export the samples of PyTorch's OpInfo database as conformance fixtures.

Run by hand from the repository root, in a virtualenv with torch==2.15.0
and expecttest (which torch's test helpers import):

    python scripts/sweep_opinfo.py [--only NAME,...] [--first N]
                                   [--start-after NAME] [--shard K/N] [--force]
                                   [--error-inputs-only] [--out DIR]
                                   [--dtypes common|extended|later|further|further_dtypes|
                                             rare_dtypes|reference]
                                   [--db op_db|foreach_op_db]

For every entry of `torch.testing._internal.common_methods_invocations.op_db`
(named `name` or `name.variant_test_name`, sorted), the first three samples
of `sample_inputs("cpu", dtype, requires_grad=False)` for each of float32,
int64, bool and complex64 (`--dtypes extended`: the first of float16,
bfloat16, int32 and uint8, written to `tests/fixtures/opinfo_dtypes`)
that the entry supports on CPU (`--dtypes later`: the fourth to seventh
samples of the common dtypes, to `tests/fixtures/opinfo_later`; `--dtypes
reference`: up to four float32 and int64 samples of those the entry's
`reference_inputs` yields after its sample inputs (broadcasts, extremal
values, non-contiguous operands, type promotion), for the entries that
have a reference function, to `tests/fixtures/opinfo_reference`; `--dtypes
further`: the eighth to eleventh float32 and int64 samples, a search
written only where `--out DIR` says, never committed; `--dtypes
further_dtypes`: the second to fourth float16, bfloat16, int32 and uint8
samples, a search likewise; `--dtypes rare_dtypes`: the first two
float64, complex128, int16 and int8 samples, a search likewise; `--db
foreach_op_db`: the entries of `foreach_op_db`, the `_foreach_*`
operators, which `op_db` leaves out, to `tests/fixtures/opinfo_foreach`)
are wrapped as a
module whose forward takes the sample's tensors (wherever they sit in the
input, the arguments and the keyword arguments) and calls the op with the
rest fixed. Each is exported with `torch.export.export(..., strict=False)`
in four variants:

- `static`: the sample's sizes;
- `static_core`: the same, `run_decompositions()` (Core ATen IR);
- `dynamic`: every dim of every input `Dim.AUTO`;
- `dynamic_core`: the same, Core ATen IR.

Each variant records the stripped program (`export_common.program_json`)
or why PyTorch could not export it (`error`: the exception's class and the
first line of its message). The entry's `error_inputs` are recorded too:
the call, the error OpInfo expects, the error PyTorch raised, and the aten
operator that raised it (`aten_raised`: true), or else the last one
dispatched before the error (`aten_raised`: false: a Python check raised
after it returned), with its arguments in the JSON form of `fake call
--jsonl` (`args`, `kwargs`) and, for an operator that raised, what the
same call does on fake tensors under `FakeTensorMode` (`fake_raised`: its
error, or null when it is accepted: a check of values a fake tensor does
not have), for `tests/error_inputs.rs`. A case refused before any aten
call is given to the entry's aten operator (`torch.ops.aten.<name>`) as
it is; when that refuses too, it is recorded as `packet`, with what
`FakeTensorMode` does (`fake_raised`).
`--error-inputs-only` records them again in the existing files, the
samples left as they are (a minute or two).

One gzip file per entry, `tests/fixtures/opinfo/<entry>.json.gz`, written
deterministically (sorted entries, seeded samples, no timestamp in the gzip
header), then `tests/fixtures/opinfo/SUMMARY.md` from every file present.
An entry whose file exists is skipped unless `--force` or `--only` names it,
so an interrupted sweep resumes where it stopped; `--shard 0/2` and
`--shard 1/2` in two processes share the entries between two cores. `tests/opinfo.rs`
verifies every committed program.
"""

import argparse
import gzip
import io
import itertools
import json
import logging
import pathlib
import signal
import sys
import time
import warnings

import torch
from torch.export import Dim
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten, tree_map, tree_unflatten

from export_common import program_json

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The sweeps (`--dtypes`): the folder each writes, its dtypes, how many
# samples of each and how many the generator's first ones skipped (taken by
# another sweep).
COMMON_DTYPES = [("float32", torch.float32), ("int64", torch.int64), ("bool", torch.bool),
                 ("complex64", torch.complex64)]
COMMON_SAMPLES = 3
DTYPE_SETS = {
    "common": (ROOT / "tests" / "fixtures" / "opinfo", COMMON_DTYPES, COMMON_SAMPLES, 0),
    "extended": (
        ROOT / "tests" / "fixtures" / "opinfo_dtypes",
        [("float16", torch.float16), ("bfloat16", torch.bfloat16), ("int32", torch.int32),
         ("uint8", torch.uint8)],
        1,
        0,
    ),
    # The samples after those the common sweep takes.
    "later": (ROOT / "tests" / "fixtures" / "opinfo_later", COMMON_DTYPES, 4, COMMON_SAMPLES),
    # The samples after those: a search for disagreements, written only
    # where `--out` says (nothing commits them).
    "further": (None, COMMON_DTYPES[:2], 4, COMMON_SAMPLES + 4),
    # The extended dtypes' samples after the first: a search as well.
    "further_dtypes": (
        None,
        [("float16", torch.float16), ("bfloat16", torch.bfloat16), ("int32", torch.int32),
         ("uint8", torch.uint8)],
        3,
        1,
    ),
    # The dtypes no other sweep takes: the first two float64, complex128,
    # int16 and int8 samples, a search as well.
    "rare_dtypes": (
        None,
        [("float64", torch.float64), ("complex128", torch.complex128), ("int16", torch.int16),
         ("int8", torch.int8)],
        2,
        0,
    ),
    # The samples an entry's `reference_inputs` adds to its
    # `sample_inputs` (broadcasts, extremal values, non-contiguous
    # operands, type promotion), for the entries that have such a
    # function: float32 and int64, after the sample inputs it repeats.
    "reference": (
        ROOT / "tests" / "fixtures" / "opinfo_reference",
        [("float32", torch.float32), ("int64", torch.int64)],
        4,
        0,
    ),
}
# Set by `--dtypes` (the common sweep unless said).
OUT, DTYPES, SAMPLES_PER_DTYPE, SKIPPED = DTYPE_SETS["common"]
# Whether the samples are those `reference_inputs` adds (`--dtypes reference`).
REFERENCE = False
# The OpInfo databases (`--db`) of `common_methods_invocations` and the
# folder each writes when it is not `op_db` (its common dtypes only).
DBS = {"op_db": None, "foreach_op_db": ROOT / "tests" / "fixtures" / "opinfo_foreach"}
# Set by `--db`.
DB = "op_db"
VARIANTS = ["static", "static_core", "dynamic", "dynamic_core"]
# Seconds allowed to export one sample's four variants.
SAMPLE_TIMEOUT = 120


class Timeout(BaseException):
    """A sample over its time (not an `Exception`: nothing catches it)."""


def on_alarm(signum, frame):
    raise Timeout()


def entry_name(op) -> str:
    return f"{op.name}.{op.variant_test_name}" if op.variant_test_name else op.name


def first_line(e: BaseException) -> str:
    lines = str(e).strip().splitlines()
    return f"{type(e).__name__}: {lines[0] if lines else ''}"


def describe(x) -> str:
    """A short, deterministic description of a sample's value."""
    if isinstance(x, torch.Tensor):
        dtype = str(x.dtype).removeprefix("torch.")
        sizes = ", ".join(str(s) for s in x.shape)
        if x.layout != torch.strided:
            extra = f" {str(x.layout).removeprefix('torch.')}"
        elif x.is_contiguous() or x.numel() <= 1:
            extra = ""
        else:
            extra = f" stride={tuple(x.stride())}"
        return f"Tensor[{sizes}] {dtype}{extra}"
    if isinstance(x, (list, tuple)):
        inner = ", ".join(describe(v) for v in x)
        return f"[{inner}]" if isinstance(x, list) else f"({inner})"
    if isinstance(x, dict):
        return "{" + ", ".join(f"{k}: {describe(v)}" for k, v in x.items()) + "}"
    if isinstance(x, float):
        return repr(x)
    return repr(x) if not callable(x) else getattr(x, "__name__", type(x).__name__)


def describe_call(name: str, sample) -> str:
    parts = [describe(sample.input)] + [describe(a) for a in sample.args]
    parts += [f"{k}={describe(v)}" for k, v in sample.kwargs.items()]
    return f"{name}({', '.join(parts)})"


def call_value(x):
    """An argument of an aten call in the JSON form of `fake call --jsonl`:
    a tensor by its metadata (`{"tensor": {...}}`, with its layout when it
    is not strided), dtypes, memory formats, layouts and devices as
    one-key objects, a float JSON cannot hold as `{"float": "inf"}`, a
    complex number as `{"complex": [re, im]}`, anything else by its repr
    (`{"repr": "..."}`)."""
    if isinstance(x, torch.Tensor):
        t = {
            "dtype": str(x.dtype).removeprefix("torch."),
            "sizes": list(x.shape),
            "device": str(x.device),
        }
        if x.layout == torch.strided:
            t["strides"] = list(x.stride())
            t["storage_offset"] = x.storage_offset()
        else:
            t["layout"] = str(x.layout).removeprefix("torch.")
        if x.requires_grad:
            t["requires_grad"] = True
        return {"tensor": t}
    if isinstance(x, (list, tuple)):
        return [call_value(v) for v in x]
    if isinstance(x, (bool, int, str)) or x is None:
        return x
    if isinstance(x, float):
        return x if x == x and abs(x) != float("inf") else {"float": repr(x)}
    if isinstance(x, complex):
        return {"complex": [x.real, x.imag]}
    if isinstance(x, torch.dtype):
        return {"dtype": str(x).removeprefix("torch.")}
    if isinstance(x, torch.memory_format):
        return {"memory_format": str(x).removeprefix("torch.")}
    if isinstance(x, torch.layout):
        return {"layout": str(x).removeprefix("torch.")}
    if isinstance(x, torch.device):
        return {"device": str(x)}
    return {"repr": repr(x)}


class LastCall(TorchDispatchMode):
    """Remembers the first aten operator that raised, else the last one
    dispatched, with its arguments."""

    def __init__(self):
        super().__init__()
        self.last = None
        self.raised = None

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        self.last = (func, args, kwargs)
        try:
            return func(*args, **kwargs)
        except Exception:
            if self.raised is None:
                self.raised = (func, args, kwargs)
            raise


def fake_refusal(func, args, kwargs):
    """The same aten call on fake tensors (`FakeTensorMode`, whose answers
    the project follows where they differ from eager): the error's first
    line, or None when it is accepted."""
    from torch._subclasses.fake_tensor import FakeTensorMode

    mode = FakeTensorMode()
    try:
        fake = lambda x: mode.from_tensor(x) if isinstance(x, torch.Tensor) else x  # noqa: E731
        args, kwargs = tree_map(fake, (args, kwargs))
        with mode:
            func(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - the error is what we record
        return first_line(e)
    return None


class Sample(torch.nn.Module):
    """Calls `op` on the sample, its tensors taken from `forward`'s inputs."""

    def __init__(self, op, sample):
        super().__init__()
        self.op = op
        leaves, self.spec = tree_flatten((sample.input, list(sample.args), dict(sample.kwargs)))
        self.slots = [i for i, v in enumerate(leaves) if isinstance(v, torch.Tensor)]
        self.fixed = [None if isinstance(v, torch.Tensor) else v for v in leaves]
        self.tensors = tuple(leaves[i] for i in self.slots)

    def forward(self, *xs):
        leaves = list(self.fixed)
        for i, x in zip(self.slots, xs):
            leaves[i] = x
        inp, args, kwargs = tree_unflatten(leaves, self.spec)
        return self.op(inp, *args, **kwargs)


def export_variants(module) -> dict:
    """The four variants of one sample: a program or an error each."""
    out = {}
    # Without tensor inputs (factories) the dynamic variant is the static one.
    dynamic = (tuple({d: Dim.AUTO for d in range(t.dim())} for t in module.tensors),)
    dynamic = dynamic if module.tensors else None
    for kind, dyn in [("static", None), ("dynamic", dynamic)]:
        try:
            with torch.no_grad():
                ep = torch.export.export(module, module.tensors, dynamic_shapes=dyn, strict=False)
        except Exception as e:  # noqa: BLE001 - PyTorch's refusal is the record
            out[kind] = {"error": first_line(e)}
            out[f"{kind}_core"] = {"error": "not exported"}
            continue
        try:
            out[kind] = {"program": program_json(ep)}
        except Exception as e:  # noqa: BLE001
            out[kind] = {"error": f"serialize: {first_line(e)}"}
        try:
            out[f"{kind}_core"] = {"program": program_json(ep.run_decompositions())}
        except Exception as e:  # noqa: BLE001
            out[f"{kind}_core"] = {"error": first_line(e)}
    return {v: out[v] for v in VARIANTS}


def sweep_samples(op, name: str) -> list:
    supported = op.supported_dtypes("cpu")
    samples = []
    for dtype_name, dtype in DTYPES:
        if dtype not in supported:
            continue
        torch.manual_seed(0)
        try:
            gen = op.sample_inputs("cpu", dtype, requires_grad=False)
            skipped = SKIPPED
            if REFERENCE:
                # A reference function yields the sample inputs first.
                skipped = sum(1 for _ in gen)
                torch.manual_seed(0)
                gen = op.reference_inputs("cpu", dtype, requires_grad=False)
            picked = list(itertools.islice(gen, skipped, skipped + SAMPLES_PER_DTYPE))
        except Exception as e:  # noqa: BLE001
            samples.append({"dtype": dtype_name, "index": 0, "error": f"sample_inputs: {first_line(e)}"})
            continue
        for index, sample in enumerate(picked, start=skipped):
            record = {"dtype": dtype_name, "index": index, "call": describe_call(name, sample)}
            torch.manual_seed(0)
            signal.alarm(SAMPLE_TIMEOUT)
            try:
                record.update(export_variants(Sample(op, sample)))
            except Timeout:
                record.update({v: {"error": f"Timeout: over {SAMPLE_TIMEOUT} s"} for v in VARIANTS})
            finally:
                signal.alarm(0)
            samples.append(record)
    return samples


def sweep_error_inputs(op, name: str) -> list:
    if op.error_inputs_func is None:
        return []
    torch.manual_seed(0)
    try:
        errors = list(op.error_inputs("cpu"))
    except Exception as e:  # noqa: BLE001
        return [{"error": f"error_inputs: {first_line(e)}"}]
    cases = []
    for ei in errors:
        sample = ei.sample_input
        case = {
            "call": describe_call(name, sample),
            "expected": f"{getattr(ei.error_type, '__name__', str(ei.error_type))}: {ei.error_regex}",
        }
        mode = LastCall()
        try:
            with mode:
                op(sample.input, *sample.args, **sample.kwargs)
            case["raised"] = None
        except Exception as e:  # noqa: BLE001 - the error is what we record
            case["raised"] = first_line(e)
        last = mode.raised or mode.last
        if last is not None:
            func, args, kwargs = last
            case["aten"] = str(func)
            case["aten_raised"] = mode.raised is not None
            if mode.raised is not None:
                case["fake_raised"] = fake_refusal(func, args, kwargs)
            case["args"] = call_value(list(args))
            case["kwargs"] = {k: call_value(v) for k, v in kwargs.items()}
        elif case["raised"] is not None:
            packet_refusal(op, sample, case)
        cases.append(case)
    return cases


def packet_refusal(op, sample, case: dict) -> None:
    """For a case refused before any aten call was dispatched (argument
    parsing, a check in a composite's C++ or Python code): the same
    arguments given to the entry's aten operator, `torch.ops.aten.<name>`,
    which picks an overload as a call of it does. When that refuses too,
    it is recorded as `packet` (`aten.<name>`), `packet_raised`, the
    arguments and what `FakeTensorMode` does with them (`fake_raised`)."""
    packet = getattr(torch.ops.aten, op.aten_name, None) if op.aten_name else None
    if packet is None:
        return
    args, kwargs = [sample.input, *sample.args], dict(sample.kwargs)
    try:
        packet(*args, **kwargs)
        return
    except Exception as e:  # noqa: BLE001 - the error is what we record
        case["packet"] = f"aten.{op.aten_name}"
        case["packet_raised"] = first_line(e)
    case["fake_raised"] = fake_refusal(packet, args, kwargs)
    case["args"] = call_value(args)
    case["kwargs"] = {k: call_value(v) for k, v in kwargs.items()}


def write_gz(path: pathlib.Path, record: dict) -> None:
    text = json.dumps(record, indent=None, separators=(",", ":")) + "\n"
    buf = io.BytesIO()
    # mtime=0 and no file name: the same record gives the same bytes.
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0, compresslevel=9) as f:
        f.write(text.encode("utf-8"))
    # Renamed into place: an interrupted sweep leaves no partial file.
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(buf.getvalue())
    tmp.replace(path)


def read_gz(path: pathlib.Path) -> dict:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def write_summary(all_names: list) -> None:
    files = sorted(OUT.glob("*.json.gz"))
    counts = {v: {"programs": 0, "errors": 0} for v in VARIANTS}
    errors = {v: {} for v in VARIANTS}
    samples = error_cases = raw = 0
    for path in files:
        record = read_gz(path)
        for s in record["samples"]:
            if "error" in s:
                continue
            samples += 1
            for v in VARIANTS:
                if "program" in s[v]:
                    counts[v]["programs"] += 1
                else:
                    counts[v]["errors"] += 1
                    # `serialize: ValueError: ...` -> `serialize: ValueError`
                    parts = s[v]["error"].split(": ")
                    kind = ": ".join(parts[:2]) if parts[0] == "serialize" else parts[0]
                    kind = "(default IR not exported)" if kind == "not exported" else kind
                    errors[v][kind] = errors[v].get(kind, 0) + 1
        error_cases += len(record["error_inputs"])
        raw += len(json.dumps(record))
    done = {p.name.removesuffix(".json.gz") for p in files}
    missing = [n for n in all_names if n not in done]
    size = sum(p.stat().st_size for p in files)
    lines = [
        "# OpInfo export sweep",
        "",
        "Written by `scripts/sweep_opinfo.py` (torch "
        f"{torch.__version__.split('+')[0]}); verified by `tests/opinfo.rs`.",
        "",
        f"- entries: {len(files)} of the {len(all_names)} of `{DB}`",
        f"- samples: {samples} (up to {SAMPLES_PER_DTYPE} per dtype of {', '.join(n for n, _ in DTYPES)}"
        + (f", after the first {SKIPPED})" if SKIPPED else "")
        + (", of those `reference_inputs` adds to `sample_inputs`)" if REFERENCE else ")" if not SKIPPED else ""),
        f"- error inputs recorded: {error_cases}",
        f"- size: {size / 1e6:.1f} MB gzipped, {raw / 1e6:.1f} MB of JSON",
        "",
    ]
    if missing and all_names[: len(files)] == [n for n in all_names if n in done]:
        lines += [
            f"A subset: the first {len(files)} entries sorted by name, `{all_names[0]}` to "
            f"`{all_names[len(files) - 1]}`; the {len(missing)} from `{missing[0]}` on are not "
            "swept yet (running the script again adds them).",
            "",
        ]
    elif missing:
        lines += [f"A subset: {len(missing)} entries are not swept yet: {', '.join(missing)}.", ""]
    lines += ["| variant | exported | not exported |", "|---|---|---|"]
    for v in VARIANTS:
        lines.append(f"| {v} | {counts[v]['programs']} | {counts[v]['errors']} |")
    lines += ["", "Why PyTorch did not export (exception class, per variant):", ""]
    lines += ["| variant | reason | samples |", "|---|---|---|"]
    for v in VARIANTS:
        for kind, n in sorted(errors[v].items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"| {v} | {kind} | {n} |")
    (OUT / "SUMMARY.md").write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated entry names")
    parser.add_argument("--first", type=int, default=None, help="only the first N entries, sorted")
    parser.add_argument("--start-after", default=None, help="only entries sorted after NAME")
    parser.add_argument(
        "--shard", default="0/1", help="K/N: only the entries whose sorted index is K modulo N"
    )
    parser.add_argument("--force", action="store_true", help="rewrite existing files")
    parser.add_argument(
        "--error-inputs-only",
        action="store_true",
        help="record the error inputs again in existing files, keeping their samples",
    )
    parser.add_argument(
        "--dtypes", choices=sorted(DTYPE_SETS), default="common",
        help="common: float32, int64, bool, complex64 (3 samples each) into tests/fixtures/opinfo; "
             "extended: float16, bfloat16, int32, uint8 (1 each) into tests/fixtures/opinfo_dtypes; "
             "later: the common dtypes' 4th to 7th samples into tests/fixtures/opinfo_later; "
             "reference: up to 4 float32 and int64 samples that reference_inputs adds to "
             "sample_inputs, of the entries that have it, into tests/fixtures/opinfo_reference; "
             "further: the 8th to 11th float32 and int64 samples, into --out only; "
             "further_dtypes: the 2nd to 4th float16, bfloat16, int32 and uint8 samples, "
             "into --out only; rare_dtypes: the 1st and 2nd float64, complex128, int16 and "
             "int8 samples, into --out only",
    )
    parser.add_argument(
        "--out", default=None,
        help="write into this folder instead (the searches further, further_dtypes and "
             "rare_dtypes write only there)",
    )
    parser.add_argument(
        "--db", choices=sorted(DBS), default="op_db",
        help="the OpInfo list swept; foreach_op_db (the _foreach_ operators) writes "
             "tests/fixtures/opinfo_foreach, with the common dtypes only",
    )
    opts = parser.parse_args()
    global OUT, DTYPES, SAMPLES_PER_DTYPE, SKIPPED, DB, REFERENCE
    OUT, DTYPES, SAMPLES_PER_DTYPE, SKIPPED = DTYPE_SETS[opts.dtypes]
    REFERENCE = opts.dtypes == "reference"
    DB = opts.db
    if DBS[DB] is not None:
        if opts.dtypes != "common":
            sys.exit(f"--db {DB} sweeps the common dtypes only")
        OUT = DBS[DB]
    if opts.out is not None:
        OUT = pathlib.Path(opts.out)
    if OUT is None:
        sys.exit(f"--dtypes {opts.dtypes} writes only where --out says")

    warnings.filterwarnings("ignore")
    # Dim.AUTO on a size of 0 or 1 specialises it, with a warning per input.
    torch._logging.set_logs(export=logging.ERROR, dynamic=logging.ERROR)
    import torch.testing._internal.common_methods_invocations as invocations

    ops = sorted(getattr(invocations, DB), key=entry_name)
    if REFERENCE:
        ops = [op for op in ops if op.reference_inputs_func is not None]
    all_names = [entry_name(op) for op in ops]
    only = {n for n in opts.only.split(",") if n}
    unknown = only - set(all_names)
    if unknown:
        sys.exit(f"unknown entries: {', '.join(sorted(unknown))}")
    if opts.first is not None:
        ops = ops[: opts.first]
    k, n = (int(x) for x in opts.shard.split("/"))
    ops = [op for i, op in enumerate(ops) if i % n == k]
    if opts.start_after:
        ops = [op for op in ops if entry_name(op) > opts.start_after]
    OUT.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGALRM, on_alarm)
    started = time.monotonic()
    for op in ops:
        name = entry_name(op)
        path = OUT / f"{name}.json.gz"
        if only and name not in only:
            continue
        if opts.error_inputs_only:
            if path.exists():
                record = read_gz(path)
                record["error_inputs"] = sweep_error_inputs(op, name)
                write_gz(path, record)
            continue
        if path.exists() and not (opts.force or only):
            continue
        t0 = time.monotonic()
        record = {
            "entry": name,
            "op": op.name,
            "variant_test_name": op.variant_test_name,
            "samples": sweep_samples(op, name),
            # A sweep of later samples leaves the entry's error inputs to
            # the first one's file.
            "error_inputs": [] if SKIPPED or REFERENCE else sweep_error_inputs(op, name),
        }
        write_gz(path, record)
        n = sum(1 for s in record["samples"] for v in VARIANTS if "program" in s.get(v, {}))
        print(
            f"{name}: {len(record['samples'])} samples, {n} programs, "
            f"{path.stat().st_size} bytes, {time.monotonic() - t0:.1f} s",
            flush=True,
        )
    print(f"swept in {time.monotonic() - started:.0f} s")
    write_summary(all_names)


if __name__ == "__main__":
    main()
