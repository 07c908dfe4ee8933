//! `_prelu_kernel_backward(Tensor grad_output, Tensor self, Tensor weight)
//! -> (Tensor, Tensor)`: its decomposition, `where(self > 0, grad,
//! weight * grad)` and `where(self > 0, 0.0, self * grad)`, each step the
//! kernel of the operator it calls, so the products' layouts and dtypes
//! are theirs (a reduced-precision product lays a non-dense operand out
//! afresh, as its computation converts it).

use super::loss_steps::{binary, call, float, where_, with_number};
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result};

/// The input's and the weight's gradients, fresh, each of its own dtype.
pub(crate) fn prelu_kernel_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let grad = args::tensor(cx, a, 0, "grad_output")?;
    let x = args::tensor(cx, a, 1, "self")?;
    let weight = args::tensor(cx, a, 2, "weight")?;
    let positive = with_number(cx, crate::erased::gt_scalar, x, super::loss_steps::int(0))?;
    let scaled = binary(cx, crate::erased::mul_tensor, weight, grad)?;
    let input_grad = where_(cx, &positive, grad, &scaled)?;
    // The second `self > 0` is the first again.
    let product = binary(cx, crate::erased::mul_tensor, x, grad)?;
    let weight_grad = call(
        cx,
        crate::erased::where_scalarself,
        &[Arg::Tensor(&positive), float(0.0), Arg::Tensor(&product)],
    )?;
    let mut outs = Outs::new();
    for t in [input_grad, weight_grad] {
        outs.push(Out::Tensor(t, Alias::Fresh));
    }
    Ok(outs)
}
