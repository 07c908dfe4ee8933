//! The fused optimizer steps and the gradient scaler's check, as the fake
//! mode runs their Python metas (`torch/_meta_registrations.py`):
//!
//! - `_fused_adam_`, `_fused_adamw_`: every list written in place, nothing
//!   returned, nothing checked but that the lists are lists (which the
//!   schema says).
//! - `_fused_adam` (the functional form): `empty_like` of every tensor of
//!   the first five lists (`self`, `grads`, `exp_avgs`, `exp_avg_sqs`,
//!   `max_exp_avg_sqs`), its meta. `_fused_adamw` has no meta: its
//!   generated functional kernel clones the same lists (the fake mode's
//!   `clone`) and steps the clones in place.
//! - `_fused_sgd_`, `_fused_adagrad_` and their functional forms: no meta
//!   kernel, so the fake mode runs the CPU kernels on zeros (static
//!   layouts only); their checks repeated, the functional forms returning
//!   clones of their lists (ATen's `clone`, which keeps dense strides).
//! - the `tensor_lr` overloads (a tensor learning rate, which compiled
//!   optimizers pass): no meta kernel, so the CPU kernels run on zeros;
//!   `lr` read with `item()` (one element), then the float overload's
//!   kernel. Adam's checks the lists' lengths (`max_exp_avg_sqs` empty
//!   without amsgrad), then each parameter's dtype and its states'.
//! - `_amp_foreach_non_finite_check_and_unscale_`: `found_inf` and
//!   `inv_scale` must each hold one floating-point element; nothing
//!   returned.

use super::invalid;
use crate::intrinsics::{clone_strides, empty_like_strides, preserve_strides};
use fake_runtime::shape::Dims;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, DType, MemoryFormat, Out, Outs, Result, SymInt, TensorMeta};

/// How a functional step lays out each new tensor: `empty_like`'s,
/// `clone`'s, ... strides of the input it stands for.
type Layout = fn(&mut Cx<'_>, &TensorMeta, Option<MemoryFormat>) -> Result<Dims>;

/// The lists the functional Adam and AdamW return.
const ADAM_LISTS: [(usize, &str); 5] = [
    (0, "self"),
    (1, "grads"),
    (2, "exp_avgs"),
    (3, "exp_avg_sqs"),
    (4, "max_exp_avg_sqs"),
];

/// `_fused_adam_` and `_fused_adamw_`: nothing to compute.
pub(crate) fn fused_adam_(_cx: &mut Cx<'_>, _a: &[Arg<'_>]) -> Result<Outs> {
    Ok(Outs::new())
}

/// `_fused_adam`: `empty_like` of each tensor of the first five lists, a
/// list per list (`meta__fused_adam`).
pub(crate) fn fused_adam(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    new_lists(cx, a, &ADAM_LISTS, empty_like_strides)
}

/// `_fused_adamw`: no meta, so its generated functional kernel runs,
/// cloning each tensor of the first five lists with the fake mode's
/// `clone`.
pub(crate) fn fused_adamw(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    new_lists(cx, a, &ADAM_LISTS, clone_strides)
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

/// The gradient scale and the found-infinity flag of a fused CPU step, at
/// arguments `first` and `first + 1`: each read as `data_ptr<float>()`
/// when given, so float32 only, before any other check of the kernel.
fn float_scales(cx: &Cx<'_>, a: &[Arg<'_>], first: usize) -> Result<()> {
    for (i, name) in [(first, "grad_scale"), (first + 1, "found_inf")] {
        if let Some(t) = args::opt_tensor(cx, a, i, name)?
            && t.dtype != DType::Float32
        {
            let got = t.dtype.c10_name();
            return Err(invalid(
                cx,
                format!("expected scalar type Float but found {got}"),
            ));
        }
    }
    Ok(())
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

/// A new tensor laid out by `layout` for every tensor of the lists
/// `lists` (a fused step's functional form: each input cloned, the clone
/// stepped), a list per list.
fn new_lists(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
    lists: &[(usize, &str)],
    layout: Layout,
) -> Result<Outs> {
    let mut outs = Outs::new();
    for &(i, name) in lists {
        let mut list = Vec::new();
        for &t in args::tensors(cx, a, i, name)? {
            let strides = layout(cx, t, None)?;
            list.push((super::fresh(cx, t, t.sizes.clone(), strides), Alias::Fresh));
        }
        outs.push(Out::Tensors(list));
    }
    Ok(outs)
}

/// The dispatcher's refusal of a call without a tensor (empty lists and
/// a float learning rate): no backend to dispatch to.
fn dispatchable(cx: &Cx<'_>, a: &[Arg<'_>]) -> Result<()> {
    if args::tensors(cx, a, 0, "self")?.is_empty() {
        return Err(invalid(
            cx,
            "There were no tensor arguments to this function (e.g., you passed an empty list of Tensors)",
        ));
    }
    Ok(())
}

/// SGD's lists beside `self`: gradients and momentum buffers (left empty
/// without momentum).
const SGD_LISTS: [StepList; 2] = [(1, "grads", true), (2, "momentum_buffer_list", true)];

/// The momentum buffers may be left empty when `momentum` is 0.
fn sgd_checks(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<()> {
    let momentum = args::float(cx, a, 4, "momentum", None)?;
    let lengthless = (momentum == 0.0).then_some(2);
    float_scales(cx, a, 10)?;
    fused_cpu_checks(cx, a, "fused_sgd_kernel", &SGD_LISTS, lengthless)?;
    // Without momentum the kernel wants no momentum buffers at all.
    if momentum == 0.0 && !args::tensors(cx, a, 2, "momentum_buffer_list")?.is_empty() {
        return Err(invalid(
            cx,
            "Expected momentum_buffer_list.empty() to be true, but got false.",
        ));
    }
    Ok(())
}

/// `_fused_sgd_`: its CPU kernel's checks; nothing returned.
pub(crate) fn fused_sgd_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    dispatchable(cx, a)?;
    sgd_checks(cx, a)?;
    Ok(Outs::new())
}

