//! `_unsafe_masked_index` and `_unsafe_masked_index_put_accumulate`, as
//! their decompositions (`torch._decomp.decompositions`): the indices'
//! and mask's dtypes checked, then an empty `self` answered apart (a new
//! tensor of the indexing's sizes filled, or `self` cloned), else the
//! clamped indices' `index` filled where the mask is false, or the masked
//! values accumulated by `index_put`. The empty case is decided by
//! sizes, and each step is the kernel of the operator the decomposition
//! calls.

use super::einsum::fresh_result;
use super::{invalid, one};
use fake_runtime::shape::Dims;
use fake_runtime::support::args;
use fake_runtime::{Arg, Cx, DType, Outs, Result, Scalar, SymInt, TensorMeta};

/// The decompositions' checks: integer indices, a bool mask.
fn check_index_and_mask(
    cx: &Cx<'_>,
    mask: &TensorMeta,
    indices: &[Option<&TensorMeta>],
) -> Result<()> {
    for index in indices.iter().flatten() {
        if index.dtype != DType::Int64 && index.dtype != DType::Int32 {
            return Err(invalid(
                cx,
                "tensors used as indices must be long or int tensors",
            ));
        }
    }
    if mask.dtype != DType::Bool {
        return Err(invalid(cx, "tensors used as masks must be bool tensors"));
    }
    Ok(())
}

/// Whether `t` is known to have no element (a guard, as Python's `==`).
fn is_empty(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    fake_runtime::shape::guard_empty(cx.env, &t.sizes, cx.op)
}

/// `~mask`.
fn not(cx: &mut Cx<'_>, mask: &TensorMeta) -> Result<TensorMeta> {
    one(crate::erased::bitwise_not(cx, &[Arg::Tensor(mask)])?, cx)
}

/// `t.masked_fill(mask, value)`.
fn masked_fill(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    mask: &TensorMeta,
    value: Scalar,
) -> Result<TensorMeta> {
    let call = [Arg::Tensor(t), Arg::Tensor(mask), Arg::Scalar(value)];
    one(crate::erased::masked_fill_scalar(cx, &call)?, cx)
}

/// `_unsafe_masked_index(Tensor self, Tensor mask, Tensor?[] indices,
/// Scalar fill) -> Tensor`: `self[indices].masked_fill(~mask, fill)`; for
/// an empty `self`, `new_full` of the indexing's sizes.
pub(crate) fn unsafe_masked_index(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let mask = args::tensor(cx, a, 1, "mask")?;
    let indices = args::opt_tensors(cx, a, 2, "indices")?;
    let fill = args::scalar(cx, a, 3, "fill", None)?;
    check_index_and_mask(cx, mask, indices)?;
    let index_call = [
        Arg::Tensor(t),
        Arg::OptTensors(indices.iter().copied().collect()),
    ];
    let indexed = one(crate::erased::index_tensor(cx, &index_call)?, cx)?;
    if is_empty(cx, t)? {
        let sizes: Dims = indexed.sizes.clone();
        let call = [
            Arg::Tensor(t),
            Arg::Ints(sizes[..].into()),
            Arg::Scalar(fill),
            Arg::None,
            Arg::None,
            Arg::None,
            Arg::None,
        ];
        return crate::erased::new_full(cx, &call);
    }
    let keep = not(cx, mask)?;
    Ok(fresh_result(masked_fill(cx, &indexed, &keep, fill)?))
}

/// `_unsafe_masked_index_put_accumulate(Tensor self, Tensor mask,
/// Tensor?[] indices, Tensor values) -> Tensor`: `index_put(self,
/// indices, values.masked_fill(~mask, 0), accumulate=True)`; `self`
/// cloned when it is empty.
pub(crate) fn unsafe_masked_index_put_accumulate(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let mask = args::tensor(cx, a, 1, "mask")?;
    let indices = args::opt_tensors(cx, a, 2, "indices")?;
    let values = args::tensor(cx, a, 3, "values")?;
    check_index_and_mask(cx, mask, indices)?;
    if is_empty(cx, t)? {
        return crate::erased::clone(cx, &[Arg::Tensor(t), Arg::None]);
    }
    let keep = not(cx, mask)?;
    let masked = masked_fill(cx, values, &keep, Scalar::Int(SymInt::Int(0)))?;
    let call = [
        Arg::Tensor(t),
        Arg::OptTensors(indices.iter().copied().collect()),
        Arg::Tensor(&masked),
        Arg::Bool(true),
    ];
    crate::erased::index_put(cx, &call)
}
