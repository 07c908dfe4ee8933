//! Rules that check and expand: the generated kernels and table are usable.

#[path = "../fixtures/intrinsics.rs"]
mod intrinsics;

fake_macros::rules!(
    schemas = "../fixtures/ops.schemas",
    required = "../fixtures/ops.schemas",
    rules = "../fixtures/good.rules",
    intrinsics = "../fixtures/intrinsics.rs",
    module = "crate::intrinsics",
);

fn main() {
    assert_eq!(OPS.len(), 3);
    assert_eq!(Op::from_name("aten::mm"), Some(Op::Mm));
    assert!(Op::AddTensor.tags().pointwise);
    let _: fn(
        &mut fake_runtime::Cx<'_>,
        &fake_runtime::TensorMeta,
        &fake_runtime::TensorMeta,
    ) -> fake_runtime::Result<fake_runtime::Outs> = typed::mm;
}
