//! Unbacked sizes and the pointwise fast path: output metadata of
//! elementwise operators.

use super::*;

// ---- unbacked sizes --------------------------------------------------------------

/// `unbacked(size_like, max = n)`: a fresh unbacked symbol; size-like ones
/// are `>= 0`, and `<= max` when a static bound is given (as
/// `_constrain_range_for_size`). A static `max` of 0 gives 0 (no symbol,
/// as PyTorch's `nonzero` on an empty tensor).
pub fn unbacked(cx: &mut Cx<'_>, flavor: UnbackedFlavor, max: Option<SymInt>) -> Result<SymInt> {
    let size_like = flavor == UnbackedFlavor::SizeLike;
    if size_like && max == Some(SymInt::Int(0)) {
        return Ok(SymInt::Int(0));
    }
    let u = cx.env.create_unbacked(size_like, cx.op);
    let hi = match max {
        Some(SymInt::Int(m)) => Some(m),
        Some(m @ SymInt::Expr(_)) => cx.env.value_range(m)?.hi(),
        None => None,
    };
    if size_like || hi.is_some() {
        cx.env
            .constrain_range(u, size_like.then_some(0), hi, cx.op)?;
    }
    Ok(u)
}

// ---- the pointwise fast path ---------------------------------------------------

/// The broadcast sizes of an elementwise operator's inputs, without the
/// output's strides (what an in-place operator checks against `self`).
pub fn pointwise_sizes(cx: &mut Cx<'_>, inputs: &[&TensorMeta]) -> Result<Dims> {
    let shapes: SmallVec<[&[SymInt]; 4]> = inputs.iter().map(|t| t.sizes.as_slice()).collect();
    shape::broadcast(cx.env, cx.op, &shapes)
}

/// Output metadata of an elementwise operator over `inputs` with result
/// dtype `dtype`. When every input is static and contiguous (the common
/// case) sizes and strides are computed in one pass over `i64`s, never
/// touching the ShapeEnv; anything else (symbolic sizes, permuted or
/// channels-last inputs, a broadcast mismatch to report) takes
/// [`pointwise::output`](crate::pointwise::output).
#[inline]
pub fn pointwise_output(
    cx: &mut Cx<'_>,
    inputs: &[&TensorMeta],
    dtype: DType,
) -> Result<TensorMeta> {
    if let Some((sizes, strides)) = static_contiguous(inputs) {
        return Ok(TensorMeta {
            sizes,
            strides,
            storage_offset: SymInt::Int(0),
            dtype,
            device: cx.device,
            layout: Layout::Strided,
            requires_grad: false,
        });
    }
    crate::pointwise::output(cx, inputs, dtype)
}

/// Broadcast sizes and contiguous strides when every input is static and
/// contiguous (sizes of 1 ignored, as ATen's `is_contiguous`); `None`
/// otherwise.
#[inline]
fn static_contiguous(inputs: &[&TensorMeta]) -> Option<(Dims, Dims)> {
    let rank = inputs.iter().map(|t| t.dim()).max().unwrap_or(0);
    let mut sizes: Dims = SmallVec::from_elem(SymInt::Int(1), rank);
    for t in inputs {
        if t.strides.len() != t.dim() {
            return None;
        }
        let off = rank - t.dim();
        let mut expected = 1i64;
        let mut decided = false;
        for i in (0..t.dim()).rev() {
            let (SymInt::Int(s), SymInt::Int(st)) = (t.sizes[i], t.strides[i]) else {
                return None;
            };
            if !decided {
                if s == 0 {
                    decided = true;
                } else if s != 1 {
                    if st != expected {
                        return None;
                    }
                    expected = expected.checked_mul(s)?;
                }
            }
            let cur = &mut sizes[off + i];
            let SymInt::Int(c) = *cur else { return None };
            if s != c && s != 1 {
                if c != 1 {
                    return None;
                }
                *cur = SymInt::Int(s);
            }
        }
    }
    let mut strides: Dims = SmallVec::from_elem(SymInt::Int(1), rank);
    let mut acc = 1i64;
    for i in (0..rank).rev() {
        strides[i] = SymInt::Int(acc);
        let SymInt::Int(s) = sizes[i] else {
            return None;
        };
        acc = acc.checked_mul(s.max(1))?;
    }
    Some((sizes, strides))
}
