"""What the operator-case sweeps share (`sweep_symbolic_cases.py`,
`sweep_layout_cases.py`): a resumable record of the cases run, and a time
limit per case.

Some of PyTorch's own kernels crash the process on odd inputs: a sweep
notes every case in `DIR/progress.txt` before it runs it and after, so a
run started again skips the cases done and the case that crashed.
"""

import signal


class Timeout(Exception):
    """A case ran past its time limit."""


def _on_alarm(*_):
    raise Timeout()


class Progress:
    """The record of a sweep writing into `out`: `skip` holds the cases
    (`op|title` keys) a run must not start again."""

    def __init__(self, out):
        out.mkdir(parents=True, exist_ok=True)
        self.path = out / "progress.txt"
        self.skip = set()
        if self.path.exists():
            lines = self.path.read_text().splitlines()
            self.skip = {line[5:] for line in lines if line.startswith("SKIP ")}
            if lines and lines[-1].startswith("RUN "):  # it crashed the process
                self.skip.add(lines[-1][4:])
                self.note("SKIP " + lines[-1][4:])
        signal.signal(signal.SIGALRM, _on_alarm)

    def note(self, line):
        with open(self.path, "a") as f:
            f.write(line + "\n")

    def run(self, key, seconds, fn):
        """`fn()` noted under `key`, stopped by `Timeout` after `seconds`."""
        self.note("RUN " + key)
        try:
            signal.alarm(seconds)
            return fn()
        finally:
            signal.alarm(0)
            self.note("DONE " + key)


class Sweep(Progress):
    """A sweep over the operator families of `export_op_cases.CASES` (only
    those named in `only`, when any), writing `out/<family>.json` per
    family as soon as its cases are done (`out/<family>.none` when it has
    none) and skipping the families written by an earlier run."""

    def __init__(self, out, only):
        import export_op_cases as E

        super().__init__(out)
        self.E, self.out, self.only, self.total = E, out, only, 0

    def families(self):
        """`(family, names)` of each family still to sweep."""
        families = {}
        for name in sorted(self.E.CASES):
            families.setdefault(self.E.family(name), []).append(name)
        for family, names in sorted(families.items()):
            if self.only and family not in self.only:
                continue
            if (self.out / f"{family}.json").exists() or (self.out / f"{family}.none").exists():
                continue
            yield family, names

    def write(self, family, ops, symbolic):
        """A family's fixture of static cases (`ops`, by overload) and
        symbolic cases."""
        count = sum(len(o["cases"]) for o in ops.values()) + len(symbolic)
        if count == 0:
            (self.out / f"{family}.none").write_text("")
            return
        path = self.out / f"{family}.json"
        fixture = {"header": self.E.header(), "ops": ops, "symbolic": symbolic}
        path.write_text(self.E.dump(fixture) + "\n")
        self.total += count
        print(f"{path}: {count} cases", flush=True)

    def done(self):
        print(f"done: {self.total} cases", flush=True)
