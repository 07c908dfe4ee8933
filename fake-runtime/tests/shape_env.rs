//! The ShapeEnv behaves as PyTorch's: duck sizing, 0/1 specialisation,
//! guards from hints, replacements, narrowed ranges, unbacked symbols and
//! runtime asserts, guards printed by source and checked against new sizes.

use fake_runtime::sym::{SymInt, ValueRange};
use fake_runtime::{DimDynamic, Error, ErrorKind, ShapeEnv, ShapeEnvSettings, Source};
use std::collections::HashMap;

fn sizes(pairs: &[(&str, usize, i64)]) -> HashMap<Source, i64> {
    pairs
        .iter()
        .map(|&(t, d, v)| (Source::size(t, d), v))
        .collect()
}

#[test]
fn cat_then_size_check_guards_the_sum() {
    // torch.cat([x, y]) with x: [s0], y: [s1]; then `z.size(0) > 2`.
    let mut env = ShapeEnv::new();
    let s0 = env
        .create_symbol(3, Source::size("x", 0), DimDynamic::Duck, None)
        .unwrap();
    let s1 = env
        .create_symbol(4, Source::size("y", 0), DimDynamic::Duck, None)
        .unwrap();
    let z0 = env.add(s0, s1).unwrap();
    let c = env.gt(z0, SymInt::Int(2)).unwrap();
    // Ranges already say s0 + s1 >= 4: nothing to guard.
    assert!(env.guard_bool(c, "test").unwrap());
    assert!(env.guards().is_empty());
    // A condition the ranges cannot settle is decided by hints and guarded.
    let c = env.gt(z0, SymInt::Int(6)).unwrap();
    assert!(env.guard_bool(c, "test").unwrap());
    assert_eq!(env.format_guards(), vec!["x.size()[0] + y.size()[0] > 6"]);
    // Deciding it again adds nothing.
    assert!(env.guard_bool(c, "test").unwrap());
    assert_eq!(env.guards().len(), 1);
    // So is its negation, the other way round.
    let n = env.le(z0, SymInt::Int(6)).unwrap();
    assert!(!env.guard_bool(n, "test").unwrap());
    assert_eq!(env.guards().len(), 1);
}

#[test]
fn without_zero_one_specialisation_the_cat_guard_is_recorded() {
    let mut env = ShapeEnv::with_settings(ShapeEnvSettings {
        duck_shape: true,
        specialize_zero_one: false,
        backed_size_oblivious: false,
        backed_ranges_final: false,
    });
    let s0 = env
        .create_symbol(3, Source::size("x", 0), DimDynamic::Duck, None)
        .unwrap();
    let s1 = env
        .create_symbol(4, Source::size("y", 0), DimDynamic::Duck, None)
        .unwrap();
    let z0 = env.add(s0, s1).unwrap();
    let c = env.gt(z0, SymInt::Int(2)).unwrap();
    assert!(env.guard_bool(c, "cat").unwrap());
    assert_eq!(env.format_guards(), vec!["x.size()[0] + y.size()[0] > 2"]);
    assert_eq!(env.display_bool(c), "s0 + s1 > 2");
}

#[test]
fn equality_guard_replaces_symbol_by_constant() {
    let mut env = ShapeEnv::new();
    let s0 = env
        .create_symbol(4, Source::size("x", 0), DimDynamic::Duck, None)
        .unwrap();
    let c = env.eq(s0, SymInt::Int(4)).unwrap();
    assert!(env.guard_bool(c, "view").unwrap());
    let sym = env.as_symbol(s0).unwrap();
    assert_eq!(env.replacement(sym), Some(SymInt::Int(4)));
    assert_eq!(env.simplify_int(s0).unwrap(), SymInt::Int(4));
    let e = env.mul(s0, SymInt::Int(3)).unwrap();
    assert_eq!(env.simplify_int(e).unwrap(), SymInt::Int(12));
    assert_eq!(env.format_guards(), vec!["Eq(x.size()[0], 4)"]);
}

