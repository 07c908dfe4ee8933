//! Criterion benchmarks of fake-tensor, one module per area.

mod sym;

criterion::criterion_main!(sym::benches);
