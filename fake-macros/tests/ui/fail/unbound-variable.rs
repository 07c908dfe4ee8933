fake_macros::rules!(schemas = "../fixtures/ops.schemas", rules = "../fixtures/unbound-variable.rules");

fn main() {}
