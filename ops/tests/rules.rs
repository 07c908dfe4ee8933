//! The generated kernels, called directly through the registry, on what
//! the PyTorch fixtures of `tests/conformance` cannot check: the wording
//! of our own errors, the value range of an unbacked size, runtime
//! asserts on unbacked inputs, and the registry's table. What a kernel
//! computes is checked against PyTorch there, never here.

use fake_runtime::{
    Alias, Arg, Cx, DType, Defaults, Device, Out, Outs, Registry, ShapeEnv, SymInt, TensorMeta,
};

/// A contiguous float32 tensor.
fn f(sizes: &[i64]) -> TensorMeta {
    let mut env = ShapeEnv::new();
    let sizes: Vec<SymInt> = sizes.iter().map(|&s| SymInt::Int(s)).collect();
    TensorMeta::contiguous(&mut env, &sizes, DType::Float32, Device::cpu()).expect("contiguous")
}

/// Run `op`'s kernel in `env`.
fn run_in(env: &mut ShapeEnv, op: &str, args: &[Arg<'_>]) -> fake_runtime::Result<Outs> {
    let registry = fake_ops::registry();
    let def = registry
        .lookup(op)
        .unwrap_or_else(|| panic!("{op} is not declared"));
    let mut cx = Cx {
        env,
        op: def.name,
        defaults: Defaults::default(),
        device: Device::cpu(),
        constant: None,
        eager: false,
    };
    (def.kernel)(&mut cx, args)
}

#[test]
fn a_static_mismatch_names_op_argument_and_sizes() {
    let mut env = ShapeEnv::new();
    let err = run_in(
        &mut env,
        "aten::mm",
        &[Arg::Tensor(&f(&[3, 4])), Arg::Tensor(&f(&[5, 6]))],
    )
    .expect_err("4 != 5");
    let msg = err.to_string();
    assert!(msg.contains("aten::mm"), "{msg}");
    assert!(msg.contains("`mat2` at dim 0 (`k`)"), "{msg}");
    assert!(msg.contains("expected 4, got 5"), "{msg}");
}

#[test]
fn nonzero_makes_a_bounded_unbacked_size() {
    let mut env = ShapeEnv::new();
    let outs = run_in(&mut env, "aten::nonzero", &[Arg::Tensor(&f(&[2, 3]))]).expect("nonzero");
    let Some(Out::Tensor(m, Alias::Fresh)) = outs.first() else {
        panic!("a fresh tensor: {outs:?}")
    };
    // At most one row per element of the input.
    let r = env.value_range(m.sizes[0]).expect("range");
    assert_eq!((r.lo(), r.hi()), (Some(0), Some(6)));
}

#[test]
fn unbacked_sizes_become_runtime_asserts() {
    // Two data-dependent sizes that `mm` needs equal: no hint can decide
    // it, so it is asserted (as torch._check) rather than guarded.
    let mut env = ShapeEnv::new();
    let u0 = env.create_unbacked(true, "test");
    let u1 = env.create_unbacked(true, "test");
    let mut a = f(&[3, 4]);
    a.sizes[1] = u0;
    let mut b = f(&[4, 5]);
    b.sizes[0] = u1;
    run_in(&mut env, "aten::mm", &[Arg::Tensor(&a), Arg::Tensor(&b)]).expect("mm");
    assert!(env.guards().is_empty());
    assert!(!env.runtime_asserts().is_empty());
}

#[test]
fn the_table_is_sorted_and_complete() {
    let ops = fake_ops::registry();
    let names: Vec<&str> = ops.ops().iter().map(|d| d.name).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted);
    assert!(names.contains(&"aten::relu"));
    assert_eq!(
        fake_ops::Op::from_name("aten::relu.default"),
        Some(fake_ops::Op::Relu)
    );
    assert_eq!(fake_ops::Op::AddTensor.name(), "aten::add.Tensor");
    assert!(fake_ops::Op::AddTensor.tags().pointwise);
    assert!(fake_ops::Op::View.tags().view);
    assert!(fake_ops::Op::UnsafeChunk.tags().hand_written);
    assert!(!fake_ops::Op::_LocalScalarDense.tags().hand_written);
    assert!(fake_ops::Op::from_name("aten::add.out").is_some_and(|o| o.tags().derived));
}
