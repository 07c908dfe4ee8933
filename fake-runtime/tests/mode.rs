//! FakeTensorMode's machinery (dispatch, devices, aliasing, versions, the
//! memo converter, the dispatch cache and the unbacked-SymInt cache),
//! exercised through a small registry of test kernels so it does not
//! depend on the generated operator set.

use crate::common;

use common::kernels;
use fake_runtime::convert::{HostTensor, SymbolicContext};
use fake_runtime::meta::Scalar;
use fake_runtime::mode::{FakeTensorMode, Output, Value};
use fake_runtime::sym::SymInt;
use fake_runtime::{DType, Device, DimDynamic, ErrorKind};

fn mode() -> FakeTensorMode {
    FakeTensorMode::new(kernels::registry())
}

fn one(out: fake_runtime::mode::OutputList) -> fake_runtime::tensor::TensorId {
    match out.into_iter().next() {
        Some(Output::Tensor(t)) => t,
        other => panic!("expected a tensor, got {other:?}"),
    }
}

fn ints(v: &[i64]) -> Vec<SymInt> {
    v.iter().map(|&x| SymInt::Int(x)).collect()
}

#[test]
fn memo_converter_gives_one_fake_tensor_per_real_tensor() {
    let mut m = mode();
    let w = HostTensor::zeros(&[4, 3], DType::Float32);
    let a = m.from_real(&w, &SymbolicContext::static_("w")).unwrap();
    let b = m.from_real(&w, &SymbolicContext::static_("w")).unwrap();
    assert_eq!(a, b);
    // Tied weights: a transposed view of the same storage.
    let wt = w.view_as_strided(&[3, 4], &[1, 3], 0);
    let c = m.from_real(&wt, &SymbolicContext::static_("wt")).unwrap();
    assert_ne!(a, c);
    assert_eq!(m.tensor(a).unwrap().storage, m.tensor(c).unwrap().storage);
    assert_eq!(
        m.meta(c).unwrap().strides.as_slice(),
        ints(&[1, 3]).as_slice()
    );
    // A different tensor of the same shape is another storage.
    let other = HostTensor::zeros(&[4, 3], DType::Float32);
    let d = m.from_real(&other, &SymbolicContext::static_("o")).unwrap();
    assert_ne!(m.tensor(a).unwrap().storage, m.tensor(d).unwrap().storage);
}

#[test]
fn symbolic_conversion_names_sources() {
    let mut m = mode();
    let x = HostTensor::zeros(&[8, 3, 5], DType::Float32);
    let ctx = SymbolicContext {
        dynamic: vec![DimDynamic::Duck, DimDynamic::Static, DimDynamic::Duck],
        ..SymbolicContext::static_("x")
    };
    let t = m.from_real(&x, &ctx).unwrap();
    let meta = m.meta(t).unwrap().clone();
    let shown: Vec<String> = meta.sizes.iter().map(|&s| m.env().display(s)).collect();
    assert_eq!(shown, ["s0", "3", "s1"]);
    let strides: Vec<String> = meta.strides.iter().map(|&s| m.env().display(s)).collect();
    assert_eq!(strides, ["3*s1", "s1", "1"]);
}

/// A kernel result whose strides do not match its sizes is refused,
/// naming the operator, rather than made a tensor.
#[test]
fn a_malformed_kernel_result_is_refused() {
    let mut m = mode();
    let x = m
        .empty(&ints(&[2, 3]), DType::Float32, Device::cpu())
        .unwrap();
    let err = m
        .dispatch_named("test::faulty", &[Value::Tensor(x)])
        .unwrap_err();
    match err.kind() {
        ErrorKind::MalformedResult { op, sizes, strides } => {
            assert_eq!((op.as_str(), *sizes, *strides), ("test::faulty", 2, 3));
        }
        other => panic!("expected MalformedResult, got {other:?}"),
    }
}

#[test]
fn views_share_storage_and_in_place_bumps_the_version() {
    let mut m = mode();
    let x = m
        .empty(&ints(&[2, 6]), DType::Float32, Device::cpu())
        .unwrap();
    let sizes = ints(&[3, -1]);
    let v = one(m
        .dispatch_named("aten::view", &[Value::Tensor(x), Value::Ints(&sizes)])
        .unwrap());
    assert_eq!(
        m.meta(v).unwrap().sizes.as_slice(),
        ints(&[3, 4]).as_slice()
    );
    assert_eq!(m.tensor(v).unwrap().storage, m.tensor(x).unwrap().storage);
    assert_eq!(m.version(x).unwrap(), 0);
    let y = m.empty(&ints(&[4]), DType::Float32, Device::cpu()).unwrap();
    let r = one(m
        .dispatch_named("aten::add_.Tensor", &[Value::Tensor(v), Value::Tensor(y)])
        .unwrap());
    assert_eq!(r, v, "in-place returns its argument");
    assert_eq!(m.version(v).unwrap(), 1);
    assert_eq!(m.version(x).unwrap(), 1, "views share the version counter");
    // An in-place op may not change self's shape.
    let z = m
        .empty(&ints(&[2, 3, 4]), DType::Float32, Device::cpu())
        .unwrap();
    assert!(
        m.dispatch_named("aten::add_.Tensor", &[Value::Tensor(v), Value::Tensor(z)])
            .is_err()
    );
}