/// `_fused_sgd`: the checks, then clones of the parameters, gradients and
/// momentum buffers.
pub(crate) fn fused_sgd(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    dispatchable(cx, a)?;
    sgd_step(cx, a)
}

/// [`fused_sgd`] once dispatched.
fn sgd_step(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    sgd_checks(cx, a)?;
    new_lists(
        cx,
        a,
        &[(0, "self"), (1, "grads"), (2, "momentum_buffer_list")],
        preserve_strides,
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
    dispatchable(cx, a)?;
    adagrad_checks(cx, a)?;
    Ok(Outs::new())
}

/// `_fused_adagrad`: the checks, then clones of the four lists.
pub(crate) fn fused_adagrad(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    dispatchable(cx, a)?;
    adagrad_checks(cx, a)?;
    new_lists(cx, a, &ADAGRAD_CLONES, preserve_strides)
}

/// The checks of Adagrad's CPU kernel: its scales, then its lists.
fn adagrad_checks(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<()> {
    float_scales(cx, a, 9)?;
    fused_cpu_checks(cx, a, "fused_adagrad_kernel", &ADAGRAD_LISTS, None)
}

/// The lists `_fused_adagrad` returns clones of.
const ADAGRAD_CLONES: [(usize, &str); 4] = [
    (0, "self"),
    (1, "grads"),
    (2, "state_sums"),
    (3, "state_steps"),
];

/// The dispatch name of Adam's CPU kernel.
const ADAM_KERNEL: &str = "fused_adam_kernel";

/// A tensor learning rate (argument `i`), read with `item()`: one
/// element, in a static layout (the CPU kernel runs on zeros).
fn tensor_lr(cx: &mut Cx<'_>, a: &[Arg<'_>], i: usize) -> Result<()> {
    let lr = args::tensor(cx, a, i, "lr")?;
    crate::intrinsics::static_layout(cx, lr)?;
    crate::intrinsics::item_readable(cx, lr)?;
    Ok(())
}

/// `_fused_sgd_.tensor_lr`: the learning rate read (the tensor it is
/// makes the call dispatchable without parameters), then `_fused_sgd_`'s
/// checks.
pub(crate) fn fused_sgd_tensor_lr_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    tensor_lr(cx, a, 5)?;
    sgd_checks(cx, a)?;
    Ok(Outs::new())
}

/// `_fused_sgd.tensor_lr`: the learning rate read, then `_fused_sgd`'s
/// checks and clones.
pub(crate) fn fused_sgd_tensor_lr(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    tensor_lr(cx, a, 5)?;
    sgd_step(cx, a)
}

/// `_fused_adagrad_.tensor_lr`: the learning rate read, then
/// `_fused_adagrad_`'s checks.
pub(crate) fn fused_adagrad_tensor_lr_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    tensor_lr(cx, a, 4)?;
    adagrad_checks(cx, a)?;
    Ok(Outs::new())
}

/// `_fused_adagrad.tensor_lr`: the learning rate read, the checks, then
/// clones of the parameters, gradients and sums (its steps are not
/// written).
pub(crate) fn fused_adagrad_tensor_lr(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    tensor_lr(cx, a, 4)?;
    adagrad_checks(cx, a)?;
    new_lists(cx, a, &ADAGRAD_CLONES[..3], preserve_strides)
}

/// The checks of Adam's CPU kernel (`_fused_adam_kernel_cpu_`): the
/// learning rate read; its scales ([`float_scales`]); `grads`, `exp_avgs` and `exp_avg_sqs` as long as
/// `self`, `max_exp_avg_sqs` too with amsgrad and empty without, then
/// `state_steps`; each parameter floating, its gradient and states of its
/// dtype (`data_ptr<scalar_t>`), its step of any.
fn adam_cpu_checks(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<()> {
    tensor_lr(cx, a, 6)?;
    float_scales(cx, a, 13)?;
    let amsgrad = args::bool(cx, a, 11, "amsgrad", None)?;
    let max_sqs = args::tensors(cx, a, 4, "max_exp_avg_sqs")?;
    if !amsgrad && !max_sqs.is_empty() {
        return Err(invalid(
            cx,
            "Expected max_exp_avg_sqs.empty() to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)",
        ));
    }
    let mut lists: Vec<StepList> = vec![
        (1, "grads", true),
        (2, "exp_avgs", true),
        (3, "exp_avg_sqs", true),
    ];
    if amsgrad {
        lists.push((4, "max_exp_avg_sqs", true));
    }
    lists.push((5, "state_steps", false));
    fused_cpu_checks(cx, a, ADAM_KERNEL, &lists, None)
}

/// `_fused_adam_.tensor_lr` and `_fused_adamw_.tensor_lr`: the CPU
/// kernel's checks; nothing returned.
pub(crate) fn fused_adam_tensor_lr_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    adam_cpu_checks(cx, a)?;
    Ok(Outs::new())
}

/// `_fused_adam.tensor_lr` and `_fused_adamw.tensor_lr`: the checks, then
/// clones of the first five lists (ATen's `clone`).
pub(crate) fn fused_adam_tensor_lr(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    adam_cpu_checks(cx, a)?;
    new_lists(cx, a, &ADAM_LISTS, preserve_strides)
}
