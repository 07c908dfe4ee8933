//! Canonical forms, simplifications and printing of symbolic integers, as
//! sympy and PyTorch's `torch.utils._sympy` give them.

use fake_runtime::sym::{RelOp, SymInt, ValueRange};
use fake_runtime::{DimDynamic, Error, ErrorKind, ShapeEnv, ShapeEnvSettings, Source};

/// A ShapeEnv with `n` dynamic symbols of the given hints, no 0/1
/// specialisation, so ranges are `[0, inf)` unless said otherwise.
fn env_with(hints: &[i64]) -> (ShapeEnv, Vec<SymInt>) {
    let mut env = ShapeEnv::with_settings(ShapeEnvSettings {
        duck_shape: false,
        specialize_zero_one: false,
        backed_size_oblivious: false,
        backed_ranges_final: false,
    });
    let syms = hints
        .iter()
        .enumerate()
        .map(|(i, &h)| {
            env.create_symbol(h, Source::size("x", i), DimDynamic::Dynamic, None)
                .expect("valid symbol")
        })
        .collect();
    (env, syms)
}

#[test]
fn static_arithmetic_never_allocates_an_expression() {
    let mut env = ShapeEnv::new();
    let before = env.arena().len();
    let a = env.add(SymInt::Int(3), SymInt::Int(4)).unwrap();
    let b = env.mul(a, SymInt::Int(2)).unwrap();
    let c = env.floordiv(b, SymInt::Int(3)).unwrap();
    assert_eq!(c, SymInt::Int(4));
    assert_eq!(env.arena().len(), before);
}

#[test]
fn equal_expressions_are_equal_handles() {
    let (mut env, s) = env_with(&[5, 7]);
    let a = env.add(s[0], s[1]).unwrap();
    let b = env.add(s[1], s[0]).unwrap();
    assert_eq!(a, b);
    let two = SymInt::Int(2);
    let x = env.mul(two, s[0]).unwrap();
    let y = env.add(s[0], s[0]).unwrap();
    assert_eq!(x, y);
    // (s0 + s1) * 2 == 2*s0 + 2*s1
    let lhs = env.mul(a, two).unwrap();
    let t = env.mul(s[1], two).unwrap();
    let rhs = env.add(x, t).unwrap();
    assert_eq!(lhs, rhs);
}

#[test]
fn simplifications_sympy_users_rely_on() {
    let (mut env, s) = env_with(&[5]);
    let s0 = s[0];
    let two = env.mul(SymInt::Int(2), s0).unwrap();
    assert_eq!(
        env.floordiv(two, SymInt::Int(2)).unwrap(),
        s0,
        "(2*s0)//2 = s0"
    );
    assert_eq!(env.sub(s0, s0).unwrap(), SymInt::Int(0), "s0 - s0 = 0");
    assert_eq!(env.max(s0, s0).unwrap(), s0, "Max(s0, s0) = s0");
    let four = env.mul(s0, SymInt::Int(4)).unwrap();
    assert_eq!(
        env.modulo(four, SymInt::Int(2)).unwrap(),
        SymInt::Int(0),
        "(s0*4) % 2 = 0"
    );
    // A size is a positive symbol to sympy, so Max(s0, 1) is s0 even
    // while its range holds 0 ...
    let m = env.max(s0, SymInt::Int(1)).unwrap();
    assert_eq!(m, s0, "Max(s0, 1) = s0 for a size s0 in [0, oo]");
    // ... where a plain integer's symbol, not positive, keeps the Max ...
    let k = env
        .create_symint_input(3, Source::Local("k".into()), ValueRange::at_least(0))
        .unwrap();
    let m = env.max(k, SymInt::Int(1)).unwrap();
    assert_eq!(env.display(m), "Max(1, s1)");
    // ... and a size is s0 once the range says s0 >= 2.
    let mut env2 = ShapeEnv::new();
    let t0 = env2
        .create_symbol(5, Source::size("x", 0), DimDynamic::Dynamic, None)
        .unwrap();
    assert_eq!(
        env2.max(t0, SymInt::Int(1)).unwrap(),
        t0,
        "Max(s0, 1) = s0 when s0 >= 2"
    );
    assert_eq!(env2.min(t0, SymInt::Int(1)).unwrap(), SymInt::Int(1));
}

