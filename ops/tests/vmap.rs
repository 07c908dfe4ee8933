//! The operators `fake_ops::batches_as_logical` names are catalogued
//! overloads, and each is found by name (its list must stay sorted for
//! the lookup).

use fake_runtime::Registry;

#[test]
fn the_listed_operators_are_found() {
    let registry = fake_ops::registry();
    for (op, otherwise) in fake_ops::vmap_listed() {
        assert!(registry.lookup(op).is_some(), "{op} is not an operator");
        assert_eq!(
            fake_ops::batches_as_logical(op, false, 2),
            !otherwise,
            "{op} is not found in its list (which must stay sorted)"
        );
        assert_eq!(
            fake_ops::batches_as_logical(op, false, 1),
            !otherwise,
            "{op} with one operand batched"
        );
    }
}
