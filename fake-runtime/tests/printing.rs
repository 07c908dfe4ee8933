//! Canonical forms and printing of symbolic expressions against PyTorch's
//! own `str()` of the same expressions (`tests/fixtures/printing.json`,
//! written by `scripts/export_printing.py`): order of terms, factors and
//! arguments, the extra parentheses PyTorch puts around `FloorDiv` and
//! `Mod`, and the cancellations of `FloorDiv`, `Mod`/`PythonMod` and
//! `CeilDiv`. Each group of cases (one rule) is its own test.

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
    if op == "neg" {
        return Built::Int(env.neg(args[0]).expect("arithmetic"));
    }
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

/// Cases printed differently on purpose (the tree as the fixture writes
/// it), with the reason. An entry that starts matching is an error, so the
/// list cannot go stale.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[
    (
        r#"["ne",["sub","s0",1],1]"#,
        "relations are canonical: Ne(s0 - 1, 1) is Ne(s0, 2)",
    ),
    (
        r#"["floordiv",["add",["mul",["mul",2,"s0"],"s1"],["mul",2,"s0"]],4]"#,
        "sympy.simplify factors the quotient of a cancellation (s0*(s1 + 1)); \
         polynomials stay expanded",
    ),
    (
        r#"["floordiv",["add",["add",["mul",["mul","s0","s1"],"s1"],["mul",["mul",2,"s0"],"s1"]],"s0"],["add","s1",1]]"#,
        "sympy.simplify factors the quotient of a cancellation (s0*(s1 + 1)); \
         polynomials stay expanded",
    ),
    (
        r#"["floordiv",["add",["mul",["mul",["mul",2,"s0"],"s1"],"s3"],["mul",["mul",4,"s0"],"s3"]],["mul",4,"s3"]]"#,
        "after cancelling 2*s3 PyTorch divides s0*(s1 + 2), factored by sympy.simplify, by 2: \
         one term, which 2 does not divide; ours divides s0*s1 + 2*s0 and takes out s0",
    ),
    (
        r#"["floordiv",["add",["mul",["mul",["mul","s0","s0"],"s1"],"s2"],["mul","s0","s2"]],["mul",["mul","s0","s2"],"s3"]]"#,
        "after cancelling s2 PyTorch's dividend is s0*(s0*s1 + 1), factored by \
         sympy.simplify, whose factor s0 cancels; s0 is no factor of s0**2*s1 in ours",
    ),
    (
        r#"["floordiv",["floordiv","s0",["add","s1",1]],"s2"]"#,
        "sympy keeps the merged divisor s2*(s1 + 1) unexpanded; polynomials stay expanded",
    ),
    (
        r#"["floordiv",["floordiv","s0",2],-3]"#,
        "PyTorch merges a nested division by a negative divisor, which changes the \
         value (s0 = 1: (0//(-3)) = 0 but (1//(-6)) = -1); ours merges only for \
         divisors >= 0",
    ),
    (
        r#"["mod",["sub",["mul",["mul",2,"s0"],"s1"],["mul",2,"s0"]],["sub",["mul",4,"s1"],4]]"#,
        "one modulus node, printed Mod; PyTorch names it PythonMod when an operand may \
         be negative",
    ),
    (
        r#"["mod",["sub","s0",5],"s1"]"#,
        "one modulus node, printed Mod; PyTorch names it PythonMod when an operand may \
         be negative",
    ),
];

/// True when `case` is listed in [`KNOWN_DIFFERENCES`].
fn is_known_difference(case: &Json) -> bool {
    let tree = case["expr"].to_string();
    KNOWN_DIFFERENCES.iter().any(|&(t, _)| t == tree)
}

/// The fixture's cases.
fn cases() -> Vec<Json> {
    let text = include_str!("fixtures/printing.json");
    let fixture: Json = serde_json::from_str(text).expect("valid JSON");
    fixture["cases"]
        .as_array()
        .expect("a list of cases")
        .clone()
}

