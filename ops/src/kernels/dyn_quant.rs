//! `_dyn_quant_pack_4bit_weight`, the CPU's packing of 4-bit weights for
//! dynamically quantized products, as its Python meta answers on a
//! machine without KleidiAI (every x86 build): a flat float32 buffer of
//! the weights', scales' and bias's element counts together.

use super::invalid;
use fake_runtime::support::args;
use fake_runtime::{Arg, Cx, DType, Outs, Result};

/// `_dyn_quant_pack_4bit_weight(Tensor weights, Tensor scales_zeros,
/// Tensor? bias, int block_size, int in_features, int out_features) ->
/// Tensor`: uint8 weights; `[weights.numel() + scales_zeros.numel() (+
/// bias.numel())]` of float32.
pub(crate) fn dyn_quant_pack_4bit_weight(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let weights = args::tensor(cx, a, 0, "weights")?;
    let scales = args::tensor(cx, a, 1, "scales_zeros")?;
    let bias = args::opt_tensor(cx, a, 2, "bias")?;
    if weights.dtype != DType::UInt8 {
        return Err(invalid(
            cx,
            format!("expected w to be uint8, got torch.{}", weights.dtype),
        ));
    }
    let mut size = weights.numel(cx.env)?;
    for t in std::iter::once(scales).chain(bias) {
        let n = t.numel(cx.env)?;
        size = cx.env.add(size, n)?;
    }
    let out = super::new_tensor(cx, &[size], DType::Float32, weights.device)?;
    Ok(std::iter::once(out).collect())
}
