//! Indexing intrinsics: advanced indexing (`x[idx]`), as PyTorch's
//! `meta_index_Tensor` computes it. Bool and `int8` masks select a
//! data-dependent number of elements: an unbacked size (the meta kernel
//! takes `int8` for ATen's byte, and refuses `uint8`).

use super::*;
use fake_runtime::strides::{Operand as StrideOperand, contiguous, pointwise};

/// `advanced_index(self, indices)`: the result of `index.Tensor`: the
/// index shapes broadcast (a mask of `k` dims stands for `k` indices of a
/// fresh size-like unbacked length, at most its element count); the
/// replaced dims move to the front when the indexed dims are not
/// adjacent; strides as TensorIterator lays out the gather (contiguous
/// for an empty `self`).
pub fn advanced_index(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    given: &[Option<&TensorMeta>],
) -> Result<TensorMeta> {
    if given.is_empty() {
        return Err(invalid(cx, "at least one index must be provided".into()));
    }
    // Masks become one index per masked dim, all of length `nonzero`.
    let mut indices: SmallVec<[Index<'_>; 6]> = SmallVec::new();
    for (i, idx) in given.iter().enumerate() {
        let Some(idx) = idx else {
            indices.push(Index::Skip);
            continue;
        };
        match idx.dtype {
            DType::Int64 | DType::Int32 => indices.push(Index::Sizes(&idx.sizes)),
            // `meta_index_Tensor` takes `int8` for ATen's byte: a
            // `uint8` index is refused below.
            DType::Bool | DType::Int8 => {
                let k = indices.len();
                if k + idx.dim() > t.dim() {
                    return Err(invalid(
                        cx,
                        format!("too many indices for tensor of dimension {}", t.dim()),
                    ));
                }
                for j in 0..idx.dim() {
                    shape::check_eq(cx.env, t.sizes[k + j], idx.sizes[j], cx.op, &|| {
                        format!("the shape of the mask at index {i}, dim {j}")
                    })?;
                }
                let n = idx.numel(cx.env)?;
                let u = unbacked(cx, UnbackedFlavor::SizeLike, Some(n))?;
                for _ in 0..idx.dim() {
                    indices.push(Index::Count(u));
                }
            }
            _ => {
                return Err(invalid(
                    cx,
                    "tensors used as indices must be long, int, byte or bool tensors".into(),
                ));
            }
        }
    }
    let n = t.dim();
    if indices.len() > n {
        return Err(invalid(
            cx,
            format!(
                "too many indices for tensor of dimension {} (got {})",
                n,
                indices.len()
            ),
        ));
    }
    // Broadcast the index shapes together.
    let replacement = {
        let shapes: SmallVec<[&[SymInt]; 6]> = indices.iter().filter_map(Index::sizes).collect();
        shape::broadcast(cx.env, cx.op, &shapes)?
    };
    // Dims past the given indices are not indexed.
    let indexed = |i: usize| indices.get(i).is_some_and(|ix| ix.sizes().is_some());
    // All index tensors adjacent? Otherwise they move to the front.
    let first = (0..n).position(indexed);
    let last = (0..n).rposition(indexed);
    let contiguous_subspace = match (first, last) {
        (Some(f), Some(l)) => (f..=l).all(indexed),
        _ => true,
    };
    // The dims in their new order: as they are, or (`moved`) the indexed
    // ones first; `before..after` are the indexed ones.
    let mut moved: SmallVec<[usize; 6]> = SmallVec::new();
    let (before, after) = match (first, last) {
        (Some(f), Some(l)) if contiguous_subspace => (f, l + 1),
        _ if contiguous_subspace => (n, n),
        _ => {
            moved.extend((0..n).filter(|&i| indexed(i)));
            let count = moved.len();
            moved.extend((0..n).filter(|&i| !indexed(i)));
            (0, count)
        }
    };
    let dim_at = |k: usize| if contiguous_subspace { k } else { moved[k] };
    let kept = n - (after - before);
    let mut out_sizes = Dims::with_capacity(kept + replacement.len());
    let mut src_strides = Dims::with_capacity(kept + replacement.len());
    let stride = |i: usize| t.strides.get(i).copied().unwrap_or(SymInt::Int(0));
    for i in (0..before).map(dim_at) {
        out_sizes.push(t.sizes[i]);
        src_strides.push(stride(i));
    }
    out_sizes.extend_from_slice(&replacement);
    src_strides.extend(replacement.iter().map(|_| SymInt::Int(0)));
    for i in (after..n).map(dim_at) {
        out_sizes.push(t.sizes[i]);
        src_strides.push(stride(i));
    }
    // Output strides: as TensorIterator orders the restrided source (an
    // empty source gives a contiguous result).
    let numel = t.numel(cx.env)?;
    let empty = numel == SymInt::Int(0);
    let out_strides = if empty {
        contiguous(cx.env, &out_sizes)?
    } else {
        let src = StrideOperand {
            sizes: &out_sizes,
            strides: &src_strides,
        };
        // An order that depends on an unbacked size (a mask's count) is
        // decided with guard_or_false inside, as PyTorch does.
        pointwise(cx.env, &out_sizes, &[src], cx.op)?
    };
    let meta = TensorMeta {
        sizes: out_sizes,
        strides: out_strides,
        storage_offset: SymInt::Int(0),
        dtype: t.dtype,
        device: cx.device,
        layout: t.layout,
        requires_grad: false,
        wrapped_number: false,
    };
    Ok(meta)
}

/// One index of [`advanced_index`] once masks are expanded: a dim left
/// alone, an index tensor's sizes, or one dim of a mask (its count of
/// selected elements, a one-dim index).
#[derive(Clone, Copy)]
enum Index<'a> {
    /// `None`: the dim is kept.
    Skip,
    /// An integer index tensor's sizes.
    Sizes(&'a [SymInt]),
    /// A dim of a mask: an index of this length.
    Count(SymInt),
}

impl<'a> Index<'a> {
    /// The index's shape, `None` for a kept dim.
    fn sizes<'b>(&'b self) -> Option<&'b [SymInt]>
    where
        'a: 'b,
    {
        match self {
            Index::Skip => None,
            Index::Sizes(s) => Some(s),
            Index::Count(u) => Some(std::slice::from_ref(u)),
        }
    }
}

/// `unsafe_index_types(indices)`: `_unsafe_index`'s own check, before the
/// meta kernel's: no bool or `int8` index (a mask, whose length would
/// depend on data), then `meta_index_Tensor`'s dtype check, which does
/// not accept `uint8`: every index is `int64` or `int32`.
pub fn unsafe_index_types(cx: &mut Cx<'_>, indices: &[Option<&TensorMeta>]) -> Result<bool> {
    for idx in indices.iter().flatten() {
        if matches!(idx.dtype, DType::Bool | DType::Int8) {
            return Err(invalid(
                cx,
                format!(
                    "_unsafe_index found unexpected index type {}",
                    idx.dtype.c10_name()
                ),
            ));
        }
    }
    for idx in indices.iter().flatten() {
        if !matches!(idx.dtype, DType::Int64 | DType::Int32) {
            return Err(invalid(
                cx,
                "tensors used as indices must be long, int, byte or bool tensors".into(),
            ));
        }
    }
    Ok(true)
}
