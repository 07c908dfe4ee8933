//! `resize_` and the `out=` variants `add.out` and `atan2.out`: both change
//! a tensor argument's sizes in place, and whether its strides survive depends on
//! whether the sizes changed, a comparison of values no rule can say.

use super::invalid;
use crate::intrinsics::{all_nonneg, format_strides};
use fake_runtime::shape::guard_eq;
use fake_runtime::support::{args, can_cast, require};
use fake_runtime::{Alias, Arg, Cx, MemoryFormat, Out, Outs, Result, SymInt, TensorMeta};

/// Whether `a` and `b` are the same sizes (guarding symbolic ones).
fn same_sizes(cx: &mut Cx<'_>, a: &[SymInt], b: &[SymInt]) -> Result<bool> {
    if a.len() != b.len() {
        return Ok(false);
    }
    for (&x, &y) in a.iter().zip(b) {
        if !guard_eq(cx.env, x, y, cx.op)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `t` resized to `sizes` as ATen's `resize_` does it: unchanged when the
/// sizes are the same and no format is asked for, else contiguous (or in
/// `memory_format`); the storage offset stays.
fn resized(
    cx: &mut Cx<'_>,
    t: &TensorMeta,
    sizes: &[SymInt],
    memory_format: Option<MemoryFormat>,
) -> Result<TensorMeta> {
    let nonneg = all_nonneg(cx, sizes.iter().copied().collect())?;
    require(
        cx,
        nonneg,
        "Trying to create tensor with negative dimension",
    )?;
    if memory_format == Some(MemoryFormat::Preserve) {
        return Err(invalid(cx, "Unsupported memory format Preserve"));
    }
    let mut out = t.clone();
    if memory_format.is_none() && same_sizes(cx, &t.sizes, sizes)? {
        return Ok(out);
    }
    out.sizes = sizes.iter().copied().collect();
    out.strides = format_strides(cx, out.sizes.clone(), memory_format)?;
    Ok(out)
}

/// `resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat?
/// memory_format=None) -> Tensor(a!)`.
pub(crate) fn resize_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let sizes = args::sizes(cx, a, 1, "size", None)?;
    let mf = args::opt_memory_format(cx, a, 2, "memory_format", None)?;
    let out = resized(cx, t, &sizes, mf)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(out, Alias::InPlace(0)));
    Ok(outs)
}

/// `add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out)
/// -> Tensor(a!)`: the result of `add.Tensor` written into `out`.
pub(crate) fn add_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    out_variant(cx, a, 3, crate::erased::add_tensor)
}

/// `atan2.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`:
/// the result of `atan2` written into `out`.
pub(crate) fn atan2_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    out_variant(cx, a, 2, crate::erased::atan2)
}

/// The erased entry of a functional operator.
type Functional = fn(&mut Cx<'_>, &[Arg<'_>]) -> Result<Outs>;

/// An `out=` variant whose `out` argument is at `out_index`, after the
/// functional operator's arguments: the functional result, cast to `out`'s
/// dtype (which it must safely cast to), written into `out`, resized when
/// its sizes differ (as PyTorch's out wrapper: `resize_`, then a copy).
fn out_variant(
    cx: &mut Cx<'_>,
    a: &[Arg<'_>],
    out_index: u8,
    functional: Functional,
) -> Result<Outs> {
    let i = usize::from(out_index);
    let out = args::tensor(cx, a, i, "out")?;
    let result = functional(cx, &a[..a.len().min(i)])?;
    let Some(Out::Tensor(r, _)) = result.first() else {
        return Err(invalid(cx, "the functional operator gave no tensor"));
    };
    if !can_cast(cx, r.dtype, out.dtype)? {
        return Err(invalid(
            cx,
            format!(
                "result type {} can't be cast to the desired output type {}",
                r.dtype, out.dtype
            ),
        ));
    }
    let written = resized(cx, out, &r.sizes, None)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(written, Alias::InPlace(out_index)));
    Ok(outs)
}
