//! `unsafe_chunk` and `tensor_split` by a tensor of indices: lists of views
//! no rule says. `unsafe_chunk`'s schema does not annotate that its pieces
//! alias `self` (a rule's aliasing follows the schema), and `tensor_split`
//! reads each index from the tensor (a fresh unbacked integer each) and
//! slices between them.

use super::invalid;
use crate::intrinsics::unbacked;
use fake_runtime::shape::wrap_dim;
use fake_runtime::support::{UnbackedFlavor, args};
use fake_runtime::{Alias, Arg, Cx, DType, DeviceType, ErrorKind, Out, Outs, Result, SymInt};

/// `unsafe_chunk(Tensor self, int chunks, int dim=0) -> Tensor[]`: as
/// `chunk` (its Python implementation, which export runs, calls
/// `unsafe_split`, that is `split.Tensor`); the pieces share `self`'s
/// storage although the schema does not say so. That implementation does
/// not check `chunks` as ATen's does: under the Python dispatcher a
/// `chunks` of 0 divides by zero, and a negative one of a static dim
/// splits by Python's `(size + chunks - 1) // chunks`.
pub(crate) fn unsafe_chunk(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let chunks = args::int(cx, a, 1, "chunks", None)?;
    if cx.defaults.python_dispatcher && chunks <= 0 {
        if chunks == 0 {
            return Err(invalid(cx, "integer division or modulo by zero"));
        }
        let t = args::tensor(cx, a, 0, "self")?;
        let dim = args::int(cx, a, 2, "dim", Some(0))?;
        let d = wrap_dim(cx.op, dim, t.dim())?;
        if let Some(SymInt::Int(size)) = t.sizes.get(d).copied() {
            let split_size = cx.env.floordiv(
                SymInt::Int(size.saturating_add(chunks - 1)),
                SymInt::Int(chunks),
            )?;
            let call = [
                a[0].clone(),
                Arg::Int(split_size),
                Arg::Int(SymInt::Int(dim)),
            ];
            return crate::erased::split_tensor(cx, &call);
        }
    }
    crate::erased::chunk(cx, a)
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
    fake_runtime::limits::check_list_len(cx.op, n)?;
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

/// `unsafe_split.Tensor(Tensor self, SymInt split_size, int dim=0) ->
/// Tensor[]`: `split.Tensor`'s views, which the schema does not annotate.
pub(crate) fn unsafe_split(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    crate::erased::split_tensor(cx, a)
}

/// `unsafe_split_with_sizes(Tensor self, SymInt[] split_sizes, int dim=0)
/// -> Tensor[]`: `split_with_sizes`'s views (`torch._decomp`).
pub(crate) fn unsafe_split_with_sizes(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    crate::erased::split_with_sizes(cx, a)
}
