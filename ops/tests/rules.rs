//! The generated kernels, dispatched by name through the registry, against
//! PyTorch: every expected line below is what
//! `torch._subclasses.fake_tensor.FakeTensorMode` printed for the same call
//! (sizes, strides, storage offset, dtype), in the format
//! `sizes=[..] strides=[..] offset=.. dtype=torch.<dtype>`.

mod common;

use common::*;

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
