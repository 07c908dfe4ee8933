//! `float_power`'s functional overloads with a tensor exponent, as ATen's
//! composite computes them: each tensor operand `.to(double)` (complex
//! double when either operand is complex: the operand itself when it
//! already is, else `_to_copy`, which lays out afresh one that is not
//! dense), then `pow` of the converted operands.

use super::to::converted_to as to;
use fake_runtime::support::args;
use fake_runtime::{Arg, Cx, DType, Outs, Result, Scalar};

/// The dtype `float_power` computes in.
fn double(complex: bool) -> DType {
    if complex {
        DType::Complex128
    } else {
        DType::Float64
    }
}

/// `float_power.Tensor_Tensor(Tensor self, Tensor exponent)`.
pub(crate) fn float_power_tensor_tensor(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let exponent = args::tensor(cx, a, 1, "exponent")?;
    let dtype = double(t.dtype.is_complex() || exponent.dtype.is_complex());
    let (t, exponent) = (to(cx, t, dtype)?, to(cx, exponent, dtype)?);
    crate::erased::pow_tensor_tensor(cx, &[Arg::Tensor(&t), Arg::Tensor(&exponent)])
}

/// `float_power.Scalar(Scalar self, Tensor exponent)`.
pub(crate) fn float_power_scalar(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let base = args::scalar(cx, a, 0, "self", None)?;
    let exponent = args::tensor(cx, a, 1, "exponent")?;
    let dtype = double(matches!(base, Scalar::Complex(..)) || exponent.dtype.is_complex());
    let exponent = to(cx, exponent, dtype)?;
    crate::erased::pow_scalar(cx, &[Arg::Scalar(base), Arg::Tensor(&exponent)])
}
