//! Criterion benchmarks of fake-tensor, one module per area.

mod alloc;
#[path = "../../tests/support/examples.rs"]
mod examples;
mod kernels;
mod mode;
mod programs;
mod sym;

#[global_allocator]
static COUNTING: alloc::Counting = alloc::Counting;

criterion::criterion_main!(
    kernels::benches,
    sym::benches,
    mode::benches,
    programs::benches
);
