//! Guards the cost of dispatch through `FakeTensorMode`: a static
//! pointwise op answered from the dispatch cache must stay under 300 ns and
//! cost less than a miss; a symbolic one under 1 us; converting 10,000
//! real tensors is measured whole.
//!
//! The pointwise kernel is a hand-written one over
//! `fake_runtime::pointwise::output`, so the numbers measure the mode, not
//! a particular generated kernel. Every dispatch makes a tensor, so the
//! timed loops run in chunks on fresh modes (warmed up outside the timing)
//! to keep memory flat.

use criterion::{BatchSize, Criterion, criterion_group};
use fake_tensor::runtime::convert::{HostTensor, SymbolicContext};
use fake_tensor::runtime::kernel::{Alias, Arg, Cx, OpDef, Out, Outs, StaticRegistry, Tags};
use fake_tensor::runtime::meta::{Scalar, TensorMeta};
use fake_tensor::runtime::mode::{ModeSettings, Value};
use fake_tensor::runtime::schema::{BaseType, DefaultValue, ParamDef, ParamType, ReturnDef};
use fake_tensor::runtime::sym::SymInt;
use fake_tensor::runtime::tensor::TensorId;
use fake_tensor::runtime::{DType, Device, ErrorKind, FakeTensorMode, Result, ShapeEnv};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn add(cx: &mut Cx<'_>, args: &[Arg<'_>]) -> Result<Outs> {
    let (Some(Arg::Tensor(a)), Some(Arg::Tensor(b))) = (args.first(), args.get(1)) else {
        return Err(ErrorKind::BadArguments {
            op: cx.op.to_string(),
            reason: "two tensors".into(),
        }
        .into());
    };
    let meta = fake_tensor::runtime::pointwise::output(cx, &[a, b], a.dtype, Default::default())?;
    Ok(std::iter::once(Out::Tensor(meta, Alias::Fresh)).collect())
}

static OPS: [OpDef; 1] = [OpDef {
    name: "aten::add.Tensor",
    schema: "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
    params: &[
        ParamDef::new("self", ParamType::of(BaseType::Tensor)),
        ParamDef::new("other", ParamType::of(BaseType::Tensor)),
        ParamDef::new("alpha", ParamType::of(BaseType::Scalar))
            .with_default(DefaultValue::Int(1))
            .keyword_only(),
    ],
    returns: &[ReturnDef {
        name: None,
        ty: ParamType::of(BaseType::Tensor),
        alias: None,
    }],
    tags: Tags {
        pointwise: true,
        view: false,
        inplace: false,
        factory: false,
        data_dependent: false,
        memo: None,
        no_grad: false,
        multi_device: false,
        seeded: false,
        no_meta: false,
        plain: None,
        hand_written: true,
        derived: false,
    },
    kernel: add,
    autograd: fake_tensor::runtime::Autograd::Composite,
}];

const CHUNK: u64 = 20_000;
const ALPHA: Value<'static> = Value::Scalar(Scalar::Int(SymInt::Int(1)));

fn mode(cache: bool) -> FakeTensorMode {
    let settings = ModeSettings {
        cache,
        ..ModeSettings::default()
    };
    FakeTensorMode::with(StaticRegistry(&OPS), ShapeEnv::new(), settings)
}

fn ints(v: &[i64]) -> Vec<SymInt> {
    v.iter().map(|&x| SymInt::Int(x)).collect()
}

/// Static inputs `[32, 64] + [64]`.
fn static_inputs(m: &mut FakeTensorMode) -> (TensorId, TensorId) {
    let a = m
        .empty(&ints(&[32, 64]), DType::Float32, Device::cpu())
        .expect("tensor");
    let b = m
        .empty(&ints(&[64]), DType::Float32, Device::cpu())
        .expect("tensor");
    (a, b)
}

/// Symbolic inputs `[s0, s1] + [s1]` from real tensors with duck sizes.
fn symbolic_inputs(m: &mut FakeTensorMode) -> (TensorId, TensorId) {
    let x = HostTensor::zeros(&[32, 64], DType::Float32);
    let y = HostTensor::zeros(&[64], DType::Float32);
    let a = m
        .from_real(&x, &SymbolicContext::duck("x", 2))
        .expect("tensor");
    let b = m
        .from_real(&y, &SymbolicContext::duck("y", 1))
        .expect("tensor");
    (a, b)
}

