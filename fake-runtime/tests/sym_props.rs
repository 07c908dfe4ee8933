//! Property tests of the symbolic core: canonical forms keep the value of
//! the expression they stand for, guards are sound (sizes that pass
//! `check_guards` take the same decisions as the trace did), and what is
//! decided without a guard holds for every size the ranges allow.

use fake_runtime::sym::{SymBool, SymInt};
use fake_runtime::{DimDynamic, Error, ErrorKind, ShapeEnv, Source};
use proptest::prelude::*;

const NSYM: usize = 3;

/// An expression tree evaluated directly, to compare with the canonical form.
#[derive(Debug, Clone)]
enum Tree {
    Sym(usize),
    Const(i64),
    Add(Box<Tree>, Box<Tree>),
    Sub(Box<Tree>, Box<Tree>),
    Mul(Box<Tree>, Box<Tree>),
    FloorDiv(Box<Tree>, i64),
    FloorDivSym(Box<Tree>, usize),
    CeilDiv(Box<Tree>, i64),
    Mod(Box<Tree>, i64),
    Max(Box<Tree>, Box<Tree>),
    Min(Box<Tree>, Box<Tree>),
    /// A division of two trees.
    Div(Box<Tree>, Box<Tree>, DivOp),
}

/// The divisions of [`Tree::Div`].
#[derive(Debug, Clone, Copy)]
enum DivOp {
    Floor,
    Ceil,
    Mod,
}

fn div_op() -> impl Strategy<Value = DivOp> {
    prop_oneof![Just(DivOp::Floor), Just(DivOp::Ceil), Just(DivOp::Mod)]
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![
        (0..NSYM).prop_map(Tree::Sym),
        (-4i64..5).prop_map(Tree::Const)
    ];
    leaf.prop_recursive(5, 32, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Tree::Add(a.into(), b.into())),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Tree::Sub(a.into(), b.into())),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Tree::Mul(a.into(), b.into())),
            (inner.clone(), 1i64..7).prop_map(|(a, d)| Tree::FloorDiv(a.into(), d)),
            (inner.clone(), 0..NSYM).prop_map(|(a, s)| Tree::FloorDivSym(a.into(), s)),
            (inner.clone(), 1i64..7).prop_map(|(a, d)| Tree::CeilDiv(a.into(), d)),
            (inner.clone(), 1i64..7).prop_map(|(a, d)| Tree::Mod(a.into(), d)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Tree::Max(a.into(), b.into())),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Tree::Min(a.into(), b.into())),
            (inner.clone(), inner, div_op()).prop_map(|(a, b, op)| Tree::Div(
                a.into(),
                b.into(),
                op
            )),
        ]
    })
}

fn floor_div(a: i128, b: i128) -> i128 {
    a.div_euclid(b) - if b < 0 && a.rem_euclid(b) != 0 { 1 } else { 0 }
}

/// Python's `a % b` (the sign of the divisor).
fn py_mod(a: i128, b: i128) -> i128 {
    a - b * floor_div(a, b)
}

/// Direct evaluation in i128 (trees are small enough never to overflow
/// it); `None` when the tree divides by zero.
fn eval_tree(t: &Tree, vals: &[i64]) -> Option<i128> {
    let ev = |t: &Tree| eval_tree(t, vals);
    Some(match t {
        Tree::Sym(i) => i128::from(vals[*i]),
        Tree::Const(c) => i128::from(*c),
        Tree::Add(a, b) => ev(a)? + ev(b)?,
        Tree::Sub(a, b) => ev(a)? - ev(b)?,
        Tree::Mul(a, b) => ev(a)?.saturating_mul(ev(b)?),
        Tree::FloorDiv(a, d) => floor_div(ev(a)?, i128::from(*d)),
        Tree::FloorDivSym(a, s) => floor_div(ev(a)?, i128::from(vals[*s])),
        Tree::CeilDiv(a, d) => -floor_div(-ev(a)?, i128::from(*d)),
        Tree::Mod(a, d) => ev(a)?.rem_euclid(i128::from(*d)),
        Tree::Max(a, b) => ev(a)?.max(ev(b)?),
        Tree::Min(a, b) => ev(a)?.min(ev(b)?),
        Tree::Div(a, b, op) => {
            let (a, b) = (ev(a)?, ev(b)?);
            // PyTorch's `CeilDiv(a, b)` is `(a + b - 1) // b`, a ceiling
            // only for b > 0 (sizes).
            if b == 0 || (b < 0 && matches!(op, DivOp::Ceil)) {
                return None;
            }
            match op {
                DivOp::Floor => floor_div(a, b),
                DivOp::Ceil => -floor_div(-a, b),
                DivOp::Mod => py_mod(a, b),
            }
        }
    })
}

