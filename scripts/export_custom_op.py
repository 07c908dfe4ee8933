"""Export examples/custom_op.json: a program calling a custom operator
defined with torch.library (`mylib::scale`, with a fake kernel), between
two aten operators, with a dynamic batch.

`fake verify` reports the custom node as unsupported (no rule knows it);
`examples/custom_op.rs` registers a kernel for it through the Rust API and
verifies the whole program. Run by hand from the repository root with
torch 2.15 installed:

    python scripts/export_custom_op.py
"""

import json
import pathlib

import torch
from torch.export import Dim

from export_common import program_json

ROOT = pathlib.Path(__file__).resolve().parent.parent


@torch.library.custom_op("mylib::scale", mutates_args=())
def scale(x: torch.Tensor, factor: float) -> torch.Tensor:
    return x * factor


@scale.register_fake
def _(x, factor):
    return torch.empty_like(x)


class UsesScale(torch.nn.Module):
    def forward(self, x):
        return scale(x.relu(), 2.0).sum(-1)


def main() -> None:
    ep = torch.export.export(UsesScale(), (torch.randn(3, 5),), dynamic_shapes=({0: Dim("batch")},))
    path = ROOT / "examples" / "custom_op.json"
    path.write_text(json.dumps(program_json(ep), indent=1) + "\n")
    print(f"{path.relative_to(ROOT)}: {len(ep.graph.nodes)} graph nodes")


if __name__ == "__main__":
    main()
