"""Cases of the `out=` overloads derived from functional ones, made from
the functional overload's own cases once every family's are merged.

Declared with `@derive(out)` (a castable out dtype), `@derive(exact_out)`
(exactly the result's dtype), `@derive(structured_out)` (exactly, and a
resized out restrided as the result) or `@derive(restrided_out)` (every
out restrided as the result), and the forms of C++ kernels that refuse
symbolic sizes (`native_out`, `refused_out`), fix
them at their hints (`fixed_structured_out`, `fixed_out`), fix the
results' sizes (`settled_exact_out`) or refuse symbolic ones
(`composite_out`), on the
functional rule,
as torchgen derives a structured kernel's `out=` overload from its
functional one. Each out overload here takes its functional overload's
first case that PyTorch accepts, with the out tensors made from what the
functional call returns: empty ones (resized), ones of the results'
shapes, transposed ones (their strides kept when no resize is needed) and
a float64 one where the result is float32 (a castable dtype: accepted or
refused, which tells the two derivations apart) and a float16 one where
it is float64 (a narrowing a castable out takes). Into empty outs, it also
takes the second accepted case and the first with an input not laid out
contiguously (a transposed or channels-last one: the layout an out tensor
is resized to), and the first case PyTorch refuses (the outs of its first
tensor's dtype). A factory's out overload (`@derive(factory_out)`:
`zeros.out`) takes no tensor options: they are left out of its cases,
whose out tensors, of the results' dtype and device, give them.
`WRITTEN` adds cases beside the derived ones.

`export_op_cases.py` calls `add(CASES, results_of)` after merging the
families; `results_of(name, case)` runs the functional call in a fake
mode and gives each result's (sizes, dtype, device), or None when PyTorch
refuses it or a result is not a tensor.
"""

import torch

from op_case_inputs import C, T, tr

