//! The decision primitives of the ShapeEnv, each on a backed symbol, on an
//! unbacked one, and on an unbacked one with a runtime assert in force:
//! `guard_bool`, `guard_or_false`, `guard_or_true`, `statically_known_true`,
//! `definitely_true`, `definitely_false`, `guard_size_oblivious`, and
//! `sym_min`/`sym_max` (which decide nothing).

use fake_runtime::sym::SymInt;
use fake_runtime::{DimDynamic, ErrorKind, ShapeEnv, Source};

/// A ShapeEnv with a backed `s0` (hint 5) and a size-like unbacked `u0`.
fn env() -> (ShapeEnv, SymInt, SymInt) {
    let mut env = ShapeEnv::new();
    let s0 = env
        .create_symbol(5, Source::size("x", 0), DimDynamic::Dynamic, None)
        .expect("a symbol");
    let u0 = env.create_unbacked(true, "nonzero");
    (env, s0, u0)
}

#[test]
fn guard_bool_guards_backed_and_refuses_unbacked() {
    let (mut env, s0, u0) = env();
    let c = env.gt(s0, SymInt::Int(3)).unwrap();
    assert!(env.guard_bool(c, "t").unwrap());
    assert_eq!(env.format_guards(), ["x.size()[0] > 3"]);
    let c = env.eq(u0, SymInt::Int(0)).unwrap();
    let err = env.guard_bool(c, "relu").unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::DataDependent { op, expr, .. } if op == "relu" && expr == "Eq(u0, 0)"),
        "{err}"
    );
}

#[test]
fn guard_or_false_and_true_guard_backed_conditions() {
    let (mut env, s0, _) = env();
    let c = env.eq(s0, SymInt::Int(1)).unwrap();
    // Decided by the range (s0 >= 2): no guard.
    assert!(!env.guard_or_true(c, "t").unwrap());
    assert!(env.guards().is_empty());
    let c = env.eq(s0, SymInt::Int(5)).unwrap();
    assert!(env.guard_or_false(c, "t").unwrap());
    assert_eq!(env.format_guards(), ["Eq(x.size()[0], 5)"]);
}

#[test]
fn guard_or_false_and_true_fall_back_on_unbacked_without_recording() {
    let (mut env, _, u0) = env();
    let c = env.eq(u0, SymInt::Int(1)).unwrap();
    assert!(!env.guard_or_false(c, "t").unwrap());
    assert!(env.guard_or_true(c, "t").unwrap());
    assert!(env.guards().is_empty());
    assert!(env.runtime_asserts().is_empty());
    // Statically known facts still answer: u0 >= 0 as a size.
    let c = env.lt(u0, SymInt::Int(0)).unwrap();
    assert!(!env.guard_or_true(c, "t").unwrap());
}

#[test]
fn runtime_asserts_are_axioms() {
    let (mut env, s0, u0) = env();
    // torch._check(u0 <= x.size(0))
    let le = env.le(u0, s0).unwrap();
    env.expect_true(le, "_assert_scalar").unwrap();
    assert_eq!(env.runtime_asserts().len(), 1);
    assert!(env.guards().is_empty());
    // _compute_slice_index's first test now holds statically.
    let ge0 = env.ge(u0, SymInt::Int(0)).unwrap();
    let both = env.and(ge0, le).unwrap();
    assert!(env.statically_known_true(both));
    assert!(env.guard_or_false(both, "slice").unwrap());
    // Implied and negated forms are known too.
    let gt = env.gt(u0, s0).unwrap();
    assert!(!env.guard_or_true(gt, "slice").unwrap());
    // A strict assert implies `!=`.
    let u1 = env.create_unbacked(true, "item");
    let lt = env.lt(u1, s0).unwrap();
    env.expect_true(lt, "_assert_scalar").unwrap();
    let eq = env.eq(u1, s0).unwrap();
    assert!(!env.guard_or_true(eq, "t").unwrap());
    let le1 = env.le(u1, s0).unwrap();
    assert!(env.statically_known_true(le1));
    assert!(env.guards().is_empty());
}

