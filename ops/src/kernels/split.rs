//! `split_with_sizes`, `split.Tensor` and `tensor_split` by a tensor of
//! indices: a list of views of `self` along one dim (rules return
//! tensors, not lists of them).

use super::invalid;
use fake_runtime::intrinsics::{UnbackedFlavor, args, unbacked};
use fake_runtime::shape::Dims;
use fake_runtime::shape::{check_eq, wrap_dim};
use fake_runtime::{
    Alias, Arg, Cx, DType, DeviceType, ErrorKind, Out, Outs, Result, SymInt, TensorMeta,
};

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

/// `tensor_split.tensor_indices_or_sections(Tensor(a -> *) self, Tensor
/// tensor_indices_or_sections, int dim=0) -> Tensor(a)[]`, as PyTorch's
/// Python implementation (what export runs): a 1-D int64 CPU tensor of
/// indices is read element by element (`item()`: a fresh unbacked integer
/// each), and `self` is sliced between consecutive indices by
/// `slice.Tensor`, from 0 to the dim's size. A 0-dim tensor (a number of
/// sections) needs its value, which is data-dependent.
pub(crate) fn tensor_split_indices(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let idx = args::tensor(cx, a, 1, "tensor_indices_or_sections")?;
    let dim = args::int(cx, a, 2, "dim", Some(0))?;
    if idx.device.ty != DeviceType::Cpu {
        return Err(invalid(
            cx,
            format!(
                "tensor_indices_or_sections must be on CPU, got {}",
                idx.device
            ),
        ));
    }
    if idx.dtype != DType::Int64 {
        return Err(invalid(
            cx,
            format!(
                "tensor_indices_or_sections must be int64, got {}",
                idx.dtype
            ),
        ));
    }
    let n = match idx.dim() {
        0 => {
            return Err(ErrorKind::DataDependent {
                op: cx.op.to_string(),
                expr: "the number of sections (the value of a 0-dim tensor)".into(),
                unbacked: String::new(),
                cond: None,
            }
            .into());
        }
        1 => cx.env.guard_int(idx.sizes[0], cx.op)?,
        r => {
            return Err(invalid(
                cx,
                format!(
                    "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, but got a tensor with {r} dims"
                ),
            ));
        }
    };
    // `[i.item() for i in tensor_indices_or_sections]`.
    let mut bounds = Vec::with_capacity(usize::try_from(n).unwrap_or(0) + 2);
    bounds.push(SymInt::Int(0));
    for _ in 0..n {
        bounds.push(unbacked(cx, UnbackedFlavor::AnyInt, None)?);
    }
    // `tensor_split_symint(self, indices, dim)`.
    if t.dim() == 0 {
        return Err(invalid(
            cx,
            "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims",
        ));
    }
    let d = wrap_dim(cx.op, dim, t.dim())?;
    bounds.push(t.sizes[d]);
    let mut list = Vec::with_capacity(bounds.len() - 1);
    for w in bounds.windows(2) {
        let args = [
            Arg::Tensor(t),
            Arg::Int(SymInt::Int(d as i64)),
            Arg::Int(w[0]),
            Arg::Int(w[1]),
            Arg::Int(SymInt::Int(1)),
        ];
        let outs = crate::erased::slice_tensor(cx, &args)?;
        match outs.into_iter().next() {
            Some(Out::Tensor(m, _)) => list.push((m, Alias::ViewOf(0))),
            _ => return Err(invalid(cx, "slice.Tensor gave no tensor")),
        }
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(list));
    Ok(outs)
}
