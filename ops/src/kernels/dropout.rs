//! The dropout family of ATen's composite `_dropout_impl` (`dropout`,
//! `dropout_`, `feature_dropout(_)`, `alpha_dropout(_)`,
//! `feature_alpha_dropout(_)`), which FakeTensorMode runs as written, and
//! `native_dropout`, as its Python decomposition: what comes out depends
//! on the values of `p` and `train`, which rules do not compare.
//!
//! - `p` outside `[0, 1]` is refused;
//! - `p == 0`, `!train` or an empty input: `self` itself, untouched (also
//!   for the out-of-place forms);
//! - `p == 1`: `self * zeros([])` (in place: `self.mul_(..)`);
//! - else a noise tensor (`empty_like(self)`, or `[n, c, 1, ...]` for the
//!   feature forms, which need two dims) is divided by `1 - p` in place,
//!   so an integral or bool `self` is refused, then `self * noise` (in
//!   place: `self.mul_(noise)`).

use super::invalid;
use crate::intrinsics::empty_like_strides;
use fake_runtime::promotion::{PromotionKind, elementwise_dtypes};
use fake_runtime::shape::numel;
use fake_runtime::support::{args, pointwise_output, tensor_operand};
use fake_runtime::{Alias, Arg, Cx, DType, Out, Outs, Result, SymInt, TensorMeta};

/// Which member of the family.
#[derive(Clone, Copy)]
struct Variant {
    /// The noise is per feature map (`[n, c, 1, ...]`).
    feature: bool,
    /// `self` is written in place.
    inplace: bool,
}

/// `_dropout_impl<feature, alpha, inplace>(self, p, train)`; the alpha
/// forms add a tensor of the noise's shape in place afterwards, which
/// changes no metadata.
fn dropout_impl(cx: &mut Cx<'_>, a: &[Arg<'_>], v: Variant) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    let p = args::float(cx, a, 1, "p", None)?;
    let train = args::bool(cx, a, 2, "train", None)?;
    if !(0.0..=1.0).contains(&p) {
        return Err(invalid(
            cx,
            format!("dropout probability has to be between 0 and 1, but got {p}"),
        ));
    }
    let mut outs = Outs::new();
    if p == 0.0 || !train || {
        let n = numel(cx.env, &t.sizes)?;
        let empty = cx.env.eq(n, SymInt::Int(0))?;
        cx.env.guard_bool(empty, cx.op)?
    } {
        outs.push(Out::Tensor(t.clone(), Alias::Same(0)));
        return Ok(outs);
    }
    let other = if p == 1.0 {
        // `at::zeros({}, input.options())`.
        TensorMeta {
            sizes: Default::default(),
            strides: Default::default(),
            ..t.clone()
        }
    } else {
        let noise = if v.feature {
            if t.dim() < 2 {
                return Err(invalid(
                    cx,
                    "Feature dropout requires at least 2 dimensions in the input",
                ));
            }
            let mut sizes = t.sizes.clone();
            for s in sizes.iter_mut().skip(2) {
                *s = SymInt::Int(1);
            }
            TensorMeta::contiguous(cx.env, &sizes, t.dtype, t.device)?
        } else {
            TensorMeta {
                strides: empty_like_strides(cx, t, None)?,
                storage_offset: SymInt::Int(0),
                ..t.clone()
            }
        };
        // `noise.div_(1 - p)`: a floating result into the noise's dtype
        // (refused in the words of the fake `div_`, `torch._refs`).
        if t.dtype.is_integral(true) {
            return Err(invalid(
                cx,
                format!(
                    "result type torch.float32 can't be cast to the desired output type torch.{}",
                    t.dtype
                ),
            ));
        }
        noise
    };
    if v.inplace {
        outs.push(Out::Tensor(t.clone(), Alias::InPlace(0)));
    } else {
        let mut out = pointwise_output(cx, &[t, &other], t.dtype)?;
        out.requires_grad = false;
        outs.push(Out::Tensor(out, Alias::Fresh));
    }
    Ok(outs)
}

/// `dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)`.
pub(crate) fn dropout_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    dropout_impl(
        cx,
        a,
        Variant {
            feature: false,
            inplace: true,
        },
    )
}

/// `feature_dropout(Tensor input, float p, bool train) -> Tensor` and
/// `feature_alpha_dropout` (same metadata).
pub(crate) fn feature_dropout(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    dropout_impl(
        cx,
        a,
        Variant {
            feature: true,
            inplace: false,
        },
    )
}

/// `feature_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)`
/// and `feature_alpha_dropout_`.
pub(crate) fn feature_dropout_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    dropout_impl(
        cx,
        a,
        Variant {
            feature: true,
            inplace: true,
        },
    )
}

