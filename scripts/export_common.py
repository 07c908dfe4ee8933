"""What the export scripts share: a program as the JSON torch.export.save
writes for it, without what fake-tensor does not read.

Imported by the `export_*.py` scripts of this folder (run from the
repository root, with torch installed).
"""

import json

from torch._export.serde.serialize import serialize


def strip(program: dict) -> dict:
    """Drop debugging metadata that fake-tensor does not read."""

    def strip_graph(graph: dict) -> None:
        for node in graph["nodes"]:
            node["metadata"] = {}
            for inp in node["inputs"]:
                arg = inp["arg"]
                if "as_graph" in arg:
                    strip_graph(arg["as_graph"]["graph"])

    strip_graph(program["graph_module"]["graph"])
    return program


def program_json(ep) -> dict:
    """The `models/model.json` entry of an ExportedProgram, stripped."""
    artifact = serialize(ep)
    return strip(json.loads(artifact.exported_program.decode("utf-8")))


def write_program(ep, path) -> int:
    """Write `ep`'s stripped program to `path` (one line of compact JSON,
    as the fixtures hold them); the number of its graph's nodes."""
    program = program_json(ep)
    with open(path, "w") as f:
        json.dump(program, f, indent=None, separators=(",", ":"))
        f.write("\n")
    return len(program["graph_module"]["graph"]["nodes"])
