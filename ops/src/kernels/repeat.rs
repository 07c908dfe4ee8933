//! `repeat.out`: `torch._refs.repeat` under `out_wrapper`, whose checks
//! are not the functional meta's (`meta_repeat` refuses any negative
//! repeat). The reference multiplies each padded size by its repeat, so a
//! negative repeat of an empty dim makes a size of 0 and passes; a
//! negative size fails `make_contiguous_strides_for`'s (or, beside a
//! repeat of 0, `empty`'s) check. Its result is contiguous.

use super::invalid;
use crate::intrinsics::checks::CHECK_FAILED;
use fake_runtime::shape::{self, Dims};
use fake_runtime::support::{OutForm, args, out_variant};
use fake_runtime::{Alias, Arg, Cx, Out, Outs, Result, SymInt};

/// `repeat.out(Tensor self, SymInt[] repeats, *, Tensor(a!) out) ->
/// Tensor(a!)`.
pub(crate) fn repeat_out(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    out_variant(cx, a, 2, 1, OutForm::CASTABLE, repeat_reference)
}

/// `torch._refs.repeat(self, *repeats)`'s sizes and checks.
fn repeat_reference(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let repeats = args::sizes(cx, a, 1, "repeats", None)?;
    if repeats.len() < t.dim() {
        return Err(invalid(
            cx,
            "repeat: Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor",
        ));
    }
    let lead = repeats.len() - t.dim();
    let padded: Dims = std::iter::repeat_n(SymInt::Int(1), lead)
        .chain(t.sizes.iter().copied())
        .collect();
    let mut target = Dims::new();
    for (&p, &r) in padded.iter().zip(repeats.iter()) {
        target.push(cx.env.mul(p, r)?);
    }
    // `0 in repeat_shape`: an empty result of the target sizes.
    let mut any_zero = false;
    for &r in repeats.iter() {
        let zero = cx.env.eq(r, SymInt::Int(0))?;
        if cx.env.guard_bool(zero, cx.op)? {
            any_zero = true;
            break;
        }
    }
    if any_zero {
        shape::refuse_negative_sizes(cx.env, cx.op, &target)?;
    } else {
        // `make_contiguous_strides_for(target_shape)`: `validate_shape`.
        for &s in target.iter() {
            let nonneg = cx.env.ge(s, SymInt::Int(0))?;
            shape::check(cx.env, nonneg, cx.op, &|| CHECK_FAILED.to_string())?;
        }
        // Each dim unfolded by its padded size: no more than the target's.
        for (dim, (&p, &s)) in padded.iter().zip(target.iter()).enumerate() {
            let fits = cx.env.le(p, s)?;
            shape::check_printing(cx.env, fits, cx.op, &|env| {
                format!(
                    "Maximum size for tensor at dimension {dim} is {} but size is {}",
                    env.display(s),
                    env.display(p)
                )
            })?;
        }
    }
    let strides = fake_runtime::strides::contiguous(cx.env, &target)?;
    let mut outs = Outs::new();
    outs.push(Out::Tensor(
        super::fresh(cx, t, target, strides),
        Alias::Fresh,
    ));
    Ok(outs)
}
