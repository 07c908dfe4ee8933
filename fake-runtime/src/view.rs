//! The geometry of a view as PyTorch's fake `view` computes it
//! (`fake_impls._view_meta` -> `torch._refs._reshape_view_helper`): which
//! size expressions a view keeps and which strides it gives. ATen's
//! `computeStride` ([`crate::strides::view_strides`]) only says whether a
//! view is possible; the result's sizes and strides come from here.
//!
//! The algorithm walks the requested sizes left to right. A requested
//! length equal to the current dim (under the guards) keeps the dim, its
//! size expression and its stride; otherwise dims are merged
//! (`_collapse_view_helper`) until their product is a multiple of the
//! length, and split (`prims.split_dim`, outer stride `stride * inner`).
//! Size-1 tail dims are added by `split_dim` and removed by `squeeze`.

use crate::error::{Error, ErrorKind, Result};
use crate::shape::Dims;
use crate::shape_env::{Remembered, ShapeEnv, remembered_kind, return_recalled};
use crate::sym::{SymBool, SymInt};

/// Sizes and strides of a view.
pub type Geometry = (Dims, Dims);

/// Sizes and strides of a tensor with `sizes`/`strides` viewed as `shape`
/// (already free of `-1`, with the same number of elements), as
/// `_reshape_view_helper(a, shape, allow_copy=False)`; `None` when no view
/// gives that shape (a merge of dims that are not contiguous with each
/// other).
pub fn reshape_view(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    shape: &[SymInt],
    min: PyMin,
    op: &str,
) -> Result<Option<Geometry>> {
    if let Some(geometry) = dense_static_view(sizes, strides, shape) {
        return Ok(Some(geometry));
    }
    reshape_view_steps(env, sizes, strides, shape, min, op)
}

/// What Python's builtin `min` of two SymInts is in the code a view
/// mirrors ([`crate::Defaults::symbolic_builtins`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PyMin {
    /// The smaller one, decided with a guard (a plain fake mode).
    Guarded,
    /// `sym_min`: a `Min` expression, no guard (non-strict export).
    Symbolic,
}

impl PyMin {
    /// The `min` of code run under `defaults`.
    pub fn of(defaults: &crate::Defaults) -> PyMin {
        if defaults.symbolic_builtins {
            PyMin::Symbolic
        } else {
            PyMin::Guarded
        }
    }
}

/// The answer of [`reshape_view_steps`] without its steps, where it is
/// known: every size and stride static, the strides exactly the
/// contiguous strides of the sizes (size-1 dims included), and the same
/// number of elements. Each merge of such dims then has the stride of its
/// innermost dim and each split `(stride * inner, stride)`, so the view is
/// contiguous too. `None` otherwise (the steps decide). Nothing it answers
/// needs an unbacked value, so a caller may ask it before
/// [`views_obliviously`].
pub fn dense_static_view(
    sizes: &[SymInt],
    strides: &[SymInt],
    shape: &[SymInt],
) -> Option<Geometry> {
    if !crate::strides::is_exactly_contiguous(sizes, strides) {
        return None;
    }
    let mut numel: i64 = 1;
    for &size in sizes {
        numel = numel.checked_mul(size.as_int()?)?;
    }
    let mut out_strides = Dims::from_elem(SymInt::Int(1), shape.len());
    let (mut acc, mut count): (i64, i64) = (1, 1);
    for (i, &length) in shape.iter().enumerate().rev() {
        let SymInt::Int(length) = length else {
            return None;
        };
        if length < 0 {
            return None;
        }
        out_strides[i] = SymInt::Int(acc);
        acc = acc.checked_mul(length.max(1))?;
        count = count.checked_mul(length)?;
    }
    (count == numel).then(|| (Dims::from_slice(shape), out_strides))
}

