"""Programs: read from a path or bytes, propagated as `fake prop --format
json` prints them, with other hints, and verified with the counts
`fake verify` prints."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import fake_tensor

PROGRAMS = [
    "examples/resnet18.json",
    "examples/custom_op.json",
    "tests/fixtures/mlp.pt2",
    "tests/fixtures/programs/nonzero.json",
]


def test_load_from_a_path_str_or_pathlike(root: Path):
    for p in (str(root / "examples/resnet18.json"), root / "examples/resnet18.json"):
        program = fake_tensor.load(p)
        assert isinstance(program, fake_tensor.Program)
        assert program.origin == str(root / "examples/resnet18.json")
        assert "resnet18.json" in repr(program)


@pytest.mark.parametrize("file", ["tests/fixtures/mlp.pt2", "examples/custom_op.json"])
def test_load_from_bytes_reads_as_the_path_does(root: Path, file: str):
    data = (root / file).read_bytes()
    from_bytes = fake_tensor.load(data)
    from_path = fake_tensor.load(root / file)
    assert from_bytes.origin == "<bytes>"
    assert from_bytes.nodes == from_path.nodes
    assert fake_tensor.load(bytearray(data)).nodes == from_path.nodes
    assert from_bytes.propagate() == from_path.propagate()


@pytest.mark.parametrize("file", PROGRAMS)
def test_propagate_gives_what_fake_prop_prints(root: Path, fake, file: str):
    code, out = fake("prop", file, "--format", "json")
    assert code == 0
    cli = json.loads(out)
    ours = fake_tensor.load(root / file).propagate()
    assert ours.pop("errors") == []
    assert ours == cli


def test_records_hold_sizes_as_ints_or_expressions(root: Path):
    result = fake_tensor.load(root / "examples/resnet18.json").propagate()
    x = next(v for v in result["values"] if v["node"] == "x")
    meta = x["meta"]
    assert meta["kind"] == "tensor"
    assert meta["sizes"][0] == "s77"
    assert all(isinstance(s, int) for s in meta["sizes"][1:])
    assert all(isinstance(s, (int, str)) for s in meta["strides"])
    assert {"dtype", "device", "storage", "storage_offset"} <= set(meta)
    assert [s["name"] for s in result["symbols"]] == ["s77"]
    assert isinstance(result["guards"], list)
    assert isinstance(result["runtime_asserts"], list)


def test_views_share_their_bases_storage(root: Path):
    result = fake_tensor.load(root / "examples/gpt2.json").propagate()
    values = [v for v in result["values"] if v["meta"] and v["meta"]["kind"] == "tensor"]
    storage_of = {v["value"]: v["meta"]["storage"] for v in values}
    transposes = [v for v in values if v["op"] == "aten::transpose.int"]
    assert transposes
    for t in transposes:
        # A transpose is a view: an earlier value holds the same storage.
        earlier = [n for n, s in storage_of.items() if s == t["meta"]["storage"] and n != t["value"]]
        assert earlier, t


def test_other_hints_show_in_symbols(root: Path):
    program = fake_tensor.load(root / "examples/resnet18.json")
    recorded = program.propagate()["symbols"][0]["hint"]
    same = program.propagate(hints={"s77": recorded})
    assert same == program.propagate()
    other = program.propagate(hints={"s77": recorded * 4 + 1})
    assert other["symbols"][0]["hint"] == recorded * 4 + 1
    # Sizes stay symbolic.
    x = next(v for v in other["values"] if v["node"] == "x")
    assert x["meta"]["sizes"][0] == "s77"


def test_bad_hints_raise(root: Path):
    program = fake_tensor.load(root / "examples/resnet18.json")
    with pytest.raises(fake_tensor.FakeTensorError, match=r"no input symbol `s1`.*: s77"):
        program.propagate(hints={"s1": 4})
    with pytest.raises(fake_tensor.FakeTensorError, match=r"hint 1"):
        program.propagate(hints={"s77": 1})


def _cli_counts(fake, file: str) -> dict:
    _, out = fake("verify", file)
    last = out.strip().splitlines()[-1]
    m = re.fullmatch(
        r"verify: (\d+) nodes, (\d+) match, (\d+) mismatch, (\d+) unsupported, (\d+) guard differences", last
    )
    assert m, last
    return dict(zip(["nodes", "match", "mismatch", "unsupported", "guards"], map(int, m.groups())))


@pytest.mark.parametrize("file", PROGRAMS + ["examples/gpt2_core.json"])
def test_verify_counts_are_the_clis(root: Path, fake, file: str):
    report = fake_tensor.load(root / file).verify()
    counts = {k: report[k] for k in ("nodes", "match", "mismatch", "unsupported")}
    counts["guards"] = int(report["guards"]["difference"] is not None)
    assert counts == _cli_counts(fake, file)
    assert len(report["mismatches"]) >= report["mismatch"]
    assert len(report["unsupported_nodes"]) == report["unsupported"]


def test_an_unsupported_node_says_why(root: Path, fake):
    # custom_op.json calls mylib::scale, which the built-in registry lacks.
    report = fake_tensor.load(root / "examples/custom_op.json").verify()
    assert report["unsupported"] >= 1
    reasons = [u["reason"] for u in report["unsupported_nodes"]]
    assert any("mylib::scale" in r for r in reasons), reasons


def test_load_errors_raise_with_the_librarys_message(root: Path, tmp_path: Path):
    with pytest.raises(fake_tensor.FakeTensorError, match="cannot read .*missing.json"):
        fake_tensor.load(tmp_path / "missing.json")
    with pytest.raises(fake_tensor.FakeTensorError, match=r"<bytes>: not a \.pt2 archive or a model\.json"):
        fake_tensor.load(b"\x00\x01\x02")
    with pytest.raises(fake_tensor.FakeTensorError, match="takes a path or bytes"):
        fake_tensor.load(42)
    truncated = (root / "examples/custom_op.json").read_bytes()[:200]
    with pytest.raises(fake_tensor.FakeTensorError, match="<bytes>"):
        fake_tensor.load(truncated)
    assert issubclass(fake_tensor.FakeTensorError, Exception)
