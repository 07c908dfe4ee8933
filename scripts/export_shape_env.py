"""Export PyTorch's ShapeEnv behaviour as a conformance fixture.

Run by hand from the repository root, in a virtualenv with torch==2.15.0:

    python scripts/export_shape_env.py

Writes fake-runtime/tests/fixtures/shape_env.json. Each scenario creates
symbols for tensor dims under PyTorch's ShapeEnv (duck sizing, 0/1
specialisation, DimDynamic, ranges), then takes decisions on conditions
written in a small prefix language over the dims ("x.0" is x.size()[0]):
["gt", ["add", "x.0", "y.0"], 7]. For every dim it records the symbol PyTorch
made (the first dim that made it, and its name: `s` and the number
`_generate_unique_id` gave) or the constant, and its range; for every step
the answer, how many guards it added, and the replacements in force afterwards (symbol -> value,
with symbols named by the first dim that made them). A step is decided as
`bool()` (a guard) unless its `how` says `or_false` (`guard_or_false`),
`or_true` or `size_oblivious` (`guard_size_oblivious`). A scenario's
`backed_size_oblivious` setting runs it under that config, its sizes made
as `_create_symbolic_sizes_strides_storage_offset` makes them.
"""

import json
import pathlib

import torch
from torch._dynamo.source import LocalSource, TensorProperty, TensorPropertySource
from torch.fx.experimental.symbolic_shapes import DimDynamic, ShapeEnv
from torch.utils._sympy.numbers import int_oo
from torch.utils._sympy.value_ranges import ValueRanges

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "fake-runtime" / "tests" / "fixtures" / "shape_env.json"

DYN = {"duck": DimDynamic.DUCK, "dynamic": DimDynamic.DYNAMIC, "static": DimDynamic.STATIC}


def dim(name, d, hint, dynamic="duck", lo=None, hi=None):
    return {"tensor": name, "dim": d, "hint": hint, "dynamic": dynamic, "min": lo, "max": hi}


