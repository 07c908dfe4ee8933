"""Export how PyTorch prints symbolic expressions, for the printer's tests.

Each case is an expression written as a small prefix tree over the symbols
s0..s3 and s10 (positive integers, as ShapeEnv makes them) and integers;
PyTorch builds it with its own sympy functions (`FloorDiv`, `Mod`, `Max`,
...) and records `str()` of the result. The Rust test builds the same tree
with the ShapeEnv's arithmetic and compares the text.

Cases come in groups, one per rule (the layout of printed expressions,
each of `FloorDiv`'s, `Mod`'s and `CeilDiv`'s simplifications, and nested
extrema's); the Rust
side has one test per group, so a failure names the rule.

`mod` is `Mod` or `PythonMod` as `SymNode` chooses for `a % b`: `Mod` when
both operands are non-negative (by sympy's assumptions or by
`bound_sympy` over the symbols' ranges, which are `[2, int_oo]` as the
ShapeEnv gives sizes after 0/1 specialisation), `PythonMod` otherwise.

Run by hand with torch 2.15 installed:

    python scripts/export_printing.py

writes fake-runtime/tests/fixtures/printing.json.
"""

import json
from pathlib import Path

import sympy
import torch
from torch.utils._sympy.functions import CeilDiv, FloorDiv, Max, Min, Mod, PythonMod
from torch.utils._sympy.numbers import int_oo
from torch.utils._sympy.value_ranges import ValueRanges, bound_sympy

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "fake-runtime" / "tests" / "fixtures" / "printing.json"

SYMBOLS = {f"s{i}": sympy.Symbol(f"s{i}", integer=True, positive=True) for i in range(4)}
SYMBOLS["s10"] = sympy.Symbol("s10", integer=True, positive=True)
# What the ShapeEnv knows of each size symbol (`var_to_range`).
RANGES = {s: ValueRanges(2, int_oo) for s in SYMBOLS.values()}


def nonnegative(e):
    return e.is_nonnegative or bound_sympy(e, RANGES).lower >= 0


def mod(a, b):
    """`a % b` as `SymNode` builds it (`torch/fx/experimental/sym_node.py`)."""
    return Mod(a, b) if nonnegative(a) and nonnegative(b) else PythonMod(a, b)


OPS = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "neg": lambda a: -a,
    "floordiv": FloorDiv,
    "ceildiv": CeilDiv,
    "mod": mod,
    "max": Max,
    "min": Min,
    "eq": sympy.Eq,
    "ne": sympy.Ne,
    "lt": sympy.Lt,
    "le": sympy.Le,
    "gt": sympy.Gt,
    "ge": sympy.Ge,
}


def build(tree):
    if isinstance(tree, int):
        return sympy.Integer(tree)
    if isinstance(tree, str):
        return SYMBOLS[tree]
    op, *args = tree
    return OPS[op](*(build(a) for a in args))


def fd(a, b):
    return ["floordiv", a, b]


def cd(a, b):
    return ["ceildiv", a, b]


def add(*args):
    """A sum of several terms, added left to right."""
    out = args[0]
    for a in args[1:]:
        out = ["add", out, a]
    return out


def mul(*args):
    """A product of several factors, multiplied left to right."""
    out = args[0]
    for a in args[1:]:
        out = ["mul", out, a]
    return out


def sub(a, b):
    return ["sub", a, b]


def neg(a):
    return ["neg", a]


def md(a, b):
    return ["mod", a, b]


