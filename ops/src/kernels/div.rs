//! `div.Tensor_mode` and `div_.Tensor_mode`: the promotion depends on
//! `rounding_mode`, a string rules cannot compare: true division (`None`)
//! promotes integers to the default float dtype, `"trunc"` and `"floor"`
//! keep the default promotion (integer division of integers).

use super::invalid;
use fake_runtime::intrinsics::{
    args, can_cast, dims_eq, pointwise_output, promote, require, tensor_operand,
};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, PromotionKind, Result, TensorMeta};

/// The promotion of `rounding_mode`, or a refusal naming it.
fn promotion(cx: &Cx<'_>, a: &[Arg<'_>]) -> Result<PromotionKind> {
    match args::opt_str(cx, a, 2, "rounding_mode", None)? {
        None => Ok(PromotionKind::IntToFloat),
        Some("trunc" | "floor") => Ok(PromotionKind::Default),
        Some(other) => Err(invalid(
            cx,
            format!(
                "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{other}'"
            ),
        )),
    }
}

/// The output of `self / other` with the mode's promotion.
fn output(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<TensorMeta> {
    let s = args::tensor(cx, a, 0, "self")?;
    let o = args::tensor(cx, a, 1, "other")?;
    let kind = promotion(cx, a)?;
    let dtype = promote(cx, &[tensor_operand(s), tensor_operand(o)], kind)?;
    pointwise_output(cx, &[s, o], dtype)
}

/// `div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode)`.
pub(crate) fn div_tensor_mode(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let meta = output(cx, a)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(meta, Alias::Fresh));
    Ok(outs)
}

/// `div_.Tensor_mode`: in place; the result must have `self`'s shape and
/// cast to its dtype.
pub(crate) fn div_inplace_tensor_mode(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let meta = output(cx, a)?;
    let s = args::tensor(cx, a, 0, "self")?;
    let same = dims_eq(cx, &meta.sizes, &s.sizes)?;
    require(
        cx,
        same,
        "the output of an in-place operator must have the shape of `self` (no broadcasting of `self`)",
    )?;
    if !can_cast(cx, meta.dtype, s.dtype)? {
        return Err(invalid(
            cx,
            format!(
                "result type {} can't be cast to the desired output type {}",
                meta.dtype, s.dtype
            ),
        ));
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensor(s.clone(), Alias::InPlace(0)));
    Ok(outs)
}