#[test]
fn asserted_disjunction_and_conjunction() {
    let (mut env, s0, u0) = env();
    let a = env.ge(u0, SymInt::Int(4)).unwrap();
    let b = env.le(u0, s0).unwrap();
    let both = env.and(a, b).unwrap();
    env.expect_true(both, "_assert_scalar").unwrap();
    // The range of u0 narrowed to [4, inf), so the first conjunct is
    // known; the second is not (PyTorch's axioms hold the conjunction,
    // not its parts), so a query of it alone falls back.
    assert!(env.statically_known_true(a));
    assert!(!env.statically_known_true(b));
    assert!(!env.guard_or_false(b, "slice").unwrap());
    assert!(env.statically_known_true(both));
    let is_one = env.eq(u0, SymInt::Int(1)).unwrap();
    assert!(!env.guard_bool(is_one, "t").unwrap());
    // A disjunction is known as a whole, not part by part.
    let u1 = env.create_unbacked(false, "item");
    let x = env.eq(u1, SymInt::Int(2)).unwrap();
    let y = env.eq(u1, SymInt::Int(3)).unwrap();
    let either = env.or(x, y).unwrap();
    env.expect_true(either, "_assert_scalar").unwrap();
    assert!(env.statically_known_true(either));
    assert!(!env.statically_known_true(x));
    assert!(!env.guard_or_false(x, "t").unwrap());
}

#[test]
fn statically_known_true_never_guards() {
    let (mut env, s0, u0) = env();
    let c = env.gt(s0, SymInt::Int(4)).unwrap();
    assert!(!env.statically_known_true(c));
    let c = env.ge(s0, SymInt::Int(2)).unwrap();
    assert!(env.statically_known_true(c));
    let c = env.ge(u0, SymInt::Int(0)).unwrap();
    assert!(env.statically_known_true(c));
    assert!(env.guards().is_empty());
}

#[test]
fn definitely_true_and_false() {
    let (mut env, s0, u0) = env();
    let c = env.gt(s0, SymInt::Int(4)).unwrap();
    assert!(env.definitely_true(c, "t").unwrap());
    assert_eq!(env.guards().len(), 1);
    let c = env.gt(s0, SymInt::Int(7)).unwrap();
    assert!(env.definitely_false(c, "t").unwrap());
    assert_eq!(env.guards().len(), 2);
    // Without a hint both say false, even of something the ranges know.
    let c = env.ge(u0, SymInt::Int(0)).unwrap();
    assert!(!env.definitely_true(c, "t").unwrap());
    assert!(!env.definitely_false(c, "t").unwrap());
    assert_eq!(env.guards().len(), 2);
}

#[test]
fn guard_size_oblivious_takes_sizes_as_at_least_two() {
    let (mut env, s0, u0) = env();
    let c = env.eq(u0, SymInt::Int(1)).unwrap();
    assert!(!env.guard_size_oblivious(c, "expand").unwrap());
    let c = env.eq(u0, SymInt::Int(0)).unwrap();
    assert!(!env.guard_size_oblivious(c, "contiguous").unwrap());
    assert!(env.guards().is_empty());
    // The oblivious assumption does not stick.
    let c = env.eq(u0, SymInt::Int(1)).unwrap();
    assert!(!env.statically_known_true(c));
    assert!(env.guard_or_true(c, "t").unwrap());
    // A plain (not size-like) unbacked symbol is not oblivious.
    let u1 = env.create_unbacked(false, "item");
    let c = env.eq(u1, SymInt::Int(1)).unwrap();
    assert!(env.guard_size_oblivious(c, "t").is_err());
    // Backed symbols guard as usual.
    let c = env.gt(s0, SymInt::Int(4)).unwrap();
    assert!(env.guard_size_oblivious(c, "t").unwrap());
    assert_eq!(env.guards().len(), 1);
    // constrain_range_for_size makes a symbol size-like.
    env.constrain_range_for_size(u1, None, None, "t").unwrap();
    let c = env.eq(u1, SymInt::Int(1)).unwrap();
    assert!(!env.guard_size_oblivious(c, "t").unwrap());
}

