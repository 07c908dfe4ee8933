fake_macros::rules!(schemas = "../fixtures/ops.schemas", rules = "../fixtures/unknown-intrinsic.rules");

fn main() {}
