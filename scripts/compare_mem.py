"""Run the example programs for real under torch.profiler and print their
measured peak memory next to `fake mem`'s formula evaluated at the same
sizes.

Run by hand from the repository root, with torch==2.15, torchvision and
transformers installed and `fake` built (`cargo build --release`):

    python scripts/compare_mem.py [--fake target/release/fake] [CASE...]

CASE is `resnet18:BATCH` or `gpt2:BATCH:SEQ` (default: resnet18 at batch
4 and 1024, gpt2 at batch 4 and sequence 17). Each program is built and
exported as `scripts/export_examples.py` does (same seeds, same dynamic
dimensions), then `ExportedProgram.module()` runs on the CPU: the same
ATen graph `fake mem` reads, whose generated code drops each value after
its last use.

The measurement: the parameters', buffers' and input's storages (counted
once each), which exist before the run, plus the highest point of the
running sum of the allocation and free events that `torch.profiler`
records with `profile_memory=True` during one run (after an unprofiled
warm-up run). The script also reports, for the top-level operator running
at the measured peak, its allocation and free events and the bytes it
allocated beyond what it kept (a kernel's workspace, freed before it
returns), and the number and total of allocations under 1 KiB (wrapped
Python scalars). It reports and never asserts.
"""

import argparse
import json
import pathlib
import subprocess
import sys

import torch
from torch.export import Dim
from torch.profiler import ProfilerActivity, profile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from export_examples import GPT2Logits  # noqa: E402


def resnet18_program():
    import torchvision

    torch.manual_seed(0)
    model = torchvision.models.resnet18(weights=None).eval()
    x = torch.randn(4, 3, 224, 224)
    batch = Dim("batch", min=1, max=1024)
    with torch.no_grad():
        ep = torch.export.export(model, (x,), dynamic_shapes={"x": {0: batch}})

    def inputs(batch):
        return (torch.randn(batch, 3, 224, 224),)

    return ep, inputs


def gpt2_program():
    from transformers import GPT2Config, GPT2LMHeadModel

    torch.manual_seed(0)
    config = GPT2Config(
        vocab_size=256,
        n_positions=128,
        n_embd=64,
        n_layer=2,
        n_head=4,
        bos_token_id=0,
        eos_token_id=0,
        use_cache=False,
        attn_implementation="eager",
    )
    model = GPT2Logits(GPT2LMHeadModel(config)).eval()
    input_ids = torch.randint(0, config.vocab_size, (3, 17))
    batch = Dim("batch", min=1, max=64)
    seq = Dim("seq", min=2, max=config.n_positions)
    with torch.no_grad():
        ep = torch.export.export(
            model, (input_ids,), dynamic_shapes={"input_ids": {0: batch, 1: seq}}
        )

    def inputs(batch, seq):
        return (torch.randint(0, config.vocab_size, (batch, seq)),)

    return ep, inputs


PROGRAMS = {
    # name -> (example file, builder, the sources of the sizes a case gives)
    "resnet18": ("examples/resnet18.json", resnet18_program, ["x.size()[0]"]),
    "gpt2": (
        "examples/gpt2.json",
        gpt2_program,
        ["input_ids.size()[0]", "input_ids.size()[1]"],
    ),
}


def storage_bytes(tensors) -> int:
    """Bytes of the distinct storages behind `tensors`."""
    seen = {}
    for t in tensors:
        s = t.untyped_storage()
        seen[s.data_ptr()] = s.nbytes()
    return sum(seen.values())


def fake_mem(fake: str, file: str, sources, values) -> dict:
    """`fake mem FILE --at ...` as JSON, the symbols found by their sources."""
    doc = json.loads(
        subprocess.run([fake, "mem", file, "--format", "json"], check=True, capture_output=True, text=True).stdout
    )
    names = {s["source"]: s["name"] for s in doc["symbols"]}
    at = ",".join(f"{names[src]}={v}" for src, v in zip(sources, values) if src in names)
    args = [fake, "mem", file, "--format", "json"] + (["--at", at] if at else [])
    doc = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    doc["at_text"] = at
    return doc


def measure(module, args) -> dict:
    """Peak bytes of one run of `module(*args)`: what exists before (the
    parameters', buffers' and inputs' storages) plus the highest running
    sum of the profiler's allocation and free events."""
    before = storage_bytes(list(module.parameters()) + list(module.buffers()) + list(args))
    with torch.no_grad():
        module(*args)  # warm-up: lazy initialisation stays out of the profile
        with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
            out = module(*args)
    del out
    events = prof.profiler.kineto_results.events()
    memory = sorted(
        (e.start_ns(), e.nbytes()) for e in events if e.name() == "[memory]" and str(e.device_type()).endswith("CPU")
    )
    # The top-level operators: those no other operator event encloses.
    ops = sorted(
        ((e.start_ns(), e.end_ns(), e.name()) for e in events if e.name() != "[memory]" and e.name().startswith("aten::")),
        key=lambda o: (o[0], -o[1]),
    )
    top = []
    for o in ops:
        if top and o[0] >= top[-1][0] and o[1] <= top[-1][1]:
            continue
        top.append(o)
    live = peak = 0
    peak_t = None
    for t, n in memory:
        live += n
        if live > peak:
            peak, peak_t = live, t
    small = [n for _, n in memory if 0 < n < 1024]
    at_peak = next((o for o in top if o[0] <= (peak_t or 0) <= o[1]), None)
    workspace = 0
    inside = []
    if at_peak is not None:
        # What the operator allocated beyond what it kept at its end.
        inside = [n for t, n in memory if at_peak[0] <= t <= at_peak[1]]
        run = high = 0
        for n in inside:
            run += n
            high = max(high, run)
        workspace = high - run
    return {
        "before": before,
        "peak": before + peak,
        "op_at_peak": at_peak[2] if at_peak else None,
        "workspace_at_peak": workspace,
        "events_in_op_at_peak": inside,
        "small_allocations": len(small),
        "small_bytes": sum(small),
    }


def mib(n: int) -> str:
    return f"{n / 2**20:.2f} MiB"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fake", default=str(ROOT / "target" / "release" / "fake"))
    ap.add_argument("cases", nargs="*", default=["resnet18:4", "resnet18:1024", "gpt2:4:17"])
    opts = ap.parse_args()
    torch.set_num_threads(max(1, torch.get_num_threads()))
    built = {}
    print(f"{'case':<16} {'fake mem':>14} {'measured':>14} {'difference':>12}  at the measured peak")
    for case in opts.cases:
        name, *sizes = case.split(":")
        file, builder, sources = PROGRAMS[name]
        values = [int(v) for v in sizes]
        if name not in built:
            built[name] = builder()
        ep, make_inputs = built[name]
        ours = fake_mem(opts.fake, str(ROOT / file), sources, values)
        m = measure(ep.module(), make_inputs(*values))
        predicted = ours["at"]["peak"]
        diff = m["peak"] - predicted
        print(
            f"{case:<16} {predicted:>14} {m['peak']:>14} {diff:>+12}  "
            f"{m['op_at_peak']} (workspace {m['workspace_at_peak']} bytes; "
            f"allocations and frees inside it: {m['events_in_op_at_peak']}); "
            f"{m['small_allocations']} allocations under 1 KiB ({m['small_bytes']} bytes)"
        )
        print(
            f"{'':<16} {mib(predicted):>14} {mib(m['peak']):>14} {diff / max(predicted, 1):>+12.2%}  "
            f"fake mem --at {ours['at_text']}; inputs and parameters {m['before']} bytes measured, "
            f"{ours['inputs']['total_at']} ours"
        )


if __name__ == "__main__":
    main()