fn build(env: &mut ShapeEnv, syms: &[SymInt], t: &Tree) -> Result<SymInt, Error> {
    Ok(match t {
        Tree::Sym(i) => syms[*i],
        Tree::Const(c) => SymInt::Int(*c),
        Tree::Add(a, b) => {
            let (a, b) = (build(env, syms, a)?, build(env, syms, b)?);
            env.add(a, b)?
        }
        Tree::Sub(a, b) => {
            let (a, b) = (build(env, syms, a)?, build(env, syms, b)?);
            env.sub(a, b)?
        }
        Tree::Mul(a, b) => {
            let (a, b) = (build(env, syms, a)?, build(env, syms, b)?);
            env.mul(a, b)?
        }
        Tree::FloorDiv(a, d) => {
            let a = build(env, syms, a)?;
            env.floordiv(a, SymInt::Int(*d))?
        }
        Tree::FloorDivSym(a, s) => {
            let a = build(env, syms, a)?;
            env.floordiv(a, syms[*s])?
        }
        Tree::CeilDiv(a, d) => {
            let a = build(env, syms, a)?;
            env.ceildiv(a, SymInt::Int(*d))?
        }
        Tree::Mod(a, d) => {
            let a = build(env, syms, a)?;
            env.modulo(a, SymInt::Int(*d))?
        }
        Tree::Max(a, b) => {
            let (a, b) = (build(env, syms, a)?, build(env, syms, b)?);
            env.max(a, b)?
        }
        Tree::Min(a, b) => {
            let (a, b) = (build(env, syms, a)?, build(env, syms, b)?);
            env.min(a, b)?
        }
        Tree::Div(a, b, op) => {
            let (a, b) = (build(env, syms, a)?, build(env, syms, b)?);
            match op {
                DivOp::Floor => env.floordiv(a, b)?,
                DivOp::Ceil => env.ceildiv(a, b)?,
                DivOp::Mod => env.modulo(a, b)?,
            }
        }
    })
}

/// Value of a SymInt when symbol `i` takes `vals[i]`.
fn eval_sym(env: &ShapeEnv, v: SymInt, vals: &[i64]) -> Option<i64> {
    match v {
        SymInt::Int(x) => Some(x),
        SymInt::Expr(e) => env
            .arena()
            .eval(e, &|s| vals.get(s.index() as usize).copied())
            .ok()
            .flatten(),
    }
}

fn eval_bool(env: &ShapeEnv, c: SymBool, vals: &[i64]) -> Option<bool> {
    match c {
        SymBool::Bool(b) => Some(b),
        SymBool::Expr(e) => env
            .arena()
            .eval(e, &|s| vals.get(s.index() as usize).copied())
            .ok()
            .flatten()
            .map(|v| v != 0),
    }
}

