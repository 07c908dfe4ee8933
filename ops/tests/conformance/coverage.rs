//! Which declared overloads the fixtures cover: every overload of
//! [`fake_ops::registry`] needs at least one static case (where
//! FakeTensorMode cannot run a call, PyTorch's refusal is still a case),
//! and a symbolic case where it takes sizes (a `Tensor` argument of any
//! kind, or a `SymInt`/`SymInt[]` one). The overloads excused from a
//! symbolic case are [`WITHOUT_SYMBOLIC_CASE`], each with its reason; an
//! entry that is no longer needed fails too.

use crate::read::{Bad, field, string};
use crate::{fixture_paths, load};
use fake_runtime::Registry;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// Overloads that take sizes but have no symbolic case: `(overload, why)`.
const WITHOUT_SYMBOLIC_CASE: &[(&str, &str)] = &[
    (
        "aten::item",
        "takes a one-element tensor only (PyTorch refuses any other), whose dims are all of size 1 and so specialised: no size of it can be symbolic",
    ),
    (
        "aten::fractional_max_pool3d_backward",
        "PyTorch has no meta kernel for it: FakeTensorMode runs the CPU kernel on zeros for static sizes and refuses symbolic ones (UnsupportedOperatorException), so there is no symbolic answer to compare with",
    ),
];

/// Whether an overload takes sizes: a `Tensor` argument (`Tensor`,
/// `Tensor?`, `Tensor[]`, `Tensor?[]`, aliased or not) or a `SymInt` one
/// (`SymInt`, `SymInt[]`, `SymInt[2]`, optional or not).
fn takes_sizes(schema: &str) -> bool {
    let (Some(open), Some(close)) = (schema.find('('), schema.rfind(") ->")) else {
        return false;
    };
    let mut depth = 0i32;
    let mut start = open + 1;
    let mut parts = Vec::new();
    for (i, c) in schema[..close].char_indices().skip(open + 1) {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&schema[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&schema[start..close]);
    parts
        .iter()
        .map(|p| p.trim())
        .any(|p| p.starts_with("Tensor") || p.starts_with("SymInt"))
}

/// Every declared overload has a case, and a symbolic case where it takes
/// sizes, unless [`WITHOUT_SYMBOLIC_CASE`] says why not.
pub(crate) fn check() -> Result<(), Bad> {
    let mut cases: BTreeMap<String, usize> = BTreeMap::new();
    let mut symbolic: BTreeSet<String> = BTreeSet::new();
    for path in fixture_paths()? {
        let fixture = load(&path)?;
        for (op, list) in &fixture.ops {
            *cases.entry(op.clone()).or_default() += list.len();
        }
        for case in &fixture.symbolic {
            let op = string(field(case, "op", &fixture.file)?, &fixture.file)?;
            symbolic.insert(op.to_string());
        }
    }
    let registry = fake_ops::registry();
    let excused = |op: &str| WITHOUT_SYMBOLIC_CASE.iter().any(|&(o, _)| o == op);
    let mut problems = String::new();
    for def in registry.ops() {
        let op = def.name;
        if cases.get(op).is_none_or(|&n| n == 0) {
            let _ = writeln!(problems, "  {op}: no case");
        }
        let needs_symbolic = takes_sizes(def.schema);
        let has_symbolic = symbolic.contains(op);
        match (needs_symbolic && !has_symbolic, excused(op)) {
            (true, false) => {
                let _ = writeln!(problems, "  {op}: takes sizes but has no symbolic case");
            }
            (false, true) => {
                let _ = writeln!(
                    problems,
                    "  {op}: in WITHOUT_SYMBOLIC_CASE but needs no exception (remove it)"
                );
            }
            _ => {}
        }
    }
    for &(op, reason) in WITHOUT_SYMBOLIC_CASE {
        if registry.lookup(op).is_none() {
            let _ = writeln!(
                problems,
                "  {op}: in WITHOUT_SYMBOLIC_CASE but not declared"
            );
        }
        if reason.trim().is_empty() {
            let _ = writeln!(
                problems,
                "  {op}: in WITHOUT_SYMBOLIC_CASE without a reason"
            );
        }
    }
    for op in cases.keys().chain(&symbolic) {
        if registry.lookup(op).is_none() {
            let _ = writeln!(problems, "  {op}: has cases but is not declared");
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "overloads without the cases they need (add cases to scripts/export_op_cases.py, \
             or an entry with its reason to WITHOUT_SYMBOLIC_CASE):\n{problems}"
        ))
    }
}
