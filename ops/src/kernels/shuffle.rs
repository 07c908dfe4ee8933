//! `channel_shuffle` and `pixel_unshuffle`, as their references
//! (`torch._refs.nn.functional`), which FakeTensorMode runs as their meta
//! kernels with symbolic sizes: a view or reshape splitting dims, a
//! permutation, a reshape merging them, then a copy in a memory format.
//! The merged sizes are the view geometry's products (`2*(c//2)`, not
//! `c`), and an empty `channel_shuffle` input gives a view of itself:
//! steps no rule can say.

use super::einsum::{permute, reshape};
use super::invalid;
use super::loss_steps::view;
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::{args, format_strides};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt, TensorMeta};

/// `t` copied into `self`'s suggested memory format
/// (`clone(memory_format=suggest_memory_format(self))`, `contiguous()`).
fn copy_in_format(cx: &mut Cx<'_>, t: TensorMeta, like: &TensorMeta) -> Result<Outs> {
    let format = crate::intrinsics::suggest_format(cx, like, None)?;
    let strides = format_strides(cx, &t.sizes, Some(format))?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(
        super::fresh(cx, &t, t.sizes.clone(), strides),
        Alias::Fresh,
    ));
    Ok(outs)
}

/// `torch._check(c)` on sizes: static, or a guard.
fn check(
    cx: &mut Cx<'_>,
    c: fake_runtime::SymBool,
    message: impl FnOnce() -> String,
) -> Result<()> {
    if cx.env.guard_bool(c, cx.op)? {
        Ok(())
    } else {
        Err(invalid(cx, message()))
    }
}

/// `channel_shuffle`'s and `native_channel_shuffle`'s first check: at
/// least three dims.
pub(super) fn check_rank(cx: &Cx<'_>, input: &TensorMeta) -> Result<()> {
    if input.dim() <= 2 {
        return Err(invalid(
            cx,
            format!(
                "channel_shuffle expects input with > 2 dims, but got input with sizes {}",
                shape::display_dims(cx.env, &input.sizes)
            ),
        ));
    }
    Ok(())
}

/// `channel_shuffle(Tensor self, SymInt groups) -> Tensor`: at least three
/// dims, `groups` positive and dividing the channels; `self.reshape(n,
/// groups, c // groups, *dhw).transpose(1, 2).reshape(self.shape)`, made
/// contiguous (a view of `self` when it is empty, or on CUDA for one
/// group or a group per channel).
pub(crate) fn channel_shuffle(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let groups = args::size(cx, a, 1, "groups", None)?;
    check_rank(cx, input)?;
    let c = input.sizes[1];
    let (ct, gt) = (cx.env.display(c), cx.env.display(groups));
    let positive = cx.env.gt(groups, SymInt::Int(0))?;
    check(cx, positive, || {
        format!("Number of groups to divide channels in must be positive. Value of groups:{gt}")
    })?;
    let rem = cx.env.modulo(c, groups)?;
    let divides = cx.env.eq(rem, SymInt::Int(0))?;
    check(cx, divides, || {
        format!(
            "Number of channels must be divisible by groups. Got {ct} channels and {gt} groups."
        )
    })?;
    let n = input.sizes[0];
    let cg = cx.env.floordiv(c, groups)?;
    let numel = input.numel(cx.env)?;
    let empty = cx.env.eq(numel, SymInt::Int(0))?;
    let trivial = cx.env.eq(groups, SymInt::Int(1))?;
    let per_channel = cx.env.eq(groups, c)?;
    let cuda_trivial = input.device.ty == fake_runtime::DeviceType::Cuda && {
        let either = cx.env.or(trivial, per_channel)?;
        cx.env.guard_bool(either, cx.op)?
    };
    if cx.env.guard_bool(empty, cx.op)? || cuda_trivial {
        // ATen's composite returns `self.alias()`; the decomposition the
        // Python dispatcher runs, `input.view(input.shape)` (which lays an
        // empty tensor out contiguously).
        if cx.defaults.python_dispatcher {
            return super::view(cx, &[Arg::Tensor(input), Arg::Ints(input.sizes[..].into())]);
        }
        return Ok(super::view_out(
            input,
            input.sizes.clone(),
            input.strides.clone(),
        ));
    }
    let mut split: Dims = Dims::new();
    split.extend([n, groups, cg]);
    split.extend_from_slice(&input.sizes[2..]);
    let (t, view1) = reshape_tracked(cx, input, split)?;
    let mut perm: Vec<i64> = (0..t.dim() as i64).collect();
    perm.swap(1, 2);
    let t = permute(cx, &t, &perm)?;
    let (t, view2) = reshape_tracked(cx, &t, input.sizes.clone())?;
    // `.contiguous()`: the tensor itself when it already is.
    let outs = super::contiguous(cx, &[Arg::Tensor(&t)])?;
    let Some(Out::Tensor(out, alias)) = outs.into_iter().next() else {
        return Err(invalid(cx, "contiguous gave no tensor"));
    };
    let mut result = Outs::new();
    if view1 && view2 && matches!(alias, Alias::Same(_)) {
        result.push(Out::Tensor(out, Alias::ViewOf(0)));
    } else {
        let strides = fake_runtime::strides::contiguous(cx.env, &out.sizes)?;
        result.push(Out::Tensor(
            super::fresh(cx, &out, out.sizes.clone(), strides),
            Alias::Fresh,
        ));
    }
    Ok(result)
}