# Layout of printed expressions: order of terms, factors and arguments, and
# the parentheses around `FloorDiv` and `Mod`.
LAYOUT = [
    ["add", "s0", ["mul", 2, "s1"]],
    ["add", fd(["sub", "s0", 3], 2), 1],
    fd("s0", 2),
    ["mul", 2, fd("s0", 2)],
    ["mul", fd(["sub", "s0", 1], 2), fd(["sub", "s1", 1], 2)],
    ["add", fd("s0", 2), fd("s1", 3)],
    ["add", ["mod", "s0", 3], 1],
    ["mod", "s0", 3],
    ["mul", ["mod", "s0", 3], 2],
    ["max", "s0", "s1"],
    ["max", 1, "s0"],
    ["add", ["max", "s0", "s1"], 1],
    ["mul", 2, ["max", "s0", "s1"]],
    ["mul", ["min", "s0", "s1"], "s0"],
    fd(["max", "s0", "s1"], 2),
    fd(["mul", "s0", "s1"], 2),
    ["mul", fd("s0", 2), fd("s0", 2)],
    ["sub", 0, fd("s0", 2)],
    ["sub", "s0", fd("s0", 2)],
    ["eq", fd("s0", 2), 3],
    ["ne", ["sub", "s0", 1], 1],
    ["gt", ["sub", ["mul", "s0", "s1"], "s0"], 0],
    ["max", fd("s0", 2), "s1"],
    fd(["add", ["mod", "s0", 3], "s1"], 2),
    ["mod", fd("s0", 2), "s1"],
    ["mul", ["mul", 3, fd("s0", 2)], fd("s1", 2)],
    ["mul", fd("s0", 2), "s1"],
    ["add", ["mul", "s1", "s1"], "s0"],
    ["add", ["mul", "s0", "s1"], ["mul", "s0", "s0"]],
    ["add", ["add", ["mul", "s0", "s1"], ["mul", "s1", "s1"]], "s0"],
    ["add", "s10", "s2"],
    ["mul", "s2", "s10"],
    ["max", "s10", "s2"],
    ["add", fd("s0", 2), ["mul", "s1", "s1"]],
    ["add", ["mul", fd("s0", 2), "s1"], "s0"],
    ["add", ["mod", "s0", 3], fd("s0", 2)],
    ["add", ["max", "s0", "s1"], fd("s0", 2)],
    ["sub", 3, "s0"],
    ["sub", 3, ["mul", 2, "s0"]],
    ["sub", 3, ["mul", "s0", "s1"]],
    ["sub", 3, ["mul", "s0", "s0"]],
    ["add", ["sub", ["sub", 0, "s0"], "s1"], 2],
    ["mul", ["max", "s0", "s1"], fd("s0", 2)],
    ["max", 2, ["sub", "s0", 1]],
    ["max", "s0", ["mul", "s0", "s1"]],
    ["add", ["mul", fd("s0", 2), fd("s0", 2)], "s0"],
    ["ceildiv", "s0", 4],
    ["add", ["mul", 4, ["mul", fd(["sub", "s0", 1], 2), fd(["sub", "s1", 1], 2)]], 4],
    ["sub", "s0", 5],
    ["add", ["sub", "s2", "s1"], "s3"],
    fd("s0", -3),
    fd(-3, "s0"),
]

# The examples the cancellation rules were ported for (a = s0, X = s1,
# Y = s2).
EXAMPLES = [
    fd(sub(mul(64, "s0", "s1"), mul(64, "s0")), sub(mul(16, "s0", "s1"), mul(16, "s0"))),
    md(sub(mul(64, "s0", "s1"), mul(64, "s0")), sub(mul(16, "s0", "s1"), mul(16, "s0"))),
    fd(add(mul(6, "s0", "s1"), mul(4, "s0")), mul(2, "s0", "s1")),
    fd(fd(add("s0", "s1"), "s0"), "s1"),
    fd(add(mul("s1", "s2"), "s1", "s2", 1), add("s1", 1)),
    fd(add(mul(2, "s0"), 2), add("s0", 1)),
]

# simple_floordiv_gcd, integers: the gcd of every coefficient cancels; a
# constant divisor first takes out the terms it divides.
INTEGER_GCD = [
    fd(add(mul(6, "s0"), 4), 8),
    fd(add(mul(6, "s0"), 4), mul(2, "s1")),
    fd(mul(6, "s0"), mul(4, "s1")),
    fd(add(mul(4, "s0"), mul(6, "s1")), add(mul(2, "s2"), 2)),
    fd(6, mul(4, "s0")),
    fd(add(mul(4, "s0"), 6), 4),
    fd(add(mul(4, "s0"), 5), -2),
    fd(add(mul(4, "s0"), 6), -4),
    fd(add(mul(6, "s0"), 3), mul(2, "s1")),
    fd(add(mul(3, "s0"), 1), 2),
    fd(add(mul(2, "s0", "s1"), mul(2, "s0")), 4),
    fd(add(mul(2, "s0", "s1", "s3"), mul(4, "s0", "s3")), mul(4, "s3")),
]