/// [`reshape_view`] step by step, as `_reshape_view_helper`, for a caller
/// that asked [`dense_static_view`] first.
pub fn reshape_view_steps(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    shape: &[SymInt],
    min: PyMin,
    op: &str,
) -> Result<Option<Geometry>> {
    if all_static(sizes, strides) && shape.iter().all(|s| s.is_static()) {
        return reshape_view_computed(env, sizes, strides, shape, min, op);
    }
    // On symbolic sizes the answer is remembered.
    let kind: &[SymInt] = match min {
        PyMin::Guarded => &remembered_kind::VIEW_GUARDED,
        PyMin::Symbolic => &remembered_kind::VIEW_SYMBOLIC,
    };
    let parts = [kind, sizes, strides, shape];
    return_recalled!(env, &parts, Remembered::Geometry(known) => known.clone());
    let since = env.remembering();
    let geometry = reshape_view_computed(env, sizes, strides, shape, min, op)?;
    env.remember(since, &parts, Remembered::Geometry(geometry.clone()));
    Ok(geometry)
}

/// [`reshape_view_steps`], computed.
fn reshape_view_computed(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    shape: &[SymInt],
    min: PyMin,
    op: &str,
) -> Result<Option<Geometry>> {
    let numel = crate::shape::numel(env, sizes)?;
    if guard_eq(env, numel, SymInt::Int(0), op)? {
        let st = crate::strides::contiguous(env, shape)?;
        return Ok(Some((shape.iter().copied().collect(), st)));
    }
    // A 0-dim tensor is unsqueezed, a tensor of ones squeezed.
    if sizes.is_empty() {
        return Ok(Some((
            shape.iter().copied().collect(),
            shape.iter().map(|_| SymInt::Int(1)).collect(),
        )));
    }
    if shape.is_empty() {
        return Ok(Some((Dims::new(), Dims::new())));
    }
    // The contiguity test matters to the two special cases only; on
    // symbolic sizes it is asked anyway, for the guards it records.
    let special = shape.len() == 1 && sizes.len() > 1 || shape.len() == 2 && sizes.len() == 1;
    if (special || !all_static(sizes, strides))
        && crate::strides::is_contiguous(env, sizes, strides, op, crate::strides::Decide::OrFalse)?
    {
        // nd -> 1d and 1d -> 2d, as `as_strided`.
        if shape.len() == 1 && sizes.len() > 1 {
            return Ok(Some((
                Dims::from_slice(&[numel]),
                Dims::from_slice(&[SymInt::Int(1)]),
            )));
        }
        if shape.len() == 2 && sizes.len() == 1 {
            return Ok(Some((
                Dims::from_slice(shape),
                Dims::from_slice(&[shape[1], SymInt::Int(1)]),
            )));
        }
    }
    // torch._check(a.numel() == prod(shape))
    let shape_numel = crate::shape::numel(env, shape)?;
    crate::shape::check_eq(env, numel, shape_numel, op, &|| {
        "the number of elements of the requested shape".to_string()
    })?;
    let mut a_sizes = Dims::from_slice(sizes);
    let mut a_strides = Dims::from_slice(strides);
    let mut idx = 0;
    for &length in shape {
        if idx >= a_sizes.len() {
            // Tail unsqueeze: split the last dim into (itself, 1).
            let last = a_sizes.len() - 1;
            let outer = a_sizes[last];
            split_dim(env, &mut a_sizes, &mut a_strides, last, outer, op)?;
            idx += 1;
            continue;
        }
        if guard_eq(env, length, a_sizes[idx], op)? {
            idx += 1;
            continue;
        }
        let mut accum = a_sizes[idx];
        let mut end = idx;
        loop {
            let rem = env.modulo(accum, length)?;
            if guard_eq(env, rem, SymInt::Int(0), op)? {
                break;
            }
            end += 1;
            if end >= a_sizes.len() {
                return Err(Error::invalid(
                    op,
                    format!(
                        "shape '{}' is invalid for input of size {}",
                        list(env, shape),
                        env.display(numel)
                    ),
                ));
            }
            accum = env.mul(accum, a_sizes[end])?;
        }
        if end != idx {
            match collapse(env, &a_sizes, &a_strides, idx, end, min, op)? {
                Some((len, stride)) => {
                    a_sizes.drain(idx + 1..=end);
                    a_strides.drain(idx + 1..=end);
                    a_sizes[idx] = len;
                    a_strides[idx] = stride;
                }
                None => return Ok(None),
            }
        }
        if !guard_eq(env, accum, length, op)? {
            split_dim(env, &mut a_sizes, &mut a_strides, idx, length, op)?;
        }
        idx += 1;
    }
    // Squeeze the tail.
    while idx < a_sizes.len() {
        crate::shape::check_eq(env, a_sizes[idx], SymInt::Int(1), op, &|| {
            format!("size of dim {idx} squeezed by the view")
        })?;
        a_sizes.remove(idx);
        a_strides.remove(idx);
    }
    Ok(Some((a_sizes, a_strides)))
}