# out overload: its functional overload.
OUT_FROM_FUNCTIONAL = {
    "linear.out": "linear",
    "_adaptive_avg_pool3d_backward.out": "_adaptive_avg_pool3d_backward",
    "_embedding_bag_per_sample_weights_backward.out": "_embedding_bag_per_sample_weights_backward",
    "grid_sampler_3d_backward.out": "grid_sampler_3d_backward",
    "linalg_svd.U": "linalg_svd",
    "thnn_conv2d.out": "thnn_conv2d",
    "outer.out": "outer",
    "ger.out": "ger",
    "_aminmax.out": "_aminmax",
    "_aminmax.dim_out": "_aminmax.dim",
    "_slow_conv2d_forward.output": "_slow_conv2d_forward",
    "slow_conv_transpose3d.out": "slow_conv_transpose3d",
    "histogram.bin_ct_out": "histogram.bin_ct",
    "histogram.bins_tensor_out": "histogram.bins_tensor",
    "_scaled_mm.out": "_scaled_mm",
    "_logcumsumexp.out": "_logcumsumexp",
    "geqrf.a": "geqrf",
    "_masked_softmax.out": "_masked_softmax",
    "_transform_bias_rescale_qkv.out": "_transform_bias_rescale_qkv",
    "native_group_norm.out": "native_group_norm",
    "slow_conv_dilated2d.out": "slow_conv_dilated2d",
    "slow_conv_dilated3d.out": "slow_conv_dilated3d",
    "_histogramdd_bin_edges.out": "_histogramdd_bin_edges",
    "_histogramdd_from_bin_tensors.out": "_histogramdd_from_bin_tensors",
    "_index_put_impl.out": "_index_put_impl",
    "unique_consecutive.out": "unique_consecutive",
    "repeat_interleave.Tensor_out": "repeat_interleave.Tensor",
    "bernoulli.float_out": "bernoulli.p",
    "binomial.out": "binomial",
    "_sample_dirichlet.out": "_sample_dirichlet",
    "_dirichlet_grad.out": "_dirichlet_grad",
    "_standard_gamma_grad.out": "_standard_gamma_grad",
    "_efficientzerotensor.out": "_efficientzerotensor",
    "fill.Tensor_out": "fill.Tensor",
    "hamming_window.out": "hamming_window",
    "hamming_window.periodic_out": "hamming_window.periodic",
    "hamming_window.periodic_alpha_out": "hamming_window.periodic_alpha",
    "hamming_window.periodic_alpha_beta_out": "hamming_window.periodic_alpha_beta",
    "bartlett_window.out": "bartlett_window",
    "bartlett_window.periodic_out": "bartlett_window.periodic",
    "blackman_window.out": "blackman_window",
    "blackman_window.periodic_out": "blackman_window.periodic",
    "kaiser_window.out": "kaiser_window",
    "kaiser_window.periodic_out": "kaiser_window.periodic",
    "kaiser_window.beta_out": "kaiser_window.beta",
    "fft_fftfreq.out": "fft_fftfreq",
    "fft_rfftfreq.out": "fft_rfftfreq",
    "empty_permuted.out": "empty_permuted",
    "full_like.out": "full_like",
    "range.out_": "range",
    "range.out": "range.step",
    "randperm.out": "randperm",
    "rand_like.out": "rand_like",
    "randn_like.out": "randn_like",
    "randint_like.out": "randint_like",
    "randint_like.low_dtype_out": "randint_like.low_dtype",
    "randint_like.Tensor_out": "randint_like.Tensor",
    "rand_like.generator_out": "rand_like.generator",
    "randn_like.generator_out": "randn_like.generator",
    "randint_like.generator_out": "randint_like.generator",
    "randint_like.low_generator_dtype_out": "randint_like.low_generator_dtype",
    "gather.out": "gather",
    "_upsample_bilinear2d_aa.out": "_upsample_bilinear2d_aa",
    "_upsample_bicubic2d_aa.out": "_upsample_bicubic2d_aa",
    "_upsample_lanczos2d_aa.out": "_upsample_lanczos2d_aa",
    "upsample_bilinear2d.vec_out": "upsample_bilinear2d.vec",
    "take_along_dim.out": "take_along_dim",
    "__lshift__.Scalar_out": "__lshift__.Scalar",
    "__lshift__.Tensor_out": "__lshift__.Tensor",
    "__rshift__.Scalar_out": "__rshift__.Scalar",
    "__rshift__.Tensor_out": "__rshift__.Tensor",
    "_adaptive_avg_pool2d_backward.out": "_adaptive_avg_pool2d_backward",
    "_adaptive_avg_pool3d.out": "_adaptive_avg_pool3d",
    "_cdist_backward.out": "_cdist_backward",
    "batch_norm_update_stats.out": "batch_norm_update_stats",
    "glu_jvp.out": "glu_jvp",
    "_cdist_forward.out": "_cdist_forward",
    "_cholesky_solve_helper.out": "_cholesky_solve_helper",
    "_philox_normal.out": "_philox_normal",
    "_philox_randint.out": "_philox_randint",
    "_philox_uniform.out": "_philox_uniform",
    "_conj_physical.out": "_conj_physical",
    "_embedding_bag.out": "_embedding_bag",
    "_embedding_bag_forward_only.out": "_embedding_bag_forward_only",
    "_euclidean_dist.out": "_euclidean_dist",
    "_fft_c2r.out": "_fft_c2r",
    "_fft_r2c.out": "_fft_r2c",
    "_grid_sampler_2d_cpu_fallback.out": "_grid_sampler_2d_cpu_fallback",
    "_linalg_det.result": "_linalg_det",
    "_linalg_eigh.eigenvalues": "_linalg_eigh",
    "_linalg_slogdet.sign": "_linalg_slogdet",
    "_linalg_solve_ex.result": "_linalg_solve_ex",
    "_linalg_svd.U": "_linalg_svd",
    "_log_softmax.out": "_log_softmax",
    "_masked_scale.out": "_masked_scale",
    "_native_multi_head_attention.out": "_native_multi_head_attention",
    "_softmax.out": "_softmax",
    "_softmax_backward_data.out": "_softmax_backward_data",
    "_standard_gamma.out": "_standard_gamma",
    "_thnn_fused_gru_cell.out": "_thnn_fused_gru_cell",
    "_thnn_fused_lstm_cell.out": "_thnn_fused_lstm_cell",
    "_to_copy.out": "_to_copy",
    "_transformer_encoder_layer_fwd.out": "_transformer_encoder_layer_fwd",
    "_unsafe_view.out": "_unsafe_view",
    "_upsample_bicubic2d_aa_backward.grad_input": "_upsample_bicubic2d_aa_backward",
    "_upsample_bilinear2d_aa_backward.grad_input": "_upsample_bilinear2d_aa_backward",
    "_upsample_lanczos2d_aa_backward.grad_input": "_upsample_lanczos2d_aa_backward",
    "_upsample_nearest_exact2d_backward.grad_input": "_upsample_nearest_exact2d_backward",
    "_weight_norm_interface_backward.out": "_weight_norm_interface_backward",
    "abs.out": "abs",
    "absolute.out": "absolute",
    "acos.out": "acos",
    "acosh.out": "acosh",
    "adaptive_avg_pool1d.out": "adaptive_avg_pool1d",
    "add.Scalar_out": "add.Scalar",
    "addbmm.out": "addbmm",
    "addmm.dtype_out": "addmm.dtype",
    "addmm.out": "addmm",
    "addmv.out": "addmv",
    "affine_grid_generator.out": "affine_grid_generator",
    "alias_copy.out": "alias_copy",
    "all.all_out": "all",
    "all.dims_out": "all.dims",
    "all.out": "all.dim",
    "amax.out": "amax",
    "amin.out": "amin",
    "aminmax.out": "aminmax",
    "angle.out": "angle",
    "any.all_out": "any",
    "any.dims_out": "any.dims",
    "any.out": "any.dim",
    "arange.out": "arange",
    "arange.start_out": "arange.start_step",
    "arccos.out": "arccos",
    "arccosh.out": "arccosh",
    "arcsin.out": "arcsin",
    "arcsinh.out": "arcsinh",
    "arctan.out": "arctan",
    "arctan2.out": "arctan2",
    "arctanh.out": "arctanh",
    "argmax.out": "argmax",
    "argmin.out": "argmin",
    "argsort.stable_out": "argsort.stable",
    "as_strided_copy.out": "as_strided_copy",
    "asin.out": "asin",
    "asinh.out": "asinh",
    "atan.out": "atan",
    "atanh.out": "atanh",
    "avg_pool1d.out": "avg_pool1d",
    "avg_pool2d.out": "avg_pool2d",
    "avg_pool2d_backward.grad_input": "avg_pool2d_backward",
    "baddbmm.out": "baddbmm",
    "bernoulli.Tensor_out": "bernoulli.Tensor",
    "bitwise_and.Scalar_Tensor_out": "bitwise_and.Scalar_Tensor",
    "bitwise_and.Scalar_out": "bitwise_and.Scalar",
    "bitwise_and.Tensor_out": "bitwise_and.Tensor",
    "bitwise_left_shift.Scalar_Tensor_out": "bitwise_left_shift.Scalar_Tensor",
    "bitwise_not.out": "bitwise_not",
    "bitwise_or.Scalar_Tensor_out": "bitwise_or.Scalar_Tensor",
    "bitwise_or.Scalar_out": "bitwise_or.Scalar",
    "bitwise_or.Tensor_out": "bitwise_or.Tensor",
    "bitwise_right_shift.Scalar_Tensor_out": "bitwise_right_shift.Scalar_Tensor",
    "bitwise_xor.Scalar_Tensor_out": "bitwise_xor.Scalar_Tensor",
    "bitwise_xor.Scalar_out": "bitwise_xor.Scalar",
    "bitwise_xor.Tensor_out": "bitwise_xor.Tensor",
    "bmm.dtype_out": "bmm.dtype",
    "bmm.out": "bmm",
    "bucketize.Tensor_out": "bucketize.Tensor",
    "cat.out": "cat",
    "ceil.out": "ceil",
    "cholesky_inverse.out": "cholesky_inverse",
    "cholesky_solve.out": "cholesky_solve",
    "clamp.Tensor_out": "clamp.Tensor",
    "clamp.out": "clamp",
    "clamp_min.out": "clamp_min",
    "clip.Tensor_out": "clip.Tensor",
    "clip.out": "clip",
    "clone.out": "clone",
    "column_stack.out": "column_stack",
    "complex.out": "complex",
    "concat.out": "concat",
    "concatenate.out": "concatenate",
    "conj_physical.out": "conj_physical",
    "constant_pad_nd.out": "constant_pad_nd",
    "conv_tbc.out": "conv_tbc",
    "convolution_backward.out": "convolution_backward",
    "copy.out": "copy",
    "copysign.Scalar_out": "copysign.Scalar",
    "cos.out": "cos",
    "cosh.out": "cosh",
    "count_nonzero.dim_IntList_out": "count_nonzero.dim_IntList",
    "count_nonzero.out": "count_nonzero",
    "cross.out": "cross",
    "cummax.out": "cummax",
    "cummin.out": "cummin",
    "cumprod.out": "cumprod",
    "cumsum.out": "cumsum",
    "diagonal_copy.out": "diagonal_copy",
    "diff.out": "diff",
    "dist.out": "dist",
    "div.Scalar_mode_out": "div.Scalar_mode",
    "div.Scalar_out": "div.Scalar",
    "div.out": "div.Tensor",
    "div.out_mode": "div.Tensor_mode",
    "divide.out_mode": "divide.Tensor_mode",
    "dot.out": "dot",
    "dstack.out": "dstack",
    "elu.out": "elu",
    "embedding.out": "embedding",
    "embedding_renorm.out": "embedding_renorm",
    "empty.out": "empty.memory_format",
    "empty_like.out": "empty_like",
    "empty_strided.out": "empty_strided",
    "eq.Scalar_out": "eq.Scalar",
    "eq.Tensor_out": "eq.Tensor",
    "erf.out": "erf",
    "exp.out": "exp",
    "expand_copy.out": "expand_copy",
    "expm1.out": "expm1",
    "eye.m_out": "eye.m",
    "eye.out": "eye",
    "fft_fft.out": "fft_fft",
    "fft_fft2.out": "fft_fft2",
    "fft_fftn.out": "fft_fftn",
    "fft_hfft.out": "fft_hfft",
    "fft_hfft2.out": "fft_hfft2",
    "fft_hfftn.out": "fft_hfftn",
    "fft_ifft.out": "fft_ifft",
    "fft_ifft2.out": "fft_ifft2",
    "fft_ifftn.out": "fft_ifftn",
    "fft_ihfft.out": "fft_ihfft",
    "fft_ihfft2.out": "fft_ihfft2",
    "fft_ihfftn.out": "fft_ihfftn",
    "fft_irfft.out": "fft_irfft",
    "fft_irfft2.out": "fft_irfft2",
    "fft_irfftn.out": "fft_irfftn",
    "fft_rfft.out": "fft_rfft",
    "fft_rfft2.out": "fft_rfft2",
    "fft_rfftn.out": "fft_rfftn",
    "fill.Scalar_out": "fill.Scalar",
    "fix.out": "fix",
    "flip.out": "flip",
    "float_power.Scalar_out": "float_power.Scalar",
    "float_power.Tensor_Scalar_out": "float_power.Tensor_Scalar",
    "float_power.Tensor_Tensor_out": "float_power.Tensor_Tensor",
    "floor.out": "floor",
    "floor_divide.Scalar_out": "floor_divide.Scalar",
    "floor_divide.out": "floor_divide",
    "fmod.Scalar_out": "fmod.Scalar",
    "fmod.Tensor_out": "fmod.Tensor",
    "frac.out": "frac",
    "fractional_max_pool2d_backward.grad_input": "fractional_max_pool2d_backward",
    "frexp.Tensor_out": "frexp.Tensor",
    "full.out": "full",
    "ge.Scalar_out": "ge.Scalar",
    "ge.Tensor_out": "ge.Tensor",
    "gelu.out": "gelu",
    "greater.Scalar_out": "greater.Scalar",
    "greater.Tensor_out": "greater.Tensor",
    "greater_equal.Scalar_out": "greater_equal.Scalar",
    "greater_equal.Tensor_out": "greater_equal.Tensor",
    "grid_sampler_2d.out": "grid_sampler_2d",
    "grid_sampler_2d_backward.out": "grid_sampler_2d_backward",
    "grid_sampler_3d.out": "grid_sampler_3d",
    "gt.Scalar_out": "gt.Scalar",
    "gt.Tensor_out": "gt.Tensor",
    "hann_window.out": "hann_window",
    "hann_window.periodic_out": "hann_window.periodic",
    "hardsigmoid.out": "hardsigmoid",
    "hardswish.out": "hardswish",
    "hardtanh.out": "hardtanh",
    "hash_tensor.out": "hash_tensor",
    "histc.out": "histc",
    "hstack.out": "hstack",
    "huber_loss_backward.out": "huber_loss_backward",
    "index.Tensor_out": "index.Tensor",
    "index_add.out": "index_add",
    "index_copy.out": "index_copy",
    "index_fill.int_Scalar_out": "index_fill.int_Scalar",
    "index_fill.int_Tensor_out": "index_fill.int_Tensor",
    "index_put.out": "index_put",
    "index_reduce.out": "index_reduce",
    "index_select.out": "index_select",
    "inner.out": "inner",
    "inverse.out": "inverse",
    "isin.Scalar_Tensor_out": "isin.Scalar_Tensor",
    "isin.Tensor_Scalar_out": "isin.Tensor_Scalar",
    "isin.Tensor_Tensor_out": "isin.Tensor_Tensor",
    "isinf.out": "isinf",
    "isnan.out": "isnan",
    "isneginf.out": "isneginf",
    "isposinf.out": "isposinf",
    "kthvalue.values": "kthvalue",
    "ldexp.out": "ldexp.Tensor",
    "le.Scalar_out": "le.Scalar",
    "le.Tensor_out": "le.Tensor",
    "leaky_relu.out": "leaky_relu",
    "less.Scalar_out": "less.Scalar",
    "less.Tensor_out": "less.Tensor",
    "less_equal.Scalar_out": "less_equal.Scalar",
    "less_equal.Tensor_out": "less_equal.Tensor",
    "lift.out": "lift",
    "lift_fresh_copy.out": "lift_fresh_copy",
    "linalg_cholesky.out": "linalg_cholesky",
    "linalg_cholesky_ex.L": "linalg_cholesky_ex",
    "linalg_cond.out": "linalg_cond",
    "linalg_cond.p_str_out": "linalg_cond.p_str",
    "linalg_det.out": "linalg_det",
    "linalg_eig.out": "linalg_eig",
    "linalg_eigh.eigvals": "linalg_eigh",
    "linalg_eigvals.out": "linalg_eigvals",
    "linalg_eigvalsh.out": "linalg_eigvalsh",
    "linalg_inv.out": "linalg_inv",
    "linalg_inv_ex.inverse": "linalg_inv_ex",
    "linalg_ldl_factor.out": "linalg_ldl_factor",
    "linalg_lu_factor.out": "linalg_lu_factor",
    "linalg_matmul.out": "linalg_matmul",
    "linalg_matrix_norm.str_ord_out": "linalg_matrix_norm.str_ord",
    "linalg_matrix_power.out": "linalg_matrix_power",
    "linalg_matrix_rank.out": "linalg_matrix_rank",
    "linalg_norm.ord_str_out": "linalg_norm.ord_str",
    "linalg_norm.out": "linalg_norm",
    "linalg_slogdet.out": "linalg_slogdet",
    "linalg_solve.out": "linalg_solve",
    "linalg_solve_ex.out": "linalg_solve_ex",
    "linalg_svdvals.out": "linalg_svdvals",
    "linalg_tensorinv.out": "linalg_tensorinv",
    "linalg_tensorsolve.out": "linalg_tensorsolve",
    "linalg_vecdot.out": "linalg_vecdot",
    "linalg_vector_norm.out": "linalg_vector_norm",
    "linear_backward.out": "linear_backward",
    "linspace.Scalar_Tensor_out": "linspace.Scalar_Tensor",
    "linspace.Tensor_Scalar_out": "linspace.Tensor_Scalar",
    "linspace.Tensor_Tensor_out": "linspace.Tensor_Tensor",
    "linspace.out": "linspace",
    "log.out": "log",
    "log10.out": "log10",
    "log1p.out": "log1p",
    "log2.out": "log2",
    "log_sigmoid_forward.output": "log_sigmoid_forward",
    "log_softmax.int_out": "log_softmax.int",
    "logcumsumexp.out": "logcumsumexp",
    "logical_and.out": "logical_and",
    "logical_not.out": "logical_not",
    "logical_or.out": "logical_or",
    "logical_xor.out": "logical_xor",
    "logspace.Scalar_Tensor_out": "logspace.Scalar_Tensor",
    "logspace.Tensor_Scalar_out": "logspace.Tensor_Scalar",
    "logspace.Tensor_Tensor_out": "logspace.Tensor_Tensor",
    "logspace.out": "logspace",
    "logsumexp.out": "logsumexp",
    "lt.Scalar_out": "lt.Scalar",
    "lt.Tensor_out": "lt.Tensor",
    "lu_solve.out": "lu_solve",
    "masked_fill.Scalar_out": "masked_fill.Scalar",
    "masked_fill.Tensor_out": "masked_fill.Tensor",
    "masked_scatter.out": "masked_scatter",
    "matmul.out": "matmul",
    "matrix_power.out": "matrix_power",
    "max.dim_max": "max.dim",
    "max.out": "max.other",
    "max.unary_out": "max",
    "max_pool2d_with_indices.out": "max_pool2d_with_indices",
    "max_pool2d_with_indices_backward.grad_input": "max_pool2d_with_indices_backward",
    "maximum.out": "maximum",
    "mean.dtype_out": "mean",
    "mean.out": "mean.dim",
    "median.dim_values": "median.dim",
    "median.out": "median",
    "min.dim_min": "min.dim",
    "min.out": "min.other",
    "min.unary_out": "min",
    "minimum.out": "minimum",
    "mm.dtype_out": "mm.dtype",
    "mm.out": "mm",
    "mode.values": "mode",
    "msort.out": "msort",
    "mul.Scalar_out": "mul.Scalar",
    "mul.out": "mul.Tensor",
    "mv.out": "mv",
    "mvlgamma.out": "mvlgamma",
    "nan_to_num.out": "nan_to_num",
    "nanmean.out": "nanmean",
    "nanmedian.dim_values": "nanmedian.dim",
    "nanmedian.out": "nanmedian",
    "nansum.out": "nansum",
    "narrow_copy.out": "narrow_copy",
    "native_dropout.out": "native_dropout",
    "native_group_norm_backward.out": "native_group_norm_backward",
    "native_layer_norm.out": "native_layer_norm",
    "native_layer_norm_backward.out": "native_layer_norm_backward",
    "ne.Scalar_out": "ne.Scalar",
    "ne.Tensor_out": "ne.Tensor",
    "neg.out": "neg",
    "negative.out": "negative",
    "new_empty.out": "new_empty",
    "new_empty_strided.out": "new_empty_strided",
    "new_full.out": "new_full",
    "new_ones.out": "new_ones",
    "new_zeros.out": "new_zeros",
    "nonzero_static.out": "nonzero_static",
    "norm.ScalarOpt_dtype_out": "norm.ScalarOpt_dtype",
    "norm.Scalar_out": "norm.Scalar",
    "norm.dtype_out": "norm.ScalarOpt_dim_dtype",
    "norm.out": "norm.ScalarOpt_dim",
    "normal.float_float_out": "normal.float_float",
    "not_equal.Scalar_out": "not_equal.Scalar",
    "not_equal.Tensor_out": "not_equal.Tensor",
    "nuclear_norm.dim_out": "nuclear_norm.dim",
    "nuclear_norm.out": "nuclear_norm",
    "ones.out": "ones",
    "ones_like.out": "ones_like",
    "orgqr.out": "orgqr",
    "permute_copy.out": "permute_copy",
    "select_copy.int_out": "select_copy.int",
    "slice_copy.Tensor_out": "slice_copy.Tensor",
    "detach_copy.out": "detach_copy",
    "_neg_view_copy.out": "_neg_view_copy",
    "_conj_copy.out": "_conj_copy",
    "view_as_real_copy.out": "view_as_real_copy",
    "view_as_complex_copy.out": "view_as_complex_copy",
    "poisson.out": "poisson",
    "polar.out": "polar",
    "pow.Scalar_out": "pow.Scalar",
    "pow.Tensor_Scalar_out": "pow.Tensor_Scalar",
    "pow.Tensor_Tensor_out": "pow.Tensor_Tensor",
    "prod.int_out": "prod.dim_int",
    "prod.out": "prod",
    "put.out": "put",
    "rand.generator_out": "rand.generator",
    "rand.out": "rand",
    "randint.low_out": "randint.low",
    "randint.out": "randint",
    "randn.generator_out": "randn.generator",
    "randn.out": "randn",
    "random.from_out": "random.from",
    "random.out": "random",
    "random.to_out": "random.to",
    "randperm.generator_out": "randperm.generator",
    "reciprocal.out": "reciprocal",
    "reflection_pad1d.out": "reflection_pad1d",
    "reflection_pad2d.out": "reflection_pad2d",
    "reflection_pad3d.out": "reflection_pad3d",
    "relu.out": "relu",
    "remainder.Scalar_Tensor_out": "remainder.Scalar_Tensor",
    "remainder.Scalar_out": "remainder.Scalar",
    "remainder.Tensor_out": "remainder.Tensor",
    "repeat.out": "repeat",
    "replication_pad1d.out": "replication_pad1d",
    "replication_pad2d.out": "replication_pad2d",
    "replication_pad3d.out": "replication_pad3d",
    "roll.out": "roll",
    "round.out": "round",
    "row_stack.out": "row_stack",
    "rsqrt.out": "rsqrt",
    "rsub.Scalar_out": "rsub.Scalar",
    "scatter.reduce_out": "scatter.reduce",
    "scatter.src_out": "scatter.src",
    "scatter.value_out": "scatter.value",
    "scatter.value_reduce_out": "scatter.value_reduce",
    "scatter_add.out": "scatter_add",
    "scatter_reduce.two_out": "scatter_reduce.two",
    "searchsorted.Scalar_out": "searchsorted.Scalar",
    "searchsorted.Tensor_out": "searchsorted.Tensor",
    "segment_reduce.out": "segment_reduce",
    "sgn.out": "sgn",
    "sigmoid.out": "sigmoid",
    "sign.out": "sign",
    "signbit.out": "signbit",
    "silu.out": "silu",
    "sin.out": "sin",
    "sinh.out": "sinh",
    "slice_scatter.out": "slice_scatter",
    "slogdet.out": "slogdet",
    "slow_conv_transpose2d.out": "slow_conv_transpose2d",
    "smooth_l1_loss_backward.grad_input": "smooth_l1_loss_backward",
    "softmax.int_out": "softmax.int",
    "sort.values": "sort",
    "sort.values_stable": "sort.stable",
    "special_chebyshev_polynomial_t.n_scalar_out": "special_chebyshev_polynomial_t.n_scalar",
    "special_chebyshev_polynomial_t.x_scalar_out": "special_chebyshev_polynomial_t.x_scalar",
    "special_chebyshev_polynomial_u.n_scalar_out": "special_chebyshev_polynomial_u.n_scalar",
    "special_chebyshev_polynomial_u.x_scalar_out": "special_chebyshev_polynomial_u.x_scalar",
    "special_chebyshev_polynomial_v.n_scalar_out": "special_chebyshev_polynomial_v.n_scalar",
    "special_chebyshev_polynomial_v.x_scalar_out": "special_chebyshev_polynomial_v.x_scalar",
    "special_chebyshev_polynomial_w.n_scalar_out": "special_chebyshev_polynomial_w.n_scalar",
    "special_chebyshev_polynomial_w.x_scalar_out": "special_chebyshev_polynomial_w.x_scalar",
    "special_digamma.out": "special_digamma",
    "special_erf.out": "special_erf",
    "special_erfc.out": "special_erfc",
    "special_erfinv.out": "special_erfinv",
    "special_exp2.out": "special_exp2",
    "special_expit.out": "special_expit",
    "special_expm1.out": "special_expm1",
    "special_gammainc.out": "special_gammainc",
    "special_gammaincc.out": "special_gammaincc",
    "special_gammaln.out": "special_gammaln",
    "special_hermite_polynomial_h.n_scalar_out": "special_hermite_polynomial_h.n_scalar",
    "special_hermite_polynomial_h.x_scalar_out": "special_hermite_polynomial_h.x_scalar",
    "special_hermite_polynomial_he.n_scalar_out": "special_hermite_polynomial_he.n_scalar",
    "special_hermite_polynomial_he.x_scalar_out": "special_hermite_polynomial_he.x_scalar",
    "special_i0.out": "special_i0",
    "special_laguerre_polynomial_l.n_scalar_out": "special_laguerre_polynomial_l.n_scalar",
    "special_laguerre_polynomial_l.x_scalar_out": "special_laguerre_polynomial_l.x_scalar",
    "special_legendre_polynomial_p.n_scalar_out": "special_legendre_polynomial_p.n_scalar",
    "special_legendre_polynomial_p.x_scalar_out": "special_legendre_polynomial_p.x_scalar",
    "special_log1p.out": "special_log1p",
    "special_logit.out": "special_logit",
    "special_logsumexp.out": "special_logsumexp",
    "special_multigammaln.out": "special_multigammaln",
    "special_ndtr.out": "special_ndtr",
    "special_psi.out": "special_psi",
    "special_round.out": "special_round",
    "special_shifted_chebyshev_polynomial_t.n_scalar_out": "special_shifted_chebyshev_polynomial_t.n_scalar",
    "special_shifted_chebyshev_polynomial_t.x_scalar_out": "special_shifted_chebyshev_polynomial_t.x_scalar",
    "special_shifted_chebyshev_polynomial_u.n_scalar_out": "special_shifted_chebyshev_polynomial_u.n_scalar",
    "special_shifted_chebyshev_polynomial_u.x_scalar_out": "special_shifted_chebyshev_polynomial_u.x_scalar",
    "special_shifted_chebyshev_polynomial_v.n_scalar_out": "special_shifted_chebyshev_polynomial_v.n_scalar",
    "special_shifted_chebyshev_polynomial_v.x_scalar_out": "special_shifted_chebyshev_polynomial_v.x_scalar",
    "special_shifted_chebyshev_polynomial_w.n_scalar_out": "special_shifted_chebyshev_polynomial_w.n_scalar",
    "special_shifted_chebyshev_polynomial_w.x_scalar_out": "special_shifted_chebyshev_polynomial_w.x_scalar",
    "special_sinc.out": "special_sinc",
    "special_xlog1py.other_scalar_out": "special_xlog1py.other_scalar",
    "special_xlog1py.self_scalar_out": "special_xlog1py.self_scalar",
    "special_xlogy.other_scalar_out": "special_xlogy.other_scalar",
    "special_xlogy.out": "special_xlogy",
    "special_xlogy.self_scalar_out": "special_xlogy.self_scalar",
    "special_zeta.other_scalar_out": "special_zeta.other_scalar",
    "special_zeta.self_scalar_out": "special_zeta.self_scalar",
    "split_with_sizes_copy.out": "split_with_sizes_copy",
    "sqrt.out": "sqrt",
    "squeeze_copy.dim_out": "squeeze_copy.dim",
    "squeeze_copy.dims_out": "squeeze_copy.dims",
    "squeeze_copy.out": "squeeze_copy",
    "stack.out": "stack",
    "std.correction_out": "std.correction",
    "std.out": "std.dim",
    "std_mean.correction_out": "std_mean.correction",
    "sub.Scalar_out": "sub.Scalar",
    "sub.out": "sub.Tensor",
    "sum.IntList_out": "sum.dim_IntList",
    "sum.out": "sum",
    "svd.U": "svd",
    "t_copy.out": "t_copy",
    "take.out": "take",
    "tan.out": "tan",
    "tanh.out": "tanh",
    "topk.values": "topk",
    "trace.out": "trace",
    "transpose_copy.int_out": "transpose_copy.int",
    "triangular_solve.X": "triangular_solve",
    "tril.out": "tril",
    "tril_indices.out": "tril_indices",
    "triu.out": "triu",
    "triu_indices.out": "triu_indices",
    "trunc.out": "trunc",
    "unbind_copy.int_out": "unbind_copy.int",
    "unfold_copy.out": "unfold_copy",
    "unsqueeze_copy.out": "unsqueeze_copy",
    "upsample_bicubic2d_backward.grad_input": "upsample_bicubic2d_backward",
    "upsample_bilinear2d_backward.grad_input": "upsample_bilinear2d_backward",
    "upsample_linear1d_backward.grad_input": "upsample_linear1d_backward",
    "upsample_nearest2d.vec_out": "upsample_nearest2d.vec",
    "upsample_nearest2d_backward.grad_input": "upsample_nearest2d_backward",
    "upsample_trilinear3d_backward.grad_input": "upsample_trilinear3d_backward",
    "var.correction_out": "var.correction",
    "var.out": "var.dim",
    "var_mean.correction_out": "var_mean.correction",
    "vdot.out": "vdot",
    "view_copy.dtype_out": "view_copy.dtype",
    "view_copy.out": "view_copy",
    "vstack.out": "vstack",
    "where.self_out": "where.self",
    "xlogy.OutScalar_Other": "xlogy.Scalar_Other",
    "xlogy.OutScalar_Self": "xlogy.Scalar_Self",
    "zero.out": "zero",
    "zeros.out": "zeros",
    "zeros_like.out": "zeros_like",
}



