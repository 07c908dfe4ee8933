//! Intrinsics of the shape composites (`diag_embed`, `kron`, the
//! `hsplit` family, the trapezoid integrals, ...) and of the random fills'
//! argument checks: what those operators' Python references or ATen
//! composites compute that no generic intrinsic says.

use super::*;

/// `float_gt(a, b)`: `a > b` on two `float` arguments (false when either
/// is NaN, as Python compares).
pub fn float_gt(_cx: &mut Cx<'_>, a: f64, b: f64) -> Result<bool> {
    Ok(a > b)
}
