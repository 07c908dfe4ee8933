//! `clamp.Tensor`: `torch._refs.clamp` by tensor bounds, whose layout is
//! its steps' (`where(a >= min or isnan(a), a, min)`, then the same with
//! `max`), not one elementwise step over three inputs.

use crate::intrinsics::clamp_strides;
use fake_runtime::support::{args, pointwise_output, promote, tensor_operand};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, PromotionKind, Result, TensorMeta};

/// `clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) ->
/// Tensor`: the bounds given take part in promotion (`DEFAULT`).
pub(crate) fn clamp_tensor(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let s = args::tensor(cx, a, 0, "self")?;
    let min = args::opt_tensor(cx, a, 1, "min")?;
    let max = args::opt_tensor(cx, a, 2, "max")?;
    if min.is_none() && max.is_none() {
        return Err(super::invalid(
            cx,
            "clamp called but both min and max are none!",
        ));
    }
    let inputs: Vec<&TensorMeta> = [Some(s), min, max].into_iter().flatten().collect();
    let operands: Vec<_> = inputs.iter().map(|t| tensor_operand(t)).collect();
    let dtype = promote(cx, &operands, PromotionKind::Default)?;
    let mut meta = pointwise_output(cx, &inputs, dtype)?;
    meta.strides = clamp_strides(cx, s, min, max, dtype)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(meta, Alias::Fresh));
    Ok(outs)
}
