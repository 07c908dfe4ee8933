//! The in-place arithmetic PyTorch's fake mode answers with meta
//! registrations of their own (`torch/_meta_registrations.py`), not with
//! the functional operator's result written back: `mul_`, the logical
//! `_and_`/`_or_`/`_xor_` (`meta_binop_inplace`: only `other` must
//! broadcast to `self`, whatever the dtypes), `add_`/`sub_`
//! (`meta_binop_inplace_alpha`: no integral `self` with a floating
//! `other`, no bool `self` with a non-bool one, then the broadcast),
//! `div_` (`meta_div_inplace`: the true division's dtype must cast safely
//! to `self`'s, then the broadcast). None of them takes the functional
//! operator's fast path on symbolic sizes, so none tests a size against
//! 1 where `other` is a number. The result is `self`.
//! (`_register_inplace_meta`'s `lerp_`, `addcmul_` and `addcdiv_` are
//! derived: `@derive(inplace_meta)`.)

use super::invalid;
use fake_runtime::PromotionKind;
use fake_runtime::support::{args, promote, scalar_operand, tensor_operand};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, Scalar, TensorMeta};

/// `self` and `other` (a tensor, or a Python number as a `Scalar`).
fn operands<'a>(cx: &Cx<'_>, a: &[Arg<'a>]) -> Result<(&'a TensorMeta, Other<'a>)> {
    let target = args::tensor(cx, a, 0, "self")?;
    let other = match a.get(1) {
        Some(Arg::Tensor(t)) => Other::Tensor(t),
        Some(Arg::Scalar(s)) => Other::Number(*s),
        _ => return Err(invalid(cx, "argument 'other' must be a tensor or a number")),
    };
    Ok((target, other))
}

/// The second operand.
#[derive(Clone, Copy)]
enum Other<'a> {
    Tensor(&'a TensorMeta),
    Number(Scalar),
}

/// `check_inplace_broadcast(self.shape, other.shape)` for a tensor
/// `other` (`isinstance(other, torch.Tensor)`: a Python number, which a
/// plan passes as a wrapped-number tensor, is not one); `self` returned,
/// written in place.
fn written(cx: &mut Cx<'_>, target: &TensorMeta, other: Other<'_>) -> Result<Outs> {
    if let Other::Tensor(t) = other
        && !t.wrapped_number
    {
        super::inplace_refs::inplace_broadcast(cx, target, &[t])?;
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensor(target.clone(), Alias::InPlace(0)));
    Ok(outs)
}

/// `mul_.Tensor`, `mul_.Scalar`, `logical_and_`, `logical_or_`,
/// `logical_xor_` (`meta_binop_inplace`).
pub(crate) fn binop_inplace(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (target, other) = operands(cx, a)?;
    written(cx, target, other)
}

/// `add_.Tensor`, `add_.Scalar`, `sub_.Tensor`, `sub_.Scalar`
/// (`meta_binop_inplace_alpha`).
pub(crate) fn binop_inplace_alpha(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (target, other) = operands(cx, a)?;
    let (floating, boolean) = match other {
        Other::Tensor(t) => (
            t.dtype.is_floating_point(),
            t.dtype == fake_runtime::DType::Bool,
        ),
        Other::Number(s) => (matches!(s, Scalar::Float(_)), matches!(s, Scalar::Bool(_))),
    };
    if target.dtype.is_integral(false) && floating {
        return Err(invalid(
            cx,
            "Promotion of int.add/sub_(float) in in-place ops are not possible due to element size change.",
        ));
    }
    if target.dtype == fake_runtime::DType::Bool && !boolean {
        return Err(invalid(
            cx,
            "Promotion of bool.add/sub_(others) in in-place ops are not possible due to element size change.",
        ));
    }
    written(cx, target, other)
}

/// `div_.Tensor`, `div_.Scalar` and their `divide_`/`true_divide_`
/// aliases (`meta_div_inplace`): the `INT_TO_FLOAT` dtype of `self` and
/// `other` must cast safely to `self`'s, then `other` must broadcast to
/// `self`.
pub(crate) fn div_inplace(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (target, other) = operands(cx, a)?;
    let second = match other {
        Other::Tensor(t) => tensor_operand(t),
        Other::Number(s) => scalar_operand(&s),
    };
    let result = promote(
        cx,
        &[tensor_operand(target), second],
        PromotionKind::IntToFloat,
    )?;
    if !fake_runtime::support::can_cast(cx, result, target.dtype)? {
        return Err(invalid(
            cx,
            format!(
                "result type torch.{result} can't be cast to the desired output type torch.{}",
                target.dtype
            ),
        ));
    }
    written(cx, target, other)
}