#[test]
fn division_rules() {
    let (mut env, s) = env_with(&[5, 7]);
    let (s0, s1) = (s[0], s[1]);
    // (4*s0 + 2)//2 = 2*s0 + 1
    let a = env.mul(s0, SymInt::Int(4)).unwrap();
    let a = env.add(a, SymInt::Int(2)).unwrap();
    let q = env.floordiv(a, SymInt::Int(2)).unwrap();
    assert_eq!(env.display(q), "2*s0 + 1");
    // (s0//2)//3 = s0//6
    let h = env.floordiv(s0, SymInt::Int(2)).unwrap();
    let h = env.floordiv(h, SymInt::Int(3)).unwrap();
    assert_eq!(env.display(h), "(s0//6)");
    // (s0*s1)//s1 is s0 even where s1 may be 0, as sympy cancels it.
    let p = env.mul(s0, s1).unwrap();
    assert_eq!(env.floordiv(p, s1).unwrap(), s0);
    // CeilDiv(s0, 4) = (s0 + 3)//4
    let c = env.ceildiv(s0, SymInt::Int(4)).unwrap();
    assert_eq!(env.display(c), "((s0 + 3)//4)");
    // Mod(s0 + 5, 2) = Mod(s0 + 1, 2)
    let m = env.add(s0, SymInt::Int(5)).unwrap();
    let m = env.modulo(m, SymInt::Int(2)).unwrap();
    assert_eq!(env.display(m), "Mod(s0 + 1, 2)");
}

#[test]
fn printing_like_pytorch() {
    let (mut env, s) = env_with(&[5, 7]);
    let (s0, s1) = (s[0], s[1]);
    let t = env.mul(SymInt::Int(2), s1).unwrap();
    let e = env.add(s0, t).unwrap();
    assert_eq!(env.display(e), "s0 + 2*s1");
    // The conv output size, wrapped twice as PyTorch does: a FloorDiv
    // inside a sum.
    let num = env.sub(s0, SymInt::Int(3)).unwrap();
    let q = env.floordiv(num, SymInt::Int(2)).unwrap();
    let out = env.add(q, SymInt::Int(1)).unwrap();
    assert_eq!(env.display(out), "(((s0 - 3)//2)) + 1");
    let k = env
        .create_symint_input(3, Source::Local("k".into()), ValueRange::at_least(0))
        .unwrap();
    let m = env.max(SymInt::Int(1), k).unwrap();
    assert_eq!(env.display(m), "Max(1, s2)");
    let sq = env.mul(s0, s0).unwrap();
    let sq = env.sub(sq, s1).unwrap();
    assert_eq!(env.display(sq), "s0**2 - s1");
    let neg = env.sub(SymInt::Int(5), s0).unwrap();
    assert_eq!(env.display(neg), "5 - s0");
    let c = env.eq(s0, SymInt::Int(4)).unwrap();
    assert_eq!(env.display_bool(c), "Eq(s0, 4)");
    let sum = env.add(s0, s1).unwrap();
    let c = env.gt(sum, SymInt::Int(2)).unwrap();
    assert_eq!(env.display_bool(c), "s0 + s1 > 2");
    let c = env.lt(SymInt::Int(2), sum).unwrap();
    assert_eq!(
        env.display_bool(c),
        "s0 + s1 > 2",
        "2 < s0 + s1 is the same condition"
    );
}

#[test]
fn relations_are_canonical() {
    let (mut env, s) = env_with(&[5, 7]);
    let (s0, s1) = (s[0], s[1]);
    let a = env.lt(s0, s1).unwrap();
    let b = env.gt(s1, s0).unwrap();
    assert_eq!(a, b);
    let c = env.ge(s0, s1).unwrap();
    assert_eq!(env.not(a).unwrap(), c);
    // 2*s0 > 3  <=>  s0 > 1
    let two = env.mul(s0, SymInt::Int(2)).unwrap();
    let d = env.gt(two, SymInt::Int(3)).unwrap();
    let e = env.gt(s0, SymInt::Int(1)).unwrap();
    assert_eq!(d, e);
    // 2*s0 == 3 is false for integers.
    assert_eq!(env.eq(two, SymInt::Int(3)).unwrap().as_bool(), Some(false));
    assert_eq!(
        env.compare(RelOp::Le, s0, s0).unwrap().as_bool(),
        Some(true)
    );
}

