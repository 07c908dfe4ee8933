fake_macros::rules!(
    schemas = "../fixtures/families.schemas",
    rules = "../fixtures/copy-out-form.rules",
    intrinsics = "../fixtures/intrinsics.rs",
    module = "crate::intrinsics",
);

fn main() {}
