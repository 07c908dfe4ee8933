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
    let mut out = Dims::from_slice(&t.sizes);
    out[d] = len;
    Ok(out)
}

/// `slice_strides(t, dim, step)`: strides of `slice.Tensor`.
pub fn slice_strides(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64, step: SymInt) -> Result<Dims> {
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    let mut out = Dims::from_slice(&t.strides);
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

/// `select_offset(t, dim, index)`: storage offset of `select.int`, as
/// the fake mode's own `meta_select` computes it: an index certainly out
/// of range is refused (`guard_or_false`, so an undecidable one is not);
/// the offset follows the index when it is certainly non-negative or
/// certainly negative, and is a fresh unbacked symbol when neither is
/// known (a data-dependent index may count from either end).
pub fn select_offset(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64, index: SymInt) -> Result<SymInt> {
    if t.dim() == 0 {
        return Err(invalid(
            cx,
            "select() cannot be applied to a 0-dim tensor.".into(),
        ));
    }
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    let size = t.sizes[d];
    let neg_size = cx.env.neg(size)?;
    let past_end = cx.env.ge(index, size)?;
    let before_start = cx.env.lt(index, neg_size)?;
    if cx.env.guard_or_false(past_end, cx.op)? || cx.env.guard_or_false(before_start, cx.op)? {
        let sizes: Vec<String> = t.sizes.iter().map(|&s| cx.env.display(s)).collect();
        return Err(invalid(
            cx,
            format!(
                "select(): index {} out of range for tensor of size [{}] at dimension {d}",
                cx.env.display(index),
                sizes.join(", ")
            ),
        ));
    }
    let st = stride_at(cx, t, d)?;
    let nonneg = cx.env.ge(index, SymInt::Int(0))?;
    let i = if cx.env.guard_or_false(nonneg, cx.op)? {
        index
    } else {
        let neg = cx.env.lt(index, SymInt::Int(0))?;
        if cx.env.guard_or_false(neg, cx.op)? {
            cx.env.add(index, size)?
        } else {
            return Ok(cx.env.create_unbacked(false, cx.op));
        }
    };
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
