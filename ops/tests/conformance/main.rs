//! Operator conformance against PyTorch, one test per operator: every
//! fixture file of `tests/fixtures/ops/` (`add.json` holds the overloads of
//! `add` with their in-place and `out=` variants, exported by
//! `scripts/export_op_cases.py` from PyTorch's own `FakeTensorMode`) is a
//! test named by the file (`add`), so a failure names its operator and
//! `cargo test -p fake-ops --test conformance -- add --exact` runs one.
//!
//! Each case is replayed through [`fake_runtime::FakeTensorMode`] with
//! [`fake_ops::registry`], and every output field is compared: sizes,
//! strides, storage offset, dtype, device and aliasing, or that the call is
//! refused with a typed error (never a panic) where PyTorch refuses it (of
//! the same kind where PyTorch's message says: a dimension out of range,
//! sizes that do not broadcast). Where PyTorch's fake (meta) kernel and its
//! eager CPU kernel disagree on refusing a call, both answers are recorded
//! and either is accepted. A file's symbolic cases run with dynamic sizes
//! (`symbolic.rs`).
//!
//! A test fails listing every mismatch of its operator (overload, case,
//! field, ours, PyTorch's), except those listed in [`KNOWN_MISMATCHES`]
//! with a reason; a listed case that matches again also fails, so the
//! table cannot go stale. A symbolic case's samples leave out the fields
//! its fixture marks `static_differs`: there PyTorch's own symbolic answer
//! is not its static answer at the sample's sizes. A malformed or unreadable file fails its test
//! with a message naming the file and where in it.
//!
//! Three more tests: `every_declared_overload_has_cases` (`coverage.rs`),
//! `known_mismatches_name_recorded_cases` and `refusals_in_pytorch_words`
//! (`wording.rs`: the refusals whose message we repeat word for word). The
//! format of the fixtures is described in `tests/fixtures/README.md` and at
//! the top of the script.

mod compare;
mod coverage;
mod read;
mod symbolic;
mod wording;

use compare::Mismatch;
use fake_runtime::Registry;
use libtest_mimic::{Arguments, Failed, Trial};
use read::{Bad, arr, field, obj, string};
use serde_json::Value as Json;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The folder of the fixture files, one per operator.
pub(crate) const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/ops");

/// The fixture format this harness reads.
const FORMAT_VERSION: u64 = 2;

/// Cases known to differ from PyTorch: `(operator, case, reason)`. A case
/// of the symbolic section is named `symbolic: <name>`. Every entry needs a
/// reason a reviewer can accept; an entry whose case matches again is an
/// error.
const KNOWN_MISMATCHES: &[(&str, &str, &str)] = &[
    (
        "aten::istft",
        "symbolic: istft of dynamic frames",
        "the signal's length is `Min(2*s1 + 2, 2*s1 + 6) - 4` (`sym_min` of the centred end and the full length, which sympy does not fold), printed alike by both in the sizes; the division's contiguous strides print it again in PyTorch and as `2*s1 - 2` in ours, where the stride's `Max(1, ...)` is folded with the Min: the same value at every size",
    ),
    (
        "aten::max_pool3d_with_indices",
        "symbolic: max_pool3d_with_indices of a dynamic channels-last-3d input",
        "PyTorch makes the output contiguous and then calls `.to(memory_format=channels_last_3d)`, whose C++ layout tests cannot simplify `Max(1, (s0//2))` and guard each pooled size against 1 (`Ne((s0//2), 1)`); the rule lays the output out in channels-last-3d directly, which our ranges (`s0//2 >= 1`) decide without a guard, so where a pooled size is 1 our guards hold and PyTorch's do not (the outputs agree at every sample where both hold)",
    ),
    (
        "aten::detach_",
        "transposed",
        "autograd refuses to detach a view in place; whether a tensor is a view (its `_base`) is autograd's bookkeeping, not metadata the mode tracks (exported programs call detach_ on lifted constants, never on views)",
    ),
    (
        "aten::detach_",
        "storage offset",
        "as \"transposed\": the input is a view, which autograd refuses to detach in place",
    ),
    (
        "aten::pinverse",
        "symbolic: pinverse in a plain fake mode",
        "both refuse the call (`storage_offset()` of a symbolic tensor in ATen's kernel); before refusing, PyTorch reads the size of an intermediate, the singular values' Min(s0, s1), guarding Eq(Min(s0, s1), 3), where we read the input's sizes (Eq(s0, 5), Eq(s1, 3)), so the guards differ where the minimum is 3 and the input is not 5x3",
    ),
    (
        "aten::resize",
        "symbolic: grow, dynamic sizes",
        "as `resize_`, which it runs on a clone: PyTorch guards whether the clone's storage must grow (80 > 4*s0*s1), which decides only whether its fake storage is reallocated; fake-tensor keeps no storage size, so its guards hold at 6x6, where the result (sizes [4, 5], contiguous) is the same",
    ),
    (
        "aten::resize_",
        "symbolic: grow, dynamic sizes",
        "PyTorch guards whether the storage must grow (new nbytes 80 > old 4*s0*s1), which decides only whether its fake storage is reallocated; fake-tensor keeps no storage size, so takes no such decision, and its guards hold at 6x6, where the result (sizes [4, 5], contiguous) is the same",
    ),
];

