//! `div.Tensor_mode`, `div_.Tensor_mode` and `div.Scalar_mode`: the
//! promotion depends on
//! `rounding_mode`, a string rules cannot compare: true division (`None`)
//! promotes integers to the default float dtype, `"trunc"` and `"floor"`
//! keep the default promotion (integer division of integers).

use super::invalid;
use fake_runtime::support::{args, pointwise_output, promote, scalar_operand, tensor_operand};
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, PromotionKind, Result, TensorMeta};

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

/// `torch._refs.floor_divide` (the `"floor"` mode) divides floating and
/// integral dtypes only: a bool or complex result dtype is refused.
fn check_floor(cx: &Cx<'_>, a: &[Arg<'_>], dtype: DType) -> Result<()> {
    let floor = args::opt_str(cx, a, 2, "rounding_mode", None)? == Some("floor");
    if floor && (dtype == DType::Bool || dtype.is_complex()) {
        return Err(invalid(
            cx,
            format!("{dtype} not supported for floor_divide"),
        ));
    }
    Ok(())
}

/// The output of `self / other` with the mode's promotion.
fn output(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<TensorMeta> {
    let s = args::tensor(cx, a, 0, "self")?;
    let o = args::tensor(cx, a, 1, "other")?;
    let kind = promotion(cx, a)?;
    let dtype = promote(cx, &[tensor_operand(s), tensor_operand(o)], kind)?;
    check_floor(cx, a, dtype)?;
    pointwise_output(cx, &[s, o], dtype)
}

/// `div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode)`.
pub(crate) fn div_tensor_mode(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let meta = output(cx, a)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(meta, Alias::Fresh));
    Ok(outs)
}

/// `div.Scalar_mode(Tensor self, Scalar other, *, str? rounding_mode)`:
/// ATen divides by the number as a wrapped scalar tensor, which promotes
/// as a Python number.
pub(crate) fn div_scalar_mode(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let s = args::tensor(cx, a, 0, "self")?;
    let o = args::scalar(cx, a, 1, "other", None)?;
    let kind = promotion(cx, a)?;
    let dtype = promote(cx, &[tensor_operand(s), scalar_operand(&o)], kind)?;
    check_floor(cx, a, dtype)?;
    let meta = pointwise_output(cx, &[s], dtype)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(meta, Alias::Fresh));
    Ok(outs)
}