# How many accepted functional cases each out overload takes (and the first
# with an input not laid out contiguously, if not among them).
ACCEPTED_CASES = 2


def out_names(name):
    """The out arguments of the overload `name`, in schema order."""
    base, _, overload = name.partition(".")
    schema = getattr(getattr(torch.ops.aten, base), overload or "default")._schema
    return [a.name for a in schema.arguments if a.kwarg_only and a.is_out]


# A factory's tensor options, which its out overload takes from the out.
TENSOR_OPTIONS = {"dtype", "layout", "device", "pin_memory"}


def arg_names(name):
    """The argument names of the overload `name`."""
    base, _, overload = name.partition(".")
    schema = getattr(getattr(torch.ops.aten, base), overload or "default")._schema
    return [a.name for a in schema.arguments]


def list_out(name):
    """Whether the overload `name` writes a list of out tensors
    (`split_with_sizes_copy.out`'s `Tensor(a!)[] out`)."""
    base, _, overload = name.partition(".")
    schema = getattr(getattr(torch.ops.aten, base), overload or "default")._schema
    outs = [a for a in schema.arguments if a.kwarg_only and a.is_out]
    return len(outs) == 1 and isinstance(outs[0].type, torch.ListType)


def laid_out(case):
    """Whether a tensor among a case's arguments is not made contiguous."""
    for a in list(case.args) + list(case.kwargs.values()):
        for d in (a if isinstance(a, list) else [a]):
            if isinstance(d, T) and (d.strides is not None or d.fmt is not None or d.then is not None):
                return True
    return False