#[test]
fn tensors_of_other_layouts_are_refused_not_computed_as_strided() {
    let mut m = mode();
    let a = m
        .empty(&ints(&[2, 3]), DType::Float32, Device::cpu())
        .unwrap();
    let mut sparse = m.meta(a).unwrap().clone();
    sparse.layout = fake_runtime::Layout::SparseCoo;
    let b = m.add_tensor(sparse, None, true);
    for args in [
        [Value::Tensor(a), Value::Tensor(b)],
        [Value::Tensor(b), Value::Tensor(a)],
    ] {
        let err = m.dispatch_named("aten::add.Tensor", &args).unwrap_err();
        let index = args.iter().position(|v| *v == Value::Tensor(b)).unwrap();
        assert!(
            matches!(
                err.kind(),
                ErrorKind::UnsupportedLayout { op, what, layout }
                    if op == "aten::add.Tensor"
                        && *what == format!("argument {index}")
                        && layout == "sparse_coo"
            ),
            "{err}"
        );
    }
}

#[test]
fn devices_must_agree_except_zero_dim_cpu_tensors() {
    let mut m = mode();
    let cuda: Device = "cuda:0".parse().unwrap();
    let a = m.empty(&ints(&[2, 3]), DType::Float32, cuda).unwrap();
    let b = m
        .empty(&ints(&[2, 3]), DType::Float32, Device::cpu())
        .unwrap();
    let err = m
        .dispatch_named("aten::add.Tensor", &[Value::Tensor(a), Value::Tensor(b)])
        .unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::DeviceMismatch { .. }),
        "{err}"
    );
    let s = m.empty(&[], DType::Float32, Device::cpu()).unwrap();
    let c = one(m
        .dispatch_named("aten::add.Tensor", &[Value::Tensor(a), Value::Tensor(s)])
        .unwrap());
    assert_eq!(m.meta(c).unwrap().device, cuda);
    let c = one(m
        .dispatch_named("aten::add.Tensor", &[Value::Tensor(s), Value::Tensor(a)])
        .unwrap());
    assert_eq!(m.meta(c).unwrap().device, cuda);
    // Factories honour their device argument.
    let sizes = ints(&[5]);
    let e = one(m
        .dispatch_named(
            "aten::empty.memory_format",
            &[
                Value::Ints(&sizes),
                Value::None,
                Value::None,
                Value::Device(cuda),
            ],
        )
        .unwrap());
    assert_eq!(m.meta(e).unwrap().device, cuda);
}

#[test]
fn foreign_tensors_and_data_are_errors() {
    let mut m1 = mode();
    let mut m2 = mode();
    let a = m1
        .empty(&ints(&[2]), DType::Float32, Device::cpu())
        .unwrap();
    let b = m2
        .empty(&ints(&[2]), DType::Float32, Device::cpu())
        .unwrap();
    let err = m1
        .dispatch_named("aten::add.Tensor", &[Value::Tensor(a), Value::Tensor(b)])
        .unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::ForeignTensor { .. }));
    assert!(matches!(
        m1.data(a).unwrap_err().kind(),
        ErrorKind::NoData { .. }
    ));
    let err = m1.dispatch_named("aten::nope", &[]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unsupported operator aten::nope: no rule or kernel"
    );
}