# simple_floordiv_gcd, factors: a factor of a one-term divisor that is a
# factor of every term of the dividend cancels (syntactically: s0 is not a
# factor of s0**2), and so does -1 when every term is negated.
COMMON_FACTOR = [
    fd(add(mul("s0", "s1"), mul(2, "s1")), "s1"),
    fd(mul(64, "s0", "s1"), mul(64, "s0")),
    fd(mul(6, "s0"), mul(4, "s0")),
    fd(add(mul("s0", "s1"), "s0"), mul("s0", "s2")),
    fd(add(mul("s0", "s1"), "s1"), mul("s1", "s2")),
    fd(mul("s0", "s0", "s1"), mul("s0", "s0")),
    fd(mul(fd("s0", 2), "s1"), fd("s0", 2)),
    fd(neg(add("s0", "s1")), neg("s2")),
    fd(sub(neg("s0"), 1), neg("s2")),
    fd(mul("s0", "s0", "s1"), "s0"),
    fd(add(mul("s0", "s1"), 1), "s1"),
    fd(add("s0", "s1"), mul("s0", "s1")),
    fd(sub(neg("s0"), 2), neg("s2")),
    fd(add("s0", "s1"), neg("s2")),
    fd(mul(md("s0", 3), "s1"), md("s0", 3)),
    fd(add(mul("s0", "s0", "s1", "s2"), mul("s0", "s2")), mul("s0", "s2", "s3")),
]

# sympy.gcd when the divisor is a sum and nothing simpler cancelled.
POLYNOMIAL_GCD = [
    fd(sub(mul("s0", "s0"), 1), sub("s0", 1)),
    fd(add(mul("s0", "s0"), "s0"), add("s0", 1)),
    fd(add(mul("s0", "s1"), "s0", mul("s1", "s2"), "s2"), add("s1", 1)),
    fd(add(mul("s0", "s1"), "s0", mul("s1", "s2"), "s2"), add("s0", "s2")),
    fd(add(mul("s0", "s1"), "s0"), add(mul(2, "s1"), 2)),
    fd(add(mul(2, "s0", "s1"), mul(2, "s0")), add(mul(3, "s1"), 3)),
    fd(sub(mul("s1", "s1"), 1), add(mul(2, "s1"), 2)),
    fd(add("s0", "s1"), add(mul(2, "s0"), mul(2, "s1"))),
    fd(add(mul("s0", "s1"), "s0", "s1", 1), add(mul("s0", "s1"), "s0")),
    fd(add(mul("s0", "s0", "s0"), 1), add("s0", 1)),
    fd(add(mul(fd("s0", 2), "s1"), fd("s0", 2)), add("s1", 1)),
    fd(sub("s2", mul("s0", "s2")), sub(mul("s0", "s3"), "s3")),
    fd(add(mul("s0", "s1"), "s0", mul("s1", "s2"), "s2", 1), add("s0", "s2")),
    fd(mul("s0", "s1"), add(mul(2, "s1"), 2)),
    fd(add(mul("s0", "s1"), 1), add("s1", 1)),
    fd(sub(mul(2, "s0"), mul(2, "s1")), sub("s0", "s1")),
    fd(add(mul("s0", "s1", "s1"), mul(2, "s0", "s1"), "s0"), add("s1", 1)),
]

# FloorDiv(FloorDiv(a, b), c) = FloorDiv(a, b*c), which then cancels.
NESTED = [
    fd(fd("s0", 2), "s1"),
    fd(fd("s0", "s1"), 2),
    fd(fd("s0", "s1"), "s1"),
    fd(fd(mul("s0", "s1"), "s2"), "s1"),
    fd(fd(mul(6, "s0"), 4), 3),
    fd(fd(add("s0", 1), 2), 3),
    fd(add(fd("s0", 2), 1), 2),
    fd(fd("s0", 2), -3),
    fd(fd("s0", add("s1", 1)), "s2"),
]

