//! Printing of symbolic expressions against PyTorch's own `str()` of the
//! same expressions (`tests/fixtures/printing.json`, written by
//! `scripts/export_printing.py`): order of terms, factors and arguments,
//! and the extra parentheses PyTorch puts around `FloorDiv` and `Mod`.

use fake_runtime::sym::{RelOp, SymBool, SymInt};
use fake_runtime::{DimDynamic, ShapeEnv, Source};
use serde_json::Value as Json;

/// A built expression: an integer or a condition.
enum Built {
    Int(SymInt),
    Bool(SymBool),
}

/// Build the fixture's prefix tree with the ShapeEnv's arithmetic.
fn build(env: &mut ShapeEnv, syms: &[SymInt], tree: &Json) -> Built {
    if let Some(v) = tree.as_i64() {
        return Built::Int(SymInt::Int(v));
    }
    if let Some(name) = tree.as_str() {
        let i: usize = name[1..].parse().expect("a symbol s<N>");
        return Built::Int(syms[i]);
    }
    let list = tree.as_array().expect("a list");
    let op = list[0].as_str().expect("an operator name");
    let args: Vec<SymInt> = list[1..]
        .iter()
        .map(|a| match build(env, syms, a) {
            Built::Int(v) => v,
            Built::Bool(_) => panic!("{op}: a condition as an operand"),
        })
        .collect();
    let (a, b) = (args[0], args[1]);
    let rel = |env: &mut ShapeEnv, op| Built::Bool(env.compare(op, a, b).expect("arithmetic"));
    match op {
        "add" => Built::Int(env.add(a, b).expect("arithmetic")),
        "sub" => Built::Int(env.sub(a, b).expect("arithmetic")),
        "mul" => Built::Int(env.mul(a, b).expect("arithmetic")),
        "floordiv" => Built::Int(env.floordiv(a, b).expect("arithmetic")),
        "ceildiv" => Built::Int(env.ceildiv(a, b).expect("arithmetic")),
        "mod" => Built::Int(env.modulo(a, b).expect("arithmetic")),
        "max" => Built::Int(env.max(a, b).expect("arithmetic")),
        "min" => Built::Int(env.min(a, b).expect("arithmetic")),
        "eq" => rel(env, RelOp::Eq),
        "ne" => rel(env, RelOp::Ne),
        "lt" => rel(env, RelOp::Lt),
        "le" => rel(env, RelOp::Le),
        "gt" => rel(env, RelOp::Gt),
        "ge" => rel(env, RelOp::Ge),
        other => panic!("unknown operator {other}"),
    }
}

/// Cases printed differently on purpose, with the reason: a relation is
/// interned in one canonical form (`s0 - 1 != 1` and `s0 != 2` are one
/// handle), so the sides sympy was given are not kept. An entry that
/// starts matching is an error, so the list cannot go stale.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[(
    "Ne(s0 - 1, 1)",
    "relations are canonical: constants move to the right-hand side",
)];

#[test]
fn expressions_print_as_pytorch_prints_them() {
    let text = include_str!("fixtures/printing.json");
    let fixture: Json = serde_json::from_str(text).expect("valid JSON");
    let cases = fixture["cases"].as_array().expect("a list of cases");
    // s0..s10, distinct hints so that no two share a symbol.
    let mut env = ShapeEnv::new();
    let syms: Vec<SymInt> = (0..11)
        .map(|i| {
            env.create_symbol(
                100 + i,
                Source::size("x", i as usize),
                DimDynamic::Dynamic,
                None,
            )
            .expect("a symbol")
        })
        .collect();
    let mut wrong = Vec::new();
    for case in cases {
        let ours = match build(&mut env, &syms, &case["expr"]) {
            Built::Int(v) => env.display(v),
            Built::Bool(c) => env.display_bool(c),
        };
        let pytorch = case["pytorch"].as_str().expect("a string");
        let known = KNOWN_DIFFERENCES.iter().any(|&(k, _)| k == pytorch);
        if known && ours == pytorch {
            wrong.push(format!(
                "{pytorch}: listed as a known difference but matches"
            ));
        } else if !known && ours != pytorch {
            wrong.push(format!("{}: ours {ours}, PyTorch {pytorch}", case["expr"]));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} expressions print differently:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}
