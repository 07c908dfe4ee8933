//! The generated kernels, dispatched by name through the registry, against
//! PyTorch: every expected line below is what
//! `torch._subclasses.fake_tensor.FakeTensorMode` printed for the same call
//! (sizes, strides, storage offset, dtype), in the format
//! `sizes=[..] strides=[..] offset=.. dtype=torch.<dtype>`.

use fake_runtime::{
    Arg, Cx, DType, Defaults, Device, Layout, MemoryFormat, Out, Outs, Registry, Scalar, ShapeEnv,
    SymInt, TensorMeta,
};
use smallvec::SmallVec;

/// A contiguous float32 tensor.
fn f(sizes: &[i64]) -> TensorMeta {
    t(sizes, DType::Float32)
}

/// A contiguous tensor.
fn t(sizes: &[i64], dtype: DType) -> TensorMeta {
    let mut env = ShapeEnv::new();
    let sizes: Vec<SymInt> = sizes.iter().map(|&s| SymInt::Int(s)).collect();
    TensorMeta::contiguous(&mut env, &sizes, dtype, Device::cpu()).expect("contiguous")
}

/// A tensor with explicit strides and offset.
fn strided(sizes: &[i64], strides: &[i64], offset: i64) -> TensorMeta {
    let mut m = f(sizes);
    m.strides = strides.iter().map(|&s| SymInt::Int(s)).collect();
    m.storage_offset = SymInt::Int(offset);
    m
}

fn ints<'a>(v: &[i64]) -> Arg<'a> {
    Arg::Ints(v.iter().map(|&x| SymInt::Int(x)).collect())
}

fn int<'a>(v: i64) -> Arg<'a> {
    Arg::Int(SymInt::Int(v))
}