/// Time `iters` dispatches of `add(a, b)`, in chunks on fresh modes made by
/// `setup` (and warmed up by one untimed call when `warm`).
fn time_dispatch(
    iters: u64,
    cache: bool,
    warm: bool,
    setup: fn(&mut FakeTensorMode) -> (TensorId, TensorId),
) -> Duration {
    let mut total = Duration::ZERO;
    let mut left = iters;
    while left > 0 {
        let n = left.min(CHUNK);
        let mut m = mode(cache);
        let (a, b) = setup(&mut m);
        let args = [Value::Tensor(a), Value::Tensor(b), ALPHA];
        if warm {
            m.dispatch_named("aten::add.Tensor", &args).expect("add");
        }
        let start = Instant::now();
        for _ in 0..n {
            black_box(
                m.dispatch_named("aten::add.Tensor", black_box(&args))
                    .expect("add"),
            );
        }
        total += start.elapsed();
        left -= n;
    }
    total
}

fn dispatch(c: &mut Criterion) {
    let mut g = c.benchmark_group("mode_dispatch");
    g.bench_function("static_pointwise_cache_hit", |b| {
        b.iter_custom(|iters| time_dispatch(iters, true, true, static_inputs))
    });
    g.bench_function("static_pointwise_uncached", |b| {
        b.iter_custom(|iters| time_dispatch(iters, false, false, static_inputs))
    });
    g.bench_function("symbolic_pointwise_cache_hit", |b| {
        b.iter_custom(|iters| time_dispatch(iters, true, true, symbolic_inputs))
    });
    g.bench_function("symbolic_pointwise_uncached", |b| {
        b.iter_custom(|iters| time_dispatch(iters, false, false, symbolic_inputs))
    });
    // A miss: every call has a key not seen before (a fresh shape), runs
    // the kernel and fills the cache.
    g.bench_function("static_pointwise_cache_miss", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut left = iters;
            while left > 0 {
                let n = left.min(CHUNK);
                let mut m = mode(true);
                let inputs: Vec<(TensorId, TensorId)> = (0..n)
                    .map(|i| {
                        let a = m
                            .empty(&ints(&[i as i64 + 1, 64]), DType::Float32, Device::cpu())
                            .expect("tensor");
                        let b = m
                            .empty(&ints(&[64]), DType::Float32, Device::cpu())
                            .expect("tensor");
                        (a, b)
                    })
                    .collect();
                let start = Instant::now();
                for &(a, b) in &inputs {
                    let args = [Value::Tensor(a), Value::Tensor(b), ALPHA];
                    black_box(m.dispatch_named("aten::add.Tensor", &args).expect("add"));
                }
                total += start.elapsed();
                left -= n;
            }
            total
        })
    });
    g.finish();
}

fn convert(c: &mut Criterion) {
    let reals: Vec<HostTensor> = (0..10_000)
        .map(|i| HostTensor::zeros(&[1 + i % 7, 64, 3], DType::Float32))
        .collect();
    let mut g = c.benchmark_group("mode_convert");
    g.sample_size(20);
    g.bench_function("from_real_10000_static", |b| {
        b.iter_batched(
            || mode(true),
            |mut m| {
                for (i, r) in reals.iter().enumerate() {
                    let ctx = SymbolicContext::static_(format!("w{i}"));
                    black_box(m.from_real(r, &ctx).expect("convert"));
                }
                m
            },
            BatchSize::LargeInput,
        )
    });
    g.bench_function("from_real_10000_duck", |b| {
        b.iter_batched(
            || mode(true),
            |mut m| {
                for (i, r) in reals.iter().enumerate() {
                    let ctx = SymbolicContext::duck(format!("x{i}"), 3);
                    black_box(m.from_real(r, &ctx).expect("convert"));
                }
                m
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

fn meta_clone(c: &mut Criterion) {
    // The floor of any dispatch that makes a tensor: copying its metadata.
    let mut m = mode(true);
    let (a, _) = static_inputs(&mut m);
    let meta: TensorMeta = m.meta(a).expect("meta").clone();
    c.bench_function("mode_meta_clone", |b| b.iter(|| black_box(meta.clone())));
}

criterion_group!(benches, dispatch, convert, meta_clone);
