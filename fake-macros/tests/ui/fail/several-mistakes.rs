fake_macros::rules!(schemas = "../fixtures/ops.schemas", rules = "../fixtures/several-mistakes.rules");

fn main() {}
