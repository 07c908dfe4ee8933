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

/// `unfold_sizes(t, dimension, size, step)`: sizes of `unfold`
/// (`torch._refs._get_unfold_shape_stride`): `dimension` becomes the
/// number of windows, a last dim of `size` is appended (a zero-dim `t`
/// acts as one element).
pub fn unfold_sizes(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dimension: i64,
    size: i64,
    step: i64,
) -> Result<Dims> {
    let d = shape::wrap_dim(cx.op, dimension, t.dim())?;
    let max_size = t.sizes.get(d).copied().unwrap_or(SymInt::Int(1));
    let fits = cx.env.le(SymInt::Int(size), max_size)?;
    shape::check_printing(cx.env, fits, cx.op, &|env| {
        format!(
            "Maximum size for tensor at dimension {d} is {} but size is {size}",
            env.display(max_size)
        )
    })?;
    if step <= 0 {
        return Err(invalid(cx, format!("Step is {step} but must be > 0")));
    }
    let mut out = t.sizes.clone();
    if d < t.dim() {
        let rest = cx.env.sub(t.sizes[d], SymInt::Int(size))?;
        let windows = cx.env.floordiv(rest, SymInt::Int(step))?;
        out[d] = cx.env.add(windows, SymInt::Int(1))?;
    }
    out.push(SymInt::Int(size));
    Ok(out)
}

/// `unfold_strides(t, dimension, step)`: strides of `unfold`: the
/// dimension's stride times `step`, and its stride again for the window.
pub fn unfold_strides(cx: &mut Cx<'_>, t: &TensorMeta, dimension: i64, step: i64) -> Result<Dims> {
    let d = shape::wrap_dim(cx.op, dimension, t.dim())?;
    let mut out = t.strides.clone();
    let last = t.strides.get(d).copied().unwrap_or(SymInt::Int(1));
    if d < t.dim() {
        out[d] = cx.env.mul(t.strides[d], SymInt::Int(step))?;
    }
    out.push(last);
    Ok(out)
}