/// True when every size and stride is static (no decision records a
/// guard).
fn all_static(sizes: &[SymInt], strides: &[SymInt]) -> bool {
    sizes.iter().all(|s| s.is_static()) && strides.iter().all(|s| s.is_static())
}

/// `a == b` decided as Python's `bool(a == b)` on SymInts: a guard.
fn guard_eq(env: &mut ShapeEnv, a: SymInt, b: SymInt, op: &str) -> Result<bool> {
    crate::shape::guard_eq(env, a, b, op)
}

fn list(env: &ShapeEnv, s: &[SymInt]) -> String {
    let parts: Vec<String> = s.iter().map(|&v| env.display(v)).collect();
    format!("[{}]", parts.join(", "))
}

/// `prims.split_dim(a, dim, outer)`: dim `dim` becomes `(outer, inner)`
/// with `inner = size // outer` and strides `(stride * inner, stride)`.
fn split_dim(
    env: &mut ShapeEnv,
    sizes: &mut Dims,
    strides: &mut Dims,
    dim: usize,
    outer: SymInt,
    op: &str,
) -> Result<()> {
    let size = sizes[dim];
    let inner = env.floordiv(size, outer)?;
    let rem = env.modulo(size, outer)?;
    if !guard_eq(env, rem, SymInt::Int(0), op)? {
        return Err(ErrorKind::SizeMismatch {
            op: op.to_string(),
            what: format!("a split of dim {dim} into length {}", env.display(outer)),
            expected: "a multiple".into(),
            got: env.display(size),
        }
        .into());
    }
    let stride = strides[dim];
    let outer_stride = env.mul(stride, inner)?;
    sizes[dim] = outer;
    sizes.insert(dim + 1, inner);
    strides[dim] = outer_stride;
    strides.insert(dim + 1, stride);
    Ok(())
}

/// `prims._collapse_view_helper(a, start, end)`: the length and stride of
/// dims `start..=end` merged, or `None` when they cannot be merged as a
/// view. Validity is decided with `guard_or_false`; the stride is the
/// smallest stride of a dim longer than 1 (Python's `min`: a guard, or a
/// `Min` expression where `min` is symbolic). As
/// there, only neighbouring dims are tested, so dims that a size-1 dim
/// separates merge even when their strides do not chain: FakeTensorMode's
/// answer for a view eager refuses (its strides address other elements).
fn collapse(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    start: usize,
    end: usize,
    min: PyMin,
    op: &str,
) -> Result<Option<(SymInt, SymInt)>> {
    let numel = crate::shape::numel(env, sizes)?;
    let mut valid = SymBool::Bool(true);
    let nonempty = env.ne(numel, SymInt::Int(0))?;
    if env.guard_or_false(nonempty, op)? {
        for i in (start..end).rev() {
            let a = env.eq(sizes[i], SymInt::Int(1))?;
            let b = env.eq(sizes[i + 1], SymInt::Int(1))?;
            let chunk = env.mul(strides[i + 1], sizes[i + 1])?;
            let c = env.eq(strides[i], chunk)?;
            let ab = env.or(a, b)?;
            let any = env.or(ab, c)?;
            valid = env.and(valid, any)?;
            if valid == SymBool::Bool(false) {
                break;
            }
        }
    }
    let empty = env.eq(numel, SymInt::Int(0))?;
    let valid = env.or(valid, empty)?;
    if !env.guard_or_false(valid, op)? {
        return Ok(None);
    }
    let mut stride = strides[end];
    for i in (start..end).rev() {
        let not_one = env.ne(sizes[i], SymInt::Int(1))?;
        if env.guard_bool(not_one, op)? {
            // `min(stride, strides[i])`.
            stride = match min {
                PyMin::Symbolic => env.min(stride, strides[i])?,
                PyMin::Guarded => {
                    let smaller = env.lt(strides[i], stride)?;
                    if env.guard_bool(smaller, op)? {
                        strides[i]
                    } else {
                        stride
                    }
                }
            };
        }
    }
    let mut length = sizes[end];
    let nonzero = env.ne(length, SymInt::Int(0))?;
    if env.guard_or_true(nonzero, op)? {
        for i in (start..end).rev() {
            let zero = env.eq(sizes[i], SymInt::Int(0))?;
            if env.guard_or_false(zero, op)? {
                length = SymInt::Int(0);
                stride = SymInt::Int(0);
                break;
            }
            length = env.mul(length, sizes[i])?;
        }
    } else {
        stride = SymInt::Int(0);
    }
    Ok(Some((length, stride)))
}