#[test]
fn nonzero_reuses_its_unbacked_symbol_until_the_tensor_changes() {
    let mut m = mode();
    let x = m
        .empty(&ints(&[3, 4]), DType::Float32, Device::cpu())
        .unwrap();
    let n1 = one(m
        .dispatch_named("aten::nonzero", &[Value::Tensor(x)])
        .unwrap());
    let n2 = one(m
        .dispatch_named("aten::nonzero", &[Value::Tensor(x)])
        .unwrap());
    let (u1, u2) = (m.meta(n1).unwrap().sizes[0], m.meta(n2).unwrap().sizes[0]);
    assert_eq!(u1, u2);
    assert_eq!(m.env().display(u1), "u0");
    let r = m.env_mut().value_range(u1).unwrap();
    assert_eq!((r.lo(), r.hi()), (Some(0), Some(12)));
    let y = m.empty(&ints(&[4]), DType::Float32, Device::cpu()).unwrap();
    m.dispatch_named("aten::add_.Tensor", &[Value::Tensor(x), Value::Tensor(y)])
        .unwrap();
    let n3 = one(m
        .dispatch_named("aten::nonzero", &[Value::Tensor(x)])
        .unwrap());
    assert_eq!(m.env().display(m.meta(n3).unwrap().sizes[0]), "u1");
    // An empty tensor has no nonzeros: no symbol.
    let e = m
        .empty(&ints(&[0, 4]), DType::Float32, Device::cpu())
        .unwrap();
    let n4 = one(m
        .dispatch_named("aten::nonzero", &[Value::Tensor(e)])
        .unwrap());
    assert_eq!(m.meta(n4).unwrap().sizes[0], SymInt::Int(0));
}

#[test]
fn item_of_a_known_scalar_is_its_value() {
    let mut m = mode();
    let real = HostTensor::scalar_f32(2.5);
    // Converted, the value is not known (as PyTorch's from_tensor)...
    let plain = m
        .from_real(&HostTensor::scalar_f32(1.0), &SymbolicContext::static_("c"))
        .unwrap();
    assert_eq!(m.constant(plain).unwrap(), None);
    // ...lifted (torch.tensor(2.5) under the mode), it is.
    let t = m.lift(&real).unwrap();
    let out = m
        .dispatch_named("aten::_local_scalar_dense", &[Value::Tensor(t)])
        .unwrap();
    assert_eq!(out[0], Output::Scalar(Scalar::from(2.5)));
    let u = m.empty(&[], DType::Int64, Device::cpu()).unwrap();
    let out = m
        .dispatch_named("aten::_local_scalar_dense", &[Value::Tensor(u)])
        .unwrap();
    let Output::Scalar(Scalar::Int(s)) = out[0] else {
        panic!("{out:?}")
    };
    assert_eq!(m.env().display(s), "u0");
}

#[test]
fn cache_hits_rebuild_aliasing_and_bump_versions() {
    // The counts themselves are checked against PyTorch in
    // mode_conformance.rs; here: what a hit must still do.
    let mut m = mode();
    let a = m
        .empty(&ints(&[2, 3]), DType::Float32, Device::cpu())
        .unwrap();
    let b = m
        .empty(&ints(&[2, 3]), DType::Float32, Device::cpu())
        .unwrap();
    let c1 = one(m
        .dispatch_named("aten::add.Tensor", &[Value::Tensor(a), Value::Tensor(b)])
        .unwrap());
    let c2 = one(m
        .dispatch_named("aten::add.Tensor", &[Value::Tensor(a), Value::Tensor(b)])
        .unwrap());
    assert_ne!(c1, c2, "a hit still makes a new tensor");
    assert_ne!(m.tensor(c1).unwrap().storage, m.tensor(c2).unwrap().storage);
    assert_eq!(m.meta(c1).unwrap(), m.meta(c2).unwrap());
    // A view hit on another base of equal metadata views that base.
    let six = ints(&[6]);
    let va = one(m
        .dispatch_named("aten::view", &[Value::Tensor(a), Value::Ints(&six)])
        .unwrap());
    let vb = one(m
        .dispatch_named("aten::view", &[Value::Tensor(b), Value::Ints(&six)])
        .unwrap());
    assert_eq!(m.tensor(va).unwrap().storage, m.tensor(a).unwrap().storage);
    assert_eq!(m.tensor(vb).unwrap().storage, m.tensor(b).unwrap().storage);
    // An in-place hit returns its argument and bumps its version.
    for expected in 1..=2 {
        let r = one(m
            .dispatch_named("aten::add_.Tensor", &[Value::Tensor(b), Value::Tensor(a)])
            .unwrap());
        assert_eq!(r, b);
        assert_eq!(m.version(b).unwrap(), expected);
        assert_eq!(m.version(vb).unwrap(), expected);
    }
    let info = m.cache_info();
    assert_eq!((info.hits, info.misses), (3, 3));
    // `out=` writes into a keyword argument: not cached (PyTorch's
    // "kwarg aliases output").
    let o = m.empty(&ints(&[0]), DType::Float32, Device::cpu()).unwrap();
    let alpha = Value::Scalar(Scalar::Int(SymInt::Int(1)));
    let r = one(m
        .dispatch_named(
            "aten::add.out",
            &[Value::Tensor(a), Value::Tensor(b), alpha, Value::Tensor(o)],
        )
        .unwrap());
    assert_eq!(r, o);
    assert_eq!(
        m.meta(o).unwrap().sizes.as_slice(),
        ints(&[2, 3]).as_slice()
    );
    assert_eq!(m.version(o).unwrap(), 1);
    assert_eq!(
        m.cache_info().bypasses.get("kwarg aliases output"),
        Some(&1)
    );
}

