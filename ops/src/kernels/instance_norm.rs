//! `instance_norm(input, weight, bias, running_mean, running_var,
//! use_input_stats, momentum, eps, cudnn_enabled)`: ATen's composite
//! (`Normalization.cpp`), step for step. The input is made contiguous and
//! viewed as one sample of `b * c` channels, the affine parameters and
//! running statistics are repeated per sample, `batch_norm` runs, and its
//! result is viewed back; with the input's statistics, the running ones
//! are then averaged over the samples and copied into the caller's (a
//! `copy_` that changes no metadata, but that under the Python dispatcher
//! refuses statistics that overlap themselves; PyTorch's answers show no
//! such copy in evaluation).
//! Each step is the kernel of the operator ATen calls, so the layout
//! (an input's own strides on its size-1 dims survive `contiguous()` and
//! the views), the refusals (an empty batch cannot index the repeated
//! weight) and the guards are theirs.

use super::einsum::fresh_result;
use super::invalid;
use super::loss_steps::{call, contiguous, view};
use super::recurrent::size_at;
use crate::erased as k;
use fake_runtime::shape::Dims;
use fake_runtime::support::args;
use fake_runtime::{Arg, Cx, Outs, Result, SymInt, TensorMeta};

/// An optional tensor argument.
fn opt(t: &Option<TensorMeta>) -> Arg<'_> {
    t.as_ref().map_or(Arg::None, Arg::Tensor)
}

/// `aten::instance_norm`.
pub(crate) fn instance_norm(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "input")?;
    let weight = args::opt_tensor(cx, a, 1, "weight")?;
    let bias = args::opt_tensor(cx, a, 2, "bias")?;
    let running_mean = args::opt_tensor(cx, a, 3, "running_mean")?;
    let running_var = args::opt_tensor(cx, a, 4, "running_var")?;
    let use_input_stats = args::bool(cx, a, 5, "use_input_stats", None)?;
    let momentum = args::float(cx, a, 6, "momentum", None)?;
    let eps = args::float(cx, a, 7, "eps", None)?;
    let cudnn_enabled = args::bool(cx, a, 8, "cudnn_enabled", None)?;
    if !use_input_stats && (running_mean.is_none() || running_var.is_none()) {
        return Err(invalid(
            cx,
            "Expected running_mean and running_var to be defined when use_input_stats is false",
        ));
    }
    // `input.sym_size(0)`, `input.sym_size(1)`.
    let b = size_at(cx, input, 0)?;
    let c = size_at(cx, input, 1)?;
    let mut shape = input.sizes.clone();
    shape[1] = cx.env.mul(b, c)?;
    shape[0] = SymInt::Int(1);
    let repeat = |cx: &mut Cx<'_>, t: Option<&TensorMeta>| -> Result<Option<TensorMeta>> {
        t.map(|t| call(cx, k::repeat, &[Arg::Tensor(t), Arg::Ints(vec![b].into())]))
            .transpose()
    };
    let weight_ = repeat(cx, weight)?;
    let bias_ = repeat(cx, bias)?;
    let running_mean_ = repeat(cx, running_mean)?;
    let running_var_ = repeat(cx, running_var)?;
    let dense = contiguous(cx, input)?;
    let reshaped = view(cx, &dense, shape)?;
    let out = call(
        cx,
        k::batch_norm,
        &[
            Arg::Tensor(&reshaped),
            opt(&weight_),
            opt(&bias_),
            opt(&running_mean_),
            opt(&running_var_),
            Arg::Bool(use_input_stats),
            Arg::Float(momentum),
            Arg::Float(eps),
            Arg::Bool(cudnn_enabled),
        ],
    )?;
    // `running_stat.copy_(running_stat_.view({b, c}).mean(0))`.
    for (stat, repeated) in [(running_mean, &running_mean_), (running_var, &running_var_)] {
        if let (true, Some(stat), Some(repeated)) = (use_input_stats, stat, repeated) {
            let per_sample = view(cx, repeated, Dims::from_slice(&[b, c]))?;
            let mean = call(
                cx,
                k::mean_dim,
                &[
                    Arg::Tensor(&per_sample),
                    Arg::Ints(vec![SymInt::Int(0)].into()),
                    Arg::Bool(false),
                    Arg::None,
                ],
            )?;
            call(cx, k::copy_, &[Arg::Tensor(stat), Arg::Tensor(&mean)])?;
        }
    }
    Ok(fresh_result(view(cx, &out, input.sizes.clone())?))
}