fn new_env(hints: &[i64]) -> (ShapeEnv, Vec<SymInt>) {
    let mut env = ShapeEnv::new();
    let syms = hints
        .iter()
        .enumerate()
        .map(|(i, &h)| {
            env.create_symbol(h, Source::size("x", i), DimDynamic::Dynamic, None)
                .expect("hint >= 2")
        })
        .collect();
    (env, syms)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    /// The canonical form of a tree evaluates to what the tree does, for
    /// every assignment the symbol ranges allow (symbols are >= 2).
    #[test]
    fn canonical_form_keeps_the_value(
        t in tree(),
        hints in proptest::collection::vec(2i64..40, NSYM),
        assignments in proptest::collection::vec(proptest::collection::vec(2i64..60, NSYM), 8),
    ) {
        let (mut env, syms) = new_env(&hints);
        let Ok(v) = build(&mut env, &syms, &t) else { return Ok(()) };
        for vals in std::iter::once(&hints).chain(assignments.iter()) {
            // A canonical form may cancel a divisor that is zero here.
            let Some(want) = eval_tree(&t, vals) else { continue };
            if want.unsigned_abs() >= (1u128 << 62) {
                continue;
            }
            prop_assert_eq!(eval_sym(&env, v, vals).map(i128::from), Some(want),
                "tree {:?} printed {} at {:?}", t, env.display(v), vals);
        }
    }

    /// Decide random conditions by hints; any sizes that pass
    /// `check_guards` give every condition the answer the trace took.
    #[test]
    fn guards_are_sound(
        conds in proptest::collection::vec((tree(), tree(), 0u8..6), 1..6),
        hints in proptest::collection::vec(2i64..12, NSYM),
        assignments in proptest::collection::vec(proptest::collection::vec(2i64..14, NSYM), 24),
    ) {
        let (mut env, syms) = new_env(&hints);
        let mut decided = Vec::new();
        for (a, b, op) in &conds {
            let (Ok(x), Ok(y)) = (build(&mut env, &syms, a), build(&mut env, &syms, b)) else { continue };
            let c = match op {
                0 => env.eq(x, y),
                1 => env.ne(x, y),
                2 => env.lt(x, y),
                3 => env.le(x, y),
                4 => env.gt(x, y),
                _ => env.ge(x, y),
            };
            let Ok(c) = c else { continue };
            match env.guard_bool(c, "prop").map_err(Error::into_kind) {
                Ok(answer) => decided.push((c, answer)),
                Err(ErrorKind::Overflow { .. } | ErrorKind::DivisionByZero { .. }) => continue,
                Err(e) => return Err(TestCaseError::fail(format!("unexpected error {e}"))),
            }
        }
        // The hints themselves pass.
        let at = |vals: &[i64]| {
            let vals = vals.to_vec();
            move |s: &Source| match s {
                Source::Size { dim, .. } => vals.get(*dim).copied(),
                _ => None,
            }
        };
        prop_assert!(env.check_guards(&at(&hints)).unwrap_or(false));
        for vals in &assignments {
            if !env.check_guards(&at(vals)).unwrap_or(false) {
                continue;
            }
            for (c, answer) in &decided {
                if let Some(now) = eval_bool(&env, *c, vals) {
                    prop_assert_eq!(now, *answer, "{} at {:?}; guards {:?}",
                        env.display_bool(*c), vals, env.produce_guards());
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    /// Divisions whose operands share a factor (`(a*g) // (b*g)`, and the
    /// same for `%` and `CeilDiv`, possibly divided again) keep their value
    /// through cancellation, wherever the original divides by non-zero.
    #[test]
    fn cancellation_keeps_the_value(
        (a, g, b, c) in (polynomial(), polynomial(), polynomial(), polynomial()),
        op in div_op(),
        nested in any::<bool>(),
        hints in proptest::collection::vec(2i64..40, NSYM),
        assignments in proptest::collection::vec(proptest::collection::vec(2i64..60, NSYM), 8),
    ) {
        let mul = |x: &Tree, y: &Tree| Tree::Mul(x.clone().into(), y.clone().into());
        let mut t = Tree::Div(mul(&a, &g).into(), mul(&b, &g).into(), op);
        if nested {
            t = Tree::Div(t.into(), c.into(), DivOp::Floor);
        }
        let (mut env, syms) = new_env(&hints);
        let Ok(v) = build(&mut env, &syms, &t) else { return Ok(()) };
        for vals in std::iter::once(&hints).chain(assignments.iter()) {
            let Some(want) = eval_tree(&t, vals) else { continue };
            if want.unsigned_abs() >= (1u128 << 62) {
                continue;
            }
            prop_assert_eq!(eval_sym(&env, v, vals).map(i128::from), Some(want),
                "tree {:?} printed {} at {:?}", t, env.display(v), vals);
        }
    }
}

/// A polynomial over the symbols (sums, differences and products only).
fn polynomial() -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![
        (0..NSYM).prop_map(Tree::Sym),
        (-6i64..7).prop_map(Tree::Const)
    ];
    leaf.prop_recursive(4, 16, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Tree::Add(a.into(), b.into())),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Tree::Sub(a.into(), b.into())),
            (inner.clone(), inner).prop_map(|(a, b)| Tree::Mul(a.into(), b.into())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    /// What is decided without a guard (interval bounds, and PyTorch's
    /// reallocation of each symbol above its lower bound) holds at every
    /// point of the symbols' ranges.
    #[test]
    fn static_decisions_hold_everywhere(
        p in polynomial(),
        op in 0u8..6,
        bounds in proptest::collection::vec((2i64..6, 0i64..5), NSYM),
    ) {
        let mut env = ShapeEnv::new();
        let syms: Vec<SymInt> = bounds
            .iter()
            .enumerate()
            .map(|(i, &(lo, width))| {
                let range = fake_runtime::sym::ValueRange::new(Some(lo), Some(lo + width));
                env.create_symbol(lo, Source::size("x", i), DimDynamic::Dynamic, Some(range))
                    .expect("hint in range")
            })
            .collect();
        let Ok(v) = build(&mut env, &syms, &p) else { return Ok(()) };
        let c = match op {
            0 => env.eq(v, SymInt::Int(0)),
            1 => env.ne(v, SymInt::Int(0)),
            2 => env.lt(v, SymInt::Int(0)),
            3 => env.le(v, SymInt::Int(0)),
            4 => env.gt(v, SymInt::Int(0)),
            _ => env.ge(v, SymInt::Int(0)),
        };
        let Ok(c) = c else { return Ok(()) };
        let always = env.statically_known_true(c);
        let not_c = env.not(c).expect("negation");
        let never = env.statically_known_true(not_c);
        prop_assert!(!(always && never));
        if !always && !never {
            return Ok(());
        }
        // Every point of the box [lo, lo + width]^NSYM.
        let mut point: Vec<i64> = bounds.iter().map(|&(lo, _)| lo).collect();
        'grid: loop {
            if let Some(now) = eval_bool(&env, c, &point) {
                prop_assert_eq!(now, always, "{} at {:?}", env.display_bool(c), point);
            }
            let mut i = 0;
            loop {
                if i == NSYM {
                    break 'grid;
                }
                let (lo, width) = bounds[i];
                if point[i] < lo + width {
                    point[i] += 1;
                    break;
                }
                point[i] = lo;
                i += 1;
            }
        }
    }
}
