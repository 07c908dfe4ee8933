//! `aten::_local_scalar_dense` (`Tensor.item()`): the value of a
//! one-element tensor.

use super::invalid;
use crate::intrinsics::unbacked;
use fake_runtime::support::{UnbackedFlavor, args};
use fake_runtime::{Arg, Cx, DType, Out, Outs, Result, Scalar};

/// The known value when the mode knows it (a small constant tensor);
/// otherwise, as PyTorch's fake `_local_scalar_dense` with
/// `capture_scalar_outputs`, a fresh unbacked value of the tensor's kind:
/// a SymInt for integers, a SymFloat (`zuf0`) for floating tensors, a
/// SymBool (`Eq(u0, 1)`, `u0` in `[0, 1]`) for bools. Complex values are
/// refused.
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
    if t.dtype == DType::Bool {
        let b = cx.env.create_unbacked_bool(cx.op)?;
        return Ok(smallvec(Out::Scalar(Scalar::Bool(b))));
    }
    if t.dtype.is_integral(false) {
        let u = unbacked(cx, UnbackedFlavor::AnyInt, None)?;
        return Ok(smallvec(Out::Scalar(Scalar::Int(u))));
    }
    if t.dtype.is_floating_point() {
        let f = cx.env.create_unbacked_float();
        return Ok(smallvec(Out::Scalar(Scalar::Float(f))));
    }
    Err(invalid(
        cx,
        format!("local_scalar_dense/item NYI for {}", t.dtype),
    ))
}

/// One output.
fn smallvec(o: Out) -> Outs {
    let mut v = Outs::new();
    v.push(o);
    v
}
