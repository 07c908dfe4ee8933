//! FakeTensorMode's machinery (dispatch, devices, aliasing, versions, the
//! memo converter, the dispatch cache and the unbacked-SymInt cache),
//! exercised through a small registry of test kernels so it does not
//! depend on the generated operator set.

use fake_runtime::convert::{HostTensor, SymbolicContext};
use fake_runtime::kernel::{Alias, Arg, Cx, ErasedKernel, OpDef, Out, Outs, StaticRegistry, Tags};
use fake_runtime::meta::{Scalar, TensorMeta};
use fake_runtime::mode::{FakeTensorMode, Output, Value};
use fake_runtime::sym::SymInt;
use fake_runtime::{DType, Device, DimDynamic, ErrorKind, Result, shape, strides};
use smallvec::smallvec;

fn tensor<'a>(args: &[Arg<'a>], i: usize) -> &'a TensorMeta {
    match args[i] {
        Arg::Tensor(t) => t,
        _ => panic!("argument {i} is not a tensor"),
    }
}

fn add(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let (a, b) = (tensor(args, 0), tensor(args, 1));
    let sizes = shape::broadcast(cx.env, cx.op, &[&a.sizes, &b.sizes])?;
    let ops = [
        strides::Operand {
            sizes: &a.sizes,
            strides: &a.strides,
        },
        strides::Operand {
            sizes: &b.sizes,
            strides: &b.strides,
        },
    ];
    let st = strides::pointwise(cx.env, &sizes, &ops, cx.op)?;
    let mut meta = TensorMeta::contiguous(cx.env, &sizes, a.dtype, cx.device)?;
    meta.strides = st;
    Ok(smallvec![Out::Tensor(meta, Alias::Fresh)])
}

fn add_(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let (a, b) = (tensor(args, 0), tensor(args, 1));
    let sizes = shape::broadcast(cx.env, cx.op, &[&a.sizes, &b.sizes])?;
    for (&x, &y) in sizes.iter().zip(&a.sizes) {
        shape::check_eq(cx.env, y, x, cx.op, &|| "in-place output size".into())?;
    }
    Ok(smallvec![Out::Tensor(a.clone(), Alias::InPlace(0))])
}

fn view(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let a = tensor(args, 0);
    let Arg::Ints(ref sizes) = args[1] else {
        panic!("sizes")
    };
    let numel = a.numel(cx.env)?;
    let sizes = shape::infer_view(cx.env, cx.op, numel, sizes)?;
    let st = strides::view_strides(cx.env, &a.sizes, &a.strides, &sizes, cx.op)?
        .expect("viewable in these tests");
    let meta = TensorMeta {
        sizes,
        strides: st,
        ..a.clone()
    };
    Ok(smallvec![Out::Tensor(meta, Alias::ViewOf(0))])
}

fn nonzero(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let a = tensor(args, 0);
    let numel = a.numel(cx.env)?;
    let u = if numel == SymInt::Int(0) {
        SymInt::Int(0)
    } else {
        let u = cx.env.create_unbacked(true, cx.op);
        cx.env.constrain_range(u, Some(0), numel.as_int(), cx.op)?;
        u
    };
    let sizes = [u, SymInt::Int(a.dim() as i64)];
    let meta = TensorMeta::contiguous(cx.env, &sizes, DType::Int64, cx.device)?;
    Ok(smallvec![Out::Tensor(meta, Alias::Fresh)])
}

fn item(cx: &mut Cx<'_>, _args: &[Arg<'_>]) -> Result<Outs> {
    let v = match cx.constant {
        Some(v) => v,
        None => Scalar::Int(cx.env.create_unbacked(false, cx.op)),
    };
    Ok(smallvec![Out::Scalar(v)])
}

fn empty(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let Arg::Ints(ref sizes) = args[0] else {
        panic!("sizes")
    };
    let device = match args.get(1) {
        Some(Arg::Device(d)) => *d,
        _ => cx.defaults.device,
    };
    let meta = TensorMeta::contiguous(cx.env, sizes, cx.defaults.dtype, device)?;
    Ok(smallvec![Out::Tensor(meta, Alias::Fresh)])
}

