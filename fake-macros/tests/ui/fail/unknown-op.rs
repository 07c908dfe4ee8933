fake_macros::rules!(schemas = "../fixtures/ops.schemas", rules = "../fixtures/unknown-op.rules");

fn main() {}
