fake_macros::rules!(schemas = "../fixtures/ops.schemas", rules = "../fixtures/wrong-arity.rules");

fn main() {}