/// `t.reshape(sizes)` and whether it is a view of `t` (else a copy).
fn reshape_tracked(cx: &mut Cx<'_>, t: &TensorMeta, sizes: Dims) -> Result<(TensorMeta, bool)> {
    let outs = super::reshape(cx, &[Arg::Tensor(t), Arg::Ints(sizes[..].into())])?;
    match outs.into_iter().next() {
        Some(Out::Tensor(r, alias)) => Ok((r, alias != Alias::Fresh)),
        _ => Err(invalid(cx, "reshape gave no tensor")),
    }
}

/// `pixel_unshuffle(Tensor self, int downscale_factor) -> Tensor`: at
/// least three dims and a positive factor; `self.view(*batch, c, h // r,
/// r, w // r, r)`, the factors moved after the channels, reshaped to
/// `[*batch, c * r * r, h // r, w // r]`, copied in `self`'s suggested
/// memory format. The view refuses a height or width `r` does not divide.
pub(crate) fn pixel_unshuffle(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let input = args::tensor(cx, a, 0, "self")?;
    let r = args::int(cx, a, 1, "downscale_factor", None)?;
    let rank = input.dim();
    if rank < 3 {
        return Err(invalid(
            cx,
            format!(
                "pixel_unshuffle expects input to have at least 3 dimensions, but got input with {rank} dimension(s)"
            ),
        ));
    }
    if r <= 0 {
        return Err(invalid(
            cx,
            format!("pixel_unshuffle expects a positive downscale_factor, but got {r}"),
        ));
    }
    let rs = SymInt::Int(r);
    let batch = &input.sizes[..rank - 3];
    let (c, h, w) = (
        input.sizes[rank - 3],
        input.sizes[rank - 2],
        input.sizes[rank - 1],
    );
    let ho = cx.env.floordiv(h, rs)?;
    let wo = cx.env.floordiv(w, rs)?;
    let mut split: Dims = batch.iter().copied().collect();
    split.extend([c, ho, rs, wo, rs]);
    let t = view(cx, input, split)?;
    let n = batch.len() as i64;
    let mut perm: Vec<i64> = (0..n).collect();
    perm.extend([n, n + 2, n + 4, n + 1, n + 3]);
    let t = permute(cx, &t, &perm)?;
    let rr = cx.env.mul(rs, rs)?;
    let c_out = cx.env.mul(c, rr)?;
    let mut merged: Dims = batch.iter().copied().collect();
    merged.extend([c_out, ho, wo]);
    let t = reshape(cx, &t, merged)?;
    copy_in_format(cx, t, input)
}