const fn def(name: &'static str, kernel: ErasedKernel, tags: Tags) -> OpDef {
    OpDef {
        name,
        schema: "",
        tags,
        kernel,
    }
}

const NONE: Tags = Tags {
    pointwise: false,
    view: false,
    inplace: false,
    factory: false,
    data_dependent: false,
    hand_written: true,
};

static OPS: [OpDef; 6] = [
    def(
        "test::_local_scalar_dense",
        item,
        Tags {
            data_dependent: true,
            ..NONE
        },
    ),
    def(
        "test::add.Tensor",
        add,
        Tags {
            pointwise: true,
            ..NONE
        },
    ),
    def(
        "test::add_.Tensor",
        add_,
        Tags {
            inplace: true,
            ..NONE
        },
    ),
    def(
        "test::empty",
        empty,
        Tags {
            factory: true,
            ..NONE
        },
    ),
    def(
        "test::nonzero",
        nonzero,
        Tags {
            data_dependent: true,
            ..NONE
        },
    ),
    def("test::view", view, Tags { view: true, ..NONE }),
];

fn mode() -> FakeTensorMode {
    FakeTensorMode::new(StaticRegistry(&OPS))
}

fn one(out: smallvec::SmallVec<[Output; 1]>) -> fake_runtime::tensor::TensorId {
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

#[test]
fn views_share_storage_and_in_place_bumps_the_version() {
    let mut m = mode();
    let x = m
        .empty(&ints(&[2, 6]), DType::Float32, Device::cpu())
        .unwrap();
    let sizes = ints(&[3, -1]);
    let v = one(m
        .dispatch_named("test::view", &[Value::Tensor(x), Value::Ints(&sizes)])
        .unwrap());
    assert_eq!(
        m.meta(v).unwrap().sizes.as_slice(),
        ints(&[3, 4]).as_slice()
    );
    assert_eq!(m.tensor(v).unwrap().storage, m.tensor(x).unwrap().storage);
    assert_eq!(m.version(x).unwrap(), 0);
    let y = m.empty(&ints(&[4]), DType::Float32, Device::cpu()).unwrap();
    let r = one(m
        .dispatch_named("test::add_.Tensor", &[Value::Tensor(v), Value::Tensor(y)])
        .unwrap());
    assert_eq!(r, v, "in-place returns its argument");
    assert_eq!(m.version(v).unwrap(), 1);
    assert_eq!(m.version(x).unwrap(), 1, "views share the version counter");
    // An in-place op may not change self's shape.
    let z = m
        .empty(&ints(&[2, 3, 4]), DType::Float32, Device::cpu())
        .unwrap();
    assert!(
        m.dispatch_named("test::add_.Tensor", &[Value::Tensor(v), Value::Tensor(z)])
            .is_err()
    );
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
        .dispatch_named("test::add.Tensor", &[Value::Tensor(a), Value::Tensor(b)])
        .unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::DeviceMismatch { .. }),
        "{err}"
    );
    let s = m.empty(&[], DType::Float32, Device::cpu()).unwrap();
    let c = one(m
        .dispatch_named("test::add.Tensor", &[Value::Tensor(a), Value::Tensor(s)])
        .unwrap());
    assert_eq!(m.meta(c).unwrap().device, cuda);
    let c = one(m
        .dispatch_named("test::add.Tensor", &[Value::Tensor(s), Value::Tensor(a)])
        .unwrap());
    assert_eq!(m.meta(c).unwrap().device, cuda);
    // Factories honour their device argument.
    let sizes = ints(&[5]);
    let e = one(m
        .dispatch_named("test::empty", &[Value::Ints(&sizes), Value::Device(cuda)])
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
        .dispatch_named("test::add.Tensor", &[Value::Tensor(a), Value::Tensor(b)])
        .unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::ForeignTensor { .. }));
    assert!(matches!(
        m1.data(a).unwrap_err().kind(),
        ErrorKind::NoData { .. }
    ));
    let err = m1.dispatch_named("test::nope", &[]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unsupported operator test::nope: no rule or kernel"
    );
}