SCENARIOS = [
    {
        "name": "duck sizing shares symbols of equal hints",
        "settings": {"duck_shape": True, "specialize_zero_one": True},
        "dims": [dim("x", 0, 8), dim("y", 0, 8), dim("y", 1, 9), dim("z", 0, 8, "dynamic")],
        "steps": [],
    },
    {
        "name": "no duck sizing",
        "settings": {"duck_shape": False, "specialize_zero_one": True},
        "dims": [dim("x", 0, 8), dim("y", 0, 8)],
        "steps": [],
    },
    {
        "name": "zero and one specialise",
        "settings": {"duck_shape": True, "specialize_zero_one": True},
        "dims": [dim("x", 0, 0), dim("x", 1, 1), dim("x", 2, 5), dim("x", 3, 7, "static")],
        "steps": [],
    },
    {
        "name": "no zero-one specialisation",
        "settings": {"duck_shape": True, "specialize_zero_one": False},
        "dims": [dim("x", 0, 0), dim("x", 1, 1), dim("x", 2, 5)],
        "steps": [],
    },
    {
        "name": "cat then size check",
        "settings": {"duck_shape": True, "specialize_zero_one": True},
        "dims": [dim("x", 0, 3), dim("y", 0, 4)],
        "steps": [
            {"cond": ["gt", ["add", "x.0", "y.0"], 2]},
            {"cond": ["gt", ["add", "x.0", "y.0"], 7]},
            {"cond": ["le", ["add", "x.0", "y.0"], 7]},
            {"cond": ["eq", "x.0", 3]},
            {"cond": ["gt", ["mul", "x.0", 2], 5]},
        ],
    },
    {
        "name": "cat then size check without zero-one specialisation",
        "settings": {"duck_shape": True, "specialize_zero_one": False},
        "dims": [dim("x", 0, 3), dim("y", 0, 4)],
        "steps": [{"cond": ["gt", ["add", "x.0", "y.0"], 2]}],
    },
    {
        "name": "equality of two symbols",
        "settings": {"duck_shape": False, "specialize_zero_one": True},
        "dims": [dim("x", 0, 5, "dynamic"), dim("y", 0, 5, "dynamic"), dim("y", 1, 6, "dynamic")],
        "steps": [
            {"cond": ["eq", "x.0", "y.0"]},
            {"cond": ["eq", ["add", "x.0", 1], "y.1"]},
            {"cond": ["gt", ["add", "y.0", "y.1"], 10]},
        ],
    },
    {
        "name": "ranges decide without guards",
        "settings": {"duck_shape": True, "specialize_zero_one": True},
        "dims": [dim("x", 0, 8, "dynamic", 4, 16)],
        "steps": [
            {"cond": ["le", "x.0", 16]},
            {"cond": ["ge", "x.0", 4]},
            {"cond": ["gt", "x.0", 6]},
            {"cond": ["gt", "x.0", 5]},
            {"cond": ["ne", "x.0", 1]},
            {"cond": ["eq", ["mod", ["mul", "x.0", 4], 2], 0]},
        ],
    },
    {
        "name": "floor division and modulus",
        "settings": {"duck_shape": True, "specialize_zero_one": True},
        "dims": [dim("x", 0, 10), dim("x", 1, 7)],
        "steps": [
            {"cond": ["eq", ["mod", "x.0", 2], 0]},
            {"cond": ["gt", ["floordiv", ["sub", "x.1", 3], 2], 1]},
            {"cond": ["lt", ["max", "x.0", "x.1"], 11]},
        ],
    },
    {
        # `_refine_ranges` solves `a // c OP q` through `try_solve`: an
        # equality becomes `a >= q*c and a < (q + 1)*c`, a single bound
        # only where sympy's assumptions (a positive size) settle one half.
        "name": "ranges refined through floor divisions",
        "settings": {"duck_shape": False, "specialize_zero_one": True},
        "dims": [dim("x", 0, 4), dim("x", 1, 9), dim("x", 2, 2), dim("x", 3, 3), dim("x", 4, 10)],
        "steps": [
            {"cond": ["eq", ["floordiv", ["add", "x.0", 3], 4], 1]},
            {"cond": ["lt", "x.0", 5]},
            {"cond": ["ne", ["floordiv", ["add", "x.1", 3], 4], 1]},
            {"cond": ["gt", "x.1", 4]},
            {"cond": ["eq", ["floordiv", ["add", "x.2", 1], 2], 1]},
            {"cond": ["eq", ["floordiv", ["add", "x.3", 2], 4], 1]},
            {"cond": ["lt", "x.3", 6]},
            {"cond": ["le", ["floordiv", ["add", "x.4", 3], 4], 3]},
            {"cond": ["lt", "x.4", 13]},
            {"cond": ["lt", ["floordiv", ["sub", "x.4", 2], 4], 3]},
            {"cond": ["lt", "x.4", 14]},
        ],
    },
    {
        # `_refine_ranges` bounds every symbol `try_solve` isolates: the
        # other terms moved across, positive factors divided out, the other
        # side's range bounding the symbol; a quotient not known to be an
        # integer (`x.5 <= 12/x.0`) bounds nothing.
        "name": "ranges refined through sums and products",
        "settings": {"duck_shape": False, "specialize_zero_one": True},
        "dims": [dim("x", 0, 3), dim("x", 1, 4), dim("x", 2, 2), dim("x", 3, 3), dim("x", 4, 10), dim("x", 5, 4)],
        "steps": [
            {"cond": ["lt", ["add", "x.0", "x.1"], 10]},
            {"cond": ["lt", "x.0", 8]},
            {"cond": ["lt", "x.1", 7]},
            {"cond": ["lt", ["floordiv", ["mul", "x.2", "x.3"], 3], "x.3"]},
            {"cond": ["gt", ["sub", "x.4", "x.1"], 3]},
            {"cond": ["gt", "x.4", 5]},
            {"cond": ["le", ["mul", "x.5", "x.0"], 12]},
            {"cond": ["lt", "x.5", 6]},
        ],
    },
    {
        "name": "products decided by reallocating symbols above their lower bound",
        "settings": {"duck_shape": False, "specialize_zero_one": True},
        "dims": [dim("x", 0, 3, "dynamic", 1, 64), dim("x", 1, 5, "dynamic", 2, 128)],
        "steps": [
            {"cond": ["lt", "x.1", ["mul", "x.0", "x.1"]]},
            {"cond": ["lt", ["mul", 768, "x.1"], ["mul", 768, ["mul", "x.0", "x.1"]]]},
            {"cond": ["gt", ["sub", ["mul", ["mul", 4, "x.0"], ["mul", "x.1", "x.1"]], "x.1"], 0]},
            {"cond": ["gt", ["sub", ["mul", "x.0", "x.1"], ["add", "x.0", "x.1"]], 0]},
            {"cond": ["gt", ["sub", ["mul", "x.0", "x.1"], ["mul", 3, "x.1"]], 0]},
        ],
    },
    {
        "name": "divisions known exact after a divisibility guard",
        "settings": {"duck_shape": True, "specialize_zero_one": True},
        "dims": [dim("x", 0, 12), dim("x", 1, 5)],
        "steps": [
            {"cond": ["eq", ["mul", ["floordiv", "x.0", 2], 2], "x.0"]},
            {"cond": ["eq", ["mod", "x.0", 2], 0]},
            {"cond": ["eq", ["mul", ["floordiv", "x.0", 2], 2], "x.0"]},
            {"cond": ["lt", ["mul", ["floordiv", "x.0", 2], 4], ["mul", "x.0", 3]]},
            {"cond": ["eq", ["mul", ["floordiv", "x.0", 3], 3], "x.0"]},
            {"cond": ["gt", ["add", ["floordiv", "x.0", 2], "x.1"], 3]},
            {"cond": ["eq", ["mul", ["floordiv", "x.0", 2], 2], ["mul", "x.1", 2]]},
        ],
    },
    {
        "name": "a multiple of one symbol equal to a constant",
        "settings": {"duck_shape": True, "specialize_zero_one": True},
        "dims": [dim("x", 0, 6), dim("x", 1, 5)],
        "steps": [
            {"cond": ["eq", ["mul", "x.0", 3], 18]},
            {"cond": ["eq", ["mul", "x.1", 2], ["add", "x.0", 4]]},
            {"cond": ["eq", ["mul", "x.0", "x.1"], 30]},
        ],
    },
    {
        "name": "an equality replaces the symbol of the larger hint",
        "settings": {"duck_shape": False, "specialize_zero_one": True},
        "dims": [dim("x", 0, 9, "dynamic"), dim("y", 0, 7, "dynamic"), dim("y", 1, 3, "dynamic"),
                 dim("z", 0, 11, "dynamic"), dim("z", 1, 5, "dynamic")],
        "steps": [
            {"cond": ["eq", "x.0", ["add", "y.0", 2]]},
            {"cond": ["eq", ["mul", "z.0", 2], ["add", ["mul", "y.1", 2], 16]]},
            {"cond": ["eq", ["mul", "z.1", 2], ["add", "y.0", 3]]},
            {"cond": ["gt", ["add", "x.0", "z.0"], 3]},
        ],
    },
    {
        "name": "an equality whose largest-hint symbol has no integer solution",
        "settings": {"duck_shape": False, "specialize_zero_one": True},
        "dims": [dim("x", 0, 9, "dynamic"), dim("y", 0, 17, "dynamic")],
        "steps": [
            {"cond": ["eq", ["mul", "y.0", 2], ["mul", "x.0", 4]]},
            {"cond": ["eq", ["mul", "y.0", 3], ["add", "x.0", 42]]},
        ],
    },
    {
        # Once 4 divides x.0, `4*(x.0//4) == 8` is `x.0 == 8` to
        # `_refine_ranges` (its `simplify` cancels the division): a range of
        # one value, so a replacement. `y.0 == 2*(x.1//2)` keeps its
        # division as written, which `_maybe_guard_rel` does not solve: y.0
        # stays a symbol.
        "name": "exact divisions cancelled before ranges are refined",
        "settings": {"duck_shape": False, "specialize_zero_one": True},
        "dims": [dim("x", 0, 8, "dynamic"), dim("x", 1, 6, "dynamic"), dim("y", 0, 6, "dynamic")],
        "steps": [
            {"cond": ["eq", ["mod", "x.0", 4], 0]},
            {"cond": ["eq", ["mul", ["floordiv", "x.0", 4], 4], 8]},
            {"cond": ["eq", ["mod", "x.1", 2], 0]},
            {"cond": ["eq", "y.0", ["mul", ["floordiv", "x.1", 2], 2]]},
            {"cond": ["eq", ["mul", ["floordiv", "x.1", 2], 3], 9]},
        ],
    },
    {
        # `torch.fx.experimental._config.backed_size_oblivious`: a size of
        # hint 0 or 1 is a symbol of range [0, oo], every size symbol is
        # size-like, and `guard_or_false` / `guard_or_true` decide backed
        # symbols only statically (their fallback otherwise, no guard).
        "name": "backed size oblivious",
        "settings": {"duck_shape": True, "specialize_zero_one": True, "backed_size_oblivious": True},
        "dims": [dim("x", 0, 1), dim("x", 1, 0), dim("x", 2, 5), dim("y", 0, 5)],
        "steps": [
            {"cond": ["eq", "x.2", 1], "how": "or_false"},
            {"cond": ["ne", "x.2", 1], "how": "or_true"},
            {"cond": ["eq", "x.0", 1], "how": "or_false"},
            {"cond": ["eq", "x.2", 1], "how": "size_oblivious"},
            {"cond": ["eq", ["mul", "x.2", "y.0"], 0], "how": "size_oblivious"},
            {"cond": ["gt", "x.2", 3]},
            {"cond": ["eq", "x.2", 1], "how": "or_false"},
            {"cond": ["eq", "x.0", 1]},
            {"cond": ["eq", "x.0", 1], "how": "or_false"},
            {"cond": ["eq", "x.1", 0]},
        ],
    },
    {
        "name": "backed size oblivious without duck sizing",
        "settings": {"duck_shape": False, "specialize_zero_one": True, "backed_size_oblivious": True},
        "dims": [dim("x", 0, 4), dim("y", 0, 4), dim("y", 1, 1)],
        "steps": [
            {"cond": ["eq", "x.0", "y.0"], "how": "or_false"},
            {"cond": ["eq", "y.1", 1], "how": "or_true"},
            {"cond": ["eq", "x.0", "y.0"]},
            {"cond": ["eq", "x.0", "y.0"], "how": "or_false"},
            {"cond": ["lt", "y.1", 2], "how": "size_oblivious"},
        ],
    },
    {
        # 150 sizes whose names' hashes (modulo 100) meet: each takes the
        # first number not taken at or above its hash.
        "name": "names of many symbols",
        "settings": {"duck_shape": True, "specialize_zero_one": True},
        "dims": [dim("a", d, 5 + d, "dynamic") for d in range(150)],
        "steps": [],
    },
]


