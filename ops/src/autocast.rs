//! Autocast's cast policies, as ATen registers them for the `AutocastCPU`
//! dispatch key (`aten/src/ATen/autocast_mode.cpp`, torch 2.15): which
//! overloads have their floating-point tensors cast to the region's
//! lower-precision dtype, to `float32`, or to the widest of their
//! arguments' types inside `torch.autocast("cpu")` (in an exported program,
//! a `wrap_with_autocast` region), and torchvision's own registrations for
//! its `nms` and `roi_align`. The set of overloads is checked against the
//! registrations of torch 2.15 and torchvision (`tests/autocast.rs`).

use fake_runtime::device::DeviceType;
use fake_runtime::mode::CastPolicy;

/// `lower_precision_fp` on the CPU: products, convolutions, attention.
const CPU_LOWER_PRECISION_FP: &[&str] = &[
    "aten::_addmm_activation",
    "aten::_convolution.deprecated",
    "aten::_native_multi_head_attention",
    "aten::addbmm",
    "aten::addmm",
    "aten::baddbmm",
    "aten::bmm",
    "aten::conv1d",
    "aten::conv1d.padding",
    "aten::conv2d",
    "aten::conv2d.padding",
    "aten::conv3d",
    "aten::conv3d.padding",
    "aten::conv_tbc",
    "aten::conv_transpose1d",
    "aten::conv_transpose2d.input",
    "aten::conv_transpose3d.input",
    "aten::linalg_vecdot",
    "aten::linear",
    "aten::matmul",
    "aten::mkldnn_rnn_layer",
    "aten::mm",
    "aten::prelu",
    "aten::scaled_dot_product_attention",
];

/// `fp32` on the CPU: losses, pools of three dims, padding, FFTs, linear
/// algebra, reductions whose precision matters.
const CPU_FP32: &[&str] = &[
    "aten::_grid_sampler_2d_cpu_fallback",
    "aten::_lu_with_info",
    "aten::adaptive_avg_pool3d",
    "aten::adaptive_max_pool3d",
    "aten::avg_pool3d",
    "aten::binary_cross_entropy",
    "aten::binary_cross_entropy_with_logits",
    "aten::cdist",
    "aten::cholesky_inverse",
    "aten::cholesky_solve",
    "aten::cosine_embedding_loss",
    "aten::cross_entropy_loss",
    "aten::ctc_loss.IntList",
    "aten::ctc_loss.Tensor",
    "aten::fake_quantize_per_tensor_affine",
    "aten::fft_fft",
    "aten::fft_fft2",
    "aten::fft_fftn",
    "aten::fft_hfft",
    "aten::fft_ifft",
    "aten::fft_ifft2",
    "aten::fft_ifftn",
    "aten::fft_ihfft",
    "aten::fft_irfft",
    "aten::fft_irfft2",
    "aten::fft_irfftn",
    "aten::fft_rfft",
    "aten::fft_rfft2",
    "aten::fft_rfftn",
    "aten::fractional_max_pool2d",
    "aten::fractional_max_pool3d",
    "aten::geqrf",
    "aten::grid_sampler",
    "aten::grid_sampler_2d",
    "aten::grid_sampler_3d",
    "aten::hinge_embedding_loss",
    "aten::huber_loss",
    "aten::inverse",
    "aten::kl_div",
    "aten::l1_loss",
    "aten::linalg_cholesky",
    "aten::linalg_cholesky_ex",
    "aten::linalg_cond",
    "aten::linalg_cond.p_str",
    "aten::linalg_eig",
    "aten::linalg_eigh",
    "aten::linalg_eigvals",
    "aten::linalg_eigvalsh",
    "aten::linalg_householder_product",
    "aten::linalg_inv",
    "aten::linalg_inv_ex",
    "aten::linalg_lstsq",
    "aten::linalg_matrix_rank",
    "aten::linalg_matrix_rank.atol_rtol_float",
    "aten::linalg_matrix_rank.atol_rtol_tensor",
    "aten::linalg_matrix_rank.tol_tensor",
    "aten::linalg_matrix_sqrth",
    "aten::linalg_qr",
    "aten::linalg_solve",
    "aten::linalg_svd",
    "aten::linalg_svdvals",
    "aten::linalg_tensorinv",
    "aten::linalg_tensorsolve",
    "aten::lu_solve",
    "aten::margin_ranking_loss",
    "aten::max_pool3d",
    "aten::max_unpool2d",
    "aten::max_unpool3d",
    "aten::mse_loss",
    "aten::multi_margin_loss",
    "aten::multilabel_margin_loss",
    "aten::multilabel_margin_loss_forward",
    "aten::nanquantile",
    "aten::nanquantile.scalar",
    "aten::nll_loss",
    "aten::nll_loss2d",
    "aten::orgqr",
    "aten::ormqr",
    "aten::pinverse",
    "aten::poisson_nll_loss",
    "aten::polar",
    "aten::prod",
    "aten::prod.dim_int",
    "aten::quantile",
    "aten::quantile.scalar",
    "aten::reflection_pad1d",
    "aten::reflection_pad2d",
    "aten::replication_pad1d",
    "aten::replication_pad2d",
    "aten::replication_pad3d",
    "aten::smooth_l1_loss",
    "aten::soft_margin_loss",
    "aten::stft",
    "aten::stft.center",
    "aten::svd",
    "aten::trace",
    "aten::triangular_solve",
    "aten::triplet_margin_loss",
    "aten::view_as_complex",
    "torchvision::nms",
];

/// `fp32`, the result cast back to the input's dtype: torchvision's
/// `roi_align` (its own `AutocastCPU` kernel).
const CPU_FP32_CAST_BACK: &[&str] = &["torchvision::roi_align"];

/// `promote` on the CPU: operators combining several tensors.
const CPU_PROMOTE: &[&str] = &["aten::cat", "aten::index_copy", "aten::stack"];

/// Every overload with a CPU policy, and the policy (sorted by name).
pub fn cpu_policies() -> impl Iterator<Item = (&'static str, CastPolicy)> {
    let tag = |names: &'static [&'static str], p: CastPolicy| names.iter().map(move |&n| (n, p));
    tag(CPU_LOWER_PRECISION_FP, CastPolicy::LowerPrecisionFp)
        .chain(tag(CPU_FP32, CastPolicy::Fp32))
        .chain(tag(CPU_FP32_CAST_BACK, CastPolicy::Fp32CastBack))
        .chain(tag(CPU_PROMOTE, CastPolicy::Promote))
}

/// The cast policy of overload `op` (`aten::mm`, `aten::conv2d.padding`;
/// a default overload without `.default`) inside an autocast region on
/// `device`: `Ok(None)` when it has none. Only the CPU's policies are
/// modelled; a region on another device is refused.
pub fn autocast_policy(op: &str, device: DeviceType) -> Result<Option<CastPolicy>, String> {
    if device != DeviceType::Cpu {
        return Err(format!(
            "autocast on {device:?} devices is not modelled (the CPU's cast policies are)"
        ));
    }
    let op = op.strip_suffix(".default").unwrap_or(op);
    let find = |names: &[&str]| names.binary_search(&op).is_ok();
    Ok(if find(CPU_LOWER_PRECISION_FP) {
        Some(CastPolicy::LowerPrecisionFp)
    } else if find(CPU_FP32) {
        Some(CastPolicy::Fp32)
    } else if find(CPU_FP32_CAST_BACK) {
        Some(CastPolicy::Fp32CastBack)
    } else if find(CPU_PROMOTE) {
        Some(CastPolicy::Promote)
    } else {
        None
    })
}
