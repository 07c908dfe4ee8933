//! Hand-written kernels: what no shape rule can say. A rule names one with
//! `@kernel(name)`, and the operator still counts as covered.

use fake_runtime::shape::Dims;
use fake_runtime::{Alias, Cx, DType, Error, Out, Outs, Result, SymInt, TensorMeta};

mod asserts;
mod aten_composites;
mod attention;
mod attention_backward;
mod attention_math;
mod batch_norm;
mod clamp;
mod composite_outs;
mod contiguous;
mod conv;
mod conv_backward;
mod diagonal;
mod diff;
mod distance;
mod div;
mod dropout;
mod dyn_quant;
mod einsum;
mod embedding_bag;
mod fallback;
mod fft;
mod fft_composites;
mod float_power;
mod foreach;
mod group_norm;
mod grouped_mm;
mod histogram;
mod index_func;
mod inplace_arith;
mod inplace_refs;
mod instance_norm;
mod integrals;
mod itself;
mod linalg_composites;
mod linear;
mod linear_cross_entropy;
mod loss_steps;
mod losses;
mod masked;
mod masked_index;
mod native_outs;
mod nll;
mod nonzero;
mod norm_backward;
mod normal;
mod opmath_outs;
mod optimizers;
mod pad;
mod padding;
mod philox;
mod pool;
mod prelu_backward;
mod py_sort;
mod recurrent;
mod refused;
mod repeat;
mod reshape;
mod resize;
mod sampler;
mod scaled_mm;
mod scatter;
mod semi_structured;
mod sequences;
mod shape_composites;
mod shuffle;
mod sparse;
mod split;
mod stacks;
mod stft;
mod tensordot;
mod to;
mod torchao;
mod upsample;
mod upsample_cubic;
mod upsample_linear;
mod view;
mod weight_norm;

/// The layout computations kernels and intrinsics remember on symbolic
/// sizes (`fake_runtime::support::remembered_geometry`), one number each.
#[derive(Debug, Clone, Copy)]
#[repr(i64)]
pub(crate) enum Remembered {
    /// `convolution`'s sizes and strides (`conv::convolution_sized`).
    Convolution = 1,
    /// Batch norm's output, its reference's steps taken one by one on
    /// symbolic inputs (`batch_norm::helper`).
    BatchNormSteps = 2,
    /// `torch._refs.clamp`'s steps by numbers (`intrinsics::decomposed`).
    ClampSteps = 3,
    /// `hardsigmoid`'s decomposition (`intrinsics::decomposed`).
    HardsigmoidSteps = 4,
    /// `torch._refs.gelu`'s steps (`intrinsics::decomposed`).
    GeluSteps = 5,
    /// `torch._refs.elu`'s steps (`intrinsics::decomposed`).
    EluSteps = 6,
    /// `view`'s sizes and strides (`view::geometry`).
    View = 7,
    /// `torch._refs.nn.functional.celu`'s steps (`intrinsics::decomposed`).
    CeluSteps = 8,
    /// `torch._refs.nn.functional.softplus`'s steps
    /// (`intrinsics::decomposed`).
    SoftplusSteps = 9,
    /// `torch._refs.nn.functional.mish`'s steps (`intrinsics::decomposed`).
    MishSteps = 10,
}

