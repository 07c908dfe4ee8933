//! The srepr reader against expressions PyTorch writes: sympy's own strings
//! of torch's size functions with sympy's values (tests/fixtures/srepr.json,
//! written by scripts/export_examples.py), every symbolic size recorded in
//! the example programs with its recorded hint, and malformed text.

use fake_tensor::export::schema::{PyInt, SymExpr, SymInt as SerSymInt};
use fake_tensor::export::srepr::{self, ResolveError, SreprErrorKind, SymbolDecl, Value};
use fake_tensor::runtime::sym::ValueRange;
use fake_tensor::runtime::{ShapeEnv, Source, SymBool, SymInt};
use std::collections::HashMap;

use crate::examples::EXAMPLES;

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The value of a lowered expression under the symbols' hints.
fn hint_of(env: &mut ShapeEnv, v: Value) -> Option<i64> {
    match v {
        Value::Int(i) => env.size_hint(i).expect("hint"),
        Value::Bool(SymBool::Bool(b)) => Some(i64::from(b)),
        Value::Bool(SymBool::Expr(e)) => {
            env.arena().eval(e, &|s| env.symbol_hint(s)).expect("eval")
        }
    }
}

#[test]
fn sympy_values_of_torch_functions() {
    let text = std::fs::read_to_string(root().join("tests/fixtures/srepr.json")).unwrap();
    let fixture: serde_json::Value = serde_json::from_str(&text).unwrap();
    let assignments = fixture["assignments"].as_array().unwrap();
    let cases = fixture["cases"].as_array().unwrap();
    assert!(cases.len() >= 20);
    for (k, assignment) in assignments.iter().enumerate() {
        let mut env = ShapeEnv::new();
        let mut symbols: HashMap<String, SymInt> = HashMap::new();
        for name in ["s0", "s1"] {
            let hint = assignment[name].as_i64().unwrap();
            let s = env
                .create_symint_input(hint, Source::Local(name.into()), ValueRange::at_least(1))
                .unwrap();
            symbols.insert(name.to_string(), s);
        }
        for case in cases {
            let text = case["srepr"].as_str().unwrap();
            let want = &case["values"][k];
            let want = want.as_i64().or_else(|| want.as_bool().map(i64::from));
            let v = srepr::lower_str(text, &mut env, &mut symbols)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(hint_of(&mut env, v), want, "{text} under {assignment}");
            // A size scaled by a float is the runtime's own node and prints
            // as sympy prints it; the other functions lower to canonical
            // forms (floor divisions, `Mod`) that print otherwise.
            if let (Value::Int(i), true) = (v, text.starts_with("TruncToInt(Mul(")) {
                assert_eq!(env.display(i), case["printed"].as_str().unwrap(), "{text}");
            }
        }
    }
}

/// Every symbolic value recorded in the example programs, with its hint.
fn recorded_exprs(program: &fake_tensor::export::ExportedProgram) -> Vec<SymExpr> {
    let g = program.graph();
    let mut out = Vec::new();
    let mut push = |s: &SerSymInt| {
        if let SerSymInt::Expr(e) = s {
            out.push(e.clone());
        }
    };
    for t in g.tensor_values.values() {
        t.sizes.iter().chain(&t.strides).for_each(&mut push);
        push(&t.storage_offset);
    }
    g.sym_int_values.values().for_each(push);
    out
}

#[test]
fn recorded_sizes_lower_to_their_hints() {
    let mut total = 0;
    for name in EXAMPLES {
        let path = root().join(format!("examples/{name}.json"));
        let program = fake_tensor::export::load(&path).unwrap();
        let exprs = recorded_exprs(&program);
        let mut env = ShapeEnv::new();
        // Symbols get their hints from the sizes that are exactly them.
        let mut symbols: HashMap<String, SymInt> = HashMap::new();
        for e in &exprs {
            let parsed = e.parse().unwrap();
            if let srepr::NodeKind::Symbol(decl) = &parsed.root().kind
                && !symbols.contains_key(&decl.name)
            {
                let hint = e.hint.as_ref().and_then(|h| h.as_int()).unwrap();
                let range = program.range_constraints[&decl.name];
                let s = env
                    .create_symint_input(
                        hint,
                        Source::Local(decl.name.clone()),
                        ValueRange::new(
                            range.min_val.and_then(PyInt::small),
                            range.max_val.and_then(PyInt::small),
                        ),
                    )
                    .unwrap();
                symbols.insert(decl.name.clone(), s);
            }
        }
        assert!(!symbols.is_empty(), "{name} has symbolic sizes");
        for e in &exprs {
            let v = srepr::lower_str(&e.expr_str, &mut env, &mut symbols)
                .unwrap_or_else(|err| panic!("{name}: {err}"));
            let want = e.hint.as_ref().and_then(|h| h.as_int());
            assert_eq!(hint_of(&mut env, v), want, "{name}: {}", e.expr_str);
            total += 1;
        }
    }
    assert!(total > 100, "{total} expressions");
}

