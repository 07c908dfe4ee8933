fake_macros::rules!(
    schemas = "../fixtures/ops.schemas",
    required = "../fixtures/ops.schemas",
    rules = "../fixtures/good.rules",
    intrinsics = "../fixtures/bad-intrinsic.rs",
    module = "crate::intrinsics",
);

fn main() {}
