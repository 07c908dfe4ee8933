//! The fused attention kernels' own arithmetic: `_masked_softmax`'s mask
//! checks, the heads `_transform_bias_rescale_qkv` splits its input into,
//! and the emptiness test the fused kernels' fake implementations branch
//! on.

use super::*;

/// `known_empty(t)`: `t` has no elements, decided as `guard_or_false`
/// (an undecidable symbolic size counts as non-empty, recording nothing).
pub fn known_empty(cx: &mut Cx<'_>, t: &TensorMeta) -> Result<bool> {
    let numel = t.numel(cx.env)?;
    let empty = cx.env.eq(numel, SymInt::Int(0))?;
    cx.env.guard_or_false(empty, cx.op)
}

/// `masked_softmax_mask(input, mask, dim, mask_type)`: the CPU kernel's
/// checks of the mask: boolean; unless the mask has two dims and the input
/// four, the input's sizes (`mask_type` 2); else a padding mask
/// `[batch, length]` (1) or an attention mask `[length, length]` (0).
pub fn masked_softmax_mask(
    cx: &mut Cx<'_>,
    input: &TensorMeta,
    mask: &TensorMeta,
    dim: Option<i64>,
    mask_type: Option<i64>,
) -> Result<bool> {
    if mask.dtype != DType::Bool {
        return Err(invalid(cx, "Mask should be a boolean tensor".into()));
    }
    let general = mask.dim() != 2 || input.dim() != 4;
    let (x, m) = (&input.sizes, &mask.sizes);
    match if general { Some(2) } else { mask_type } {
        Some(2) => {
            let same = dims_eq(cx, x, m)?;
            require(
                cx,
                same,
                "For mask_type == 2 mask shape should match input shape",
            )?;
        }
        Some(1) => {
            let ok = cx.env.eq(x[0], m[0])?;
            let ok2 = cx.env.eq(x[2], m[1])?;
            let both = cx.env.and(ok, ok2)?;
            require(cx, both, "For mask_type == 1 mask shape should be (B, L)")?;
        }
        Some(0) => {
            let ok = cx.env.eq(x[2], m[0])?;
            let ok2 = cx.env.eq(x[2], m[1])?;
            let both = cx.env.and(ok, ok2)?;
            require(cx, both, "For mask_type == 0 mask shape should be (L, L)")?;
        }
        _ => {}
    }
    if let Some(d) = dim {
        shape::wrap_dim(cx.op, d, input.dim().max(1))?;
    }
    if !input.dtype.is_floating_point() {
        return Err(invalid(
            cx,
            format!(
                "\"masked_softmax\" not implemented for 'torch.{}'",
                input.dtype
            ),
        ));
    }
    Ok(true)
}

/// `qkv_heads(qkv, num_heads)`: sizes of each of
/// `_transform_bias_rescale_qkv`'s outputs, `[batch, heads, length,
/// width / 3 / heads]`, after the CPU kernel's checks (the width a
/// multiple of three whose third the heads divide; no negative size; a
/// floating input).
pub fn qkv_heads(cx: &mut Cx<'_>, qkv: &TensorMeta, num_heads: i64) -> Result<Dims> {
    let sizes = &qkv.sizes;
    let width = sizes[shape::wrap_dim(cx.op, 2, qkv.dim())?];
    let width = to_int(cx, width)?;
    let d = width / 3;
    if num_heads == 0 || d % num_heads != 0 {
        return Err(invalid(
            cx,
            "Expected D % num_head == 0 to be true, but got false.".into(),
        ));
    }
    if width % 3 != 0 {
        return Err(invalid(
            cx,
            "Expected _3D % 3 == 0 to be true, but got false.".into(),
        ));
    }
    // `at::empty({3, B, num_head, T, dim_per_head})`, before the dtype
    // dispatch.
    let all = [
        SymInt::Int(3),
        sizes[0],
        SymInt::Int(num_heads),
        sizes[1],
        SymInt::Int(d / num_heads),
    ];
    shape::refuse_negative_sizes(cx.env, cx.op, &all)?;
    if !qkv.dtype.is_floating_point() {
        return Err(invalid(
            cx,
            format!(
                "\"transform_bias_rescale_qkv\" not implemented for 'torch.{}'",
                qkv.dtype
            ),
        ));
    }
    Ok(all[1..].iter().copied().collect())
}