#[test]
fn symbolic_calls_are_cached_unless_the_output_has_new_symbols() {
    let mut m = mode();
    let x = HostTensor::zeros(&[8, 3], DType::Float32);
    let s = m.from_real(&x, &SymbolicContext::duck("x", 2)).unwrap();
    let args = [Value::Tensor(s), Value::Tensor(s)];
    let r1 = one(m.dispatch_named("aten::add.Tensor", &args).unwrap());
    let r2 = one(m.dispatch_named("aten::add.Tensor", &args).unwrap());
    assert_eq!(m.meta(r1).unwrap(), m.meta(r2).unwrap());
    let info = m.cache_info();
    assert_eq!((info.hits, info.misses), (1, 1));
}

#[test]
fn in_place_writes_forget_constants_of_the_storage() {
    let mut m = mode();
    let k = m
        .scalar_tensor(Scalar::from(2.0), DType::Float32, Device::cpu())
        .unwrap();
    assert_eq!(m.constant(k).unwrap(), Some(Scalar::from(2.0)));
    let none = ints(&[]);
    let v = one(m
        .dispatch_named("aten::view", &[Value::Tensor(k), Value::Ints(&none)])
        .unwrap());
    m.dispatch_named("aten::add_.Tensor", &[Value::Tensor(v), Value::Tensor(v)])
        .unwrap();
    assert_eq!(m.constant(k).unwrap(), None);
    let out = m
        .dispatch_named("aten::_local_scalar_dense", &[Value::Tensor(k)])
        .unwrap();
    assert!(matches!(
        out[0],
        Output::Scalar(Scalar::Int(SymInt::Expr(_)))
    ));
}

#[test]
fn test_operators_carry_their_schemas_as_data() {
    // The hand-written parameter tables say what the schema strings say
    // (the mode reads `kwarg_only` from them: `add.out`'s `out`).
    for d in &kernels::OPS {
        let from = d.schema.find('(').expect("a schema has parameters");
        assert_eq!(d.signature().to_string(), &d.schema[from..], "{}", d.name);
    }
}

#[test]
fn more_arguments_than_the_schema_takes_are_refused() {
    let mut m = mode();
    let x = m.empty(&ints(&[2]), DType::Float32, Device::cpu()).unwrap();
    let err = m
        .dispatch_named("aten::t_", &[Value::Tensor(x), Value::Tensor(x)])
        .unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::BadArguments { op, .. } if op == "aten::t_"),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("2 arguments given, the schema takes 1"),
        "{err}"
    );
}

/// A checkpoint put back after a guard narrowed a symbol's range gives the
/// ShapeEnv's arithmetic its earlier ranges again, though the arena keeps
/// what it memoised since: `Max(s, 5)` simplifies by `s`'s range, so it is
/// made as a fresh mode makes it before the guard, and again as after it
/// once the replay guards the same way.
#[test]
fn a_restored_checkpoint_simplifies_in_its_own_ranges() {
    use fake_runtime::{ShapeEnv, Source};
    // `Max(s, 5)` before and after the guard `s >= 5`, in a fresh env.
    fn steps(env: &mut ShapeEnv, s: SymInt) -> (String, String) {
        let before = env.max(s, SymInt::Int(5)).unwrap();
        let before = env.display(before);
        let c = env.ge(s, SymInt::Int(5)).unwrap();
        assert!(env.guard_bool(c, "t").unwrap());
        let after = env.max(s, SymInt::Int(5)).unwrap();
        (before, env.display(after))
    }
    let source = || Source::size("x", 0);
    let mut fresh = ShapeEnv::new();
    let s = fresh
        .create_symbol(9, source(), DimDynamic::Dynamic, None)
        .unwrap();
    let want = steps(&mut fresh, s);
    assert_ne!(
        want.0, want.1,
        "the guard's range lets Max simplify further"
    );

    let mut m = mode();
    let s = m
        .env_mut()
        .create_symbol(9, source(), DimDynamic::Dynamic, None)
        .unwrap();
    let saved = m.checkpoint();
    for run in 0..3 {
        assert_eq!(steps(m.env_mut(), s), want, "run {run}");
        m.restore_for_replay(&saved).unwrap();
    }
    assert_eq!(steps(m.env_mut(), s), want, "after a plain restore");
}
