fake_macros::rules!(schemas = "../fixtures/ops.schemas", rules = "../fixtures/argument-name.rules");

fn main() {}
