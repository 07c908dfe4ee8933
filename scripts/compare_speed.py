"""Side-by-side speed of metadata propagation: PyTorch's FakeTensorMode
against `fake bench`, on the example programs.

Run by hand from the repository root, with torch==2.15, torchvision and
transformers installed (the same environment as export_examples.py) and a
Rust toolchain:

    python scripts/compare_speed.py [--runs N]

For each example it re-exports the same model as export_examples.py does
(so PyTorch has the graph module and its fake inputs), then times
`FakeTensorProp(...).propagate_dont_convert_inputs` over the exported
graph in export's own FakeTensorMode, with the dispatch cache cleared
before every run (`fake bench` restores its mode to the state after the
inputs were made before every run, with an empty cache and the ShapeEnv
as it was; PyTorch keeps its ShapeEnv's earlier decisions, which only
helps it). Each
program is timed symbolic (its dynamic dims) and static (PyTorch: the model
exported without dynamic shapes; `fake bench --static`: the same file with
its symbols at their hints). The times printed are medians over the runs;
parsing and `fake bench`'s set-up (plan, inputs and parameters, made once
for all runs) are excluded, and the speed-up is PyTorch's time over ours
for the whole program. Nothing here is a test: speed is reported, never
asserted.
"""

import argparse
import pathlib
import re
import statistics
import subprocess
import sys
import time

import torch
from torch._guards import detect_fake_mode
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.passes.fake_tensor_prop import FakeTensorProp

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import export_examples  # noqa: E402  (the models, exported the same way)


def exported_programs() -> dict:
    """The example programs by the name their JSON file has, each as
    `(dynamic export, static export)`: the static one is exported without
    `dynamic_shapes`, at the sizes the dynamic one has as hints, which is
    what `fake bench --static` propagates."""
    programs = {}

    def capture(model, args, kwargs, dynamic_shapes, name):
        model.eval()
        with torch.no_grad():
            dynamic = torch.export.export(model, args, kwargs=kwargs, dynamic_shapes=dynamic_shapes)
            static = torch.export.export(model, args, kwargs=kwargs)
        programs[name] = (dynamic, static)
        programs[f"{name}_core"] = (dynamic.run_decompositions(), static.run_decompositions())

    export_examples.export_both = capture
    export_examples.resnet18()
    export_examples.gpt2()
    export_examples.mobilenet_hw()
    return programs


def pytorch_median_us(ep, runs: int) -> float:
    gm = ep.graph_module
    inputs = [n.meta["val"] for n in gm.graph.nodes if n.op == "placeholder"]
    mode = detect_fake_mode(inputs)
    times = []
    for i in range(runs + 3):
        FakeTensorMode.cache_clear()
        start = time.perf_counter()
        FakeTensorProp(gm, mode).propagate_dont_convert_inputs(*inputs)
        elapsed = time.perf_counter() - start
        if i >= 3:  # warm-up runs are not counted
            times.append(elapsed)
    return statistics.median(times) * 1e6


def fake_bench(name: str, runs: int, static: bool) -> tuple[int, float]:
    command = ["cargo", "run", "--release", "--quiet", "--", "bench", f"examples/{name}.json", "--runs", str(runs)]
    if static:
        command.append("--static")
    out = subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    last = out.strip().splitlines()[-1]
    m = re.fullmatch(r"bench: (\d+) nodes, median ([\d.]+) us per propagation \((\d+) ns/node\)", last)
    if m is None:
        raise SystemExit(f"unexpected last line of fake bench: {last!r}")
    return int(m.group(1)), float(m.group(2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    programs = exported_programs()
    print(f"torch {torch.__version__}, {args.runs} runs each, medians")
    print(
        f"{'program':<16}{'sizes':>9}{'nodes':>7}{'PyTorch us':>12}{'fake us':>10}"
        f"{'ns/node':>18}{'speed-up':>10}"
    )
    for name in sorted(programs):
        for static, ep in ((False, programs[name][0]), (True, programs[name][1])):
            torch_us = pytorch_median_us(ep, args.runs)
            nodes, fake_us = fake_bench(name, max(args.runs, 100), static)
            torch_nodes = sum(1 for n in ep.graph_module.graph.nodes if n.op == "call_function")
            per_node = f"{torch_us * 1000 / torch_nodes:.0f} / {fake_us * 1000 / nodes:.0f}"
            kind = "static" if static else "symbolic"
            print(
                f"{name:<16}{kind:>9}{nodes:>7}{torch_us:>12.0f}{fake_us:>10.1f}"
                f"{per_node:>18}{torch_us / fake_us:>9.0f}x"
            )

if __name__ == "__main__":
    main()