/// Run `op` in a fresh ShapeEnv.
fn run(op: &str, args: &[Arg<'_>]) -> fake_runtime::Result<(Outs, ShapeEnv)> {
    let mut env = ShapeEnv::new();
    let outs = run_in(&mut env, op, args)?;
    Ok((outs, env))
}

fn run_in(env: &mut ShapeEnv, op: &str, args: &[Arg<'_>]) -> fake_runtime::Result<Outs> {
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
fn show(outs: &Outs, env: &ShapeEnv) -> Vec<String> {
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
fn case(op: &str, args: &[Arg<'_>], expected: &[&str]) {
    let (outs, env) = run(op, args).unwrap_or_else(|e| panic!("{op}: {e}"));
    assert_eq!(show(&outs, &env), expected, "{op}");
}

#[test]
fn pointwise() {
    case(
        "aten::add.Tensor",
        &[
            Arg::Tensor(&f(&[2, 1, 4])),
            Arg::Tensor(&t(&[3, 1], DType::Int64)),
        ],
        &["sizes=[2, 3, 4] strides=[12, 4, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::add.Tensor",
        &[
            Arg::Tensor(&strided(&[4, 2, 3], &[1, 12, 4], 0)),
            Arg::Tensor(&f(&[4, 2, 3])),
        ],
        &["sizes=[4, 2, 3] strides=[1, 12, 4] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::add.Scalar",
        &[
            Arg::Tensor(&t(&[3], DType::Int32)),
            Arg::Scalar(Scalar::from(2.5)),
        ],
        &["sizes=[3] strides=[1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::div.Tensor",
        &[
            Arg::Tensor(&t(&[3], DType::Int64)),
            Arg::Tensor(&t(&[3], DType::Int32)),
        ],
        &["sizes=[3] strides=[1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::exp",
        &[Arg::Tensor(&t(&[2, 3], DType::Int64))],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::eq.Scalar",
        &[
            Arg::Tensor(&f(&[2, 3])),
            Arg::Scalar(Scalar::Int(SymInt::Int(1))),
        ],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.bool"],
    );
    case(
        "aten::where.self",
        &[
            Arg::Tensor(&t(&[3, 1], DType::Bool)),
            Arg::Tensor(&f(&[1, 4])),
            Arg::Tensor(&t(&[4], DType::Float64)),
        ],
        &["sizes=[3, 4] strides=[4, 1] offset=0 dtype=torch.float64"],
    );
    case(
        "aten::where.self",
        &[
            Arg::Tensor(&t(&[3, 1], DType::Bool)),
            Arg::Tensor(&t(&[1, 4], DType::Float16)),
            Arg::Tensor(&t(&[], DType::Float64)),
        ],
        &["sizes=[3, 4] strides=[4, 1] offset=0 dtype=torch.float16"],
    );
}

#[test]
fn reductions() {
    case(
        "aten::sum.dim_IntList",
        &[Arg::Tensor(&t(&[2, 3, 4], DType::Int32)), ints(&[1])],
        &["sizes=[2, 4] strides=[4, 1] offset=0 dtype=torch.int64"],
    );
    case(
        "aten::sum.dim_IntList",
        &[Arg::Tensor(&f(&[2, 3, 4])), ints(&[-1, 0]), Arg::Bool(true)],
        &["sizes=[1, 3, 1] strides=[3, 1, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::sum.dim_IntList",
        &[Arg::Tensor(&f(&[2, 3, 4])), Arg::None],
        &["sizes=[] strides=[] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::mean.dim",
        &[Arg::Tensor(&f(&[2, 3, 4])), ints(&[1])],
        &["sizes=[2, 4] strides=[4, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::amax",
        &[Arg::Tensor(&f(&[2, 3, 4])), ints(&[0, 2]), Arg::Bool(true)],
        &["sizes=[1, 3, 1] strides=[3, 1, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::_softmax",
        &[Arg::Tensor(&f(&[2, 3])), int(-1), Arg::Bool(false)],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::_softmax",
        &[
            Arg::Tensor(&t(&[2, 3], DType::Float16)),
            int(1),
            Arg::Bool(true),
        ],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.float32"],
    );
}

#[test]
fn mean_of_integers_is_an_error() {
    // PyTorch: "mean(): could not infer output dtype. Input dtype must be
    // either a floating point or complex dtype. Got: torch.int64".
    let err = run(
        "aten::mean.dim",
        &[Arg::Tensor(&t(&[3], DType::Int64)), ints(&[0])],
    )
    .expect_err("int64 mean");
    assert!(
        err.to_string().contains("could not infer output dtype"),
        "{err}"
    );
}

#[test]
fn matrix_products() {
    case(
        "aten::mm",
        &[Arg::Tensor(&f(&[3, 4])), Arg::Tensor(&f(&[4, 5]))],
        &["sizes=[3, 5] strides=[5, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::bmm",
        &[Arg::Tensor(&f(&[2, 3, 4])), Arg::Tensor(&f(&[2, 4, 5]))],
        &["sizes=[2, 3, 5] strides=[15, 5, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::addmm",
        &[
            Arg::Tensor(&f(&[5])),
            Arg::Tensor(&f(&[3, 4])),
            Arg::Tensor(&f(&[4, 5])),
        ],
        &["sizes=[3, 5] strides=[5, 1] offset=0 dtype=torch.float32"],
    );
}

#[test]
fn a_static_mismatch_names_op_argument_and_sizes() {
    let err = run(
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
fn views() {
    case(
        "aten::view",
        &[Arg::Tensor(&f(&[2, 3, 4])), ints(&[6, -1])],
        &["sizes=[6, 4] strides=[4, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::view",
        &[
            Arg::Tensor(&strided(&[3, 2, 4], &[4, 12, 1], 0)),
            ints(&[3, 2, 2, 2]),
        ],
        &["sizes=[3, 2, 2, 2] strides=[4, 12, 2, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::permute",
        &[Arg::Tensor(&f(&[2, 3, 4])), ints(&[2, 0, 1])],
        &["sizes=[4, 2, 3] strides=[1, 12, 4] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::expand",
        &[Arg::Tensor(&f(&[3, 1])), ints(&[2, 3, 4])],
        &["sizes=[2, 3, 4] strides=[0, 1, 0] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::unsqueeze",
        &[Arg::Tensor(&f(&[2, 3])), int(-1)],
        &["sizes=[2, 3, 1] strides=[3, 1, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::unsqueeze",
        &[Arg::Tensor(&f(&[2, 3])), int(1)],
        &["sizes=[2, 1, 3] strides=[3, 3, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::squeeze.dims",
        &[Arg::Tensor(&f(&[2, 1, 3, 1])), ints(&[1, 2])],
        &["sizes=[2, 3, 1] strides=[3, 1, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::slice.Tensor",
        &[Arg::Tensor(&f(&[10, 4])), int(0), int(2), int(9), int(3)],
        &["sizes=[3, 4] strides=[12, 1] offset=8 dtype=torch.float32"],
    );
    case(
        "aten::slice.Tensor",
        &[Arg::Tensor(&f(&[10, 4])), int(1), int(-3), Arg::None],
        &["sizes=[10, 3] strides=[4, 1] offset=1 dtype=torch.float32"],
    );
    case(
        "aten::select.int",
        &[Arg::Tensor(&f(&[5, 4, 3])), int(1), int(-1)],
        &["sizes=[5, 3] strides=[12, 1] offset=9 dtype=torch.float32"],
    );
}

#[test]
fn views_alias_their_input() {
    let (outs, _) = run("aten::view", &[Arg::Tensor(&f(&[2, 3])), ints(&[6])]).expect("view");
    assert!(matches!(
        outs[0],
        Out::Tensor(_, fake_runtime::Alias::ViewOf(0))
    ));
}

#[test]
fn nn() {
    case(
        "aten::cat",
        &[Arg::Tensors(SmallVec::from_vec(vec![
            &f(&[2, 3]),
            &f(&[4, 3]),
        ]))],
        &["sizes=[6, 3] strides=[3, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::cat",
        &[
            Arg::Tensors(SmallVec::from_vec(vec![
                &f(&[2, 3]),
                &t(&[2, 5], DType::Float64),
            ])),
            int(1),
        ],
        &["sizes=[2, 8] strides=[8, 1] offset=0 dtype=torch.float64"],
    );
    case(
        "aten::convolution",
        &[
            Arg::Tensor(&f(&[2, 3, 10, 12])),
            Arg::Tensor(&f(&[8, 3, 3, 3])),
            Arg::None,
            ints(&[2, 1]),
            ints(&[1, 0]),
            ints(&[1, 1]),
            Arg::Bool(false),
            ints(&[0, 0]),
            int(1),
        ],
        &["sizes=[2, 8, 5, 10] strides=[400, 50, 10, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::convolution",
        &[
            Arg::Tensor(&f(&[2, 4, 10, 12])),
            Arg::Tensor(&f(&[8, 2, 3, 3])),
            Arg::Tensor(&f(&[8])),
            ints(&[1]),
            ints(&[1]),
            ints(&[2]),
            Arg::Bool(false),
            ints(&[0]),
            int(2),
        ],
        &["sizes=[2, 8, 8, 10] strides=[640, 80, 10, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::convolution",
        &[
            Arg::Tensor(&f(&[2, 4, 5, 5])),
            Arg::Tensor(&f(&[4, 3, 3, 3])),
            Arg::None,
            ints(&[2, 2]),
            ints(&[1, 1]),
            ints(&[1, 1]),
            Arg::Bool(true),
            ints(&[1, 1]),
            int(1),
        ],
        &["sizes=[2, 3, 10, 10] strides=[300, 100, 10, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::max_pool2d_with_indices",
        &[
            Arg::Tensor(&f(&[2, 3, 9, 9])),
            ints(&[3, 3]),
            ints(&[2, 2]),
            ints(&[1, 1]),
            ints(&[1, 1]),
            Arg::Bool(true),
        ],
        &[
            "sizes=[2, 3, 5, 5] strides=[75, 25, 5, 1] offset=0 dtype=torch.float32",
            "sizes=[2, 3, 5, 5] strides=[75, 25, 5, 1] offset=0 dtype=torch.int64",
        ],
    );
    case(
        "aten::max_pool2d_with_indices",
        &[Arg::Tensor(&f(&[3, 8, 8])), ints(&[2, 2])],
        &[
            "sizes=[3, 4, 4] strides=[16, 4, 1] offset=0 dtype=torch.float32",
            "sizes=[3, 4, 4] strides=[16, 4, 1] offset=0 dtype=torch.int64",
        ],
    );
    case(
        "aten::native_layer_norm",
        &[
            Arg::Tensor(&f(&[2, 3, 4, 5])),
            ints(&[4, 5]),
            Arg::None,
            Arg::None,
            Arg::Float(1e-5),
        ],
        &[
            "sizes=[2, 3, 4, 5] strides=[60, 20, 5, 1] offset=0 dtype=torch.float32",
            "sizes=[2, 3, 1, 1] strides=[3, 1, 1, 1] offset=0 dtype=torch.float32",
            "sizes=[2, 3, 1, 1] strides=[3, 1, 1, 1] offset=0 dtype=torch.float32",
        ],
    );
    case(
        "aten::embedding",
        &[
            Arg::Tensor(&f(&[10, 4])),
            Arg::Tensor(&t(&[2, 3], DType::Int64)),
        ],
        &["sizes=[2, 3, 4] strides=[12, 4, 1] offset=0 dtype=torch.float32"],
    );
}

#[test]
fn copies_and_factories() {
    case(
        "aten::_to_copy",
        &[
            Arg::Tensor(&strided(&[4, 2, 3], &[1, 12, 4], 0)),
            Arg::DType(DType::Float16),
        ],
        &["sizes=[4, 2, 3] strides=[1, 12, 4] offset=0 dtype=torch.float16"],
    );
    case(
        "aten::_to_copy",
        &[Arg::Tensor(&strided(&[4, 3], &[6, 2], 0))],
        &["sizes=[4, 3] strides=[3, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::_to_copy",
        &[
            Arg::Tensor(&f(&[2, 3, 4, 5])),
            Arg::None,
            Arg::None,
            Arg::None,
            Arg::None,
            Arg::Bool(false),
            Arg::MemoryFormat(MemoryFormat::ChannelsLast),
        ],
        &["sizes=[2, 3, 4, 5] strides=[60, 1, 15, 3] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::clone",
        &[Arg::Tensor(&strided(&[3, 4, 2], &[4, 1, 12], 0))],
        &["sizes=[3, 4, 2] strides=[4, 1, 12] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::empty.memory_format",
        &[ints(&[2, 3]), Arg::DType(DType::Int32)],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.int32"],
    );
    case(
        "aten::empty.memory_format",
        &[
            ints(&[2, 3, 4, 5]),
            Arg::None,
            Arg::Layout(Layout::Strided),
            Arg::None,
            Arg::None,
            Arg::MemoryFormat(MemoryFormat::ChannelsLast),
        ],
        &["sizes=[2, 3, 4, 5] strides=[60, 1, 15, 3] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::full",
        &[ints(&[2, 3]), Arg::Scalar(Scalar::Int(SymInt::Int(7)))],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.int64"],
    );
    case(
        "aten::full",
        &[ints(&[2]), Arg::Scalar(Scalar::from(7.5))],
        &["sizes=[2] strides=[1] offset=0 dtype=torch.float32"],
    );
}

#[test]
fn in_place() {
    case(
        "aten::add_.Tensor",
        &[
            Arg::Tensor(&f(&[2, 3])),
            Arg::Tensor(&t(&[3], DType::Int64)),
        ],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::t_",
        &[Arg::Tensor(&f(&[2, 3]))],
        &["sizes=[3, 2] strides=[1, 3] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::t_",
        &[Arg::Tensor(&f(&[4]))],
        &["sizes=[4] strides=[1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::unsqueeze_",
        &[Arg::Tensor(&f(&[2, 3])), int(0)],
        &["sizes=[1, 2, 3] strides=[6, 3, 1] offset=0 dtype=torch.float32"],
    );
    let (outs, _) = run("aten::t_", &[Arg::Tensor(&f(&[2, 3]))]).expect("t_");
    assert!(matches!(
        outs[0],
        Out::Tensor(_, fake_runtime::Alias::InPlace(0))
    ));
    // An in-place op cannot broadcast `self` (PyTorch: "output with shape
    // [3] doesn't match the broadcast shape [2, 3]").
    assert!(
        run(
            "aten::add_.Tensor",
            &[Arg::Tensor(&f(&[3])), Arg::Tensor(&f(&[2, 3]))]
        )
        .is_err()
    );
}

/// A channels-last `[2, 3, 8, 8]` tensor.
fn channels_last() -> TensorMeta {
    strided(&[2, 3, 8, 8], &[192, 1, 24, 3], 0)
}

#[test]
fn more_pointwise() {
    let bool_ = |s: &[i64]| t(s, DType::Bool);
    let c64 = t(&[2, 3], DType::Complex64);
    case(
        "aten::abs",
        &[Arg::Tensor(&c64)],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::gelu",
        &[Arg::Tensor(&t(&[2, 3], DType::Int64))],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.int64"],
    );
    case(
        "aten::le.Tensor",
        &[
            Arg::Tensor(&f(&[2, 3])),
            Arg::Tensor(&t(&[3], DType::Int64)),
        ],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.bool"],
    );
    case(
        "aten::maximum",
        &[
            Arg::Tensor(&t(&[2, 3], DType::Int32)),
            Arg::Tensor(&t(&[3], DType::Float16)),
        ],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.float16"],
    );
    case(
        "aten::pow.Tensor_Scalar",
        &[
            Arg::Tensor(&bool_(&[3])),
            Arg::Scalar(Scalar::Int(SymInt::Int(2))),
        ],
        &["sizes=[3] strides=[1] offset=0 dtype=torch.int64"],
    );
    case(
        "aten::pow.Tensor_Scalar",
        &[
            Arg::Tensor(&t(&[3], DType::Int64)),
            Arg::Scalar(Scalar::from(0.5)),
        ],
        &["sizes=[3] strides=[1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::bitwise_and.Tensor",
        &[
            Arg::Tensor(&bool_(&[3])),
            Arg::Tensor(&t(&[2, 3], DType::Int32)),
        ],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.int32"],
    );
    case(
        "aten::rsub.Scalar",
        &[
            Arg::Tensor(&t(&[3], DType::Int64)),
            Arg::Scalar(Scalar::Int(SymInt::Int(2))),
        ],
        &["sizes=[3] strides=[1] offset=0 dtype=torch.int64"],
    );
    case(
        "aten::relu_",
        &[Arg::Tensor(&f(&[2, 3]))],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.float32"],
    );
}

#[test]
fn more_views() {
    case(
        "aten::alias",
        &[Arg::Tensor(&strided(&[3, 2], &[1, 3], 0))],
        &["sizes=[3, 2] strides=[1, 3] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::t",
        &[Arg::Tensor(&f(&[2, 3]))],
        &["sizes=[3, 2] strides=[1, 3] offset=0 dtype=torch.float32"],
    );
    // PyTorch: "t() expects a tensor with <= 2 dimensions, but self is 3D".
    assert!(run("aten::t", &[Arg::Tensor(&f(&[1, 2, 3]))]).is_err());
    case(
        "aten::transpose.int",
        &[Arg::Tensor(&f(&[2, 3, 4])), int(0), int(-1)],
        &["sizes=[4, 3, 2] strides=[1, 4, 12] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::squeeze.dim",
        &[Arg::Tensor(&f(&[2, 1, 3])), int(1)],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::squeeze.dim",
        &[Arg::Tensor(&f(&[2, 1, 3])), int(0)],
        &["sizes=[2, 1, 3] strides=[3, 3, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::_unsafe_view",
        &[
            Arg::Tensor(&strided(&[4, 2, 3], &[1, 12, 4], 0)),
            ints(&[4, -1]),
        ],
        &["sizes=[4, 6] strides=[1, 4] offset=0 dtype=torch.float32"],
    );
    let (outs, _) = run(
        "aten::sym_size.int",
        &[Arg::Tensor(&f(&[2, 3, 4])), int(-1)],
    )
    .expect("sym_size");
    assert_eq!(outs[0], Out::Int(SymInt::Int(4)));
    let (outs, _) =
        run("aten::_assert_tensor_metadata", &[Arg::Tensor(&f(&[2, 3]))]).expect("assert");
    assert!(outs.is_empty());
}

#[test]
fn more_reductions_and_factories() {
    case(
        "aten::amin",
        &[Arg::Tensor(&f(&[2, 3, 4])), ints(&[1])],
        &["sizes=[2, 4] strides=[4, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::_log_softmax",
        &[Arg::Tensor(&f(&[2, 3])), int(1), Arg::Bool(false)],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::cumsum",
        &[Arg::Tensor(&t(&[2, 3], DType::Int32)), int(1)],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.int64"],
    );
    case(
        "aten::cumsum",
        &[Arg::Tensor(&strided(&[3, 2], &[1, 3], 0)), int(0)],
        &["sizes=[3, 2] strides=[2, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::zeros",
        &[ints(&[2, 3])],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::ones",
        &[ints(&[2, 3]), Arg::DType(DType::Int32)],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.int32"],
    );
    case(
        "aten::scalar_tensor",
        &[Arg::Scalar(Scalar::Int(SymInt::Int(3)))],
        &["sizes=[] strides=[] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::full_like",
        &[
            Arg::Tensor(&strided(&[3, 2], &[1, 3], 0)),
            Arg::Scalar(Scalar::Int(SymInt::Int(7))),
        ],
        &["sizes=[3, 2] strides=[1, 3] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::full_like",
        &[
            Arg::Tensor(&channels_last()),
            Arg::Scalar(Scalar::from(7.0)),
            Arg::DType(DType::Float16),
        ],
        &["sizes=[2, 3, 8, 8] strides=[192, 1, 24, 3] offset=0 dtype=torch.float16"],
    );
    case(
        "aten::empty_strided",
        &[ints(&[2, 3]), ints(&[1, 2])],
        &["sizes=[2, 3] strides=[1, 2] offset=0 dtype=torch.float32"],
    );
    let i = |v: i64| Arg::Scalar(Scalar::Int(SymInt::Int(v)));
    case(
        "aten::arange.start_step",
        &[i(0), i(10), i(3)],
        &["sizes=[4] strides=[1] offset=0 dtype=torch.int64"],
    );
    case(
        "aten::arange.start_step",
        &[i(0), i(1), Arg::Scalar(Scalar::from(0.25))],
        &["sizes=[4] strides=[1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::arange.start_step",
        &[i(10), i(0), i(-3)],
        &["sizes=[4] strides=[1] offset=0 dtype=torch.int64"],
    );
    case(
        "aten::arange.start_step",
        &[i(0), i(5), i(1), Arg::DType(DType::Float64)],
        &["sizes=[5] strides=[1] offset=0 dtype=torch.float64"],
    );
}

#[test]
fn more_nn() {
    let c = f(&[3]);
    case(
        "aten::_native_batch_norm_legit_no_training",
        &[
            Arg::Tensor(&channels_last()),
            Arg::None,
            Arg::None,
            Arg::Tensor(&c),
            Arg::Tensor(&c),
            Arg::Float(0.1),
            Arg::Float(1e-5),
        ],
        &[
            "sizes=[2, 3, 8, 8] strides=[192, 1, 24, 3] offset=0 dtype=torch.float32",
            "sizes=[0] strides=[1] offset=0 dtype=torch.float32",
            "sizes=[0] strides=[1] offset=0 dtype=torch.float32",
        ],
    );
    case(
        "aten::_native_batch_norm_legit_no_training",
        &[
            Arg::Tensor(&t(&[2, 3, 4], DType::Float16)),
            Arg::None,
            Arg::None,
            Arg::Tensor(&c),
            Arg::Tensor(&c),
            Arg::Float(0.1),
            Arg::Float(1e-5),
        ],
        &[
            "sizes=[2, 3, 4] strides=[12, 4, 1] offset=0 dtype=torch.float16",
            "sizes=[0] strides=[1] offset=0 dtype=torch.float16",
            "sizes=[0] strides=[1] offset=0 dtype=torch.float16",
        ],
    );
    case(
        "aten::native_dropout",
        &[
            Arg::Tensor(&strided(&[3, 2], &[1, 3], 0)),
            Arg::Float(0.5),
            Arg::Bool(false),
        ],
        &[
            "sizes=[3, 2] strides=[1, 3] offset=0 dtype=torch.float32",
            "sizes=[3, 2] strides=[1, 3] offset=0 dtype=torch.bool",
        ],
    );
    case(
        "aten::_adaptive_avg_pool2d",
        &[Arg::Tensor(&f(&[2, 3, 8, 8])), ints(&[1, 1])],
        &["sizes=[2, 3, 1, 1] strides=[3, 1, 1, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::_adaptive_avg_pool2d",
        &[Arg::Tensor(&channels_last()), ints(&[2, 3])],
        &["sizes=[2, 3, 2, 3] strides=[18, 1, 9, 3] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::avg_pool2d",
        &[
            Arg::Tensor(&f(&[2, 3, 9, 9])),
            ints(&[3, 3]),
            ints(&[2, 2]),
            ints(&[1, 1]),
            Arg::Bool(true),
        ],
        &["sizes=[2, 3, 5, 5] strides=[75, 25, 5, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::avg_pool2d",
        &[Arg::Tensor(&channels_last()), ints(&[2, 2])],
        &["sizes=[2, 3, 4, 4] strides=[48, 1, 12, 3] offset=0 dtype=torch.float32"],
    );
}

/// Every tensor of the outputs (lists flattened), in PyTorch's format.
fn show_all(outs: &Outs, env: &ShapeEnv) -> Vec<String> {
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
fn list_case(op: &str, args: &[Arg<'_>], expected: &[&str]) {
    let (outs, env) = run(op, args).unwrap_or_else(|e| panic!("{op}: {e}"));
    assert_eq!(show_all(&outs, &env), expected, "{op}");
}

#[test]
fn splits_are_lists_of_views() {
    list_case(
        "aten::split_with_sizes",
        &[Arg::Tensor(&f(&[4, 10])), ints(&[3, 7]), int(1)],
        &[
            "sizes=[4, 3] strides=[10, 1] offset=0 dtype=torch.float32",
            "sizes=[4, 7] strides=[10, 1] offset=3 dtype=torch.float32",
        ],
    );
    // PyTorch: "split_with_sizes expects split_sizes to sum exactly to 10".
    assert!(
        run(
            "aten::split_with_sizes",
            &[Arg::Tensor(&f(&[4, 10])), ints(&[3, 6]), int(1)]
        )
        .is_err()
    );
    list_case(
        "aten::split.Tensor",
        &[Arg::Tensor(&f(&[10, 4])), int(4)],
        &[
            "sizes=[4, 4] strides=[4, 1] offset=0 dtype=torch.float32",
            "sizes=[4, 4] strides=[4, 1] offset=16 dtype=torch.float32",
            "sizes=[2, 4] strides=[4, 1] offset=32 dtype=torch.float32",
        ],
    );
    list_case(
        "aten::split.Tensor",
        &[Arg::Tensor(&f(&[2, 5])), int(2), int(-1)],
        &[
            "sizes=[2, 2] strides=[5, 1] offset=0 dtype=torch.float32",
            "sizes=[2, 2] strides=[5, 1] offset=2 dtype=torch.float32",
            "sizes=[2, 1] strides=[5, 1] offset=4 dtype=torch.float32",
        ],
    );
    let (outs, _) = run("aten::split.Tensor", &[Arg::Tensor(&f(&[8, 4])), int(4)]).expect("split");
    let Out::Tensors(list) = &outs[0] else {
        panic!("a list")
    };
    assert!(
        list.iter()
            .all(|(_, a)| *a == fake_runtime::Alias::ViewOf(0))
    );
}

fn idx<'a>(ts: Vec<Option<&'a TensorMeta>>) -> Arg<'a> {
    Arg::OptTensors(SmallVec::from_vec(ts))
}

#[test]
fn advanced_indexing() {
    let long = |s: &[i64]| t(s, DType::Int64);
    let (a, b) = (long(&[2, 3]), long(&[4]));
    let c = long(&[2, 1]);
    let x = f(&[5, 6, 7]);
    case(
        "aten::index.Tensor",
        &[Arg::Tensor(&x), idx(vec![Some(&a)])],
        &["sizes=[2, 3, 6, 7] strides=[126, 42, 7, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::index.Tensor",
        &[Arg::Tensor(&x), idx(vec![None, Some(&b)])],
        &["sizes=[5, 4, 7] strides=[28, 7, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::index.Tensor",
        &[Arg::Tensor(&x), idx(vec![None, Some(&b), Some(&c)])],
        &["sizes=[5, 2, 4] strides=[8, 4, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::index.Tensor",
        &[Arg::Tensor(&x), idx(vec![Some(&b), None, Some(&b)])],
        &["sizes=[4, 6] strides=[6, 1] offset=0 dtype=torch.float32"],
    );
    let three = long(&[3]);
    case(
        "aten::index.Tensor",
        &[
            Arg::Tensor(&strided(&[7, 5, 6], &[1, 42, 7], 0)),
            idx(vec![None, Some(&three)]),
        ],
        &["sizes=[7, 3, 6] strides=[1, 7, 21] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::index.Tensor",
        &[
            Arg::Tensor(&f(&[5, 6])),
            idx(vec![Some(&t(&[3], DType::Int32))]),
        ],
        &["sizes=[3, 6] strides=[6, 1] offset=0 dtype=torch.float32"],
    );
    // PyTorch: "tensors used as indices must be long, int, byte or bool tensors".
    assert!(
        run(
            "aten::index.Tensor",
            &[Arg::Tensor(&f(&[5, 6])), idx(vec![Some(&f(&[3]))])]
        )
        .is_err()
    );
    // PyTorch: "too many indices for tensor of dimension 1 (got 2)".
    let one = long(&[1]);
    assert!(
        run(
            "aten::index.Tensor",
            &[Arg::Tensor(&f(&[5])), idx(vec![Some(&one), Some(&one)])]
        )
        .is_err()
    );
    // A mask: PyTorch gives sizes=[u0, 6] strides=[6, 1].
    let mask = t(&[5], DType::Bool);
    case(
        "aten::index.Tensor",
        &[Arg::Tensor(&f(&[5, 6])), idx(vec![Some(&mask)])],
        &["sizes=[u0, 6] strides=[6, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::index.Tensor",
        &[
            Arg::Tensor(&strided(&[6, 0], &[1, 6], 0)),
            idx(vec![None, Some(&three)]),
        ],
        &["sizes=[6, 3] strides=[3, 1] offset=0 dtype=torch.float32"],
    );
}

#[test]
fn composite_operators() {
    let i = |v: i64| Arg::Scalar(Scalar::Int(SymInt::Int(v)));
    case(
        "aten::arange",
        &[i(5)],
        &["sizes=[5] strides=[1] offset=0 dtype=torch.int64"],
    );
    case(
        "aten::arange",
        &[Arg::Scalar(Scalar::from(2.5))],
        &["sizes=[3] strides=[1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::new_ones",
        &[Arg::Tensor(&t(&[2], DType::Int32)), ints(&[3, 4])],
        &["sizes=[3, 4] strides=[4, 1] offset=0 dtype=torch.int32"],
    );
    case(
        "aten::__and__.Tensor",
        &[
            Arg::Tensor(&t(&[3], DType::Bool)),
            Arg::Tensor(&t(&[2, 3], DType::Bool)),
        ],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.bool"],
    );
    case(
        "aten::where.ScalarOther",
        &[
            Arg::Tensor(&t(&[3], DType::Bool)),
            Arg::Tensor(&t(&[2, 3], DType::Float16)),
            Arg::Scalar(Scalar::from(0.0)),
        ],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.float16"],
    );
    case(
        "aten::where.ScalarOther",
        &[
            Arg::Tensor(&t(&[3], DType::Bool)),
            Arg::Tensor(&t(&[3], DType::Int32)),
            Arg::Scalar(Scalar::from(1.5)),
        ],
        &["sizes=[3] strides=[1] offset=0 dtype=torch.float32"],
    );
    let tr = strided(&[3, 2], &[1, 3], 0);
    case(
        "aten::dropout",
        &[Arg::Tensor(&tr), Arg::Float(0.1), Arg::Bool(true)],
        &["sizes=[3, 2] strides=[1, 3] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::softmax.int",
        &[Arg::Tensor(&tr), int(0)],
        &["sizes=[3, 2] strides=[2, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::softmax.int",
        &[Arg::Tensor(&f(&[2, 3])), int(0), Arg::DType(DType::Float64)],
        &["sizes=[2, 3] strides=[3, 1] offset=0 dtype=torch.float64"],
    );
    case(
        "aten::layer_norm",
        &[
            Arg::Tensor(&strided(&[3, 2, 4], &[4, 12, 1], 0)),
            ints(&[4]),
        ],
        &["sizes=[3, 2, 4] strides=[8, 4, 1] offset=0 dtype=torch.float32"],
    );
    let mm = |a: &[i64], b: &[i64], expected: &str| {
        case(
            "aten::matmul",
            &[Arg::Tensor(&f(a)), Arg::Tensor(&f(b))],
            &[expected],
        );
    };
    mm(
        &[3],
        &[3],
        "sizes=[] strides=[] offset=0 dtype=torch.float32",
    );
    mm(
        &[2, 3],
        &[3],
        "sizes=[2] strides=[1] offset=0 dtype=torch.float32",
    );
    mm(
        &[3],
        &[3, 4],
        "sizes=[4] strides=[1] offset=0 dtype=torch.float32",
    );
    mm(
        &[5, 2, 3],
        &[3, 4],
        "sizes=[5, 2, 4] strides=[8, 4, 1] offset=0 dtype=torch.float32",
    );
    mm(
        &[5, 2, 3],
        &[3],
        "sizes=[5, 2] strides=[2, 1] offset=0 dtype=torch.float32",
    );
    mm(
        &[3],
        &[5, 3, 4],
        "sizes=[5, 4] strides=[4, 1] offset=0 dtype=torch.float32",
    );
    mm(
        &[2, 1, 4, 3],
        &[5, 3, 6],
        "sizes=[2, 5, 4, 6] strides=[120, 24, 6, 1] offset=0 dtype=torch.float32",
    );
    // PyTorch: "a and b must have same reduction dim, but got [2, 3] X [4, 5]".
    assert!(
        run(
            "aten::matmul",
            &[Arg::Tensor(&f(&[2, 3])), Arg::Tensor(&f(&[4, 5]))]
        )
        .is_err()
    );
    case(
        "aten::linear",
        &[
            Arg::Tensor(&f(&[2, 5, 3])),
            Arg::Tensor(&f(&[4, 3])),
            Arg::Tensor(&f(&[4])),
        ],
        &["sizes=[2, 5, 4] strides=[20, 4, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::linear",
        &[Arg::Tensor(&f(&[3])), Arg::Tensor(&f(&[4, 3]))],
        &["sizes=[4] strides=[1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::conv2d",
        &[
            Arg::Tensor(&f(&[2, 3, 10, 12])),
            Arg::Tensor(&f(&[8, 3, 3, 3])),
            Arg::None,
            ints(&[2, 1]),
            ints(&[1, 0]),
        ],
        &["sizes=[2, 8, 5, 10] strides=[400, 50, 10, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::conv2d",
        &[
            Arg::Tensor(&channels_last()),
            Arg::Tensor(&f(&[8, 3, 3, 3])),
        ],
        &["sizes=[2, 8, 6, 6] strides=[288, 1, 48, 8] offset=0 dtype=torch.float32"],
    );
    let c = f(&[3]);
    case(
        "aten::batch_norm",
        &[
            Arg::Tensor(&channels_last()),
            Arg::None,
            Arg::None,
            Arg::Tensor(&c),
            Arg::Tensor(&c),
            Arg::Bool(false),
            Arg::Float(0.1),
            Arg::Float(1e-5),
            Arg::Bool(false),
        ],
        &["sizes=[2, 3, 8, 8] strides=[192, 1, 24, 3] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::max_pool2d",
        &[
            Arg::Tensor(&f(&[2, 3, 9, 9])),
            ints(&[3, 3]),
            ints(&[2, 2]),
            ints(&[1, 1]),
        ],
        &["sizes=[2, 3, 5, 5] strides=[75, 25, 5, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::adaptive_avg_pool2d",
        &[Arg::Tensor(&channels_last()), ints(&[1, 1])],
        &["sizes=[2, 3, 1, 1] strides=[3, 1, 3, 3] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::reshape",
        &[Arg::Tensor(&f(&[2, 3, 4])), ints(&[6, -1])],
        &["sizes=[6, 4] strides=[4, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::reshape",
        &[
            Arg::Tensor(&strided(&[4, 2, 3], &[1, 12, 4], 0)),
            ints(&[4, 6]),
        ],
        &["sizes=[4, 6] strides=[1, 4] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::reshape",
        &[Arg::Tensor(&strided(&[6, 4], &[1, 6], 0)), ints(&[24])],
        &["sizes=[24] strides=[1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::flatten.using_ints",
        &[Arg::Tensor(&f(&[2, 3, 4, 5])), int(1)],
        &["sizes=[2, 60] strides=[60, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::flatten.using_ints",
        &[Arg::Tensor(&f(&[2, 3, 4, 5])), int(1), int(2)],
        &["sizes=[2, 12, 5] strides=[60, 5, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::flatten.using_ints",
        &[Arg::Tensor(&channels_last()), int(1)],
        &["sizes=[2, 192] strides=[192, 1] offset=0 dtype=torch.float32"],
    );
    case(
        "aten::flatten.using_ints",
        &[Arg::Tensor(&f(&[]))],
        &["sizes=[1] strides=[1] offset=0 dtype=torch.float32"],
    );
}

#[test]
fn to_is_self_unless_something_changes() {
    // PyTorch: `to.dtype(x, float16)` on a permuted float32 `x` is a new
    // tensor with strides (1, 12, 4); `to.dtype(x, float32)` is `x` itself.
    let x = strided(&[4, 2, 3], &[1, 12, 4], 0);
    case(
        "aten::to.dtype",
        &[Arg::Tensor(&x), Arg::DType(DType::Float16)],
        &["sizes=[4, 2, 3] strides=[1, 12, 4] offset=0 dtype=torch.float16"],
    );
    let (outs, _) = run(
        "aten::to.dtype",
        &[Arg::Tensor(&x), Arg::DType(DType::Float32)],
    )
    .expect("to");
    assert_eq!(
        outs[0],
        Out::Tensor(x.clone(), fake_runtime::Alias::Same(0))
    );
    case(
        "aten::to.dtype_layout",
        &[Arg::Tensor(&x), Arg::DType(DType::Float64)],
        &["sizes=[4, 2, 3] strides=[1, 12, 4] offset=0 dtype=torch.float64"],
    );
    let (outs, _) = run("aten::to.dtype_layout", &[Arg::Tensor(&x)]).expect("to");
    assert!(matches!(
        outs[0],
        Out::Tensor(_, fake_runtime::Alias::Same(0))
    ));
}

#[test]
fn nonzero_makes_a_bounded_unbacked_size() {
    let (outs, mut env) = run("aten::nonzero", &[Arg::Tensor(&f(&[2, 3]))]).expect("nonzero");
    // PyTorch: sizes=[u0, 2] strides=[1, u0] dtype=torch.int64.
    assert_eq!(
        show(&outs, &env),
        ["sizes=[u0, 2] strides=[1, u0] offset=0 dtype=torch.int64"]
    );
    let Out::Tensor(m, _) = &outs[0] else {
        panic!("a tensor")
    };
    let r = env.value_range(m.sizes[0]).expect("range");
    assert_eq!((r.lo(), r.hi()), (Some(0), Some(6)));
}

#[test]
fn item_of_a_long_tensor_is_unbacked() {
    let (outs, _) = run(
        "aten::_local_scalar_dense",
        &[Arg::Tensor(&t(&[], DType::Int64))],
    )
    .expect("item");
    assert!(matches!(outs[0], Out::Scalar(Scalar::Int(SymInt::Expr(_)))));
}

#[test]
fn symbolic_sizes_guard() {
    use fake_runtime::{DimDynamic, Source};
    let mut env = ShapeEnv::new();
    let s0 = env
        .create_symbol(4, Source::size("x", 0), DimDynamic::Dynamic, None)
        .expect("s0");
    let s1 = env
        .create_symbol(4, Source::size("y", 0), DimDynamic::Dynamic, None)
        .expect("s1");
    let mut a = f(&[3, 4]);
    a.sizes[1] = s0;
    let mut b = f(&[4, 5]);
    b.sizes[0] = s1;
    b.strides[0] = SymInt::Int(5);
    let outs = run_in(&mut env, "aten::mm", &[Arg::Tensor(&a), Arg::Tensor(&b)]).expect("mm");
    assert_eq!(
        show(&outs, &env),
        ["sizes=[3, 5] strides=[5, 1] offset=0 dtype=torch.float32"]
    );
    // The repeated `k` became a guard (PyTorch: Eq(s0, s1)).
    assert!(!env.format_guards().is_empty());
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
    assert!(fake_ops::Op::_LocalScalarDense.tags().hand_written);
}