pub(crate) use asserts::{
    assert_async, assert_scalar, functional_assert_async, functional_assert_scalar,
    functional_sym_constrain_range, functional_sym_constrain_range_for_size, print,
    sym_constrain_range, sym_constrain_range_for_size,
};
pub(crate) use aten_composites::{
    atleast_1d_sequence, atleast_2d_sequence, atleast_3d_sequence, chain_matmul,
    log_sigmoid_forward, narrow_tensor, native_channel_shuffle, norm_except_dim,
};
pub(crate) use attention::{
    efficient_attention_forward, flash_attention_forward,
    flash_attention_forward_no_dropout_inplace, flash_attention_forward_quantized,
    scaled_dot_product_attention, scaled_dot_product_attention_math_for_mps,
    scaled_dot_product_cudnn_attention, scaled_dot_product_efficient_attention,
    scaled_dot_product_flash_attention, scaled_dot_product_flash_attention_quantized,
    scaled_dot_product_fused_attention_overrideable,
};
pub(crate) use attention_backward::{
    efficient_attention_backward, scaled_dot_product_efficient_attention_backward,
};
pub(crate) use attention_math::scaled_dot_product_attention_math;
pub(crate) use batch_norm::{
    backend_batch_norm_backward, batch_norm_impl_index, batch_norm_no_update,
    batch_norm_update_stats, batch_norm_update_stats_out, batch_norm_with_update,
    batch_norm_with_update_functional, check_features as batch_norm_check_features,
    cudnn_batch_norm, cudnn_batch_norm_out, helper as batch_norm_helper, miopen_batch_norm,
    native_batch_norm, native_batch_norm_legit, native_batch_norm_legit_functional,
    native_batch_norm_legit_no_stats, native_batch_norm_legit_no_training, native_batch_norm_out,
    running_pair,
};
pub(crate) use clamp::clamp_tensor;
pub(crate) use composite_outs::{
    linalg_svd_u, linear_out, matmul_out, outer_out, svd_u, thnn_conv2d_out,
};
pub(crate) use contiguous::contiguous;
pub(crate) use conv::{
    conv_transpose1d, conv_transpose2d, conv_transpose3d, conv1d, conv1d_padding, conv2d,
    conv2d_padding, conv3d, conv3d_padding, convolution_mode_op, convolution_op,
};
pub(crate) use conv_backward::convolution_backward;
pub(crate) use diagonal::{diagonal, diagonal_copy, linalg_diagonal};
pub(crate) use diff::{diff, diff_out};
pub(crate) use distance::{cdist, cdist_backward};
pub(crate) use div::{div_scalar_mode, div_tensor_mode, floor_divide, floor_divide_scalar};
pub(crate) use dropout::{
    alpha_dropout, alpha_dropout_, dropout, dropout_, feature_dropout, feature_dropout_,
    fused_dropout, native_dropout,
};
pub(crate) use dyn_quant::dyn_quant_pack_4bit_weight;
pub(crate) use einsum::einsum;
pub(crate) use embedding_bag::{
    embedding_bag, embedding_bag_backward, embedding_bag_forward_only, embedding_bag_padding_idx,
};
pub(crate) use fallback::{glu_jvp, glu_jvp_out};
pub(crate) use fft::{fft_c2c_op, fft_c2r, fft_r2c};
pub(crate) use fft_composites::{
    fft_fft, fft_fft2, fft_fftn, fft_hfft_out, fft_hfft2, fft_hfft2_out, fft_hfftn, fft_hfftn_out,
    fft_ifft, fft_ifft_out, fft_ifft2, fft_ifftn, fft_ihfft2, fft_ihfftn, fft_irfft, fft_irfft_out,
    fft_irfft2, fft_irfft2_out, fft_irfftn, fft_irfftn_out, fft_rfft, fft_rfft2, fft_rfftn,
};
pub(crate) use float_power::{float_power_scalar, float_power_tensor_tensor};
pub(crate) use foreach::{foreach_max, foreach_norm, foreach_powsum};
pub(crate) use group_norm::{group_norm, native_group_norm};
pub(crate) use grouped_mm::{grouped_mm, scaled_grouped_mm, scaled_grouped_mm_v2};
pub(crate) use histogram::{
    histogram_bin_ct, histogram_bins_tensor, histogramdd, histogramdd_int_bins,
    histogramdd_tensorlist_bins,
};
pub(crate) use index_func::{index_reduce_out, index_select_out, slice_scatter_out};
pub(crate) use inplace_arith::{binop_inplace, binop_inplace_alpha, div_inplace};
pub(crate) use inplace_refs::{
    abs_, addr_, as_strided_, float_power_scalar_, float_power_tensor_, ldexp_, pow_scalar_,
    pow_tensor_,
};
pub(crate) use instance_norm::instance_norm;
pub(crate) use integrals::{
    cumulative_trapezoid_dx, cumulative_trapezoid_x, gradient_array, gradient_scalararray,
    gradient_scalarint, gradient_scalarrayarray, gradient_scalarrayint, gradient_tensorarray,
    gradient_tensorarrayint, trapezoid_dx, trapezoid_x,
};
pub(crate) use itself::{
    adjoint, atleast_1d, atleast_2d, atleast_3d, conj, conj_physical, imag, isreal, lift_fresh,
    m_h, m_t, matrix_h, positive, real, resolve_bit,
};
pub(crate) use linalg_composites::{
    linalg_cond, linalg_cond_str, linalg_matrix_norm, linalg_matrix_norm_str, linalg_multi_dot,
    linalg_norm, linalg_norm_str, linalg_tensorinv, linalg_tensorsolve, linalg_vander,
    nuclear_norm, nuclear_norm_dim, orgqr,
};
pub(crate) use linear::{linear, linear_backward};
pub(crate) use linear_cross_entropy::{
    linear_cross_entropy_batch_chunked, linear_cross_entropy_batch_chunked_no_reduction,
};
pub(crate) use losses::{
    binary_cross_entropy, binary_cross_entropy_backward, binary_cross_entropy_with_logits,
    cosine_embedding_loss, hinge_embedding_loss, huber_loss, kl_div, l1_loss, margin_ranking_loss,
    mse_loss, mse_loss_backward, multi_margin_loss, multilabel_margin_loss,
    multilabel_margin_loss_forward, poisson_nll_loss, smooth_l1_loss, soft_margin_loss,
    soft_margin_loss_backward, triplet_margin_loss,
};
pub(crate) use masked::{
    masked_select, repeat_interleave_self_tensor, unique, unique_consecutive, unique_dim, unique2,
};
pub(crate) use masked_index::{unsafe_masked_index, unsafe_masked_index_put_accumulate};
pub(crate) use native_outs::{
    argmax_out, argmin_out, bucketize_scalar_out, copy_out, empty_out, gather_out,
    index_tensor_out, linalg_matrix_power_out, log_softmax_int_out, matrix_power_out,
    max_pool2d_with_indices_out, native_group_norm_out, range_no_step_out, range_step_out,
    take_along_dim_out, upsample_bicubic2d_aa_out, upsample_bilinear2d_aa_out,
    upsample_lanczos2d_aa_out,
};
pub(crate) use nll::{
    cross_entropy_loss, nll_loss_forward, nll_loss_kernel, nll_loss_nd, nll_loss2d,
    nll_loss2d_forward,
};
pub(crate) use nonzero::where_condition;
pub(crate) use norm_backward::{
    batch_norm_backward, fused_rms_norm_backward, native_batch_norm_backward,
    native_batch_norm_backward_out, native_group_norm_backward, native_layer_norm_backward,
};
pub(crate) use normal::{
    normal_float_float, normal_float_tensor, normal_tensor_float, normal_tensor_tensor,
};
pub(crate) use opmath_outs::{huber_loss_backward_out, smooth_l1_loss_backward_grad_input};
pub(crate) use optimizers::{
    amp_foreach_non_finite_check_and_unscale_, fused_adagrad, fused_adagrad_,
    fused_adagrad_tensor_lr, fused_adagrad_tensor_lr_, fused_adam, fused_adam_,
    fused_adam_tensor_lr, fused_adam_tensor_lr_, fused_adamw, fused_sgd, fused_sgd_,
    fused_sgd_tensor_lr, fused_sgd_tensor_lr_,
};
pub(crate) use pad::{pad, pad_circular, pad_enum_op};
pub(crate) use padding::{
    reflection_pad1d, reflection_pad2d, reflection_pad3d, replication_pad1d, replication_pad2d,
    replication_pad3d,
};
pub(crate) use philox::{
    philox_key_fold_in, philox_key_split, philox_normal, philox_randint, philox_uniform,
};
pub(crate) use pool::{
    adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d, adaptive_max_pool1d, avg_pool1d,
    avg_pool3d, max_pool1d, max_pool1d_with_indices, max_pool3d,
};
pub(crate) use prelu_backward::prelu_kernel_backward;
pub(crate) use recurrent::{
    cudnn_rnn, gru_cell, gru_input, lstm_cell, lstm_input, miopen_rnn, mkldnn_rnn_layer,
    mkldnn_rnn_layer_backward, rnn_relu_cell, rnn_relu_input, rnn_tanh_cell, rnn_tanh_input,
    thnn_fused_gru_cell, thnn_fused_gru_cell_backward, thnn_fused_lstm_cell,
    thnn_fused_lstm_cell_backward_impl,
};
pub(crate) use refused::{
    cov, data_dependent_output, dynamic_output_shape, meta_takes_no_out, two_tensor_view,
};
pub(crate) use repeat::repeat_out;
pub(crate) use reshape::{
    flatten_using_ints, ravel, reshape, reshape_alias_copy, reshape_as, reshape_copy, view_copy,
    view_copy_dtype, view_copy_out,
};
pub(crate) use resize::{resize, resize_, resize_as, resize_as_};
pub(crate) use sampler::{grid_sampler, grid_sampler_2d_backward, grid_sampler_3d_backward};
pub(crate) use scaled_mm::{scaled_addmm, scaled_mm, scaled_mm_v2};
pub(crate) use scatter::{
    check as scatter_check, scatter_add, scatter_reduce, scatter_reduce_two, scatter_src,
    scatter_value, scatter_value_reduce,
};
pub(crate) use semi_structured::{
    cslt_sparse_mm, sparse_semi_structured_addmm, sparse_semi_structured_linear,
    sparse_semi_structured_mm,
};
pub(crate) use sequences::{flatten_dense_tensors, pad_sequence, unflatten_dense_tensors};
pub(crate) use shape_composites::{
    cartesian_prod, chunk_cat, combinations, diag, diag_out, dsplit_array, dsplit_int,
    grad_sum_to_size, hsplit_array, hsplit_int, inner, inner_out, kron, kron_out, sum_to_size,
    take_along_dim, tensor_split_indices_list, tensor_split_sections, unbind, vsplit_array,
    vsplit_int,
};
pub(crate) use shuffle::{channel_shuffle, pixel_unshuffle};
pub(crate) use sparse::{dense_to_sparse, to_sparse, to_sparse_dim};
pub(crate) use split::{tensor_split_indices, unsafe_chunk, unsafe_split, unsafe_split_with_sizes};
pub(crate) use stacks::{column_stack, dstack, hstack, stack, stack_kernel, vstack};
pub(crate) use stft::{istft, stft, stft_center};
pub(crate) use tensordot::{tensordot, tensordot_out};
pub(crate) use to::{
    autocast_to_full_precision, autocast_to_reduced_precision, cast_byte, cast_char, cast_double,
    cast_float, cast_half, cast_int, cast_long, cast_short, chalf, to_copy, to_device, to_dtype,
    to_dtype_layout, to_other, type_as,
};
pub(crate) use torchao::{choose_qparams_affine, dequantize_affine, quantize_affine};
pub(crate) use upsample::{
    upsample_bicubic2d_aa_vec, upsample_bicubic2d_default, upsample_bicubic2d_vec,
    upsample_bilinear2d_aa_vec, upsample_lanczos2d_aa_vec, upsample_linear_default,
    upsample_linear_vec, upsample_nearest1d_default, upsample_nearest1d_out,
    upsample_nearest1d_vec, upsample_nearest2d_default, upsample_nearest2d_out,
    upsample_nearest2d_vec, upsample_nearest3d_default, upsample_nearest3d_out,
    upsample_nearest3d_vec,
};
pub(crate) use view::{
    broadcast_tensors, meshgrid, unflatten_int, unsafe_view, view, view_as, view_dtype,
};
pub(crate) use weight_norm::{weight_norm, weight_norm_interface};

