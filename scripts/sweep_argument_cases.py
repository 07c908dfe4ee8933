"""Rerun static operator cases with a defaulted argument given other
values, and record PyTorch's answers: a search for checks and layouts
that depend on arguments the written cases left at their defaults.

Run by hand from the repository root with torch 2.15 installed, as
`sweep_layout_cases.py`:

    python scripts/sweep_argument_cases.py [--given] [--dispatcher | --symbolic] DIR [FAMILY...]
    FAKE_OP_CASES=DIR cargo test --release -p fake-ops --test conformance -- \\
        --skip every_declared_overload_has_cases \\
        --skip known_mismatches_name_recorded_cases --skip refusals_in_pytorch_words

For each functional overload, its first three cases PyTorch accepts
(of its first nine), and each of their arguments left at the schema's
default that is a number, a list of ints, a bool, a string, a dtype or
a memory format: the case again with that argument given each value of
`ALTERNATIVES` for its type (a float `0.0` and `2.5`, a Python number
`0`, `2`, `2.5` and `True`, a bool negated, a string no operator
takes, ...). A value equal to the default is left out: the dispatcher drops
an argument equal to its default before a Python meta or reference sees
it, and a reference often tests whether an argument was given (`celu`'s
`alpha`, `add`'s `alpha`). Tensor arguments, generators, layouts and
devices are left as the case has them.

With `--given` it varies the arguments the cases give instead (dims,
sizes, numbers and flags the written cases chose), with the same values.
With `--dispatcher` every call runs under the Python dispatcher, as
`torch.export` traces operators (`sweep_layout_cases.py --dispatcher`).
With `--symbolic` each variant PyTorch accepts is recorded as a symbolic
case instead, its dims of size 2 or more dynamic (of the cases whose
tensor inputs are all plain, `export_op_cases.plain`).

The records are written per operator family as fixtures of static cases
only, `DIR/<family>.json`, which the conformance test replays when
`FAKE_OP_CASES` names DIR. Nothing here is committed: each disagreement
fixed gets a written case in the family's `op_cases_<family>.py`.
"""

import logging
import pathlib
import re
import sys
import warnings

import torch

import export_op_cases as E
from op_case_inputs import Case
from sweep_layout_cases import file_records, record_all
from sweep_progress import Sweep

warnings.filterwarnings("ignore")
logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)

# How many of an overload's first accepted cases are varied.
BASES = 3

# Other values to try, by declared type (without `?`).
ALTERNATIVES = {
    "bool": lambda d: [not d] if isinstance(d, bool) else [True, False],
    "int": lambda d: [0, 2, -1, 5],
    "SymInt": lambda d: [0, 2, -1, 5],
    "int[]": lambda d: [[0], [-1], []],
    "SymInt[]": lambda d: [[0], [-1], []],
    "str": lambda d: ["bogus"],
    "float": lambda d: [0.0, 2.5, -1.0],
    "Scalar": lambda d: [0, 2, 2.5, True, -1],
    "ScalarType": lambda d: [torch.float64, torch.int64, torch.bool],
    "MemoryFormat": lambda d: [torch.channels_last, torch.preserve_format],
}


def alternatives(declared, default):
    """The values to try for an argument of type `declared` whose default
    is `default`, without the default itself (of its Python type)."""
    make = ALTERNATIVES.get(re.sub(r"\[\d+\]", "[]", declared.rstrip("?")).rstrip("?"))
    if make is None:
        return []
    return [v for v in make(default)
            if not (type(v) is type(default) and v == default)]


def variants(name, case, given=False):
    """`(title, case)` for every defaulted argument (every given one, with
    `given`) and value to try."""
    op = E.aten_op(name)
    out = []
    positional = 0
    for arg, declared, kwarg_only, value, defaulted in E.bind(op, case):
        # Where the case gives it positionally, it is replaced in place.
        at = positional if not kwarg_only and positional < len(case.args) else None
        positional += not kwarg_only
        if defaulted == given:
            continue
        for v in alternatives(declared, value):
            title = f"{case.name}, {arg}={v!r} (sweep)"
            if at is None:
                changed = Case(title, *case.args, **{**case.kwargs, arg: v})
            else:
                args = list(case.args)
                args[at] = v
                changed = Case(title, *args, **case.kwargs)
            out.append((title, changed))
    return out


def main(out, only, given=False, symbolic=False):
    sweep = Sweep(out, only)
    for family, names in sweep.families():
        ops, sym = {}, []
        for name in names:
            # In-place and out= overloads are derived from the functional
            # one (the rules' `@derive`): its sweep stands for them.
            if E.aten_op(name)._schema.is_mutable:
                continue
            # A symbolic case makes plain inputs dynamic (a layout given
            # by fixed strides would not follow other sizes).
            cases = [c for c in E.CASES[name][:BASES * 3]
                     if not symbolic or all(E.plain(d) for d in E.descriptions(c))]
            bases = [c for c in cases
                     if sweep.run(f"{name}|{c.name}|accepted", 60,
                                  lambda c=c: E.accepted(name, c))][:BASES]
            tried = [v for base in bases for v in variants(name, base, given)]
            file_records(ops, sym, name, record_all(sweep, name, tried, symbolic), symbolic)
        sweep.write(family, ops, sym)
    sweep.done()


if __name__ == "__main__":
    argv = sys.argv[1:]
    flags = {a for a in argv if a.startswith("--")}
    argv = [a for a in argv if not a.startswith("--")]
    if not argv or flags - {"--given", "--dispatcher", "--symbolic"} or {"--dispatcher", "--symbolic"} <= flags:
        sys.exit(__doc__)
    if "--dispatcher" in flags:
        E.uses_dispatcher = lambda name, title=None: True
    main(pathlib.Path(argv[0]), set(argv[1:]), given="--given" in flags,
         symbolic="--symbolic" in flags)
