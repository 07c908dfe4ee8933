//! A functional rule with derived in-place and `out=` overloads, a view
//! with its derived copy and the copy's `out=` overload, an indexing rule with its hacked twin and a
//! `_foreach_` overload (with its in-place form) running the functional
//! rule on each element, and a factory with its `out=` overload (which
//! takes no tensor options): all are in the table, tagged as derived, and
//! run.

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
    assert_eq!(OPS.len(), 14);
    for name in ["aten::add_.Tensor", "aten::add.out"] {
        let op = Op::from_name(name).expect("derived overload in the table");
        assert!(op.tags().derived && op.tags().inplace, "{name}");
    }
    assert!(!Op::AddTensor.tags().derived);
    for name in ["aten::alias_copy", "aten::index_put.hacked_twin"] {
        let op = Op::from_name(name).expect("derived overload in the table");
        let tags = op.tags();
        assert!(tags.derived && !tags.inplace && !tags.view, "{name}");
    }
    let copy_out = Op::from_name("aten::alias_copy.out").expect("the copy's out= overload");
    assert!(copy_out.tags().derived && copy_out.tags().inplace);
    let each = Op::from_name("aten::_foreach_add.List").expect("foreach overload in the table");
    assert!(each.tags().derived && !each.tags().inplace && !each.tags().pointwise);
    let each_ = Op::from_name("aten::_foreach_add_.List").expect("its in-place form");
    assert!(each_.tags().derived && each_.tags().inplace);
    let zeros_out = Op::from_name("aten::zeros.out").expect("the factory's out= overload");
    let tags = zeros_out.tags();
    assert!(tags.derived && tags.inplace && !tags.factory);
    assert!(Op::Zeros.tags().factory);
}
