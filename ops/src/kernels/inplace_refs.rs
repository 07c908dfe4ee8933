//! In-place operators whose checks are not those `@derive(inplace)` makes
//! (TensorIterator's): each as the path PyTorch's fake mode takes for it.
//!
//! - `abs_`, `absolute_`, `pow_` run the references' `_make_inplace`: a
//!   tensor operand must broadcast to `self` ("output with shape
//!   torch.Size([3]) doesn't match the broadcast shape (2, 3)"), then the
//!   out wrapper's `_safe_copy_out` wants the result's dtype exactly
//!   (`abs`) or one that safely casts to `self`'s (`pow`).
//! - `float_power_` is ATen's composite: `self` must already have the
//!   dtype the operation computes in (double, complex double), then
//!   `pow_` of the exponent converted to it.
//! - All but `float_power_`'s own check and `as_strided_` write through a
//!   reference's `copy_`, which under the Python dispatcher refuses a
//!   `self` that overlaps itself (`support::copied_into`).
//! - `ldexp_` is `torch._decomp`'s `register_inplace`: the functional
//!   result copied into `self` (`copy_`: any dtype, the result must
//!   broadcast to `self`).
//! - `addr_` is `addr` with `self` as its out: `addr`'s checks, a result
//!   that safely casts to `self`'s dtype, and `self` resized to the
//!   result's sizes where they differ (the out wrapper's resize, which
//!   `_make_inplace` would refuse but this path does not).
//! - `as_strided_` is ATen's `setStrided` (`support::set_strided`):
//!   `self` takes the geometry, which must lie inside its storage.

use super::invalid;
use fake_runtime::support::{args, fits_in_place};
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, Scalar, SymInt, TensorMeta};

/// `self`, written in place, as the one output.
fn written(target: TensorMeta) -> Outs {
    let mut outs = Outs::new();
    outs.push(Out::Tensor(target, Alias::InPlace(0)));
    outs
}

/// [`written`], by a reference's or decomposition's `copy_` into it: refused
/// where that copy's Python meta runs and `target` overlaps itself
/// ([`fake_runtime::support::copied_into`]).
fn copied(cx: &mut Cx<'_>, target: TensorMeta) -> Result<Outs> {
    fake_runtime::support::copied_into(cx, &target)?;
    Ok(written(target))
}

/// Sizes as Python prints a tuple of them: `(2, 3)`, `(3,)`, `()`.
pub(super) fn python_tuple(cx: &Cx<'_>, dims: &[SymInt]) -> String {
    let parts: Vec<String> = dims.iter().map(|&d| cx.env.display(d)).collect();
    match parts.len() {
        1 => format!("({},)", parts[0]),
        _ => format!("({})", parts.join(", ")),
    }
}

/// `check_inplace_broadcast` (`_make_inplace`'s check, and the in-place
/// metas'): the tensor operands broadcast with `self` give `self`'s
/// shape, compared as Python compares two tuples (element by element up
/// to the first that differs, each a guard when symbolic, then the
/// lengths).
pub(super) fn inplace_broadcast(
    cx: &mut Cx<'_>,
    target: &TensorMeta,
    others: &[&TensorMeta],
) -> Result<()> {
    if others.is_empty() {
        return Ok(());
    }
    let mut all: smallvec::SmallVec<[&[SymInt]; 4]> = smallvec::SmallVec::new();
    all.push(&target.sizes);
    all.extend(others.iter().map(|t| &t.sizes[..]));
    let shape = fake_runtime::shape::broadcast(cx.env, cx.op, &all)?;
    let mut same = shape.len() == target.sizes.len();
    for (&b, &s) in shape.iter().zip(&target.sizes) {
        let eq = cx.env.eq(b, s)?;
        if !cx.env.guard_bool(eq, cx.op)? {
            same = false;
            break;
        }
    }
    if same {
        return Ok(());
    }
    Err(invalid(
        cx,
        format!(
            "output with shape {} doesn't match the broadcast shape {}",
            fake_runtime::shape::display_torch_size(cx.env, &target.sizes),
            python_tuple(cx, &shape)
        ),
    ))
}

/// `_safe_copy_out(copy_from=result, copy_to=self)`: `result`'s dtype
/// must safely cast to `self`'s (`utils.can_safe_cast_to`).
fn safe_copy(cx: &mut Cx<'_>, result: DType, target: &TensorMeta) -> Result<()> {
    if fake_runtime::support::can_cast(cx, result, target.dtype)? {
        return Ok(());
    }
    Err(invalid(
        cx,
        format!(
            "Attempting to cast from torch.{result} to out tensor with dtype torch.{}, but this can't be cast because it is not safe!",
            target.dtype
        ),
    ))
}