# Mod (both operands non-negative): zero only when one term divides
# another (sympy's (p/q).is_integer); sums are left alone.
MOD = [
    md(mul(6, "s0", "s1"), mul(2, "s1")),
    md(mul("s0", "s0", "s1"), "s0"),
    md(mul(64, "s0", "s1"), mul(16, "s0", "s1")),
    md(mul(6, "s0", "s1"), mul(4, "s1")),
    md(add(mul("s0", "s1"), mul(2, "s1")), "s1"),
    md(add(mul(2, "s0"), 2), add("s0", 1)),
    md(add(mul("s1", "s2"), "s1", "s2", 1), add("s1", 1)),
    md(sub(mul("s0", "s0"), 1), sub("s0", 1)),
    md(mul("s0", "s1"), mul("s0", "s1", "s2")),
    md("s0", mul(2, "s0")),
    # The rule p < q (sympy proves q - p positive) and p/q positive => p.
    md("s0", add("s0", "s1")),
    md("s0", add("s0", 1)),
    md(mul(2, "s0"), add(mul(3, "s0"), "s1")),
    md(mul("s0", "s1"), add(mul("s0", "s1"), mul("s0", "s2"))),
    md(add("s0", 1), mul(2, "s0")),
    md("s0", sub(mul(3, "s0"), 1)),
    md("s1", "s0"),
    md(add("s0", 2), add("s0", 1)),
]

# PythonMod (an operand may be negative): also zero when the divisor
# divides the dividend as a polynomial (sympy.Mod cancels their gcd).
PYTHON_MOD = [
    md(sub(mul(2, "s0", "s1"), mul(2, "s0")), sub("s1", 1)),
    md(sub(mul("s0", "s1"), "s1"), "s1"),
    md(sub(mul(4, "s0", "s1"), mul(4, "s1")), mul(2, "s1")),
    md(neg(mul(6, "s0", "s1")), mul(3, "s1")),
    md(sub(mul(2, "s0", "s1"), mul(2, "s0")), sub(mul(4, "s1"), 4)),
    md(sub("s0", 5), "s1"),
]

# CeilDiv(a, b) is CleanDiv(a, b) (a FloorDiv) when sympy.gcd(a, b) == b.
CEILDIV = [
    cd(mul("s0", "s1"), "s1"),
    cd(add(mul("s0", "s1"), "s1"), add("s0", 1)),
    cd(mul("s0", "s0", "s1"), "s0"),
    cd("s0", "s1"),
    cd(mul(2, "s0"), 4),
    cd(mul(4, "s0"), 4),
    cd(mul("s0", "s1"), neg("s1")),
]

# Nested extrema: sympy's removal of redundant arguments
# (`_collapse_arguments`): an argument leaves the later nested extrema of
# its own kind and stands for those of the other kind that hold it.
EXTREMA = [
    ["max", 0, ["min", "s0", ["max", 0, ["sub", "s1", 3]]]],
    ["min", "s0", ["max", "s0", "s1"]],
    ["max", "s0", ["min", "s1", ["max", "s0", "s2"]]],
    ["min", ["sub", "s0", 4], ["max", "s1", ["min", ["sub", "s0", 4], "s2"]]],
    ["max", ["sub", "s1", 5], ["min", "s0", ["max", ["sub", "s1", 5], "s2"]]],
    ["add", ["max", 1, ["min", "s0", ["max", 1, ["sub", "s1", 4]]]], 1],
]

GROUPS = {
    "layout": LAYOUT,
    "cancellation_examples": EXAMPLES,
    "floordiv_integer_gcd": INTEGER_GCD,
    "floordiv_common_factor": COMMON_FACTOR,
    "floordiv_polynomial_gcd": POLYNOMIAL_GCD,
    "floordiv_nested": NESTED,
    "mod": MOD,
    "python_mod": PYTHON_MOD,
    "ceildiv": CEILDIV,
    "extrema": EXTREMA,
}


def main():
    cases = [
        {"group": group, "expr": tree, "pytorch": str(build(tree))}
        for group, trees in GROUPS.items()
        for tree in trees
    ]
    data = {"torch_version": torch.__version__, "sympy_version": sympy.__version__, "cases": cases}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(cases)} cases")


if __name__ == "__main__":
    main()