#[test]
fn equality_of_two_symbols_replaces_the_one_of_the_larger_pytorch_name() {
    let mut env = ShapeEnv::new();
    let s0 = env
        .create_symbol(5, Source::size("x", 0), DimDynamic::Dynamic, None)
        .unwrap();
    let s1 = env
        .create_symbol(5, Source::size("y", 0), DimDynamic::Dynamic, None)
        .unwrap();
    assert_ne!(s0, s1, "dynamic dims are never duck-sized");
    // PyTorch names them by the hashes of `L['x'].size()[0]` and
    // `L['y'].size()[0]`: s77 and s17. Of equal hints, the larger name is
    // replaced, though it was made first.
    let (sym0, sym1) = (env.as_symbol(s0).unwrap(), env.as_symbol(s1).unwrap());
    assert_eq!(env.pytorch_name(sym0), "s77");
    assert_eq!(env.pytorch_name(sym1), "s17");
    let c = env.eq(s0, s1).unwrap();
    assert!(env.guard_bool(c, "add").unwrap());
    assert_eq!(env.replacement(sym0), Some(s1));
    assert_eq!(env.replacement(sym1), None);
    let sum = env.add(s0, s1).unwrap();
    let sum = env.simplify_int(sum).unwrap();
    assert_eq!(env.display(sum), "2*s1");
}

#[test]
fn pytorch_names_taken_move_up() {
    // Two sources whose hashes meet: the second takes the next number, as
    // PyTorch's `_generate_unique_id` probes.
    let mut env = ShapeEnv::new();
    let a = env
        .create_symbol(5, Source::size("a", 0), DimDynamic::Dynamic, None)
        .unwrap();
    let b = env
        .create_symbol(6, Source::size("a", 1), DimDynamic::Dynamic, None)
        .unwrap();
    let names: Vec<String> = [a, b]
        .iter()
        .map(|&v| env.pytorch_name(env.as_symbol(v).unwrap()).to_string())
        .collect();
    assert_eq!(names, ["s97", "s98"]);
}

#[test]
fn duck_sizing_shares_symbols_of_equal_hints() {
    let mut env = ShapeEnv::new();
    let a = env
        .create_symbol(8, Source::size("x", 0), DimDynamic::Duck, None)
        .unwrap();
    let b = env
        .create_symbol(8, Source::size("y", 1), DimDynamic::Duck, None)
        .unwrap();
    let c = env
        .create_symbol(9, Source::size("y", 0), DimDynamic::Duck, None)
        .unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_eq!(env.display(a), "s0");
    assert_eq!(env.display(c), "s1");
    assert!(
        env.produce_guards()
            .contains(&"y.size()[1] == x.size()[0]".to_string())
    );
    // Switched off, equal hints get their own symbols.
    let mut env = ShapeEnv::with_settings(ShapeEnvSettings {
        duck_shape: false,
        specialize_zero_one: true,
        backed_size_oblivious: false,
        backed_ranges_final: false,
    });
    let a = env
        .create_symbol(8, Source::size("x", 0), DimDynamic::Duck, None)
        .unwrap();
    let b = env
        .create_symbol(8, Source::size("y", 1), DimDynamic::Duck, None)
        .unwrap();
    assert_ne!(a, b);
}

#[test]
fn zero_and_one_stay_static_and_symbols_are_at_least_two() {
    let mut env = ShapeEnv::new();
    let z = env
        .create_symbol(0, Source::size("x", 0), DimDynamic::Duck, None)
        .unwrap();
    let o = env
        .create_symbol(1, Source::size("x", 1), DimDynamic::Duck, None)
        .unwrap();
    let s = env
        .create_symbol(7, Source::size("x", 2), DimDynamic::Duck, None)
        .unwrap();
    assert_eq!((z, o), (SymInt::Int(0), SymInt::Int(1)));
    let r = env.value_range(s).unwrap();
    assert_eq!((r.lo(), r.hi()), (Some(2), None));
    assert_eq!(
        env.produce_guards(),
        vec!["x.size()[0] == 0", "x.size()[1] == 1", "2 <= x.size()[2]"]
    );
    // Switched off, 0 and 1 become symbols with range [0, inf).
    let mut env = ShapeEnv::with_settings(ShapeEnvSettings {
        duck_shape: true,
        specialize_zero_one: false,
        backed_size_oblivious: false,
        backed_ranges_final: false,
    });
    let o = env
        .create_symbol(1, Source::size("x", 0), DimDynamic::Duck, None)
        .unwrap();
    assert!(!o.is_static());
    assert_eq!(env.value_range(o).unwrap().lo(), Some(0));
    // Static dims are static whatever the hint.
    let st = env
        .create_symbol(7, Source::size("x", 1), DimDynamic::Static, None)
        .unwrap();
    assert_eq!(st, SymInt::Int(7));
}

