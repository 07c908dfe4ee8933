//! Indexing intrinsics: advanced indexing (`x[idx]`), as PyTorch's
//! `meta_index_Tensor` computes it. Bool and `int8` masks select a
//! data-dependent number of elements: an unbacked size (the meta kernel
//! takes `int8` for ATen's byte, and refuses `uint8`).

use super::*;
use fake_runtime::strides::{Operand as StrideOperand, contiguous, pointwise};

/// `advanced_index(self, indices, fake_impl)`: the result of
/// `meta_index_Tensor`: the index shapes broadcast (a mask of `k` dims
/// stands for `k` indices of a fresh size-like unbacked length, at most
/// its element count); the replaced dims move to the front when the
/// indexed dims are not adjacent; strides as TensorIterator lays out the
/// gather (contiguous for an empty `self`). With `fake_impl` (the fake
/// mode's own `index.Tensor`, which calls the meta on fake tensors of
/// their devices), a zero-dim CPU index is not broadcast
/// (`preserve_cpu_scalar_tensors`), and the replaced shape is the last
/// index's as it is; as a kernel (`_unsafe_index`, ATen's structured
/// meta of the `out=` form) every index is broadcast.
pub fn advanced_index(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    given: &[Option<&TensorMeta>],
    fake_impl: bool,
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
            // `refs._maybe_broadcast` keeps a zero-dim CPU index as it
            // is (`preserve_cpu_scalar_tensors`).
            DType::Int64 | DType::Int32
                if fake_impl
                    && idx.dim() == 0
                    && idx.device.ty == fake_runtime::device::DeviceType::Cpu =>
            {
                indices.push(Index::CpuScalar)
            }
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
    // Broadcast the index shapes together: every index is expanded to the
    // common shape but a zero-dim CPU one, which stays zero-dim.
    let common = {
        let shapes: SmallVec<[&[SymInt]; 6]> = indices.iter().filter_map(Index::sizes).collect();
        shape::broadcast(cx.env, cx.op, &shapes)?
    };
    let broadcast = |i: usize| -> Option<&[SymInt]> {
        match indices.get(i) {
            None | Some(Index::Skip) => None,
            Some(Index::CpuScalar) => Some(&[]),
            Some(_) => Some(&common),
        }
    };
    // Dims past the given indices are not indexed.
    let indexed = |i: usize| broadcast(i).is_some();
    // All index tensors adjacent? Otherwise they move to the front
    // (`transposeToFront`).
    let first = (0..n).position(indexed);
    let last = (0..n).rposition(indexed);
    let contiguous_subspace = match (first, last) {
        (Some(f), Some(l)) => (f..=l).all(indexed),
        _ => true,
    };
    let order: SmallVec<[usize; 6]> = if contiguous_subspace {
        (0..n).collect()
    } else {
        (0..n)
            .filter(|&i| indexed(i))
            .chain((0..n).filter(|&i| !indexed(i)))
            .collect()
    };
    // `meta_index_Tensor`'s split, as it writes it: the replaced shape is
    // the last index's, and a kept dim goes after it only once that shape
    // is not empty (a last zero-dim CPU index replaces the indexed dims
    // by nothing, and the kept dims count as before them).
    let mut before: SmallVec<[usize; 6]> = SmallVec::new();
    let mut after: SmallVec<[usize; 6]> = SmallVec::new();
    let mut replacement: &[SymInt] = &[];
    for &i in &order {
        match broadcast(i) {
            Some(s) => replacement = s,
            None if replacement.is_empty() => before.push(i),
            None => after.push(i),
        }
    }
    let stride = |i: usize| t.strides.get(i).copied().unwrap_or(SymInt::Int(0));
    let mut out_sizes = Dims::with_capacity(before.len() + replacement.len() + after.len());
    out_sizes.extend(before.iter().map(|&i| t.sizes[i]));
    out_sizes.extend_from_slice(replacement);
    out_sizes.extend(after.iter().map(|&i| t.sizes[i]));
    // `_restride_src`: the permuted strides with those of the indexed
    // run (between the dims before and after) replaced by zeros, one per
    // replaced dim.
    let mut src_strides = Dims::with_capacity(out_sizes.len());
    src_strides.extend(order[..before.len()].iter().map(|&i| stride(i)));
    src_strides.extend(replacement.iter().map(|_| SymInt::Int(0)));
    src_strides.extend(order[n - after.len()..].iter().map(|&i| stride(i)));
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
    /// A zero-dim integer index on the CPU, which broadcasting leaves
    /// zero-dim.
    CpuScalar,
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
            Index::CpuScalar => Some(&[]),
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
