fake_macros::rules!(
    schemas = "../fixtures/ops.schemas",
    required = "../fixtures/ops.schemas",
    rules = "../fixtures/plain-mode.rules",
    intrinsics = "../fixtures/intrinsics.rs",
    module = "crate::intrinsics",
);

fn main() {}
