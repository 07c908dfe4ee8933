//! Refusals worded as PyTorch words them: for the cases of [`WORDED`],
//! our refusal (an invalid-arguments error) must carry the message of
//! PyTorch's fake kernel, as the fixture records it, word for word. The
//! other tests only ask for a refusal of the right kind; these checks
//! print sizes, dtypes or values, so their wording is checked too.

use crate::compare::dispatch;
use crate::load;
use crate::read::{Bad, StaticInputs, arguments, arr, field, mode_for, string};
use fake_runtime::ErrorKind;
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
    ("aten::repeat", "negative repeat refused"),
    ("aten::repeat", "negative repeat of an empty dim refused"),
    ("aten::repeat.out", "too few repeats: into empty outs"),
    ("aten::empty_permuted", "wrong length"),
    ("aten::empty_permuted", "negative dim refused"),
    ("aten::empty_permuted", "dim past the rank refused"),
    ("aten::empty_permuted", "duplicate dim refused"),
    ("aten::empty_permuted", "negative size refused"),
    (
        "aten::_embedding_bag_backward",
        "sparse, padding index, float offsets refused",
    ),
    (
        "aten::_embedding_bag_backward",
        "sparse, padding index, transposed indices refused",
    ),
    (
        "aten::_embedding_bag_backward",
        "sparse, padding index, transposed offset2bag refused",
    ),
    (
        "aten::repeat.out",
        "negative repeat of a dim of elements refused",
    ),
    ("aten::repeat.out", "negative repeat beside a zero refused"),
    (
        "aten::_transform_bias_rescale_qkv",
        "negative heads refused",
    ),
    ("aten::linalg_tensorsolve", "other of more dims refused"),
    (
        "aten::slow_conv_dilated2d",
        "kernel size other than the weight's",
    ),
    (
        "aten::slow_conv_transpose3d",
        "kernel size other than the weight's",
    ),
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
    (
        "aten::hardshrink_backward.grad_input",
        "an expanded tensor written",
    ),
    (
        "aten::add.out",
        "an expanded tensor written under the Python dispatcher",
    ),
    ("aten::gelu_", "unknown approximation"),
    ("aten::index_add", "2-d index"),
    ("aten::index_add", "source longer than index"),
    ("aten::index_add", "float alpha for int64"),
    ("aten::native_dropout", "int64 training"),
    ("aten::neg", "bool input"),
    ("aten::isclose", "negative rtol"),
    ("aten::isclose", "negative atol"),
    ("aten::replication_pad1d", "output too small"),
    ("aten::reflection_pad1d", "zero channels"),
    ("aten::reflection_pad1d", "pad as large as the dim"),
    ("aten::reflection_pad1d", "right pad too large"),
    ("aten::reflection_pad1d", "output too small"),
    ("aten::reflection_pad2d", "zero height"),
    ("aten::reflection_pad2d", "top pad too large"),
    ("aten::reflection_pad2d", "left pad too large"),
    ("aten::replication_pad2d", "output too small"),
    ("aten::reflection_pad3d", "front pad too large"),
    ("aten::reflection_pad3d", "zero depth"),
    ("aten::pad", "reflect pad too large"),
    ("aten::softshrink", "negative lambda"),
    (
        "aten::batch_norm_update_stats",
        "float16 with float64 statistics refused",
    ),
    (
        "aten::batch_norm_update_stats",
        "float32 with float64 statistics refused",
    ),
    (
        "aten::batch_norm_update_stats",
        "float16 with mixed statistics refused",
    ),
    ("aten::batch_norm_update_stats", "int64 refused"),
    ("aten::batch_norm_update_stats", "empty refused"),
    (
        "aten::batch_norm_update_stats",
        "2-d running variance refused",
    ),
    (
        "aten::batch_norm_update_stats.out",
        "running statistics: into a float64 out",
    ),
    (
        "aten::_adaptive_avg_pool2d_backward.out",
        "batched: into a float64 out",
    ),
    (
        "aten::fractional_max_pool3d.output",
        "int32 indices refused",
    ),
    ("aten::stft.center", "centered and aligned to the window"),
    ("aten::stft.center", "reflect padding beyond the input"),
    ("aten::softshrink", "lambda past float16's max"),
    ("aten::_thnn_fused_lstm_cell", "gates of other shapes"),
    ("aten::_thnn_fused_lstm_cell", "bias of another width"),
    ("aten::_thnn_fused_lstm_cell", "cx of another size"),
    ("aten::_thnn_fused_gru_cell", "input bias alone"),
    ("aten::_thnn_fused_gru_cell", "hx of another size"),
    (
        "aten::_thnn_fused_gru_cell_backward",
        "workspace of another batch",
    ),
    (
        "aten::_thnn_fused_gru_cell_backward",
        "workspace of another width",
    ),
    ("aten::_thnn_fused_gru_cell_backward", "3-d gradient"),
    ("aten::_fused_sgd", "momentum without buffers"),
    ("aten::_fused_sgd", "fewer gradients"),
    ("aten::_fused_sgd", "float64 gradient"),
    ("aten::_fused_sgd", "int64 parameters"),
    ("aten::_fused_adagrad", "fewer steps"),
    ("aten::_fused_adagrad", "int64 parameters"),
    ("aten::_int_mm", "float self refused"),
    ("aten::_int_mm", "uint8 mat2 refused"),
    ("aten::gradient.scalarint", "zero-dim along dim 0 refused"),
    ("aten::trapezoid.x", "zero-dim y, vector x refused"),
    ("aten::trapz.x", "zero-dim y, vector x refused"),
    (
        "aten::cumulative_trapezoid.x",
        "zero-dim y, vector x refused",
    ),
    ("aten::trapezoid.dx", "zero-dim y refused"),
    ("aten::trapz.dx", "zero-dim y refused"),
    ("aten::lerp.Scalar", "float16 and float32"),
    ("aten::lerp.Tensor", "float16 and float32"),
    ("aten::masked_scatter", "source dtype differs"),
    ("aten::_weight_int8pack_mm", "float64 refused"),
    ("aten::_weight_int8pack_mm", "float weights refused"),
    ("transformers::grouped_mm_fallback", "float ends refused"),
    ("aten::_foreach_add.List", "lengths differ"),
    ("aten::_foreach_add.List", "empty lists"),
    ("aten::_foreach_add.ScalarList", "lengths differ"),
    ("aten::_foreach_add.Tensor", "broadcast other"),
    ("aten::_foreach_max", "an empty element"),
    (
        "aten::_foreach_norm.Scalar",
        "infinity norm of an empty element",
    ),
    ("aten::_convert_weight_to_int4pack", "int32 refused"),
    ("aten::_weight_int4pack_mm", "float64 refused"),
    (
        "aten::fake_quantize_per_tensor_affine_cachemask",
        "int64 refused",
    ),
    (
        "aten::fake_quantize_per_tensor_affine_cachemask",
        "bounds crossed",
    ),
    (
        "aten::fake_quantize_per_tensor_affine_cachemask",
        "zero point out of bounds",
    ),
    (
        "aten::_fake_quantize_per_tensor_affine_cachemask_tensor_qparams",
        "two scales",
    ),
    (
        "aten::fake_quantize_per_channel_affine_cachemask",
        "int64 zero points",
    ),
    (
        "aten::fake_quantize_per_channel_affine_cachemask",
        "float64 scales",
    ),
    (
        "aten::fake_quantize_per_channel_affine_cachemask",
        "scales of another length than the axis",
    ),
    (
        "aten::fake_quantize_per_channel_affine_cachemask",
        "negative axis",
    ),
    (
        "aten::fake_quantize_per_channel_affine_cachemask",
        "int64 input",
    ),
    (
        "aten::_amp_foreach_non_finite_check_and_unscale_",
        "found_inf of two elements",
    ),
    (
        "aten::_amp_foreach_non_finite_check_and_unscale_",
        "integral inv_scale",
    ),
    (
        "aten::_scaled_dot_product_fused_attention_overrideable",
        "key and value lengths differ",
    ),
    (
        "aten::_scaled_dot_product_fused_attention_overrideable",
        "a bias of another length",
    ),
    (
        "aten::_scaled_dot_product_attention_math_for_mps",
        "2-d value refused",
    ),
    (
        "aten::_scaled_dot_product_attention_math_for_mps",
        "zero-dim query refused",
    ),
    (
        "aten::_flash_attention_forward.quantized",
        "zero-dim query refused",
    ),
    (
        "aten::_scaled_grouped_mm_v2",
        "offsets of another count than the batch refused",
    ),
    (
        "aten::_scaled_grouped_mm_v2",
        "2-d self without offsets refused",
    ),
    ("aten::_scaled_grouped_mm_v2", "zero-dim offsets refused"),
    (
        "quantized_decomposed::quantize_per_tensor",
        "float64 input refused",
    ),
    (
        "quantized_decomposed::quantize_per_tensor.tensor",
        "scale of two elements",
    ),
    (
        "quantized_decomposed::dequantize_per_tensor.tensor",
        "input of another dtype",
    ),
    (
        "quantized_decomposed::dequantize_per_tensor.tensor",
        "int64 values refused",
    ),
    (
        "quantized_decomposed::choose_qparams.tensor",
        "bounds crossed",
    ),
    (
        "quantized_decomposed::quantize_per_channel",
        "axis out of range",
    ),
    (
        "quantized_decomposed::quantize_per_channel",
        "bounds below the dtype's",
    ),
    (
        "quantized_decomposed::quantize_per_channel",
        "bounds above the dtype's",
    ),
    (
        "quantized_decomposed::quantize_per_channel",
        "dtype without bounds",
    ),
    (
        "quantized_decomposed::quantize_per_channel_group",
        "a group that does not divide a row",
    ),
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
    // Under the Python dispatcher when PyTorch ran it so.
    let mut mode = mode_for(case, name)?;
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
