//! What the rule tests share: small tensors, dispatch by name through the
//! registry, and the printed form PyTorch's answers are written in
//! (`sizes=[..] strides=[..] offset=.. dtype=torch.<dtype>`).

// Each test binary uses a part of these helpers and re-exports.
#![allow(dead_code, unused_imports)]

pub use fake_runtime::{
    Arg, Cx, DType, Defaults, Device, Layout, MemoryFormat, Out, Outs, Registry, Scalar, ShapeEnv,
    SymInt, TensorMeta,
};
pub use smallvec::SmallVec;

/// A contiguous float32 tensor.
pub fn f(sizes: &[i64]) -> TensorMeta {
    t(sizes, DType::Float32)
}

/// A contiguous tensor.
pub fn t(sizes: &[i64], dtype: DType) -> TensorMeta {
    let mut env = ShapeEnv::new();
    let sizes: Vec<SymInt> = sizes.iter().map(|&s| SymInt::Int(s)).collect();
    TensorMeta::contiguous(&mut env, &sizes, dtype, Device::cpu()).expect("contiguous")
}

/// A tensor with explicit strides and offset.
pub fn strided(sizes: &[i64], strides: &[i64], offset: i64) -> TensorMeta {
    let mut m = f(sizes);
    m.strides = strides.iter().map(|&s| SymInt::Int(s)).collect();
    m.storage_offset = SymInt::Int(offset);
    m
}

pub fn ints<'a>(v: &[i64]) -> Arg<'a> {
    Arg::Ints(v.iter().map(|&x| SymInt::Int(x)).collect())
}

pub fn int<'a>(v: i64) -> Arg<'a> {
    Arg::Int(SymInt::Int(v))
}

/// Run `op` in a fresh ShapeEnv.
pub fn run(op: &str, args: &[Arg<'_>]) -> fake_runtime::Result<(Outs, ShapeEnv)> {
    let mut env = ShapeEnv::new();
    let outs = run_in(&mut env, op, args)?;
    Ok((outs, env))
}

pub fn run_in(env: &mut ShapeEnv, op: &str, args: &[Arg<'_>]) -> fake_runtime::Result<Outs> {
    let reg = fake_ops::registry();
    let def = reg
        .lookup(op)
        .unwrap_or_else(|| panic!("{op} is not declared"));
    let mut cx = Cx {
        env,
        op: def.name,
        defaults: Defaults {
            dtype: DType::Float32,
            device: Device::cpu(),
        },
        device: Device::cpu(),
        constant: None,
    };
    (def.kernel)(&mut cx, args)
}

/// Outputs in PyTorch's printed format, one line each.
pub fn show(outs: &Outs, env: &ShapeEnv) -> Vec<String> {
    let list = |d: &[SymInt]| {
        let v: Vec<String> = d.iter().map(|&s| env.display(s)).collect();
        format!("[{}]", v.join(", "))
    };
    let mut lines = Vec::new();
    for o in outs {
        if let Out::Tensor(m, _) = o {
            lines.push(format!(
                "sizes={} strides={} offset={} dtype=torch.{}",
                list(&m.sizes),
                list(&m.strides),
                env.display(m.storage_offset),
                m.dtype
            ));
        }
    }
    lines
}

#[track_caller]
pub fn case(op: &str, args: &[Arg<'_>], expected: &[&str]) {
    let (outs, env) = run(op, args).unwrap_or_else(|e| panic!("{op}: {e}"));
    assert_eq!(show(&outs, &env), expected, "{op}");
}

/// A channels-last `[2, 3, 8, 8]` tensor.
pub fn channels_last() -> TensorMeta {
    strided(&[2, 3, 8, 8], &[192, 1, 24, 3], 0)
}

/// Every tensor of the outputs (lists flattened), in PyTorch's format.
pub fn show_all(outs: &Outs, env: &ShapeEnv) -> Vec<String> {
    let mut flat = Outs::new();
    for o in outs {
        match o {
            Out::Tensors(list) => {
                flat.extend(list.iter().map(|(m, a)| Out::Tensor(m.clone(), *a)));
            }
            o => flat.push(o.clone()),
        }
    }
    show(&flat, env)
}

#[track_caller]
pub fn list_case(op: &str, args: &[Arg<'_>], expected: &[&str]) {
    let (outs, env) = run(op, args).unwrap_or_else(|e| panic!("{op}: {e}"));
    assert_eq!(show_all(&outs, &env), expected, "{op}");
}

pub fn idx<'a>(ts: Vec<Option<&'a TensorMeta>>) -> Arg<'a> {
    Arg::OptTensors(SmallVec::from_vec(ts))
}
