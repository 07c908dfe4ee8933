fake_macros::rules!(schemas = "../fixtures/ops.schemas", rules = "../fixtures/grammar-error.rules");

fn main() {}
