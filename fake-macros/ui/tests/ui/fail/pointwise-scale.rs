fake_macros::rules!(
    schemas = "../fixtures/ops.schemas",
    required = "../fixtures/ops.schemas",
    rules = "../fixtures/pointwise-scale.rules",
    intrinsics = "../fixtures/intrinsics.rs",
    module = "crate::intrinsics",
);

fn main() {}