/// ATen's refusal of `a - b` for two bool tensors (`sub_check`), which
/// composites that subtract their input raise.
const BOOL_SUBTRACTION: &str = "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.";

/// The declared operator `name` run on `args` as PyTorch's dispatcher
/// runs a step a decomposition dispatches: with the operator's
/// plain-mode behaviour (`@plain`) outside the Python dispatcher.
fn dispatched(cx: &mut Cx<'_>, name: &str, args: &[fake_runtime::Arg<'_>]) -> Result<Outs> {
    use fake_runtime::Registry;
    let registry = crate::registry();
    let op = registry
        .lookup(name)
        .ok_or_else(|| invalid(cx, format!("{name} is not declared")))?;
    fake_runtime::support::run_op(cx, op, args)
}

/// The operator of `cx` refuses its arguments for `reason`.
fn invalid(cx: &Cx<'_>, reason: impl Into<String>) -> Error {
    Error::invalid(cx.op, reason)
}

/// The one tensor a composed operator's kernel returned.
fn one(outs: Outs, cx: &Cx<'_>) -> Result<TensorMeta> {
    match outs.into_iter().next() {
        Some(Out::Tensor(t, _)) => Ok(t),
        _ => Err(invalid(cx, "a composed operator gave no tensor")),
    }
}