def first_dtype(case):
    """The dtype of the first tensor among a case's positional arguments."""
    for a in case.args:
        for d in (a if isinstance(a, list) else [a]):
            if isinstance(d, T):
                return d.dtype
    return torch.float32


# Cases written for an out overload beside the derived ones: what only
# its C++ kernel refuses, and the structured reductions' dtypes (the out's,
# whatever the input's; a `dtype` argument must be the out's).
WRITTEN = {
    "argmax.out": [
        C("bool input: into empty outs", T([2, 3], dtype=torch.bool), out=T([0], dtype=torch.int64)),
        C("complex input: into empty outs", T([0], dtype=torch.complex64), out=T([0], dtype=torch.int64)),
    ],
    "argmin.out": [
        C("bool input: into empty outs", T([2, 3], dtype=torch.bool), out=T([0], dtype=torch.int64)),
        C("complex input: into empty outs", T([2, 3], dtype=torch.complex64), out=T([0], dtype=torch.int64)),
    ],
    "__lshift__.Tensor_out": [C("int32 operands into an int32 out of an int64 result",
                                T([2], dtype=torch.int32), T([2], dtype=torch.int64), out=T([0], dtype=torch.int32))],
    "view_copy.dtype_out": [C("into a complex out", T([2, 4]), torch.float64, out=T([0], dtype=torch.complex64))],
}
# `diff_out`'s last round narrows the joined input from 1 along `dim`:
# an input empty there is refused, where the functional returns it.
WRITTEN["diff.out"] = [
    C("empty along the dim refused", T([0, 2], dtype=torch.int32), 1, 0, out=T([0], dtype=torch.int32)),
    C("empty along the dim with an empty prepend refused", T([0, 2], dtype=torch.int32), 3, 0,
      T([0, 2], dtype=torch.int32), out=T([0, 2], dtype=torch.int32)),
    C("empty along another dim", T([0, 2], dtype=torch.int32), 1, 1, out=T([0], dtype=torch.int32)),
]
# `_logcumsumexp.out`'s CPU kernel checks nothing of its out (its stub
# writes by the input's dtype): an int64 out of a float32 result is taken.
WRITTEN["_logcumsumexp.out"] = [
    C("float32 into an int64 out of its sizes", T([2, 3]), 1, out=T([2, 3], dtype=torch.int64)),
]
# `svd_out` without `compute_uv` resizes and zeroes `V` itself: contiguous,
# where the functional returns its zeros transposed.
WRITTEN["svd.U"] = [
    C("without U and V: into empty outs", T([2, 4, 3]), True, False, U=T([0]), S=T([0]), V=T([0])),
    C("without U and V, all of them: into empty outs", T([3, 0, 3]), False, False, U=T([3]), S=T([3, 0, 3]),
      V=T([3, 0, 3])),
    C("without U and V into a transposed V", T([2, 4, 3]), True, False, U=T([0]), S=T([0]),
      V=T([2, 3, 3], then=lambda t: t.transpose(1, 2))),
]
# The CPU kernel's `at::empty` of the heads before it writes an out.
WRITTEN["_transform_bias_rescale_qkv.out"] = [
    C("negative heads of an empty width refused", T([0, 3, 0], dtype=torch.float16), T([0], dtype=torch.float16),
      -1, out0=T([0, 3, 0], dtype=torch.float16), out1=T([3], dtype=torch.float16),
      out2=T([0, 3, 0], dtype=torch.float16)),
]
# `repeat.out` is the reference's, which checks only the sizes the repeats
# make (`meta_repeat`, which refuses any negative repeat, is the
# functional's).
WRITTEN["repeat.out"] = [
    C("negative repeat of an empty dim: into an empty out", T([0, 3]), [2, -1, 2], out=T([0])),
    C("negative repeat of a leading dim of elements refused", T([2, 0]), [-1, 2], out=T([0])),
    C("negative repeat of a dim of elements refused", T([2, 3]), [2, -1, 2], out=T([0])),
    C("negative repeat beside a zero refused", T([2, 0]), [0, -1, 2], out=T([0])),
    C("negative new leading repeat beside a zero refused", T([2, 0]), [-1, 0, 2], out=T([0])),
]
# `index_select.out` is the reference's: the index's rank checked, then
# advanced indexing (an index of another dtype refused), exactly the
# result's dtype, laid out in the input's memory format.
WRITTEN["index_select.out"] = [
    C("2-d index refused", T([4, 3]), 0, T([1, 2], dtype=torch.int64), out=T([0])),
    C("zero-dim index", T([4, 3]), 1, T([], dtype=torch.int64), out=T([0])),
    C("int16 index refused", T([4, 3]), 0, T([2], dtype=torch.int16), out=T([0])),
    C("zero-dim input with a 2-d index refused", T([]), 0, T([1, 1], dtype=torch.int64), out=T([0])),
    C("channels-last input", T([2, 3, 4, 5], fmt=torch.channels_last), 1, T([2], dtype=torch.int64),
      out=T([0])),
    C("dim out of range", T([4, 3]), 2, T([2], dtype=torch.int64), out=T([0])),
]
# `index_reduce.out` is the structured kernel: its meta checks the index
# and the source (`index_func_meta_impl`).
WRITTEN["index_reduce.out"] = [
    C("2-d index refused", T([4, 3]), 0, T([1, 2], dtype=torch.int64), T([2, 3]), "prod", out=T([0])),
    C("zero-dim index of a longer source refused", T([4, 3]), 0, T([], dtype=torch.int64), T([2, 3]), "prod",
      out=T([0])),
    C("zero-dim index", T([4, 3]), 0, T([], dtype=torch.int64), T([1, 3]), "amax", out=T([0])),
    C("float index refused", T([4, 3]), 0, T([2]), T([2, 3]), "prod", out=T([0])),
    C("int32 index", T([4, 3]), 1, T([2], dtype=torch.int32), T([4, 2]), "mean", out=T([0])),
    C("source of another dtype refused", T([4, 3]), 0, T([2], dtype=torch.int64), T([2, 3], dtype=torch.float64),
      "prod", out=T([0])),
    C("source of another width refused", T([4, 3]), 0, T([2], dtype=torch.int64), T([2, 4]), "prod", out=T([0])),
    C("zero-dim self refused", T([]), 0, T([1], dtype=torch.int64), T([1]), "prod", out=T([0])),
    C("unknown reduction refused", T([4, 3]), 0, T([2], dtype=torch.int64), T([2, 3]), "sum", out=T([0])),
    C("dim out of range", T([4, 3]), 2, T([2], dtype=torch.int64), T([2, 3]), "prod", out=T([0])),
]
# `slice_scatter.out` is the decomposition's: `src` expanded to the
# slice, the result of `src`'s dtype (the whole dim) or of both promoted.
WRITTEN["slice_scatter.out"] = [
    C("src that does not expand refused", T([1, 4, 6]), T([1, 4, 5]), 1, 1, out=T([0])),
    C("src of another shape refused", T([4, 6]), T([3, 3]), 1, 1, out=T([0])),
    C("broadcast src", T([4, 6]), T([1, 5]), 1, 1, out=T([0])),
    C("vector src", T([4, 6]), T([5]), 1, 1, out=T([0])),
    C("src of more dims refused", T([4, 6]), T([2, 4, 5]), 1, 1, out=T([0])),
    C("negative start and end", T([4, 6]), T([4, 3]), 1, -4, -1, out=T([0])),
    C("step", T([4, 6]), T([4, 2]), 1, 1, None, 3, out=T([0])),
    C("float src into an int64 self refused", T([4, 6], dtype=torch.int64), T([4, 5]), 1, 1,
      out=T([0], dtype=torch.int64)),
    C("int64 src over the whole dim", T([4, 6]), T([4, 6], dtype=torch.int64), 1, 0,
      out=T([0], dtype=torch.int64)),
    C("int64 src of a slice refused", T([4, 6]), T([4, 5], dtype=torch.int64), 1, 1,
      out=T([0], dtype=torch.int64)),
]
WRITTEN["searchsorted.Scalar_out"] = [C("2-d boundaries refused: into empty outs", T([1, 5]), 2.0, out=T([0], dtype=torch.int64))]
# `inner.out` of a zero-dim operand is `mul.out`: a castable out, laid
# out as the product; otherwise `tensordot.out`'s exact dtype.
WRITTEN["inner.out"] = [
    C("zero-dim operands into a float64 out", T([]), T([]), out=T([], dtype=torch.float64)),
    C("zero-dim and a vector into an empty float64 out", T([]), T([3]), out=T([0], dtype=torch.float64)),
    C("matrix and zero-dim into a transposed out", T([2, 3]), T([]), out=T([3, 2], then=lambda t: t.t())),
    C("zero-dim operands into an int64 out refused", T([]), T([]), out=T([], dtype=torch.int64)),
    C("vectors into a float64 out refused", T([3]), T([3]), out=T([], dtype=torch.float64)),
]
# `linalg_matrix_rank.out` takes any out the int64 rank can be cast to.
WRITTEN["linalg_matrix_rank.out"] = [
    C("matrix into a float32 out", T([3, 4]), 0.1, out=T([0])),
    C("batch into an int32 out", T([2, 3, 4]), 0.1, out=T([0], dtype=torch.int32)),
    C("matrix into a bool out refused", T([3, 4]), 0.1, out=T([0], dtype=torch.bool)),
]
# `all` and `any` are structured: their outs want exactly the result's
# dtype, bool (uint8 of a uint8 input).
for _name in ["all", "any"]:
    for _op, _dims in [("out", (1,)), ("dims_out", ([1],)), ("all_out", ())]:
        WRITTEN[f"{_name}.{_op}"] = [
            C("into a float32 out refused", T([2, 3]), *_dims, out=T([0])),
            C("uint8 input into a bool out refused", T([2, 3], dtype=torch.uint8), *_dims,
              out=T([0], dtype=torch.bool)),
            C("uint8 input into a uint8 out", T([2, 3], dtype=torch.uint8), *_dims,
              out=T([0], dtype=torch.uint8)),
        ]
