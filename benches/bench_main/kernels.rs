//! Guards the cost of the kernels generated from `ops/rules/*.rules`: a
//! static 4-D broadcasting `add` (the pointwise fast path: broadcast,
//! promotion and TensorIterator strides on `i64`s, never touching the
//! ShapeEnv) and `mm` (pattern matching with a repeated size, contiguous
//! output) must each stay under 150 ns, called typed or through the
//! erased entry the mode dispatches to.

use criterion::{Criterion, criterion_group};
use fake_tensor::runtime::{
    Arg, Cx, DType, Defaults, Device, Scalar, ShapeEnv, SymInt, TensorMeta,
};
use std::hint::black_box;

fn meta(env: &mut ShapeEnv, sizes: &[i64]) -> TensorMeta {
    let sizes: Vec<SymInt> = sizes.iter().map(|&s| SymInt::Int(s)).collect();
    TensorMeta::contiguous(env, &sizes, DType::Float32, Device::cpu()).expect("static sizes")
}

fn cx<'a>(env: &'a mut ShapeEnv, op: &'static str) -> Cx<'a> {
    Cx {
        env,
        op,
        defaults: Defaults::default(),
        device: Device::cpu(),
        constant: None,
        eager: false,
    }
}

fn add_4d_broadcast(c: &mut Criterion) {
    let mut g = c.benchmark_group("kernel_add_4d_broadcast");
    let mut env = ShapeEnv::new();
    let a = meta(&mut env, &[8, 1, 16, 32]);
    let b = meta(&mut env, &[4, 1, 32]);
    let alpha = Scalar::Int(SymInt::Int(1));
    let mut cx = cx(&mut env, "aten::add.Tensor");
    g.bench_function("typed", |bench| {
        bench.iter(|| fake_ops::typed::add_tensor(&mut cx, black_box(&a), black_box(&b), alpha))
    });
    let def = fake_ops::Op::AddTensor.def();
    let args = [Arg::Tensor(&a), Arg::Tensor(&b)];
    g.bench_function("erased", |bench| {
        bench.iter(|| (def.kernel)(&mut cx, black_box(&args)))
    });
    g.finish();
}

fn mm(c: &mut Criterion) {
    let mut g = c.benchmark_group("kernel_mm");
    let mut env = ShapeEnv::new();
    let a = meta(&mut env, &[64, 32]);
    let b = meta(&mut env, &[32, 16]);
    let mut cx = cx(&mut env, "aten::mm");
    g.bench_function("typed", |bench| {
        bench.iter(|| fake_ops::typed::mm(&mut cx, black_box(&a), black_box(&b)))
    });
    let def = fake_ops::Op::Mm.def();
    let args = [Arg::Tensor(&a), Arg::Tensor(&b)];
    g.bench_function("erased", |bench| {
        bench.iter(|| (def.kernel)(&mut cx, black_box(&args)))
    });
    g.finish();
}

criterion_group!(benches, add_4d_broadcast, mm);