/// Sizes as PyTorch prints a list of them (`[2, s0]`), for messages.
fn show(cx: &Cx<'_>, sizes: &[SymInt]) -> String {
    let parts: Vec<String> = sizes.iter().map(|&s| cx.env.display(s)).collect();
    format!("[{}]", parts.join(", "))
}

/// `t.to(dtype)` in a decomposition: `t` itself when the dtype agrees,
/// else a copy that keeps dense strides (`_to_copy`, `preserve_format`).
pub(crate) fn cast(cx: &mut Cx<'_>, t: &TensorMeta, dtype: DType) -> Result<TensorMeta> {
    if t.dtype == dtype {
        return Ok(t.clone());
    }
    let strides = crate::intrinsics::preserve_strides(cx, t, None)?;
    Ok(TensorMeta {
        strides,
        storage_offset: SymInt::Int(0),
        dtype,
        ..t.clone()
    })
}

/// Python's unpacking of `got` values into `expected` names (`a, b =
/// padding`, `n, c, h, w = input.shape`), refused in its words when they
/// differ.
pub(crate) fn unpacked(cx: &Cx<'_>, expected: usize, got: usize) -> Result<()> {
    if got > expected {
        return Err(invalid(
            cx,
            format!("too many values to unpack (expected {expected})"),
        ));
    }
    if got < expected {
        return Err(invalid(
            cx,
            format!("not enough values to unpack (expected {expected}, got {got})"),
        ));
    }
    Ok(())
}

