fake_macros::rules!(
    schemas = "../fixtures/ops.schemas",
    required = "../fixtures/ops.schemas",
    rules = "../fixtures/derive-missing.rules",
    intrinsics = "../fixtures/intrinsics.rs",
    module = "crate::intrinsics",
);

fn main() {}
