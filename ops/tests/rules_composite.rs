//! The generated kernels of list results, advanced indexing, composite
//! operators and unbacked sizes, dispatched by name against PyTorch: every
//! expected line is what `FakeTensorMode` printed for the same call, in the
//! format `sizes=[..] strides=[..] offset=.. dtype=torch.<dtype>`.

mod common;

use common::*;

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
