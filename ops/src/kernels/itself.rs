//! Composites that return their argument itself for some inputs and a view
//! (or a copy) for others, decided by its rank or dtype: which alias a
//! rule gives is fixed by the schema, so these are hand-written.
//!
//! - `mT`, `mH`, `adjoint`: a zero-dim tensor is returned as it is, a
//!   vector refused, anything else transposed in its last two dims (ATen's
//!   `TensorShape.cpp`; conjugation changes no metadata); `matrix_H`
//!   (`tensor.H`) conjugates a zero-dim tensor and transposes a matrix
//!   only.
//! - `resolve_conj`, `resolve_neg`: a tensor with neither bit set (fake
//!   metadata has no conjugate or negative bit) is returned as it is.
//! - `lift_fresh`: a constant lifted into a program is already a fake
//!   tensor, returned as it is (ATen's kernel returns `self`; the fake
//!   mode reports a view of it).
//! - `conj`: a real tensor is returned as it is, a complex one viewed with
//!   its conjugate bit set (fake metadata has no such bit: the same
//!   geometry).
//! - `conj_physical`, `positive`: real tensors are returned as they are
//!   (`conj_physical`'s composite), complex ones conjugated into a fresh
//!   tensor laid out as `self`; `positive` refuses bool tensors.

use super::invalid;
use crate::intrinsics;
use fake_runtime::support::args;
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, TensorMeta};

/// `self` itself, untouched.
fn itself(t: &TensorMeta) -> Outs {
    let mut outs = Outs::new();
    outs.push(Out::Tensor(t.clone(), Alias::Same(0)));
    outs
}

/// `lift_fresh(Tensor(a) self) -> Tensor(a)`: `self` itself, which
/// FakeTensorMode reports as a view of it.
pub(crate) fn lift_fresh(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    Ok(super::view_out(t, t.sizes.clone(), t.strides.clone()))
}

/// The matrix transpose of `self` named `what` in messages, conjugated
/// (`conj`, a view of a complex tensor) when `conjugate`.
fn matrix_transpose(cx: &mut Cx<'_>, a: &[Arg<'_>], what: &str, conjugate: bool) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    match t.dim() {
        // A complex `self` conjugated is a view, a real one `self` itself.
        0 if conjugate && t.dtype.is_complex() => {
            return Ok(super::view_out(t, t.sizes.clone(), t.strides.clone()));
        }
        0 => return Ok(itself(t)),
        1 => {
            return Err(invalid(
                cx,
                format!(
                    "tensor.{what} is only supported on matrices or batches of matrices. Got 1-D tensor."
                ),
            ));
        }
        _ => {}
    }
    let sizes = intrinsics::swap(cx, t.sizes.clone(), -2, -1)?;
    let strides = intrinsics::swap(cx, t.strides.clone(), -2, -1)?;
    Ok(super::view_out(t, sizes, strides))
}

/// `mT(Tensor(a) self) -> Tensor(a)`.
pub(crate) fn m_t(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    matrix_transpose(cx, a, "mT", false)
}

/// `mH(Tensor(a) self) -> Tensor(a)`.
pub(crate) fn m_h(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    matrix_transpose(cx, a, "mH", true)
}

/// `adjoint(Tensor(a) self) -> Tensor(a)`.
pub(crate) fn adjoint(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    matrix_transpose(cx, a, "adjoint()", true)
}

/// `matrix_H(Tensor(a) self) -> Tensor(a)` (`tensor.H`): a zero-dim
/// `self` conjugated (ATen warns it is deprecated: `self` itself when
/// real, a view when complex), a matrix transposed; other ranks refused.
pub(crate) fn matrix_h(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    match t.dim() {
        0 => conj(cx, a),
        2 => matrix_transpose(cx, a, "H", true),
        n => {
            let hint = if n > 2 {
                " For batches of matrices, consider using tensor.mH"
            } else {
                ""
            };
            Err(invalid(
                cx,
                format!(
                    "tensor.H is only supported on matrices (2-D tensors). Got {n}-D tensor.{hint}"
                ),
            ))
        }
    }
}

/// `resolve_conj(Tensor(a) self) -> Tensor(a)` and `resolve_neg`: no bit
/// to resolve, `self` itself.
pub(crate) fn resolve_bit(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    Ok(itself(t))
}

/// `conj(Tensor(a) self) -> Tensor(a)`: a real `self` itself, a complex
/// one as a view of the same geometry (`_conj`).
pub(crate) fn conj(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    if !t.dtype.is_complex() {
        return Ok(itself(t));
    }
    Ok(super::view_out(t, t.sizes.clone(), t.strides.clone()))
}