/// Build and print every case of `group`; fail naming each case that
/// prints differently (tree, ours, PyTorch's) and each known difference
/// that no longer differs.
fn check_group(group: &str) {
    let cases: Vec<Json> = cases()
        .into_iter()
        .filter(|c| c["group"] == group)
        .collect();
    assert!(
        !cases.is_empty(),
        "no cases of group {group} in the fixture"
    );
    // s0..s10 as the ShapeEnv makes sizes (range [2, inf) after 0/1
    // specialisation), distinct hints so that no two share a symbol.
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
    for case in &cases {
        let tree = &case["expr"];
        let ours = match build(&mut env, &syms, tree) {
            Built::Int(v) => env.display(v),
            Built::Bool(c) => env.display_bool(c),
        };
        let pytorch = case["pytorch"].as_str().expect("a string");
        let known = is_known_difference(case);
        if known && ours == pytorch {
            wrong.push(format!(
                "{tree}: listed as a known difference but prints as PyTorch's {pytorch}"
            ));
        } else if !known && ours != pytorch {
            wrong.push(format!("{tree}: ours {ours}, PyTorch {pytorch}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{group}: {} of {} expressions differ from PyTorch:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}

/// The groups the tests below check.
const GROUPS: &[&str] = &[
    "layout",
    "cancellation_examples",
    "floordiv_integer_gcd",
    "floordiv_common_factor",
    "floordiv_polynomial_gcd",
    "floordiv_nested",
    "mod",
    "python_mod",
    "ceildiv",
    "extrema",
];

#[test]
fn every_group_of_the_fixture_is_checked() {
    for case in cases() {
        let group = case["group"].as_str().expect("a group name");
        assert!(GROUPS.contains(&group), "group {group} has no test");
    }
}

#[test]
fn known_differences_name_fixture_cases() {
    let trees: Vec<String> = cases().iter().map(|c| c["expr"].to_string()).collect();
    for &(tree, _) in KNOWN_DIFFERENCES {
        assert!(
            trees.iter().any(|t| t == tree),
            "known difference {tree} is not a case of the fixture"
        );
    }
}

/// Order of terms, factors and arguments; parentheses.
#[test]
fn layout() {
    check_group("layout");
}

/// The examples the cancellation rules were ported for.
#[test]
fn cancellation_examples() {
    check_group("cancellation_examples");
}

/// `simple_floordiv_gcd`: the integer gcd of all coefficients cancels.
#[test]
fn floordiv_integer_gcd() {
    check_group("floordiv_integer_gcd");
}

/// `simple_floordiv_gcd`: factors of the divisor in every dividend term.
#[test]
fn floordiv_common_factor() {
    check_group("floordiv_common_factor");
}

/// `sympy.gcd` for a sum divisor.
#[test]
fn floordiv_polynomial_gcd() {
    check_group("floordiv_polynomial_gcd");
}

/// `FloorDiv(FloorDiv(a, b), c) = FloorDiv(a, b*c)`.
#[test]
fn floordiv_nested() {
    check_group("floordiv_nested");
}

/// `Mod` of non-negative operands.
#[test]
fn mod_cancellation() {
    check_group("mod");
}

/// `PythonMod` (an operand may be negative).
#[test]
fn python_mod_cancellation() {
    check_group("python_mod");
}

/// `CeilDiv` is `CleanDiv` when the divisor is the gcd.
#[test]
fn ceildiv() {
    check_group("ceildiv");
}

/// Nested extrema lose their redundant arguments, as sympy's
/// `_collapse_arguments` removes them.
#[test]
fn extrema() {
    check_group("extrema");
}

/// Sums inside a product are ordered by the names that decide the order
/// (sympy's sort key compares the symbols' own names), not by the order
/// the symbols were made in: the contiguous strides of sizes
/// `[s10 - 1, s53 - 1, s21 - 1]`, symbols made in that order and printed
/// with those names, print their first stride as sympy's `str` prints
/// the product of the last two: `(s21 - 1)*(s53 - 1)`.
#[test]
fn sums_in_a_product_follow_the_printed_names() {
    let mut env = ShapeEnv::new();
    let names = ["s10", "s53", "s21"];
    let mut sizes = Vec::new();
    let mut by_symbol = std::collections::HashMap::new();
    for (i, name) in names.iter().enumerate() {
        let s = env
            .create_symbol(3, Source::size("x", i), DimDynamic::Dynamic, None)
            .unwrap();
        by_symbol.insert(env.as_symbol(s).unwrap(), name.to_string());
        sizes.push(env.sub(s, SymInt::Int(1)).unwrap());
    }
    let strides = fake_runtime::strides::contiguous(&mut env, &sizes).unwrap();
    let SymInt::Expr(first) = strides[0] else {
        panic!("a symbolic stride")
    };
    let printed = env.arena().display_with(first, &|s| by_symbol[&s].clone());
    assert_eq!(printed, "(s21 - 1)*(s53 - 1)");
}