#[test]
fn checked_arithmetic_reports_errors() {
    let (mut env, s) = env_with(&[5]);
    assert!(matches!(
        env.add(SymInt::Int(i64::MAX), SymInt::Int(1))
            .map_err(Error::into_kind),
        Err(ErrorKind::Overflow { op: "+", .. })
    ));
    assert!(matches!(
        env.floordiv(SymInt::Int(3), SymInt::Int(0))
            .map_err(Error::into_kind),
        Err(ErrorKind::DivisionByZero { .. })
    ));
    assert!(matches!(
        env.modulo(s[0], SymInt::Int(0)).map_err(Error::into_kind),
        Err(ErrorKind::DivisionByZero { .. })
    ));
    let big = env.mul(s[0], SymInt::Int(i64::MAX)).unwrap();
    assert!(matches!(
        env.mul(big, SymInt::Int(2)).map_err(Error::into_kind),
        Err(ErrorKind::Overflow { op: "*", .. })
    ));
    let err = env
        .floordiv(SymInt::Int(i64::MIN), SymInt::Int(-1))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "integer overflow in //: -9223372036854775808 // -1"
    );
}

#[test]
fn value_ranges_follow_expressions() {
    let mut env = ShapeEnv::new();
    let s0 = env
        .create_symbol(
            8,
            Source::size("x", 0),
            DimDynamic::Dynamic,
            Some(ValueRange::new(Some(4), Some(64))),
        )
        .unwrap();
    let e = env.mul(s0, SymInt::Int(2)).unwrap();
    let e = env.sub(e, SymInt::Int(1)).unwrap();
    let r = env.value_range(e).unwrap();
    assert_eq!((r.lo(), r.hi()), (Some(7), Some(127)));
}

#[test]
fn floats_are_read_as_their_shortest_decimal() {
    use fake_runtime::sym::float::exact_decimal;
    for (v, want) in [
        (0.5, Some((1, 2))),
        (0.29, Some((29, 100))),
        (-1.5, Some((-3, 2))),
        (-2.0, Some((-2, 1))),
        (1e-5, Some((1, 100_000))),
        // The double nearest 0.7, as sympy writes it.
        ("0.69999999999999996".parse().expect("float"), Some((7, 10))),
        (1e300, None),
        (f64::NAN, None),
        (f64::INFINITY, None),
    ] {
        assert_eq!(exact_decimal(v), want, "{v}");
    }
}

#[test]
fn floats_print_as_pythons_repr() {
    use fake_runtime::sym::float::python_repr;
    for (v, want) in [
        (2.0, "2.0"),
        (0.5, "0.5"),
        (-0.4, "-0.4"),
        (1e-5, "1e-05"),
        (0.0001, "0.0001"),
        (1.5e16, "1.5e+16"),
        (65504.0, "65504.0"),
        (3.4028234663852886e38, "3.4028234663852886e+38"),
        (f64::INFINITY, "inf"),
        (f64::NAN, "nan"),
    ] {
        assert_eq!(python_repr(v), want, "{v}");
    }
}

