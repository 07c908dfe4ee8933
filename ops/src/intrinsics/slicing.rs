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

/// `select_dim(t, dim)`: the dim the fake mode's own `meta_select`
/// selects from: a zero-dim `t` refused, then a negative `dim` plus the
/// rank, read as Python reads a list index (so a dim in `[-2n, -n)`
/// counts from the end once more), a `dim` from the rank on refused.
pub fn select_dim(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64) -> Result<i64> {
    let n = t.dim();
    if n == 0 {
        return Err(invalid(
            cx,
            "select() cannot be applied to a 0-dim tensor.".into(),
        ));
    }
    let d = if dim >= 0 {
        dim
    } else {
        dim.saturating_add(n as i64)
    };
    Ok(shape::wrap_dim(cx.op, d, n)? as i64)
}

/// `select_index(t, dim, index)`: `meta_select`'s check of the index:
/// one certainly out of range is refused (`guard_or_false`, so an
/// undecidable one is not). True when it is not refused.
pub fn select_index(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64, index: SymInt) -> Result<bool> {
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
    Ok(true)
}

/// `select_offset(t, dim, index)`: storage offset of `select.int`, as
/// the fake mode's own `meta_select` computes it: the index checked
/// ([`select_index`]); the offset follows it when it is certainly
/// non-negative or certainly negative, and is a fresh unbacked symbol
/// when neither is known (a data-dependent index may count from either
/// end).
pub fn select_offset(cx: &mut Cx<'_>, t: &TensorMeta, dim: i64, index: SymInt) -> Result<SymInt> {
    select_index(cx, t, dim, index)?;
    let d = shape::wrap_dim(cx.op, dim, t.dim())?;
    let size = t.sizes[d];
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

/// `unfold_backward_sizes(grad, input_sizes, dim, size, step)`: sizes of
/// `unfold_backward` after its decomposition's checks (`torch._decomp`):
/// `input_sizes` (a zero-dim input gives `squeeze_copy(grad, 0)`). With
/// `step >= size`, or a gradient of exactly `unfold`'s sizes, one
/// `index_put` of the windows; else one `index_add` per window offset of
/// the gradient's slice, reshaped and expanded to `input_sizes`.
pub fn unfold_backward_sizes(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    input_sizes: Dims,
    dim: i64,
    size: i64,
    step: i64,
) -> Result<Dims> {
    if step <= 0 {
        return Err(invalid(cx, format!("step is {step} but must be > 0")));
    }
    if input_sizes.is_empty() {
        let mask = shape::squeeze_mask(cx.env, cx.op, &grad.sizes, Some(&[0]), false)?;
        return Ok(grad
            .sizes
            .iter()
            .zip(&mask)
            .filter(|(_, squeezed)| !**squeezed)
            .map(|(s, _)| *s)
            .collect());
    }
    let d = shape::wrap_dim(cx.op, dim, input_sizes.len())?;
    for &s in &input_sizes {
        let nonneg = cx.env.ge(s, SymInt::Int(0))?;
        shape::check_printing(cx.env, nonneg, cx.op, &|env| {
            format!(
                "Trying to create tensor with negative dimension {}: {}",
                env.display(s),
                shape::display_dims(env, &input_sizes)
            )
        })?;
    }
    if step >= size || unfolded_sizes(cx, grad, &input_sizes, d, size, step)? {
        // `arange(input_sizes[dim]).unfold(0, size, step)`, then
        // `grad.movedim(-1, dim + 1)`.
        let n = input_sizes[d];
        let fits = cx.env.le(SymInt::Int(size), n)?;
        shape::check_printing(cx.env, fits, cx.op, &|env| {
            format!(
                "maximum size for tensor at dimension 0 is {} but size is {size}",
                env.display(n)
            )
        })?;
        if size < 0 {
            return Err(invalid(cx, format!("size is {size} but must be >= 0")));
        }
        // The windows' indices flattened (a view's decisions, as
        // `_reshape_view_helper` takes them).
        let rest = cx.env.sub(n, SymInt::Int(size))?;
        let folds = cx.env.floordiv(rest, SymInt::Int(step))?;
        let folds = cx.env.add(folds, SymInt::Int(1))?;
        let all = cx.env.mul(folds, SymInt::Int(size))?;
        let sizes = [folds, SymInt::Int(size)];
        let strides = [SymInt::Int(step), SymInt::Int(1)];
        let min = fake_runtime::view::PyMin::of(&cx.defaults);
        fake_runtime::view::reshape_view(cx.env, &sizes, &strides, &[all], min, cx.op)?;
        shape::wrap_dim(cx.op, -1, grad.dim())?;
        shape::wrap_dim(cx.op, d as i64 + 1, grad.dim())?;
        return Ok(input_sizes);
    }
    if grad.dim() == 0 {
        return Err(invalid(
            cx,
            format!("dimension specified as {d} but tensor has no dimensions"),
        ));
    }
    let grad_dim_size = grad.sizes[shape::wrap_dim(cx.op, d as i64, grad.dim())?];
    let last = grad.dim() - 1;
    for offset in (0..size).rev() {
        // `max((n - offset + step - 1) // step, 0)`, then the smaller of
        // it and the gradient's size: decided only when statically known.
        let n = cx.env.sub(input_sizes[d], SymInt::Int(offset - step + 1))?;
        let windows = cx.env.floordiv(n, SymInt::Int(step))?;
        let max_len = max_if_needed(cx, windows, SymInt::Int(0))?;
        let len = min_if_needed(cx, grad_dim_size, max_len)?;
        // `grad.select(-1, offset).narrow(dim, 0, len)`.
        let inside = cx.env.lt(SymInt::Int(offset), grad.sizes[last])?;
        shape::check_printing(cx.env, inside, cx.op, &|env| {
            format!(
                "select(): index {offset} out of range for tensor of size {} at dimension {last}",
                shape::display_dims(env, &grad.sizes)
            )
        })?;
        let mut source: Dims = grad.sizes[..last].iter().copied().collect();
        if source.is_empty() {
            return Err(invalid(
                cx,
                "narrow() cannot be applied to a 0-dim tensor.".into(),
            ));
        }
        let at = shape::wrap_dim(cx.op, d as i64, source.len())?;
        source[at] = len;
        let mut target = input_sizes.clone();
        target[d] = len;
        reshape_source(cx, &source, &target, d)?;
    }
    Ok(input_sizes)
}

/// Whether `grad` has statically the sizes `unfold` gives `input_sizes`
/// (`_is_canonical_grad_shape`).
fn unfolded_sizes(
    cx: &mut Cx<'_>,
    grad: &TensorMeta,
    input_sizes: &[SymInt],
    d: usize,
    size: i64,
    step: i64,
) -> Result<bool> {
    if grad.dim() != input_sizes.len() + 1 {
        return Ok(false);
    }
    let known_eq = |cx: &mut Cx<'_>, a: SymInt, b: SymInt| -> Result<bool> {
        let c = cx.env.eq(a, b)?;
        Ok(cx.env.statically_known_true(c))
    };
    if !known_eq(cx, grad.sizes[grad.dim() - 1], SymInt::Int(size))? {
        return Ok(false);
    }
    let rest = cx.env.sub(input_sizes[d], SymInt::Int(size))?;
    let folds = cx.env.floordiv(rest, SymInt::Int(step))?;
    let folds = cx.env.add(folds, SymInt::Int(1))?;
    if !known_eq(cx, grad.sizes[d], folds)? {
        return Ok(false);
    }
    for (i, &s) in input_sizes.iter().enumerate() {
        if i != d && !known_eq(cx, grad.sizes[i], s)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `a` or `b` when one is statically the larger, else `Max(a, b)`.
fn max_if_needed(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymInt> {
    let ge = cx.env.ge(a, b)?;
    if cx.env.statically_known_true(ge) {
        return Ok(a);
    }
    let le = cx.env.ge(b, a)?;
    if cx.env.statically_known_true(le) {
        return Ok(b);
    }
    cx.env.max(a, b)
}

/// `a` or `b` when one is statically the smaller, else `Min(a, b)`.
fn min_if_needed(cx: &mut Cx<'_>, a: SymInt, b: SymInt) -> Result<SymInt> {
    let le = cx.env.le(a, b)?;
    if cx.env.statically_known_true(le) {
        return Ok(a);
    }
    let ge = cx.env.le(b, a)?;
    if cx.env.statically_known_true(ge) {
        return Ok(b);
    }
    cx.env.min(a, b)
}

/// The checks of `unfold_backward`'s `_reshape_source`: the gradient's
/// slice `source` placed in the dims of `target` (`d` onto `d`, the
/// others right-aligned) and expanded to it, or expanded as it is when
/// it has more dims or a dim falls outside.
fn reshape_source(cx: &mut Cx<'_>, source: &[SymInt], target: &[SymInt], d: usize) -> Result<()> {
    if source.len() > target.len() {
        shape::expand(cx.env, cx.op, source, target)?;
        return Ok(());
    }
    let offset = target.len() - source.len();
    let mut view: Dims = Dims::from_elem(SymInt::Int(1), target.len());
    for (i, &s) in source.iter().enumerate() {
        let t = if i == d { d } else { i + offset };
        if t >= target.len() {
            shape::expand(cx.env, cx.op, source, target)?;
            return Ok(());
        }
        let one = cx.env.eq(view[t], SymInt::Int(1))?;
        if cx.env.statically_known_true(one) {
            view[t] = s;
        } else {
            let single = cx.env.eq(s, SymInt::Int(1))?;
            shape::check(cx.env, single, cx.op, &|| {
                "unfold_backward grad shape is not broadcastable to input_size".into()
            })?;
        }
    }
    shape::expand(cx.env, cx.op, &view, target)?;
    Ok(())
}

/// `slice.Tensor(t, dim, start, end)` with step 1: the view, as the
/// operator's kernel makes it (clamping included).
pub(crate) fn slice_view(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    dim: usize,
    start: SymInt,
    end: SymInt,
) -> Result<TensorMeta> {
    let call = [
        fake_runtime::Arg::Tensor(t),
        fake_runtime::Arg::Int(SymInt::Int(dim as i64)),
        fake_runtime::Arg::Int(start),
        fake_runtime::Arg::Int(end),
        fake_runtime::Arg::Int(SymInt::Int(1)),
    ];
    match crate::erased::slice_tensor(cx, &call)?.into_iter().next() {
        Some(fake_runtime::Out::Tensor(m, _)) => Ok(m),
        _ => Err(invalid(cx, "slice gave no tensor".into())),
    }
}
