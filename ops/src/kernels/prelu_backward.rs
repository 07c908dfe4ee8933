//! `_prelu_kernel_backward(Tensor grad_output, Tensor self, Tensor weight)
//! -> (Tensor, Tensor)`: both gradients from one pass over its
//! decomposition's steps (`intrinsics::prelu_kernel_backward_results`),
//! where a rule would run them once per result field.

use super::fresh;
use crate::intrinsics::prelu_kernel_backward_results;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result};

/// The input's and the weight's gradients, fresh, each of its own dtype.
pub(crate) fn prelu_kernel_backward(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let grad = args::tensor(cx, a, 0, "grad_output")?;
    let x = args::tensor(cx, a, 1, "self")?;
    let weight = args::tensor(cx, a, 2, "weight")?;
    let (input_grad, weight_grad) = prelu_kernel_backward_results(cx, grad, x, weight)?;
    let mut outs = Outs::new();
    for t in [input_grad, weight_grad] {
        let meta = fresh(cx, &t, t.sizes.clone(), t.strides.clone());
        outs.push(Out::Tensor(meta, Alias::Fresh));
    }
    Ok(outs)
}
