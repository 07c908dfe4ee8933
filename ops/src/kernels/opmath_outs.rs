//! The `grad_input=` overloads of decompositions wrapped in
//! `pw_cast_for_opmath` (`huber_loss_backward.out`,
//! `smooth_l1_loss_backward.grad_input`): the wrapper converts every
//! tensor argument, `grad_input` too, to the computation dtype of all of
//! them, and the functional runs on the converted operands (two bool
//! operands beside a float32 `grad_input` are subtracted in float32).
//! Where `grad_input` has another dtype (a half-precision or
//! integral one) the result is resized into and copied into the
//! converted copy, and `grad_input` itself is left as it was; where it
//! has that dtype it is resized to the result's sizes and written
//! (`_maybe_resize_out`, then `_safe_copy_out(exact_dtype=True)`, which
//! the computation dtype passes).

use super::loss_steps::opmath_dtypes;
use fake_runtime::kernel::ErasedKernel;
use fake_runtime::support::{args, copied_into, resize_output};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result};

/// The argument `grad_input` is, after the functional's five.
const GRAD_INPUT: u8 = 5;

/// See the module's documentation; `functional` is the functional
/// overload's kernel.
fn opmath_grad_input_out(cx: &mut Cx<'_>, a: &[Arg<'_>], functional: ErasedKernel) -> Result<Outs> {
    let first = usize::from(GRAD_INPUT);
    let grad_output = args::tensor(cx, a, 0, "grad_output")?;
    let input = args::tensor(cx, a, 1, "self")?;
    let target = args::tensor(cx, a, 2, "target")?;
    let grad_input = args::tensor(cx, a, first, "grad_input")?;
    let (compute, _) = opmath_dtypes(cx, &[grad_output, input, target, grad_input])?;
    // The functional runs on the converted operands (`x.to(compute)`).
    let mut converted = Vec::with_capacity(3);
    for t in [grad_output, input, target] {
        converted.push(super::to::converted_to(cx, t, compute)?);
    }
    let mut call: Vec<Arg<'_>> = converted.iter().map(Arg::Tensor).collect();
    for arg in &a[3..first] {
        call.push(arg.reborrow());
    }
    let result = functional(cx, &call)?;
    let mut outs = Outs::new();
    if grad_input.dtype != compute {
        outs.push(Out::Tensor(grad_input.clone(), Alias::InPlace(GRAD_INPUT)));
        return Ok(outs);
    }
    let Some(Out::Tensor(r, _)) = result.first() else {
        return Err(super::invalid(cx, "the functional gave no tensor"));
    };
    let written = resize_output(cx, grad_input, &r.sizes, None)?;
    copied_into(cx, &written)?;
    outs.push(Out::Tensor(written, Alias::InPlace(GRAD_INPUT)));
    Ok(outs)
}

/// `huber_loss_backward.out(Tensor grad_output, Tensor self, Tensor
/// target, int reduction, float delta, *, Tensor(a!) grad_input)`.
pub(crate) fn huber_loss_backward_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    opmath_grad_input_out(cx, a, crate::erased::huber_loss_backward)
}

/// `smooth_l1_loss_backward.grad_input(Tensor grad_output, Tensor self,
/// Tensor target, int reduction, float beta, *, Tensor(a!) grad_input)`.
pub(crate) fn smooth_l1_loss_backward_grad_input(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    opmath_grad_input_out(cx, a, crate::erased::smooth_l1_loss_backward)
}