/// `addr_(Tensor(a!) self, Tensor vec1, Tensor vec2, *, Scalar beta=1,
/// Scalar alpha=1)`: see the module's documentation.
pub(crate) fn addr_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let outs = crate::erased::addr(cx, a)?;
    let Some(Out::Tensor(r, _)) = outs.first() else {
        return Err(invalid(cx, "addr gave no tensor"));
    };
    safe_copy(cx, r.dtype, t)?;
    let target = fake_runtime::support::resize_output(cx, t, &r.sizes, None)?;
    copied(cx, target)
}

/// `abs_` and `absolute_`: `abs(self)` must have `self`'s dtype exactly
/// (a complex `self` gives a real result: refused).
pub(crate) fn abs_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let result = t.dtype.to_real();
    if result != t.dtype {
        return Err(invalid(
            cx,
            format!(
                "Expected out tensor to have dtype torch.{result} but got torch.{} instead",
                t.dtype
            ),
        ));
    }
    copied(cx, t.clone())
}

/// `pow_.Scalar(self, exponent)`: `pow`'s dtype (`BOOL_TO_LONG`
/// promotion of `self` and the number) must cast safely to `self`'s.
pub(crate) fn pow_scalar_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let exponent = args::scalar(cx, a, 1, "exponent", None)?;
    let promoted = crate::intrinsics::result_type_scalar(cx, t, exponent)?;
    let result = crate::intrinsics::bool_to_long(cx, promoted)?;
    safe_copy(cx, result, t)?;
    copied(cx, t.clone())
}

/// `pow_.Tensor(self, exponent)`: the exponent broadcasts to `self`, and
/// `pow`'s dtype casts safely to `self`'s.
pub(crate) fn pow_tensor_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let exponent = args::tensor(cx, a, 1, "exponent")?;
    inplace_broadcast(cx, t, &[exponent])?;
    let promoted = crate::intrinsics::result_type(cx, t, exponent)?;
    let result = crate::intrinsics::bool_to_long(cx, promoted)?;
    safe_copy(cx, result, t)?;
    copied(cx, t.clone())
}

/// ATen's `float_power_` check: `self` already has the dtype the
/// operation computes in.
fn float_power_base(cx: &mut Cx<'_>, t: &TensorMeta, complex: bool) -> Result<()> {
    let dtype = if complex {
        DType::Complex128
    } else {
        DType::Float64
    };
    if t.dtype == dtype {
        return Ok(());
    }
    Err(invalid(
        cx,
        format!(
            "the base given to float_power_ has dtype {} but the operation's result requires dtype {}",
            t.dtype.c10_name(),
            dtype.c10_name()
        ),
    ))
}

/// `float_power_.Scalar(self, exponent)`: `self` is double (complex
/// double when it or the number is complex).
pub(crate) fn float_power_scalar_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let exponent = args::scalar(cx, a, 1, "exponent", None)?;
    let complex = t.dtype.is_complex() || matches!(exponent, Scalar::Complex(..));
    float_power_base(cx, t, complex)?;
    copied(cx, t.clone())
}

/// `float_power_.Tensor(self, exponent)`: `self` is double (complex
/// double when either is complex), then `pow_` of the converted exponent,
/// which must broadcast to `self`.
pub(crate) fn float_power_tensor_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let exponent = args::tensor(cx, a, 1, "exponent")?;
    float_power_base(cx, t, t.dtype.is_complex() || exponent.dtype.is_complex())?;
    inplace_broadcast(cx, t, &[exponent])?;
    copied(cx, t.clone())
}

/// `ldexp_(self, other)`: `self.copy_(ldexp(self, other))`: the result
/// (the broadcast shape) must fit `self`; `copy_` takes any dtype.
pub(crate) fn ldexp_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let other = args::tensor(cx, a, 1, "other")?;
    let shape = fake_runtime::shape::broadcast(cx.env, cx.op, &[&t.sizes, &other.sizes])?;
    fits_in_place(cx, &shape, t)?;
    copied(cx, t.clone())
}

/// `as_strided_(self, size, stride, storage_offset=None)`: ATen's
/// `setStrided` on `self` (its offset unless one is given): as many
/// strides as sizes, none negative, the geometry inside the storage, the
/// offset not negative.
pub(crate) fn as_strided_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let size = args::sizes(cx, a, 1, "size", None)?;
    let stride = args::sizes(cx, a, 2, "stride", None)?;
    let offset = args::opt_size(cx, a, 3, "storage_offset", None)?.unwrap_or(t.storage_offset);
    Ok(written(fake_runtime::support::set_strided(
        cx, t, size, stride, offset,
    )?))
}