#[test]
fn resolver_closures_create_symbols_on_first_use() {
    let mut env = ShapeEnv::new();
    let mut made = Vec::new();
    let mut resolver = |env: &mut ShapeEnv, d: &SymbolDecl| -> Result<SymInt, ResolveError> {
        if d.assumption("positive") != Some(true) {
            return Err(ResolveError::Refused("not a size".into()));
        }
        made.push(d.name.clone());
        env.create_symint_input(8, Source::Local(d.name.clone()), ValueRange::at_least(1))
            .map_err(|e| ResolveError::Refused(e.to_string()))
    };
    let v = srepr::lower_str(
        "Mul(Integer(2), Symbol('s3', positive=True, integer=True))",
        &mut env,
        &mut resolver,
    )
    .unwrap();
    assert_eq!(hint_of(&mut env, v), Some(16));
    let e = srepr::lower_str("Symbol('u0', integer=True)", &mut env, &mut resolver).unwrap_err();
    assert!(matches!(e.kind, SreprErrorKind::Resolve { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "cannot resolve symbol `u0`: not a size at byte 0 in \"Symbol('u0', integer=True)\""
    );
    assert_eq!(made, ["s3"]);
}

#[test]
fn malformed_expressions_are_clear_errors() {
    let cases: &[(&str, &str)] = &[
        (
            "Add(Symbol('s0'",
            "expected ',' or ')' but found end of input at byte 15",
        ),
        ("Integer(12", "expected ',' or ')' but found end of input"),
        (
            "Frobnicate(Integer(1))",
            "unknown function `Frobnicate` at byte 0",
        ),
        (
            "FloorDiv(Integer(1))",
            "FloorDiv takes 2 argument(s), got 1",
        ),
        ("Integer('x')", "Integer expects an integer literal"),
        ("Integer(99999999999999999999)", "does not fit in 64 bits"),
        (
            "Integer(1000000000000000000000000000000000000000000)",
            "does not fit in 64 bits",
        ),
        ("Rational(1, 0)", "invalid Rational: denominator 0"),
        ("Symbol(1)", "Symbol expects a string"),
        ("Symbol('s0", "invalid string: unterminated"),
        (
            "Add(Integer(1), Integer(2)) junk",
            "expected end of input but found 'j' at byte 28",
        ),
        (
            "",
            "expected an expression but found end of input at byte 0",
        ),
        ("s0", "unknown name `s0`"),
        (
            "Add(Integer(1), Equality(Integer(1), Integer(2)))",
            "expected a number, found a condition",
        ),
        ("Rational(1, 3)", "is not an integer"),
        ("FloorDiv(Integer(1), Integer(0))", "division by zero"),
        (
            "OpaqueUnaryFn_sqrt(Integer(4))",
            "`OpaqueUnaryFn_sqrt` cannot be lowered",
        ),
        ("int_oo", "`int_oo` cannot be lowered"),
        (
            "Symbol('s9', positive=True, integer=True)",
            "cannot resolve symbol `s9`",
        ),
    ];
    for (text, want) in cases {
        let mut env = ShapeEnv::new();
        let mut none: HashMap<String, SymInt> = HashMap::new();
        let e = srepr::lower_str(text, &mut env, &mut none).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains(want), "{text:?}: {msg:?} lacks {want:?}");
    }
}

/// A relation with an integer beyond 64 bits (a range check's bound, as
/// export writes `u1 <= 4 * (2**63 - 2)`) is decided: the other side is a
/// 64-bit integer. Such an integer anywhere else is refused.
#[test]
fn relations_with_integers_beyond_64_bits_are_decided() {
    let mut env = ShapeEnv::new();
    let mut symbols: HashMap<String, SymInt> = HashMap::new();
    let s = env
        .create_symint_input(4, Source::Local("s0".into()), ValueRange::at_least(1))
        .unwrap();
    symbols.insert("s0".into(), s);
    let s0 = "Symbol('s0', positive=True, integer=True)";
    let big = "Integer(36893488147419103224)";
    let cases = [
        (format!("LessThan({s0}, {big})"), true),
        (format!("StrictGreaterThan({s0}, {big})"), false),
        (
            format!("GreaterThan(Integer(-36893488147419103224), {s0})"),
            false,
        ),
        (format!("Unequality({big}, Add({s0}, Integer(1)))"), true),
        (format!("Equality({big}, {big})"), true),
        (
            format!("StrictLessThan(Integer(18446744073709551612), {big})"),
            true,
        ),
    ];
    for (text, want) in cases {
        let v = srepr::lower_str(&text, &mut env, &mut symbols)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(v, Value::Bool(SymBool::Bool(want)), "{text}");
    }
    let e = srepr::lower_str(&format!("Add({s0}, {big})"), &mut env, &mut symbols).unwrap_err();
    assert!(e.to_string().contains("does not fit in 64 bits"), "{e}");
}

#[test]
fn exact_division_by_a_monomial() {
    // What a view's `-1` computes: numel // (product of the other sizes).
    let mut env = ShapeEnv::new();
    let mut symbols: HashMap<String, SymInt> = HashMap::new();
    for (name, hint) in [("s0", 17), ("s1", 3)] {
        let s = env
            .create_symint_input(hint, Source::Local(name.into()), ValueRange::at_least(1))
            .unwrap();
        symbols.insert(name.to_string(), s);
    }
    let q = srepr::lower_str(
        "FloorDiv(Mul(Integer(64), Symbol('s0'), Symbol('s1')), Mul(Integer(64), Symbol('s0')))",
        &mut env,
        &mut symbols,
    )
    .unwrap();
    assert_eq!(q, Value::Int(symbols["s1"]));
    let q = srepr::lower_str(
        "FloorDiv(Mul(Integer(6), Symbol('s0')), Mul(Integer(4), Symbol('s0')))",
        &mut env,
        &mut symbols,
    )
    .unwrap();
    assert_eq!(hint_of(&mut env, q), Some(1));
    for multiple in [
        "Mod(Mul(Symbol('s0'), Symbol('s1')), Symbol('s0'))",
        "Mod(Mul(Integer(64), Symbol('s0'), Symbol('s1')), Mul(Integer(16), Symbol('s0'), Symbol('s1')))",
    ] {
        let r = srepr::lower_str(multiple, &mut env, &mut symbols).unwrap();
        assert_eq!(r, Value::Int(SymInt::Int(0)), "{multiple}");
    }
    let r = srepr::lower_str(
        "Mod(Mul(Integer(6), Symbol('s0')), Mul(Integer(4), Symbol('s0')))",
        &mut env,
        &mut symbols,
    )
    .unwrap();
    assert_eq!(hint_of(&mut env, r), Some(34));
}

#[test]
fn hostile_input_does_not_overflow_the_stack() {
    let deep = format!(
        "{}Integer(1){}",
        "Add(Integer(1), ".repeat(5000),
        ")".repeat(5000)
    );
    let mut env = ShapeEnv::new();
    let mut none: HashMap<String, SymInt> = HashMap::new();
    let e = srepr::lower_str(&deep, &mut env, &mut none).unwrap_err();
    assert!(matches!(e.kind, SreprErrorKind::TooDeep { .. }), "{e}");
}

#[test]
fn the_hint_of_a_symbol_is_solved_from_an_affine_size() {
    let s = "Symbol('s0', positive=True, integer=True)";
    for (text, value, want) in [
        (s.to_string(), 7, Some(7)),
        (format!("Mul(Integer(2), {s})"), 8, Some(4)),
        (format!("Add({s}, Integer(1))"), 5, Some(4)),
        (
            format!("Add(Mul(Integer(2), {s}), Integer(-1))"),
            9,
            Some(5),
        ),
        (format!("Add(Mul(Integer(3), {s}), Integer(1))"), 8, None),
        (format!("FloorDiv({s}, Integer(2))"), 3, None),
        (format!("Mul({s}, {s})"), 9, None),
    ] {
        let expr = srepr::parse(&text).expect("parses");
        let got = expr
            .solve_affine(value, &|_| None)
            .map(|(d, v)| (d.name.clone(), v));
        assert_eq!(got, want.map(|v| ("s0".to_string(), v)), "{text} = {value}");
    }
    // Other symbols of known values divide or subtract out.
    let known = |name: &str| (name == "s1").then_some(3);
    let s1 = "Symbol('s1', positive=True, integer=True)";
    for (text, value, want) in [
        (format!("Mul({s1}, {s})"), 12, Some(4)),
        (format!("Add(Mul({s1}, {s}), {s1})"), 15, Some(4)),
        (format!("Mul({s1}, {s})"), 13, None),
    ] {
        let expr = srepr::parse(&text).expect("parses");
        let got = expr
            .solve_affine(value, &known)
            .map(|(d, v)| (d.name.clone(), v));
        assert_eq!(got, want.map(|v| ("s0".to_string(), v)), "{text} = {value}");
    }
}
