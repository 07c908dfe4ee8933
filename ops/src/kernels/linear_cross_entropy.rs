//! The operators `torch.nn.functional.linear_cross_entropy` calls when it
//! chunks the batch: PyTorch's own `torch.library` custom operators
//! (`torch_nn::`, in `torch/nn/modules/linear_cross_entropy.py`), whose
//! fake kernels these follow.
//!
//! - `_linear_cross_entropy_batch_chunked`: the loss reduced (`mean` or
//!   `sum`; any other reduction is refused), a zero-dim tensor of the
//!   input's dtype, and the gradients it computes ahead: of the input
//!   (its sizes, or `[0, 0]` when not asked for), of the linear weight
//!   (its sizes, or `[0, 0]`, on the weight's device) and of the linear
//!   bias (the weight's sizes but the last, or `[0]`), all of the input's
//!   dtype, fresh and contiguous.
//! - `_linear_cross_entropy_batch_chunked_no_reduction`: the per-sample
//!   loss, the input's first dim, of its dtype.

use super::{invalid, new_tensor};
use fake_runtime::shape::Dims;
use fake_runtime::support::args;
use fake_runtime::{Arg, Cx, Outs, Result, SymInt};

/// `sizes` when `wanted`, else the empty sizes `empty`.
fn sizes_if(wanted: bool, sizes: &[SymInt], empty: &[i64]) -> Dims {
    if wanted {
        Dims::from_slice(sizes)
    } else {
        empty.iter().map(|&n| SymInt::Int(n)).collect()
    }
}

/// `torch_nn::_linear_cross_entropy_batch_chunked(Tensor input, Tensor
/// linear_weight, Tensor target, Tensor? linear_bias, Tensor? weight, str
/// reduction, SymInt ignore_index, float label_smoothing, SymInt
/// batch_chunk_size, str acc_policy, ScalarType acc_dtype, bool
/// allow_retain_graph, bool compute_input_grad, bool
/// compute_linear_weight_grad, bool compute_linear_bias_grad) -> (Tensor,
/// Tensor, Tensor, Tensor)`.
pub(crate) fn linear_cross_entropy_batch_chunked(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let weight = args::tensor(cx, a, 1, "linear_weight")?;
    let reduction = args::opt_str(cx, a, 5, "reduction", None)?;
    let reduction = args::required(cx, 5, "reduction", reduction)?;
    if !matches!(reduction, "mean" | "sum") {
        return Err(invalid(
            cx,
            format!("linear_cross_entropy does not support reduction='{reduction}'"),
        ));
    }
    let input_grad = args::bool(cx, a, 12, "compute_input_grad", None)?;
    let weight_grad = args::bool(cx, a, 13, "compute_linear_weight_grad", None)?;
    let bias_grad = args::bool(cx, a, 14, "compute_linear_bias_grad", None)?;
    let bias_sizes = &weight.sizes[..weight.dim().saturating_sub(1)];
    let mut outs = Outs::new();
    let (dtype, device) = (input.dtype, input.device);
    outs.push(new_tensor(cx, &[], dtype, device)?);
    let sizes = sizes_if(input_grad, &input.sizes, &[0, 0]);
    outs.push(new_tensor(cx, &sizes, dtype, device)?);
    let sizes = sizes_if(weight_grad, &weight.sizes, &[0, 0]);
    outs.push(new_tensor(cx, &sizes, dtype, weight.device)?);
    let sizes = sizes_if(bias_grad, bias_sizes, &[0]);
    outs.push(new_tensor(cx, &sizes, dtype, device)?);
    Ok(outs)
}

/// `torch_nn::_linear_cross_entropy_batch_chunked_no_reduction(Tensor
/// input, Tensor linear_weight, Tensor target, Tensor? linear_bias,
/// Tensor? weight, SymInt ignore_index, SymInt batch_chunk_size, str
/// acc_policy, ScalarType acc_dtype) -> Tensor`.
pub(crate) fn linear_cross_entropy_batch_chunked_no_reduction(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let sizes = &input.sizes[..input.dim().min(1)];
    let mut outs = Outs::new();
    outs.push(new_tensor(cx, sizes, input.dtype, input.device)?);
    Ok(outs)
}
