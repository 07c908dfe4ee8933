fake_macros::rules!(
    schemas = "../fixtures/families.schemas",
    rules = "../fixtures/foreach-mismatch.rules",
    intrinsics = "../fixtures/intrinsics.rs",
    module = "crate::intrinsics",
);

fn main() {}
