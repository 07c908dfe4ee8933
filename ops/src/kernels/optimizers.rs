//! The fused optimizer steps and the gradient scaler's check, as the fake
//! mode runs their Python metas (`torch/_meta_registrations.py`):
//!
//! - `_fused_adam_`, `_fused_adamw_`: every list written in place, nothing
//!   returned, nothing checked but that the lists are lists (which the
//!   schema says).
//! - `_fused_adam`, `_fused_adamw` (the functional forms): `empty_like`
//!   of every tensor of the first five lists (`self`, `grads`,
//!   `exp_avgs`, `exp_avg_sqs`, `max_exp_avg_sqs`).
//! - `_amp_foreach_non_finite_check_and_unscale_`: `found_inf` and
//!   `inv_scale` must each hold one floating-point element; nothing
//!   returned.

use super::invalid;
use crate::intrinsics::empty_like_strides;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt};

/// `_fused_adam_` and `_fused_adamw_`: nothing to compute.
pub(crate) fn fused_adam_(_cx: &mut Cx<'_>, _a: &[Arg<'_>]) -> Result<Outs> {
    Ok(Outs::new())
}

/// `_fused_adam` and `_fused_adamw`: `empty_like` of each tensor of the
/// first five lists, a list per list.
pub(crate) fn fused_adam(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    const LISTS: [&str; 5] = [
        "self",
        "grads",
        "exp_avgs",
        "exp_avg_sqs",
        "max_exp_avg_sqs",
    ];
    let mut outs = Outs::new();
    for (i, name) in LISTS.into_iter().enumerate() {
        let tensors = args::tensors(cx, a, i, name)?;
        let mut list = Vec::with_capacity(tensors.len());
        for &t in tensors {
            let strides = empty_like_strides(cx, t, None)?;
            list.push((super::fresh(cx, t, t.sizes.clone(), strides), Alias::Fresh));
        }
        outs.push(Out::Tensors(list));
    }
    Ok(outs)
}

/// `_amp_foreach_non_finite_check_and_unscale_(Tensor(a!)[] self,
/// Tensor(b!) found_inf, Tensor inv_scale) -> ()`.
pub(crate) fn amp_foreach_non_finite_check_and_unscale_(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
) -> Result<Outs> {
    let found_inf = args::tensor(cx, a, 1, "found_inf")?;
    let inv_scale = args::tensor(cx, a, 2, "inv_scale")?;
    for (t, name) in [(found_inf, "found_inf"), (inv_scale, "inv_scale")] {
        let numel = t.numel(cx.env)?;
        let one = cx.env.eq(numel, SymInt::Int(1))?;
        fake_runtime::shape::check(cx.env, one, cx.op, &|| {
            format!("{name} must be a 1-element tensor.")
        })?;
    }
    for (t, name) in [(found_inf, "found_inf"), (inv_scale, "inv_scale")] {
        if !t.dtype.is_floating_point() {
            return Err(invalid(cx, format!("{name} must be a float tensor.")));
        }
    }
    Ok(Outs::new())
}
