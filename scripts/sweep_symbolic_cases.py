"""Derive a symbolic case from every static operator case PyTorch accepts,
not only the first of each overload, and record PyTorch's answers.

Run by hand from the repository root with torch 2.15 installed, as
`export_op_cases.py` (default thread count):

    python scripts/sweep_symbolic_cases.py DIR [FAMILY...]
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

Some of PyTorch's own kernels crash the process on odd inputs: the sweep
writes a family's file as soon as its cases are done and notes every case
in `DIR/progress.txt` before it runs, so run again after a crash and it
resumes, skipping the case that crashed. Naming families after DIR sweeps
only those (`view diagonal`), as `export_op_cases.py --only` does.
"""

import logging
import pathlib
import signal
import sys
import warnings

import export_op_cases as E

warnings.filterwarnings("ignore")
logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)


class Timeout(Exception):
    pass


def on_alarm(*_):
    raise Timeout()


def main(out, only):
    out.mkdir(parents=True, exist_ok=True)
    progress = out / "progress.txt"
    skip = set()
    if progress.exists():
        lines = progress.read_text().splitlines()
        skip = {line[5:] for line in lines if line.startswith("SKIP ")}
        if lines and lines[-1].startswith("RUN "):  # it crashed the process
            skip.add(lines[-1][4:])
            with open(progress, "a") as f:
                f.write("SKIP " + lines[-1][4:] + "\n")

    def note(line):
        with open(progress, "a") as f:
            f.write(line + "\n")

    signal.signal(signal.SIGALRM, on_alarm)
    families = {}
    for name in sorted(E.CASES):
        families.setdefault(E.family(name), []).append(name)
    total = 0
    for family, names in sorted(families.items()):
        if only and family not in only:
            continue
        path = out / f"{family}.json"
        if path.exists() or (out / f"{family}.none").exists():
            continue
        records = []
        for name in names:
            first = True
            for case in E.CASES[name]:
                descs = E.descriptions(case)
                if not (descs and all(E.plain(d) for d in descs)
                        and any(s >= 2 for d in descs for s in d.sizes)):
                    continue
                key = f"{name}|{case.name}"
                if key in skip:
                    continue
                note("RUN " + key)
                try:
                    signal.alarm(20)
                    ok = E.accepted(name, case)
                except Exception:  # noqa: BLE001 - a refusal or a timeout: not a case
                    ok = False
                finally:
                    signal.alarm(0)
                if ok and not first:
                    title = f"{case.name}, dynamic sizes (extra)"
                    try:
                        signal.alarm(60)
                        records.append(E.symbolic_case(title, name, E.dynamic_copy(name, case)))
                    except Exception as e:  # noqa: BLE001 - report and go on
                        print(f"skipped {key}: {type(e).__name__}: {str(e)[:100]}", flush=True)
                    finally:
                        signal.alarm(0)
                first = first and not ok
                note("DONE " + key)
        if records:
            fixture = {"header": E.header(), "ops": {}, "symbolic": records}
            path.write_text(E.dump(fixture) + "\n")
            total += len(records)
            print(f"{path}: {len(records)} cases", flush=True)
        else:
            (out / f"{family}.none").write_text("")
    print(f"done: {total} cases", flush=True)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(pathlib.Path(sys.argv[1]), set(sys.argv[2:]))
