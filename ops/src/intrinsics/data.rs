//! Values that depend on data: fresh unbacked symbols, and `item()`.

use super::*;

/// `unbacked(size_like, max = n)`: a fresh unbacked symbol; size-like ones
/// are `>= 0`, and `<= max` when one is given (as
/// `_constrain_range_for_size`): a symbolic `max` bounds it by its range's
/// upper end, `sys.maxsize - 1` when that is unbounded (as PyTorch's
/// `nonzero`). A static `max` of 0 gives 0 (no symbol, as PyTorch's
/// `nonzero` on an empty tensor).
pub fn unbacked(cx: &mut Cx<'_>, flavor: UnbackedFlavor, max: Option<SymInt>) -> Result<SymInt> {
    let size_like = flavor == UnbackedFlavor::SizeLike;
    if size_like && max == Some(SymInt::Int(0)) {
        return Ok(SymInt::Int(0));
    }
    let u = cx.env.create_unbacked(size_like, cx.op);
    let hi = match max {
        Some(SymInt::Int(m)) => Some(m),
        Some(m @ SymInt::Expr(_)) => Some(
            cx.env
                .value_range(m)?
                .hi()
                .unwrap_or(fake_runtime::sym::MAXSIZE_BOUND),
        ),
        None => None,
    };
    if size_like {
        cx.env.constrain_range_for_size(u, None, hi, cx.op)?;
    } else if hi.is_some() {
        cx.env.constrain_range(u, None, hi, cx.op)?;
    }
    Ok(u)
}

/// `dynamic_size(min)`: what a custom operator's fake kernel gets from
/// `ctx.new_dynamic_size(min=min)` (`torch._library.fake_impl`: a fresh
/// unbacked symbol, size-like, at least `min`; the deprecated
/// `create_unbacked_symint` passes `min=2` by default).
pub fn dynamic_size(cx: &mut Cx<'_>, min: i64) -> Result<SymInt> {
    let u = cx.env.create_unbacked(true, cx.op);
    cx.env.constrain_range_for_size(u, Some(min), None, cx.op)?;
    Ok(u)
}

/// `item_readable(t)`: ATen's `item()` check, `sym_numel() == 1` (a guard
/// where the count is symbolic); a tensor of another count is refused in
/// PyTorch's words.
pub fn item_readable(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    let numel = t.numel(cx.env)?;
    let is_one = cx.env.eq(numel, SymInt::Int(1))?;
    if !cx.env.guard_bool(is_one, cx.op)? {
        let n = cx.env.display(numel);
        return Err(invalid(
            cx,
            format!("a Tensor with {n} elements cannot be converted to Scalar"),
        ));
    }
    Ok(true)
}

/// `item_value(t, one)`: the value of a tensor (`item()` when `one`: a
/// tensor known to hold other than one element is refused; PyTorch's
/// `_local_scalar_dense` does not check and reads the first): the
/// known value when the mode knows it (a small constant tensor); otherwise,
/// as PyTorch's fake `_local_scalar_dense` with `capture_scalar_outputs`, a
/// fresh unbacked value of the tensor's kind: a SymInt for integers, a
/// SymFloat (`zuf0`) for floating tensors, a SymBool (`Eq(u0, 1)`, `u0` in
/// `[0, 1]`) for bools. Complex values are refused.
pub fn item_value(cx: &mut Cx<'_>, t: &TensorMeta, one: bool) -> Result<Scalar> {
    if one {
        item_readable(cx, t)?;
    }
    if let Some(c) = cx.constant {
        return Ok(c);
    }
    if t.dtype == DType::Bool {
        return Ok(Scalar::Bool(cx.env.create_unbacked_bool(cx.op)?));
    }
    if t.dtype.is_integral(false) {
        return Ok(Scalar::Int(unbacked(cx, UnbackedFlavor::AnyInt, None)?));
    }
    if t.dtype.is_floating_point() {
        return Ok(Scalar::Float(cx.env.create_unbacked_float()));
    }
    Err(invalid(
        cx,
        format!("local_scalar_dense/item NYI for {}", t.dtype),
    ))
}
