//! `split_with_sizes` and `split.Tensor`: a list of views of `self` along
//! one dim (rules return tensors, not lists of them).

use super::invalid;
use fake_runtime::intrinsics::args;
use fake_runtime::shape::Dims;
use fake_runtime::shape::{check_eq, wrap_dim};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt, TensorMeta};

/// Views of `t` along `dim` with the given lengths, in order.
fn chunks(cx: &mut Cx<'_>, t: &TensorMeta, dim: usize, lengths: &[SymInt]) -> Result<Outs> {
    let stride = t.strides.get(dim).copied().ok_or_else(|| {
        invalid(
            cx,
            format!(
                "tensor with {} sizes but {} strides",
                t.dim(),
                t.strides.len()
            ),
        )
    })?;
    let mut start = SymInt::Int(0);
    let mut list = Vec::with_capacity(lengths.len());
    for &len in lengths {
        let mut m = t.clone();
        m.sizes[dim] = len;
        let shift = cx.env.mul(start, stride)?;
        m.storage_offset = cx.env.add(t.storage_offset, shift)?;
        m.requires_grad = false;
        list.push((m, Alias::ViewOf(0)));
        start = cx.env.add(start, len)?;
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(list));
    Ok(outs)
}

/// `split_with_sizes(Tensor(a -> *) self, SymInt[] split_sizes, int dim=0)`:
/// the sizes must sum to the dim's size.
pub(crate) fn split_with_sizes(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let sizes = args::sizes(cx, a, 1, "split_sizes", None)?;
    let dim = args::int(cx, a, 2, "dim", Some(0))?;
    if t.dim() == 0 {
        return Err(invalid(cx, "split expects at least a 1-dimensional tensor"));
    }
    let d = wrap_dim(cx.op, dim, t.dim())?;
    let mut total = SymInt::Int(0);
    for &s in &sizes {
        let ok = cx.env.ge(s, SymInt::Int(0))?;
        fake_runtime::shape::check(cx.env, ok, cx.op, &|| {
            "split_with_sizes expects split_sizes have only non-negative entries".into()
        })?;
        total = cx.env.add(total, s)?;
    }
    let size = t.sizes[d];
    check_eq(cx.env, size, total, cx.op, &|| {
        format!("split_with_sizes expects split_sizes to sum exactly to the size of dim {d}")
    })?;
    chunks(cx, t, d, &sizes)
}

/// `split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0)`:
/// chunks of `split_size`, the last one shorter; the number of chunks is
/// guarded when the size is symbolic.
pub(crate) fn split_tensor(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let split = args::size(cx, a, 1, "split_size", None)?;
    let dim = args::int(cx, a, 2, "dim", Some(0))?;
    if t.dim() == 0 {
        return Err(invalid(cx, "split expects at least a 1-dimensional tensor"));
    }
    let d = wrap_dim(cx.op, dim, t.dim())?;
    let size = cx.env.guard_int(t.sizes[d], cx.op)?;
    let split = cx.env.guard_int(split, cx.op)?;
    if split < 0 || (split == 0 && size != 0) {
        return Err(invalid(
            cx,
            format!(
                "split_size can only be 0 if dimension size is 0, but got dimension size of {size} and split_size {split}"
            ),
        ));
    }
    let n = if split == 0 {
        1
    } else {
        (size + split - 1) / split
    }
    .max(1);
    let lengths: Dims = (0..n)
        .map(|i| SymInt::Int(split.min(size - i * split).max(0)))
        .collect();
    chunks(cx, t, d, &lengths)
}