#[test]
fn nonzero_reuses_its_unbacked_symbol_until_the_tensor_changes() {
    let mut m = mode();
    let x = m
        .empty(&ints(&[3, 4]), DType::Float32, Device::cpu())
        .unwrap();
    let n1 = one(m
        .dispatch_named("test::nonzero", &[Value::Tensor(x)])
        .unwrap());
    let n2 = one(m
        .dispatch_named("test::nonzero", &[Value::Tensor(x)])
        .unwrap());
    let (u1, u2) = (m.meta(n1).unwrap().sizes[0], m.meta(n2).unwrap().sizes[0]);
    assert_eq!(u1, u2);
    assert_eq!(m.env().display(u1), "u0");
    let r = m.env_mut().value_range(u1).unwrap();
    assert_eq!((r.lo(), r.hi()), (Some(0), Some(12)));
    let y = m.empty(&ints(&[4]), DType::Float32, Device::cpu()).unwrap();
    m.dispatch_named("test::add_.Tensor", &[Value::Tensor(x), Value::Tensor(y)])
        .unwrap();
    let n3 = one(m
        .dispatch_named("test::nonzero", &[Value::Tensor(x)])
        .unwrap());
    assert_eq!(m.env().display(m.meta(n3).unwrap().sizes[0]), "u1");
    // An empty tensor has no nonzeros: no symbol.
    let e = m
        .empty(&ints(&[0, 4]), DType::Float32, Device::cpu())
        .unwrap();
    let n4 = one(m
        .dispatch_named("test::nonzero", &[Value::Tensor(e)])
        .unwrap());
    assert_eq!(m.meta(n4).unwrap().sizes[0], SymInt::Int(0));
}

#[test]
fn item_of_a_known_scalar_is_its_value() {
    let mut m = mode();
    let real = HostTensor::scalar_f32(2.5);
    let t = m.from_real(&real, &SymbolicContext::static_("lr")).unwrap();
    let out = m
        .dispatch_named("test::_local_scalar_dense", &[Value::Tensor(t)])
        .unwrap();
    assert_eq!(out[0], Output::Scalar(Scalar::Float(2.5)));
    let u = m.empty(&[], DType::Int64, Device::cpu()).unwrap();
    let out = m
        .dispatch_named("test::_local_scalar_dense", &[Value::Tensor(u)])
        .unwrap();
    let Output::Scalar(Scalar::Int(s)) = out[0] else {
        panic!("{out:?}")
    };
    assert_eq!(m.env().display(s), "u0");
}

#[test]
fn dispatch_cache_counts_hits_misses_and_bypasses() {
    let mut m = mode();
    let a = m
        .empty(&ints(&[2, 3]), DType::Float32, Device::cpu())
        .unwrap();
    let b = m.empty(&ints(&[3]), DType::Float32, Device::cpu()).unwrap();
    let args = [Value::Tensor(a), Value::Tensor(b)];
    let c1 = one(m.dispatch_named("test::add.Tensor", &args).unwrap());
    let c2 = one(m.dispatch_named("test::add.Tensor", &args).unwrap());
    assert_ne!(c1, c2, "a hit still makes a new tensor");
    assert_eq!(m.meta(c1).unwrap(), m.meta(c2).unwrap());
    m.dispatch_named("test::nonzero", &[Value::Tensor(a)])
        .unwrap();
    m.dispatch_named("test::add_.Tensor", &[Value::Tensor(a), Value::Tensor(b)])
        .unwrap();
    let x = HostTensor::zeros(&[8, 3], DType::Float32);
    let s = m.from_real(&x, &SymbolicContext::duck("x", 2)).unwrap();
    m.dispatch_named("test::add.Tensor", &[Value::Tensor(s), Value::Tensor(b)])
        .unwrap();
    let info = m.cache_info();
    assert_eq!((info.hits, info.misses, info.size), (1, 1, 1));
    assert_eq!(info.bypasses.get("data dependent output"), Some(&1));
    assert_eq!(info.bypasses.get("inplace"), Some(&1));
    assert_eq!(info.bypasses.get("symbolic shape"), Some(&1));
}