#[test]
fn constraints_bound_symbols_and_hints_must_fit() {
    let mut env = ShapeEnv::new();
    let r = ValueRange::new(Some(2), Some(16));
    let s = env
        .create_symbol(8, Source::size("x", 0), DimDynamic::Dynamic, Some(r))
        .unwrap();
    let c = env.le(s, SymInt::Int(16)).unwrap();
    assert!(env.guard_bool(c, "t").unwrap());
    assert!(env.guards().is_empty(), "decided by the range, no guard");
    let err = env
        .create_symbol(32, Source::size("y", 0), DimDynamic::Dynamic, Some(r))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "hint 32 for y.size()[0] is outside its range [2, 16]"
    );
    let err = env
        .create_symbol(-1, Source::size("z", 0), DimDynamic::Dynamic, None)
        .unwrap_err();
    assert!(matches!(
        err.kind(),
        ErrorKind::NegativeSize { value: -1, .. }
    ));
}

#[test]
fn inequality_guard_narrows_the_range() {
    let mut env = ShapeEnv::new();
    let s = env
        .create_symbol(10, Source::size("x", 0), DimDynamic::Dynamic, None)
        .unwrap();
    let c = env.gt(s, SymInt::Int(5)).unwrap();
    assert!(env.guard_bool(c, "t").unwrap());
    assert_eq!(env.value_range(s).unwrap().lo(), Some(6));
    // Now `s > 3` is known without a new guard.
    let c = env.gt(s, SymInt::Int(3)).unwrap();
    assert!(env.statically_known_true(c));
    assert_eq!(env.guards().len(), 1);
}

#[test]
fn guarding_on_an_unbacked_symbol_is_a_typed_error() {
    let mut env = ShapeEnv::new();
    let u = env.create_unbacked(true, "aten::nonzero");
    assert_eq!(env.display(u), "u0");
    let c = env.eq(u, SymInt::Int(3)).unwrap();
    let err = env.guard_bool(c, "aten::view").unwrap_err();
    match err.kind() {
        ErrorKind::DataDependent {
            op, expr, unbacked, ..
        } => {
            assert_eq!(op, "aten::view");
            assert_eq!(expr, "Eq(u0, 3)");
            assert_eq!(unbacked, "u0");
        }
        other => panic!("expected DataDependent, got {other:?}"),
    }
    // Size-like: u0 >= 0 is known.
    let c = env.ge(u, SymInt::Int(0)).unwrap();
    assert!(env.guard_bool(c, "t").unwrap());
    assert!(matches!(
        env.guard_int(u, "t").map_err(Error::into_kind),
        Err(ErrorKind::DataDependent { .. })
    ));
}

