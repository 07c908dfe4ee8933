//! The fused optimizer steps and the gradient scaler's check, as the fake
//! mode runs their Python metas (`torch/_meta_registrations.py`):
//!
//! - `_fused_adam_`, `_fused_adamw_`: every list written in place, nothing
//!   returned, nothing checked but that the lists are lists (which the
//!   schema says).
//! - `_fused_adam`, `_fused_adamw` (the functional forms): `empty_like`
//!   of every tensor of the first five lists (`self`, `grads`,
//!   `exp_avgs`, `exp_avg_sqs`, `max_exp_avg_sqs`).
//! - `_fused_sgd_`, `_fused_adagrad_` and their functional forms: no meta
//!   kernel, so the fake mode runs the CPU kernels on zeros (static
//!   layouts only); their checks repeated, the functional forms returning
//!   clones of their lists.
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
    cloned_lists(
        cx,
        a,
        &[
            (0, "self"),
            (1, "grads"),
            (2, "exp_avgs"),
            (3, "exp_avg_sqs"),
            (4, "max_exp_avg_sqs"),
        ],
    )
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

/// A list a fused CPU step reads beside `self`: its argument, its name,
/// whether its tensors must have their parameter's dtype.
type StepList = (usize, &'static str, bool);

/// The checks of a fused optimizer step's CPU kernel, which the fake mode
/// runs on zeros (so static layouts only): `self` not empty; every list
/// of `lists` as long as it (`lengthless`, an argument index: a list that
/// may be left empty, as SGD's momentum buffers without momentum); each
/// dtype-checked tensor of its parameter's dtype; floating parameters
/// (the kernel's dispatch, named `kernel`).
fn fused_cpu_checks(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
    kernel: &str,
    lists: &[StepList],
    lengthless: Option<usize>,
) -> Result<()> {
    let params = args::tensors(cx, a, 0, "self")?;
    for (i, name, _) in lists.iter().copied().chain([(0, "self", false)]) {
        for &t in args::tensors(cx, a, i, name)? {
            crate::intrinsics::static_layout(cx, t)?;
        }
    }
    if params.is_empty() {
        return Err(invalid(
            cx,
            "There were no tensor arguments to this function (e.g., you passed an empty list of Tensors)",
        ));
    }
    for &(i, name, _) in lists {
        let list = args::tensors(cx, a, i, name)?;
        if list.len() != params.len() && !(list.is_empty() && lengthless == Some(i)) {
            return Err(invalid(
                cx,
                format!(
                    "Expected {name}.size() == n_tensors to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)"
                ),
            ));
        }
    }
    for (k, p) in params.iter().enumerate() {
        for &(i, name, typed) in lists {
            let Some(t) = args::tensors(cx, a, i, name)?.get(k) else {
                continue;
            };
            if typed && t.dtype != p.dtype {
                let (want, got) = (p.dtype.c10_name(), t.dtype.c10_name());
                return Err(invalid(
                    cx,
                    format!("expected scalar type {want} but found {got}"),
                ));
            }
        }
        if !p.dtype.is_floating_point() {
            let name = p.dtype.c10_name();
            return Err(invalid(
                cx,
                format!("\"{kernel}\" not implemented for '{name}'"),
            ));
        }
    }
    Ok(())
}

/// `empty_like` (a clone's layout) of every tensor of the lists `lists`
/// (a fused step's functional form: each input cloned, the clone
/// stepped), a list per list.
fn cloned_lists(cx: &mut Cx<'_>, a: &[Arg<'_>], lists: &[(usize, &str)]) -> Result<Outs> {
    let mut outs = Outs::new();
    for &(i, name) in lists {
        let mut list = Vec::new();
        for &t in args::tensors(cx, a, i, name)? {
            let strides = empty_like_strides(cx, t, None)?;
            list.push((super::fresh(cx, t, t.sizes.clone(), strides), Alias::Fresh));
        }
        outs.push(Out::Tensors(list));
    }
    Ok(outs)
}

/// SGD's lists beside `self`: gradients and momentum buffers (left empty
/// without momentum).
const SGD_LISTS: [StepList; 2] = [(1, "grads", true), (2, "momentum_buffer_list", true)];

/// The momentum buffers may be left empty when `momentum` is 0.
fn sgd_checks(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<()> {
    let momentum = args::float(cx, a, 4, "momentum", None)?;
    let lengthless = (momentum == 0.0).then_some(2);
    fused_cpu_checks(cx, a, "fused_sgd_kernel", &SGD_LISTS, lengthless)
}

/// `_fused_sgd_`: its CPU kernel's checks; nothing returned.
pub(crate) fn fused_sgd_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    sgd_checks(cx, a)?;
    Ok(Outs::new())
}

/// `_fused_sgd`: the checks, then clones of the parameters, gradients and
/// momentum buffers.
pub(crate) fn fused_sgd(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    sgd_checks(cx, a)?;
    cloned_lists(
        cx,
        a,
        &[(0, "self"), (1, "grads"), (2, "momentum_buffer_list")],
    )
}

/// Adagrad's lists beside `self`: gradients, squared-gradient sums and
/// step counts (these of any dtype).
const ADAGRAD_LISTS: [StepList; 3] = [
    (1, "grads", true),
    (2, "state_sums", true),
    (3, "state_steps", false),
];

/// `_fused_adagrad_`: its CPU kernel's checks; nothing returned.
pub(crate) fn fused_adagrad_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    fused_cpu_checks(cx, a, "fused_adagrad_kernel", &ADAGRAD_LISTS, None)?;
    Ok(Outs::new())
}

/// `_fused_adagrad`: the checks, then clones of the four lists.
pub(crate) fn fused_adagrad(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    fused_cpu_checks(cx, a, "fused_adagrad_kernel", &ADAGRAD_LISTS, None)?;
    cloned_lists(
        cx,
        a,
        &[
            (0, "self"),
            (1, "grads"),
            (2, "state_sums"),
            (3, "state_steps"),
        ],
    )
}
