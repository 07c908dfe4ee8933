fake_macros::rules!(schemas = "../fixtures/ops.schemas", rules = "../fixtures/missing-rule.rules");

fn main() {}