def build(e, dims):
    if isinstance(e, int):
        return e
    if isinstance(e, str):
        return dims[e]
    op, *args = e
    vals = [build(a, dims) for a in args]
    if op == "add":
        return vals[0] + vals[1]
    if op == "sub":
        return vals[0] - vals[1]
    if op == "mul":
        return vals[0] * vals[1]
    if op == "floordiv":
        return vals[0] // vals[1]
    if op == "mod":
        return vals[0] % vals[1]
    if op == "max":
        return torch.sym_max(vals[0], vals[1])
    if op in ("eq", "ne", "lt", "le", "gt", "ge"):
        import operator

        return getattr(operator, op)(vals[0], vals[1])
    raise ValueError(op)


def decide(cond, how):
    """`cond` decided as a step's `how` says (`guard`: `bool()`)."""
    from torch.fx.experimental.symbolic_shapes import guard_or_false, guard_or_true, guard_size_oblivious

    if how == "or_false":
        return guard_or_false(cond)
    if how == "or_true":
        return guard_or_true(cond)
    if how == "size_oblivious":
        return guard_size_oblivious(cond)
    return bool(cond)


def run(sc):
    settings = dict(sc["settings"])
    oblivious = settings.pop("backed_size_oblivious", False)
    with torch.fx.experimental._config.patch(backed_size_oblivious=oblivious):
        return run_in(sc, settings, oblivious)