// ---- fixture files ---------------------------------------------------------------------------

/// One fixture file, read and checked for shape.
pub(crate) struct Fixture {
    /// The file's name (`add.json`), for messages.
    pub file: String,
    /// The operator family the file holds (`add`): its stem.
    pub family: String,
    /// Each overload (`aten::add.Tensor`) with its static cases, in file order.
    pub ops: Vec<(String, Vec<Json>)>,
    /// The symbolic cases.
    pub symbolic: Vec<Json>,
}

impl Fixture {
    /// Every case of `op`, by the name a mismatch gives it: a static case by
    /// its name, a symbolic one as `symbolic: <name>`.
    pub fn case_names(&self, op: &str) -> Vec<String> {
        let mut names: Vec<String> = self
            .ops
            .iter()
            .filter(|(o, _)| o == op)
            .flat_map(|(_, cases)| cases.iter())
            .filter_map(|c| c.get("name")?.as_str().map(str::to_string))
            .collect();
        names.extend(
            self.symbolic
                .iter()
                .filter(|c| c.get("op").and_then(Json::as_str) == Some(op))
                .filter_map(|c| Some(format!("symbolic: {}", c.get("name")?.as_str()?))),
        );
        names
    }
}

/// The operator family an overload belongs to, which names its fixture
/// file: the name without namespace and overload, an in-place `foo_` as
/// `foo` (a trailing underscore marks the in-place variant, except in a
/// dunder name such as `__and__`). `aten::add_.Tensor` -> `add`.
pub(crate) fn family(op: &str) -> &str {
    // Without its namespace (`aten::`, or another of torch's own).
    let name = op.rsplit("::").next().unwrap_or(op);
    let base = name.split('.').next().unwrap_or(name);
    match base.strip_suffix('_') {
        Some(stem) if !base.ends_with("__") => stem,
        _ => base,
    }
}

/// The folder whose files are replayed: [`FIXTURES`], or the folder the
/// environment variable `FAKE_OP_CASES` names (the output of
/// `scripts/sweep_symbolic_cases.py`, replayed with the other tests
/// skipped: they read the committed fixtures).
fn cases_dir() -> PathBuf {
    std::env::var_os("FAKE_OP_CASES").map_or_else(|| PathBuf::from(FIXTURES), PathBuf::from)
}

/// The fixture files, sorted by name.
pub(crate) fn fixture_paths() -> Result<Vec<PathBuf>, Bad> {
    let dir = cases_dir();
    let shown = dir.display();
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("{shown}: cannot list: {e}"))?;
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("{shown}: cannot list: {e}"))?
            .path();
        if path.extension().is_some_and(|x| x == "json") {
            paths.push(path);
        }
    }
    paths.sort();
    if paths.is_empty() {
        return Err(format!("{shown}: no fixture files"));
    }
    Ok(paths)
}

/// Read one fixture file: its header's format version, every overload
/// belonging to the file's family, every case named.
pub(crate) fn load(path: &Path) -> Result<Fixture, Bad> {
    let file = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let family_name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{file}: cannot read: {e}"))?;
    let data: Json =
        serde_json::from_str(&text).map_err(|e| format!("{file}: not valid JSON: {e}"))?;
    let at = |what: &str| format!("{file}: {what}");
    let version = field(
        field(&data, "header", &file)?,
        "format_version",
        &at("header"),
    )?;
    if version.as_u64() != Some(FORMAT_VERSION) {
        return Err(at(&format!(
            "format_version {version}; this harness reads {FORMAT_VERSION}"
        )));
    }
    let mut ops = Vec::new();
    for (op, entry) in obj(field(&data, "ops", &file)?, &file)? {
        let cases = arr(field(entry, "cases", &at(op))?, &at(op))?;
        for case in cases {
            string(field(case, "name", &at(op))?, &at(op))?;
        }
        ops.push((op.clone(), cases.to_vec()));
    }
    let symbolic = arr(field(&data, "symbolic", &file)?, &file)?.to_vec();
    for case in &symbolic {
        let op = string(field(case, "op", &at("symbolic"))?, &at("symbolic"))?;
        string(field(case, "name", &at(op))?, &at(op))?;
    }
    let ops_of_symbolic = symbolic.iter().filter_map(|c| c.get("op")?.as_str());
    for op in ops.iter().map(|(o, _)| o.as_str()).chain(ops_of_symbolic) {
        if family(op) != family_name {
            return Err(at(&format!(
                "{op} belongs in {}.json, not here",
                family(op)
            )));
        }
    }
    Ok(Fixture {
        file,
        family: family_name,
        ops,
        symbolic,
    })
}

