//! `resize_` and the `out=` variant `add.out`: both change a tensor
//! argument's sizes in place, and whether its strides survive depends on
//! whether the sizes changed, a comparison of values no rule can say.

use super::invalid;
use fake_runtime::intrinsics::{all_nonneg, args, can_cast, format_strides, require};
use fake_runtime::shape::guard_eq;
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
/// -> Tensor(a!)`: the result of `add.Tensor`, cast to `out`'s dtype (which
/// it must safely cast to), written into `out`, resized when its sizes
/// differ (as PyTorch's out wrapper: `resize_`, then a copy).
pub(crate) fn add_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let out = args::tensor(cx, a, 3, "out")?;
    let result = crate::erased::add_tensor(cx, &a[..a.len().min(3)])?;
    let Some(Out::Tensor(r, _)) = result.first() else {
        return Err(invalid(cx, "add.Tensor gave no tensor"));
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
    outs.push(Out::Tensor(written, Alias::InPlace(3)));
    Ok(outs)
}
