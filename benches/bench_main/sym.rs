//! Guards the cost of symbolic arithmetic and guard evaluation: a static
//! `SymInt` add must cost what a checked `i64` add costs, adding two
//! interned expressions well under 100 ns, and re-deciding an already
//! decided condition well under 200 ns.

use criterion::{BenchmarkId, Criterion, criterion_group};
use fake_tensor::runtime::sym::SymInt;
use fake_tensor::runtime::{DimDynamic, ShapeEnv, Source};
use std::hint::black_box;

fn env_with(n: usize) -> (ShapeEnv, Vec<SymInt>) {
    let mut env = ShapeEnv::new();
    let syms = (0..n)
        .map(|i| {
            env.create_symbol(
                2 + i as i64,
                Source::size("x", i),
                DimDynamic::Dynamic,
                None,
            )
            .expect("valid symbol")
        })
        .collect();
    (env, syms)
}

fn static_add(c: &mut Criterion) {
    let mut g = c.benchmark_group("static_add");
    g.bench_function("i64_checked_add", |b| {
        b.iter(|| black_box(3i64).checked_add(black_box(4)))
    });
    let mut env = ShapeEnv::new();
    g.bench_function("symint_add", |b| {
        b.iter(|| env.add(black_box(SymInt::Int(3)), black_box(SymInt::Int(4))))
    });
    g.finish();
}

/// Adds timed in one ShapeEnv before it starts afresh: a model's trace
/// makes hundreds of expressions, and an arena of that size stays in cache
/// and in memory the allocator already has.
const CHUNK: u64 = 512;

fn symbolic_add(c: &mut Criterion) {
    let mut g = c.benchmark_group("symbolic_add");
    // Sweep the number of terms on each side: a + b with a, b sums of n symbols.
    for n in [1usize, 2, 4, 8] {
        let (mut env, s) = env_with(2 * n);
        let mut a = SymInt::Int(1);
        let mut bb = SymInt::Int(0);
        for i in 0..n {
            a = env.add(a, s[i]).expect("add");
            let t = env.mul(s[n + i], SymInt::Int(2)).expect("mul");
            bb = env.add(bb, t).expect("add");
        }
        g.bench_with_input(BenchmarkId::new("terms", n), &n, |b, _| {
            b.iter(|| env.add(black_box(a), black_box(bb)))
        });
        // The first time two handles meet: no memoised result, a new sum
        // built, canonicalised and interned. Each iteration adds a
        // different left operand (`a + i`, made beforehand) to `bb`. The
        // ShapeEnv starts afresh every CHUNK adds, so the arena stays the
        // size a traced model gives it (hundreds of nodes, not millions).
        g.bench_with_input(BenchmarkId::new("terms_uncached", n), &n, |b, _| {
            b.iter_custom(|iters| {
                let mut total = std::time::Duration::ZERO;
                let mut left = iters;
                while left > 0 {
                    let chunk = left.min(CHUNK);
                    left -= chunk;
                    let (mut fresh, s) = env_with(2 * n);
                    let (mut a, mut bb) = (SymInt::Int(1), SymInt::Int(0));
                    for i in 0..n {
                        a = fresh.add(a, s[i]).expect("add");
                        let t = fresh.mul(s[n + i], SymInt::Int(2)).expect("mul");
                        bb = fresh.add(bb, t).expect("add");
                    }
                    let lefts: Vec<SymInt> = (0..chunk as i64)
                        .map(|i| fresh.add(a, SymInt::Int(1_000_000 + i)).expect("add"))
                        .collect();
                    let start = std::time::Instant::now();
                    for &l in &lefts {
                        black_box(fresh.add(black_box(l), black_box(bb)).expect("add"));
                    }
                    total += start.elapsed();
                }
                total
            })
        });
    }
    let (mut env, s) = env_with(2);
    g.bench_function("floordiv_conv_out", |b| {
        b.iter(|| {
            let x = env.sub(black_box(s[0]), SymInt::Int(3))?;
            let x = env.floordiv(x, SymInt::Int(2))?;
            env.add(x, SymInt::Int(1))
        })
    });
    g.finish();
}

fn guards(c: &mut Criterion) {
    let mut g = c.benchmark_group("guard");
    let (mut env, s) = env_with(2);
    let sum = env.add(s[0], s[1]).expect("add");
    let cond = env.gt(sum, SymInt::Int(4)).expect("gt");
    env.guard_bool(cond, "bench").expect("decidable");
    g.bench_function("decided_condition", |b| {
        b.iter(|| env.guard_bool(black_box(cond), "bench"))
    });
    let by_range = env.gt(sum, SymInt::Int(1)).expect("gt");
    g.bench_function("decided_by_range", |b| {
        b.iter(|| env.guard_bool(black_box(by_range), "bench"))
    });
    // With a replacement in force: simplify is memoised.
    let (mut env, s) = env_with(3);
    let eq = env.eq(s[2], s[0]).expect("eq");
    env.guard_bool(eq, "bench").expect("decidable");
    let sum = env.add(s[2], s[1]).expect("add");
    let cond = env.gt(sum, SymInt::Int(5)).expect("gt");
    env.guard_bool(cond, "bench").expect("decidable");
    g.bench_function("decided_with_replacement", |b| {
        b.iter(|| env.guard_bool(black_box(cond), "bench"))
    });
    g.finish();
}

criterion_group!(benches, static_add, symbolic_add, guards);
