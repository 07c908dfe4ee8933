//! Refusals worded as PyTorch words them: for the cases of [`WORDED`],
//! our refusal (an invalid-arguments error) must carry the message of
//! PyTorch's fake kernel, as the fixture records it, word for word. The
//! other tests only ask for a refusal of the right kind; these checks
//! print sizes, dtypes or values, so their wording is checked too.

use crate::compare::dispatch;
use crate::load;
use crate::read::{Bad, StaticInputs, arguments, arr, field, string};
use fake_runtime::{ErrorKind, FakeTensorMode};
use std::fmt::Write as _;
use std::path::Path;

/// `(overload, case)`: static cases PyTorch refuses whose message we
/// repeat exactly.
const WORDED: &[(&str, &str)] = &[
    ("aten::_assert_tensor_metadata", "size mismatch"),
    ("aten::_assert_tensor_metadata", "stride mismatch"),
    ("aten::_assert_tensor_metadata", "dtype mismatch"),
    ("aten::_assert_tensor_metadata", "device mismatch"),
    ("aten::_assert_tensor_metadata", "stride of a vector"),
    ("aten::_assert_tensor_metadata", "sizes of another length"),
    ("aten::avg_pool2d", "three kernel sizes"),
    ("aten::avg_pool2d", "uint8 input"),
    ("aten::avg_pool2d", "zero divisor"),
    ("aten::conv1d", "bias of another length"),
    ("aten::conv2d", "bias of another length"),
    ("aten::convolution", "bias of another length"),
    ("aten::convolution", "bias of two dims"),
    ("aten::convolution", "transposed bias of another length"),
    ("aten::convolution", "transposed channel mismatch"),
    ("aten::dropout", "p above one"),
    ("aten::dropout", "negative p"),
    ("aten::dropout", "int64 training"),
    ("aten::dropout", "bool training"),
    ("aten::empty_strided", "lengths differ"),
    ("aten::gather", "index larger than self off dim"),
    ("aten::gather", "float index refused"),
    ("aten::gather", "rank mismatch"),
    ("aten::gelu", "unknown approximation"),
    ("aten::gelu_", "unknown approximation"),
    ("aten::index_add", "2-d index"),
    ("aten::index_add", "source longer than index"),
    ("aten::index_add", "float alpha for int64"),
    ("aten::native_dropout", "int64 training"),
    ("aten::neg", "bool input"),
    ("aten::isclose", "negative rtol"),
    ("aten::isclose", "negative atol"),
    ("aten::softshrink", "negative lambda"),
    ("aten::softshrink", "lambda past float16's max"),
];

/// Every case of [`WORDED`] is refused with PyTorch's message.
pub(crate) fn check() -> Result<(), Bad> {
    let mut problems = String::new();
    for &(op, name) in WORDED {
        if let Err(e) = check_case(op, name) {
            let _ = writeln!(problems, "  {op} / {name}: {e}");
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("refusals not in PyTorch's words:\n{problems}"))
    }
}

/// Replay one case and compare the messages.
fn check_case(op: &str, name: &str) -> Result<(), Bad> {
    let path = Path::new(crate::FIXTURES).join(format!("{}.json", crate::family(op)));
    let fixture = load(&path)?;
    let case = fixture
        .ops
        .iter()
        .filter(|(o, _)| o == op)
        .flat_map(|(_, cases)| cases.iter())
        .find(|c| c.get("name").and_then(|n| n.as_str()) == Some(name))
        .ok_or("no such case recorded")?;
    let want = string(
        field(field(case, "error", "case")?, "message", "error")?,
        "error",
    )?;
    let mut mode = FakeTensorMode::new(fake_ops::registry());
    let inputs = arr(field(case, "inputs", "case")?, "case")?;
    let args = arguments(&mut mode, inputs, &mut StaticInputs)?;
    match dispatch(&mut mode, op, &args) {
        Ok(Err(e)) => match e.kind() {
            ErrorKind::InvalidArgument { reason, .. } if reason == want => Ok(()),
            _ => Err(format!("ours: {e}\n      PyTorch: {want}")),
        },
        Ok(Ok(_)) => Err(format!("accepted; PyTorch: {want}")),
        Err(panic) => Err(format!("panicked: {panic}")),
    }
}
