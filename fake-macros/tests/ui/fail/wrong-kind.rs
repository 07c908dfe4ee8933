fake_macros::rules!(schemas = "../fixtures/ops.schemas", rules = "../fixtures/wrong-kind.rules");

fn main() {}
