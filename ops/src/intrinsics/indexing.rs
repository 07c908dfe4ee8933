//! Indexing intrinsics: advanced indexing (`x[idx]`), as PyTorch's
//! `meta_index_Tensor` computes it. Bool and byte masks select a
//! data-dependent number of elements: an unbacked size.

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
    let mut indices: Vec<Option<Dims>> = Vec::new();
    for (i, idx) in given.iter().enumerate() {
        let Some(idx) = idx else {
            indices.push(None);
            continue;
        };
        match idx.dtype {
            DType::Int64 | DType::Int32 => indices.push(Some(idx.sizes.clone())),
            DType::Bool | DType::Int8 | DType::UInt8 => {
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
                    indices.push(Some(Dims::from_slice(&[u])));
                }
            }
            d => {
                return Err(invalid(
                    cx,
                    format!(
                        "tensors used as indices must be long, int, byte or bool tensors, got {d}"
                    ),
                ));
            }
        }
    }
    if indices.len() > t.dim() {
        return Err(invalid(
            cx,
            format!(
                "too many indices for tensor of dimension {} (got {})",
                t.dim(),
                indices.len()
            ),
        ));
    }
    // Broadcast the index shapes together.
    let shapes: Vec<&[SymInt]> = indices.iter().flatten().map(|s| s.as_slice()).collect();
    let replacement = shape::broadcast(cx.env, cx.op, &shapes)?;
    indices.resize(t.dim(), None);
    // All index tensors adjacent? Otherwise they move to the front.
    let first = indices.iter().position(Option::is_some);
    let last = indices.iter().rposition(Option::is_some);
    let contiguous_subspace = match (first, last) {
        (Some(f), Some(l)) => indices[f..=l].iter().all(Option::is_some),
        _ => true,
    };
    let mut order: Vec<usize> = (0..t.dim()).collect();
    if !contiguous_subspace {
        order = (0..t.dim())
            .filter(|&i| indices[i].is_some())
            .chain((0..t.dim()).filter(|&i| indices[i].is_none()))
            .collect();
    }
    let sizes: Vec<SymInt> = order.iter().map(|&i| t.sizes[i]).collect();
    let strides: Vec<SymInt> = order
        .iter()
        .map(|&i| t.strides.get(i).copied().unwrap_or(SymInt::Int(0)))
        .collect();
    let is_index: Vec<bool> = order.iter().map(|&i| indices[i].is_some()).collect();
    let before = is_index.iter().position(|&b| b).unwrap_or(sizes.len());
    let count = is_index.iter().filter(|&&b| b).count();
    let after = before + count;
    let mut out_sizes = Dims::new();
    let mut src_strides = Dims::new();
    out_sizes.extend(sizes[..before].iter().copied());
    src_strides.extend(strides[..before].iter().copied());
    out_sizes.extend(replacement.iter().copied());
    src_strides.extend(replacement.iter().map(|_| SymInt::Int(0)));
    out_sizes.extend(sizes[after..].iter().copied());
    src_strides.extend(strides[after..].iter().copied());
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