# `polar.out` wants exactly the result's dtype, `complex.out` a castable one.
WRITTEN["polar.out"] = [
    C("into a complex128 out refused", T([2, 3]), T([2, 3]), out=T([0], dtype=torch.complex128)),
]
WRITTEN["complex.out"] = [
    C("into a complex128 out", T([2, 3]), T([2, 3]), out=T([0], dtype=torch.complex128)),
]
# A list of outs of another length than the pieces'.
WRITTEN["split_with_sizes_copy.out"] = [
    C("one out for two pieces", T([5, 4]), [2, 3], 0, out=[T([0])]),
]
WRITTEN["unbind_copy.int_out"] = [
    C("two outs for three slices", T([3, 4]), 0, out=[T([0]), T([0])]),
]
# `pw_cast_for_opmath` converts `grad_input` too: one of another dtype than
# the computation's is left as it was.
for _op in ["huber_loss_backward.out", "smooth_l1_loss_backward.grad_input"]:
    WRITTEN[_op] = [
        C("float16 grad_input left as it was", T([2, 3]), T([2, 3]), T([2, 3]), 0, 1.0,
          grad_input=T([0], dtype=torch.float16)),
        C("int64 grad_input left as it was", T([2, 3]), T([2, 3]), T([2, 3]), 0, 1.0,
          grad_input=T([0], dtype=torch.int64)),
        C("float64 grad_input computes in float64", T([2, 3]), T([2, 3]), T([2, 3]), 0, 1.0,
          grad_input=T([0], dtype=torch.float64)),
        C("float16 operands into a float16 grad_input", *[T([2, 3], dtype=torch.float16)] * 3, 0, 1.0,
          grad_input=T([0], dtype=torch.float16)),
        # The decomposition runs on the converted operands: bool ones
        # beside a float32 `grad_input` are subtracted in float32 (on
        # CUDA: eager's kernel refuses bool operands).
        C("bool operands into a float32 grad_input", T([], dtype=torch.bool, device="cuda"),
          *[T([2, 3], dtype=torch.bool, device="cuda")] * 2, 1, 0.5, grad_input=T([2, 3], device="cuda")),
        C("bool operands into a bool grad_input refused", *[T([2, 3], dtype=torch.bool, device="cuda")] * 3, 1,
          0.5, grad_input=T([2, 3], dtype=torch.bool, device="cuda")),
    ]
