//! Slicing intrinsics: `slice.Tensor`'s sizes, strides and offset (as
//! `fake_impls.slice_forward`), `select`'s offset.

use super::*;

// ---- slicing ---------------------------------------------------------------

/// The wrapped dim and the static step of a slice.
fn slice_dim(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64, step: SymInt) -> Result<(usize, i64)> {
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    if t.dim() == 0 {
        return Err(invalid(
            cx,
            "slice() cannot be applied to a 0-dim tensor.".into(),
        ));
    }
    Ok((d, to_int(cx, step)?))
}

/// `slice_sizes(t, dim, start, end, step)`: sizes of `slice.Tensor`.
pub fn slice_sizes(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dim: i64,
    start: Option<SymInt>,
    end: Option<SymInt>,
    step: SymInt,
) -> Result<Dims> {
    let (d, step) = slice_dim(cx, t, dim, step)?;
    let len = shape::slice_len(cx.env, cx.op, t.sizes[d], start, end, step)?;
    let mut out = t.sizes.clone();
    out[d] = len;
    Ok(out)
}

/// `slice_strides(t, dim, step)`: strides of `slice.Tensor`.
pub fn slice_strides(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64, step: SymInt) -> Result<Dims> {
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    let mut out = t.strides.clone();
    if d < out.len() {
        out[d] = cx.env.mul(out[d], step)?;
    }
    Ok(out)
}

/// `slice_offset(t, dim, start, end, step)`: storage offset of
/// `slice.Tensor`; a fresh unbacked offset (at least 0) when the start
/// cannot be told.
pub fn slice_offset(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dim: i64,
    start: Option<SymInt>,
    _end: Option<SymInt>,
    step: SymInt,
) -> Result<SymInt> {
    let (d, step) = slice_dim(cx, t, dim, step)?;
    match shape::slice_start(cx.env, cx.op, t.sizes[d], start, step)? {
        Some(s) => {
            let st = stride_at(cx, t, d)?;
            let o = cx.env.mul(s, st)?;
            cx.env.add(t.storage_offset, o)
        }
        None => {
            let o = cx.env.create_unbacked(false, cx.op);
            let c = cx.env.ge(o, SymInt::Int(0))?;
            cx.env.expect_true(c, cx.op)?;
            Ok(o)
        }
    }
}

/// `select_offset(t, dim, index)`: storage offset of `select.int`
/// (checks the index).
pub fn select_offset(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64, index: SymInt) -> Result<SymInt> {
    if t.dim() == 0 {
        return Err(invalid(
            cx,
            "select() cannot be applied to a 0-dim tensor.".into(),
        ));
    }
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    let i = shape::select_index(cx.env, cx.op, t.sizes[d], index)?;
    let st = stride_at(cx, t, d)?;
    let o = cx.env.mul(i, st)?;
    cx.env.add(t.storage_offset, o)
}
