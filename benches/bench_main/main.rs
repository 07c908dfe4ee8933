//! Criterion benchmarks of fake-tensor, one module per area.

mod kernels;
mod mode;
mod sym;

criterion::criterion_main!(kernels::benches, sym::benches, mode::benches);