# `gather`'s meta refuses an out that overlaps itself once resized
# (`assert_no_internal_overlap`); `take_along_dim.out` reaches it.
# `range_out` resizes its out only when the element count differs.
WRITTEN["range.out"] = [
    C("into an out of as many elements", 0, 4, 1, out=T([1, 5])),
    C("into a transposed out of as many elements", 0, 4, 1, out=tr(5, 1)),
    C("into an out of other sizes", 0, 4, 1, out=T([2, 3])),
]
WRITTEN["range.out_"] = [C("into an out of as many elements", 0, 3, out=T([2, 2]))]
# `angle.out`'s Python meta resizes the out, then `copy_`s into it: any
# dtype.
WRITTEN["angle.out"] = [
    C("bool input: into a bool out", T([2, 3], dtype=torch.bool), out=T([2, 3], dtype=torch.bool)),
    C("float32 input: into an empty int32 out", T([2, 3]), out=T([0], dtype=torch.int32)),
    C("complex input: into a transposed int64 out", T([2, 3], dtype=torch.complex64),
      out=tr(2, 3, dtype=torch.int64)),
]
# ATen's `empty_out` refuses any memory format; the Python dispatcher's
# reference (`out_wrapper`) takes one and resizes the out contiguous.
WRITTEN["empty.out"] = [
    C("channels last on 4-d: into empty outs", [2, 3, 4, 5], memory_format=torch.channels_last, out=T([0])),
    C("contiguous format: into an out of the sizes", [2, 3], memory_format=torch.contiguous_format, out=T([2, 3])),
    C("channels last on 4-d: into empty outs under the dispatcher", [2, 3, 4, 5],
      memory_format=torch.channels_last, out=T([0])),
    C("preserve format: into a transposed out under the dispatcher", [2, 3],
      memory_format=torch.preserve_format, out=tr(2, 3)),
]
# Under the Python dispatcher the `*_copy` operators' references
# (`_make_copy_from_view`) want exactly the result's dtype; `unfold_copy`'s
# casts.
_COPY_DTYPE = "into a float64 out under the dispatcher"
for _op, _args in {
    "permute_copy.out": (T([2, 3]), [1, 0]),
    "diagonal_copy.out": (T([3, 3]),),
    "view_copy.out": (T([3, 2]), [6]),
    "unfold_copy.out": (T([7]), 0, 2, 1),
}.items():
    WRITTEN.setdefault(_op, []).append(C(_COPY_DTYPE, *_args, out=T([0], dtype=torch.float64)))
