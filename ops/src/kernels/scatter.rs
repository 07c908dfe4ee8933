//! `scatter.src`, `scatter.value`, `scatter_add` and `scatter_reduce.two`:
//! a fresh contiguous tensor of `self`'s sizes and dtype (`new_empty`),
//! after the checks of `scatter_meta_impl` (`_meta_registrations`, from
//! ATen's `ScatterGatherChecks.h`): per-dim comparisons of `index` with
//! `self` and `src` skipping `dim`, and a reduction name, which no rule can
//! say.

use super::invalid;
use fake_runtime::shape::wrap_dim;
use fake_runtime::support::{args, contiguous};
use fake_runtime::{Arg, Cx, DType, Outs, Result, SymInt, TensorMeta};

/// `ensure_nonempty_size`: the size at `d`, 1 for a zero-dim tensor.
fn nonempty_size(t: &TensorMeta, d: usize) -> SymInt {
    if t.sizes.is_empty() {
        SymInt::Int(1)
    } else {
        t.sizes[d]
    }
}

/// `torch._check(a <= b)`: a guard (or runtime assert) on symbolic sizes,
/// a refusal with `message` on static ones.
fn check_le(cx: &mut Cx<'_>, a: SymInt, b: SymInt, message: &str) -> Result<()> {
    let c = cx.env.le(a, b)?;
    fake_runtime::support::require(cx, c, message)
}

/// `scatter_meta_impl(self, dim, index, src)`: `dim` wrapped, the index's
/// dtype (when it may have elements) and `src`'s dtype, then, unless the
/// index is known to be empty, ranks and sizes: `index` no larger than
/// `self` apart from `dim`, and no larger than `src` anywhere.
pub(crate) fn check(
    cx: &mut Cx<'_>,
    this: &TensorMeta,
    dim: i64,
    index: &TensorMeta,
    src: Option<&TensorMeta>,
) -> Result<()> {
    let rank = this.sizes.len();
    let dim = wrap_dim(cx.op, dim, rank)?;
    let numel = index.numel(cx.env)?;
    let nonempty = cx.env.ne(numel, SymInt::Int(0))?;
    if cx.env.guard_or_true(nonempty, cx.op)? && !matches!(index.dtype, DType::Int64 | DType::Int32)
    {
        return Err(invalid(
            cx,
            "scatter(): Expected dtype int32/int64 for index",
        ));
    }
    if let Some(src) = src
        && src.dtype != this.dtype
    {
        return Err(invalid(
            cx,
            "scatter(): Expected self.dtype to be equal to src.dtype",
        ));
    }
    let empty = cx.env.eq(numel, SymInt::Int(0))?;
    if cx.env.guard_or_false(empty, cx.op)? {
        return Ok(());
    }
    let dims = rank.max(1);
    if index.sizes.len().max(1) != dims {
        return Err(invalid(
            cx,
            "Index tensor must have the same number of dimensions as self tensor",
        ));
    }
    for d in (0..dims).filter(|&d| d != dim) {
        let (i, s) = (nonempty_size(index, d), nonempty_size(this, d));
        check_le(
            cx,
            i,
            s,
            "Expected index to be no larger than self apart from dimension dim",
        )?;
    }
    if let Some(src) = src {
        if src.sizes.len().max(1) != dims {
            return Err(invalid(
                cx,
                "Index tensor must have the same number of dimensions as src tensor",
            ));
        }
        for d in 0..dims {
            let (i, s) = (nonempty_size(index, d), nonempty_size(src, d));
            check_le(cx, i, s, "Expected index to be no larger than src")?;
        }
    }
    Ok(())
}

/// `self.new_empty(self.shape)`: contiguous, `self`'s dtype.
fn output(cx: &mut Cx<'_>, this: &TensorMeta) -> Result<Outs> {
    let strides = contiguous(cx, this.sizes.clone())?;
    Ok(super::fresh_out(cx, this, this.sizes.clone(), strides))
}

/// The arguments every overload shares: `self`, `dim`, `index`.
fn common<'a>(cx: &mut Cx<'_>, a: &[Arg<'a>]) -> Result<(&'a TensorMeta, i64, &'a TensorMeta)> {
    let this = args::tensor(cx, a, 0, "self")?;
    let dim = args::int(cx, a, 1, "dim", None)?;
    let index = args::tensor(cx, a, 2, "index")?;
    Ok((this, dim, index))
}

/// `scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor`.
pub(crate) fn scatter_src(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (this, dim, index) = common(cx, a)?;
    let src = args::tensor(cx, a, 3, "src")?;
    check(cx, this, dim, index, Some(src))?;
    output(cx, this)
}

/// `scatter.value(Tensor self, int dim, Tensor index, Scalar value) ->
/// Tensor`: the value is not checked.
pub(crate) fn scatter_value(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (this, dim, index) = common(cx, a)?;
    args::scalar(cx, a, 3, "value", None)?;
    check(cx, this, dim, index, None)?;
    output(cx, this)
}

/// `scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor`.
pub(crate) fn scatter_add(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    scatter_src(cx, a)
}

/// `scatter_reduce.two(Tensor self, int dim, Tensor index, Tensor src, str
/// reduce, *, bool include_self=True) -> Tensor`: `reduce` must name one of
/// the new reductions (`get_operator_enum(use_new_options=True)`).
pub(crate) fn scatter_reduce_two(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let (this, dim, index) = common(cx, a)?;
    let src = args::tensor(cx, a, 3, "src")?;
    let reduce = args::opt_str(cx, a, 4, "reduce", None)?;
    check(cx, this, dim, index, Some(src))?;
    if !matches!(reduce, Some("sum" | "prod" | "mean" | "amax" | "amin")) {
        return Err(invalid(
            cx,
            "reduce argument must be either sum, prod, mean, amax or amin.",
        ));
    }
    output(cx, this)
}

/// `scatter.reduce(Tensor self, int dim, Tensor index, Tensor src, *, str
/// reduce) -> Tensor`: `scatter.src` with one of the old reductions
/// (`get_operator_enum(use_new_options=False)`).
pub(crate) fn scatter_reduce(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let outs = scatter_src(cx, a)?;
    old_reduction(cx, a)?;
    Ok(outs)
}

/// `scatter.value_reduce(Tensor self, int dim, Tensor index, Scalar value,
/// *, str reduce) -> Tensor`.
pub(crate) fn scatter_value_reduce(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let outs = scatter_value(cx, a)?;
    old_reduction(cx, a)?;
    Ok(outs)
}

/// `reduce` (argument 4) names `add` or `multiply`.
fn old_reduction(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<()> {
    let reduce = args::opt_str(cx, a, 4, "reduce", None)?;
    if !matches!(reduce, Some("add" | "multiply")) {
        return Err(invalid(
            cx,
            "reduce argument must be either add or multiply.",
        ));
    }
    Ok(())
}
