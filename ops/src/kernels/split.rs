//! `split_with_sizes`, `split.Tensor`, `chunk`, `unsafe_chunk`, `unbind`
//! and `tensor_split` by a tensor of indices: a list of views of `self`
//! along one dim (rules return tensors, not lists of them).

use super::invalid;
use crate::intrinsics::unbacked;
use fake_runtime::shape::Dims;
use fake_runtime::shape::{check, check_eq, wrap_dim};
use fake_runtime::support::{UnbackedFlavor, args};
use fake_runtime::{
    Alias, Arg, Cx, DType, DeviceType, ErrorKind, Out, Outs, Result, SymInt, TensorMeta,
};

/// Views of `t` along `dim` with the given lengths, in order.
fn chunks(cx: &mut Cx<'_>, t: &TensorMeta, dim: usize, lengths: &[SymInt]) -> Result<Outs> {
    let stride = fake_runtime::support::stride_at(cx, t, dim)?;
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
    by_sizes(cx, t, d, &sizes)
}

/// `torch._refs.split_with_sizes` along the wrapped dim `d`: every size
/// checked non-negative (a guard on a symbolic one), then their sum
/// against the dim's size.
fn by_sizes(cx: &mut Cx<'_>, t: &TensorMeta, d: usize, sizes: &[SymInt]) -> Result<Outs> {
    let mut total = SymInt::Int(0);
    for &s in sizes {
        let ok = cx.env.ge(s, SymInt::Int(0))?;
        check(cx.env, ok, cx.op, &|| {
            "split_with_sizes expects split_sizes have only non-negative entries".into()
        })?;
        total = cx.env.add(total, s)?;
    }
    let size = t.sizes[d];
    check_eq(cx.env, size, total, cx.op, &|| {
        format!("split_with_sizes expects split_sizes to sum exactly to the size of dim {d}")
    })?;
    chunks(cx, t, d, sizes)
}

/// `split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0)`:
/// chunks of `split_size`, the last one shorter.
pub(crate) fn split_tensor(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let split = args::size(cx, a, 1, "split_size", None)?;
    let dim = args::int(cx, a, 2, "dim", Some(0))?;
    if t.dim() == 0 {
        return Err(invalid(cx, "split expects at least a 1-dimensional tensor"));
    }
    let d = wrap_dim(cx.op, dim, t.dim())?;
    by_split_size(cx, t, d, split)
}

/// `split.Tensor` along the wrapped dim `d` as its Python decomposition
/// (FakeTensorMode's meta kernel for it): an empty dim gives `self`
/// whole (`detach`, a view); otherwise the number of pieces,
/// `(size + split_size - 1) // split_size`, is specialised (`guard_int`,
/// which keeps a symbolic size symbolic where only the count is fixed),
/// and the pieces are `split_with_sizes`' with a last one of
/// `size - split_size * (count - 1)`.
fn by_split_size(cx: &mut Cx<'_>, t: &TensorMeta, d: usize, split: SymInt) -> Result<Outs> {
    let size = t.sizes[d];
    let nonneg = cx.env.ge(split, SymInt::Int(0))?;
    check(cx.env, nonneg, cx.op, &|| {
        "split expects split_size be non-negative".into()
    })?;
    let empty = cx.env.eq(size, SymInt::Int(0))?;
    if cx.env.guard_bool(empty, cx.op)? {
        let mut whole = t.clone();
        whole.requires_grad = false;
        let mut outs = Outs::new();
        outs.push(Out::Tensors(vec![(whole, Alias::ViewOf(0))]));
        return Ok(outs);
    }
    let positive = cx.env.gt(split, SymInt::Int(0))?;
    check(cx.env, positive, cx.op, &|| {
        "split_size can only be 0 if dimension size is 0".into()
    })?;
    let span = cx.env.add(size, split)?;
    let span = cx.env.sub(span, SymInt::Int(1))?;
    let count = cx.env.floordiv(span, split)?;
    let count = cx.env.guard_int(count, cx.op)?;
    let Some(before_last) = count.checked_sub(1).filter(|&n| n >= 0) else {
        return Err(invalid(cx, "split gave no pieces"));
    };
    let mut sizes: Dims = (0..count).map(|_| split).collect();
    // `split_size - (split_size * chunks - dim_size)`.
    let covered = cx.env.mul(split, SymInt::Int(count))?;
    let over = cx.env.sub(covered, size)?;
    sizes[before_last as usize] = cx.env.sub(split, over)?;
    by_sizes(cx, t, d, &sizes)
}

/// `chunk(Tensor(a -> *) self, int chunks, int dim=0)`, ATen's composite:
/// `split.Tensor` by `(size + chunks - 1) // chunks` (symbolic when the
/// size is), except that a size and split size both 0 give `chunks`
/// empty pieces by `split_with_sizes`.
pub(crate) fn chunk(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let n = args::int(cx, a, 1, "chunks", None)?;
    let dim = args::int(cx, a, 2, "dim", Some(0))?;
    if t.dim() == 0 {
        return Err(invalid(cx, "chunk expects at least a 1-dimensional tensor"));
    }
    if n <= 0 {
        return Err(invalid(
            cx,
            format!("chunk expects `chunks` to be greater than 0, got: {n}"),
        ));
    }
    let d = wrap_dim(cx.op, dim, t.dim())?;
    let size = t.sizes[d];
    let span = cx.env.add(size, SymInt::Int(n - 1))?;
    let split = cx.env.floordiv(span, SymInt::Int(n))?;
    let split_zero = cx.env.eq(split, SymInt::Int(0))?;
    if cx.env.guard_bool(split_zero, cx.op)? {
        let size_zero = cx.env.eq(size, SymInt::Int(0))?;
        if cx.env.guard_bool(size_zero, cx.op)? {
            let len = usize::try_from(n).map_err(|_| invalid(cx, "too many chunks"))?;
            let sizes: Dims = (0..len).map(|_| SymInt::Int(0)).collect();
            return by_sizes(cx, t, d, &sizes);
        }
    }
    by_split_size(cx, t, d, split)
}

/// `unsafe_chunk(Tensor self, int chunks, int dim=0) -> Tensor[]`: as
/// [`chunk`] (its Python implementation, which export runs, calls
/// `unsafe_split`, that is `split.Tensor`); the pieces share `self`'s
/// storage although the schema does not say so.
pub(crate) fn unsafe_chunk(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    chunk(cx, a)
}

/// `unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]`: `select`
/// at every index of the dim, whose size is specialised (`guard_int`: the
/// number of outputs must be known).
pub(crate) fn unbind_int(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let dim = args::int(cx, a, 1, "dim", Some(0))?;
    let d = wrap_dim(cx.op, dim, t.dim())?;
    if t.dim() == 0 {
        return Err(invalid(
            cx,
            "Dimension specified as 0 but tensor has no dimensions",
        ));
    }
    let size = cx.env.guard_int(t.sizes[d], cx.op)?;
    let mut list = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    for i in 0..size {
        let args = [
            Arg::Tensor(t),
            Arg::Int(SymInt::Int(d as i64)),
            Arg::Int(SymInt::Int(i)),
        ];
        let outs = crate::erased::select_int(cx, &args)?;
        match outs.into_iter().next() {
            Some(Out::Tensor(m, _)) => list.push((m, Alias::ViewOf(0))),
            _ => return Err(invalid(cx, "select.int gave no tensor")),
        }
    }
    let mut outs = Outs::new();
    outs.push(Out::Tensors(list));
    Ok(outs)
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