# Static cases run under the Python dispatcher (where a decomposition
# answers what ATen's kernel answers otherwise).
DISPATCHED = {
    _COPY_DTYPE,
    "batch into a transposed out under the dispatcher",
    "int32 input into a float64 out under the dispatcher",
    "float64 input into a float32 out under the dispatcher",
    "channels last on 4-d: into empty outs under the dispatcher",
    "preserve format: into a transposed out under the dispatcher",
    "bfloat16 vectors into a float32 out under the dispatcher",
    "float32 batch into a float64 out under the dispatcher",
}
# ATen's `_matmul_impl` folds a batch into a matrix and copies the
# product into an out it cannot view as that matrix, unviewed.
WRITTEN["matmul.out"] = [
    C("batch into a transposed out", T([2, 5, 3]), T([3, 4]), out=T([2, 4, 5], then=lambda t: t.transpose(1, 2))),
    C("batch of one into a transposed out", T([1, 5, 3]), T([3, 4]),
      out=T([1, 4, 5], then=lambda t: t.transpose(1, 2))),
    C("batch times a vector into a strided out", T([2, 5, 3]), T([3]), out=T([2, 10], then=lambda t: t[:, ::2])),
    C("vector times a batch into a strided out", T([3]), T([2, 3, 5]), out=T([2, 10], then=lambda t: t[:, ::2])),
    C("batch into a transposed out under the dispatcher", T([2, 5, 3]), T([3, 4]),
      out=T([2, 4, 5], then=lambda t: t.transpose(1, 2))),
    # The decomposition's `out_wrapper` takes any dtype the result casts to.
    C("bfloat16 vectors into a float32 out under the dispatcher", T([2], dtype=torch.bfloat16),
      T([2], dtype=torch.bfloat16), out=T([2])),
    C("float32 batch into a float64 out under the dispatcher", T([4, 2, 3]), T([3, 2]),
      out=T([0], dtype=torch.float64)),
]
WRITTEN["linalg_matmul.out"] = [
    C("batch into a transposed out", T([2, 5, 3]), T([3, 4]), out=T([2, 4, 5], then=lambda t: t.transpose(1, 2))),
]
WRITTEN["gather.out"] = [
    C("into an expanded out", T([3, 4]), 1, T([3, 2], dtype=torch.int64), out=T([3, 2], strides=[0, 1])),
]
WRITTEN["take_along_dim.out"] = [
    C("into an expanded out", T([3, 4]), T([3, 2], dtype=torch.int64), 1, out=T([3, 2], strides=[0, 1])),
]
WRITTEN["max_pool2d_with_indices.out"] = [
    C("complex input: into empty outs", T([1, 3, 8, 8], dtype=torch.complex64), [2, 2],
      out=T([0], dtype=torch.complex64), indices=T([0], dtype=torch.int64)),
]
# A backward real-to-complex transform's out (`ifft` of a real input,
# `ihfft`: a conjugate view copied out) wants the result's exact dtype,
# the forward ones' and a complex input's any it casts to.
for _op in ["fft_fft.out", "fft_ifft.out", "fft_rfft.out", "fft_ihfft.out"]:
    WRITTEN[_op] = [C("float64 input into a complex64 out", T([4, 8], dtype=torch.float64),
                      out=T([0], dtype=torch.complex64))]
