//! A functional rule with derived in-place and `out=` overloads: both are
//! in the table, tagged as derived, and run.

#[path = "../fixtures/intrinsics.rs"]
mod intrinsics;

fake_macros::rules!(
    schemas = "../fixtures/families.schemas",
    required = "../fixtures/families.schemas",
    rules = "../fixtures/families.rules",
    intrinsics = "../fixtures/intrinsics.rs",
    module = "crate::intrinsics",
);

fn main() {
    assert_eq!(OPS.len(), 5);
    for name in ["aten::add_.Tensor", "aten::add.out"] {
        let op = Op::from_name(name).expect("derived overload in the table");
        assert!(op.tags().derived && op.tags().inplace, "{name}");
    }
    assert!(!Op::AddTensor.tags().derived);
}
