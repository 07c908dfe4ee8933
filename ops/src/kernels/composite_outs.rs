//! `out=` overloads of ATen's composites whose bodies write their outs
//! through another `out=` overload: the fake mode runs the body on the
//! fake tensors, each call meeting that overload's kernel, and the
//! composite returns the outs the callee wrote.

use super::invalid;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt};

/// `outs` with each written out aliasing the composite's argument
/// `first + k` (the `k`-th out), where the callee numbered it its own way.
fn outs_at(outs: Outs, first: u8) -> Outs {
    let mut k = 0;
    outs.into_iter()
        .map(|o| match o {
            Out::Tensor(w, Alias::InPlace(_)) => {
                k += 1;
                Out::Tensor(w, Alias::InPlace(first + k - 1))
            }
            other => other,
        })
        .collect()
}

/// `linalg_svd.U(Tensor A, bool full_matrices=True, *, str? driver=None,
/// Tensor(a!) U, Tensor(b!) S, Tensor(c!) Vh)`: `_linalg_svd.U` with
/// `compute_uv=True`.
pub(crate) fn linalg_svd_u(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let [input, full, driver, u, s, vh] = a else {
        return Err(invalid(cx, "linalg_svd.U takes six arguments"));
    };
    let call = [
        input.clone(),
        full.clone(),
        Arg::Bool(true),
        driver.clone(),
        u.clone(),
        s.clone(),
        vh.clone(),
    ];
    Ok(outs_at(crate::erased::_linalg_svd_u(cx, &call)?, 3))
}

/// `thnn_conv2d.out(Tensor self, Tensor weight, SymInt[2] kernel_size,
/// Tensor? bias, SymInt[2] stride, SymInt[2] padding, *, Tensor(a!) out)`:
/// `_slow_conv2d_forward.output`, argument for argument.
pub(crate) fn thnn_conv2d_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    crate::erased::_slow_conv2d_forward_output(cx, a)
}

/// `outer.out(Tensor self, Tensor vec2, *, Tensor(a!) out)` (and `ger.out`,
/// which calls it): both operands one-dim, then `mul.out` of `self`
/// reshaped to `[self.size(0), 1]` (that size read as an integer, guarded
/// to its hint) and `vec2`.
pub(crate) fn outer_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let vec2 = args::tensor(cx, a, 1, "vec2")?;
    let out = args::tensor(cx, a, 2, "out")?;
    for (v, name) in [(t, "self"), (vec2, "vec2")] {
        if v.dim() != 1 {
            return Err(invalid(
                cx,
                format!("outer: Expected 1-D argument {name}, but got {}-D", v.dim()),
            ));
        }
    }
    let n = cx.env.guard_int(t.sizes[0], cx.op)?;
    let column = super::einsum::reshape(
        cx,
        t,
        [SymInt::Int(n), SymInt::Int(1)].into_iter().collect(),
    )?;
    let call = [Arg::Tensor(&column), Arg::Tensor(vec2), Arg::Tensor(out)];
    Ok(outs_at(crate::erased::mul_out(cx, &call)?, 2))
}