for _op in ["fft_fft.out", "fft_ifft.out"]:
    WRITTEN[_op].append(C("complex64 input into a complex128 out", T([4, 8], dtype=torch.complex64),
                          out=T([0], dtype=torch.complex128)))
# The transforms to real values want a floating out
# (`fft_c2r_maybe_out`), whatever the result casts to.
for _op in ["fft_irfft.out", "fft_hfft.out", "fft_irfftn.out", "fft_irfft2.out", "fft_hfftn.out",
            "fft_hfft2.out"]:
    WRITTEN[_op] = [C("into a complex out", T([3, 4, 5], dtype=torch.complex64),
                      out=T([0], dtype=torch.complex64))]
for _op, _args in {"sum.IntList_out": ([0],), "prod.int_out": (0,), "cumsum.out": (0,), "cumprod.out": (0,),
                   "sum.out": (), "prod.out": ()}.items():
    WRITTEN[_op] = [
        C("float input into an int64 out", T([2, 3]), *_args, out=T([0], dtype=torch.int64)),
        C("float input into a bool out", T([2, 3]), *_args, out=T([0], dtype=torch.bool)),
        C("dtype argument other than the out's", T([2, 3]), *_args, dtype=torch.float64, out=T([0])),
    ]

# The fake mode's wrapping of results: an out (or a tensor written in
# place) must be on the call's common device, which a zero-dim CPU
# tensor defers to; `copy.out` takes any devices (`multi_device_op_out`),
# `index_put.out` one (unlike `index_put`).
WRITTEN["abs.out"] = [
    C("meta input into a CPU zero-dim out refused", T([], device="meta"), out=T([])),
    C("CPU zero-dim input into a meta out", T([]), out=T([], device="meta")),
]
WRITTEN["sum.IntList_out"].append(
    C("meta input into a CPU zero-dim out refused", T([3], device="meta"), None, out=T([])))
for _op in ["signbit.out", "isposinf.out", "isneginf.out"]:
    WRITTEN[_op] = [C("into an int64 out", T([2, 3]), out=T([2, 3], dtype=torch.int64))]
for _op in ["__lshift__.Scalar_out", "__rshift__.Scalar_out"]:
    WRITTEN[_op] = [C("int32 input into a uint8 out", T([3], dtype=torch.int32), 1, out=T([3], dtype=torch.uint8))]
WRITTEN["hash_tensor.out"] = [C("into a uint8 out", T([3], dtype=torch.uint8), out=T([], dtype=torch.uint8))]
WRITTEN["linalg_matrix_power.out"] = [C("into a complex out", T([2, 3, 3]), 5, out=T([2], dtype=torch.complex64))]
WRITTEN["matrix_power.out"] = [
    C("int64 input into a float out", T([5, 2, 2], dtype=torch.int64), 2, out=T([])),
    # The Python dispatcher's `matmul.out` casts.
    C("int32 input into a float64 out under the dispatcher", T([2, 2], dtype=torch.int32), 5,
      out=T([2, 2], dtype=torch.float64)),
]
WRITTEN["linalg_matrix_power.out"].append(
    C("float64 input into a float32 out under the dispatcher", T([2, 2], dtype=torch.float64), 3, out=T([0])))
WRITTEN["_conj_physical.out"] = [C("int64 input into a float16 out", T([3], dtype=torch.int64),
                                   out=T([3], dtype=torch.float16))]
WRITTEN["copy.out"] = [C("src on meta", T([3]), T([3], device="meta"), out=T([3]))]
# ATen's structured kernel: a zero-dim CPU index is broadcast like the
# others (the fake mode's `index.Tensor` keeps it zero-dim).
WRITTEN["index.Tensor_out"] = [
    C("a last zero-dim index", T([4, 3, 2]), [T([2, 3], dtype=torch.int64), T([], dtype=torch.int64)], out=T([0])),
    C("a last zero-dim index into its sizes", T([4, 3, 2]), [T([2, 3], dtype=torch.int64), T([], dtype=torch.int64)],
      out=T([2, 3, 2])),
    # `AdvancedIndex`: an empty indexed dim with a non-empty index is an
    # index out of bounds (the fake mode's `index.Tensor` takes it).
    C("an index into an empty dim refused", T([0, 5, 2], dtype=torch.int64), [T([1], dtype=torch.int64)],
      out=T([0, 5, 2], dtype=torch.int64)),
    C("an index into an empty last dim refused", T([4, 0]), [None, T([3], dtype=torch.int64)], out=T([0])),
    C("an empty index into an empty dim", T([0, 4]), [T([0], dtype=torch.int64)], out=T([0])),
]
WRITTEN["index_put.out"] = [
    C("zero-dim values on meta refused", T([3]), [T([2], dtype=torch.int64)], T([], device="meta"), out=T([3])),
]


def add(CASES, results_of):
    """Add the cases of every overload of OUT_FROM_FUNCTIONAL to CASES."""
    for out_op, functional in OUT_FROM_FUNCTIONAL.items():
        assert out_op not in CASES, f"cases of {out_op} written twice"
        names = out_names(out_op)
        options = TENSOR_OPTIONS - set(arg_names(out_op))
        listed = list_out(out_op)
        cases = []
        refused = None
        taken = 0
        layout_taken = False
        for case in CASES[functional]:
            results = results_of(functional, case)
            if results is None:
                if refused is None:
                    refused = case
                continue
            # One out per result tensor; a returned list's elements are
            # written into a list of outs.
            if listed:
                if len(results) != 1 or not isinstance(results[0], list) or not results[0]:
                    continue
                results = results[0]
            elif len(results) != len(names) or any(isinstance(r, list) for r in results):
                continue
            if taken >= ACCEPTED_CASES and (layout_taken or not laid_out(case)):
                continue
            layout_taken |= laid_out(case)
            taken += 1

            def outs(make):
                if listed:
                    return {names[0]: [make(k, *r) for k, r in enumerate(results)]}
                return {n: make(k, sizes, dtype, device)
                        for k, (n, (sizes, dtype, device)) in enumerate(zip(names, results))}

            def call(title, make):
                cases.append(C(f"{case.name}: {title}", *case.args, **kwargs, **outs(make)))

            # A factory's out overload takes no tensor options: its out
            # tensor, made of the results' dtype and device, gives them.
            kwargs = {k: v for k, v in case.kwargs.items() if k not in options}

            call("into empty outs", lambda k, s, d, dev: T([0], dtype=d, device=dev))
            # Results of data-dependent sizes (unbacked symbols) have no
            # shape to make an out of.
            if taken > 1 or not all(isinstance(n, int) for s, _, _ in results for n in s):
                continue
            call("into outs of the results' shapes", lambda k, s, d, dev: T(s, dtype=d, device=dev))
            if any(len(s) >= 2 for s, _, _ in results):
                call("into transposed outs",
                     lambda k, s, d, dev: tr(*s, dtype=d, device=dev) if len(s) >= 2 else T(s, dtype=d, device=dev))
            if results[0][1] == torch.float32:
                call("into a float64 out",
                     lambda k, s, d, dev: T([0], dtype=torch.float64 if k == 0 else d, device=dev))
            if results[0][1] == torch.float64:
                call("into a float16 out",
                     lambda k, s, d, dev: T([0], dtype=torch.float16 if k == 0 else d, device=dev))
        if refused is not None:
            dtype = first_dtype(refused)
            cases.append(C(f"{refused.name}: into empty outs", *refused.args,
                           **{k: v for k, v in refused.kwargs.items() if k not in options},
                           **{n: [T([0], dtype=dtype)] if listed else T([0], dtype=dtype) for n in names}))
        assert taken, f"no accepted case of {functional} for {out_op}"
        CASES[out_op] = cases + WRITTEN.get(out_op, [])
