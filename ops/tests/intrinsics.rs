//! Intrinsics called directly, on what no operator's fixture isolates:
//! broadcasting, reduction, squeeze and permute sizes, the suffix axis of
//! a broadcast, casting, and the value range of an unbacked size.

use fake_ops::intrinsics::{broadcast, permute, reduce, squeeze, suffix_axis, unbacked};
use fake_runtime::kernel::{Cx, Defaults};
use fake_runtime::shape::Dims;
use fake_runtime::shape_env::ShapeEnv;
use fake_runtime::support::{IntList, UnbackedFlavor, can_cast, from_ints};
use fake_runtime::{DType, Device, SymInt};

fn with_cx<R>(f: impl FnOnce(&mut Cx<'_>) -> R) -> R {
    let mut env = ShapeEnv::new();
    let mut cx = Cx {
        env: &mut env,
        op: "aten::test",
        defaults: Defaults::default(),
        device: Device::cpu(),
        constant: None,
        eager: false,
    };
    f(&mut cx)
}

fn d(v: &[i64]) -> Dims {
    from_ints(v)
}

#[test]
fn shapes() {
    with_cx(|cx| {
        assert_eq!(
            broadcast(cx, d(&[2, 1, 4]), d(&[3, 1])).expect("broadcasts"),
            d(&[2, 3, 4])
        );
        assert_eq!(
            reduce(cx, d(&[2, 3, 4]), Some(IntList::from_slice(&[-1])), true).expect("reduces"),
            d(&[2, 3, 1])
        );
        assert_eq!(squeeze(cx, d(&[1, 3, 1]), None).expect("squeezes"), d(&[3]));
        assert_eq!(
            permute(cx, d(&[2, 3, 4]), IntList::from_slice(&[2, 0, 1])).expect("permutes"),
            d(&[4, 2, 3])
        );
        assert!(broadcast(cx, d(&[2]), d(&[3])).is_err());
        assert_eq!(suffix_axis(cx, d(&[2, 3, 4]), d(&[4])).expect("suffix"), 2);
        assert!(suffix_axis(cx, d(&[2, 3, 4]), d(&[3])).is_err());
        assert!(can_cast(cx, DType::Int64, DType::Float32).expect("casts"));
        assert!(!can_cast(cx, DType::Float32, DType::Int64).expect("casts"));
    });
}

#[test]
fn unbacked_sizes() {
    with_cx(|cx| {
        assert_eq!(
            unbacked(cx, UnbackedFlavor::SizeLike, Some(SymInt::Int(0))).expect("unbacked"),
            SymInt::Int(0)
        );
        let u = unbacked(cx, UnbackedFlavor::SizeLike, Some(SymInt::Int(24))).expect("unbacked");
        assert!(!u.is_static());
        let r = cx.env.value_range(u).expect("range");
        assert_eq!(r.hi(), Some(24));
    });
}
