//! `aten::_local_scalar_dense` (`Tensor.item()`): the value of a
//! one-element tensor.

use super::invalid;
use fake_runtime::intrinsics::{UnbackedFlavor, args, unbacked};
use fake_runtime::{Arg, Cx, ErrorKind, Out, Outs, Result, Scalar};

/// The known value when the mode knows it (a small constant tensor); for
/// an integral or bool tensor otherwise an unbacked symbol, as PyTorch
/// does with `capture_scalar_outputs`; a float value is data-dependent.
pub(crate) fn local_scalar_dense(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let numel = t.numel(cx.env)?;
    if let Some(n) = numel.as_int()
        && n != 1
    {
        return Err(invalid(
            cx,
            format!("a Tensor with {n} elements cannot be converted to Scalar"),
        ));
    }
    if let Some(c) = cx.constant {
        return Ok(smallvec(Out::Scalar(c)));
    }
    if t.dtype.is_integral(true) {
        let u = unbacked(cx, UnbackedFlavor::AnyInt, None)?;
        return Ok(smallvec(Out::Scalar(Scalar::Int(u))));
    }
    Err(ErrorKind::DataDependent {
        op: cx.op.to_string(),
        expr: format!("the value of a {} tensor", t.dtype),
        unbacked: String::new(),
        cond: None,
    }
    .into())
}

/// One output.
fn smallvec(o: Out) -> Outs {
    let mut v = Outs::new();
    v.push(o);
    v
}