/// A new tensor like `t` (dtype, layout) on the call's device, with these
/// sizes and strides, at offset 0.
pub(crate) fn fresh(cx: &Cx<'_>, t: &TensorMeta, sizes: Dims, strides: Dims) -> TensorMeta {
    TensorMeta {
        sizes,
        strides,
        storage_offset: SymInt::Int(0),
        dtype: t.dtype,
        device: cx.device,
        layout: t.layout,
        requires_grad: false,
        wrapped_number: false,
    }
}

/// A view of argument 0 `t` with other sizes and strides (same offset,
/// dtype and device), as the one output of a kernel.
pub(crate) fn view_out(t: &TensorMeta, sizes: Dims, strides: Dims) -> Outs {
    let mut outs = Outs::new();
    outs.push(Out::Tensor(
        TensorMeta {
            sizes,
            strides,
            storage_offset: t.storage_offset,
            dtype: t.dtype,
            device: t.device,
            layout: t.layout,
            requires_grad: false,
            wrapped_number: false,
        },
        Alias::ViewOf(0),
    ));
    outs
}

/// A new contiguous tensor of `sizes` and `dtype` on `device`, as a
/// kernel output (`torch.empty` in a meta or fake kernel), refused as
/// `empty` refuses a negative size even when the kernel drops it (the
/// mode checks only the results it is given).
pub(crate) fn new_tensor(
    cx: &mut Cx<'_>,
    sizes: &[SymInt],
    dtype: DType,
    device: fake_runtime::Device,
) -> Result<Out> {
    fake_runtime::shape::refuse_negative_sizes(cx.env, cx.op, sizes)?;
    let meta = TensorMeta::contiguous(cx.env, sizes, dtype, device)?;
    Ok(Out::Tensor(meta, Alias::Fresh))
}

/// [`fresh`] as the one output of a kernel.
pub(crate) fn fresh_out(cx: &Cx<'_>, t: &TensorMeta, sizes: Dims, strides: Dims) -> Outs {
    let mut outs = Outs::new();
    outs.push(Out::Tensor(fresh(cx, t, sizes, strides), Alias::Fresh));
    outs
}

/// Every tensor of `outs` as a fresh contiguous copy (the `*_copy`
/// operators: a view cloned with `contiguous_format`).
pub(crate) fn contiguous_copies(cx: &mut Cx<'_>, outs: Outs) -> Result<Outs> {
    let mut copies = Outs::new();
    for o in outs {
        match o {
            Out::Tensor(t, _) => {
                let strides = fake_runtime::strides::contiguous(cx.env, &t.sizes)?;
                copies.push(Out::Tensor(
                    fresh(cx, &t, t.sizes.clone(), strides),
                    Alias::Fresh,
                ));
            }
            other => copies.push(other),
        }
    }
    Ok(copies)
}
