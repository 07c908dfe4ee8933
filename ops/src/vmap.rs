//! How far functorch's batching rules (`aten/src/ATen/functorch/`, torch
//! 2.15) lay an operator's results out as the operator itself lays them
//! out on the logical tensors, with the batch dims outside: the operators
//! a `vmap` region of an exported program may call for the runtime to
//! model it (see the root crate's `vmap` module). Found by exporting every
//! OpInfo entry's first samples under `torch.vmap` (each tensor argument
//! batched along a new first dim) and comparing every node with what
//! PyTorch recorded.

/// The operators whose batching rules lay results out otherwise even with
/// one batched operand: the FFTs and short-time transforms (whose
/// kernels restride), `new_empty_strided` and `matrix_rank` (whose results
/// the rules expand over the batch), `broadcast_tensors` (expanded
/// physically), the batch norms (the statistics' batch dims moved), the
/// indices of nonzero elements (counted over the batch).
const OTHERWISE: &[&str] = &[
    "aten::_native_batch_norm_legit",
    "aten::_native_batch_norm_legit.no_stats",
    "aten::_native_batch_norm_legit_no_training",
    "aten::argwhere",
    "aten::batch_norm",
    "aten::broadcast_tensors",
    "aten::fft_fft",
    "aten::fft_fft2",
    "aten::fft_fftn",
    "aten::fft_hfft",
    "aten::fft_hfft2",
    "aten::fft_hfftn",
    "aten::fft_ifft",
    "aten::fft_ifft2",
    "aten::fft_ifftn",
    "aten::fft_ihfft",
    "aten::fft_ihfft2",
    "aten::fft_ihfftn",
    "aten::fft_irfft",
    "aten::fft_irfft2",
    "aten::fft_irfftn",
    "aten::fft_rfft",
    "aten::fft_rfft2",
    "aten::fft_rfftn",
    "aten::istft",
    "aten::linalg_matrix_rank",
    "aten::linalg_matrix_rank.atol_rtol_float",
    "aten::linalg_matrix_rank.atol_rtol_tensor",
    "aten::linalg_matrix_rank.tol_tensor",
    "aten::native_batch_norm",
    "aten::new_empty_strided",
    "aten::nonzero",
    "aten::nonzero_static",
    "aten::stft",
];

/// The operators not elementwise whose batching rules lay results out as
/// the operator does on the logical tensors with more than one operand
/// batched; others (a convolution or a linear layer of a batched weight,
/// a solve of a batched right-hand side, attention of batched queries and
/// keys) move the batch dims.
const SEVERAL_BATCHED: &[&str] = &[
    "aten::bmm",
    "aten::cat",
    "aten::dot",
    "aten::gather",
    "aten::index.Tensor",
    "aten::index_select",
    "aten::inner",
    "aten::masked_fill.Tensor",
    "aten::matmul",
    "aten::mm",
    "aten::mv",
    "aten::outer",
    "aten::stack",
    "aten::take_along_dim",
    "aten::vdot",
    "aten::where.self",
];

/// Whether a `vmap` region's call of overload `op` (`aten::mm`, a default
/// overload without `.default`), elementwise or not (`pointwise`), with
/// `batched` of its tensor operands batched, lays its results out as `op`
/// does on the logical tensors, with the batch dims outside.
pub fn batches_as_logical(op: &str, pointwise: bool, batched: usize) -> bool {
    let op = op.strip_suffix(".default").unwrap_or(op);
    if OTHERWISE.binary_search(&op).is_ok() {
        return false;
    }
    pointwise || batched <= 1 || SEVERAL_BATCHED.binary_search(&op).is_ok()
}

/// The operators [`batches_as_logical`] names, each with whether its
/// batching rule lays results out otherwise always (`true`) or lays them
/// out as the operator does with several operands batched (`false`).
pub fn vmap_listed() -> impl Iterator<Item = (&'static str, bool)> {
    OTHERWISE
        .iter()
        .map(|&op| (op, true))
        .chain(SEVERAL_BATCHED.iter().map(|&op| (op, false)))
}
