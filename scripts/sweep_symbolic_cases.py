"""Derive a symbolic case from every static operator case PyTorch accepts,
not only the first of each overload, and record PyTorch's answers.

Run by hand from the repository root with torch 2.15 installed, as
`export_op_cases.py` (default thread count):

    python scripts/sweep_symbolic_cases.py [--dispatcher] DIR [FAMILY...]
    FAKE_OP_CASES=DIR cargo test --release -p fake-ops --test conformance -- \\
        --skip every_declared_overload_has_cases \\
        --skip known_mismatches_name_recorded_cases --skip refusals_in_pytorch_words

`export_op_cases.py` derives a symbolic case for an overload without a
written one from its first static case that PyTorch accepts whose tensors
are all contiguous, on the CPU, with a dim of size 2 or more
(`derived_symbolic`). This sweep derives one, the same way
(`dynamic_copy`), from each such case after the first, named
"<case>, dynamic sizes (extra)", and writes them per operator family as
fixtures of symbolic cases only, `DIR/<family>.json`, which the
conformance test replays when `FAKE_OP_CASES` names DIR. Nothing here is
committed: it finds disagreements, and each one fixed gets a written
case in the family's `op_cases_<family>.py`.

With `--dispatcher` it derives one from every such case, the first too,
and runs them under the Python dispatcher, as export traces a program
with dynamic shapes.

Some of PyTorch's own kernels crash the process on odd inputs: the sweep
writes a family's file as soon as its cases are done and notes every case
in `DIR/progress.txt` before it runs (`sweep_progress.py`), so run again
after a crash and it resumes, skipping the case that crashed. Naming families after DIR sweeps
only those (`view diagonal`), as `export_op_cases.py --only` does.
"""

import logging
import pathlib
import sys
import warnings

import export_op_cases as E
from sweep_progress import Sweep

warnings.filterwarnings("ignore")
logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)


def main(out, only, every=False):
    """The sweep into `out` of the families in `only` (all when empty);
    `every`: the first accepted case of each overload too."""
    sweep = Sweep(out, only)
    for family, names in sweep.families():
        records = []
        for name in names:
            first = True
            for case in E.CASES[name]:
                descs = E.descriptions(case)
                if not (descs and all(E.plain(d) for d in descs)
                        and any(s >= 2 for d in descs for s in d.sizes)):
                    continue
                key = f"{name}|{case.name}"
                if key in sweep.skip:
                    continue
                try:
                    ok = sweep.run(key, 20, lambda: E.accepted(name, case))
                except Exception:  # noqa: BLE001 - a refusal or a timeout: not a case
                    ok = False
                symbolic_key = f"{key} (symbolic)"
                if ok and (every or not first) and symbolic_key not in sweep.skip:
                    title = f"{case.name}, dynamic sizes (extra)"
                    try:
                        records.append(sweep.run(symbolic_key, 60, lambda: E.symbolic_case(
                            title, name, E.dynamic_copy(name, case))))
                    except Exception as e:  # noqa: BLE001 - report and go on
                        print(f"skipped {key}: {type(e).__name__}: {str(e)[:100]}", flush=True)
                first = first and not ok
        sweep.write(family, {}, records)
    sweep.done()


if __name__ == "__main__":
    argv = [a for a in sys.argv[1:] if a != "--dispatcher"]
    if not argv or any(a.startswith("--") for a in argv):
        sys.exit(__doc__)
    dispatcher = "--dispatcher" in sys.argv[1:]
    if dispatcher:
        E.uses_dispatcher = lambda name, title=None: True
    main(pathlib.Path(argv[0]), set(argv[1:]), every=dispatcher)