/// `conj_physical(Tensor self) -> Tensor`: a real `self` itself, else a
/// fresh tensor laid out as `self` (`_conj_physical`, elementwise).
pub(crate) fn conj_physical(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    if !t.dtype.is_complex() {
        return Ok(itself(t));
    }
    let out = fake_runtime::support::pointwise_output(cx, &[t], t.dtype)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(out, Alias::Fresh));
    Ok(outs)
}

/// `positive(Tensor(a) self) -> Tensor(a)`: `self` itself; bool refused.
pub(crate) fn positive(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    if t.dtype == DType::Bool {
        return Err(invalid(
            cx,
            "The `+` operator, on a bool tensor is not supported.",
        ));
    }
    Ok(itself(t))
}

/// `real(Tensor(a) self) -> Tensor(a)`: a real `self` itself; a complex
/// one viewed as its real parts (`view_as_real(self).select(-1, 0)`).
pub(crate) fn real(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    if !t.dtype.is_complex() {
        return Ok(itself(t));
    }
    complex_part(cx, t, 0)
}

/// `imag(Tensor(a) self) -> Tensor(a)`: a complex `self`'s imaginary parts
/// (`view_as_real(self).select(-1, 1)`); real tensors refused.
pub(crate) fn imag(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    if !t.dtype.is_complex() {
        return Err(invalid(
            cx,
            "imag is not implemented for tensors with non-complex dtypes.",
        ));
    }
    complex_part(cx, t, 1)
}

/// `isreal(Tensor self) -> Tensor`, ATen's composite: `imag(self) == 0`
/// for a complex `self` (laid out as the comparison of the imaginary
/// parts' view, whose strides are doubled), else
/// `ones_like(self, dtype=bool)` (the pointwise rule's layout).
pub(crate) fn isreal(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    if !t.dtype.is_complex() {
        return crate::erased::ones_like(cx, &[Arg::Tensor(t), Arg::DType(DType::Bool)]);
    }
    let parts = complex_part(cx, t, 1)?;
    let imag = super::loss_steps::one(cx, parts)?;
    crate::erased::eq_scalar(cx, &[Arg::Tensor(&imag), super::loss_steps::int(0)])
}

/// The view of part `part` (0 real, 1 imaginary) of each complex element.
fn complex_part(cx: &mut Cx<'_>, t: &TensorMeta, part: i64) -> Result<Outs> {
    let strides = intrinsics::doubled(cx, t.strides.clone())?;
    let doubled = cx.env.mul(t.storage_offset, fake_runtime::SymInt::Int(2))?;
    let storage_offset = cx.env.add(doubled, fake_runtime::SymInt::Int(part))?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(
        TensorMeta {
            sizes: t.sizes.clone(),
            strides,
            storage_offset,
            dtype: t.dtype.to_real(),
            requires_grad: false,
            wrapped_number: false,
            ..t.clone()
        },
        Alias::ViewOf(0),
    ));
    Ok(outs)
}

/// `atleast_1d(Tensor self) -> Tensor`, `atleast_2d`, `atleast_3d`:
/// `self` itself when it has at least `n` dims, else a view with dims of
/// one added as NumPy does (`[n]` -> `[1, n]` -> `[1, n, 1]`, `[m, n]` ->
/// `[m, n, 1]`).
fn atleast(cx: &mut Cx<'_>, a: &[Arg<'_>], n: usize) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    if t.dim() >= n {
        return Ok(itself(t));
    }
    let view = atleast_view(cx, t, n)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(view, Alias::ViewOf(0)));
    Ok(outs)
}

/// `t` with NumPy's dims of one added up to `n` dims (`t`'s own metadata
/// when it has them already).
pub(crate) fn atleast_view(cx: &mut Cx<'_>, t: &TensorMeta, n: usize) -> Result<TensorMeta> {
    if t.dim() >= n {
        return Ok(t.clone());
    }
    // Where each missing dim goes, in order, for each starting rank.
    let inserts: &[i64] = match (t.dim(), n) {
        (0, _) => &[0, 0, 0][..n],
        (1, 2) => &[0],
        (1, _) => &[0, 2],
        _ => &[2],
    };
    let mut view = t.clone();
    for &d in inserts {
        let strides = intrinsics::unsqueeze_strides(cx, &view, d)?;
        let sizes = intrinsics::insert(cx, view.sizes.clone(), d, fake_runtime::SymInt::Int(1))?;
        view.sizes = sizes;
        view.strides = strides;
    }
    view.requires_grad = false;
    Ok(view)
}

/// `atleast_1d(Tensor self) -> Tensor`.
pub(crate) fn atleast_1d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    atleast(cx, a, 1)
}

/// `atleast_2d(Tensor self) -> Tensor`.
pub(crate) fn atleast_2d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    atleast(cx, a, 2)
}

/// `atleast_3d(Tensor self) -> Tensor`.
pub(crate) fn atleast_3d(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    atleast(cx, a, 3)
}
