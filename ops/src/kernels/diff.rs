//! `aten::diff`: the `n`-th forward difference along a dim, as ATen's
//! composite `diff` computes it (`ReduceOps.cpp`): the optional `prepend`
//! and `append` concatenated on, then `n` rounds of `narrow(1) -
//! narrow(0)`. No rule can say it: the order is clamped to the size by a
//! guard, each round's output strides follow TensorIterator over the
//! previous round's, `n == 0` ignores `prepend`/`append`, and a zero-length
//! dim returns `self` itself.

use super::invalid;
use crate::intrinsics::{
    cat, cat_strides, empty_like_strides, preserve_strides, result_type_list, wrap_dim,
};
use fake_runtime::shape::check_printing;
use fake_runtime::support::{args, pointwise_output};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt, TensorMeta};

/// Rounds simulated one by one at each end of a long run; the rounds in
/// between see the same stride order and a size above one along `dim`, so
/// they change nothing but that size.
const EDGE_ROUNDS: i64 = 32;

/// ATen's `diff_check_compatible_shape`: `other` has `self`'s rank and
/// sizes except along `dim`.
fn check_compatible(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    other: Option<&TensorMeta>,
    dim: i64,
) -> Result<()> {
    let Some(other) = other else { return Ok(()) };
    let d = wrap_dim(cx, dim, t.dim() as i64)? as usize;
    if other.dim() != t.dim() {
        return Err(invalid(
            cx,
            "diff expects prepend or append to be the same dimension as input",
        ));
    }
    for (i, (&want, &got)) in t.sizes.iter().zip(&other.sizes).enumerate() {
        if i == d {
            continue;
        }
        let same = cx.env.eq(want, got)?;
        check_printing(cx.env, same, cx.op, &|env| {
            format!(
                "diff expects the shape of tensor to prepend or append to match that of \
                 input except along the differencing dimension; input.size({i}) = {}, but \
                 got tensor.size({i}) = {}",
                env.display(want),
                env.display(got)
            )
        })?;
    }
    Ok(())
}

/// One round: `narrow(t, d, 1, len) - narrow(t, d, 0, len)` (or
/// `logical_xor` for bool), both narrowed views having `t`'s strides.
fn round(cx: &mut Cx<'_>, t: &TensorMeta, d: usize, len: SymInt) -> Result<TensorMeta> {
    let mut narrowed = t.clone();
    narrowed.sizes[d] = len;
    pointwise_output(cx, &[&narrowed, &narrowed], t.dtype)
}

/// `diff(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor?
/// append=None) -> Tensor`.
pub(crate) fn diff(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let n = args::int(cx, a, 1, "n", Some(1))?;
    let dim = args::int(cx, a, 2, "dim", Some(-1))?;
    let prepend = args::opt_tensor(cx, a, 3, "prepend")?;
    let append = args::opt_tensor(cx, a, 4, "append")?;

    if t.dim() == 0 {
        return Err(invalid(
            cx,
            "diff expects input to be at least one-dimensional",
        ));
    }
    if n < 0 {
        return Err(invalid(
            cx,
            format!("order must be non-negative but got {n}"),
        ));
    }
    check_compatible(cx, t, prepend, dim)?;
    check_compatible(cx, t, append, dim)?;

    let mut outs = Outs::new();
    if n == 0 {
        // `zeros_like(self)` (the fake mode's, laid out as the references'
        // `empty_like`) then a copy: `prepend` and `append` ignored.
        let strides = empty_like_strides(cx, t, None)?;
        outs.push(Out::Tensor(
            super::fresh(cx, t, t.sizes.clone(), strides),
            Alias::Fresh,
        ));
        return Ok(outs);
    }

    let d = wrap_dim(cx, dim, t.dim() as i64)? as usize;
    let joined;
    let base = if prepend.is_some() || append.is_some() {
        let parts: Vec<&TensorMeta> = prepend.into_iter().chain([t]).chain(append).collect();
        let sizes = cat(cx, &parts, d as i64)?;
        let dtype = result_type_list(cx, &parts)?;
        let strides = cat_strides(cx, &parts, sizes.clone())?;
        joined = TensorMeta {
            dtype,
            ..super::fresh(cx, t, sizes, strides)
        };
        Some(&joined)
    } else {
        None
    };
    let input = base.unwrap_or(t);

    // `n > size ? size.guard_int() : n`
    let size = input.sizes[d];
    let beyond = cx.env.gt(SymInt::Int(n), size)?;
    let rounds = if cx.env.guard_bool(beyond, cx.op)? {
        cx.env.guard_int(size, cx.op)?
    } else {
        n
    };
    if rounds == 0 {
        // No round ran: the input itself is the result.
        let out = input.clone();
        let alias = if base.is_some() {
            Alias::Fresh
        } else {
            Alias::Same(0)
        };
        outs.push(Out::Tensor(out, alias));
        return Ok(outs);
    }

    let mut result = input.clone();
    let mut len = cx.env.sub(size, SymInt::Int(1))?;
    let mut i = 0;
    while i < rounds {
        if i == EDGE_ROUNDS && rounds - i > EDGE_ROUNDS {
            // Skip to the last rounds: only the length changes meanwhile.
            let skipped = rounds - 2 * EDGE_ROUNDS;
            let mut at = result.clone();
            at.sizes[d] = cx.env.sub(at.sizes[d], SymInt::Int(skipped))?;
            at.strides = preserve_strides(cx, &at, None)?;
            result = at;
            len = cx.env.sub(len, SymInt::Int(skipped))?;
            i += skipped;
            continue;
        }
        result = round(cx, &result, d, len)?;
        len = cx.env.sub(len, SymInt::Int(1))?;
        i += 1;
    }
    result.requires_grad = false;
    outs.push(Out::Tensor(result, Alias::Fresh));
    Ok(outs)
}

/// `diff.out(Tensor self, int n=1, int dim=-1, Tensor? prepend=None,
/// Tensor? append=None, *, Tensor(a!) out)`: ATen's `diff_out`, the
/// functional's result written into `out` (any dtype it casts to)
/// ([`diff_written`]).
pub(crate) fn diff_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    fake_runtime::support::out_variant(
        cx,
        a,
        5,
        1,
        fake_runtime::support::OutForm::CASTABLE,
        diff_written,
    )
}

/// `diff`'s checks and result as `diff_out` computes them, but where the
/// input joined with `prepend` and `append` is empty along `dim` its
/// round narrows it from 1, which is refused (the functional returns that
/// input instead).
fn diff_written(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let outs = diff(cx, a)?;
    let t = args::tensor(cx, a, 0, "self")?;
    let n = args::int(cx, a, 1, "n", Some(1))?;
    if n > 0 {
        let dim = args::int(cx, a, 2, "dim", Some(-1))?;
        let d = wrap_dim(cx, dim, t.dim() as i64)? as usize;
        let mut size = t.sizes[d];
        for joined in [3, 4] {
            if let Some(p) = args::opt_tensor(cx, a, joined, "prepend or append")? {
                size = cx.env.add(size, p.sizes[d])?;
            }
        }
        let empty = cx.env.eq(size, SymInt::Int(0))?;
        if cx.env.guard_bool(empty, cx.op)? {
            return Err(invalid(
                cx,
                "start out of range (expected to be in range of [0, 0], but got 1)",
            ));
        }
    }
    Ok(outs)
}