def run_in(sc, settings, oblivious):
    env = ShapeEnv(**settings)
    dims = {}
    out_dims = []
    first_dim_of = {}
    for d in sc["dims"]:
        src = TensorPropertySource(LocalSource(d["tensor"]), TensorProperty.SIZE, d["dim"])
        constraint = None
        if d["min"] is not None or d["max"] is not None:
            from torch.fx.experimental.symbolic_shapes import StrictMinMaxConstraint

            constraint = StrictMinMaxConstraint(
                vr=ValueRanges(d["min"] if d["min"] is not None else 0, d["max"] if d["max"] is not None else int(1e18)),
                warn_only=False,
            )
        # As `_create_symbolic_sizes_strides_storage_offset` makes a size.
        sym = env.create_symbol(
            d["hint"],
            src,
            dynamic_dim=DYN[d["dynamic"]],
            constraint_dim=constraint,
            do_not_specialize_zero_one=oblivious,
        )
        if oblivious and not getattr(sym, "is_Integer", True):
            env.size_like.add(sym)
        key = f'{d["tensor"]}.{d["dim"]}'
        if isinstance(sym, int) or getattr(sym, "is_Integer", False):
            dims[key] = int(sym)
            out_dims.append({"dim": key, "static": int(sym)})
        else:
            node = env.create_symintnode(sym, hint=d["hint"], source=src)
            dims[key] = node
            first_dim_of.setdefault(str(sym), key)
            vr = env.var_to_range[sym]
            out_dims.append(
                {
                    "dim": key,
                    "symbol": first_dim_of[str(sym)],
                    "name": str(sym),
                    "range": [None if vr.lower == -int_oo else int(vr.lower), None if vr.upper == int_oo else int(vr.upper)],
                }
            )
    steps = []
    for st in sc["steps"]:
        before = len(env.guards)
        answer = bool(decide(build(st["cond"], dims), st.get("how", "guard")))
        reps = {}
        for s, v in env.replacements.items():
            if v.is_Integer:
                reps[first_dim_of[str(s)]] = int(v)
            else:
                reps[first_dim_of[str(s)]] = "symbol" if v.is_Symbol else "expr"
        steps.append(
            {
                "cond": st["cond"],
                "how": st.get("how", "guard"),
                "answer": answer,
                "new_guards": len(env.guards) - before,
                "replacements": reps,
            }
        )
    return {"name": sc["name"], "settings": sc["settings"], "dims": sc["dims"], "expect": {"dims": out_dims, "steps": steps}}


def main():
    data = {"torch_version": torch.__version__.split("+")[0], "scenarios": [run(s) for s in SCENARIOS]}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(data['scenarios'])} scenarios")


if __name__ == "__main__":
    main()