#[test]
fn truncating_a_float_is_the_division_its_ratio_gives() {
    use fake_runtime::sym::float::{FloatFn, FloatOp, SymFloat};
    let (mut env, s) = env_with(&[4, 7]);
    let x = env.sym_float(s[0]).expect("float");
    // A size scaled by a float is PyTorch's TruncToInt(1.7*ToFloat(s0)),
    // evaluated in f64 as Python evaluates it.
    let scaled = env
        .float_op(FloatOp::Mul, x, SymFloat::Const(1.7))
        .expect("mul");
    let t = env.trunc_to_int(scaled).expect("trunc");
    assert_eq!(env.display(t), "TruncToInt(1.7*ToFloat(s0))");
    assert_eq!(env.size_hint(t).expect("hint"), Some(6));
    assert_eq!(t, env.trunc_scaled(s[0], 1.7).expect("trunc_scaled"));
    let (mut hundred, h) = env_with(&[100]);
    let t = hundred.trunc_scaled(h[0], 0.29).expect("trunc_scaled");
    // 100 * 0.29 is 28.999999999999996 in f64: Python's int() gives 28.
    assert_eq!(hundred.size_hint(t).expect("hint"), Some(28));
    assert_eq!(
        hundred
            .trunc_scaled(SymInt::Int(100), 0.29)
            .expect("static"),
        SymInt::Int(28)
    );
    // A negative ratio truncates toward zero: the ceiling division.
    let neg = env.float_fn(FloatFn::Neg, scaled).expect("neg");
    let t = env.trunc_to_int(neg).expect("trunc");
    let p = env.mul(s[0], SymInt::Int(-17)).expect("mul");
    let want = env.ceildiv(p, SymInt::Int(10)).expect("ceildiv");
    assert_eq!(t, want);
    assert_eq!(env.size_hint(t).expect("hint"), Some(-6));
    // s0 / s1 + 0.5 is (2 * s0 + s1) / (2 * s1).
    let q = env.int_truediv(s[0], s[1]).expect("truediv");
    let q = env
        .float_op(FloatOp::Add, q, SymFloat::Const(0.5))
        .expect("add");
    let t = env.trunc_to_int(q).expect("trunc");
    assert_eq!(env.size_hint(t).expect("hint"), Some(1));
    // Constants truncate at once; a square root has no exact ratio.
    assert_eq!(
        env.trunc_to_int(SymFloat::Const(-2.5)).expect("const"),
        SymInt::Int(-2)
    );
    let r = env.float_fn(FloatFn::Sqrt, x).expect("sqrt");
    let e = env.trunc_to_int(r).expect_err("sqrt has no ratio");
    assert!(e.to_string().contains("math.trunc"), "{e}");
    // The sign of s0 - s1 is not known from the ranges.
    let d = env.sub(s[0], s[1]).expect("sub");
    let d = env.sym_float(d).expect("float");
    let e = env.trunc_to_int(d);
    assert!(e.is_ok(), "an integer-valued float needs no sign: {e:?}");
    // Scaled by a float, it truncates in f64 whatever its sign ...
    let half = env
        .float_op(FloatOp::Mul, d, SymFloat::Const(0.5))
        .expect("mul");
    let t = env.trunc_to_int(half).expect("scaled");
    assert_eq!(env.display(t), "TruncToInt(0.5*ToFloat(s0 - s1))");
    assert_eq!(env.size_hint(t).expect("hint"), Some(-1));
    // ... but as an exact ratio it needs the sign.
    let half = env
        .float_op(FloatOp::Div, d, SymFloat::Const(2.0))
        .expect("div");
    let e = env.trunc_to_int(half).expect_err("unknown sign");
    assert!(e.to_string().contains("sign"), "{e}");
}

#[test]
fn the_ceiling_of_a_float_rounds_up_whatever_the_divisor_sign() {
    use fake_runtime::sym::float::{FloatOp, SymFloat};
    let (mut env, s) = env_with(&[7]);
    let x = env.sym_float(s[0]).expect("float");
    // ceil(ToFloat(s0) / -0.7) is ceil(-10 * s0 / 7): -10 at s0 = 7, where
    // `(p + q - 1) // q` with q = -7 would give -9.
    let q = env
        .float_op(FloatOp::Div, x, SymFloat::Const(-0.7))
        .expect("div");
    let c = env.ceil_to_int(q).expect("ceil");
    assert_eq!(env.size_hint(c).expect("hint"), Some(-10));
    let minus = env
        .float_fn(fake_runtime::sym::float::FloatFn::Neg, q)
        .expect("neg");
    let c = env.ceil_to_int(minus).expect("ceil");
    assert_eq!(env.size_hint(c).expect("hint"), Some(10));
    // Constants round at once.
    assert_eq!(
        env.ceil_to_int(SymFloat::Const(-2.5)).expect("const"),
        SymInt::Int(-2)
    );
}