/// `dropout(Tensor input, float p, bool train) -> Tensor`. On devices
/// where ATen takes the fused `native_dropout` instead (`0 < p < 1`, a
/// non-empty input), that answers the same: a product with a tensor laid
/// out like `input`, an integral `input` refused. Under the Python
/// dispatcher its decomposition runs: when training with `p != 0`,
/// `native_dropout(input, p, train)[0]` (`p` not checked, an empty input
/// not set aside) or for a complex input `zeros_like(input)` (`p == 1`)
/// or a real mask times `input`; else `input` itself.
pub(crate) fn dropout(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let p = args::float(cx, a, 1, "p", None)?;
    if !cx.defaults.python_dispatcher {
        return alpha_dropout(cx, a);
    }
    let t = args::tensor(cx, a, 0, "input")?;
    let train = args::bool(cx, a, 2, "train", None)?;
    let mut outs = Outs::new();
    if !train || p == 0.0 {
        outs.push(Out::Tensor(t.clone(), Alias::Same(0)));
        return Ok(outs);
    }
    if !t.dtype.is_complex() {
        let mut outs = native_dropout(cx, a)?;
        outs.truncate(1);
        return Ok(outs);
    }
    let strides = empty_like_strides(cx, t, None)?;
    let zeros = super::fresh(cx, t, t.sizes.clone(), strides);
    let out = if p == 1.0 {
        zeros
    } else {
        // `(rand_like(input.real) > p) * input * scale`.
        let mask = TensorMeta {
            dtype: DType::Bool,
            ..zeros
        };
        let out = pointwise_output(cx, &[&mask, t], t.dtype)?;
        super::fresh(cx, t, out.sizes, out.strides)
    };
    outs.push(Out::Tensor(out, Alias::Fresh));
    Ok(outs)
}

/// `alpha_dropout(Tensor input, float p, bool train) -> Tensor`: as
/// `dropout` in a plain fake mode.
pub(crate) fn alpha_dropout(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    dropout_impl(
        cx,
        a,
        Variant {
            feature: false,
            inplace: false,
        },
    )
}

/// `native_dropout(Tensor input, float p, bool? train) -> (Tensor,
/// Tensor)`, as `torch._decomp`'s `native_dropout` (its meta kernel): `p`
/// is not checked.
///
/// - not training (`train` false or None) or `p == 0`: `input` itself and
///   `ones_like(input, dtype=bool)`;
/// - `p == 1`: `zeros_like(input)` and a bool `zeros_like`;
/// - else a non-floating `input` is refused, and the mask
///   (`rand_like(input) > p`) and `mask * input * scale` come out.
///
/// Every `*_like` is laid out as the references' `empty_like` lays `input`
/// out.
pub(crate) fn native_dropout(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "input")?;
    let p = args::float(cx, a, 1, "p", None)?;
    let train = args::opt_bool(cx, a, 2, "train", None)?;
    let like = |cx: &mut Cx<'_>, dtype| -> Result<TensorMeta> {
        let strides = empty_like_strides(cx, t, None)?;
        Ok(TensorMeta {
            dtype,
            ..super::fresh(cx, t, t.sizes.clone(), strides)
        })
    };
    let mut mask = like(cx, DType::Bool)?;
    let mut outs = Outs::new();
    if train != Some(true) || p == 0.0 {
        outs.push(Out::Tensor(t.clone(), Alias::Same(0)));
    } else if p == 1.0 {
        outs.push(Out::Tensor(like(cx, t.dtype)?, Alias::Fresh));
    } else {
        if !t.dtype.is_floating_point() {
            return Err(invalid(
                cx,
                "result type Float can't be cast to the desired output type Long",
            ));
        }
        // `rand_like(input) > p`: the comparison lays the noise out afresh.
        mask = fake_runtime::pointwise::laid_out(cx, &mask)?;
        let out = pointwise_output(cx, &[&mask, t], t.dtype)?;
        outs.push(Out::Tensor(
            super::fresh(cx, t, out.sizes, out.strides),
            Alias::Fresh,
        ));
    }
    outs.push(Out::Tensor(mask, Alias::Fresh));
    Ok(outs)
}

/// `_fused_dropout(Tensor self, float p, Generator? generator=None) ->
/// (Tensor, Tensor)`, as `torch._decomp`'s decomposition, which
/// FakeTensorMode runs (CUDA's fused kernel has no meta): nothing checked,
/// `p` included; in the computation dtype of `self`, a uint8 mask
/// `(rand_like(x) < p)` and `mask * x * scale` (a zero-dim `scale`), the
/// result cast back to the result dtype. Both laid out as their
/// elementwise steps lay them out.
pub(crate) fn fused_dropout(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    let t = args::tensor(cx, a, 0, "self")?;
    args::float(cx, a, 1, "p", None)?;
    let (computation, result) = elementwise_dtypes(
        &[tensor_operand(t)],
        PromotionKind::Default,
        cx.defaults.dtype,
    )?;
    let x = super::cast(cx, t, computation)?;
    let noise = TensorMeta {
        strides: empty_like_strides(cx, &x, None)?,
        ..x.clone()
    };
    let below = pointwise_output(cx, &[&noise], DType::Bool)?;
    let mask = super::cast(cx, &below, DType::UInt8)?;
    let scale = TensorMeta::contiguous(cx.env, &[], computation, t.device)?;
    let widened = super::cast(cx, &mask, computation)?;
    let product = pointwise_output(cx, &[&widened, &x], computation)?;
    let scaled = pointwise_output(cx, &[&product, &scale], computation)?;
    let out = super::cast(cx, &scaled, result)?;
    let mut outs = Outs::with_capacity(2);
    for m in [out, mask] {
        let dtype = m.dtype;
        let fresh = super::fresh(cx, t, m.sizes, m.strides);
        outs.push(Out::Tensor(TensorMeta { dtype, ..fresh }, Alias::Fresh));
    }
    Ok(outs)
}

/// `alpha_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)`:
/// as `dropout_`.
pub(crate) fn alpha_dropout_(cx: &mut Cx<'_>, a: &[Arg<'_>]) -> Result<Outs> {
    dropout_(cx, a)
}