#[test]
fn runtime_asserts_and_constrain_range_narrow_unbacked_symbols() {
    let mut env = ShapeEnv::new();
    let u = env.create_unbacked(true, "aten::item");
    env.constrain_range(u, Some(2), Some(100), "constrain_range")
        .unwrap();
    let r = env.value_range(u).unwrap();
    assert_eq!((r.lo(), r.hi()), (Some(2), Some(100)));
    let c = env.gt(u, SymInt::Int(1)).unwrap();
    assert!(env.guard_bool(c, "t").unwrap());
    // torch._check(u0 != 50)-style facts are assumed from then on.
    let c = env.ne(u, SymInt::Int(50)).unwrap();
    env.expect_true(c, "torch._check").unwrap();
    let c = env.eq(u, SymInt::Int(50)).unwrap();
    assert!(!env.guard_bool(c, "t").unwrap());
    assert_eq!(env.runtime_asserts().len(), 3);
    assert!(
        env.guards().is_empty(),
        "runtime asserts are not input guards"
    );
    // Contradicting what is known is an error.
    assert!(matches!(
        env.constrain_range(u, Some(200), None, "t")
            .map_err(Error::into_kind),
        Err(ErrorKind::InvalidRange { .. })
    ));
    let c = env.lt(u, SymInt::Int(0)).unwrap();
    assert!(matches!(
        env.expect_true(c, "t").map_err(Error::into_kind),
        Err(ErrorKind::StaticallyFalse { .. })
    ));
    // An equality assert replaces the unbacked symbol.
    let s = env
        .create_symbol(7, Source::size("x", 0), DimDynamic::Dynamic, None)
        .unwrap();
    let v = env.create_unbacked(true, "aten::nonzero");
    let c = env.eq(v, s).unwrap();
    env.expect_true(c, "torch._check").unwrap();
    assert_eq!(env.simplify_int(v).unwrap(), s);
}

#[test]
fn check_guards_accepts_exactly_the_sizes_that_take_the_same_decisions() {
    let mut env = ShapeEnv::new();
    let x0 = env
        .create_symbol(3, Source::size("x", 0), DimDynamic::Duck, None)
        .unwrap();
    let y0 = env
        .create_symbol(4, Source::size("y", 0), DimDynamic::Duck, None)
        .unwrap();
    env.create_symbol(3, Source::size("y", 1), DimDynamic::Duck, None)
        .unwrap();
    env.create_symbol(1, Source::size("x", 1), DimDynamic::Duck, None)
        .unwrap();
    let z = env.add(x0, y0).unwrap();
    let c = env.gt(z, SymInt::Int(6)).unwrap();
    assert!(env.guard_bool(c, "cat").unwrap());
    let check = |pairs: &[(&str, usize, i64)]| {
        let m = sizes(pairs);
        env.check_guards(&|s| m.get(s).copied())
    };
    assert!(check(&[("x", 0, 3), ("y", 0, 4), ("y", 1, 3), ("x", 1, 1)]).unwrap());
    assert!(check(&[("x", 0, 5), ("y", 0, 9), ("y", 1, 5), ("x", 1, 1)]).unwrap());
    // Sum too small.
    assert!(!check(&[("x", 0, 3), ("y", 0, 3), ("y", 1, 3), ("x", 1, 1)]).unwrap());
    // Duck-sized sources differ.
    assert!(!check(&[("x", 0, 5), ("y", 0, 9), ("y", 1, 6), ("x", 1, 1)]).unwrap());
    // Specialised dim changed.
    assert!(!check(&[("x", 0, 5), ("y", 0, 9), ("y", 1, 5), ("x", 1, 2)]).unwrap());
    // 0/1 specialisation: a symbol may not become 1.
    assert!(!check(&[("x", 0, 1), ("y", 0, 9), ("y", 1, 1), ("x", 1, 1)]).unwrap());
    // A missing source is an error, not a silent answer.
    assert!(matches!(
        check(&[("x", 0, 3)]).map_err(Error::into_kind),
        Err(ErrorKind::MissingSource { .. })
    ));
}

#[test]
fn guard_int_specialises() {
    let mut env = ShapeEnv::new();
    let s = env
        .create_symbol(6, Source::size("x", 0), DimDynamic::Duck, None)
        .unwrap();
    let e = env.mul(s, SymInt::Int(2)).unwrap();
    assert_eq!(env.guard_int(e, "t").unwrap(), 12);
    assert_eq!(env.simplify_int(s).unwrap(), SymInt::Int(6));
    assert_eq!(env.format_guards(), vec!["Eq(x.size()[0], 6)"]);
}

#[test]
fn a_source_gets_one_symbol() {
    let mut env = ShapeEnv::new();
    let src = Source::size("x", 0);
    env.create_symbol(5, src.clone(), DimDynamic::Dynamic, None)
        .unwrap();
    let err = env
        .create_symbol(1, src, DimDynamic::Dynamic, None)
        .unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::DuplicateSource { source_name } if source_name == "x.size()[0]"),
        "{err}"
    );
}
