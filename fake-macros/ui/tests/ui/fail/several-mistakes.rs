fake_macros::rules!(
    schemas = "../fixtures/ops.schemas",
    required = "../fixtures/ops.schemas",
    rules = "../fixtures/several-mistakes.rules",
    intrinsics = "../fixtures/intrinsics.rs",
    module = "crate::intrinsics",
);

fn main() {}

/// A hand-written kernel that calls a generated one still resolves while
/// the rules have mistakes: only the mistakes are reported.
#[allow(dead_code)]
fn calls_generated(
    cx: &mut fake_runtime::Cx<'_>,
    args: &[fake_runtime::Arg<'_>],
) -> fake_runtime::Result<fake_runtime::Outs> {
    erased::mm(cx, args)
}
