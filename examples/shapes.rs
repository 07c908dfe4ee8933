//! A small trace through the ShapeEnv: two inputs with dynamic sizes are
//! concatenated, reshaped and checked, and the guards that the trace relied
//! on are printed and checked against other input sizes.
//!
//! Run with `cargo run --release --example shapes`.

use fake_tensor::runtime::sym::SymInt;
use fake_tensor::runtime::{DimDynamic, Result, ShapeEnv, Source};
use std::collections::HashMap;

fn main() -> Result<()> {
    let mut env = ShapeEnv::new();
    // x: [8, 3, 32], y: [5, 3, 32], batch and sequence dims dynamic.
    let x_shape = [8, 3, 32];
    let y_shape = [5, 3, 32];
    let dynamic = [DimDynamic::Duck, DimDynamic::Static, DimDynamic::Duck];
    let make = |env: &mut ShapeEnv, name: &str, shape: &[i64]| -> Result<Vec<SymInt>> {
        shape
            .iter()
            .enumerate()
            .map(|(d, &h)| env.create_symbol(h, Source::size(name, d), dynamic[d], None))
            .collect()
    };
    let x = make(&mut env, "x", &x_shape)?;
    let y = make(&mut env, "y", &y_shape)?;
    let show = |env: &ShapeEnv, v: &[SymInt]| {
        v.iter()
            .map(|&s| env.display(s))
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!("x: [{}]", show(&env, &x));
    println!("y: [{}]", show(&env, &y));

    // torch.cat([x, y], dim=0): the other dims must agree.
    for d in 1..3 {
        let same = env.eq(x[d], y[d])?;
        env.expect_true(same, "aten::cat")?;
    }
    let rows = env.add(x[0], y[0])?;
    println!(
        "cat([x, y]): [{}, {}, {}]",
        env.display(rows),
        env.display(x[1]),
        env.display(x[2])
    );

    // A conv-like output length: ((L - 3) // 2) + 1.
    let l = env.sub(x[2], SymInt::Int(3))?;
    let l = env.floordiv(l, SymInt::Int(2))?;
    let l = env.add(l, SymInt::Int(1))?;
    println!("conv1d(kernel=3, stride=2) length: {}", env.display(l));

    // Python control flow on a size: `if z.size(0) > 10:`.
    let big = env.gt(rows, SymInt::Int(10))?;
    let taken = env.guard_bool(big, "if z.size(0) > 10")?;
    println!("z.size(0) > 10 -> {taken}");

    // A data-dependent size: nonzero() gives an unbacked symbol.
    let u = env.create_unbacked(true, "aten::nonzero");
    let numel = env.mul(rows, x[2])?;
    let numel = env.mul(numel, x[1])?;
    env.constrain_range(u, Some(0), None, "aten::nonzero")?;
    let fits = env.le(u, numel)?;
    match env.guard_bool(fits, "aten::nonzero") {
        Ok(b) => println!("nonzero count <= numel: {b}"),
        Err(e) => println!("nonzero count <= numel: cannot decide: {e}"),
    }

    println!("\nguards:");
    for g in env.produce_guards() {
        println!("  {g}");
    }
    for (label, xs, ys) in [
        ("same sizes", [8, 3, 32], [5, 3, 32]),
        ("new batch", [20, 3, 64], [7, 3, 64]),
        ("too small", [4, 3, 32], [5, 3, 32]),
        ("channel changed", [8, 4, 32], [5, 4, 32]),
    ] {
        let mut values = HashMap::new();
        for d in 0..3 {
            values.insert(Source::size("x", d), xs[d]);
            values.insert(Source::size("y", d), ys[d]);
        }
        let ok = env.check_guards(&|s| values.get(s).copied())?;
        println!("reuse with x={xs:?}, y={ys:?} ({label}): {ok}");
    }
    Ok(())
}