#[test]
fn sym_min_and_max_decide_nothing() {
    let (mut env, s0, u0) = env();
    let m = env.min(u0, s0).unwrap();
    assert_eq!(env.display(m), "Min(s0, u0)");
    let m = env.max(s0, SymInt::Int(1)).unwrap();
    assert_eq!(env.display(m), "s0");
    assert!(env.guards().is_empty());
    assert!(env.runtime_asserts().is_empty());
}

#[test]
fn provably_equal_over_the_ranges() {
    use fake_runtime::sym::ValueRange;
    let (mut env, s0, u0) = env();
    let s1 = env
        .create_symint_input(3, Source::Local("k".into()), ValueRange::at_least(1))
        .unwrap();
    let prod = env.mul(s0, s1).unwrap();
    // Min(s0, s0*s1) is kept (sympy keeps it) but equals s0 for s1 >= 1.
    let m = env.min(s0, prod).unwrap();
    assert_eq!(env.display(m), "Min(s0, s0*s1)");
    assert!(env.provably_equal(m, s0).unwrap());
    let m = env.max(s0, prod).unwrap();
    assert!(env.provably_equal(m, prod).unwrap());
    assert!(!env.provably_equal(m, s0).unwrap());
    // `(2*s0**2)//s0` is kept (sympy's FloorDiv cancels only syntactic
    // factors) but is `2*s0`: the division is exact and `s0 >= 2`. Inside
    // a `Max` too, as contiguous strides wrap a size.
    let sq = env.mul(s0, s0).unwrap();
    let twice_sq = env.mul(SymInt::Int(2), sq).unwrap();
    let q = env.floordiv(twice_sq, s0).unwrap();
    let twice = env.mul(SymInt::Int(2), s0).unwrap();
    assert_ne!(q, twice, "the quotient is kept");
    assert!(env.provably_equal(q, twice).unwrap());
    let wrapped = env.max(SymInt::Int(1), q).unwrap();
    assert!(env.provably_equal(wrapped, twice).unwrap());
    // An inexact one is not: `(2*s0**2 + 1)//s0` is `2*s0` only as a floor.
    let plus_one = env.add(twice_sq, SymInt::Int(1)).unwrap();
    let inexact = env.floordiv(plus_one, s0).unwrap();
    let twice_plus = env.add(twice, SymInt::Int(1)).unwrap();
    assert!(!env.provably_equal(inexact, twice_plus).unwrap());
    // Nothing is guarded to say so, and unrelated values differ.
    assert!(!env.provably_equal(s0, u0).unwrap());
    assert!(env.guards().is_empty());
}

#[test]
fn a_floor_division_guard_bounds_its_symbol() {
    let (mut env, s0, _) = env();
    // (s0 // 3) >= 1, true at the hint 5, says s0 >= 3.
    let q = env.floordiv(s0, SymInt::Int(3)).unwrap();
    let c = env.ge(q, SymInt::Int(1)).unwrap();
    assert!(env.guard_bool(c, "avg_pool1d").unwrap());
    let s = env.as_symbol(s0).unwrap();
    assert_eq!(env.symbol_range(s).lo(), Some(3));
    // So Max(1, s0 // 3) is s0 // 3 without a further guard.
    let m = env.max(SymInt::Int(1), q).unwrap();
    assert_eq!(m, q);
    assert_eq!(env.guards().len(), 1);
}

/// A bound whose canonical form rounded its constant refines no range,
/// as PyTorch's `_refine_ranges` solves the relation undivided
/// (`torch._check(49 * u >= 2)` bounds `u` by `2/49`, no integer, and
/// leaves it in `[0, oo]`), where the bound written exactly narrows it
/// (`torch._check(u >= 1)`: `[1, oo]`).
#[test]
fn a_rounded_bound_refines_no_range() {
    let (mut env, _s0, u0) = env();
    let scaled = env.mul(u0, SymInt::Int(49)).unwrap();
    let c = env.ge(scaled, SymInt::Int(2)).unwrap();
    env.expect_true(c, "_assert_scalar").unwrap();
    assert_eq!(env.value_range(u0).unwrap().lo(), Some(0));
    let (mut env, _s0, u0) = self::env();
    let c = env.ge(u0, SymInt::Int(1)).unwrap();
    env.expect_true(c, "_assert_scalar").unwrap();
    assert_eq!(env.value_range(u0).unwrap().lo(), Some(1));
}