/// True when a view decides size-obliviously: under
/// `backed_size_oblivious`, or when a size or stride of the input, or a
/// requested size, needs an unbacked symbol's value
/// (`fake_impls._view_has_unbacked_input`). The view then takes
/// [`unbacked_view`], and ATen's `computeStride`, whose
/// `TORCH_GUARD_OR_FALSE` then falls back, decides
/// [`crate::strides::Decide::OrFalse`].
pub fn views_obliviously(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    shape: &[SymInt],
) -> Result<bool> {
    if env.backed_size_oblivious() {
        return Ok(true);
    }
    for list in [sizes, strides, shape] {
        for &v in list {
            if !v.is_static() && env.size_hint(v)?.is_none() {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// How ATen's `computeStride` decides for this view: size-obliviously
/// ([`crate::strides::Decide::OrFalse`]) where [`views_obliviously`]
/// says so, else with guards.
pub fn view_decide(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    shape: &[SymInt],
) -> Result<crate::strides::Decide> {
    Ok(if views_obliviously(env, sizes, strides, shape)? {
        crate::strides::Decide::OrFalse
    } else {
        crate::strides::Decide::Guard
    })
}

/// The geometry of a view of a tensor with unbacked sizes, as
/// `fake_impls._view_unbacked_meta`: the requested sizes themselves, with
/// the input's strides when nothing changes, contiguous strides when the
/// input is contiguous (`is_contiguous_or_false`), else `_compute_stride`
/// decided size-obliviously; `None` when even that finds no view, where a
/// guarded attempt follows (and names the data-dependent decision).
pub fn unbacked_view(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    shape: &[SymInt],
    op: &str,
) -> Result<Option<Geometry>> {
    use crate::strides::Decide;
    let requested: Dims = shape.iter().copied().collect();
    if sizes.is_empty() || shape.is_empty() {
        for &l in if sizes.is_empty() { shape } else { sizes } {
            crate::shape::check_eq(env, l, SymInt::Int(1), op, &|| {
                "a size of a view to or from 0 dims".to_string()
            })?;
        }
        let st = shape.iter().map(|_| SymInt::Int(1)).collect();
        return Ok(Some((requested, st)));
    }
    let numel = crate::shape::numel(env, sizes)?;
    let shape_numel = crate::shape::numel(env, shape)?;
    crate::shape::check_eq(env, numel, shape_numel, op, &|| {
        "the number of elements of the requested shape".to_string()
    })?;
    if sizes.len() == shape.len() {
        let mut same = SymBool::Bool(true);
        for (&a, &b) in sizes.iter().zip(shape) {
            let e = env.eq(a, b)?;
            same = env.and(same, e)?;
        }
        if env.guard_or_false(same, op)? {
            return Ok(Some((
                sizes.iter().copied().collect(),
                strides.iter().copied().collect(),
            )));
        }
    }
    if crate::strides::is_contiguous(env, sizes, strides, op, Decide::OrFalse)? {
        let st = crate::strides::contiguous(env, shape)?;
        return Ok(Some((requested, st)));
    }
    if let Some(st) = crate::strides::view_strides(env, sizes, strides, shape, op, Decide::OrFalse)?
    {
        return Ok(Some((requested, st)));
    }
    if contiguous_with_hinted_checks(env, sizes, strides, op)? {
        let st = crate::strides::contiguous(env, shape)?;
        return Ok(Some((requested, st)));
    }
    // `_view_unbacked_meta(size_oblivious_enabled=False)`: guarded.
    Ok(
        crate::strides::view_strides(env, sizes, strides, shape, op, Decide::Guard)?
            .map(|st| (requested, st)),
    )
}

/// `fake_impls._is_contiguous_with_hinted_checks`: the contiguity test
/// an unbacked view tries before its guarded attempt. Where a size or
/// stride cannot be decided, the optimisation hints
/// ([`ShapeEnv::optimization_hint`]) choose, and the choice is asserted
/// (`torch._check`): a guard on backed symbols, a runtime assert on
/// unbacked ones.
fn contiguous_with_hinted_checks(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    op: &str,
) -> Result<bool> {
    let one = SymInt::Int(1);
    let numel = crate::shape::numel(env, sizes)?;
    let small = env.lt(numel, SymInt::Int(2))?;
    if env.guard_or_false(small, op)? {
        return Ok(true);
    }
    match env.optimization_hint(numel)? {
        None => return Ok(false),
        Some(n) if n < 2 => {
            env.expect_true(small, op)?;
            return Ok(true);
        }
        Some(_) => {}
    }
    // `_hinted_eq`: decided, else equal hints asserted equal.
    let hinted_eq = |env: &mut ShapeEnv, a: SymInt, b: SymInt| -> Result<bool> {
        let eq = env.eq(a, b)?;
        if env.guard_or_false(eq, op)? {
            return Ok(true);
        }
        match (env.optimization_hint(a)?, env.optimization_hint(b)?) {
            (Some(x), Some(y)) if x == y => {
                env.expect_true(eq, op)?;
                Ok(true)
            }
            _ => Ok(false),
        }
    };
    let (mut expected, mut expected_max) = (one, one);
    for (&size, &stride) in sizes.iter().zip(strides).rev() {
        let is_one = env.eq(size, one)?;
        if env.guard_or_false(is_one, op)? {
            continue;
        }
        if env.optimization_hint(size)? == Some(1) {
            env.expect_true(is_one, op)?;
            continue;
        }
        if !hinted_eq(env, stride, expected)?
            && (expected_max == expected || !hinted_eq(env, stride, expected_max)?)
        {
            return Ok(false);
        }
        (expected, expected_max) =
            crate::strides::next_expected(env, expected, expected_max, size)?;
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shape of up to three dims over a few sizes (empty ones too).
    fn shapes() -> Vec<Vec<i64>> {
        crate::shape::shape_grid(&[0, 1, 2, 3, 4, 6], 0..=3)
    }

    fn ints(v: &[i64]) -> Vec<SymInt> {
        v.iter().map(|&x| SymInt::Int(x)).collect()
    }

    /// The shortcut gives what the steps give, for every view between
    /// shapes of the same number of elements of a contiguous tensor.
    #[test]
    fn dense_static_view_is_the_steps_answer() {
        let all = shapes();
        let mut env = ShapeEnv::new();
        let mut checked = 0;
        for from in &all {
            let sizes = ints(from);
            let strides = crate::strides::contiguous(&mut env, &sizes).unwrap();
            for to in &all {
                if from.iter().product::<i64>() != to.iter().product::<i64>() {
                    continue;
                }
                let shape = ints(to);
                let fast = dense_static_view(&sizes, &strides, &shape);
                let steps =
                    reshape_view_steps(&mut env, &sizes, &strides, &shape, PyMin::Guarded, "view")
                        .unwrap();
                assert!(fast.is_some(), "view {from:?} as {to:?}: no shortcut");
                assert_eq!(fast, steps, "view {from:?} as {to:?}");
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked} views compared");
    }

    /// A size-1 dim with a stride of its own, or a symbolic size, takes
    /// the steps (which keep that stride).
    #[test]
    fn dense_static_view_declines_other_strides() {
        let sizes = ints(&[2, 1, 3]);
        assert!(dense_static_view(&sizes, &ints(&[3, 7, 1]), &ints(&[2, 1, 3])).is_none());
        assert!(dense_static_view(&sizes, &ints(&[3, 3, 1]), &ints(&[5])).is_none());
        assert!(dense_static_view(&sizes, &ints(&[3, 3, 1]), &ints(&[-2, -3])).is_none());
    }
}
