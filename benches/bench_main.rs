//! Criterion benchmarks of fake-tensor, one module per area.

fn main() {}