// ---- the tests ---------------------------------------------------------------------------------

/// Every case of one fixture file answers as PyTorch does.
fn check_file(path: &Path) -> Result<(), Bad> {
    let fixture = load(path)?;
    let registry = fake_ops::registry();
    let file = &fixture.file;
    let mut mismatches: Vec<Mismatch> = Vec::new();
    let mut problems = String::new();
    for (op, cases) in &fixture.ops {
        if registry.lookup(op).is_none() {
            let _ = writeln!(problems, "  {op}: not registered");
            continue;
        }
        for case in cases {
            compare::static_case(op, case, &mut mismatches)
                .map_err(|e| format!("{file}: malformed: {e}"))?;
        }
    }
    for case in &fixture.symbolic {
        let op = string(field(case, "op", file)?, file)?;
        if registry.lookup(op).is_none() {
            let _ = writeln!(problems, "  {op}: not registered");
            continue;
        }
        symbolic::symbolic_case(case, &mut mismatches)
            .map_err(|e| format!("{file}: malformed: {e}"))?;
    }

    // Known mismatches are tolerated; listed cases that match fail.
    let listed: Vec<&(&str, &str, &str)> = KNOWN_MISMATCHES
        .iter()
        .filter(|(op, _, _)| family(op) == fixture.family)
        .collect();
    let known = |m: &Mismatch| {
        listed
            .iter()
            .any(|&&(op, case, _)| op == m.op && case == m.case)
    };
    let failing: Vec<&Mismatch> = mismatches.iter().filter(|m| !known(m)).collect();
    for m in &failing {
        let _ = writeln!(
            problems,
            "  {} / {}: {}\n      ours:    {}\n      PyTorch: {}",
            m.op, m.case, m.field, m.ours, m.pytorch
        );
    }
    for &&(op, case, _) in &listed {
        if !mismatches.iter().any(|m| m.op == op && m.case == case) {
            let _ = writeln!(
                problems,
                "  {op} / {case}: listed as a known mismatch but matches PyTorch (remove it)"
            );
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{file}: {} mismatches with PyTorch\n{problems}",
            failing.len()
        ))
    }
}

/// Every entry of [`KNOWN_MISMATCHES`] names a case the fixtures record,
/// with a reason.
fn known_mismatches_name_recorded_cases() -> Result<(), Bad> {
    let mut problems = String::new();
    for &(op, case, reason) in KNOWN_MISMATCHES {
        let path = Path::new(FIXTURES).join(format!("{}.json", family(op)));
        let names = match load(&path) {
            Ok(fixture) => fixture.case_names(op),
            Err(e) => {
                let _ = writeln!(problems, "  {op} / {case}: {e}");
                continue;
            }
        };
        if !names.iter().any(|n| n == case) {
            let _ = writeln!(problems, "  {op} / {case}: no such case recorded");
        }
        if reason.trim().is_empty() {
            let _ = writeln!(problems, "  {op} / {case}: no reason given");
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("KNOWN_MISMATCHES:\n{problems}"))
    }
}

fn main() {
    let args = Arguments::from_args();
    // A kernel that panics is a mismatch, reported with the others: print
    // one line where it panicked instead of a backtrace per case.
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map_or_else(String::new, |l| format!(" at {}:{}", l.file(), l.line()));
        eprintln!("kernel panicked{at}");
    }));
    let mut trials = Vec::new();
    match fixture_paths() {
        Ok(paths) => {
            for path in paths {
                let name = path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                trials.push(Trial::test(name, move || {
                    check_file(&path).map_err(Failed::from)
                }));
            }
        }
        Err(e) => trials.push(Trial::test("fixture_files", move || Err(e.into()))),
    }
    trials.push(Trial::test("every_declared_overload_has_cases", || {
        coverage::check().map_err(Failed::from)
    }));
    trials.push(Trial::test("known_mismatches_name_recorded_cases", || {
        known_mismatches_name_recorded_cases().map_err(Failed::from)
    }));
    trials.push(Trial::test("refusals_in_pytorch_words", || {
        wording::check().map_err(Failed::from)
    }));
    libtest_mimic::run(&args, trials).exit();
}
