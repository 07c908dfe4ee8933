fake_macros::rules!(
    schemas = "../fixtures/families.schemas",
    rules = "../fixtures/factory-out-form.rules",
    intrinsics = "../fixtures/intrinsics.rs",
    module = "crate::intrinsics",
);

fn main() {}
